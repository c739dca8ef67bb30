/* stats.c: 95% intervals for shares (Wilson) and means (normal approximation). */
#include <math.h>
#include <string.h>
#include "stats.h"

#define Z95 1.959964

void stat_rate_of(long x, long n, stat_rate *r)
{
    r->x = x; r->n = n;
    if (n <= 0) { r->p = r->lo = r->hi = 0; return; }
    double p = (double)x / (double)n, nn = (double)n, d = 1 + Z95 * Z95 / nn;
    double c = (p + Z95 * Z95 / (2.0 * nn)) / d, h = Z95 * sqrt(p * (1 - p) / nn + Z95 * Z95 / (4.0 * nn * nn)) / d;
    r->p = p;
    r->lo = c - h < 0 ? 0 : c - h;
    r->hi = c + h > 1 ? 1 : c + h;
}

void stat_mean_of(const double *v, long n, stat_mean *m)
{
    memset(m, 0, sizeof *m);
    m->n = n;
    if (n <= 0) return;
    double sum = 0, sq = 0;
    for (long i = 0; i < n; i++) sum += v[i];
    m->mean = sum / (double)n;
    for (long i = 0; i < n; i++) sq += (v[i] - m->mean) * (v[i] - m->mean);
    double se = n > 1 ? sqrt(sq / (double)(n - 1) / (double)n) : 0.0;
    m->lo = m->mean - Z95 * se;
    m->hi = m->mean + Z95 * se;
    m->significant = n > 1 && (m->lo > 0 || m->hi < 0);
}
