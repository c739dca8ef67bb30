/* stats.h: the estimates, tests and corrections every figure in rulefuzz's reports rests on (stat_ prefix). */
#ifndef RULEFUZZ_STATS_H
#define RULEFUZZ_STATS_H

/* A mean of n values with its standard error and a 95% interval (Student's t with n-1 degrees of
 * freedom), and the two-sided p-value of "the mean is 0" (a paired difference: no effect). With no
 * spread (sd 0) the interval is the mean itself and p is 1 when the mean is 0, else 0.
 * significant: the 95% interval excludes 0 (uncorrected: a report marks by stat_bh instead). */
typedef struct stat_mean { long n; double mean, sd, se, lo, hi, p; int significant; } stat_mean;
/* A share x/n with its 95% Wilson interval. */
typedef struct stat_rate { long x, n; double p, lo, hi; } stat_rate;

void stat_rate_of(long x, long n, stat_rate *r);
/* The share x/n with a Wilson interval at `level` (0.95: 95%). */
void stat_rate_level(long x, long n, double level, stat_rate *r);
void stat_mean_of(const double *v, long n, stat_mean *m);
/* The interval of m at another level (a corrected one), Student's t. */
void stat_mean_ci(const stat_mean *m, double level, double *lo, double *hi);
/* One-sided p-value of "the mean is at most 0" against "it is larger" (a measure that cannot be
 * negative when nothing differs). */
double stat_mean_p_above(const stat_mean *m);
/* A share against a fixed value p0 (a fair share): the two-sided p-value of the normal test with the
 * variance under p0 (x of n). */
double stat_rate_p(long x, long n, double p0);

/* Student's t distribution: P(T <= t) with df degrees of freedom, and its quantile. */
double stat_t_cdf(double t, double df);
double stat_t_quantile(double p, double df);

/* Benjamini-Hochberg: the adjusted p-values (q-values) q[0..n) of p[0..n): a test is a discovery at
 * false discovery rate alpha exactly when q <= alpha. NaN entries (no test) stay NaN and do not count. */
void stat_bh(const double *p, long n, double *q);
/* Holm: the adjusted p-values (family-wise error rate) of p[0..n), NaN as in stat_bh. */
void stat_holm(const double *p, long n, double *adj);

#endif
