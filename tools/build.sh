#!/usr/bin/env bash
# Builds the rulebook into DIR with one stack, installing what it needs first (tools/setup.sh):
#   bash tools/build.sh mkdocs DIR     MkDocs + Material, the deployed stack (requirements/site.txt):
#                                      mkdocs build --strict; its hook runs the site step
#   bash tools/build.sh zensical DIR   Zensical (requirements/zensical.txt; no MkDocs): zensical build
#                                      --strict, then the same site step
#   bash tools/build.sh pdf DIR        the book as one PDF, DIR/des-et-lames.pdf, from the print version of
#                                      the site built in DIR (built with MkDocs first if it has none): headless
#                                      Chromium through Playwright (the test set-up's), then the home page's
#                                      link gets its figures (python tools/make_pdf.py). Its own step: the two
#                                      builds above do not make it.
# The builds read SITE_URL (the address the site is served at, e.g. https://example.github.io/des-et-lames/;
# default http://127.0.0.1:8000/) and PYODIDE_INDEX_URL (where the browser loads Pyodide; default the
# pinned version on the jsDelivr CDN), and fail on any warning. What differs: README, « Two builds ».
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
usage() { printf 'usage: bash tools/build.sh mkdocs|zensical|pdf DIR\n' >&2; exit 2; }
[ $# -eq 2 ] || usage
case "$1" in
  mkdocs) extra=site ;;
  zensical) extra=zensical ;;
  pdf) extra=test ;;
  *) usage ;;
esac
out=$(realpath -m -- "$2")
cd "$(dirname "$0")/.."
bash tools/setup.sh "$extra" engine
[ "$1" = pdf ] && exec .venv/bin/python tools/make_pdf.py "$out"
exec .venv/bin/python -m hooks.build "$1" "$out"
