"""Système Féerie: exact odds in closed form (chapter 001).

An effort has probability exactly 1/2, so the odds are closed-form
binomials: with X ~ B(n, 1/2) and Y ~ B(m, 1/2), X - Y + m = X + (m - Y)
~ B(n + m, 1/2), hence P(X - Y = d) = C(n + m, d + m) / 2^(n + m).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from ..roller import odds_payload, ordered_law

__all__ = ["difference", "action_odds_from"]


def difference(n: int, m: int) -> dict[int, Fraction]:
    """Exact law of (efforts of n dice) - (efforts of m dice), p = 1/2."""
    total = 2 ** (n + m)
    return {d: Fraction(comb(n + m, d + m), total) for d in range(-m, n + 1)}


def action_odds_from(n: int, m: int) -> dict[str, Any]:
    law = difference(n, m)
    p2 = sum((p for d, p in law.items() if d >= 2), Fraction(0))
    p1 = law.get(1, Fraction(0))
    p0 = law.get(0, Fraction(0))
    # a complete miss: no effort among the n dice while the GM has at least one (else it is a tie)
    p_miss = Fraction(1, 2**n) * (1 - Fraction(1, 2**m))
    pneg = sum((p for d, p in law.items() if d < 0), Fraction(0)) - p_miss
    issues = {
        "Réussite avec plusieurs efforts excédentaires": p2,
        "Réussite": p1,
        "Échec par égalité": p0,
        "Échec": pneg,
        "Échec complet, aucun effort": p_miss,
    }
    margin = ordered_law("Marge d'efforts (joueurs \u2212 meneur)", law, signed=True)
    return odds_payload(issues, p2 + p1, des_joueurs=n, des_meneur=m, echelle=margin)
