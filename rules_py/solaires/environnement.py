"""``solaires.environnement`` (optional rule, 000 and 002): the game master's 3d6 against 2, 3 or 4.

At least two kept dice is favourable to the players, else unfavourable:
« Il n’y a pas d’autres graduations » (000). Three dice of the same nature
(all kept or all discarded) let the game master add effects (002): a note on
the outcome, never a third or fourth outcome.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..params import Choice, Param
from ..results import group, result
from ..roller import Roller, odds_payload
from .odds import kept_counts, kept_law
from .words import PREFERENCE, SAME_NATURE, kept_marks

__all__ = ["ENVIRONNEMENT"]

Args = dict[str, Any]


def _environnement_roll(args: Args, dice: Dice) -> dict[str, Any]:
    score = PREFERENCE[args["preference"]]
    rolled = dice.roll(3, 6, "Dés du meneur")
    kept = sum(v <= score for v in rolled)
    favourable = kept >= 2
    notes = []
    if kept in (0, 3):
        notes.append(
            "Les trois dés sont de même nature ("
            + ("tous conservés" if kept == 3 else "tous écartés")
            + f") : « {SAME_NATURE} » (002). L’issue reste "
            + ("favorable" if favourable else "défavorable")
            + " : « Il n’y a pas d’autres graduations » (000)."
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
    issues = {"Favorable aux joueurs": p[2] + p[3], "Défavorable aux joueurs": p[0] + p[1]}
    same = p[0] + p[3]
    return odds_payload(
        issues,
        p[2] + p[3],
        echelle=kept_law(kept_counts(score)),
        meme_nature=float(same),
        meme_nature_exacte=f"{same.numerator}/{same.denominator}",
        notes=[
            "Deux issues seulement : « Il n’y a pas d’autres graduations » (000). Trois dés de même nature "
            f"(tous conservés ou tous écartés) arrivent dans {same.numerator}/{same.denominator} des jets : "
            "le meneur peut alors ajouter des effets supplémentaires (002), sans changer l’issue."
        ],
    )


ENVIRONNEMENT = Roller(
    id="solaires.environnement",
    title="Solaires : aléatoire dans l’environnement",
    chapter="000, 002",
    summary="Le meneur lance trois dés contre 2, 3 ou 4 : au moins deux dés conservés, c’est favorable aux joueurs.",
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
