#!/usr/bin/env bash
# Runs every test (rules, content, hooks, project, browser), installing what it needs first.
# Lint, format and types (bash tools/lint.sh) run as one of the tests (tests/test_project.py).
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh test
exec .venv/bin/python -m pytest "$@"
