"""The command line's sheets: ``fiche …`` commands, the sheets given to a roll, and ``--ecrire``.

    python -m rules_py fiche exemple JEU [NOM]         the book's example sheet (JSON)
    python -m rules_py fiche nouvelle JEU [EXEMPLE]    a new sheet, blank or copied from an example (JSON);
                                                       « simon reserve »: a new Réserve du meneur
    python -m rules_py fiche verifier FICHIER          checks a sheet, a Réserve or a backup (« Tout exporter »): exit 2 if wrong
    python -m rules_py fiche schema JEU                the fields of a game's sheet and what each roller takes (JSON)
    python -m rules_py fiche suite FICHIER SUITE nom=valeur … [--dice …] [--ecrire]

``roll``, ``odds`` and ``action`` take ``--fiche FICHIER`` (repeated: a team),
``--fiche-defense FICHIER`` (the other character of a Solaires opposition),
``--fiche-b FICHIER`` (the other side; repeated: a team), ``--reserve FICHIER``
(Simon's Réserve du meneur), ``--assistant FICHIER:ÉLÉMENT`` and
``--assistant-b FICHIER:ÉLÉMENT`` (Féerie's assistants). ``--ecrire`` writes
every sheet a result changed back to its file, with its ``modifie`` date: the files of one
command (its sheets and its ``--save``) all written, or none (:func:`~rules_py.cli.files.write_all`).
"""

from __future__ import annotations

import shlex
from datetime import UTC, datetime
from typing import Any

from ..api import call
from ..params import fold
from ..sheets.document import GAME_TITLES
from .files import UsageError, Write, read_json, write_all

__all__ = ["SUBCOMMANDS", "SHEET_OPTIONS", "SheetFiles", "lines_before", "lines_after", "run_fiche"]

#: ``fiche`` subcommands and their positional arguments (at least, at most).
SUBCOMMANDS = {"exemple": (1, 2), "nouvelle": (1, 2), "verifier": (1, 1), "schema": (1, 1), "suite": (2, 2)}
#: Options naming sheet files (each takes a value).
SHEET_OPTIONS = ("--fiche", "--fiche-defense", "--fiche-b", "--reserve", "--assistant", "--assistant-b")
_LABELS = {
    "--fiche": "Fiche (--fiche)",
    "--fiche-defense": "Fiche de l’autre personnage (--fiche-defense)",
    "--fiche-b": "Fiche du camp B (--fiche-b)",
    "--reserve": "Réserve du meneur (--reserve)",
    "--assistant": "Assistant (--assistant)",
    "--assistant-b": "Assistant du camp B (--assistant-b)",
}


def _draft_name(draft: dict[str, Any]) -> str:
    name = draft["fiche"].get("nom")
    return f"« {name.strip()} »" if isinstance(name, str) and name.strip() else "sans nom"


