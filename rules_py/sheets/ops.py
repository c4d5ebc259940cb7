"""The sheets' layer of the JSON door: the sheet operations, and a roll, odds or follow-up played from sheets.

The door (``rules_py/api.py``) hands every request with sheets to :func:`serve`, once: it answers
the ``sheet_*`` operations, and plays a ``roll``, ``odds`` or ``action`` request that carries
sheets (:func:`with_sheets`) in three steps, in this order: the request read and checked whole
(``request.py``: its sheets, its parameters filled from them), the roll played by the rollers'
machinery below (``rules_py/rolling.py``, never the door above), then what the result changes applied
to the sheets (``effects.py``). The contract of every answer is in the docstring of ``rules_py/api.py``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Any

from ..contract import SHEET_KEYS, SHEET_OPS
from ..dice import source as dice_source
from ..errors import RulesError
from ..params import fold, parse_params, shown
from ..rolling import act, get_roller, odds_of, play
from .backup import describe as describe_backup
from .backup import read_file, write_backup
from .changes import read_changes, undoing
from .document import COMMON, load_game, read_reserve, read_sheet
from .effects import answer, apply_checked
from .formats import FORMAT
from .game import Filling, GameSheet, Outcome
from .request import binding_of, read, read_sheets

__all__ = ["SHEET_OPS", "SHEET_KEYS", "serve", "with_sheets", "new_id"]

_ID_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def with_sheets(op: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """A ``roll``, ``odds`` or ``action`` request that carries sheets: read whole, played, its changes applied."""
    req = read(op, request)
    if op == "action":
        result = act(req.roller.id, req.action, req.state, req.params, req.dice, req.seed)
        outcome = Outcome("action", str(req.action), req.params, req.state, result, req.sheets, req.extra)
        return answer(result, req, outcome)
    if op == "odds":
        return answer(odds_of(req.roller, req.args), req, None)
    result = play(req.roller, req.args, req.dice, req.seed)
    return answer(result, req, Outcome("roll", None, req.params, None, result, req.sheets))


# ----------------------------------------------------------------------
# The sheet operations
# ----------------------------------------------------------------------


def new_id(rng: random.Random) -> str:
    return "".join(rng.choice(_ID_LETTERS) for _ in range(16))


def _rng(request: Mapping[str, Any]) -> random.Random:
    """A seeded generator (tests) or the system's (a live id)."""
    seed = request.get("seed")
    if seed is None:
        return random.SystemRandom()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError("seed", f"Graine (seed) : un entier est attendu, reçu {shown(seed)}.")
    return random.Random(seed)


def _game_of(request: Mapping[str, Any]) -> GameSheet:
    return load_game(request.get("jeu"))


def _check(request: Mapping[str, Any]) -> dict[str, Any]:
    if request.get("reserve") is not None:
        return {"reserve": read_reserve(request["reserve"])}
    sheet = read_sheet(request.get("fiche"))
    return {"jeu": sheet["jeu"], "personnage": sheet["nom"], "fiche": sheet}


def _read(request: Mapping[str, Any]) -> dict[str, Any]:
    """A file's content (a backup, one sheet or one Réserve): every object checked, or one French sentence."""
    return read_file(request.get("contenu"), "contenu")


def _export(request: Mapping[str, Any]) -> dict[str, Any]:
    """The file for one sheet (the sheet itself) or a backup (``rules_py.sheets.backup``)."""
    lists = {}
    for key in ("fiches", "reserves", "brouillons"):
        items = request.get(key) or []
        if not isinstance(items, list):
            raise RulesError(key, f"{key.capitalize()} ({key}) : une liste attendue, reçu {shown(items)}.")
        lists[key] = items
    if not any(lists.values()):
        raise RulesError("fiches", "Fiches (fiches) : au moins une fiche à exporter.")
    if len(lists["fiches"]) == 1 and not lists["reserves"] and not lists["brouillons"]:
        sheet = read_sheet(lists["fiches"][0], "fiches[0]")
        name = re.sub(r"[^a-z0-9-]+", "-", fold(sheet["nom"]))[:40].strip("-") or "fiche"
        return {"contenu": sheet, "fichier": f"{name}.json"}
    date = request.get("date")
    content = write_backup(lists["fiches"], lists["reserves"], lists["brouillons"], date)
    games = {obj["jeu"] for key in ("fiches", "reserves", "brouillons") for obj in content[key]}
    name = f"mes-personnages-{next(iter(games))}" if len(games) == 1 else "des-et-lames-sauvegarde"
    return {"contenu": content, "fichier": f"{name}.json"}


def _examples(request: Mapping[str, Any]) -> dict[str, Any]:
    game = _game_of(request)
    return {
        "jeu": game.game,
        "fiches": [read_sheet(s, "exemple", game.game) for s in game.examples],
        "reserve": read_reserve(game.reserve_example, "exemple", game.game) if game.reserve_example else None,
    }


