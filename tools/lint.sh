#!/usr/bin/env bash
# Lint, format and types, installing what they need first (the test set-up):
#   ruff check, ruff format --check       Python style and mistakes (pyproject.toml [tool.ruff])
#   mypy --strict rules_py hooks          types of the rules package and the build ([tool.mypy])
#   eslint                                the front-end's JavaScript (eslint.config.mjs)
#   check-jsonschema                      .github/ workflows, dependabot.yml and issue forms against their schemas
# Every tool runs, then the script fails if any of them did. Part of the test command:
# tests/test_project.py::test_the_project_passes_lint_format_and_types runs it.
set -uo pipefail
export NO_MKDOCS_2_WARNING=1
cd "$(dirname "$0")/.."
bash tools/setup.sh test || exit 1

failed=()
run() {
  local name=$1; shift
  printf '[lint] %s\n' "$name" >&2
  "$@" || failed+=("$name")
}

run "ruff check" .venv/bin/ruff check .
run "ruff format" .venv/bin/ruff format --check .
run "mypy" .venv/bin/mypy --strict rules_py hooks
run "eslint" node_modules/.bin/eslint frontend hooks/site_step/stdlib_compile.mjs bench tools eslint.config.mjs
run "workflows" .venv/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
run "dependabot" .venv/bin/check-jsonschema --builtin-schema vendor.dependabot .github/dependabot.yml
run "issue forms" .venv/bin/check-jsonschema --builtin-schema vendor.github-issue-forms .github/ISSUE_TEMPLATE/*.yml

if [ ${#failed[@]} -gt 0 ]; then
  printf '[lint] failed: %s\n' "${failed[*]}" >&2
  exit 1
fi
printf '[lint] clean\n' >&2
