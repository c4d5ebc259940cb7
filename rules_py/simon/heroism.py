"""Simon Système's heroism points (003, « Dés d'héroïsme et de porte-poisse »).

A player starts with 20 points (``points_depart``) and never holds more than
twice that. A die added before the roll costs 1 point, after it 2 points; at
most 3 dice are added in all. The dice of one throw count together, whatever
the order they are listed in: points + (number of 20) - (number of 1), then
kept within 0 and the cap; the meneur gains one porte-poisse point per 1 in
any case. Used by ``jet`` and ``opposition``; :func:`state_dice` reads back the dice of a roll
and of those added since.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import RulesError
from ..params import shown

__all__ = [
    "BASE_DICE",
    "MAX_ADDED",
    "AFTER_COST",
    "Ledger",
    "replay_points",
    "points_line",
    "heroism_notes",
    "plural",
    "state_dice",
]

BASE_DICE = 5
MAX_ADDED = 3
AFTER_COST = 2


class Ledger(NamedTuple):
    points: int
    porte_poisse: int
    lines: tuple[str, ...]


def _count_throw(points: int, values: list[int], cap: int) -> tuple[int, str | None]:
    """Heroism points after one throw: its dice count together, whatever their order
    (points + number of 20 - number of 1, then kept within 0 and ``cap``)."""
    crits, fumbles = values.count(20), values.count(1)
    if not crits and not fumbles:
        return points, None
    raw = points + crits - fumbles
    new = min(max(raw, 0), cap)
    terms = [str(points)]
    if crits:
        terms.append(f"+ {crits} ({'réussite critique' if crits == 1 else 'réussites critiques'})")
    if fumbles:
        terms.append(f"- {fumbles} ({'raté critique' if fumbles == 1 else 'ratés critiques'})")
    line = " ".join(terms) + f" = {raw}"
    if new > raw:
        line += ", jamais sous 0 : 0"
    elif new < raw:
        line += f", au plus le double des points de départ : {cap}"
    return new, line


def replay_points(start: int, cap: int, before: int, values: list[int], tracked: bool = True) -> Ledger:
    """Replay the heroism bookkeeping of a roll (refuses an unaffordable history).

    The first throw (five dice plus the dice added before it) counts as one:
    its 20s and 1s are added together, then the total is kept within 0 and
    the cap. Each die added after the roll is a throw of its own, paid for
    first (2 points). The meneur gains one porte-poisse point per 1 in any
    case. ``tracked`` false (a meneur's character): no points, no porte-poisse.
    """
    if not tracked:
        return Ledger(0, 0, ())
    points = start - before
    lines = []
    if before:
        lines.append(
            f"{start} - {before} ({_dice_word(before)} ajouté{'s' if before > 1 else ''} avant le jet) = {points}"
        )
    first = BASE_DICE + before
    points, line = _count_throw(points, values[:first], cap)
    if line:
        lines.append(line)
    for v in values[first:]:
        if points < AFTER_COST:
            raise RulesError("etat", "État : un dé ajouté après le jet n'a pas pu être payé.")
        lines.append(f"{points} - {AFTER_COST} (dé ajouté après le jet) = {points - AFTER_COST}")
        points, line = _count_throw(points - AFTER_COST, [v], cap)
        if line:
            lines.append(line)
    return Ledger(points, values.count(1), tuple(lines))


def _dice_word(n: int) -> str:
    return f"{n} dé{'s' if n > 1 else ''}"


def points_line(start: int, ledger: Ledger) -> str:
    return "Points d'héroïsme : " + (" ; ".join(ledger.lines) if ledger.lines else f"{start}, inchangés")


def heroism_notes(values: list[int], cap: int) -> list[str]:
    notes = []
    crits, fumbles = values.count(20), values.count(1)
    if crits or fumbles:
        parts = []
        if crits:
            parts.append(
                f"{plural(crits, 'réussite critique', 'réussites critiques')} : "
                f"+{crits} point{'s' if crits > 1 else ''} d'héroïsme"
            )
        if fumbles:
            parts.append(
                f"{plural(fumbles, 'raté critique', 'ratés critiques')} : "
                f"-{fumbles} point{'s' if fumbles > 1 else ''} d'héroïsme et "
                f"+{fumbles} point{'s' if fumbles > 1 else ''} de porte-poisse pour le meneur"
            )
        rule = (
            "Les dés d'un même lancer comptent ensemble, dans n'importe quel ordre ; "
            f"le total reste entre 0 et {cap} (le double des points de départ)"
        )
        if fumbles:
            rule += (
                f", et le meneur gagne {'son point' if fumbles == 1 else 'ses points'} de porte-poisse "
                "même si le personnage est à 0"
            )
        notes.append(" ; ".join(parts) + ". " + rule + ".")
    return notes


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def state_dice(values: Any, before: int, whose: str) -> list[int]:
    """A previous roll's dice read from its state: its own dice plus those added since, each 1 to 20."""
    if (
        not isinstance(values, list)
        or not BASE_DICE + before <= len(values) <= BASE_DICE + MAX_ADDED
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 20 for v in values)
    ):
        raise RulesError(
            "etat",
            f"État : les dés {whose} doivent être de {BASE_DICE + before} à "
            f"{BASE_DICE + MAX_ADDED} valeurs de 1 à 20, reçu {shown(values)}.",
        )
    return list(values)
