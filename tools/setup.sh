#!/usr/bin/env bash
# Installs what the project needs, idempotently, on a fresh machine.
#   tools/setup.sh site       -> .venv with MkDocs, Material and the build's libraries, at the
#                                versions locked in requirements/site.txt
#   tools/setup.sh zensical   -> .venv with Zensical and the build's libraries (requirements/zensical.txt)
#   tools/setup.sh test       -> .venv with both + the test and lint tools (requirements/test.txt),
#                                a Chromium (the one found, else Debian's package), poppler's tools
#                                (pdftotext, pdfinfo, pdffonts, pdftoppm: the tests read the book's PDF back;
#                                Debian's poppler-utils), and node_modules/
#                                (npm ci: a local Pyodide for the offline browser tests, ESLint)
#   tools/setup.sh site|zensical engine
#                             -> the same, and node_modules/ (the pinned Pyodide, whose standard
#                                library a build cuts and ships, and lean-qr, which it ships whole:
#                                bash tools/build.sh)
# The locks agree (tools/lock.sh resolves site.txt and zensical.txt within test.txt): one .venv holds them all.
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
want=${1:-site}
also=${2:-}

say() { printf '[setup] %s\n' "$*" >&2; }

case "$want" in
  site | zensical | test) ;;
  *) say "usage: tools/setup.sh site|zensical|test [engine]"; exit 2 ;;
esac

# --- Python: a virtual environment keyed on pyproject.toml and the lock file -
extra=$want
lock="requirements/$extra.txt"
stamp=".venv/.installed-$extra-$(cat pyproject.toml "$lock" | sha1sum | cut -c1-12)"
if [ ! -f "$stamp" ]; then
  say "Python packages ($extra, locked in $lock)…"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -c "$lock" -e ".[$extra]"
  rm -f .venv/.installed-"$extra"-*
  touch "$stamp"
fi

# --- A Chromium (tests only): $CHROMIUM, else the usual names, else Debian's package
# (Playwright's own browser download is not used.)
if [ "$want" = test ]; then
  if ! found=$(python3 tests/browser/chromium.py); then
    say "Chromium (apt)…"
    SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium >/dev/null
    found=$(python3 tests/browser/chromium.py) || { say "no Chromium after apt-get: set CHROMIUM"; exit 1; }
  fi
  say "Chromium: $found"
  if ! command -v pdftotext >/dev/null || ! command -v pdftoppm >/dev/null; then
    say "poppler-utils (apt)…"
    SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq poppler-utils >/dev/null
  fi
fi

# --- node_modules from package-lock.json: Pyodide's files (served on localhost by the
# browser tests; its standard library cut by the builds), lean-qr (shipped by the builds) and ESLint --
if [ "$want" = test ] || [ "$also" = engine ]; then
  npm_stamp="node_modules/.installed-$(sha1sum package-lock.json | cut -c1-12)"
  if [ ! -f "$npm_stamp" ]; then
    say "npm packages (Pyodide, lean-qr, ESLint)…"
    npm ci --no-audit --no-fund --loglevel=error
    touch "$npm_stamp"
  fi
fi
