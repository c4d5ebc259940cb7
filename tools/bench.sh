#!/usr/bin/env bash
# Runs the benchmark (prints a table, writes bench/results/latest.json), installing what it needs first.
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh test
exec .venv/bin/python bench/run.py "$@"
