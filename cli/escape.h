/* escape.h: text written into JSON and HTML, escaped one way everywhere (the reports, the CLI's
 * --json, the align and coverage pages). */
#ifndef RF_ESCAPE_H
#define RF_ESCAPE_H
#include <stddef.h>
#include <stdio.h>

/* s[0..n) as a JSON string, quotes included: '"' and '\\' escaped, \n \r \t by name, other control
 * bytes as \u00XX; bytes from 0x80 up are written as they are (the texts are UTF-8). */
void rf_json_str(FILE *f, const char *s, size_t n);
/* A NUL-terminated s the same way; NULL is written as null. */
void rf_json_cstr(FILE *f, const char *s);
/* s[0..n) as HTML text: < > & " escaped. */
void rf_html_esc(FILE *f, const char *s, size_t n);
/* A NUL-terminated s the same way. */
void rf_html_cstr(FILE *f, const char *s);

#endif
