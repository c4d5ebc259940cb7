"""Command line: ``python -m rules_py list|roll|odds|action …`` (French output).

    python -m rules_py list [LANCEUR] [--json]
    python -m rules_py roll LANCEUR nom=valeur … [--dice 4,6,2] [--seed N] [--save FICHIER] [--json]
    python -m rules_py odds LANCEUR nom=valeur … [--json]
    python -m rules_py action LANCEUR ACTION --state FICHIER|- nom=valeur … [--dice …] [--seed N]
                              [--save FICHIER] [--json]

The same CLI is installed as the ``des-et-lames`` command (``run``). After a
roll or an action the text lists the follow-ups possible now, each with the
command that runs it, and why the others are not possible. A bad input exits
with status 2 and one French sentence on stderr.

This module is the CLI's only file on purpose: the site ships every other
``rules_py/*.py`` to the browser, and the CLI has no business there.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .api import call
from .typography import fr

COMMANDS = ("list", "roll", "odds", "action")
_HELP = ("-h", "--help", "aide")
_VALUED = ("--dice", "--seed", "--state", "--save")
DEFAULT_STATE_FILE = "jet.json"


def _usage(prog: str) -> dict[str, str]:
    return {
        "list": (
            f"Usage : {prog} list [LANCEUR] [--json]\n"
            "Liste les lanceurs, leurs paramètres (valeurs permises, défauts, listes) et leurs suites ;\n"
            "avec un LANCEUR, ce seul lanceur."
        ),
        "roll": (
            f"Usage : {prog} roll LANCEUR nom=valeur … [--dice 4,6,2] [--seed N] [--save FICHIER] [--json]\n"
            "Lance les dés. Les listes s’écrivent 3,2 et les booléens true/false ; les choix se lisent\n"
            "sans souci de majuscules ni d’accents (Débutant, amplifiée).\n"
            "  --dice V,V,…   impose les dés (ou les cartes, 7-dagues) : rejoue un jet\n"
            "  --seed N       rend le jet reproductible\n"
            "  --save FICHIER garde l’état du résultat pour enchaîner (action … --state FICHIER)\n"
            "  --json         affiche le résultat complet en JSON"
        ),
        "odds": (
            f"Usage : {prog} odds LANCEUR nom=valeur … [--json]\n"
            "Donne les chances exactes de chaque issue (pourcentage et fraction exacte)."
        ),
        "action": (
            f"Usage : {prog} action LANCEUR ACTION --state FICHIER|- nom=valeur … [--dice …] [--seed N]\n"
            "        [--save FICHIER] [--json]\n"
            "Joue une suite (relancer un dé, ajouter un dé, jouer un tour…) sur l’état d’un résultat\n"
            "gardé par --save (ou par --json > FICHIER) ; « - » lit l’état sur l’entrée standard.\n"
            "Les suites possibles et leurs commandes sont affichées après chaque jet."
        ),
    }


def usage(prog: str, command: str | None = None) -> str:
    texts = _usage(prog)
    if command in texts:
        return texts[command]
    synopsis = [
        line
        for text in texts.values()
        for i, line in enumerate(text.splitlines())
        if i == 0 or line.startswith("        [")  # the synopsis and its continuation
    ]
    return "\n".join(synopsis) + f"\nAide d’une commande : {prog} COMMANDE --help"


class UsageError(Exception):
    pass


class Request:
    """What the command line asks for, parsed."""

    def __init__(self) -> None:
        self.op = ""
        self.positional: list[str] = []
        self.params: list[tuple[str, str]] = []  # in order, a name given twice kept twice (the rules refuse it)
        self.dice: str | None = None
        self.seed: str | None = None
        self.state_path: str | None = None
        self.state: Any = None
        self.save: str | None = None
        self.as_json = False
        self.help = False

    def api(self) -> dict[str, Any]:
        request: dict[str, Any] = {"op": self.op}
        if self.op in ("roll", "odds", "action"):
            request["roller"] = self.positional[0]
        if self.op == "action":
            request["action"] = self.positional[1]
            request["state"] = self.state
        if self.params:
            request["params"] = [list(pair) for pair in self.params]
        if self.dice is not None:
            request["dice"] = self.dice
        if self.seed is not None:
            request["seed"] = self.seed
        return request


def parse(argv: Sequence[str]) -> Request:
    req = Request()
    if not argv or argv[0] in _HELP:
        req.help = True
        return req
    req.op, rest = argv[0], list(argv[1:])
    if req.op not in COMMANDS:
        raise UsageError(f"Commande inconnue « {req.op} » : les commandes sont {', '.join(COMMANDS)}.")
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg in _HELP:
            req.help = True
        elif arg == "--json":
            req.as_json = True
        elif arg in _VALUED:
            if i + 1 >= len(rest):
                raise UsageError(f"L’option {arg} attend une valeur.")
            i += 1
            attribute = {"--dice": "dice", "--seed": "seed", "--state": "state_path", "--save": "save"}[arg]
            if getattr(req, attribute) is not None:
                raise UsageError(
                    f"L’option {arg} est donnée deux fois (« {getattr(req, attribute)} » puis « {rest[i]} ») ; "
                    "donnez-la une seule fois."
                )
            setattr(req, attribute, rest[i])
        elif arg.startswith("--"):
            options = ", ".join((*_VALUED, "--json", "--help"))
            raise UsageError(f"Option inconnue « {arg} » : les options sont {options}.")
        elif "=" in arg:
            name, _, value = arg.partition("=")
            req.params.append((name.strip(), value))
        else:
            req.positional.append(arg)
        i += 1
    if req.help:
        return req
    wanted = {"list": (0, 1), "roll": (1, 1), "odds": (1, 1), "action": (2, 2)}[req.op]
    if not wanted[0] <= len(req.positional) <= wanted[1]:
        what = {"roll": "un lanceur", "odds": "un lanceur", "action": "un lanceur et une action"}.get(req.op)
        raise UsageError(
            "La commande list attend au plus un lanceur."
            if what is None
            else f"La commande {req.op} attend {what} (voir « list » et « {req.op} --help »)."
        )
    if req.op in ("list", "odds") and (req.dice or req.seed or req.save or req.state_path):
        raise UsageError(f"La commande {req.op} n’accepte ni --dice, ni --seed, ni --save, ni --state.")
    if req.op == "roll" and req.state_path:
        raise UsageError("L’option --state sert à la commande action, pas à roll.")
    if req.op == "action":
        if req.state_path is None:
            raise UsageError("La commande action attend --state FICHIER (l’état gardé par roll … --save FICHIER).")
        req.state = read_state(req.state_path)
    return req


def read_state(where: str) -> Any:
    try:
        if where == "-":
            text = sys.stdin.read()
        else:
            with open(where, encoding="utf-8") as handle:
                text = handle.read()
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


def percent(p: float, exact: str | None = None, with_fraction: bool = True) -> str:
    """« 31,74 % (…) » ; a possible but tiny chance is « < 0,01 % », never « 0,00 % »."""
    value = Fraction(exact) if exact else Fraction(p)
    if 0 < value < Fraction(1, 10_000):
        text = "< 0,01 %"
    elif Fraction(9_999, 10_000) < value < 1:
        text = "> 99,99 %"
    else:
        text = f"{100 * float(value):.2f} %".replace(".", ",")
    return f"{text} ({exact})" if exact and with_fraction else text


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)


def _allowed(p: dict[str, Any]) -> str:
    if "choix" in p:
        return " | ".join(c["valeur"] for c in p["choix"])
    if p["type"] == "bool":
        return "true | false"
    if p["type"] == "text":
        return f"texte (au plus {p.get('max_longueur', 60)} caractères)"
    bounds = f"{p['min']}..{p['max']}" if "min" in p else "entier"
    if p["type"] == "ints":
        lo, hi = p["min_elements"], p["max_elements"]
        count = f"d’exactement {lo}" if lo == hi else (f"d’au plus {hi}" if lo == 0 else f"de {lo} à {hi}")
        return f"liste {count} entiers {bounds}, séparés par des virgules"
    return bounds


def param_line(p: dict[str, Any], indent: str = "    ") -> str:
    default = p.get("defaut")
    extra = ""
    if p.get("requis"):
        extra = " (obligatoire)"
    elif default is not None and not (isinstance(default, (str, list, tuple)) and len(default) == 0):
        extra = f" (défaut : {_value(default)})"
    return f"{indent}{p['nom']} = {_allowed(p)}{extra} — {p['libelle']}"


def text_list(rollers: list[dict[str, Any]], details: bool = False) -> str:
    """The rollers and their parameters; ``details``: each parameter's help below it (one roller's help)."""
    lines = []
    for r in rollers:
        lines.append(f"{r['id']} — {r['titre']}")
        if r.get("resume"):
            lines.append(f"  {r['resume']}")
        for p in r["parametres"]:
            lines.append(param_line(p))
            if details and p.get("aide"):
                lines.append(f"        {p['aide']}")
        if r.get("actions"):
            lines.append("  Suites (commande action, après un jet) :")
            for a in r["actions"]:
                lines.append(f"    {a['id']} — {a['libelle']}")
                for p in a["parametres"]:
                    lines.append(param_line(p, "        "))
                    if details and p.get("aide"):
                        lines.append(f"            {p['aide']}")
    return "\n".join(lines)


def typeset(text: str, prog: str) -> str:
    """French spaces in the CLI's own text (:func:`~rules_py.typography.fr`, as the door does for the
    rules' answers), line by line; a command line to copy is left exactly as it runs."""
    return "\n".join(line if line.lstrip().startswith(prog) else fr(line) for line in text.split("\n"))


