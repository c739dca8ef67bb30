/* stats.h: the interval estimates every figure in rulefuzz's reports carries (stat_ prefix). */
#ifndef RULEFUZZ_STATS_H
#define RULEFUZZ_STATS_H

/* A mean with its 95% interval (normal approximation; n values). significant: the interval
 * excludes 0 (for paired differences: an effect). */
typedef struct stat_mean { long n; double mean, lo, hi; int significant; } stat_mean;
/* A share x/n with its 95% Wilson interval. */
typedef struct stat_rate { long x, n; double p, lo, hi; } stat_rate;

void stat_rate_of(long x, long n, stat_rate *r);
void stat_mean_of(const double *v, long n, stat_mean *m);

#endif
