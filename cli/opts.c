/* opts.c: the one option parser of every rulefuzz command, over getopt_long. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "opts.h"

static void vfail(FILE *err, const rf_cmd_spec *spec, const char *fmt, va_list ap)
{
    fprintf(err, "rulefuzz %s: ", spec->name);
    vfprintf(err, fmt, ap);
    fprintf(err, " (see 'rulefuzz %s --help')\n", spec->name);
}

int rf_opts_fail(const rf_cmd_spec *spec, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(stderr, spec, fmt, ap);
    va_end(ap);
    return 2;
}

int rf_opts_fail_io(FILE *err, const rf_cmd_spec *spec, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(err ? err : stderr, spec, fmt, ap);
    va_end(ap);
    return 2;
}

void rf_opts_usage(const rf_cmd_spec *spec, FILE *f)
{
    fprintf(f, "usage: rulefuzz %s%s%s%s\n", spec->name, spec->args && *spec->args ? " " : "", spec->args ? spec->args : "",
            spec->nopts ? " [options]" : "");
    if (spec->about) fprintf(f, "%s\n", spec->about);
    if (spec->nopts) fprintf(f, "options (--name VALUE or --name=VALUE):\n");
    for (int i = 0; i < spec->nopts; i++) {
        const rf_opt *o = &spec->opts[i];
        if (!o->help) continue;
        char left[64];
        if (o->kind == RF_OPT_FLAG) snprintf(left, sizeof left, "--%s", o->name);
        else if (o->kind == RF_OPT_OPTSTR) snprintf(left, sizeof left, "--%s[=%s]", o->name, o->arg ? o->arg : "VALUE");
        else snprintf(left, sizeof left, "--%s %s", o->name, o->arg ? o->arg : "VALUE");
        fprintf(f, "  %-26s %s", left, o->help);
        if (o->kind == RF_OPT_LONG) fprintf(f, " (%.0f to %.0f)", o->min, o->max);
        /* aliases of this option */
        for (int j = 0; j < spec->nopts; j++)
            if (!spec->opts[j].help && spec->opts[j].dst == o->dst && spec->opts[j].kind == o->kind) fprintf(f, "; also --%s", spec->opts[j].name);
        fprintf(f, "\n");
    }
    fprintf(f, "  %-26s %s\n", "--help, -h", "this text");
    fprintf(f, "exit: 0 clean, 1 a finding (an oracle violated, a gate failed), 2 bad input\n");
}

/* The value of option o from text v: 0, or -1 after one line on stderr. */
static int take(FILE *err, const rf_cmd_spec *spec, const rf_opt *o, const char *v)
{
    char *e;
    switch (o->kind) {
    case RF_OPT_FLAG:
        *(int *)o->dst = 1;
        break;
    case RF_OPT_STR:
    case RF_OPT_OPTSTR:
        *(const char **)o->dst = v ? v : "";
        break;
    case RF_OPT_LIST: {
        rf_strlist *l = o->dst;
        if (l->n == RF_STRLIST_MAX) { rf_opts_fail_io(err, spec, "--%s is given more than %d times", o->name, RF_STRLIST_MAX); return -1; }
        l->v[l->n++] = v;
        break;
    }
    case RF_OPT_LONG: {
        errno = 0;
        long x = strtol(v, &e, 10);
        if (!*v || *e || errno == ERANGE || (double)x < o->min || (double)x > o->max) {
            rf_opts_fail_io(err, spec, "--%s takes a whole number from %.0f to %.0f, not '%s'", o->name, o->min, o->max, v);
            return -1;
        }
        *(long *)o->dst = x;
        break;
    }
    case RF_OPT_U64: {
        errno = 0;
        unsigned long long x = strtoull(v, &e, 10);
        if (!*v || *v == '-' || *v == '+' || *v == ' ' || *e || errno == ERANGE) {
            rf_opts_fail_io(err, spec, "--%s takes a whole number from 0 to 18446744073709551615, not '%s'", o->name, v);
            return -1;
        }
        *(uint64_t *)o->dst = x;
        break;
    }
    case RF_OPT_DOUBLE: {
        errno = 0;
        double x = strtod(v, &e);
        if (!*v || *e || errno == ERANGE || isnan(x) || x < o->min || x > o->max) {
            rf_opts_fail_io(err, spec, "--%s takes a number from %g to %g, not '%s'", o->name, o->min, o->max, v);
            return -1;
        }
        *(double *)o->dst = x;
        break;
    }
    }
    if (o->seen) *o->seen = 1;
    return 0;
}

int rf_opts_parse(const rf_cmd_spec *spec, int argc, char **argv, const char **pos, int cap, int *npos)
{
    return rf_opts_parse_io(spec, argc, argv, pos, cap, npos, stdout, stderr);
}

int rf_opts_parse_io(const rf_cmd_spec *spec, int argc, char **argv, const char **pos, int cap, int *npos, FILE *out, FILE *err)
{
    if (!out) out = stdout;
    if (!err) err = stderr;
    enum { MAXO = 64 };
    struct option lo[MAXO + 2];
    int n = 0;
    for (int i = 0; i < spec->nopts && n < MAXO; i++, n++) {
        lo[n].name = spec->opts[i].name;
        lo[n].has_arg = spec->opts[i].kind == RF_OPT_FLAG ? no_argument : spec->opts[i].kind == RF_OPT_OPTSTR ? optional_argument : required_argument;
        lo[n].flag = NULL;
        lo[n].val = 1000 + i;
    }
    lo[n++] = (struct option){"help", no_argument, NULL, 'h'};
    lo[n] = (struct option){NULL, 0, NULL, 0};
    /* getopt_long wants the program's name first */
    char *av[argc + 2];
    char prog[] = "rulefuzz";
    av[0] = prog;
    for (int i = 0; i < argc; i++) av[i + 1] = argv[i];
    av[argc + 1] = NULL;
    *npos = 0;
    int last = -1;
    opterr = 0;
    optind = 0;                 /* a full reset: the parser may run more than once in a process */
    int c, idx;
    while ((c = getopt_long(argc + 1, av, "-:h", lo, &idx)) != -1) {
        if (c == 'h') { rf_opts_usage(spec, out); return 1; }
        if (c == 1) {                           /* a positional argument, in order */
            if (spec->max_pos >= 0 && *npos >= spec->max_pos) {
                rf_opts_fail_io(err, spec, "unexpected argument '%s'", optarg);
                return -1;
            }
            if (*npos >= cap) { rf_opts_fail_io(err, spec, "too many arguments ('%s')", optarg); return -1; }
            if (spec->pos_opt) spec->pos_opt[*npos] = last;
            pos[(*npos)++] = optarg;
            continue;
        }
        if (c == ':') {
            const char *name = av[optind - 1];
            rf_opts_fail_io(err, spec, "%s needs a value", name);
            return -1;
        }
        if (c == '?') {
            const char *bad = av[optind - 1];
            if (optopt && optopt != '?' && optopt < 1000) rf_opts_fail_io(err, spec, "unknown option '-%c'", optopt);
            else rf_opts_fail_io(err, spec, "unknown option '%s'", bad);
            return -1;
        }
        if (c >= 1000 && c < 1000 + spec->nopts) {
            if (take(err, spec, &spec->opts[c - 1000], optarg)) return -1;
            last = c - 1000;
        }
    }
    if (*npos < spec->min_pos) {
        rf_opts_fail_io(err, spec, "needs %s", spec->args ? spec->args : "more arguments");
        return -1;
    }
    return 0;
}
