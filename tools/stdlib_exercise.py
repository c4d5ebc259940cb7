"""Every roller, every follow-up action and every odds query, through rules_py's JSON door.

Pure standard library: the same file runs in CPython and in Pyodide (Node,
see tools/stdlib_trace.mjs), so the standard-library modules it makes Python
import are the ones the browser's engine needs. It goes through
``call_json`` (the worker's door) with:

- ``list`` and every roller's ``describe``;
- odds over a grid of each roller's parameters (bench/odds_grid.py's grid);
- rolls over the same grid, seeded, and replayed with ``dice``;
- every follow-up action each result offers, with valid and wrong values;
- wrong values in every field (the French refusals), and malformed requests;
- character sheets: every sheet operation on every game's example sheets, every roller that
  reads a sheet played from them (and its follow-ups, written back), hostile sheets.

``main()`` returns ``(count, digest)``: the number of requests and a SHA-256
of every answer, so two runtimes can be compared answer for answer.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random

from rules_py.api import call_json

SAMPLE = 40  # parameter combinations per roller (plus the extremes)
SEEDS = (1, 2, 3)
JUNK = ["", "abc", "-99", "99999999999", "2.5", "3,,2", "<img src=x>", "\u202e\u0000;--", "1,2,3,4,5,6,7,8,9"]


def values(p: dict) -> list:
    kind = p["type"]
    if kind == "int":
        return sorted({p["min"], p["max"], (p["min"] + p["max"]) // 2})
    if kind == "bool":
        return [False, True]
    if kind == "choice":
        return [c["valeur"] for c in p["choix"]]
    if kind == "ints":
        lo, hi = p["min"], p["max"]
        return [
            ",".join([str(hi)] * p["max_elements"]),
            ",".join([str(lo)] * p["min_elements"]),
            ",".join([str((lo + hi) // 2)] * max(1, p["min_elements"])),
        ]
    return [p["defaut"]] if p.get("defaut") is not None else ["x"]


def combos(fields: list[dict], rng: random.Random) -> list[dict]:
    options = [([None] if not p["requis"] else []) + values(p) for p in fields]
    total = 1
    for o in options:
        total *= len(o)
    if total <= SAMPLE:
        picked = list(itertools.product(*options))
    else:
        picked = [tuple(rng.choice(o) for o in options) for _ in range(SAMPLE)]
        picked.append(tuple(o[-1] for o in options))
    return [{p["nom"]: x for p, x in zip(fields, combo, strict=True) if x is not None} for combo in picked]


class Exercise:
    def __init__(self) -> None:
        self.count = 0
        self.hash = hashlib.sha256()

    def call(self, request: dict) -> dict:
        text = call_json(json.dumps(request))
        self.count += 1
        self.hash.update(text.encode())
        return json.loads(text)

    def run(self) -> tuple[int, str]:
        rng = random.Random(1)
        listed = self.call({"op": "list"})["result"]
        for request in ({}, {"op": "roll"}, {"op": "roll", "roller": "nope.x"}, {"op": "zzz"}, [1, 2]):
            self.call(request)  # type: ignore[arg-type]
        self.hash.update(call_json("{not json").encode())
        for entry in listed:
            rid = entry["id"]
            described = self.call({"op": "describe", "roller": rid})["result"]
            fields = described["parametres"]
            actions = {a["id"]: a for a in described.get("actions", [])}
            for params in combos(fields, rng):
                self.call({"op": "odds", "roller": rid, "params": params})
                for seed in SEEDS:
                    answer = self.call({"op": "roll", "roller": rid, "params": params, "seed": seed})
                    if answer["ok"]:
                        self.follow(rid, answer["result"], actions, rng, depth=2)
                        if seed == SEEDS[0]:
                            self.call(
                                {"op": "roll", "roller": rid, "params": params, "dice": answer["result"]["tirage"]}
                            )
            for p in fields:
                for junk in JUNK:
                    self.call({"op": "odds", "roller": rid, "params": {p["nom"]: junk}})
                    self.call({"op": "roll", "roller": rid, "params": {p["nom"]: junk}, "seed": 1})
            self.call({"op": "roll", "roller": rid, "params": {}, "dice": "1,2,zz"})
        self.sheets(rng)
        return self.count, self.hash.hexdigest()

    def sheets(self, rng: random.Random) -> None:
        """Every sheet operation, and every roller that reads a sheet played from the examples."""
        for game in ("solaires", "feerie", "simon", "dcda"):
            schema = self.call({"op": "sheet_schema", "jeu": game})["result"]
            examples = self.call({"op": "sheet_examples", "jeu": game})["result"]
            sheets, reserve = examples["fiches"], examples["reserve"]
            self.call({"op": "sheet_new", "jeu": game, "exemple": sheets[0]["id"], "seed": 1})
            self.call({"op": "sheet_new", "jeu": game, "objet": "reserve", "seed": 2})
            exported = self.call({"op": "sheet_export", "fiches": sheets})["result"]
            self.call({"op": "sheet_read", "contenu": json.dumps(exported["contenu"])})
            for sheet in sheets:
                self.call({"op": "sheet_check", "fiche": sheet})
                for junk in JUNK + [None, 7, [], {"x": 1}]:
                    field = rng.choice([f["nom"] for f in schema["champs"]])
                    self.call({"op": "sheet_check", "fiche": {**sheet, field: junk}})
            for binding in schema["lanceurs"]:
                rid = binding["lanceur"]
                keys = binding["fiches"]
                request = {"roller": rid, "fiche": sheets[0]}
                if len(keys) > 1 and keys[1] in ("fiche_b", "fiche_defense"):
                    request[keys[1]] = sheets[-1] if len(sheets) > 1 else {**sheets[0], "id": "autre"}
                if "reserve" in keys:
                    request["reserve"] = reserve
                choices = self.call({"op": "sheet_choices", **request})["result"]["choix"]
                for seed in SEEDS:
                    params = {name: rng.choice(offered)["valeur"] for name, offered in choices.items() if offered}
                    self.call({"op": "odds", **request, "params": params})
                    answer = self.call({"op": "roll", **request, "params": params, "seed": seed})
                    if not answer["ok"]:
                        continue
                    result = answer["result"]
                    for offer in result.get("suites_fiche") or []:
                        self.call(
                            {
                                "op": "sheet_followup",
                                "suite": offer["id"],
                                "fiche": result["fiche"],
                                "params": {"nom": "Choc", "score": 2},
                                "seed": 3,
                            }
                        )
                    for offer in result.get("actions") or []:
                        if not offer.get("possible"):
                            continue
                        fixed = offer.get("parametres") if isinstance(offer.get("parametres"), dict) else {}
                        follow = {k: result[k] for k in ("fiche", "fiche_b", "fiche_defense", "reserve") if k in result}
                        done = self.call(
                            {
                                "op": "action",
                                "roller": rid,
                                "action": offer["id"],
                                "state": result["etat"],
                                **follow,
                                "params": {**fixed, "de": 1},
                                "seed": 7,
                            }
                        )
                        if done["ok"] and done["result"]["modifications"]:
                            changes = done["result"]["modifications"]
                            self.call({"op": "sheet_apply", "fiche": sheets[0], "modifications": changes})
                            self.call(
                                {
                                    "op": "sheet_apply",
                                    "fiche": done["result"]["fiche"],
                                    "modifications": changes,
                                    "inverse": True,
                                }
                            )
            self.call({"op": "roll", "roller": schema["lanceurs"][0]["lanceur"], "fiche": {**sheets[0], "format": 9}})

    def follow(self, rid: str, result: dict, actions: dict, rng: random.Random, depth: int) -> None:
        """Every follow-up the result offers: valid values (then one step further), then wrong ones."""
        for offer in result.get("actions") or []:
            if not offer.get("possible"):
                continue
            listed = isinstance(offer.get("parametres"), list)
            fixed = {} if listed else {k: v for k, v in (offer.get("parametres") or {}).items() if v is not None}
            fields = offer["parametres"] if listed else actions.get(offer["id"], {}).get("parametres", [])
            asked = [p for p in fields if p["nom"] not in fixed]
            tries = combos(asked, rng)[:4] if asked else [{}]
            for params in tries:
                request = {
                    "op": "action",
                    "roller": rid,
                    "action": offer["id"],
                    "state": result.get("etat"),
                    "params": {**fixed, **params},
                    "seed": 7,
                }
                answer = self.call(request)
                if answer["ok"] and depth > 1:
                    self.follow(rid, answer["result"], actions, rng, depth - 1)
            for p in asked:
                self.call(
                    {
                        "op": "action",
                        "roller": rid,
                        "action": offer["id"],
                        "state": result.get("etat"),
                        "params": {**fixed, p["nom"]: JUNK[rng.randrange(len(JUNK))]},
                        "seed": 7,
                    }
                )
            self.call(
                {
                    "op": "action",
                    "roller": rid,
                    "action": offer["id"],
                    "state": {"forged": True},
                    "params": fixed,
                    "seed": 7,
                }
            )


def main() -> tuple[int, str]:
    return Exercise().run()


if __name__ == "__main__":
    count, digest = main()
    print(json.dumps({"count": count, "digest": digest}))