def _die_text(d: dict[str, Any]) -> str:
    shown = d.get("libelle") or d["valeur"]
    return f"[{shown}]" + (f" {d['marque']}" if d.get("marque") else "")


# Result fields the text shows in its own way; any other list of French lines is shown as is.
_CONSUMED = {"roller", "parametres", "resultat", "reussite", "des", "calcul", "notes", "tirage", "etat", "actions"}
_TITLES = {
    "oppositions": "Où en est chaque opposition",
    "issues_possibles": "Issues possibles (Table de confrontation de votre fiche)",
}


def _extra_lines(res: dict[str, Any]) -> list[str]:
    """Standing lines a result carries (a confrontation's oppositions, its outcome…), printed generically."""
    lines: list[str] = []
    for key, value in res.items():
        if key in _CONSUMED or not isinstance(value, list) or not value:
            continue
        texts = [v if isinstance(v, str) else v.get("texte") if isinstance(v, dict) else None for v in value]
        if not all(isinstance(t, str) and t for t in texts):
            continue
        lines.append(f"{_TITLES.get(key, key.replace('_', ' ').capitalize())} :")
        lines += [f"  - {t}" for t in texts]
    for key in ("fin", "bilan", "situation"):  # prose only: « tour4 » is a code, not a sentence
        if isinstance(res.get(key), str) and " " in res[key].strip():
            lines.append(f"{key.capitalize()} : {res[key]}")
    return lines


