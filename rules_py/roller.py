"""What a roller is: parameters as data, a roll, exact odds, follow-up actions.

Each game module (``solaires``, ``feerie``, ``simon``, ``dcda``) defines its
rollers as :class:`Roller` values in a module-level ``ROLLERS`` tuple. The
functions receive parameters already checked by :func:`parse_params` (the
``check`` hook adds cross-field rules), and return plain JSON-ready dicts
whose keys are described in ``rules_py/api.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .dice import Dice
from .params import Param, describe_params, parse_params

__all__ = ["Action", "Roller", "odds_payload"]

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
