#!/usr/bin/env bash
# Serves the rulebook on http://127.0.0.1:8000/, installing what it needs first, and
# rebuilds it when docs/, hooks/ or rules_py/ change (the browser reloads by itself).
#   bash tools/serve.sh                   Pyodide from the CDN (as the published site)
#   bash tools/serve.sh --local-pyodide   Pyodide from node_modules (npm ci), served at /pyodide/:
#                                         rollers work offline
# Other arguments go to `mkdocs serve` (e.g. -a 127.0.0.1:8001).
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh site
if [ "${1:-}" = "--local-pyodide" ]; then
  shift
  if [ ! -f node_modules/pyodide/pyodide.mjs ]; then
    printf '[serve] Pyodide (npm)…\n' >&2
    npm ci --no-audit --no-fund --loglevel=error
  fi
  export PYODIDE_INDEX_URL=/pyodide/
fi
exec .venv/bin/mkdocs serve "$@"
