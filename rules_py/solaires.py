"""Solaires, 3d6 « dés conservés » (chapters 000 and 002).

Roll three d6 against a score: a die is kept when it is <= the score.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from .dice import Dice
from .params import Choice, Param
from .results import die, group, result
from .roller import Roller, odds_payload

__all__ = ["ROLLERS"]


# ======================================================================
# solaires.environnement (optional rule, 000 and 002)
# ======================================================================

def _kept_marks(dice: list[int], score: int) -> list[dict[str, Any]]:
    return [die(v, 6, v <= score, "conservé" if v <= score else "écarté") for v in dice]


def _environnement_roll(args: dict[str, Any], dice: Dice) -> dict[str, Any]:
    score = _PREFERENCE[args["preference"]]
    rolled = dice.roll(3, 6)
    kept = sum(v <= score for v in rolled)
    favourable = kept >= 2
    notes = []
    if kept in (0, 3):
        notes.append(
            "Les trois dés sont de même nature ("
            + ("tous conservés" if kept == 3 else "tous écartés")
            + ") : le meneur peut ajouter des effets supplémentaires."
        )
    return result(
        "solaires.environnement",
        args,
        resultat="Favorable aux joueurs" if favourable else "Défavorable aux joueurs",
        reussite=favourable,
        des=[group("Dés du meneur", _kept_marks(rolled, score))],
        calcul=[
            f"Score à ne pas dépasser : {score}",
            f"Dés conservés (≤ {score}) : {kept}",
        ],
        notes=notes,
        tirage=rolled,
        score=score,
        conserves=kept,
        meme_nature=kept in (0, 3),
    )


def _environnement_odds(args: dict[str, Any]) -> dict[str, Any]:
    score = _PREFERENCE[args["preference"]]
    counts = [0, 0, 0, 0]
    for roll in product(range(1, 7), repeat=3):
        counts[sum(v <= score for v in roll)] += 1
    p = [Fraction(c, 216) for c in counts]
    issues = {
        "Favorable, trois dés conservés": p[3],
        "Favorable": p[2],
        "Défavorable": p[1],
        "Défavorable, trois dés écartés": p[0],
    }
    return odds_payload(issues, p[2] + p[3])


_PREFERENCE = {"defaveur": 2, "neutre": 3, "faveur": 4}

ENVIRONNEMENT = Roller(
    id="solaires.environnement",
    title="Solaires : aléatoire dans l'environnement",
    chapter="000, 002",
    summary="Le meneur lance trois dés contre 2, 3 ou 4 : au moins deux dés conservés, c'est favorable aux joueurs.",
    params=(
        Param(
            "preference",
            "Préférence du meneur",
            "choice",
            default="neutre",
            choices=(
                Choice("defaveur", "Plutôt en défaveur des PJ (2)", 2),
                Choice("neutre", "Aucune préférence (3)", 3),
                Choice("faveur", "Plutôt en faveur des PJ (4)", 4),
            ),
        ),
    ),
    roll=_environnement_roll,
    odds=_environnement_odds,
)

ROLLERS = (ENVIRONNEMENT,)
