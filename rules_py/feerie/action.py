"""``feerie.action``: the players against the meneur (chapter 001), as ``feerie.collaboration`` plays too.

The player rolls element + relevance d6, the meneur as many d6 as the
difficulty; the player succeeds only with strictly more efforts. In a
collaboration each assistant adds half its ordinary dice (at most 2), and
all the players' efforts add up against the meneur's.
"""

from __future__ import annotations

from typing import Any

from ..dice import Dice
from ..results import group, result
from ..roller import Roller
from .efforts import (
    assistant_dice,
    difficulty_lines,
    efforts,
    final_difficulty,
    initiator_dice,
    initiator_line,
    marked,
    pertinence_check,
)
from .fields import DIFFICULTE, ELEMENT, INTERET_PARAM, PERTINENCE_PARAM
from .odds import action_odds_from
from .words import MAY_ADD, MISS_NOTE, MISSED, MISSED_TIE, SIDE_EFFECT_NOTE, plural

__all__ = ["ACTION", "players_vs_gm"]

Args = dict[str, Any]


# ======================================================================
# The players against the meneur
# ======================================================================


def _verdict(diff: int, players: int) -> tuple[str, bool]:
    """The outcome, flagging the book's side-effect cases without a direction the text does not give.

    No effort at all among the players' dice is « rate complètement » whatever the meneur's efforts,
    a 0-0 tie included (RULES.md): the result says both.
    """
    if diff >= 2:
        return f"Réussite avec plusieurs efforts excédentaires : {MAY_ADD}", True
    if diff == 1:
        return "Réussite", True
    if players == 0:
        return (MISSED_TIE if diff == 0 else MISSED), False
    if diff == 0:
        return f"Échec par égalité : {MAY_ADD}", False
    return "Échec", False


def players_vs_gm(
    roller_id: str,
    args: Args,
    dice: Dice,
    assistants: tuple[int, ...],
    one_die: bool,
    extra_notes: list[str],
) -> dict[str, Any]:
    n0 = initiator_dice(args)
    helpers = [assistant_dice(a, one_die) for a in assistants]
    gm = final_difficulty(args)
    rolled = dice.roll(n0, 6, "Dés du joueur" + (" (initiateur)" if assistants else ""))
    helper_rolls = [dice.roll(k, 6, f"Dés de l’assistant {i}") for i, k in enumerate(helpers, 1)]
    gm_rolled = dice.roll(gm, 6, "Dés du meneur")
    players = efforts(rolled) + sum(efforts(r) for r in helper_rolls)
    gm_efforts = efforts(gm_rolled)
    text, success = _verdict(players - gm_efforts, players)
    calc = difficulty_lines(args) + [initiator_line(args)]
    cap = 1 if one_die else 2
    for i, (ordinary, k) in enumerate(zip(assistants, helpers, strict=True), 1):
        calc.append(
            f"Assistant {i} : {plural(ordinary, 'dé')} d’ordinaire → moitié arrondie au supérieur, au plus {cap} : {k}"
        )
    effort_parts = [str(efforts(rolled))] + [str(efforts(r)) for r in helper_rolls]
    if helpers:
        calc.append(f"Efforts des joueurs : {' + '.join(effort_parts)} = {players}")
    else:
        calc.append(f"Efforts du joueur : {players}")
    calc.append(f"Efforts du meneur : {gm_efforts}")
    calc.append(
        f"{players} {'>' if players > gm_efforts else ('=' if players == gm_efforts else '<')} {gm_efforts} : "
        + ("réussite (strictement plus d’efforts)" if success else "échec (il faut strictement plus d’efforts)")
    )
    groups = [group("Dés du joueur" + (" (initiateur)" if assistants else ""), marked(rolled))]
    groups += [group(f"Dés de l’assistant {i}", marked(r)) for i, r in enumerate(helper_rolls, 1)]
    groups.append(group("Dés du meneur", marked(gm_rolled)))
    notes = list(extra_notes)
    if players - gm_efforts == 0 or players - gm_efforts >= 2:
        notes.append(SIDE_EFFECT_NOTE)
    if players == 0:
        notes.append(MISS_NOTE)
    figures: dict[str, Any] = {}
    if assistants:
        figures["efforts_assistants"] = [efforts(r) for r in helper_rolls]
        figures["des_assistants"] = helpers
    return result(
        roller_id,
        args,
        resultat=text,
        reussite=success,
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=dice.drawn,
        difficulte=gm,
        des_joueur=n0,
        efforts_joueur=efforts(rolled),
        efforts_joueurs=players,
        efforts_meneur=gm_efforts,
        excedent=players - gm_efforts,
        **figures,
    )


# ======================================================================
# feerie.action
# ======================================================================


def _action_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return players_vs_gm("feerie.action", args, dice, (), False, [])


def _action_odds(args: Args) -> dict[str, Any]:
    return action_odds_from(initiator_dice(args), final_difficulty(args))


# ======================================================================
# The rollers
# ======================================================================

ACTION = Roller(
    id="feerie.action",
    title="Système Féerie : résoudre une action",
    chapter="001",
    summary="Le joueur lance élément + bonus de pertinence d6, le meneur autant de d6 que la difficulté : "
    "chaque 4, 5 ou 6 est un effort, il faut strictement plus d’efforts que le meneur.",
    params=(ELEMENT, PERTINENCE_PARAM, DIFFICULTE, INTERET_PARAM),
    roll=_action_roll,
    odds=_action_odds,
    check=pertinence_check,
)
