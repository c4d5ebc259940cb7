"""Command line: ``python -m rules_py list|roll|odds|action|fiche …`` (French output).

    python -m rules_py list [LANCEUR] [--json]
    python -m rules_py roll LANCEUR nom=valeur … [--dice 4,6,2 [--reels]] [--seed N] [--save FICHIER] [--json]
                            [--fiche FICHIER …] [--ecrire]
    python -m rules_py odds LANCEUR nom=valeur … [--json] [--fiche FICHIER …]
    python -m rules_py action LANCEUR ACTION --state FICHIER|- nom=valeur … [--dice … [--reels]] [--seed N]
                              [--save FICHIER] [--json] [--fiche FICHIER …] [--ecrire]
    python -m rules_py fiche exemple|nouvelle|verifier|schema|suite …

The same CLI is installed as the ``des-et-lames`` command (``run``). After a
roll or an action the text lists the follow-ups possible now, each with the
command that runs it, and why the others are not possible. A bad input exits
with status 2 and one French sentence on stderr.

Sheets (« Mes personnages »): ``--fiche FICHIER`` and the other sheet options
fill a roller from sheet files, ``--ecrire`` writes back what a result changed,
``fiche …`` prints, checks and creates sheets (``rules_py/cli/sheets.py``).

This module and the ``cli`` package (its text, its files, its sheet commands)
are the CLI: the site ships every other module of rules_py to the browser,
and the CLI has no business there.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Sequence
from typing import Any

from .api import call
from .cli.files import UsageError, Write, read_state, write_all
from .cli.sheets import SHEET_OPTIONS, SUBCOMMANDS, SheetFiles, lines_after, lines_before, run_fiche
from .cli.text import follow_ups, text_list, text_odds, text_result, typeset, value_text
from .typography import reader

__all__ = ["COMMANDS", "UsageError", "Request", "parse", "usage", "main", "run", "read_state"]

COMMANDS = ("list", "roll", "odds", "action", "fiche")
_HELP = ("-h", "--help", "aide")
_VALUED = ("--dice", "--seed", "--state", "--save")
DEFAULT_STATE_FILE = "jet.json"
_SHEETS_HELP = (
    "  --fiche FICHIER          remplit le lanceur depuis une fiche (répétée : une équipe) ; les éléments,\n"
    "                           compétences, relations se nomment (elements=Pilote,Volontaire)\n"
    "  --fiche-defense FICHIER  la fiche de l’autre personnage (solaires.opposition)\n"
    "  --fiche-b FICHIER        la fiche du camp B (répétée : une équipe)\n"
    "  --reserve FICHIER        la Réserve du meneur (Simon Système)\n"
    "  --assistant FICHIER:ÉLÉMENT, --assistant-b FICHIER:ÉLÉMENT   un assistant depuis sa fiche (Féerie)\n"
)


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
            "  --reels        avec --dice : ce sont les dés (ou les cartes) de la table, le jet dit « dés réels »\n"
            "  --seed N       rend le jet reproductible\n"
            "  --save FICHIER garde l’état du résultat pour enchaîner (action … --state FICHIER)\n"
            "  --json         affiche le résultat complet en JSON\n" + _SHEETS_HELP + "  --ecrire       "
            "écrit dans leurs fichiers les fiches que le résultat change (en entier ou pas du tout)"
        ),
        "odds": (
            f"Usage : {prog} odds LANCEUR nom=valeur … [--json] [--fiche FICHIER …]\n"
            "Donne les chances exactes de chaque issue, en pourcentage (et « 1 chance sur N » sous 1 %) ;\n"
            "--json donne aussi les fractions exactes.\n" + _SHEETS_HELP
        ),
        "action": (
            f"Usage : {prog} action LANCEUR ACTION --state FICHIER|- nom=valeur … [--dice …] [--seed N]\n"
            "        [--save FICHIER] [--json]\n"
            "Joue une suite (relancer un dé, ajouter un dé, jouer un tour…) sur l’état d’un résultat\n"
            "gardé par --save (ou par --json > FICHIER) ; « - » lit l’état sur l’entrée standard.\n"
            "Les suites possibles et leurs commandes sont affichées après chaque jet ; avec des fiches,\n"
            "redonnez-les (--fiche … --ecrire) pour que la suite écrive ce qu’elle change."
        ),
        "fiche": (
            f"Usage : {prog} fiche exemple JEU [NOM] | nouvelle JEU [EXEMPLE] | verifier FICHIER | schema JEU\n"
            "        [| suite FICHIER SUITE nom=valeur … [--dice …] [--seed N] [--ecrire]]\n"
            "Les fiches de personnage (JEU : solaires, feerie, simon, dcda) :\n"
            "  exemple   affiche en JSON une fiche d’exemple du livre (la première, ou celle nommée)\n"
            "  nouvelle  affiche en JSON une nouvelle fiche (vide, ou copiée d’un exemple), d’identifiant neuf ;\n"
            "            « nouvelle simon reserve » : une nouvelle Réserve du meneur\n"
            "  verifier  vérifie une fiche (ou une sauvegarde, « Tout exporter ») : une phrase en français si elle est fausse\n"
            "  schema    affiche en JSON les champs de la fiche et ce que chaque lanceur y prend\n"
            "  suite     ajoute un état (ajouter_etat), tire une nouvelle fortune (nouvelle_fortune)…\n"
            "Avec roll, odds et action, --fiche FICHIER remplit le lanceur (voir roll --help)."
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
        self.revisions: Any = None  # the revisions of the sheets the state's result left (its file says them)
        self.save: str | None = None
        self.as_json = False
        self.reels = False
        self.help = False
        self.sheets = SheetFiles()

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
        if self.reels:
            request["reels"] = True
        if self.sheets.any() and self.op in ("roll", "odds", "action"):
            self.sheets.add_to(request, self.positional[0])
            if self.op == "action" and self.sheets.write and self.revisions is not None:
                request["revisions"] = self.revisions  # never written twice, nor over a newer sheet
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
        elif arg == "--ecrire":
            req.sheets.write = True
        elif arg == "--reels":
            req.reels = True
        elif arg in SHEET_OPTIONS:
            i += 1
            req.sheets.add(arg, _value(rest, i, arg))
        elif arg in _VALUED:
            i += 1
            _value(rest, i, arg)
            attribute = {"--dice": "dice", "--seed": "seed", "--state": "state_path", "--save": "save"}[arg]
            if getattr(req, attribute) is not None:
                raise UsageError(
                    f"L’option {arg} est donnée deux fois (« {getattr(req, attribute)} » puis « {rest[i]} ») ; "
                    "donnez-la une seule fois."
                )
            setattr(req, attribute, rest[i])
        elif arg.startswith("--"):
            options = ", ".join((*_VALUED, *SHEET_OPTIONS, "--ecrire", "--reels", "--json", "--help"))
            raise UsageError(f"Option inconnue « {arg} » : les options sont {options}.")
        elif "=" in arg:
            name, _, value = arg.partition("=")
            req.params.append((name.strip(), value))
        else:
            req.positional.append(arg)
        i += 1
    if req.help:
        return req
    if req.op == "fiche":
        return _parse_fiche(req)
    if req.sheets.any() and req.op == "list" or req.sheets.write and req.op in ("list", "odds"):
        raise UsageError(
            f"La commande {req.op} n’écrit aucune fiche : ni --ecrire, ni --fiche ici."
            if req.op == "list"
            else "La commande odds n’écrit aucune fiche : --ecrire sert à roll et action."
        )
    wanted = {"list": (0, 1), "roll": (1, 1), "odds": (1, 1), "action": (2, 2)}[req.op]
    if not wanted[0] <= len(req.positional) <= wanted[1]:
        what = {"roll": "un lanceur", "odds": "un lanceur", "action": "un lanceur et une action"}.get(req.op)
        raise UsageError(
            "La commande list attend au plus un lanceur."
            if what is None
            else f"La commande {req.op} attend {what} (voir « list » et « {req.op} --help »)."
        )
    if req.op in ("list", "odds") and (req.dice or req.seed or req.save or req.state_path or req.reels):
        raise UsageError(f"La commande {req.op} n’accepte ni --dice, ni --reels, ni --seed, ni --save, ni --state.")
    if req.op == "roll" and req.state_path:
        raise UsageError("L’option --state sert à la commande action, pas à roll.")
    if req.op == "action":
        if req.state_path is None:
            raise UsageError("La commande action attend --state FICHIER (l’état gardé par roll … --save FICHIER).")
        req.state, req.revisions = read_state(req.state_path)
    return req


def _value(rest: list[str], i: int, option: str) -> str:
    """The value of ``option`` at ``rest[i]``: there, and not empty (never read as « not given » in silence)."""
    if i >= len(rest):
        raise UsageError(f"L’option {option} attend une valeur.")
    if not rest[i].strip():
        raise UsageError(f"L’option {option} attend une valeur, reçu une valeur vide.")
    return rest[i]


def _parse_fiche(req: Request) -> Request:
    sub = req.positional[0] if req.positional else None
    if sub not in SUBCOMMANDS:
        raise UsageError(
            f"La commande fiche attend {', '.join(SUBCOMMANDS)} (voir « fiche --help »)"
            + (f", reçu « {sub} »." if sub else ".")
        )
    lo, hi = SUBCOMMANDS[sub]
    what = "un FICHIER et une SUITE" if sub == "suite" else ("un FICHIER" if sub == "verifier" else "un JEU")
    if not lo <= len(req.positional) - 1 <= hi:
        raise UsageError(f"La commande fiche {sub} attend {what} (voir « fiche --help »).")
    if sub != "suite" and (req.params or req.dice or req.seed or req.sheets.write):
        raise UsageError(f"La commande fiche {sub} n’accepte ni nom=valeur, ni --dice, ni --seed, ni --ecrire.")
    if req.sheets.any() or req.save or req.state_path:
        raise UsageError("La commande fiche prend ses fichiers en arguments : ni --fiche, ni --save, ni --state.")
    if req.reels:
        raise UsageError("La commande fiche n’accepte pas --reels (réservé à roll et action).")
    return req


# ----------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------


def _again(req: Request, prog: str, dice: list[Any], save: str, result: dict[str, Any]) -> str:
    """The command that plays this step again with the same dice and keeps its state.

    A roll from sheets is given again with the values the sheets gave (the sheets may have
    changed since, and playing it again from them must not write its changes twice)."""
    words = [*prog.split(), req.op, *req.positional]
    if req.op == "action":
        words += ["--state", req.state_path or "-"]
    if req.sheets.any() and req.op == "roll" and isinstance(result.get("parametres"), dict):
        words += [f"{k}={value_text(v)}" for k, v in result["parametres"].items() if v is not None]
    else:
        words += [f"{k}={v}" for k, v in req.params]
    if dice:
        words += ["--dice", ",".join(str(x) for x in dice)] + (["--reels"] if result.get("reels") else [])
    return shlex.join([*words, "--save", save])


def _described_actions(roller: str) -> dict[str, list[dict[str, Any]]]:
    answer = call({"op": "describe", "roller": roller})
    if not answer["ok"]:
        return {}
    return {a["id"]: a["parametres"] for a in answer["result"].get("actions", [])}


def _roll_text(req: Request, result: dict[str, Any], prog: str, written: list[str]) -> str:
    lines = lines_before(result) + text_result(result)
    tirage = result.get("tirage") or []
    if tirage:
        what = "cette suite" if req.op == "action" else "ce jet"
        lines.append(
            f"Rejouer {what} : --dice " + ",".join(str(x) for x in tirage) + (" --reels" if result.get("reels") else "")
        )
    offers = result.get("actions") or []
    if offers:
        state_file = req.save or DEFAULT_STATE_FILE
        if req.save:
            lines.append(f"État gardé dans {req.save}.")
        elif any(o.get("possible") for o in offers if isinstance(o, dict)):
            same = " (mêmes dés)" if tirage else ""
            lines.append(f"Pour enchaîner, gardez l’état de ce résultat{same} :")
            lines.append("  " + _again(req, prog, tirage, state_file, result))
        lines += follow_ups(result, prog, state_file, _described_actions(result["roller"]), req.sheets.options())
    lines += lines_after(result, req.sheets, written, prog)
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
        if req.op == "fiche":
            data, shown = run_fiche(req.positional[0], req.positional[1:], req.params, req.sheets, req.dice, req.seed)
            print(json.dumps(data, ensure_ascii=False, indent=2) if shown is None or req.as_json else shown)
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
        writes = req.sheets.write_back(result) if req.sheets.write else []
        if req.save:
            writes.insert(0, Write(req.save, result, "Enregistrement (--save)"))
        write_all(writes)  # the state and the sheets: all written, or none
        written = [w.path for w in writes if w.option != "Enregistrement (--save)"]
    except UsageError as err:
        print(reader(str(err)), file=sys.stderr)
        return 2
    if req.as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    elif req.op == "list":
        print(typeset(text_list(result, details=len(result) == 1), prog))
    elif req.op == "odds":
        print(typeset(text_odds(result), prog))
    else:
        print(typeset(_roll_text(req, result, prog, written), prog))
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
