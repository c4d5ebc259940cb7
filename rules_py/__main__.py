"""Command line: ``python -m rules_py list|roll|odds|action …`` (French output).

    python -m rules_py list [--json]
    python -m rules_py roll ROLLER name=value … [--dice 4,6,2] [--seed N] [--json]
    python -m rules_py odds ROLLER name=value … [--json]
    python -m rules_py action ROLLER ACTION --state FILE|- name=value … [--dice …] [--seed N] [--json]

A bad input exits with status 2 and one French sentence on stderr.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Sequence

from .api import call

USAGE = (
    "Usage : python -m rules_py list [--json]\n"
    "        python -m rules_py roll LANCEUR nom=valeur … [--dice 4,6,2] [--seed N] [--json]\n"
    "        python -m rules_py odds LANCEUR nom=valeur … [--json]\n"
    "        python -m rules_py action LANCEUR ACTION --state FICHIER|- nom=valeur … [--json]"
)


class UsageError(Exception):
    pass


def _parse(argv: Sequence[str]) -> tuple[dict[str, Any], bool]:
    if not argv or argv[0] in ("-h", "--help", "aide"):
        raise UsageError("")
    op, rest = argv[0], list(argv[1:])
    if op not in ("list", "roll", "odds", "action"):
        raise UsageError(f"Commande inconnue « {op} » : les commandes sont list, roll, odds, action.")
    request: dict[str, Any] = {"op": op}
    as_json = False
    params: dict[str, str] = {}
    positional: list[str] = []
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg == "--json":
            as_json = True
        elif arg in ("--dice", "--seed", "--state"):
            if i + 1 >= len(rest):
                raise UsageError(f"L'option {arg} attend une valeur.")
            value = rest[i + 1]
            i += 1
            if arg == "--dice":
                request["dice"] = value
            elif arg == "--seed":
                request["seed"] = value
            else:
                request["state"] = _read_state(value)
        elif arg.startswith("--"):
            raise UsageError(f"Option inconnue « {arg} » : les options sont --dice, --seed, --state, --json.")
        elif "=" in arg:
            name, _, value = arg.partition("=")
            params[name.strip()] = value
        else:
            positional.append(arg)
        i += 1
    wanted = {"list": 0, "roll": 1, "odds": 1, "action": 2}[op]
    if len(positional) != wanted:
        raise UsageError(
            "Cette commande n'attend pas de lanceur." if wanted == 0
            else f"La commande {op} attend {'un lanceur' if wanted == 1 else 'un lanceur et une action'} (voir « python -m rules_py list »)."
        )
    if wanted:
        request["roller"] = positional[0]
    if wanted == 2:
        request["action"] = positional[1]
        request.setdefault("state", None)
    if params:
        request["params"] = params
    return request, as_json


def _read_state(where: str) -> Any:
    try:
        text = sys.stdin.read() if where == "-" else open(where, encoding="utf-8").read()
        data = json.loads(text)
    except (OSError, ValueError):
        raise UsageError(f"État (--state) : impossible de lire un JSON dans « {where} ».") from None
    # accept a whole previous answer ({"ok":…, "result": {"etat": …}}) or a result or a bare state
    if isinstance(data, dict) and isinstance(data.get("result"), dict):
        data = data["result"]
    if isinstance(data, dict) and isinstance(data.get("etat"), dict):
        data = data["etat"]
    return data


# ----------------------------------------------------------------------
# Readable French text
# ----------------------------------------------------------------------

def _pct(p: float) -> str:
    return f"{100 * p:.2f} %".replace(".", ",")


def _text_list(rollers: list[dict[str, Any]]) -> str:
    lines = []
    for r in rollers:
        lines.append(f"{r['id']} — {r['titre']}")
        for p in r["parametres"]:
            if "choix" in p:
                allowed = " | ".join(c["valeur"] for c in p["choix"])
            elif "min" in p:
                allowed = f"{p['min']}..{p['max']}"
            else:
                allowed = p["type"]
            default = "" if p["defaut"] is None else f" (défaut : {_value(p['defaut'])})"
            lines.append(f"    {p['nom']} = {allowed}{default} — {p['libelle']}")
    return "\n".join(lines)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)


def _text_roll(res: dict[str, Any]) -> str:
    lines = []
    for g in res.get("des", []):
        shown = "  ".join(
            f"[{d['valeur']}]" + (f" {d['marque']}" if d.get("marque") else "") for d in g["des"]
        )
        lines.append(f"{g['titre']} : {shown}")
    lines += list(res.get("calcul", []))
    lines.append(f"Résultat : {res['resultat']}")
    lines += [f"Note : {n}" for n in res.get("notes", [])]
    if res.get("tirage"):
        lines.append("Rejouer : --dice " + ",".join(str(x) for x in res["tirage"]))
    return "\n".join(lines)


def _text_odds(res: dict[str, Any]) -> str:
    lines = [f"Chances exactes ({res['roller']}) :"]
    for label, p in res["issues"].items():
        lines.append(f"  {label} : {_pct(p)}")
    if res.get("reussite") is not None:
        lines.append(f"Réussite : {_pct(res['reussite'])}")
    lines += [f"Note : {n}" for n in res.get("notes", [])]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        request, as_json = _parse(argv)
    except UsageError as err:
        if str(err):
            print(str(err), file=sys.stderr)
            return 2
        print(USAGE)
        return 0
    answer = call(request)
    if not answer["ok"]:
        print(answer["error"], file=sys.stderr)
        return 2
    result = answer["result"]
    if as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    elif request["op"] == "list":
        print(_text_list(result))
    elif request["op"] == "odds":
        print(_text_odds(result))
    else:
        print(_text_roll(result))
    return 0


def run() -> int:
    """``main`` for a shell: a reader closing the pipe early (``| head``) is not an error."""
    try:
        return main()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
        return 0


if __name__ == "__main__":
    sys.exit(run())
