/* case_edges.h: clause cases as coverage (issue 20, point 3). Each (clause, case, hit-count bucket)
 * that a game reached becomes one call of rf_case_edge with its own number, and every number has a
 * basic block of its own in rf_case_edge's switch: the compiler's coverage instrumentation
 * (libFuzzer's -fsanitize=fuzzer, AFL++'s afl-clang-fast, OSS-Fuzz's builds alike) gives each block
 * an edge counter, so an input that reaches a case no kept input reached, or reaches it a number of
 * times in a new bucket, is new coverage and is kept: the fuzzer is steered toward rare cases. */
#ifndef RULEFUZZ_CASE_EDGES_H
#define RULEFUZZ_CASE_EDGES_H

#include "../oracles/oracle.h"

/* Clauses that get edges (a game's generic and own clauses; the largest game has 46). */
#define RF_CASE_CLAUSES 64
#define RF_CASE_BUCKETS 4            /* hits in one game: 1, 2-3, 4-15, 16 or more */
#define RF_CASE_EDGES (RF_CASE_CLAUSES * INV_MAX_CASES * RF_CASE_BUCKETS)

/* One block per number: a distinct empty asm (its operand differs) that the optimizer can neither
 * merge with its neighbours nor turn into a table lookup. */
#define RF_E1(n) case (n): __asm__ volatile("" : : "i"(n)); break;
#define RF_E4(n) RF_E1(n) RF_E1((n) + 1) RF_E1((n) + 2) RF_E1((n) + 3)
#define RF_E16(n) RF_E4(n) RF_E4((n) + 4) RF_E4((n) + 8) RF_E4((n) + 12)
#define RF_E64(n) RF_E16(n) RF_E16((n) + 16) RF_E16((n) + 32) RF_E16((n) + 48)
#define RF_E256(n) RF_E64(n) RF_E64((n) + 64) RF_E64((n) + 128) RF_E64((n) + 192)
#define RF_E1024(n) RF_E256(n) RF_E256((n) + 256) RF_E256((n) + 512) RF_E256((n) + 768)

__attribute__((noinline, unused)) static void rf_case_edge(unsigned e)
{
    _Static_assert(RF_CASE_EDGES == 2048, "rf_case_edge's switch has 2048 blocks");
    switch (e) {
        RF_E1024(0)
        RF_E1024(1024)
    default: break;
    }
}

/* After a game: one edge per (clause, case, bucket) the game reached. RF_CASE_FEEDBACK=0 in the
 * environment turns it off (for before/after measurements). */
__attribute__((unused)) static void rf_case_feedback(const inv_ctx *c)
{
    static int on = -1;
    static uint8_t ncases[RF_CASE_CLAUSES];
    if (on < 0) {
        const char *e = getenv("RF_CASE_FEEDBACK");
        on = !(e && e[0] == '0');
        for (int k = 0; k < c->n && k < RF_CASE_CLAUSES; k++) ncases[k] = (uint8_t)inv_n_cases(c->clause[k]);
    }
    if (!on) return;
    for (int k = 0; k < c->n && k < RF_CASE_CLAUSES; k++) {
        const inv_count *n = &c->count[k];
        if (!n->fired) continue;
        for (int i = 0; i < ncases[k]; i++) {
            uint64_t h = inv_case_count(c->clause[k], n, i);
            if (!h) continue;
            unsigned b = h == 1 ? 0u : h < 4 ? 1u : h < 16 ? 2u : 3u;
            rf_case_edge(((unsigned)k * INV_MAX_CASES + (unsigned)i) * RF_CASE_BUCKETS + b);
        }
    }
}

#endif
