/* stats.c: intervals (Wilson, Student's t), p-values, and the Benjamini-Hochberg and Holm corrections. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"

static double normal_cdf(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

/* The z with normal_cdf(z) = p, by bisection (the reports ask for a handful). */
static double normal_quantile(double p)
{
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (normal_cdf(mid) < p) lo = mid; else hi = mid;
    }
    return 0.5 * (lo + hi);
}

void stat_rate_level(long x, long n, double level, stat_rate *r)
{
    r->x = x; r->n = n;
    if (n <= 0) { r->p = r->lo = r->hi = 0; return; }
    double z = normal_quantile(0.5 + level / 2);
    double p = (double)x / (double)n, nn = (double)n, d = 1 + z * z / nn;
    double c = (p + z * z / (2.0 * nn)) / d, h = z * sqrt(p * (1 - p) / nn + z * z / (4.0 * nn * nn)) / d;
    r->p = p;
    r->lo = c - h < 0 ? 0 : c - h;
    r->hi = c + h > 1 ? 1 : c + h;
}

void stat_rate_of(long x, long n, stat_rate *r) { stat_rate_level(x, n, 0.95, r); }

/* The continued fraction of the incomplete beta function (modified Lentz). */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-15;
    double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap;
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 500; m++) {
        double m2 = 2.0 * m, aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1 + aa * d; if (fabs(d) < tiny) d = tiny;
        c = 1 + aa / c; if (fabs(c) < tiny) c = tiny;
        d = 1 / d; h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1 + aa * d; if (fabs(d) < tiny) d = tiny;
        c = 1 + aa / c; if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        double step = d * c;
        h *= step;
        if (fabs(step - 1) < eps) break;
    }
    return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_regularized(double a, double b, double x)
{
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double stat_t_cdf(double t, double df)
{
    if (isnan(t)) return NAN;
    if (isinf(t)) return t > 0 ? 1 : 0;
    if (df > 1e7) return normal_cdf(t);
    double tail = 0.5 * beta_regularized(df / 2, 0.5, df / (df + t * t));
    return t > 0 ? 1 - tail : tail;
}

double stat_t_quantile(double p, double df)
{
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    double lo = -1e4, hi = 1e4;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (stat_t_cdf(mid, df) < p) lo = mid; else hi = mid;
    }
    return 0.5 * (lo + hi);
}

void stat_mean_ci(const stat_mean *m, double level, double *lo, double *hi)
{
    if (m->n <= 1 || m->se == 0) { *lo = *hi = m->mean; return; }
    double t = stat_t_quantile(0.5 + level / 2, (double)(m->n - 1));
    *lo = m->mean - t * m->se;
    *hi = m->mean + t * m->se;
}

void stat_mean_of(const double *v, long n, stat_mean *m)
{
    memset(m, 0, sizeof *m);
    m->n = n;
    m->p = 1;
    if (n <= 0) return;
    double sum = 0, sq = 0;
    for (long i = 0; i < n; i++) sum += v[i];
    m->mean = sum / (double)n;
    for (long i = 0; i < n; i++) sq += (v[i] - m->mean) * (v[i] - m->mean);
    m->sd = n > 1 ? sqrt(sq / (double)(n - 1)) : 0.0;
    m->se = m->sd / sqrt((double)n);
    /* values that agree to rounding have no spread: the mean is then exact */
    if (m->sd <= 1e-12 * (fabs(m->mean) + 1)) { m->sd = m->se = 0; }
    stat_mean_ci(m, 0.95, &m->lo, &m->hi);
    if (n < 2) m->p = 1;
    else if (m->se == 0) m->p = fabs(m->mean) > 1e-12 ? 0 : 1;
    else m->p = 2 * stat_t_cdf(-fabs(m->mean) / m->se, (double)(n - 1));
    m->significant = n > 1 && m->p < 0.05;
}

double stat_mean_p_above(const stat_mean *m)
{
    if (m->n < 2) return 1;
    if (m->se == 0) return m->mean > 1e-12 ? 0 : 1;
    return stat_t_cdf(-m->mean / m->se, (double)(m->n - 1));
}

double stat_rate_p(long x, long n, double p0)
{
    if (n <= 0 || p0 <= 0 || p0 >= 1) return 1;
    double z = ((double)x / (double)n - p0) / sqrt(p0 * (1 - p0) / (double)n);
    return 2 * normal_cdf(-fabs(z));
}

typedef struct { double p; long i; } pv;
static int cmp_pv(const void *a, const void *b)
{
    double x = ((const pv *)a)->p, y = ((const pv *)b)->p;
    return (x > y) - (x < y);
}

/* The tests of p[0..n) that are not NaN, sorted by p; returns how many. */
static long sorted_tests(const double *p, long n, pv **out)
{
    pv *s = malloc(sizeof *s * (size_t)(n + 1));
    long m = 0;
    for (long i = 0; s && i < n; i++) if (!isnan(p[i])) { s[m].p = p[i]; s[m].i = i; m++; }
    if (s) qsort(s, (size_t)m, sizeof *s, cmp_pv);
    *out = s;
    return s ? m : -1;
}

void stat_bh(const double *p, long n, double *q)
{
    for (long i = 0; i < n; i++) q[i] = isnan(p[i]) ? NAN : 1;
    pv *s;
    long m = sorted_tests(p, n, &s);
    double run = 1;
    for (long k = m - 1; k >= 0; k--) {       /* q_(k) = min over j >= k of m p_(j) / j */
        double v = s[k].p * (double)m / (double)(k + 1);
        if (v < run) run = v;
        q[s[k].i] = run;
    }
    free(s);
}

void stat_holm(const double *p, long n, double *adj)
{
    for (long i = 0; i < n; i++) adj[i] = isnan(p[i]) ? NAN : 1;
    pv *s;
    long m = sorted_tests(p, n, &s);
    double run = 0;
    for (long k = 0; k < m; k++) {            /* adj_(k) = max over j <= k of (m - j) p_(j) */
        double v = s[k].p * (double)(m - k);
        if (v > 1) v = 1;
        if (v > run) run = v;
        adj[s[k].i] = run;
    }
    free(s);
}
