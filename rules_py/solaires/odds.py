"""Solaires: exact odds in closed form (kept dice of 3d6 against a score).

Each die is kept with probability s/6, so the counts of kept dice are
binomial (:func:`kept_counts`); an action's or an opposition's outcomes
follow from its set-up and the book's table.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

from ..roller import odds_payload, ordered_law
from .setup import Setup, automatic_note
from .words import HANDICAP_NOTE, outcome, with_handicap

__all__ = ["kept_counts", "kept_law", "setup_odds"]


def kept_counts(score: int) -> tuple[int, int, int, int]:
    """How many of the 216 rolls of 3d6 keep 0, 1, 2, 3 dice (<= ``score``).

    Closed form: each die is kept with probability s/6 (s clamped to 0..6),
    so C(3, k) s^k (6 - s)^(3 - k) of the 216 rolls keep k dice. A score
    <= 0 or >= 6 gives 0 or 3 kept dice for sure, as 000 rules for the
    automatic cases.
    """
    s = min(max(score, 0), 6)
    c0, c1, c2, c3 = (comb(3, k) * s**k * (6 - s) ** (3 - k) for k in range(4))
    return c0, c1, c2, c3


def kept_law(counts: Sequence[int]) -> dict[str, Any]:
    return ordered_law("Dés conservés", {k: Fraction(c, 216) for k, c in enumerate(counts)})


def setup_odds(setup: Setup) -> dict[str, Any]:
    counts = kept_counts(setup.score)
    issues: dict[str, Fraction] = {}
    for kept in (3, 2, 1, 0):
        label = with_handicap(outcome(kept, setup.alteration), setup.handicap)
        issues[label] = issues.get(label, Fraction(0)) + Fraction(counts[kept], 216)
    notes = []
    if setup.automatic:
        notes.append(automatic_note(setup, outcome(3 if setup.score >= 6 else 0, setup.alteration)))
    if setup.handicap:
        notes.append(HANDICAP_NOTE)
    return odds_payload(
        issues,
        Fraction(counts[2] + counts[3], 216),
        conserves={str(k): counts[k] / 216 for k in (3, 2, 1, 0)},
        echelle=kept_law(counts),
        score=setup.score,
        difficulte=setup.difficulty,
        automatique=setup.automatic,
        notes=notes,
    )
