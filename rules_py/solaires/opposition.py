"""``solaires.opposition`` (optional rule, 000 and 002): the difficulty is 3 minus the other character's
elements, then the resolution of ``solaires.action`` (``action.py``: the result, the reroll and the veto);
what the aggressor's success or failure brings is the table's choice (002), never the roller's.
"""

from __future__ import annotations

from typing import Any

from ..dice import Dice
from ..params import Param
from ..roller import Roller
from .action import PLAYER_PARAMS, element_scores, play, reroll_action, veto_action
from .odds import setup_odds
from .setup import opposition_check, opposition_setup

__all__ = ["OPPOSITION"]

Args = dict[str, Any]


def _opposition_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return play("solaires.opposition", opposition_setup(args), args, dice)


def _opposition_odds(args: Args) -> dict[str, Any]:
    return setup_odds(opposition_setup(args))


OPPOSITION = Roller(
    id="solaires.opposition",
    title="Solaires : jet en opposition (règle optionnelle)",
    chapter="000, 002",
    summary=(
        "Seul l’agresseur lance les dés, contre une difficulté de trois moins les éléments engagés par l’autre "
        "personnage ; le reste suit la résolution d’une action, et la table décide de ce qu’entraîne le résultat."
    ),
    params=(
        element_scores(
            "defense",
            "Éléments engagés par l’autre personnage",
            "Un ou deux scores de 1 à 3 (« 3,2 ») : la difficulté vaut 3 moins leur somme ; un second élément "
            "seulement si l’action est typique du premier.",
            "L’autre personnage",
        ),
        Param(
            "defense_typique",
            "Action typique du premier élément de l’autre personnage",
            "bool",
            default=False,
            help="Permet un second élément à l’autre personnage, comme à tout personnage (000, « Choix des éléments »).",
            group="L’autre personnage",
        ),
        *PLAYER_PARAMS,
    ),
    roll=_opposition_roll,
    odds=_opposition_odds,
    check=opposition_check,
    actions=(reroll_action("solaires.opposition"), veto_action("solaires.opposition")),
)
