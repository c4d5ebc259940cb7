"""De Cœur & D’Acier: the exact law of one round between two cards.

Each card is uniform over the cards its side may hold; the two come from one
deck, so B's card is never A's. Used by ``tour`` and by ``confrontation``
(its first round).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import gcd

from .cards import Card, winner

__all__ = ["duel_odds"]


def duel_odds(
    cards_a: Sequence[Card],
    cards_b: Sequence[Card],
    forces_a: Sequence[int],
    forces_b: Sequence[int],
    bonus_a: Sequence[int],
    bonus_b: Sequence[int],
    dom: Sequence[int],
    loser_key: Callable[[int], str] | None = None,
    margins: dict[int, Fraction] | None = None,
) -> tuple[Fraction, Fraction, Fraction, dict[str, Fraction]]:
    """Exact P(a wins), P(b wins), P(statu quo), and P by ``loser_key(loser's total)``.

    ``margins``, when given, receives the law of a's total minus b's total.

    Card a is uniform over ``cards_a``; card b uniform over ``cards_b``
    without card a (one deck: the same card cannot be in both hands).

    Counted in integers over a common denominator: the pair (a, b) weighs ``unit // m``, where
    ``m`` is the number of cards b may hold beside a and ``unit`` a multiple of every such ``m``;
    the sums are turned into fractions once, at the end (the same exact law as a fraction per pair).
    """
    in_b = set(cards_b)
    n_b = len(cards_b)
    sizes = {n_b - (ca in in_b) for ca in cards_a}
    if 0 in sizes:
        raise AssertionError("the callers leave B at least one card")
    unit = 1
    for m in sizes:
        unit = unit * m // gcd(unit, m)
    # b's cards' values by suit: a's card and b's suit fix both totals' constants
    by_suit = [[cb.value for cb in cards_b if cb.suit == s] for s in range(4)]
    n_a = n_bw = n_sq = 0
    ways: dict[int, int] = {}  # a's total minus b's total -> weight
    losers: dict[int, int] = {}  # the loser's total -> weight
    for ca in cards_a:
        sa, va = ca.suit, ca.value
        w = unit // (n_b - (ca in in_b))
        beats = dom[sa]  # the suit a's card dominates
        for sb in range(4):
            values = by_suit[sb]
            if not values:
                continue
            ta = va + (0 if dom[sb] == sa else forces_a[sa]) + bonus_a[sa]
            kb = (0 if beats == sb else forces_b[sb]) + bonus_b[sb]
            tie = winner(0, 0, sa, sb, dom)  # equal totals: the suits decide
            for vb in values:
                if sb == sa and vb == va:
                    continue  # one deck: b never holds a's card
                tb = vb + kb
                ways[ta - tb] = ways.get(ta - tb, 0) + w
                if ta > tb or (ta == tb and tie == "a"):
                    n_a += w
                    losers[tb] = losers.get(tb, 0) + w
                elif ta < tb or tie == "b":
                    n_bw += w
                    losers[ta] = losers.get(ta, 0) + w
                else:
                    n_sq += w
    whole = unit * len(cards_a)
    if margins is not None:
        for margin, n in ways.items():
            margins[margin] = margins.get(margin, Fraction(0)) + Fraction(n, whole)
    by_key: dict[str, int] = {}
    if loser_key is not None:
        for total, n in losers.items():
            key = loser_key(total)
            by_key[key] = by_key.get(key, 0) + n
    return (
        Fraction(n_a, whole),
        Fraction(n_bw, whole),
        Fraction(n_sq, whole),
        {key: Fraction(n, whole) for key, n in by_key.items()},
    )
