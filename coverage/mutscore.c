/* mutscore.c: mutants.tsv, written by rulefuzz mutate and read by the clause coverage report. */
#include <limits.h>
#include <string.h>
#include "mutscore.h"

void rf_mutscore_write_line(FILE *f, const char *key, const char *status, const char *clauses, const char *rel, int line,
                            const char *op)
{
    fprintf(f, "%s\t%s\t%s\t%s\t%d\t%s\n", key, status, clauses, rel, line, op);
}

int rf_mutscore_has_clause(const char *list, const char *id)
{
    size_t l = strlen(id);
    for (const char *p = list; (p = strstr(p, id)); p += l)
        if ((p == list || p[-1] == ',') && (p[l] == 0 || p[l] == ',')) return 1;
    return 0;
}

int rf_mut_score_of(const char *dir, const char *game, const char *clause, rf_mut_score *s)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s/mutants.tsv", dir, game);
    FILE *f = fopen(path, "r");
    char line[4096];
    int found = 0;
    memset(s, 0, sizeof *s);
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        char *fld[4] = {line, NULL, NULL, NULL};
        for (int i = 1; i < 4; i++) { fld[i] = strchr(fld[i - 1], '\t'); if (!fld[i]) break; *fld[i]++ = 0; }
        if (!fld[3] || !rf_mutscore_has_clause(fld[2], clause)) continue;
        found = 1;
        s->mutants++;
        if (!strcmp(fld[1], "tests")) s->tests++;
        else if (!strcmp(fld[1], "fuzz")) s->fuzz++;
        else if (!strcmp(fld[1], "survived")) s->survived++;
        else if (!strcmp(fld[1], "equivalent")) s->equivalent++;
        else if (!strcmp(fld[1], "not-compiled")) s->nocompile++;
        else s->mutants--;
    }
    fclose(f);
    return found ? 0 : -1;
}
