"""``dcda.confrontation``: the roll (the hands), the actions between rounds, the odds of round 1.

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

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .dcda_cards import (
    ARCANA_DECK,
    CARD_BY_NAME,
    DECK,
    SUITS,
    Card,
    arcana_label,
    describe_cards,
    draw,
    duel_odds,
    finish,
    fold,
    of_suit,
    slabel,
    suit_of,
)
from .dcda_fields import DOM_NOTE, SUIT_CHOICES, allowed_text
from .dcda_setup import MAX_SIDE, Member, Setup
from .dcda_setup import setup as make_setup
from .dcda_state import (
    ENDS,
    engaged,
    exaltation_due,
    final,
    finish_refusal,
    live_pairs,
    load,
    lost,
    play_refusal,
    redraw_refusal,
    renounce_refusal,
    round_duels,
    standing,
    summary,
    victorious,
)
from .dcda_table import ISSUES, issue_notes
from .dcda_words import cap, count, join_and
from .dice import Dice
from .errors import RulesError
from .params import Param
from .results import action_offer, die, group, result
from .roller import odds_payload, ordered_law

__all__ = [
    "check",
    "roll",
    "odds",
    "act_jouer",
    "act_repiocher",
    "act_renoncer",
    "act_terminer",
    "act_exaltation",
    "PLAY_PARAMS",
    "PARTICIPANT",
]

Args = dict[str, Any]

_ARCANA_MAY = "une lame majeure, de 0 (Le Mat) à 21 (Le Monde)"

PARTICIPANT = Param(
    "participant",
    "Participante",
    "text",
    required=True,
    help="a1, a2… pour l'équipe A, b1… pour l'équipe B, ou son nom.",
)
PLAY_PARAMS = (
    Param(
        "enseignes",
        "Enseignes jouées",
        "text",
        help="Une par participante encore engagée, dans l'ordre a1, a2…, b1… : « dagues,batons » "
        "(ou une enseigne par participante avec a1=…, b1=…).",
    ),
    *(
        Param(
            f"{side}{k}",
            f"Enseigne jouée par {side}{k}",
            "choice",
            choices=SUIT_CHOICES,
            help="L'enseigne de la carte de sa main qu'elle joue.",
        )
        for side in "ab"
        for k in range(1, MAX_SIDE + 1)
    ),
)


def check(args: Args) -> None:
    make_setup(args)


# ----------------------------------------------------------------------
# The result of every step
# ----------------------------------------------------------------------


def _players(setup: Setup, st: dict[str, Any]) -> list[int]:
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
    """The form field of one participant's card for the next round: the cards of her hand she may play."""
    m = setup.members[i]
    hand = st["mains"][i]
    allowed = setup.powers.allowed
    return {
        "nom": m.id,
        "libelle": f"Carte jouée par {m.name}",
        "type": "choice",
        "requis": True,
        "defaut": SUITS[m.favourite] if m.favourite in allowed else None,
        "choix": [{"valeur": SUITS[s], "libelle": Card(hand[s], s).label} for s in allowed],
    }


