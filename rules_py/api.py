"""The one JSON-in/JSON-out entry point, for the browser, the CLI and the build.

Request (a dict, or its JSON text for :func:`call_json`)::

    {"op": "list"}
    {"op": "describe", "roller": "solaires.action"}
    {"op": "roll",   "roller": ID, "params": {name: value}, "dice": [4, 6, 2] | "4,6,2", "seed": N}
    {"op": "odds",   "roller": ID, "params": {name: value}}
    {"op": "action", "roller": ID, "action": ACTION_ID, "state": {...},
                     "params": {name: value}, "dice": ..., "seed": ...}

Values may be JSON-typed or text as typed by a reader (``"3,2"``, ``"true"``).

Answer: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error":
"<one French sentence>", "field": "<parameter name>"}``.

A roll (or action) result holds at least:

- ``roller``, ``parametres`` (the checked parameters, for a share link),
- ``resultat``: the outcome as the book words it; ``reussite``: true, false or null,
- ``des``: groups ``{"titre", "des": [{"valeur", "faces", "garde", "marque"}]}``
  (``garde`` true/false/null; ``marque`` a French word: "conservé", "écarté",
  "réussite critique"…; ``faces`` null for a card),
- ``calcul``: the arithmetic, step by step, in French; ``notes``: French remarks,
- ``tirage``: every die or card drawn, in order (``--dice`` replays it),
- ``etat`` and ``actions``: the state and the follow-ups the rules allow now
  (``[{"id", "libelle", "possible", "raison"?, "parametres"}]``),
- the roller's own figures (``score``, ``conserves``, ``difficulte``, ``seuil``,
  ``modificateur``, ``gagnant``…).

Odds: ``{"reussite": float|null, "issues": {label: float}, "exact": {label: "p/q"}}``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any

from .dice import Dice
from .errors import RulesError
from .params import shown
from .roller import Roller
from .typography import fr

__all__ = ["SYSTEMS", "call", "call_json", "get_roller", "all_rollers", "roll", "odds", "act"]

#: Game packages (rules_py.<system>), in the order of the book; a roller id is "<system>.<name>".
SYSTEMS = ("solaires", "feerie", "simon", "dcda")

_OPS = ("list", "describe", "roll", "odds", "action")


# ----------------------------------------------------------------------
# Registry (lazy: the browser imports only the game package a roll needs)
# ----------------------------------------------------------------------


def _module_rollers(system: str) -> tuple[Roller, ...]:
    rollers: tuple[Roller, ...] = importlib.import_module(f"{__package__}.{system}").ROLLERS
    return rollers


def all_rollers() -> tuple[Roller, ...]:
    return tuple(r for s in SYSTEMS for r in _module_rollers(s))


def get_roller(roller_id: Any) -> Roller:
    if isinstance(roller_id, str) and "." in roller_id:
        system = roller_id.split(".", 1)[0]
        if system in SYSTEMS:
            for r in _module_rollers(system):
                if r.id == roller_id:
                    return r
    ids = ", ".join(r.id for r in all_rollers())
    raise RulesError("roller", f"Lanceur inconnu {shown(roller_id)} : les lanceurs sont {ids}.")


# ----------------------------------------------------------------------
# Operations (Python callers: the build hooks, the CLI, the tests)
# ----------------------------------------------------------------------


# The ids and the state are Any: they may come straight from a reader's JSON, and are checked here.
def roll(roller_id: Any, params: Mapping[str, Any] | None = None, dice: Any = None, seed: Any = None) -> dict[str, Any]:
    roller = get_roller(roller_id)
    args = roller.parse(params or {})
    source = Dice(dice, seed)
    result = roller.roll(args, source)
    source.finish()
    return result


def odds(roller_id: Any, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    roller = get_roller(roller_id)
    return {"roller": roller.id, **roller.odds(roller.parse(params or {}))}


def act(
    roller_id: Any,
    action_id: Any,
    state: Any,
    params: Mapping[str, Any] | None = None,
    dice: Any = None,
    seed: Any = None,
) -> dict[str, Any]:
    roller = get_roller(roller_id)
    action = roller.action(action_id)
    if action is None:
        names = ", ".join(a.id for a in roller.actions) or "aucune"
        raise RulesError("action", f"Action inconnue {shown(action_id)} pour {roller.id} : les actions sont {names}.")
    if not isinstance(state, Mapping):
        raise RulesError("etat", "État (etat) : l'état du jet précédent est attendu.")
    from .params import parse_params

    args = parse_params(action.params, params or {}, f"{roller.id} / {action.id}")
    source = Dice(dice, seed)
    result = action.run(state, args, source)
    source.finish()
    return result


def call(request: Any) -> dict[str, Any]:
    """Serve one request; never raises (bad input becomes a French error).

    Every French text of the answer gets French typography here, at the door
    (:func:`typeset`), so the browser, the CLI and the build show the same spaces.
    """
    try:
        return {"ok": True, "result": typeset(_dispatch(request))}
    except RulesError as err:
        return {"ok": False, "error": fr(str(err)), "field": err.field}
    except RecursionError:  # absurdly nested JSON
        return {"ok": False, "error": "Requête trop imbriquée.", "field": "requete"}


def call_json(text: str) -> str:
    """:func:`call` on JSON text, answering JSON text (the browser's door)."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        answer: dict[str, Any] = {
            "ok": False,
            "error": fr("Requête illisible : du JSON est attendu."),
            "field": "requete",
        }
    else:
        answer = call(request)
    return json.dumps(answer, ensure_ascii=False)


# Keys whose values are identifiers or data given back to the engine, never typeset:
# parameter names and choice values, roller and action ids, cards, the state,
# the checked parameters (a mapping under "parametres", for a share link).
_IDENTIFIERS = frozenset(
    {
        "id",
        "roller",
        "nom",
        "valeur",
        "type",
        "defaut",
        "field",
        "etat",
        "tirage",
        "participants",
        "participant",
        "gagnant",
        "etape",
        "fin",
        "enseignes",
        "a",
        "b",
    }
)
# Mappings whose keys are labels (the odds: ``issues`` and ``exact`` keep the same keys).
_LABEL_KEYS = frozenset({"issues", "exact"})


def typeset(value: Any, key: str | None = None) -> Any:
    """``value`` with :func:`~rules_py.typography.fr` on every French text; identifiers untouched."""
    if key in _IDENTIFIERS:
        return value
    if isinstance(value, str):
        return fr(value)
    if isinstance(value, Mapping):
        if key == "parametres":  # the checked parameters (a list under "parametres" describes them)
            return value
        relabel = fr if key in _LABEL_KEYS else (lambda k: k)
        return {relabel(k): typeset(v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [typeset(v) for v in value]
    return value


def _dispatch(request: Any) -> Any:
    if not isinstance(request, Mapping):
        raise RulesError("requete", "Requête invalide : un objet JSON est attendu.")
    op = request.get("op")
    if op not in _OPS:
        raise RulesError("op", f"Opération inconnue {shown(op)} : les opérations sont {', '.join(_OPS)}.")
    if op == "list":
        return [r.describe() for r in all_rollers()]
    roller_id = request.get("roller")
    if op == "describe":
        return get_roller(roller_id).describe()
    params = request.get("params") or {}
    if op == "roll":
        return roll(roller_id, params, request.get("dice"), request.get("seed"))
    if op == "odds":
        return odds(roller_id, params)
    return act(roller_id, request.get("action"), request.get("state"), params, request.get("dice"), request.get("seed"))
