"""The engine's answers as the reader reads them, kept: requests made from each roller's description, and
their answers word for word in ``tests/golden/<roller>.jsonl.gz`` (one JSON line per request and its
answer, gzipped: 3.6 MB of text in 140 KB; tests/test_golden_answers.py compares).

What a roller says (its dice groups and their names, each die's mark, the outcome, the arithmetic, the
notes, the follow-ups offered, the exact odds, every refusal's sentence) is the book's words and the
rules' figures: a change to any of it fails the comparison, naming the request. The requests: each roller
at its preset, then each parameter at each of its choices, its bounds and just past them, and a value of
the wrong type; each valid one rolled with two seeds and its odds asked, the first follow-up of each roll
played. A change meant to change what the reader reads is written again with

    .venv/bin/python tests/golden.py            # every roller
    .venv/bin/python tests/golden.py simon.jet  # one

which prints every answer that changed, as a diff, to be read before it is committed: it is the change
a reader sees.
"""

from __future__ import annotations

import difflib
import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT))

from rules_py import all_rollers, call  # noqa: E402

#: What each roller needs besides its defaults to roll at all (Simon's expertise, no default).
BASE: dict[str, dict[str, Any]] = {
    "simon.jet": {"expertise": 12},
    "simon.aide": {"expertise": 12},
    "simon.opposition": {"expertise_a": 12, "expertise_b": 9},
}
#: Text parameters' values worth asking (DC&DA's suits, names and tables).
TEXTS: dict[str, list[str]] = {
    "enseignes_interdites": ["coupes", "coupes,ecus"],
    "enseignes_imposees": ["dagues"],
    "noms_a": ["Eli,Ana"],
    "predilection_a": ["coupes"],
    "table": ["C4S8Q/C5S/S6Q/Q4M"],
}
SEEDS = (1, 2)


def _values(param: dict[str, Any]) -> list[Any]:
    """The values worth asking of one parameter: each choice, the bounds and past them, a wrong type."""
    kind, low, high = param["type"], param.get("min"), param.get("max")
    if kind == "choice":
        return [c["valeur"] for c in param.get("choix") or []] + ["inconnu"]
    if kind == "bool":
        return [True, False, "peut-être"]
    if kind == "int":
        out: list[Any] = [low, high, "2"] if low is not None else ["2"]
        if low is not None:
            out += [low - 1, high + 1]
        return out + [1.5, [1]]
    if kind == "ints":
        items = max(1, param.get("min_elements") or 1)
        return [
            ",".join([str(low)] * items),
            ",".join([str(high)] * items),
            ",".join([str(low - 1)] * items),
            [high + 1] * items,
            "a,b",
            [],
        ]
    if kind == "text":
        return TEXTS.get(param["nom"], ["x"]) + [5]
    return []


def requests_for(roller: str) -> list[dict[str, Any]]:
    described = call({"op": "describe", "roller": roller})["result"]
    base = BASE.get(roller, {})
    sets = [dict(base)]
    for param in described["parametres"]:
        for value in _values(param):
            sets.append({**base, param["nom"]: value})
    out: list[dict[str, Any]] = []
    for params in sets:
        odds = {"op": "odds", "roller": roller, "params": params}
        out.append(odds)
        if not call(odds)["ok"]:
            continue  # refused: its sentence is kept once, the roll would say the same
        for seed in SEEDS:
            roll = {"op": "roll", "roller": roller, "params": params, "seed": seed}
            out.append(roll)
            if seed == SEEDS[0]:
                out += _follow_ups(roller, call(roll), seed)
    return out


def _offer_values(offer: dict[str, Any]) -> dict[str, Any]:
    """A follow-up offer's parameters: given (``{"camp": "a"}``), or described (each default, or first choice)."""
    described = offer.get("parametres") or {}
    if isinstance(described, dict):
        return dict(described)
    out = {}
    for p in described:
        value = p.get("defaut")
        if value is None and p.get("choix"):
            value = p["choix"][0]["valeur"]
        if value is not None:
            out[p["nom"]] = value
    return out


def _follow_ups(roller: str, answer: dict[str, Any], seed: int, steps: int = 2) -> list[dict[str, Any]]:
    """The first follow-up the result offers, played, then the first its result offers (a reroll, its veto)."""
    out: list[dict[str, Any]] = []
    for _ in range(steps):
        if not answer["ok"]:
            break
        offers = [a for a in answer["result"].get("actions", []) if a.get("possible")]
        if not offers:
            break
        request = {
            "op": "action",
            "roller": roller,
            "action": offers[0]["id"],
            "state": answer["result"]["etat"],
            "params": _offer_values(offers[0]),
            "seed": seed,
        }
        out.append(request)
        answer = call(request)
    return out


def answers_for(roller: str) -> list[dict[str, Any]]:
    return [{"requete": r, "reponse": call(r)} for r in requests_for(roller)]


def path_for(roller: str) -> Path:
    return FOLDER / f"{roller}.jsonl.gz"


def line(answer: dict[str, Any]) -> str:
    return json.dumps(answer, ensure_ascii=False, sort_keys=True, default=list)


def kept(roller: str) -> list[str]:
    """The kept answers of a roller, one JSON line each (none if not written yet)."""
    path = path_for(roller)
    return gzip.decompress(path.read_bytes()).decode("utf-8").splitlines() if path.is_file() else []


def difference(old: str, new: str) -> str:
    """Two answers' lines, pretty-printed, as a unified diff (what the reader would read differently)."""
    pretty = [json.dumps(json.loads(x), ensure_ascii=False, indent=1, sort_keys=True).splitlines() for x in (old, new)]
    return "\n".join(difflib.unified_diff(pretty[0], pretty[1], "kept", "now", lineterm="", n=2))


def write(roller: str) -> tuple[int, int]:
    """Writes a roller's answers; prints the diff of each that changed. (answers, changed)."""
    before = kept(roller)
    lines = [line(a) for a in answers_for(roller)]
    changed = 0
    for i, new in enumerate(lines):
        if i >= len(before) or before[i] != new:
            changed += 1
            if i < len(before):
                print(difference(before[i], new))
    FOLDER.mkdir(exist_ok=True)
    path_for(roller).write_bytes(gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), mtime=0))
    return len(lines), changed


if __name__ == "__main__":
    for rid in sys.argv[1:] or [r.id for r in all_rollers()]:
        count, changed = write(rid)
        print(f"{rid}: {count} answers, {changed} changed -> {path_for(rid).relative_to(ROOT)}")
