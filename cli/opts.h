/* opts.h: the one option parser of every rulefuzz command (getopt_long underneath): --opt value and
 * --opt=value, --help, one wording for every error (rf_ prefix). */
#ifndef RULEFUZZ_OPTS_H
#define RULEFUZZ_OPTS_H

#include <stdint.h>
#include <stdio.h>

typedef enum {
    RF_OPT_FLAG,     /* int *: set to 1 */
    RF_OPT_STR,      /* const char **: the value */
    RF_OPT_LONG,     /* long *: a whole number in [min, max] */
    RF_OPT_U64,      /* uint64_t *: a whole number from 0 to 2^64 - 1 */
    RF_OPT_DOUBLE,   /* double *: a number in [min, max] */
    RF_OPT_LIST,     /* rf_strlist *: every value of a repeated option, in order */
    RF_OPT_OPTSTR    /* const char **: an optional value (--opt or --opt=value; a bare --opt gives "") */
} rf_opt_kind;

#define RF_STRLIST_MAX 64
typedef struct rf_strlist { const char *v[RF_STRLIST_MAX]; int n; } rf_strlist;

typedef struct rf_opt {
    const char *name;    /* without the dashes: "games" */
    rf_opt_kind kind;
    void *dst;
    double min, max;     /* RF_OPT_LONG, RF_OPT_DOUBLE: the range */
    const char *arg;     /* the value's name in the usage: "N", "FILE" */
    const char *help;    /* one line; NULL for an alias (not listed) */
    int *seen;           /* optional: set to 1 when the option is given */
} rf_opt;

typedef struct rf_cmd_spec {
    const char *name;    /* "report ambiguities" */
    const char *args;    /* the positional arguments: "GAME A B" */
    const char *about;   /* what the command does, one or two lines */
    int min_pos, max_pos;    /* positional arguments; max_pos -1: any number */
    const rf_opt *opts;
    int nopts;
    int *pos_opt;        /* optional (cap entries): per positional argument, the index in opts of the
                            option given last before it, -1 none (lists like --counts A B C) */
} rf_cmd_spec;

/* Parse argv[0..argc) (the arguments after the command's name) by spec: options anywhere, positional
 * arguments into pos[0..cap) in order, their count in *npos. Returns 0 (parsed), 1 (--help or -h: the
 * usage went to stdout; exit 0), or -1 (one line on stderr, "rulefuzz CMD: ..."; exit 2). */
int rf_opts_parse(const rf_cmd_spec *spec, int argc, char **argv, const char **pos, int cap, int *npos);
/* The same, writing the usage to out and the error to err (commands whose output a caller captures). */
int rf_opts_parse_io(const rf_cmd_spec *spec, int argc, char **argv, const char **pos, int cap, int *npos, FILE *out, FILE *err);
/* The command's usage and options, as --help prints them. */
void rf_opts_usage(const rf_cmd_spec *spec, FILE *f);
/* One line on stderr in the parser's wording, "rulefuzz CMD: <what>" and a pointer to --help; returns 2. */
int rf_opts_fail(const rf_cmd_spec *spec, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int rf_opts_fail_io(FILE *err, const rf_cmd_spec *spec, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