def _new(request: Mapping[str, Any]) -> dict[str, Any]:
    """A fresh sheet (blank, or a copy of an example) or Réserve, with a new random id."""
    game = _game_of(request)
    rng = _rng(request)
    if request.get("objet") == "reserve":
        if game.reserve_example is None:
            raise RulesError("objet", f"Objet (objet) : {game.title} n’a pas de réserve du meneur.")
        return {"reserve": read_reserve({**game.reserve_example, "id": new_id(rng)}, "reserve", game.game)}
    wanted = request.get("exemple")
    if wanted is not None:
        found = [
            s
            for s in game.examples
            if s["id"] == wanted or (isinstance(wanted, str) and fold(s["nom"]) == fold(wanted))
        ]
        if not found:
            names = ", ".join(s["nom"] for s in game.examples)
            raise RulesError(
                "exemple",
                f"Exemple (exemple) : les fiches d’exemple de {game.title} sont {names}, reçu {shown(wanted)}.",
            )
        base = dict(found[0])
    else:
        base = {"format": FORMAT, "jeu": game.game, "nom": "Nouveau personnage"}
    base["id"] = new_id(rng)
    base["modifie"] = None
    return {"fiche": read_sheet(base, "fiche", game.game)}


def _schema(request: Mapping[str, Any]) -> dict[str, Any]:
    game = _game_of(request)
    return {
        "jeu": game.game,
        "titre": game.title,
        "format": FORMAT,
        "limites": {"octets": 64 * 1024, "texte": 2000, "nom": 60},
        "champs": [f.describe() for f in COMMON + game.fields],
        "lanceurs": [b.describe() for b in game.bindings],
        "suites": [
            {"id": f.id, "libelle": f.label, "parametres": [p.describe() for p in f.params]} for f in game.followups
        ],
        "reserve": (
            {
                "libelle": game.reserve_label,
                "champs": [f.describe() for f in (COMMON[0], COMMON[1], COMMON[2], *game.reserve_fields, COMMON[-1])],
            }
            if game.reserve_fields
            else None
        ),
        "exemples": [{"id": s["id"], "nom": s["nom"], "type": s["type"], "notes": s["notes"]} for s in game.examples],
        "modifiables": {path: label for path, (label, _) in game.writable.items()},
        "sauvegarde": describe_backup(),
    }


def _choices(request: Mapping[str, Any]) -> dict[str, Any]:
    roller = get_roller(request.get("roller"))
    game = load_game(roller.id.split(".", 1)[0], "roller")
    binding = binding_of(game, roller.id)
    sheets = read_sheets(request, binding, game)
    filling = Filling(roller, {}, sheets)
    binding.fill(filling)
    return {
        "roller": roller.id,
        "personnage": sheets.a[0]["nom"] if sheets.a else None,
        "choix": binding.choices(sheets),
        "libelles": dict(binding.named),
        "remplissage": filling.sources,
        "parametres_fiche": [p.describe() for p in binding.sheet_params],
    }


def _apply(request: Mapping[str, Any]) -> dict[str, Any]:
    """Changes applied again to a (newer) copy of a sheet or Réserve; ``inverse``: undone."""
    is_reserve = request.get("reserve") is not None
    key = "reserve" if is_reserve else "fiche"
    obj = read_reserve(request[key]) if is_reserve else read_sheet(request.get("fiche"))
    game = load_game(obj["jeu"])
    writable = game.reserve_writable if is_reserve else game.writable
    raw = request.get("modifications")
    if not isinstance(raw, list):
        raise RulesError("modifications", "Modifications (modifications) : une liste de modifications attendue.")
    mine = [c for c in raw if not isinstance(c, Mapping) or c.get("fiche_id") in (None, obj["id"])]
    if raw and not mine:
        raise RulesError(
            "modifications", f"Modifications (modifications) : aucune ne concerne « {obj['nom']} » ({obj['id']})."
        )
    if request.get("inverse") is True:
        mine = undoing(mine)
    intents = read_changes(mine, writable)
    new, done = apply_checked(obj, key, intents, game, is_reserve)
    return {key: new, "personnage": obj["nom"], "modifications": done}


def _followup(request: Mapping[str, Any]) -> dict[str, Any]:
    sheet = read_sheet(request.get("fiche"))
    game = load_game(sheet["jeu"])
    followup = game.followup(request.get("suite"))
    args = parse_params(followup.params, request.get("params") or {}, followup.label)
    dice = dice_source(request.get("dice"), request.get("seed"))  # forced values, or a Probe (op « draws »)
    intents, line = followup.run(sheet, args, dice)
    dice.finish()
    new, done = apply_checked(sheet, "fiche", intents, game)
    return {"personnage": sheet["nom"], "resultat": line, "fiche": new, "modifications": done, "tirage": dice.drawn}


_SERVE: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "sheet_check": _check,
    "sheet_read": _read,
    "sheet_export": _export,
    "sheet_examples": _examples,
    "sheet_new": _new,
    "sheet_schema": _schema,
    "sheet_choices": _choices,
    "sheet_apply": _apply,
    "sheet_followup": _followup,
}


def serve(op: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """A request the door hands to the sheets: a sheet operation, or a roll, odds or follow-up with sheets."""
    return _SERVE[op](request) if op in SHEET_OPS else with_sheets(op, request)
