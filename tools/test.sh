#!/usr/bin/env bash
# Runs every test (rules, content, hooks, project, browser), installing what it needs first.
# Lint, format and types: bash tools/lint.sh (DES_ET_LAMES_LINT=1 makes tests/test_project.py run it).
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh test
exec .venv/bin/python -m pytest "$@"
