"""What a roller is: parameters as data, a roll, exact odds, follow-up actions.

Each game package (``solaires``, ``feerie``, ``simon``, ``dcda``) defines its
rollers as :class:`Roller` values, one module per mechanic, and lists them in
a ``ROLLERS`` tuple in its ``__init__``. The functions receive parameters
already checked by :func:`parse_params` (the ``check`` hook adds cross-field
rules), and return plain JSON-ready dicts whose keys are described in
``rules_py/api.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate
from math import gcd
from typing import Any

from .dice import Dice
from .params import Param, describe_params, parse_params

__all__ = ["Action", "Roller", "odds_payload", "ordered_law"]

Args = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Action:
    """A follow-up on a previous result: pure state in, new result out.

    ``run(state, args, dice)`` receives the ``etat`` of the previous result
    (as JSON gave it back: it must be re-checked) and this action's checked
    parameters.
    """

    id: str
    label: str
    params: tuple[Param, ...]
    run: Callable[[Mapping[str, Any], Args, Dice], dict[str, Any]]

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "libelle": self.label, "parametres": describe_params(self.params)}


@dataclass(frozen=True, slots=True)
class Roller:
    id: str
    title: str  # French, e.g. "Solaires : résoudre une action"
    chapter: str  # e.g. "000" or "000, 002"
    params: tuple[Param, ...]
    roll: Callable[[Args, Dice], dict[str, Any]]
    odds: Callable[[Args], dict[str, Any]]
    check: Callable[[Args], None] | None = None
    actions: tuple[Action, ...] = field(default=())
    summary: str = ""  # one French sentence: what this roller does

    def parse(self, raw: Mapping[str, Any]) -> Args:
        args = parse_params(self.params, raw, self.id)
        if self.check is not None:
            self.check(args)
        return args

    def action(self, action_id: str) -> Action | None:
        return next((a for a in self.actions if a.id == action_id), None)

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "titre": self.title,
            "chapitre": self.chapter,
            "resume": self.summary,
            "parametres": describe_params(self.params),
            "actions": [a.describe() for a in self.actions],
        }


def odds_payload(
    issues: Mapping[str, Fraction],
    success: Fraction | None,
    **extra: Any,
) -> dict[str, Any]:
    """The JSON odds of a roller from exact fractions.

    ``issues`` maps each outcome label (the book's words) to its exact
    probability, in the order the chart should show them; ``success`` is the
    probability of success (None where success does not apply).
    """
    total = sum(issues.values(), Fraction(0))
    if issues and total != 1:
        raise AssertionError(f"odds do not add up to 1: {total}")
    return {
        "reussite": None if success is None else float(success),
        "issues": {k: float(v) for k, v in issues.items()},
        "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in issues.items()},
        **({"reussite_exacte": f"{success.numerator}/{success.denominator}"} if success is not None else {}),
        **extra,
    }


def ordered_law(title: str, law: Mapping[int, Fraction], signed: bool = False) -> dict[str, Any]:
    """An ordered outcome's exact law, read three ways: « exactement », « au moins », « au plus ».

    ``law`` maps each value (a number of dice, a margin) to its exact probability; the values
    between its least and greatest possible ones are all listed (an impossible one at 0). ``signed``: the
    values are margins, shown « +2 », « 0 », « −1 ».
    """
    # In integers over one common denominator (the sums exact, each value reduced once at the end):
    # the same fractions and floats as with Fraction arithmetic, without a Fraction per step.
    unit = 1
    for p in law.values():
        unit = unit * p.denominator // gcd(unit, p.denominator)
    counts = {v: p.numerator * (unit // p.denominator) for v, p in law.items()}
    if sum(counts.values()) != unit:
        raise AssertionError(f"ordered law does not add up to 1: {sum(law.values(), Fraction(0))}")
    possible = [v for v, n in counts.items() if n]
    values = list(range(min(possible), max(possible) + 1))
    exactly = [counts.get(v, 0) for v in values]
    at_most = list(accumulate(exactly))
    at_least = [unit - below for below in [0, *at_most[:-1]]]

    def label(v: int) -> str:
        return f"+{v}" if signed and v > 0 else (f"\u2212{-v}" if v < 0 else str(v))

    def exact(n: int) -> str:
        g = gcd(n, unit)
        return f"{n // g}/{unit // g}"

    return {
        "titre": title,
        "valeurs": values,
        "libelles": [label(v) for v in values],
        **{
            # n / unit: an int division, correctly rounded, as float(Fraction(n, unit)) is
            way: {"probas": [n / unit for n in ns], "exact": [exact(n) for n in ns]}
            for way, ns in (("exactement", exactly), ("au_moins", at_least), ("au_plus", at_most))
        },
    }
