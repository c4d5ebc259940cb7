#!/usr/bin/env bash
# Serves the rulebook on http://127.0.0.1:8000/, installing what it needs first.
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh site
exec .venv/bin/mkdocs serve "$@"
