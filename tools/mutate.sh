#!/usr/bin/env bash
# Mutation testing of rules_py with mutmut: small, realistic bugs put in the engine one at a time (a
# comparison turned, a constant moved by one, a branch dropped…); a mutant the tests do not fail on is a
# survivor, a bug the tests would let through. Outside CI's time: minutes per module on two shared cores.
# The modules mutated and the tests run are [tool.mutmut] in pyproject.toml; the last score, the survivors
# and why each is equivalent or which test kills it are in bench/README.md (« Mutation testing »).
#   bash tools/mutate.sh                              every module of only_mutate
#   bash tools/mutate.sh rules_py/feerie/action.py    one module (of only_mutate) at a time
#   DL_MUTATE_CHILDREN=2 bash tools/mutate.sh …       two at once (the default is one: the cores are shared)
# Then: .venv/bin/mutmut results (the survivors), .venv/bin/mutmut show NAME (one's diff). mutants/ keeps
# what was run: a second run of an unchanged module answers at once; remove mutants/ to start afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/mutmut ] || bash tools/setup.sh test
names=()
for module in "$@"; do
  stem="${module%.py}"
  names+=("${stem//\//.}.*")
done
# niced: the machine's other work goes first
nice -n 19 .venv/bin/mutmut run --max-children "${DL_MUTATE_CHILDREN:-1}" "${names[@]}"
.venv/bin/python tools/mutation_score.py "$@"
