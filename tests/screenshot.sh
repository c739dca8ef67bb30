#!/usr/bin/env bash
# screenshot.sh (make screenshot): a report page rendered by headless Chromium into a PNG, which
# tests/png-ink.mjs checks is not blank (enough pixels unlike the background, more than a few colours).
#   bash tests/screenshot.sh PAGE PNG [WIDTHxHEIGHT]
# Exit 1 when the page renders blank or the browser fails, 2 when there is no browser or no page.
set -u
page=${1:?usage: tests/screenshot.sh PAGE PNG [WIDTHxHEIGHT]}; png=${2:?usage: tests/screenshot.sh PAGE PNG [WIDTHxHEIGHT]}
size=${3:-1280x1000}
[ -f "$page" ] || { echo "screenshot: $page: no such page (make campaign writes build/reports/index.html)" >&2; exit 2; }
browser=
for b in chromium chromium-browser google-chrome; do command -v "$b" > /dev/null 2>&1 && { browser=$b; break; }; done
[ -n "$browser" ] || { echo "screenshot: no headless browser: install Debian's chromium (apt-get install chromium)" >&2; exit 2; }
mkdir -p "$(dirname "$png")"; rm -f "$png"
# --no-sandbox: Chromium's sandbox refuses to run as root (CI runs as root); the page is our own file.
# --virtual-time-budget lets the page's scripts (the mutation viewer's) finish before the picture.
out=$(timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="${size/x/,}" \
  --virtual-time-budget=5000 --screenshot="$png" "file://$(realpath "$page")" 2>&1)
[ -s "$png" ] || { echo "$out" | tail -5; echo "screenshot: $browser wrote no picture of $page" >&2; exit 1; }
echo "screenshot: $page -> $png ($($browser --version 2>/dev/null | head -1))"
node tests/png-ink.mjs "$png"