def now() -> str:
    """The ``modifie`` date of a sheet written now (UTC, ISO 8601)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class SheetFiles:
    """The sheet files of one command line: where each goes in the request, and writing them back."""

    def __init__(self) -> None:
        self.given: dict[str, list[str]] = {option: [] for option in SHEET_OPTIONS}
        self.write = False
        self.loaded: list[tuple[str, str, Any]] = []  # (the request's key, its path, the data read)

    def add(self, option: str, value: str) -> None:
        many = option in ("--fiche", "--fiche-b", "--assistant", "--assistant-b")
        if self.given[option] and not many:
            raise UsageError(f"{_LABELS[option]} : une seule fois.")
        self.given[option].append(value)

    def any(self) -> bool:
        return any(self.given.values())

    def options(self) -> tuple[str, ...]:
        """The sheet options to repeat in a follow-up's command."""
        words = [w for option, paths in self.given.items() for p in paths for w in (option, p)]
        return (*words, "--ecrire") if self.write else tuple(words)

    def _sheet(self, option: str, path: str) -> Any:
        return read_json(path, _LABELS[option], "une fiche JSON est attendue")

    def add_to(self, request: dict[str, Any], roller: str) -> None:
        """Read the files and put them in ``request`` (the assistants in its parameters)."""
        for option, one, many in (("--fiche", "fiche", "fiches_a"), ("--fiche-b", "fiche_b", "fiches_b")):
            paths = self.given[option]
            if len(paths) == 1:
                request[one] = self._load(option, paths[0], one)
            elif paths:
                request[many] = [self._load(option, p, f"{many}[{i}]") for i, p in enumerate(paths)]
        for option, key in (("--fiche-defense", "fiche_defense"), ("--reserve", "reserve")):
            if self.given[option]:
                request[key] = self._load(option, self.given[option][0], key)
        for option, side in (("--assistant", "a"), ("--assistant-b", "b")):
            if not self.given[option]:
                continue
            name = f"assistants_{side}" if roller == "feerie.opposition" else "assistants"
            if side == "b" and roller != "feerie.opposition":
                raise UsageError(f"{_LABELS[option]} : seulement pour feerie.opposition.")
            pairs = request.setdefault("params", [])
            typed = next((value for key, value in pairs if key == name), None)
            if typed is not None and not str(typed).strip():  # never dropped in silence
                raise UsageError(
                    f"Assistants ({name}) : reçu une valeur vide ; donnez des nombres de dés séparés par des "
                    f"virgules, ou ne donnez pas ce paramètre (les assistants de {option} suffisent)."
                )
            pairs[:] = [pair for pair in pairs if pair[0] != name]
            items: list[Any] = [x.strip() for x in str(typed).split(",") if x.strip()] if typed else []
            for value in self.given[option]:
                path, sep, element = value.rpartition(":")
                if not sep or not path or not element.strip():
                    raise UsageError(f"{_LABELS[option]} : FICHIER:ÉLÉMENT attendu, reçu « {value} ».")
                items.append({"fiche": self._sheet(option, path), "element": element.strip()})
            pairs.append([name, items])

    def _load(self, option: str, path: str, key: str) -> Any:
        data = self._sheet(option, path)
        self.loaded.append((key, path, data))
        return data

    def write_back(self, result: dict[str, Any]) -> list[Write]:
        """The files of every sheet the result changed, to write (with the command's other files: all or none)."""
        changed = {c.get("cible") for c in result.get("modifications") or [] if isinstance(c, dict)}
        writes = []
        date = now()
        for key, path, _ in self.loaded:
            if key not in changed:
                continue
            base, _, index = key.partition("[")
            after = result.get(base)
            if index:
                after = after[int(index.rstrip("]"))] if isinstance(after, list) else None
            if isinstance(after, dict):
                writes.append(Write(path, {**after, "modifie": date}, "Écriture (--ecrire)"))
        return writes

    def path_of(self, key: str) -> str | None:
        return next((path for k, path, _ in self.loaded if k == key), None)


def _shown(value: Any) -> str:
    if value is None:
        return "vide"
    if isinstance(value, dict):
        return f"« {value.get('nom', '')} » ({value.get('score', value.get('niveau', ''))})"
    return str(value)


def _places(roller: Any) -> dict[str, str]:
    """Each place a roller's sheets take, by its request key, in the page's words (« L’autre personnage »)."""
    game = str(roller).split(".", 1)[0]
    answer = call({"op": "sheet_schema", "jeu": game})
    bindings = answer["result"]["lanceurs"] if answer["ok"] else []
    found = next((b for b in bindings if b["lanceur"] == roller), None)
    return {p["cle"]: p["libelle"] for p in found["places"]} if found else {}


def lines_before(result: dict[str, Any]) -> list[str]:
    """Who rolls, each sheet under its place (« L’autre personnage : Lyra »), and what the sheets gave the roller."""
    names = [n for n in result.get("personnages") or [] if isinstance(n, dict)]
    if not names:
        return []
    places = _places(result.get("roller"))
    by_place: dict[str, list[str]] = {}
    for n in names:
        place = str(n.get("cible", "")).split("[", 1)[0]
        by_place.setdefault(places.get(place, "Personnage"), []).append(n["nom"])
    lines = [f"{place} : {', '.join(who)}" for place, who in by_place.items()]
    for record in result.get("remplissage") or []:
        lines.append(f"  {'D’après la fiche' if record.get('source') == 'fiche' else 'Donné'} : {record['texte']}")
    return lines


