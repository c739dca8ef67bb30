/* escape.c: text written into JSON and HTML, escaped one way everywhere (escape.h). */
#include <string.h>
#include "escape.h"

void rf_json_str(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { fputc('\\', f); fputc(c, f); }
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\r') fputs("\\r", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

void rf_json_cstr(FILE *f, const char *s)
{
    if (!s) { fputs("null", f); return; }
    rf_json_str(f, s, strlen(s));
}

void rf_html_esc(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(s[i], f);
        }
    }
}

void rf_html_cstr(FILE *f, const char *s) { rf_html_esc(f, s, strlen(s)); }