def _asked_fields(
    offer: dict[str, Any], described: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(fixed values, fields to ask) of an offer: its ``parametres`` is either its list of
    fields or fixed values for the action's described fields (None: to be asked)."""
    given = offer.get("parametres")
    if isinstance(given, list):
        return {}, [f for f in given if isinstance(f, dict) and "nom" in f]
    fixed = given if isinstance(given, dict) else {}
    asked = [f for f in described if fixed.get(f["nom"]) is None]
    return {k: v for k, v in fixed.items() if v is not None}, asked


def _field_help(f: dict[str, Any], indent: str) -> list[str]:
    optional = "" if f.get("requis") else ", facultatif"
    head = f"{indent}{f['nom']} ({f['libelle']}{optional}) : "
    if "choix" not in f:
        return [head + _allowed(f) + (f" — {f['aide']}" if f.get("aide") else "")]
    options = [f"{c['valeur']} = {c['libelle']}" if c["libelle"] != c["valeur"] else c["valeur"] for c in f["choix"]]
    if len(" ; ".join(options)) <= 90:
        return [head + " ; ".join(options)]
    return [head.rstrip()] + [f"{indent}    {o}" for o in options]


def follow_ups(
    res: dict[str, Any], prog: str, state_file: str, described: dict[str, list[dict[str, Any]]]
) -> list[str]:
    offers = [o for o in res.get("actions") or [] if isinstance(o, dict)]
    possible = [o for o in offers if o.get("possible")]
    impossible = [o for o in offers if not o.get("possible")]
    lines: list[str] = []
    if possible:
        lines.append("Suites possibles maintenant :")
        for o in possible:
            fixed, asked = _asked_fields(o, described.get(o["id"], []))
            words = [*prog.split(), "action", res["roller"], o["id"], "--state", state_file]
            words += [f"{k}={_value(v)}" for k, v in fixed.items()]
            command = shlex.join(words) + "".join(
                f" {f['nom']}=…" if f.get("requis") else f" [{f['nom']}=…]" for f in asked
            )
            lines.append(f"  - {o['libelle']}")
            lines.append(f"      {command}")
            for f in asked:
                lines += _field_help(f, "      ")
    if impossible:
        lines.append("Pas possible maintenant :")
        lines += [
            f"  - {o['libelle']} : {o.get('raison') or 'non permis par les règles à ce moment.'}" for o in impossible
        ]
    return lines


def text_result(res: dict[str, Any]) -> list[str]:
    lines = []
    for g in res.get("des") or []:
        if g.get("des"):
            lines.append(f"{g['titre']} : " + "  ".join(_die_text(d) for d in g["des"]))
    lines += list(res.get("calcul") or [])
    lines.append(f"Résultat : {res['resultat']}")
    lines += _extra_lines(res)
    lines += [f"Note : {n}" for n in res.get("notes") or []]
    return lines


def text_odds(res: dict[str, Any]) -> str:
    exact = res.get("exact") or {}
    lines = [f"Chances exactes ({res['roller']}) :"]
    for label, p in res["issues"].items():
        lines.append(f"  {label} : {percent(p, exact.get(label))}")
    success = res.get("reussite")
    if success is not None:
        whole = res.get("reussite_exacte")
        same = [label for label in res["issues"] if label == "Réussite" and exact.get(label) == whole]
        if not same:  # never the same label twice
            lines.append(f"Chances de réussite, en tout : {percent(success, whole)}")
    lines += _scale_lines(res.get("echelle"))
    lines += [f"Note : {n}" for n in res.get("notes") or []]
    return "\n".join(lines)


def _scale_lines(scale: dict[str, Any] | None) -> list[str]:
    """An ordered outcome as a table: each value, exactly, at least, at most."""
    if not scale:
        return []
    rows = [[scale["titre"], "exactement", "au moins", "au plus"]]
    for i, label in enumerate(scale["libelles"]):
        rows.append(
            [label]
            + [
                percent(scale[way]["probas"][i], scale[way]["exact"][i], False)
                for way in ("exactement", "au_moins", "au_plus")
            ]
        )
    widths = [max(len(row[c]) for row in rows) for c in range(4)]
    return [""] + [
        "  "
        + "  ".join(
            cell.rjust(w) if c else cell.ljust(w) for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


# ----------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------


def _again(req: Request, prog: str, dice: list[Any], save: str) -> str:
    """The command that plays this step again with the same dice and keeps its state."""
    words = [*prog.split(), req.op, *req.positional]
    if req.op == "action":
        words += ["--state", req.state_path or "-"]
    words += [f"{k}={v}" for k, v in req.params]
    if dice:
        words += ["--dice", ",".join(str(x) for x in dice)]
    return shlex.join([*words, "--save", save])


def _described_actions(roller: str) -> dict[str, list[dict[str, Any]]]:
    answer = call({"op": "describe", "roller": roller})
    if not answer["ok"]:
        return {}
    return {a["id"]: a["parametres"] for a in answer["result"].get("actions", [])}


def _save(path: str, result: dict[str, Any]) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(result, handle, ensure_ascii=False, indent=2)
            handle.write("\n")
    except OSError as err:
        raise UsageError(f"Enregistrement (--save) : impossible d’écrire « {path} » ({err.strerror}).") from None


def _roll_text(req: Request, result: dict[str, Any], prog: str) -> str:
    lines = text_result(result)
    tirage = result.get("tirage") or []
    if tirage:
        what = "cette suite" if req.op == "action" else "ce jet"
        lines.append(f"Rejouer {what} : --dice " + ",".join(str(x) for x in tirage))
    offers = result.get("actions") or []
    if offers:
        state_file = req.save or DEFAULT_STATE_FILE
        if req.save:
            lines.append(f"État gardé dans {req.save}.")
        elif any(o.get("possible") for o in offers if isinstance(o, dict)):
            same = " (mêmes dés)" if tirage else ""
            lines.append(f"Pour enchaîner, gardez l’état de ce résultat{same} :")
            lines.append("  " + _again(req, prog, tirage, state_file))
        lines += follow_ups(result, prog, state_file, _described_actions(result["roller"]))
    return "\n".join(lines)


def program_name(argv0: str | None = None) -> str:
    name = os.path.basename(argv0 if argv0 is not None else (sys.argv[0] if sys.argv else ""))
    return "des-et-lames" if name.startswith("des-et-lames") else "python -m rules_py"


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    prog = prog or program_name()
    try:
        req = parse(argv)
        if req.help:
            text = usage(prog, req.op or None)
            if req.op in ("roll", "odds", "action") and req.positional:
                answer = call({"op": "describe", "roller": req.positional[0]})
                if answer["ok"]:
                    text += "\n\n" + text_list([answer["result"]], details=True)
            print(typeset(text, prog))
            return 0
        answer = call(req.api())
        if not answer["ok"]:
            print(answer["error"], file=sys.stderr)
            return 2
        result = answer["result"]
        if req.op == "list" and req.positional:
            result = [r for r in result if r["id"] == req.positional[0]]
            if not result:
                answer = call({"op": "describe", "roller": req.positional[0]})
                print(answer.get("error", "Lanceur inconnu."), file=sys.stderr)
                return 2
        if req.save:
            _save(req.save, result)
    except UsageError as err:
        print(fr(str(err)), file=sys.stderr)
        return 2
    if req.as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    elif req.op == "list":
        print(typeset(text_list(result, details=len(result) == 1), prog))
    elif req.op == "odds":
        print(typeset(text_odds(result), prog))
    else:
        print(typeset(_roll_text(req, result, prog), prog))
    return 0


def run() -> int:
    """``main`` for a shell (the ``des-et-lames`` command): a reader closing the pipe early is not an error."""
    try:
        return main()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
        return 0


if __name__ == "__main__":
    sys.exit(run())
