#!/usr/bin/env bash
# Installs what the project needs, idempotently, on a fresh machine.
#   tools/setup.sh site   -> .venv with MkDocs, Material, markdown-it-py
#   tools/setup.sh test   -> the above + test tools, Debian's Chromium, local Pyodide (npm)
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
want=${1:-site}

say() { printf '[setup] %s\n' "$*" >&2; }

# --- Python: a virtual environment keyed on pyproject.toml -----------------
extra=$([ "$want" = test ] && echo test || echo site)
stamp=".venv/.installed-$extra-$(sha1sum pyproject.toml | cut -c1-12)"
if [ ! -f "$stamp" ]; then
  say "Python packages ($extra)…"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extra]"
  rm -f .venv/.installed-"$extra"-*
  touch "$stamp"
fi
[ "$want" = test ] || exit 0

# --- Chromium from Debian's packages (Playwright's own download fails here) --
if [ ! -x /usr/bin/chromium ]; then
  say "Chromium (apt)…"
  SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi

# --- Pyodide core files from npm, served on localhost by the browser tests ----
# (again when package.json pins another version than the one installed)
pinned=$(node -p 'require("./package.json").devDependencies.pyodide')
installed=$(node -p 'try { require("./node_modules/pyodide/package.json").version } catch { "" }')
if [ ! -f node_modules/pyodide/pyodide.mjs ] || [ "$pinned" != "$installed" ]; then
  say "Pyodide (npm)…"
  npm ci --no-audit --no-fund --loglevel=error
fi
