#!/usr/bin/env bash
# Regenerates the Python lock files, requirements/site.txt and requirements/test.txt, from
# pyproject.toml's extras with pip-compile (pip-tools), in a throwaway virtual environment.
# tools/setup.sh and the workflows install with them as constraints (pip install -c …).
# Run it after changing a dependency in pyproject.toml; Dependabot proposes the upgrades.
# Resolved for the Python that runs it (use 3.11, the version CI runs; see README).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check "pip-tools>=7.4,<8"
export CUSTOM_COMPILE_COMMAND="bash tools/lock.sh"
mkdir -p requirements
for extra in site test; do
  "$tmp/venv/bin/pip-compile" -q --upgrade --strip-extras --no-emit-index-url --no-emit-trusted-host --no-emit-find-links \
    --resolver=backtracking --extra "$extra" -o "requirements/$extra.txt" pyproject.toml
done
# the project itself (test extra -> des-et-lames[site]) is installed editable, not pinned
for f in requirements/site.txt requirements/test.txt; do
  awk '/^des-et-lames @ /{skip=1; next} skip && /^    #/{next} {skip=0; print}' "$f" > "$tmp/lock" && cp "$tmp/lock" "$f"
done
echo "[lock] requirements/site.txt, requirements/test.txt" >&2
