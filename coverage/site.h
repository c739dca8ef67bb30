/* site.h: the report site every HTML page belongs to: one folder holding the shared stylesheet
 * (report.css, from coverage/report.css) and SPEC.md as HTML with an anchor per clause (SPEC.html);
 * each page links both by relative paths, so the site reads the same over file:// (rf_site_). */
#ifndef RULEFUZZ_SITE_H
#define RULEFUZZ_SITE_H
#include <stddef.h>
#include <stdio.h>

/* Write SITE/report.css (a copy of ROOT/coverage/report.css, or of ./coverage/report.css when ROOT
 * has none) and SITE/SPEC.html (ROOT/SPEC.md rendered; none when ROOT has no SPEC.md), creating
 * SITE; a file already holding the same bytes is left alone, so many commands may share a site.
 * 0, or -1 with one line in err (the stylesheet missing, a file not writable). */
int rf_site_write(const char *site, const char *root, char *err, size_t errlen);

/* The folder of a SPEC.md path (the source root the site is written from): "." for "SPEC.md". */
void rf_site_root(const char *spec, char *out, size_t n);

/* The relative path from folder `from` to the file or folder `to` (both existing; when either does
 * not, `to` as given). */
void rf_site_rel(const char *from, const char *to, char *out, size_t n);

/* The head of a page in folder page_dir: doctype, title (escaped), the stylesheet link, <body>
 * (with class body_class when not NULL). */
void rf_site_head(FILE *f, const char *page_dir, const char *site, const char *title, const char *body_class);

/* The anchor of a SPEC.md heading or clause ID as SPEC.html writes it: GitHub's rule (lower case,
 * letters, digits, '-' and '_' kept, spaces to '-', other punctuation dropped), so "HDZ-TAKE-REFILL"
 * is "hdz-take-refill" on GitHub's rendering too. */
void rf_site_slug(const char *s, size_t n, char *out, size_t cap);

/* The link from a page in page_dir to clause or entry `id` of SPEC.html (NULL: the page's top). */
void rf_site_spec_href(const char *page_dir, const char *site, const char *id, char *out, size_t n);

#endif
