"""The sheets' layer of the JSON door: the sheet operations, and a roll, odds or follow-up played from sheets.

The door (``rules_py/api.py``) hands every request with sheets to :func:`serve`, once: it answers
the ``sheet_*`` operations, and plays a ``roll``, ``odds`` or ``action`` request that carries
sheets (:func:`with_sheets`): the sheets are checked, the roller's parameters filled from them,
the roller plays through the rollers' machinery below (``rules_py/rolling.py``, never the door
above), then the result gets ``personnage``, the sheets after the result's effects and the
changes made. The contract of every answer is in the docstring of ``rules_py/api.py``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..contract import SHEET_KEYS, SHEET_OPS
from ..dice import source as dice_source
from ..errors import RulesError
from ..params import fold, given_once, is_empty, parse_params, shown
from ..rolling import act, get_roller, odds, roll
from .backup import describe as describe_backup
from .backup import read_file, write_backup
from .changes import apply, read_changes, undoing
from .document import COMMON, load_game, read_reserve, read_sheet, revision
from .formats import FORMAT
from .game import Binding, Filling, GameSheet, Outcome, Sheets, whose

__all__ = ["SHEET_OPS", "SHEET_KEYS", "has_sheets", "serve", "with_sheets", "new_id"]

_KEY_LABELS = {
    "fiche": "Fiche",
    "fiche_defense": "Fiche de l’autre personnage",
    "fiche_b": "Fiche du camp B",
    "fiches_a": "Fiches de l’équipe A",
    "fiches_b": "Fiches de l’équipe B",
    "reserve": "Réserve du meneur",
}
_MAX_TEAM = 8
_ID_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def has_sheets(request: Mapping[str, Any]) -> bool:
    return any(request.get(key) is not None for key in SHEET_KEYS)


# ----------------------------------------------------------------------
# The sheets of a request
# ----------------------------------------------------------------------


def _binding(game: GameSheet, roller_id: str) -> Binding:
    binding = game.binding(roller_id)
    if binding is None:
        raise RulesError("fiche", f"Fiche (fiche) : le lanceur {roller_id} ne prend rien d’une fiche de personnage.")
    return binding


def _team(raw: Any, key: str, game: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= _MAX_TEAM:
        raise RulesError(
            key, f"{_KEY_LABELS[key]} ({key}) : une liste de 1 à {_MAX_TEAM} fiches attendue, reçu {shown(raw)}."
        )
    return tuple(read_sheet(sheet, f"{key}[{i}]", game) for i, sheet in enumerate(raw))


def read_sheets(request: Mapping[str, Any], binding: Binding, game: GameSheet) -> Sheets:
    """The sheets a request carries, each checked, by side; a key the roller does not take is refused."""
    allowed = [
        "fiche",
        *([binding.b_key] if binding.b_key else []),
        *(["fiches_a", "fiches_b"] if binding.teams else []),
    ]
    allowed += ["reserve"] if binding.reserve else []
    for key in SHEET_KEYS:
        if request.get(key) is not None and key not in allowed:
            raise RulesError(
                key,
                f"{_KEY_LABELS[key]} ({key}) : le lanceur {binding.roller} ne prend pas ce champ ; "
                f"il prend {', '.join(allowed)}.",
            )
    sides: dict[str, tuple[dict[str, Any], ...]] = {"a": (), "b": ()}
    keys = []
    for side, single, team in (("a", "fiche", "fiches_a"), ("b", binding.b_key, "fiches_b")):
        one = request.get(single) if single else None
        many = request.get(team) if binding.teams else None
        if one is not None and many is not None:
            raise RulesError(team, f"{_KEY_LABELS[team]} ({team}) : donnez {single} ou {team}, pas les deux.")
        if one is not None and single is not None:
            sides[side] = (read_sheet(one, single, game.game),)
            keys.append((side, single))
        elif many is not None:
            sides[side] = _team(many, team, game.game)
            keys.append((side, team))
    reserve = read_reserve(request["reserve"], "reserve", game.game) if request.get("reserve") is not None else None
    seen: dict[str, str] = {}
    every = [(f"{k}[{i}]" if k.startswith("fiches_") else k, s) for side, k in keys for i, s in enumerate(sides[side])]
    for key, sheet in every + ([("reserve", reserve)] if reserve else []):
        if sheet["id"] in seen:
            raise RulesError(
                key,
                f"{_KEY_LABELS[key.split('[')[0]]} ({key}) : la même fiche ({sheet['nom']}) est déjà donnée "
                f"comme {seen[sheet['id']]} ; une fiche ne tient qu’une place.",
            )
        seen[sheet["id"]] = key
    return Sheets(sides["a"], sides["b"], tuple(keys), reserve)


def _apply_to(
    sheet: dict[str, Any], key: str, intents: Sequence[Mapping[str, Any]], game: GameSheet, reserve: bool = False
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    bounds = game.bounds
    new, done = apply(sheet, intents, bounds, key)
    if done:  # the sheet after the changes is checked whole again
        new = read_reserve(new, key, game.game) if reserve else read_sheet(new, key, game.game)
    return new, done


def _attach(
    result: dict[str, Any],
    game: GameSheet,
    binding: Binding,
    sheets: Sheets,
    outcome: Outcome | None,
    sources: list[dict[str, Any]] | None,
) -> dict[str, Any]:
    """The result with its sheets: their names, the sheets after the effects, the changes, the sheet follow-ups."""
    intents = binding.effects(outcome) if binding.effects is not None and outcome is not None else []
    changes: list[dict[str, Any]] = []
    names = []
    out = dict(result)
    for side, key in sheets.keys:
        after = []
        for i, sheet in enumerate(sheets.side(side)):
            target = sheets.key(side, i)
            names.append({"cible": target, "fiche_id": sheet["id"], "nom": sheet["nom"], "type": sheet["type"]})
            new, done = _apply_to(sheet, target, [x for k, x in intents if k == target], game)
            changes += done
            after.append(new)
        if outcome is not None:
            out[key] = after if key.startswith("fiches_") else after[0]
    if sheets.reserve is not None and outcome is not None:
        new, done = _apply_to(sheets.reserve, "reserve", [x for k, x in intents if k == "reserve"], game, True)
        changes += done
        out["reserve"] = new
    out["personnage"] = sheets.a[0]["nom"] if sheets.a else None
    out["personnages"] = names
    if sources is not None:
        out["remplissage"] = sources
    if outcome is not None and binding.state_out is not None and isinstance(out.get("etat"), Mapping):
        out["etat"] = {**out["etat"], **binding.state_out(outcome, changes)}
    if outcome is not None:
        out["modifications"] = changes
        out["suites_fiche"] = binding.followups(outcome) if binding.followups is not None else []
        out["revisions"] = _revisions(out, sheets)
    return out


def _revisions(result: Mapping[str, Any], sheets: Sheets) -> dict[str, str]:
    """The revision each sheet is at after the result (by its place: ``fiche``, ``fiches_b[1]``, ``reserve``)."""
    out = {}
    for side, key in sheets.keys:
        after = result.get(key)
        for i, sheet in enumerate(after if isinstance(after, list) else [after]):
            if isinstance(sheet, Mapping):
                out[sheets.key(side, i)] = revision(sheet)
    if isinstance(result.get("reserve"), Mapping):
        out["reserve"] = revision(result["reserve"])
    return out


def _same_revisions(request: Mapping[str, Any], sheets: Sheets) -> None:
    """A follow-up with the revisions its result left the sheets at (``revisions``): each sheet given must be at
    its revision still. A sheet that moved past it (this follow-up already played on that result and written,
    another roll since) or behind it (the result's own changes not written) is refused: never counted twice."""
    given = request.get("revisions")
    if given is None:
        return
    if not isinstance(given, Mapping) or not all(isinstance(v, str) for v in given.values()):
        raise RulesError(
            "revisions",
            f"Révisions (revisions) : un objet des révisions des fiches (« fiche » : « … ») attendu, reçu {shown(given)}.",
        )
    now = {sheets.key(side, i): sheet for side, _ in sheets.keys for i, sheet in enumerate(sheets.side(side))}
    if sheets.reserve is not None:
        now["reserve"] = sheets.reserve
    for key, sheet in now.items():
        if key in given and revision(sheet) != given[key]:
            what = whose(sheet)
            raise RulesError(
                key,
                f"{_KEY_LABELS[key.split('[')[0]]} ({key}) : {what} n’est plus celle que laisse l’état donné "
                "(cette suite y est déjà écrite, un autre jet l’a changée depuis, ou l’étape d’avant n’y a pas été "
                "écrite) ; jouez la suite depuis l’état du dernier résultat, rien n’a été changé.",
            )


def _checked_values(filling: Filling, args: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The fill's records with the values the roller checked (« 3,2 » becomes [3, 2])."""
    out = []
    for record in filling.sources:
        value = args.get(record["parametre"], record["valeur"])
        out.append({**record, "valeur": list(value) if isinstance(value, tuple) else value})
    return out


def with_sheets(op: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """A ``roll``, ``odds`` or ``action`` request that carries sheets."""
    roller = get_roller(request.get("roller"))
    game = load_game(roller.id.split(".", 1)[0], "roller")
    binding = _binding(game, roller.id)
    sheets = read_sheets(request, binding, game)
    own_params = [p for _, ps in binding.action_params for p in ps]
    known = {p.name: p for p in (*roller.params, *binding.sheet_params, *own_params)}
    params = given_once(request.get("params") or {}, roller.id, {name: p.label for name, p in known.items()})
    for name, value in params.items():  # a sheet would fill an empty value or null in silence: refused first
        if value is None and name in known:
            raise known[name].null()
        if is_empty(value) and name in known and not known[name].may_be_empty:
            raise known[name].empty("un nom de la fiche ou " if name in dict(binding.named) else "")
    if op == "action":
        _same_revisions(request, sheets)
        action = request.get("action")
        state = request.get("state")
        if binding.state is not None and isinstance(state, Mapping):
            state = binding.state(state, sheets)
        own = dict(binding.action_params).get(str(action), ())
        extra = {p.name: params[p.name] for p in own if p.name in params}
        params = {k: v for k, v in params.items() if k not in extra}
        extra = parse_params(own, extra, f"{roller.id} / {action}") if own else {}
        result = act(roller.id, action, state, params, request.get("dice"), request.get("seed"))
        outcome = Outcome("action", str(action), params, state, result, sheets, extra)
        return _attach(result, game, binding, sheets, outcome, None)
    filling = Filling(roller, params, sheets)
    binding.fill(filling)
    if op == "odds":
        answer = odds(roller.id, filling.params)
        return _attach(answer, game, binding, sheets, None, _checked_values(filling, roller.parse(filling.params)))
    result = roll(roller.id, filling.params, request.get("dice"), request.get("seed"))
    outcome = Outcome("roll", None, filling.params, None, result, sheets)
    return _attach(result, game, binding, sheets, outcome, _checked_values(filling, roller.parse(filling.params)))


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
    binding = _binding(game, roller.id)
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
    new, done = _apply_to(obj, key, intents, game, is_reserve)
    return {key: new, "personnage": obj["nom"], "modifications": done}


def _followup(request: Mapping[str, Any]) -> dict[str, Any]:
    sheet = read_sheet(request.get("fiche"))
    game = load_game(sheet["jeu"])
    followup = game.followup(request.get("suite"))
    args = parse_params(followup.params, request.get("params") or {}, followup.label)
    dice = dice_source(request.get("dice"), request.get("seed"))  # forced values, or a Probe (op « draws »)
    intents, line = followup.run(sheet, args, dice)
    dice.finish()
    new, done = _apply_to(sheet, "fiche", intents, game)
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
