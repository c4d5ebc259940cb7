#!/usr/bin/env bash
# Runs every test (rules, content, hooks, browser), installing what it needs first.
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh test
exec .venv/bin/python -m pytest "$@"
