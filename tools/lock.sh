#!/usr/bin/env bash
# Regenerates the Python lock files from pyproject.toml's extras with pip-compile (pip-tools),
# in a throwaway virtual environment:
#   requirements/test.txt       everything the tests install (both builds, the oracle, the browser, lint)
#   requirements/site.txt       MkDocs + Material (bash tools/build.sh mkdocs, tools/serve.sh)
#   requirements/zensical.txt   Zensical (bash tools/build.sh zensical)
# test.txt is resolved first; site.txt and zensical.txt are resolved within it (-c), so a package
# has one version in every lock and one .venv can hold them all without reinstalling.
# tools/setup.sh and the workflows install with them as constraints (pip install -c …).
#   bash tools/lock.sh          upgrade everything to the newest versions pyproject.toml allows
#   bash tools/lock.sh --keep   keep the current pins, only add or drop what pyproject.toml changed
# Run it after changing a dependency in pyproject.toml; Dependabot proposes the upgrades.
# Resolved for the Python that runs it (use 3.11, the version CI runs; see README).
set -euo pipefail
cd "$(dirname "$0")/.."
upgrade=(--upgrade)
[ "${1:-}" = "--keep" ] && upgrade=()
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check "pip-tools>=7.4,<8"
export CUSTOM_COMPILE_COMMAND="bash tools/lock.sh"
mkdir -p requirements
for extra in test site zensical; do
  within=()
  [ "$extra" = test ] || within=(-c requirements/test.txt)
  "$tmp/venv/bin/pip-compile" -q "${upgrade[@]}" "${within[@]}" --strip-extras --no-emit-index-url \
    --no-emit-trusted-host --no-emit-find-links --resolver=backtracking --extra "$extra" \
    -o "requirements/$extra.txt" pyproject.toml
done
# the project itself (test extra -> des-et-lames[site,zensical]) is installed editable, not pinned
for f in requirements/site.txt requirements/zensical.txt requirements/test.txt; do
  awk '/^des-et-lames @ /{skip=1; next} skip && /^    #/{next} {skip=0; print}' "$f" > "$tmp/lock" && cp "$tmp/lock" "$f"
done
echo "[lock] requirements/test.txt, requirements/site.txt, requirements/zensical.txt" >&2
