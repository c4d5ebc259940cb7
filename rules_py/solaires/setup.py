"""Solaires: the set-up of an action or an opposition, from its parameters (000 and 002).

The difficulty comes as a number, from the two scales (« Difficulté
intrinsèque » + « Intérêt scénaristique »), or in an opposition as 3 minus
the defender's elements; the score to beat adds one or two elements. A
score of 0 or less, or of 6 or more, decides the action without dice (the
note says which of the book's two sentences this follows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from ..params import shown
from .words import DEFAULT_INTERET, DEFAULT_INTRINSEQUE, INTERET, INTRINSEQUE, QUOTE_DIFFICULTE, QUOTE_RESOLUTION

__all__ = ["Setup", "action_check", "opposition_check", "action_setup", "opposition_setup", "automatic_note"]

Args = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a Solaires action needs once its difficulty is known.

    ``scales`` holds (intrinseque, interet) when the difficulty came from
    the two scales, ``defense`` the defender's elements in an opposition;
    both None when the difficulty was given as a number.
    """

    difficulty: int
    elements: tuple[int, ...]
    typique: bool
    alteration: str
    handicap: bool
    scales: tuple[str, str] | None = None
    defense: tuple[int, ...] | None = None

    @property
    def score(self) -> int:
        return self.difficulty + sum(self.elements)

    @property
    def automatic(self) -> bool:
        return not 1 <= self.score <= 5


def _check_elements(elements: tuple[int, ...], typique: bool) -> None:
    if len(elements) == 2 and not typique:
        raise RulesError(
            "elements",
            "Scores des éléments (elements) : un second élément n'est permis que si l'action est typique "
            "du premier (« Action typique du premier élément »), "
            f"reçu {shown(','.join(map(str, elements)))}.",
        )


def action_check(args: Args) -> None:
    scales_changed = args["intrinseque"] != DEFAULT_INTRINSEQUE or args["interet"] != DEFAULT_INTERET
    if args["difficulte"] is not None and scales_changed:
        raise RulesError(
            "difficulte",
            "Difficulté (difficulte) : donnez soit une difficulté chiffrée, soit les deux échelles "
            "(« Difficulté intrinsèque » et « Intérêt scénaristique »), pas les deux à la fois.",
        )
    _check_elements(args["elements"], args["typique"])


def opposition_check(args: Args) -> None:
    _check_elements(args["elements"], args["typique"])


def action_setup(args: Args) -> Setup:
    common = dict(
        elements=tuple(args["elements"]),
        typique=args["typique"],
        alteration=args["alteration"],
        handicap=args["handicap"],
    )
    if args["difficulte"] is not None:
        return Setup(difficulty=args["difficulte"], **common)
    scales = (args["intrinseque"], args["interet"])
    return Setup(difficulty=INTRINSEQUE[scales[0]] + INTERET[scales[1]], scales=scales, **common)


def opposition_setup(args: Args) -> Setup:
    defense = tuple(args["defense"])
    return Setup(
        difficulty=3 - sum(defense),
        elements=tuple(args["elements"]),
        typique=args["typique"],
        alteration=args["alteration"],
        handicap=args["handicap"],
        defense=defense,
    )


def automatic_note(setup: Setup, label: str) -> str:
    fails = setup.score <= 0
    agree = "sans effet secondaire" in label
    return (
        f"Pas de jet : un score à battre de {setup.score} "
        + ("(0 ou moins) fait échouer" if fails else "(6 ou plus) fait réussir")
        + " l'action d'office. Chapitre 000, « Résolution de l'action » : « "
        + QUOTE_RESOLUTION
        + " » ; "
        "mais « Difficulté » : « "
        + QUOTE_DIFFICULTE
        + " » "
        + (
            "Ici les deux phrases donnent le même résultat."
            if agree
            else "Ce lanceur suit « Résolution de l'action » ; le meneur peut retenir l'autre phrase "
            "et ne pas appliquer l'effet secondaire."
        )
    )
