"""``feerie.collaboration``: an action with assistants, the players against the meneur (chapter 001).

The initiator rolls as in ``feerie.action`` (``action.py``, which plays both); each assistant adds half
its ordinary dice (at most 2), and all the players' efforts add up against the meneur's.
"""

from __future__ import annotations

from typing import Any

from ..dice import Dice
from ..roller import Roller
from .action import players_vs_gm
from .efforts import assistant_dice, check_assistants, final_difficulty, initiator_dice, pertinence_check
from .fields import DIFFICULTE, ELEMENT, INTERET_PARAM, ONE_DIE, ONE_HELPER, PERTINENCE_PARAM, assistants_param
from .odds import action_odds_from
from .words import TYPO_NOTE

__all__ = ["COLLABORATION"]

Args = dict[str, Any]


def _collaboration_check(args: Args) -> None:
    pertinence_check(args)
    check_assistants(args, "assistants")


def _collaboration_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return players_vs_gm(
        "feerie.collaboration", args, dice, args["assistants"], args["un_de_par_assistant"], [TYPO_NOTE]
    )


def _collaboration_odds(args: Args) -> dict[str, Any]:
    n = initiator_dice(args) + sum(assistant_dice(a, args["un_de_par_assistant"]) for a in args["assistants"])
    return action_odds_from(n, final_difficulty(args))


COLLABORATION = Roller(
    id="feerie.collaboration",
    title="Système Féerie : action collaborative",
    chapter="001",
    summary="L’initiateur lance ses dés comme d’habitude, chaque assistant la moitié des siens (au plus 2) ; "
    "tous les efforts des joueurs s’additionnent contre ceux du meneur.",
    params=(
        ELEMENT,
        PERTINENCE_PARAM,
        DIFFICULTE,
        INTERET_PARAM,
        assistants_param("assistants", "Dés ordinaires des assistants"),
        ONE_HELPER,
        ONE_DIE,
    ),
    roll=_collaboration_roll,
    odds=_collaboration_odds,
    check=_collaboration_check,
)
