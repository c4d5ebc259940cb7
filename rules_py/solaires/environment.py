"""``solaires.environnement`` (optional rule, 000 and 002): the game master's 3d6 against 2, 3 or 4.

At least two kept dice is favourable to the players; three dice of the same
nature (all kept or all discarded) let the game master add effects.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..params import Choice, Param
from ..results import group, result
from ..roller import Roller, odds_payload
from .odds import kept_counts, kept_law
from .words import PREFERENCE, kept_marks

__all__ = ["ENVIRONNEMENT"]

Args = dict[str, Any]


def _environnement_roll(args: Args, dice: Dice) -> dict[str, Any]:
    score = PREFERENCE[args["preference"]]
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
        des=[group("Dés du meneur", kept_marks(rolled, score))],
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


def _environnement_odds(args: Args) -> dict[str, Any]:
    score = PREFERENCE[args["preference"]]
    p = [Fraction(c, 216) for c in kept_counts(score)]
    issues = {
        "Favorable, trois dés conservés": p[3],
        "Favorable": p[2],
        "Défavorable": p[1],
        "Défavorable, trois dés écartés": p[0],
    }
    return odds_payload(issues, p[2] + p[3], echelle=kept_law(kept_counts(score)))


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
