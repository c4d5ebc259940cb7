#!/usr/bin/env bash
# Runs every test (rules, content, hooks, project, browser), installing what it needs first.
# Lint, format and types (bash tools/lint.sh) run as one of the tests (tests/test_project.py).
set -euo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh test
# With no arguments, the whole suite on both cores (pytest-xdist): each worker takes a test file at a
# time, with its own Chromium, test server and builds; the suite is bound by the processor (the
# engine's boots in Chromium), and a worker waiting on a network test leaves the other the cores.
# The 25 slowest tests are listed at the end (where the suite's time goes). With arguments, pytest as given
# (one process unless they say -n).
if [ $# -eq 0 ]; then
  set -- -n 2 --dist loadfile --durations=25
fi
exec .venv/bin/python -m pytest "$@"