def _offers(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    offers = []
    due = exaltation_due(setup, st)
    offers.append(
        action_offer(
            "exaltation",
            "Piocher la lame majeure d'exaltation",
            bool(due),
            "" if due else "Aucune participante exaltée ne doit piocher avant ce tour.",
            parametres={},
        )
    )
    why = play_refusal(setup, st)
    players = _players(setup, st) if st["fin"] is None else []
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
    offers.append(action_offer("terminer", "Tout le monde accepte l'issue", not why, why, parametres={}))
    return offers


def _report(
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


# ----------------------------------------------------------------------
# The roll: the hands, and the fortunes to draw
# ----------------------------------------------------------------------


def _pile(st: dict[str, Any], suit: int, holder: int) -> list[Card]:
    """The suit's pile as ``holder`` draws from it: ten cards minus the others' hands."""
    held = {h[suit] for q, h in enumerate(st["mains"]) if q != holder and h is not None}
    return [Card(v, suit) for v in range(1, 11) if v not in held]


def _draw_card(dice: Dice, st: dict[str, Any], i: int, s: int, m: Member, plan: str) -> int:
    pile = _pile(st, s, i)
    name = draw(dice, [c.name for c in pile], f"la carte {of_suit(s)} {m.of}", describe_cards(pile), plan)
    return CARD_BY_NAME[name].value


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
        f"ce jet tire {count(4 * n, 'carte')} (la main de chaque participante, dans l'ordre "
        f"{join_and(m.name for m in setup.members)}, chacune en Bâtons, Écus, Coupes, Dagues)"
    )
    if to_draw:
        plan += (
            f", puis {count(len(to_draw), 'lame majeure', 'lames majeures')} "
            f"(la fortune {join_and(setup.members[i].of for i in to_draw)})"
        )
    for i, m in enumerate(setup.members):
        for s in range(4):
            st["mains"][i][s] = _draw_card(dice, st, i, s, m, plan)
    notes = []
    for i in to_draw:
        m = setup.members[i]
        st["fortunes"][i] = int(draw(dice, ARCANA_DECK, f"la fortune {m.of}", _ARCANA_MAY, plan))
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
        env = " (environnement)" if m.environment and m.name != "l'environnement" else ""
        calcul.append(f"{cap(m.name)}{env} : {desc}" + (f" ; {', '.join(extra)}" if extra else ""))
    for i, j in setup.pairs:
        calcul.append(f"Opposition : {setup.members[i].name} contre {setup.members[j].name}")
    if args["pnj"] is None and args["forces_b"] is None:
        notes.append(
            "Adversaire par défaut : Nocturne, le PNJ du livre (Dagues 7, 3 ailleurs ; fortune XVII — L'Étoile)."
        )
    side_names = []
    for side in "ab":
        team = [m for m in setup.members if m.side == side]
        side_names.append(team[0].name if len(team) == 1 else f"l'équipe {side.upper()}")
    calcul += setup.powers.lines(*side_names)
    return _report(setup, st, args, dice, "Les mains sont constituées : à vous de jouer le tour 1.", calcul, notes, [])


# ----------------------------------------------------------------------
# The actions
# ----------------------------------------------------------------------


def _who(setup: Setup, raw: str) -> int:
    key = fold(raw)
    for i, m in enumerate(setup.members):
        if key in (m.id, fold(m.name)):
            return i
    ids = ", ".join(f"{m.id} ({m.name})" for m in setup.members)
    raise RulesError("participant", f"Participante (participant) : {ids} attendu, reçu « {raw} ».")


def act_jouer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = load(state)
    why = play_refusal(setup, st)
    if why:
        raise RulesError("action", f"Jouer un tour : impossible. {why}")
    n = len(setup.members)
    players = _players(setup, st)
    allowed = setup.powers.allowed
    if params["enseignes"] is None:  # one card chosen per participant (the page's form)
        for i in players:
            m = setup.members[i]
            if params.get(m.id) is None:
                raise RulesError(
                    m.id,
                    f"Carte jouée par {m.name} ({m.id}) : choisissez une carte de sa main "
                    f"({allowed_text(setup.powers)}).",
                )
            if SUITS.index(params[m.id]) not in allowed:
                raise RulesError(
                    m.id,
                    f"Carte jouée par {m.name} ({m.id}) : la meneuse ne laisse jouer que {allowed_text(setup.powers)}.",
                )
        words = [params[setup.members[i].id] for i in players]
    else:
        words = [w.strip() for w in (params["enseignes"] or "").split(",")]
    names = ", ".join(setup.members[i].name for i in players)
    what = (
        f"Enseignes jouées (enseignes) : une enseigne par participante encore engagée ({names}), dans cet "
        "ordre, séparées par des virgules (batons, ecus, coupes, dagues)"
    )
    found = [suit_of(w) for w in words]
    suits = [s for s in found if s is not None]
    if len(words) != len(players) or len(suits) != len(found):
        raise RulesError("enseignes", f"{what}, reçu « {params['enseignes']} ».")
    if any(s not in allowed for s in suits):
        raise RulesError(
            "enseignes",
            f"{what} ; la meneuse ne laisse jouer que {allowed_text(setup.powers)}, reçu « {params['enseignes']} ».",
        )
    k = st["tour"] + 1
    played = {i: Card(st["mains"][i][s], s).name for i, s in zip(players, suits, strict=True)}
    row = [played.get(i) for i in range(n)]
    st["joues"] = st["joues"] + [row]
    st["tour"] = k
    duels = round_duels(setup, st, k)
    calcul, notes = [f"Tour {k}"], []
    for i, j, d in duels:
        calcul += list(d.lines)
        who = f"{setup.members[i].name} contre {setup.members[j].name} — " if len(duels) > 1 else ""
        notes += issue_notes(setup.table, k, d.loser_total, who)[1]
    played_group = []
    for i in players:
        c = CARD_BY_NAME[played[i]]
        if victorious(setup, st, i, k):
            kept, mark = True, "gagnante"
        elif lost(setup, st, i, k):
            kept, mark = False, "perdante"
        else:
            kept, mark = None, "statu quo"
        shown_card = die(c.name, None, kept, f"{setup.members[i].name}, {mark}")
        shown_card["libelle"] = c.label
        played_group.append(shown_card)
    plan = (
        "jouer le quatrième tour ne tire aucune carte"
        if k == 4
        else f"jouer ce tour tire {count(len(players), 'carte')} (une de l'enseigne jouée pour chaque "
        f"participante, dans l'ordre {join_and(setup.members[i].name for i in players)})"
    )
    if k == 4:
        st["fin"] = "tour4"
    else:
        # the played cards go back to their pile, then each player draws the suit she lacks
        for i, s in zip(players, suits, strict=True):
            st["mains"][i][s] = 0
        for i, s in zip(players, suits, strict=True):
            st["mains"][i][s] = _draw_card(dice, st, i, s, setup.members[i], plan)
        notes.append(
            f"Les cartes jouées retournent dans leur pile ; chacune a pioché une carte de l'enseigne qui lui manque, pour le tour {k + 1}."
        )
    finish(dice, plan)
    texts = []
    for i, j, d in duels:
        mi, mj = setup.members[i], setup.members[j]
        texts.append(
            f"{(mi if d.winner == 'a' else mj).name} remporte le tour contre {(mj if d.winner == 'a' else mi).name}"
            if d.winner
            else f"statu quo entre {mi.name} et {mj.name}"
        )
    headline = f"Tour {k} : " + " ; ".join(texts) + "."
    return _report(
        setup, st, args, dice, headline, calcul, notes, [group(f"Cartes jouées au tour {k}", played_group)], k
    )


def act_repiocher(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = load(state)
    p = _who(setup, params["participant"])
    why = redraw_refusal(setup, st, p)
    if why:
        raise RulesError("action", f"Repiocher : impossible. {why}")
    m = setup.members[p]
    s = m.favourite
    assert s is not None  # redraw_refusal refuses a member with no favourite suit
    old = Card(st["mains"][p][s], s)
    plan = "repiocher tire 1 carte"
    st["mains"][p][s] = _draw_card(dice, st, p, s, m, plan)
    finish(dice, plan)
    st["repioche"][p] = True
    new = Card(st["mains"][p][s], s)
    note = (
        cap(m.name)
        + f" remet le {old.label} dans la pile, la mélange et repioche : {new.label}"
        + (" (la même carte, c'est permis)." if new == old else ".")
    )
    return _report(
        setup,
        st,
        args,
        dice,
        cap(m.name) + f" repioche sa carte de prédilection : {new.label}.",
        [note],
        ["Repioche : une seule fois par confrontation."],
        [],
    )


def act_renoncer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = load(state)
    p = _who(setup, params["participant"])
    why = renounce_refusal(setup, st, p)
    if why:
        raise RulesError("action", f"Renoncer : impossible. {why}")
    finish(dice, "renoncer ne tire aucune carte")
    m = setup.members[p]
    before = _players(setup, st)
    st["actifs"][p] = False
    if st["tour"] == 0:
        line = (
            cap(m.name)
            + " renonce avant le premier tour : son initiative avortée ne change pas le cours des événements."
        )
    else:
        line = cap(m.name) + f" renonce avant le tour {st['tour'] + 1} : l'issue du tour {st['tour']} se confirme."
    calcul = [line, f"La main {m.of} retourne dans les piles."]
    for i in before:
        if not engaged(setup, st["actifs"], i):
            st["mains"][i] = None  # her hand goes back to the piles
            if i != p:
                other = setup.members[i]
                calcul.append(
                    f"{other.name} n'a plus d'adversaire en face d'elle : elle quitte la confrontation, "
                    "sa main retourne dans les piles."
                )
    if not live_pairs(setup, st["actifs"]):
        st["fin"] = "renoncement"
    return _report(setup, st, args, dice, line, calcul, [], [])


def act_terminer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = load(state)
    why = finish_refusal(setup, st)
    if why:
        raise RulesError("action", f"Terminer : impossible. {why}")
    finish(dice, "terminer ne tire aucune carte")
    st["fin"] = "accord"
    line = (
        "Personne ne s'engage : rien ne change."
        if st["tour"] == 0
        else f"L'issue du tour {st['tour']} convient à toutes."
    )
    return _report(setup, st, args, dice, line, [line], [], [])


def act_exaltation(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = load(state)
    due = exaltation_due(setup, st)
    if not due:
        raise RulesError(
            "action", "Exaltation : impossible. Aucune participante exaltée ne doit piocher avant ce tour."
        )
    r = st["tour"] + 1
    plan = (
        f"cette exaltation tire au plus {count(len(due), 'lame majeure', 'lames majeures')} (une pour "
        f"{join_and(setup.members[i].name for i in due)}, dans cet ordre, jusqu'à une Tempérance)"
    )
    cards, calcul, notes = [], [], []
    headline = f"Exaltation avant le tour {r} : pas de Tempérance, les tours continuent."
    for i in due:
        m = setup.members[i]
        lame = int(draw(dice, ARCANA_DECK, f"la lame d'exaltation {m.of}", _ARCANA_MAY, plan))
        st["exaltations"] = st["exaltations"] + [[r, i, lame]]
        match = lame == st["fortunes"][i]
        calcul.append(
            cap(m.name)
            + f" (niveau {m.level}) pioche {arcana_label(lame)}, sa fortune est {arcana_label(st['fortunes'][i])}"
            + (" : elles correspondent, Tempérance !" if match else " : rien ne se passe.")
        )
        d = die(arcana_label(lame), None, match, "Tempérance" if match else "sans effet")
        d["libelle"] = arcana_label(lame)
        d["lame"] = lame
        cards.append(d)
        if match:
            st["temperance"] = [i, r]
            st["fin"] = "temperance"
            headline = (
                f"Tempérance ! La lame d'exaltation {m.of} correspond à sa fortune : la confrontation "
                "prend fin par une Tempérance, sans gagnante ; l'issue en suspens ne s'applique pas, "
                "la meneuse raconte."
            )
            verb = "tire" if m.npc else "fait tirer"
            notes.append(
                f"La meneuse {verb} une nouvelle fortune pour {m.name}, qui bénéficie immédiatement "
                "d'un prestige hors du commun."
            )
            break
    finish(dice, plan)
    notes.append("Chaque lame piochée est remélangée au paquet des lames majeures.")
    return _report(setup, st, args, dice, headline, calcul, notes, [group(f"Exaltation (tour {r})", cards)])


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
