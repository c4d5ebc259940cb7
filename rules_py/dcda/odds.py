"""De Cœur & D'Acier: the exact law of one round between two cards.

Each card is uniform over the cards its side may hold; the two come from one
deck, so B's card is never A's. Used by ``tour`` and by ``confrontation``
(its first round).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

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
    """
    wa = wb = sq = Fraction(0)
    by_key: dict[str, Fraction] = {}
    pa = Fraction(1, len(cards_a))
    for ca in cards_a:
        others = [cb for cb in cards_b if cb != ca]
        if not others:
            raise AssertionError("the callers leave B at least one card")
        n_a = n_b = n_sq = 0
        losers: dict[int, int] = {}
        sa = ca.suit
        for cb in others:
            sb = cb.suit
            ta = ca.value + (0 if dom[sb] == sa else forces_a[sa]) + bonus_a[sa]
            tb = cb.value + (0 if dom[sa] == sb else forces_b[sb]) + bonus_b[sb]
            w = winner(ta, tb, sa, sb, dom)
            if margins is not None:
                margins[ta - tb] = margins.get(ta - tb, Fraction(0)) + pa / len(others)
            if w == "a":
                n_a += 1
                losers[tb] = losers.get(tb, 0) + 1
            elif w == "b":
                n_b += 1
                losers[ta] = losers.get(ta, 0) + 1
            else:
                n_sq += 1
        p = pa / len(others)
        wa += n_a * p
        wb += n_b * p
        sq += n_sq * p
        if loser_key is not None:
            for total, n in losers.items():
                key = loser_key(total)
                by_key[key] = by_key.get(key, Fraction(0)) + n * p
    return wa, wb, sq, by_key
