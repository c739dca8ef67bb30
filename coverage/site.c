/* site.c: the report site's shared files (report.css, SPEC.html) and the links every page makes to
 * them (site.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "site.h"
#include "../cli/escape.h"
#include "../ambiguity/common.h"
#include "../records/record.h"

void rf_site_rel(const char *from, const char *to, char *out, size_t n)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(from, a) || !realpath(to, b)) { snprintf(out, n, "%s", to); return; }
    size_t i = 0, cut = 0;
    while (a[i] && a[i] == b[i]) { if (a[i] == '/') cut = i; i++; }
    if (!a[i] && (b[i] == '/' || !b[i])) cut = i;      /* `from` is a prefix folder of `to` */
    size_t w = 0;
    out[0] = 0;
    for (const char *p = a + cut; *p; p++)
        if (*p == '/' && w + 4 < n) { memcpy(out + w, "../", 3); w += 3; out[w] = 0; }
    const char *rest = b + cut + (b[cut] == '/');
    snprintf(out + w, n - w, "%s", rest);
}

void rf_site_root(const char *spec, char *out, size_t n)
{
    const char *sl = strrchr(spec, '/');
    if (!sl) snprintf(out, n, ".");
    else snprintf(out, n, "%.*s", sl == spec ? 1 : (int)(sl - spec), spec);   /* "/SPEC.md": "/" */
}

void rf_site_slug(const char *s, size_t n, char *out, size_t cap)
{
    size_t w = 0;
    for (size_t i = 0; i < n && w + 1 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 'A' && c <= 'Z') out[w++] = (char)(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c >= 0x80) out[w++] = (char)c;
        else if (c == ' ') out[w++] = '-';
    }
    out[w] = 0;
}

void rf_site_spec_href(const char *page_dir, const char *site, const char *id, char *out, size_t n)
{
    char spec[PATH_MAX + 16], slug[128];
    snprintf(spec, sizeof spec, "%s/SPEC.html", site);
    rf_site_rel(page_dir, spec, out, n);
    if (!id) return;
    rf_site_slug(id, strlen(id), slug, sizeof slug);
    size_t l = strlen(out);
    snprintf(out + l, n - l, "#%s", slug);
}

void rf_site_head(FILE *f, const char *page_dir, const char *site, const char *title, const char *body_class)
{
    char css[PATH_MAX + 16], href[PATH_MAX * 2];
    snprintf(css, sizeof css, "%s/report.css", site);
    rf_site_rel(page_dir, css, href, sizeof href);
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>", f);
    rf_html_cstr(f, title);
    fputs("</title>\n<link rel=\"stylesheet\" href=\"", f);
    rf_html_cstr(f, href);
    fputs("\"></head>", f);
    if (body_class) { fputs("<body class=\"", f); rf_html_cstr(f, body_class); fputs("\">\n", f); }
    else fputs("<body>\n", f);
}

/* Put bytes[0..len) at path unless the file already holds them (written to path.tmp, renamed). */
static int put_file(const char *path, const char *bytes, size_t len, char *err, size_t errlen)
{
    char e[256];
    size_t have;
    char *old = rf_read_file(path, &have, e, sizeof e);
    int same = old && have == len && memcmp(old, bytes, len) == 0;
    free(old);
    if (same) return 0;
    char tmp[PATH_MAX + 32];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    int bad = !f || fwrite(bytes, 1, len, f) != len;
    if (f) bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

int rf_site_write(const char *site, const char *root, char *err, size_t errlen)
{
    struct stat sb;
    if (!rf_mkdirs(site) || stat(site, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: cannot create: %s", site, errno == EEXIST || errno == 0 ? "a file has that name" : strerror(errno));
        return -1;
    }
    char src[PATH_MAX + 32], dst[PATH_MAX + 32];
    size_t len;
    snprintf(src, sizeof src, "%s/coverage/report.css", root);
    if (access(src, R_OK) != 0) snprintf(src, sizeof src, "coverage/report.css");   /* a source root of other files: the tree run from */
    char *css = rf_read_file(src, &len, err, errlen);
    if (!css) return -1;
    snprintf(dst, sizeof dst, "%s/report.css", site);
    int rc = put_file(dst, css, len, err, errlen);
    free(css);
    if (rc) return -1;
    snprintf(src, sizeof src, "%s/SPEC.md", root);
    if (access(src, R_OK) != 0) return 0;              /* no catalogue here: the pages link none */
    char *md = rf_read_file(src, &len, err, errlen);
    if (!md) return -1;
    char *html = NULL;
    size_t hlen = 0;
    FILE *m = open_memstream(&html, &hlen);
    if (!m) { free(md); snprintf(err, errlen, "out of memory"); return -1; }
    char css_href[PATH_MAX + 16];
    snprintf(css_href, sizeof css_href, "report.css");
    rf_md_to_html(m, md, "rulefuzz clause catalogue (SPEC.md)", css_href, 1);
    fclose(m);
    free(md);
    snprintf(dst, sizeof dst, "%s/SPEC.html", site);
    rc = html ? put_file(dst, html, hlen, err, errlen) : (snprintf(err, errlen, "out of memory"), -1);
    free(html);
    return rc;
}