def lines_after(result: dict[str, Any], files: SheetFiles, written: list[str], prog: str) -> list[str]:
    """What the result changed on the sheets, what was written, and the sheets' own follow-ups."""
    lines = []
    changes = [c for c in result.get("modifications") or [] if isinstance(c, dict)]
    for c in changes:
        if "ajout" in c and c.get("avant") is not None:
            what = f"{_shown(c['avant'])} → {_shown(c['ajout'])}"
        elif "ajout" in c:
            what = f"+ {_shown(c['ajout'])}"
        elif "retrait" in c:
            what = f"− « {c['retrait']} »"
        else:
            what = f"{_shown(c['avant'])} → {_shown(c['apres'])}"
        lines.append(f"{c['personnage']} : {c['libelle']} {what} ({c['raison']})")
    if written:
        lines.append("Écrit : " + ", ".join(written) + ".")
    elif changes:
        lines.append("Rien n’est écrit : ajoutez --ecrire pour garder ces changements dans les fichiers.")
    offers = [o for o in result.get("suites_fiche") or [] if isinstance(o, dict)]
    if offers:
        lines.append("Suites de la fiche :")
        for o in offers:
            path = files.path_of(o["cible"]) or "FICHIER"
            fields = " ".join(f"{p['nom']}=…" if p.get("requis") else f"[{p['nom']}=…]" for p in o["parametres"])
            command = shlex.join([*prog.split(), "fiche", "suite", path, o["id"]])
            lines.append(f"  - {o['libelle']}")
            lines.append(f"      {command} {fields}".rstrip() + " --ecrire")
    return lines


def _answer(request: dict[str, Any]) -> Any:
    answer = call(request)
    if not answer["ok"]:
        raise UsageError(answer["error"])
    return answer["result"]


def run_fiche(
    sub: str, args: list[str], params: Any, files: SheetFiles, dice: str | None, seed: str | None
) -> tuple[Any, str | None]:
    """One ``fiche`` subcommand: (what ``--json`` prints, the French text; None: print the JSON)."""
    if sub in ("exemple", "nouvelle", "schema"):
        game = args[0]
        if sub == "schema":
            return _answer({"op": "sheet_schema", "jeu": game}), None
        if sub == "nouvelle":
            request: dict[str, Any] = {"op": "sheet_new", "jeu": game}
            if len(args) > 1 and fold(args[1]) == "reserve":
                return _answer({**request, "objet": "reserve"})["reserve"], None
            if len(args) > 1:
                request["exemple"] = args[1]
            return _answer(request)["fiche"], None
        found = _answer({"op": "sheet_examples", "jeu": game})["fiches"]
        if len(args) > 1:
            found = [s for s in found if fold(s["nom"]) == fold(args[1]) or s["id"] == args[1]]
            if not found:
                names = ", ".join(s["nom"] for s in _answer({"op": "sheet_examples", "jeu": game})["fiches"])
                raise UsageError(f"Exemple : les fiches d’exemple de ce jeu sont {names}, reçu « {args[1]} ».")
        return found[0], None
    if sub == "verifier":
        content = _answer({"op": "sheet_read", "contenu": read_json(args[0], "Fiche", "une fiche JSON est attendue")})
        lines = [
            f"Fiche valide : {s['nom']} ({GAME_TITLES[s['jeu']]}, format {s['format']})." for s in content["fiches"]
        ]
        lines += [
            f"Réserve valide : {r['nom']} ({r['porte_poisse']} points de porte-poisse)." for r in content["reserves"]
        ]
        lines += [
            f"Brouillon lu : {_draft_name(d)} ({GAME_TITLES[d['jeu']]}, saisi le {d['date']}), "
            "vérifié quand il sera enregistré."
            for d in content["brouillons"]
        ]
        return content, "\n".join(lines)
    # suite FICHIER SUITE
    path, followup = args
    sheet = read_json(path, "Fiche", "une fiche JSON est attendue")
    files.loaded.append(("fiche", path, sheet))
    request = {"op": "sheet_followup", "fiche": sheet, "suite": followup, "params": params}
    if dice is not None:
        request["dice"] = dice
    if seed is not None:
        request["seed"] = seed
    result = _answer(request)
    writes = files.write_back(result) if files.write else []
    write_all(writes)
    lines = [result["resultat"] + "."] + lines_after(result, files, [w.path for w in writes], "")
    return result, "\n".join(lines)
