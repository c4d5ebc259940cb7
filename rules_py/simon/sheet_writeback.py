"""Simon Système: what a result writes back on the sheets and on the Réserve du meneur (chapter 003).

A player's character: the heroism spent before and after the roll, +1 per 20
and -1 per 1 (the dice of one throw together, whatever their order), within
0 and twice the start, read from the roller's own accounting
(:func:`~rules_py.simon.heroism.replay_points`); each 1 adds one porte-poisse
point to the Réserve du meneur. A character of the meneur (a PNJ sheet): none
of that; where the roller knows who rolls (``qui=meneur``), the porte-poisse
spent comes out of the Réserve. Used by ``sheet`` (its bindings' ``effects``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..sheets.changes import intent
from ..sheets.game import Outcome, of
from .heroism import BASE_DICE, replay_points

__all__ = ["effects_jet", "effects_opposition"]


def _args_of(outcome: Outcome) -> Mapping[str, Any]:
    if outcome.op == "roll":
        args = outcome.result.get("parametres")
    else:
        state = outcome.state or {}
        args = state.get("parametres")
    return args if isinstance(args, Mapping) else {}


def _side_effects(
    outcome: Outcome, side: str, suffix: str, values: list[int], new: list[int]
) -> list[tuple[str, dict[str, Any]]]:
    """One side's heroism (or porte-poisse) after its dice; ``new``: the dice this step threw."""
    args = _args_of(outcome)
    sheet = outcome.sheets.one(side)
    start, depart = args.get("points" + suffix), args.get("points_depart" + suffix, 20)
    before = args.get("heroisme" + suffix, 0)
    if not isinstance(start, int) or not isinstance(depart, int) or not isinstance(before, int):
        return []  # a character of the meneur, whose pool the roller does not follow
    meneur = args.get("qui" + suffix) == "meneur"
    if sheet is not None and sheet["type"] != "pj" and not meneur:
        return []
    result = outcome.result
    after = result.get("points" + suffix) if suffix else result.get("points")
    if not isinstance(after, int):
        return []
    old = values[: len(values) - len(new)]
    previous = start if outcome.op == "roll" else _replayed(start, depart, before, old, meneur)
    line = next(
        (x for x in result.get("calcul", []) if isinstance(x, str) and "Points d’héroïsme" in x.replace("'", "’")), ""
    )
    reason = line
    if outcome.op == "action" and line and not meneur:  # only this step's part of the roll's accounting
        steps = line.split(" : ", 1)[-1].split(" ; ")
        done = len(replay_points(start, 2 * depart, before, old).lines)
        reason = "Points d’héroïsme, dé ajouté après le jet : " + " ; ".join(steps[done:])
    who = f"{sheet['nom']} : " if sheet is not None else ""
    out: list[tuple[str, dict[str, Any]]] = []
    if meneur:
        if outcome.sheets.reserve is not None and after != previous:
            text = f"Porte-poisse dépensé par le meneur pour {sheet['nom']}" if sheet else "Porte-poisse dépensé"
            out.append(("reserve", intent("porte_poisse", "Points de porte-poisse", text, ecart=after - previous)))
        return out
    if sheet is not None and after != previous:
        out.append(
            (
                outcome.sheets.key(side),
                intent(
                    "heroisme.points",
                    "Points d’héroïsme",
                    who + (reason or "points d’héroïsme du jet"),
                    ecart=after - previous,
                ),
            )
        )
    ones = new.count(1)
    if ones and outcome.sheets.reserve is not None:
        name = of(sheet["nom"]) if sheet else "du personnage"
        text = f"{ones} raté{'s' if ones > 1 else ''} critique{'s' if ones > 1 else ''} {name} : +{ones} point{'s' if ones > 1 else ''} de porte-poisse pour le meneur"
        out.append(("reserve", intent("porte_poisse", "Points de porte-poisse", text, ecart=ones)))
    return out


def _replayed(start: int, depart: int, before: int, values: list[int], meneur: bool) -> int:
    """The points a side held before this step's die, replayed from its previous dice."""
    if meneur:
        return start - before - 2 * (len(values) - BASE_DICE - before)
    return replay_points(start, 2 * depart, before, values).points


def effects_jet(outcome: Outcome) -> list[tuple[str, dict[str, Any]]]:
    result = outcome.result
    state = result.get("etat") or {}
    values = state.get("des") if isinstance(state, Mapping) else None
    if not isinstance(values, list):
        return []  # simon.aide: no heroism to follow in this roller
    new = [v for v in result.get("tirage", []) if isinstance(v, int)]
    return _side_effects(outcome, "a", "", values, new)


def effects_opposition(outcome: Outcome) -> list[tuple[str, dict[str, Any]]]:
    state = outcome.result.get("etat") or {}
    out = []
    for side in ("a", "b"):
        values = state.get(f"des_{side}")
        if not isinstance(values, list):
            continue
        if outcome.op == "roll":
            new = values
        elif (outcome.params or {}).get("camp") == side:
            new = values[-1:]
        else:
            new = []
        if outcome.op == "roll" or new:
            out += _side_effects(outcome, side, f"_{side}", values, new)
    return out
