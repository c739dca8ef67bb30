// site.mjs (make mutation-viewer): every game's mutation-report.json that `rulefuzz mutate` wrote,
// checked against the open mutation-testing report schema (mutation-testing-report-schema, with ajv),
// and a page per game in the report site that shows it in the mutation-testing-elements viewer.
//   node coverage/mutation-viewer/site.mjs VIEWER MUTATE SITE
//   VIEWER: where `npm ci` installed package.json beside this file (build/mutation-viewer)
//   MUTATE: rulefuzz mutate's --out (build/mutate), read: MUTATE/<game>/mutation-report.json
//   SITE:   the report site (build/reports), written: SITE/mutation-<game>.html
// The report is put in the page itself (a file:// page may not fetch a file beside it), the viewer's
// script is linked from VIEWER. Exit 1 when a report breaks the schema (each error on a line of its
// own), 2 when the arguments or files are wrong, 0 with one line per page written.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [viewer, mutate, site] = process.argv.slice(2);
if (!viewer || !mutate || !site) {
  console.error('usage: node coverage/mutation-viewer/site.mjs VIEWER MUTATE SITE');
  process.exit(2);
}
const need = createRequire(path.resolve(viewer, 'node_modules', 'x.js'));
let Ajv, addFormats, schemaPath, elements;
try {
  Ajv = need('ajv').default;
  addFormats = need('ajv-formats').default;
  schemaPath = path.resolve(viewer, 'node_modules/mutation-testing-report-schema/dist/src/mutation-testing-report-schema.json');
  elements = path.resolve(viewer, 'node_modules/mutation-testing-elements/dist/mutation-test-elements.js');
  fs.accessSync(schemaPath);
  fs.accessSync(elements);
} catch (e) {
  console.error(`site.mjs: ${viewer}: the viewer is not installed (make mutation-viewer): ${e.message.split('\n')[0]}`);
  process.exit(2);
}
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));

const games = fs.existsSync(mutate)
  ? fs.readdirSync(mutate).filter((g) => fs.existsSync(path.join(mutate, g, 'mutation-report.json'))).sort()
  : [];
if (!games.length) {
  console.error(`site.mjs: ${mutate}: no <game>/mutation-report.json (run make mutate first)`);
  process.exit(2);
}
fs.mkdirSync(site, { recursive: true });
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
let bad = 0;
for (const g of games) {
  const file = path.join(mutate, g, 'mutation-report.json');
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`${file}: not JSON: ${e.message}`);
    process.exit(2);
  }
  if (!validate(report)) {
    for (const e of validate.errors) console.error(`${file}: ${e.instancePath || '/'} ${e.message}`);
    bad = 1;
    continue;
  }
  const mutants = Object.values(report.files).reduce((n, f) => n + f.mutants.length, 0);
  const rel = (to) => path.relative(site, to).split(path.sep).join('/');
  // '<' as \u003c keeps "</script>" inside a source line from closing the script element
  const data = JSON.stringify(report).replace(/</g, '\\u003c');
  const page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Mutants of ${esc(g)} (mutation-testing-elements)</title>
<link rel="stylesheet" href="report.css"></head><body>
<h1>Mutants of ${esc(g)} <span class="muted">(${mutants} mutants, ${Object.keys(report.files).length} files)</span></h1>
<p class="nav"><a href="index.html">All reports</a> &middot; <a href="${esc(rel(path.join(mutate, g + '.html')))}">the
mutation score page</a> &middot; the JSON: <a href="${esc(rel(file))}">${esc(path.basename(file))}</a> (mutation-testing-report-schema,
checked) &middot; shown by the mutation-testing-elements viewer; a mutant's id is its key in <code>rulefuzz mutate</code>.</p>
<mutation-test-report-app title-postfix="rulefuzz ${esc(g)}"></mutation-test-report-app>
<noscript><p class="err">The viewer needs JavaScript.</p></noscript>
<script src="${esc(rel(elements))}"></script>
<script>document.querySelector('mutation-test-report-app').report = ${data};</script>
</body></html>
`;
  const out = path.join(site, `mutation-${g}.html`);
  fs.writeFileSync(out, page);
  console.log(`${file}: valid (${mutants} mutants); viewer page ${out}`);
}
process.exit(bad);
