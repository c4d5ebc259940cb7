"""``dcda.confrontation``: the result of every step (the roll and each action).

The hands on the table, the oppositions and their standing, the notes, and
the follow-ups offered now (with why the others are not).
"""

from __future__ import annotations

from typing import Any

from ..dice import Dice
from ..results import action_offer, die, group, result
from .cards import SUITS, Card
from .fields import DOM_NOTE
from .setup import Setup
from .state import (
    ENDS,
    engaged,
    exaltation_due,
    final,
    finish_refusal,
    play_refusal,
    redraw_refusal,
    renounce_refusal,
    round_duels,
    standing,
    summary,
)
from .table import ISSUES, issue_notes
from .words import cap

__all__ = ["in_play", "report"]

Args = dict[str, Any]


def in_play(setup: Setup, st: dict[str, Any]) -> list[int]:
    """The participants still in the confrontation (they play the next round)."""
    return [i for i in range(len(setup.members)) if engaged(setup, st["actifs"], i)]


def _hand_groups(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    groups = []
    for i, m in enumerate(setup.members):
        if st["mains"][i] is None:  # back in the piles: no empty line
            continue
        cards = []
        for s in range(4):
            c = Card(st["mains"][i][s], s)
            d = die(c.name, None, None, "prédilection" if m.favourite == s else "")
            d["libelle"] = c.label
            cards.append(d)
        groups.append(group(f"Main {m.of}", cards))
    return groups


def _card_field(setup: Setup, st: dict[str, Any], i: int) -> dict[str, Any]:
    """The form field of one participant's card for the next round: the cards of her hand she may play, none
    chosen for her (her favourite suit's card was, and the form offered no « — à choisir — »): it is marked."""
    m = setup.members[i]
    hand = st["mains"][i]
    allowed = setup.powers.allowed

    def label(s: int) -> str:
        return Card(hand[s], s).label + (" (prédilection)" if s == m.favourite else "")

    return {
        "nom": m.id,
        "libelle": f"Carte jouée par {m.name}",
        "type": "choice",
        "requis": True,
        "defaut": None,
        "choix": [{"valeur": SUITS[s], "libelle": label(s)} for s in allowed],
    }


def _offers(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    offers = []
    due = exaltation_due(setup, st)
    offers.append(
        action_offer(
            "exaltation",
            "Piocher la lame majeure d’exaltation",
            bool(due),
            "" if due else "Aucune participante exaltée ne doit piocher avant ce tour.",
            parametres={},
        )
    )
    why = play_refusal(setup, st)
    players = in_play(setup, st) if st["fin"] is None else []
    offers.append(
        action_offer(
            "jouer",
            f"Jouer le tour {min(st['tour'] + 1, 4)}",
            not why,
            why,
            parametres=[_card_field(setup, st, i) for i in players],
            participants=[setup.members[i].id for i in players],
        )
    )
    for i, m in enumerate(setup.members):
        if m.favourite is not None:
            why = redraw_refusal(setup, st, i)
            offers.append(
                action_offer(
                    "repiocher",
                    f"Repiocher la carte de prédilection {m.of}",
                    not why,
                    why,
                    parametres={"participant": m.id},
                )
            )
    if st["fin"] is None:
        for i, m in enumerate(setup.members):
            why = renounce_refusal(setup, st, i)
            offers.append(
                action_offer("renoncer", f"{cap(m.name)} renonce", not why, why, parametres={"participant": m.id})
            )
    why = finish_refusal(setup, st)
    offers.append(action_offer("terminer", "Tout le monde accepte l’issue", not why, why, parametres={}))
    return offers


def report(
    setup: Setup,
    st: dict[str, Any],
    args: Args,
    dice: Dice,
    headline: str,
    calcul: list[str],
    notes: list[str],
    groups: list[dict[str, Any]],
    round_played: int | None = None,
) -> dict[str, Any]:
    rows = standing(setup, st)
    lines = summary(setup, st, rows)
    if st["fin"] is not None:
        notes = notes + [ENDS[st["fin"]]]
    notes = notes + lines + [DOM_NOTE]
    if setup.table is not None:
        notes.append(
            "Les issues sont lues dans la table que vous avez saisie (celle de votre fiche), pas dans le texte du jeu."
        )
    solo = len(setup.pairs) == 1
    winner = rows[0]["gagnant"] if solo else None
    figures: dict[str, Any] = {}
    if round_played is not None:
        figures["tour_joue"] = [
            {
                "a": setup.members[i].id,
                "b": setup.members[j].id,
                "cartes": [st["joues"][round_played - 1][i], st["joues"][round_played - 1][j]],
                "totaux": [d.total_a, d.total_b],
                "gagnant": d.winner,
                "force_perdant": d.loser_total,
                "tour": round_played,
                "issue": issue_notes(setup.table, round_played, d.loser_total)[0],
            }
            for i, j, d in round_duels(setup, st, round_played)
        ]
    return result(
        "dcda.confrontation",
        args,
        resultat=cap(headline) + final(st, rows),
        reussite={"a": True, "b": False}.get(winner or "") if solo and st["tour"] else None,
        des=groups + _hand_groups(setup, st),
        calcul=calcul,
        notes=notes,
        tirage=list(dice.drawn),
        etat=st,
        actions=_offers(setup, st),
        tour=st["tour"],
        fin=st["fin"],
        gagnant=winner,
        oppositions=rows,
        classement=lines,
        issues_possibles=list(ISSUES.values()),
        temperance=None if st["temperance"] is None else setup.members[st["temperance"][0]].id,
        **figures,
    )
