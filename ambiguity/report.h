/* report.h: `rulefuzz report ambiguities`: what each registered reading changes in play, with its
 * control, its correction for the number of figures, its replication and its balance (rf_ prefix). */
#ifndef RULEFUZZ_REPORT_H
#define RULEFUZZ_REPORT_H

/* The false discovery rate the report holds (Benjamini-Hochberg over every test of one report). */
#define RF_REPORT_FDR 0.05

/* rulefuzz report ambiguities GAME [--games N] [--policy LIST] [--blocks 1|2] [--skill-games N]
 * [--players P] [--seed S] [--jobs J] [--out DIR] [--spec SPEC.md]: writes ambiguities-GAME.md,
 * .html and .json and the witnesses into DIR (build/reports). 0, or 2 on bad input. */
int rf_cmd_report(int argc, char **argv);

#endif
