"""Simon Système's exact odds machinery: die categories for a seuil, and one side's law.

A die falls in one of four categories (critical failure, plain failure,
success with a margin, critical success), so a roll is a multinomial over
category counts, and the margins of the successful dice are convolutions of
a uniform range (never an enumeration of 20^n rolls). Used by ``jet`` and ``opposition``.
"""

from __future__ import annotations

from math import factorial
from typing import NamedTuple

__all__ = ["Faces", "faces", "side_law"]


class Faces(NamedTuple):
    fail: int  # plain failures: faces 2..19 below the seuil
    ok: int  # plain successes: faces 2..19 at or above the seuil
    low: int  # margin (die - seuil) of the lowest plain success
    crit: int  # margin of a 20


def faces(seuil: int) -> Faces:
    first_ok = min(max(seuil, 2), 20)  # lowest plain success face (20 = none)
    return Faces(first_ok - 2, 20 - first_ok, first_ok - seuil, 20 - seuil)


def _margin_powers(ok: int, n: int) -> list[list[int]]:
    """pw[k][i]: ways for k plain successes to have margins summing to k*low + i."""
    powers = [[1]]
    for _ in range(n):
        prev = powers[-1]
        if ok == 0:
            powers.append([0])
            continue
        size = len(prev) + ok - 1
        out = [0] * size
        window = 0
        for i in range(size):  # sliding window: multiply by 1 + x + … + x^(ok-1)
            if i < len(prev):
                window += prev[i]
            if i - ok >= 0:
                window -= prev[i - ok]
            out[i] = window
        powers.append(out)
    return powers


_FACT = [factorial(i) for i in range(16)]


def side_law(n: int, seuil: int, need: int) -> tuple[int, dict[int, dict[int, int]]]:
    """Integer weights (over 20^n) of one side of an opposition:
    (weight of failing, {count: {margin sum: weight}}) for the successful rolls.
    ``count`` = successful dice, a 20 counting 2, minus the 1s."""
    f = faces(seuil)
    pw = _margin_powers(f.ok, n)
    fail_weight = 0
    law: dict[int, dict[int, int]] = {}
    fact_n = _FACT[n]
    for n1 in range(n + 1):
        for nc in range(n - n1 + 1):
            for ns in range(n - n1 - nc + 1):
                nf = n - n1 - nc - ns
                if nf and not f.fail:
                    continue
                if ns and not f.ok:
                    continue
                w = fact_n // (_FACT[n1] * _FACT[nc] * _FACT[ns] * _FACT[nf]) * f.fail**nf
                if ns + nc < need:
                    fail_weight += w * f.ok**ns
                    continue
                bucket = law.setdefault(ns + 2 * nc - n1, {})
                base = ns * f.low + nc * f.crit
                for i, ways in enumerate(pw[ns]):
                    if ways:
                        key = base + i
                        bucket[key] = bucket.get(key, 0) + w * ways
    return fail_weight, law
