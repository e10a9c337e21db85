#!/usr/bin/env bash
# The reference documentation as a reader sees it: make docs' static site served over HTTP
# (python3 -m http.server) under its base path, its main page and one article opened in
# headless Chromium, which runs the site's JavaScript; each must render its title (the
# rendered DOM's h1), which a site that fails to load never shows.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "docs-test: FAIL: $*" >&2; exit 1; }
scripts/ensure-packages.sh chromium python3
work=$(mktemp -d)
server=
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

DOCS_DIR="$work/site/haptics" DOCS_BASE_PATH=haptics scripts/docs.sh >/dev/null 2>"$work/docs.log" \
    || { cat "$work/docs.log" >&2; fail "make docs failed"; }
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
/usr/bin/python3 -m http.server --bind 127.0.0.1 --directory "$work/site" "$port" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do /usr/bin/python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break; sleep 0.1; done

# The h1 Chromium renders for the page at PATH, after its JavaScript ran.
rendered_title() {
    timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$work/profile" \
        --virtual-time-budget=10000 --dump-dom "http://127.0.0.1:$port/haptics/documentation/$1" 2>>"$work/chromium.log" \
        | /usr/bin/python3 -c '
import html.parser, sys
class Titles(html.parser.HTMLParser):
    inside = False
    def handle_starttag(self, tag, attrs):
        self.inside = self.inside or tag == "h1"
    def handle_endtag(self, tag):
        if tag == "h1":
            self.inside = False
            print()
    def handle_data(self, data):
        if self.inside:
            print(data.strip(), end="")
Titles().feed(sys.stdin.read())'
}
title=$(rendered_title haptics)
grep -qx 'Haptics' <<<"$title" || fail "the main page rendered the title '$title', not Haptics (chromium: $(tail -3 "$work/chromium.log"))"
title=$(rendered_title haptics/gettingstarted)
grep -qx 'Getting started' <<<"$title" || fail "the article rendered the title '$title', not Getting started"
title=$(rendered_title haptics/hapticengine)
grep -qx 'HapticEngine' <<<"$title" || fail "HapticEngine's page rendered the title '$title'"
echo "docs-test: ok (the main page, an article and a type render in Chromium with their titles)"
