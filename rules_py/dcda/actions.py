"""``dcda.confrontation``: the actions between rounds.

``jouer`` plays a round (each participant still in lays a card of her hand)
and, after rounds 1 to 3, draws one card of the played suit for each
participant who played, in order (the played cards first go back to their
pile); ``repiocher`` redraws a favourite card; ``renoncer`` leaves before a
round; ``terminer`` ends it when everyone accepts the outcome;
``exaltation`` draws one major arcana per exalted participant due to draw,
in order, until a Tempérance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..results import die, group
from .cards import ARCANA_DECK, ARCANA_MAY, CARD_BY_NAME, SUITS, Card, arcana_label, draw, finish, fold, suit_of
from .fields import allowed_text
from .report import in_play, report
from .setup import Setup
from .state import (
    draw_card,
    engaged,
    exaltation_due,
    finish_refusal,
    live_pairs,
    load,
    lost,
    play_refusal,
    redraw_refusal,
    renounce_refusal,
    round_duels,
    victorious,
)
from .table import issue_notes
from .words import cap, count, join_and

__all__ = ["act_jouer", "act_repiocher", "act_renoncer", "act_terminer", "act_exaltation"]

Args = dict[str, Any]


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
    players = in_play(setup, st)
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
        "ordre, séparées par des virgules (bâtons, écus, coupes, dagues)"
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
        else f"jouer ce tour tire {count(len(players), 'carte')} (une de l’enseigne jouée pour chaque "
        f"participante, dans l’ordre {join_and(setup.members[i].name for i in players)})"
    )
    if k == 4:
        st["fin"] = "tour4"
    else:
        # the played cards go back to their pile, then each player draws the suit she lacks
        for i, s in zip(players, suits, strict=True):
            st["mains"][i][s] = 0
        for i, s in zip(players, suits, strict=True):
            st["mains"][i][s] = draw_card(dice, st, i, s, setup.members[i], plan)
        notes.append(
            f"Les cartes jouées retournent dans leur pile ; chacune a pioché une carte de l’enseigne qui lui manque, pour le tour {k + 1}."
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
    return report(
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
    st["mains"][p][s] = draw_card(dice, st, p, s, m, plan)
    finish(dice, plan)
    st["repioche"][p] = True
    new = Card(st["mains"][p][s], s)
    note = (
        cap(m.name)
        + f" remet le {old.label} dans la pile, la mélange et repioche : {new.label}"
        + (" (la même carte, c’est permis)." if new == old else ".")
    )
    return report(
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
    before = in_play(setup, st)
    st["actifs"][p] = False
    if st["tour"] == 0:
        line = (
            cap(m.name)
            + " renonce avant le premier tour : son initiative avortée ne change pas le cours des événements."
        )
    else:
        line = cap(m.name) + f" renonce avant le tour {st['tour'] + 1} : l’issue du tour {st['tour']} se confirme."
    calcul = [line, f"La main {m.of} retourne dans les piles."]
    for i in before:
        if not engaged(setup, st["actifs"], i):
            st["mains"][i] = None  # her hand goes back to the piles
            if i != p:
                other = setup.members[i]
                calcul.append(
                    f"{other.name} n’a plus d’adversaire en face d’elle : elle quitte la confrontation, "
                    "sa main retourne dans les piles."
                )
    if not live_pairs(setup, st["actifs"]):
        st["fin"] = "renoncement"
    return report(setup, st, args, dice, line, calcul, [], [])


def act_terminer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = load(state)
    why = finish_refusal(setup, st)
    if why:
        raise RulesError("action", f"Terminer : impossible. {why}")
    finish(dice, "terminer ne tire aucune carte")
    st["fin"] = "accord"
    line = (
        "Personne ne s’engage : rien ne change."
        if st["tour"] == 0
        else f"L’issue du tour {st['tour']} convient à toutes."
    )
    return report(setup, st, args, dice, line, [line], [], [])


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
        f"{join_and(setup.members[i].name for i in due)}, dans cet ordre, jusqu’à une Tempérance)"
    )
    cards, calcul, notes = [], [], []
    headline = f"Exaltation avant le tour {r} : pas de Tempérance, les tours continuent."
    for i in due:
        m = setup.members[i]
        lame = int(draw(dice, ARCANA_DECK, f"la lame d’exaltation {m.of}", ARCANA_MAY, plan))
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
                f"Tempérance ! La lame d’exaltation {m.of} correspond à sa fortune : la confrontation "
                "prend fin par une Tempérance, sans gagnante ; l’issue en suspens ne s’applique pas, "
                "la meneuse raconte."
            )
            verb = "tire" if m.npc else "fait tirer"
            notes.append(
                f"La meneuse {verb} une nouvelle fortune pour {m.name}, qui bénéficie immédiatement "
                "d’un prestige hors du commun."
            )
            break
    finish(dice, plan)
    notes.append("Chaque lame piochée est remélangée au paquet des lames majeures.")
    return report(setup, st, args, dice, headline, calcul, notes, [group(f"Exaltation (tour {r})", cards)])
