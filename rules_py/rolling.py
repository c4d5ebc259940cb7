"""The rollers' machinery: the registry of every game's rollers, and a roll, odds or follow-up played.

Below the JSON door (``rules_py/api.py``, which reads a request, refuses what is malformed and
typesets the answer) and below the sheets' layer (``rules_py/sheets/ops.py``, which fills a
roller's parameters from sheets, then plays it here): both call down into this module, never
up into the door. The games' packages are imported when first asked (the browser fetches only
the package a roll needs).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .dice import source as dice_source
from .errors import RulesError
from .games import IDS
from .params import parse_params, shown
from .roller import Roller

__all__ = ["SYSTEMS", "all_rollers", "get_roller", "roll", "odds", "act", "play", "odds_of"]

#: Game packages (rules_py.<system>), in the order of the book (rules_py/games.py); a roller id is "<system>.<name>".
SYSTEMS = IDS


# ----------------------------------------------------------------------
# Registry (lazy: the browser imports only the game package a roll needs)
# ----------------------------------------------------------------------


def _module_rollers(system: str) -> tuple[Roller, ...]:
    rollers: tuple[Roller, ...] = importlib.import_module(f"{__package__}.{system}").ROLLERS
    return rollers


def all_rollers() -> tuple[Roller, ...]:
    return tuple(r for s in SYSTEMS for r in _module_rollers(s))


def get_roller(roller_id: Any) -> Roller:
    """The roller of that id. An unknown one is refused naming the rollers of its game, or the games: never
    importing another game's package (the browser holds only the packages of the game asked, and an
    import of another failed with a traceback: « erreur interne » for a link naming an unknown roller)."""
    system = roller_id.split(".", 1)[0] if isinstance(roller_id, str) and "." in roller_id else None
    if system in SYSTEMS:
        rollers = _module_rollers(system)
        for r in rollers:
            if r.id == roller_id:
                return r
        ids = ", ".join(r.id for r in rollers)
        raise RulesError("roller", f"Lanceur inconnu {shown(roller_id)} : les lanceurs de {system} sont {ids}.")
    raise RulesError(
        "roller",
        f"Lanceur inconnu {shown(roller_id)} : un lanceur s’écrit « jeu.nom », et les jeux sont {', '.join(SYSTEMS)}.",
    )


# ----------------------------------------------------------------------
# A roll, its odds, a follow-up (Python callers: the door, the sheets' layer, the build hooks, the tests)
# ----------------------------------------------------------------------


# The ids and the state are Any: they may come straight from a reader's JSON, and are checked here.
def roll(roller_id: Any, params: Mapping[str, Any] | None = None, dice: Any = None, seed: Any = None) -> dict[str, Any]:
    roller = get_roller(roller_id)
    return play(roller, roller.parse(params or {}), dice, seed)


def play(roller: Roller, args: Mapping[str, Any], dice: Any = None, seed: Any = None) -> dict[str, Any]:
    """A roll of parameters the roller has checked already (``Roller.parse``: the sheets' layer checks them once)."""
    source = dice_source(dice, seed)  # forced values, or a Probe (op « draws »)
    result = roller.roll(dict(args), source)
    source.finish()
    return result


def odds(roller_id: Any, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    roller = get_roller(roller_id)
    return odds_of(roller, roller.parse(params or {}))


def odds_of(roller: Roller, args: Mapping[str, Any]) -> dict[str, Any]:
    """The odds of parameters the roller has checked already."""
    return {"roller": roller.id, **roller.odds(dict(args))}


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
        names = ", ".join(a.id for a in roller.actions)
        raise RulesError(
            "action",
            f"Action inconnue {shown(action_id)} pour {roller.id} : "
            + (f"les actions sont {names}." if names else "ce lanceur n’a pas de suite."),
        )
    if not isinstance(state, Mapping):
        raise RulesError("etat", "État (etat) : l’état du jet précédent est attendu.")
    args = parse_params(action.params, params or {}, f"{roller.id} / {action.id}")
    source = dice_source(dice, seed)  # forced values, or a Probe (op « draws »)
    result = action.run(state, args, source)
    source.finish()
    return result
