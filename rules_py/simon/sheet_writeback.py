"""Simon Système: what a result writes back on the sheets and on the Réserve du meneur (chapter 003).

Who rolls is the roller's ``qui`` (``qui_a``, ``qui_b``): a player's character
spends and wins heroism, the meneur spends porte-poisse. What a step changed is
read from the roller's own accounts, as a difference between its result and
the result before it: the pool a roll started from (:func:`~rules_py.simon.heroism.pool_of`),
or for a die added after the roll the previous step, played again from the
state through the rollers' machinery (the roll, then each die added
before this one, in their order). Then:

- a player's character with a sheet: its heroism points (spent before and
  after the roll, +1 per 20, -1 per 1, within 0 and twice the start);
- the Réserve du meneur: where the meneur rolls (a PNJ), the porte-poisse she
  spent and, in an opposition, the players' 1s her pool received; where she
  does not, each 1 of a player (the roller's ``porte_poisse``).

A PNJ sheet is never written: its dice are the meneur's. Used by ``sheet``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..params import echoed
from ..rolling import act, roll
from ..sheets.changes import intent
from ..sheets.game import Outcome, of
from .heroism import BASE_DICE, MENEUR, pool_of

__all__ = ["effects_jet", "effects_opposition"]

Change = tuple[str, dict[str, Any]]


def _previous(outcome: Outcome, sides: tuple[str, ...]) -> Mapping[str, Any] | None:
    """The result before this step: the roll's own starting pools, or the previous step played again."""
    state = outcome.state or {}
    args = state.get("parametres") if outcome.op == "action" else outcome.result.get("parametres")
    if not isinstance(args, Mapping):
        return None
    if outcome.op == "roll":
        out: dict[str, Any] = {"porte_poisse": 0}
        for s in sides:
            pool = pool_of(args, f"_{s}" if s else "")
            out[f"points_{s}" if s else "points"] = pool.start
        return out
    roller = str(outcome.result["roller"])
    if not sides[0]:  # simon.jet, simon.aide: the roll, then each die added after it before this one
        values = list(state.get("des") or [])
        first = BASE_DICE + int(args.get("heroisme") or 0)
        previous = roll(roller, echoed(args), values[:first])  # the echo's null: a parameter left out
        for die in values[first:]:
            previous = act(roller, "ajouter_de", previous["etat"], {}, [die])
        return previous
    rolled = {s: list(state.get(f"des_{s}") or []) for s in sides}
    throw = {s: BASE_DICE + int(args.get(f"heroisme_{s}") or 0) for s in sides}
    previous = roll(roller, echoed(args), rolled["a"][: throw["a"]] + rolled["b"][: throw["b"]])
    extra = {s: rolled[s][throw[s] :] for s in sides}
    for camp in list(state.get("ajouts") or []):
        previous = act(roller, "ajouter_de", previous["etat"], {"camp": camp}, [extra[camp].pop(0)])
    return previous


def _points(result: Mapping[str, Any], s: str) -> Any:
    return result.get(f"points_{s}" if s else "points")


def _heroism_line(result: Mapping[str, Any], s: str) -> str:
    lines = [x for x in result.get("calcul") or [] if isinstance(x, str)]
    return next((x for x in lines if "héroïsme" in x and (not s or x.startswith(f"{s} :"))), "")


def _step_line(result: Mapping[str, Any], previous: Mapping[str, Any], s: str) -> str:
    """The roller's own heroism arithmetic of this step (what follows the previous step's)."""
    line, before = _heroism_line(result, s), _heroism_line(previous, s)
    if before and line.startswith(before) and len(line) > len(before):
        head = line.split(" : ", 2 if s else 1)
        return " : ".join(head[:-1]) + " : " + line[len(before) :].lstrip(" ;")
    return line


def _effects(outcome: Outcome, sides: tuple[str, ...]) -> list[Change]:
    result = outcome.result
    previous = _previous(outcome, sides)
    if previous is None:
        return []
    who = {s: result.get(f"qui_{s}" if s else "qui") for s in sides}
    out: list[Change] = []
    for s in sides:
        sheet = outcome.sheets.one(s or "a")
        after, before = _points(result, s), _points(previous, s)
        if who[s] == MENEUR or sheet is None or sheet["type"] != "pj" or not isinstance(after, int):
            continue
        if isinstance(before, int) and after != before:
            reason = f"{sheet['nom']} : " + (_step_line(result, previous, s) or "points d’héroïsme du jet")
            out.append(
                (
                    outcome.sheets.key(s or "a"),
                    intent("heroisme.points", "Points d’héroïsme", reason, ecart=after - before),
                )
            )
    if outcome.sheets.reserve is None:
        return out
    meneur = [s for s in sides if who[s] == MENEUR]
    if meneur:  # her pool: what she spent, and the players' 1s it received in this roll
        after, before = _points(result, meneur[0]), _points(previous, meneur[0])
        if isinstance(after, int) and isinstance(before, int) and after != before:
            names = [outcome.sheets.one(s or "a") for s in meneur]
            whose = ", ".join(of(n["nom"]) for n in names if n is not None)
            reason = "Porte-poisse du meneur" + (f", jet {whose}" if whose else "") + f" : {before} → {after}"
            out.append(("reserve", intent("porte_poisse", "Points de porte-poisse", reason, ecart=after - before)))
        return out
    gained = int(result.get("porte_poisse") or 0) - int(previous.get("porte_poisse") or 0)
    if gained > 0:
        players = [outcome.sheets.one(s or "a") for s in sides]
        whose = " et ".join(of(p["nom"]) for p in players if p is not None) or "du joueur"
        plural = "s" if gained > 1 else ""
        reason = (
            f"{gained} raté{plural} critique{plural} {whose} : +{gained} point{plural} de porte-poisse pour le meneur"
        )
        out.append(("reserve", intent("porte_poisse", "Points de porte-poisse", reason, ecart=gained)))
    return out


def effects_jet(outcome: Outcome) -> list[Change]:
    """``simon.jet`` and ``simon.aide``: one side, the sheet of ``fiche``."""
    return _effects(outcome, ("",))


def effects_opposition(outcome: Outcome) -> list[Change]:
    """``simon.opposition``: side a (``fiche``) and side b (``fiche_b``)."""
    return _effects(outcome, ("a", "b"))
