"""``dcda.confrontation``: its parameters, the roll (the hands), the odds of round 1, the roller.

The result of every step is composed in ``report``, the actions between
rounds are in ``actions``.

Order of the draws (``--dice``): the roll draws each participant's hand (a1,
a2…, then b1…, each in suit order Bâtons, Écus, Coupes, Dagues), then a
fortune (a major arcana, ``0``..``21``) for each exalted participant (level 3
or 4) whose fortune is not given. ``jouer`` draws, after rounds 1 to 3, one
card of the played suit for each participant who played, in order (the
played cards first go back to their pile); ``repiocher`` draws one card;
``exaltation`` one major arcana per exalted participant due to draw, in
order, until a Tempérance.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..params import Param
from ..roller import Action, Roller, odds_payload, ordered_law
from .actions import act_exaltation, act_jouer, act_renoncer, act_repiocher, act_terminer
from .cards import ARCANA_DECK, ARCANA_MAY, DECK, SUITS, arcana_label, draw, finish, slabel
from .fields import SUIT_CHOICES
from .odds import duel_odds
from .report import report
from .setup import MAX_SIDE, NOCTURNE_WORDS, PARAMS, Member
from .setup import setup as make_setup
from .state import draw_card
from .words import cap, count, join_and

__all__ = ["CONFRONTATION", "PARTICIPANT", "PLAY_PARAMS", "check", "roll", "odds"]

Args = dict[str, Any]

PARTICIPANT = Param(
    "participant",
    "Participante",
    "text",
    required=True,
    help="a1, a2… pour l’équipe A, b1… pour l’équipe B, ou son nom.",
)
PLAY_PARAMS = (
    Param(
        "enseignes",
        "Enseignes jouées",
        "text",
        help="Une par participante encore engagée, dans l’ordre a1, a2…, b1… : « dagues,bâtons » "
        "(ou une enseigne par participante avec a1=…, b1=…).",
    ),
    *(
        Param(
            f"{side}{k}",
            f"Enseigne jouée par {side}{k}",
            "choice",
            choices=SUIT_CHOICES,
            help="L’enseigne de la carte de sa main qu’elle joue.",
        )
        for side in "ab"
        for k in range(1, MAX_SIDE + 1)
    ),
)


def check(args: Args) -> None:
    make_setup(args)


# ----------------------------------------------------------------------
# The roll: the hands, and the fortunes to draw
# ----------------------------------------------------------------------


def roll(args: Args, dice: Dice) -> dict[str, Any]:
    setup = make_setup(args)
    n = len(setup.members)
    st: dict[str, Any] = {
        "version": 1,
        "parametres": {k: list(v) if isinstance(v, tuple) else v for k, v in args.items()},
        "fortunes": [m.fortune for m in setup.members],
        "mains": [[0, 0, 0, 0] for _ in range(n)],
        "tour": 0,
        "joues": [],
        "actifs": [True] * n,
        "repioche": [False] * n,
        "exaltations": [],
        "fin": None,
        "temperance": None,
    }
    to_draw = [i for i, m in enumerate(setup.members) if setup.exalted(i) and m.fortune is None]
    plan = (
        f"ce jet tire {count(4 * n, 'carte')} (la main de chaque participante, dans l’ordre "
        f"{join_and(m.name for m in setup.members)}, chacune en Bâtons, Écus, Coupes, Dagues)"
    )
    if to_draw:
        plan += (
            f", puis {count(len(to_draw), 'lame majeure', 'lames majeures')} "
            f"(la fortune {join_and(setup.members[i].of for i in to_draw)})"
        )
    for i, m in enumerate(setup.members):
        for s in range(4):
            st["mains"][i][s] = draw_card(dice, st, i, s, m, plan)
    notes = []
    for i in to_draw:
        m = setup.members[i]
        st["fortunes"][i] = int(draw(dice, ARCANA_DECK, f"la fortune {m.of}", ARCANA_MAY, plan))
        notes.append(
            f"Fortune {m.of} tirée au début de la confrontation (comme pour un PNJ exalté) : {arcana_label(st['fortunes'][i])}."
        )
    finish(dice, plan)
    calcul = []
    for i, m in enumerate(setup.members):
        desc = ", ".join(f"{slabel(s)} {m.forces[s]}" for s in range(4))
        extra = []
        if m.favourite is not None:
            extra.append(f"prédilection {slabel(m.favourite)}")
        if not m.environment:
            extra.append(f"niveau {m.level}")
        if st["fortunes"][i] is not None:
            extra.append(f"fortune {arcana_label(st['fortunes'][i])}")
        env = " (environnement)" if m.environment and m.name != "l’environnement" else ""
        calcul.append(f"{cap(m.name)}{env} : {desc}" + (f" ; {', '.join(extra)}" if extra else ""))
    for i, j in setup.pairs:
        calcul.append(f"Opposition : {setup.members[i].name} contre {setup.members[j].name}")
    if args["pnj"] is None and args["forces_b"] is None:
        notes.append(f"Adversaire par défaut : {NOCTURNE_WORDS} ; Dagues 7, 3 ailleurs, fortune XVII — L’Étoile.")
    side_names = []
    for side in "ab":
        team = [m for m in setup.members if m.side == side]
        side_names.append(team[0].name if len(team) == 1 else f"l’équipe {side.upper()}")
    calcul += setup.powers.lines(*side_names)
    return report(setup, st, args, dice, "Les mains sont constituées : à vous de jouer le tour 1.", calcul, notes, [])


# ----------------------------------------------------------------------
# The odds of round 1
# ----------------------------------------------------------------------


def odds(args: Args) -> dict[str, Any]:
    """P(win round 1) for each opposition when each plays her favourite suit.

    Without a favourite suit (or when the meneuse forbids it), the strongest
    playable suit of the sheet (the first in the order Bâtons, Écus, Coupes,
    Dagues on a tie). Each card is uniform over its pile; two cards of the
    same suit are different.
    """
    setup = make_setup(args)
    allowed = setup.powers.allowed

    def suit_of_member(m: Member) -> int:
        if m.favourite in allowed:
            return m.favourite
        return max(allowed, key=lambda s: (m.forces[s], -s))

    rows = []
    first: tuple[Member, Member, int, int, Fraction, Fraction, Fraction] | None = None
    margins: dict[int, Fraction] = {}
    for i, j in setup.pairs:
        mi, mj = setup.members[i], setup.members[j]
        si, sj = suit_of_member(mi), suit_of_member(mj)
        wa, wb, sq, _ = duel_odds(
            tuple(c for c in DECK if c.suit == si),
            tuple(c for c in DECK if c.suit == sj),
            mi.forces,
            mj.forces,
            setup.bonus(i),
            setup.bonus(j),
            setup.dom,
            margins=margins if first is None else None,
        )
        rows.append(
            {
                "a": mi.id,
                "b": mj.id,
                "enseignes": [SUITS[si], SUITS[sj]],
                "exact": {
                    "a": f"{wa.numerator}/{wa.denominator}",
                    "b": f"{wb.numerator}/{wb.denominator}",
                    "statu_quo": f"{sq.numerator}/{sq.denominator}",
                },
                "a_gagne": float(wa),
                "b_gagne": float(wb),
                "statu_quo": float(sq),
            }
        )
        if first is None:
            first = (mi, mj, si, sj, wa, wb, sq)
    assert first is not None  # every member of side b is in an opposition
    mi, mj, si, sj, wa, wb, sq = first
    return odds_payload(
        {f"{mi.name} remporte le tour 1": wa, f"{mj.name} remporte le tour 1": wb, "Statu quo": sq},
        wa,
        oppositions=rows,
        echelle=ordered_law(f"Écart des forces totales au tour 1 ({mi.name} \u2212 {mj.name})", margins, signed=True),
        notes=[
            f"Chances du premier tour, {mi.name} ({slabel(si)}) contre {mj.name} ({slabel(sj)}) : chacune joue "
            "son enseigne de prédilection (à défaut, sa plus forte parmi les enseignes jouables), carte au hasard "
            "dans sa pile.",
            *setup.powers.lines(),
        ],
    )


CONFRONTATION = Roller(
    id="dcda.confrontation",
    title="De Cœur & D’Acier : une confrontation complète",
    chapter="004",
    summary="Jusqu’à quatre tours joués dans la page : mains, repioche, renoncement, niveaux de relation, exaltation et Tempérance.",
    params=PARAMS,
    roll=roll,
    odds=odds,
    check=check,
    actions=(
        Action("exaltation", "Piocher la lame majeure d’exaltation", (), act_exaltation),
        Action("jouer", "Jouer un tour", PLAY_PARAMS, act_jouer),
        Action("repiocher", "Repiocher la carte de prédilection", (PARTICIPANT,), act_repiocher),
        Action("renoncer", "Renoncer avant le tour", (PARTICIPANT,), act_renoncer),
        Action("terminer", "Tout le monde accepte l’issue", (), act_terminer),
    ),
)
