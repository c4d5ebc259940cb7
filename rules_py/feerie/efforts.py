"""Système Féerie: efforts, and the dice each side rolls (chapter 001).

A die showing 4, 5 or 6 is an effort. The player rolls the element's score
plus the relevance bonus; an assistant half its ordinary dice, rounded up,
at most 2 (or 1 in the strict variant); the meneur as many dice as the
difficulty, shifted by the scenario's interest and never below 0.
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..results import die
from .words import ASSISTANT_LABELS, INTERET, PERTINENCE, PERTINENCE_CHOICES

__all__ = [
    "efforts",
    "marked",
    "assistant_dice",
    "check_assistants",
    "pertinence_check",
    "final_difficulty",
    "difficulty_lines",
    "initiator_dice",
    "initiator_line",
]

Args = dict[str, Any]


def efforts(rolled: list[int]) -> int:
    return sum(v >= 4 for v in rolled)


def marked(rolled: list[int]) -> list[dict[str, Any]]:
    return [die(v, 6, v >= 4, "effort" if v >= 4 else "sans effort") for v in rolled]


def assistant_dice(ordinary: int, one_die: bool) -> int:
    """An assistant rolls half its ordinary dice, rounded up, at most 2 (or 1)."""
    return min((ordinary + 1) // 2, 1 if one_die else 2)


def check_assistants(args: Args, name: str) -> None:
    if args["un_seul_assistant"] and len(args[name]) > 1:
        raise RulesError(
            name,
            f"{ASSISTANT_LABELS[name]} ({name}) : la variante « un seul assistant » n'en permet qu'un, "
            f"reçu {len(args[name])}.",
        )


def pertinence_check(args: Args) -> None:
    if args["pertinence"] == "inapproprie":
        raise RulesError(
            "pertinence",
            "Pertinence de l'élément (pertinence) : un élément inapproprié est refusé par le meneur, "
            "car l'action n'a aucun rapport avec lui ou il serait un handicap ; choisissez un autre élément.",
        )


def final_difficulty(args: Args) -> int:
    return max(0, int(args["difficulte"]) + INTERET[args["interet"]])


def difficulty_lines(args: Args) -> list[str]:
    shift = INTERET[args["interet"]]
    final = final_difficulty(args)
    if shift == 0:
        return [f"Difficulté : {final}"]
    raw = args["difficulte"] + shift
    line = f"Difficulté : {args['difficulte']} {'+' if shift > 0 else '-'} 1 (intérêt scénaristique) = {raw}"
    if raw < 0:
        line += " → 0 (jamais moins de 0)"
    return [line]


def initiator_dice(args: Args) -> int:
    return int(args["element"]) + PERTINENCE[args["pertinence"]]


def initiator_line(args: Args) -> str:
    bonus = PERTINENCE[args["pertinence"]]
    label = next(c.label for c in PERTINENCE_CHOICES if c.value == args["pertinence"])
    return f"Dés du joueur : élément {args['element']} + {bonus} ({label}) = {args['element'] + bonus}"
