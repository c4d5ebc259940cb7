"""Slowest exact-odds query of each roller, over a grid of its parameters.

Pure standard library: the same file runs in CPython and in Pyodide (see
bench/pyodide_odds.mjs). Prints one JSON object {roller: {"ms", "params", "n"}}.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from pathlib import Path

# The checkout's rules_py, not the one the virtual environment's editable install points to (a git
# worktree shares /work/main's .venv); in Pyodide the file sits beside rules_py and this is a no-op.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_py import call  # noqa: E402
from rules_py.api import all_rollers  # noqa: E402

SAMPLE = 250  # parameter combinations timed per roller (plus the extremes)
REPEAT = 5  # the slowest few are timed again, best of REPEAT


def candidates(p: dict) -> list:
    optional = [] if p["requis"] or p["defaut"] is not None else [None]  # absent is a value too
    return optional + _values(p)


def _values(p: dict) -> list:
    kind = p["type"]
    if kind == "int":
        return sorted(
            {p["min"], p["max"], (p["min"] + p["max"]) // 2} | ({p["defaut"]} if p["defaut"] is not None else set())
        )
    if kind == "bool":
        return [False, True]
    if kind == "choice":
        return [c["valeur"] for c in p["choix"]]
    if kind == "ints":
        lo, hi, n = p["min"], p["max"], p["max_elements"]
        return [
            ",".join([str(hi)] * n),
            ",".join([str(lo)] * p["min_elements"]),
            ",".join([str(hi)] * p["min_elements"]),
        ]
    return [p["defaut"]]


def combos(roller: dict, rng: random.Random) -> list[dict]:
    params = roller["parametres"]
    values = [candidates(p) for p in params]
    total = 1
    for v in values:
        total *= len(v)
    if total <= SAMPLE:
        picked = list(itertools.product(*values))
    else:
        # an optional parameter is left out half of the time: a roller with many fields that exclude
        # each other (expertise or caractéristique, the meneur's pool without starting points…) still
        # gets accepted combinations
        picked = [
            tuple(None if v[0] is None and rng.random() < 0.5 else rng.choice(v) for v in values) for _ in range(SAMPLE)
        ]
        picked.append(tuple(v[-1] for v in values))
    return [{p["nom"]: x for p, x in zip(params, combo, strict=True) if x is not None} for combo in picked]


def timed(roller_id: str, params: dict) -> tuple[float, bool]:
    t0 = time.perf_counter()
    answer = call({"op": "odds", "roller": roller_id, "params": params})
    return (time.perf_counter() - t0) * 1000, answer["ok"]


def main() -> dict:
    rng = random.Random(2026)
    out = {}
    for roller in (r.describe() for r in all_rollers()):
        runs = []
        for params in combos(roller, rng):
            ms, ok = timed(roller["id"], params)
            if ok:
                runs.append((ms, params))
        runs.sort(key=lambda r: -r[0])
        worst = []
        for _, params in runs[:5]:
            worst.append((min(timed(roller["id"], params)[0] for _ in range(REPEAT)), params))
        worst.sort(key=lambda r: -r[0])
        if not worst:
            raise SystemExit(f"{roller['id']}: no parameter combination of the grid was accepted")
        ms, params = worst[0]
        out[roller["id"]] = {"ms": round(ms, 3), "params": params, "n": len(runs)}
    return out


if __name__ == "__main__":
    print(json.dumps(main(), ensure_ascii=False))
