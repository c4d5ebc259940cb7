"""``dcda.confrontation``: the state between two steps, checked when it comes back, and read.

The state is plain JSON. ``mains[i]`` is participant i's hand (the value of
her card in each suit), or null once her hand went back to the piles: when
she renounced, or when no adversary is left in front of her (004, « Équipe
contre équipe » : « Tant qu’au moins un adversaire de chaque équipe est en
vie et n’a pas déclaré forfait… »). Such a participant has left the
confrontation: no card, no exaltation draw, no level obligation, and she
holds nobody back.

The piles are what the hands leave: a card drawn into a hand comes from
its suit's ten cards minus the other hands' cards of that suit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import echoed
from .cards import CARD_BY_NAME, Card, Duel, describe_cards, draw, of_suit, resolve
from .setup import Member, Setup, parse_args
from .setup import setup as make_setup
from .table import issue_notes
from .words import cap

__all__ = [
    "pile_of",
    "draw_card",
    "ENDS",
    "load",
    "live_pairs",
    "engaged",
    "round_duels",
    "lost",
    "victorious",
    "renounce_refusal",
    "exaltation_due",
    "redraw_refusal",
    "play_refusal",
    "finish_refusal",
    "standing",
    "summary",
    "final",
]

Args = dict[str, Any]

ENDS = {
    "tour4": "Fin de la confrontation : le quatrième tour est joué, l’issue est définitive.",
    "temperance": "Fin de la confrontation par une Tempérance : il n’y a pas de gagnante, l’issue en suspens "
    "ne s’applique pas ; la meneuse décrit l’événement miraculeux.",
    "renoncement": "Fin de la confrontation : il ne reste plus d’adversaires face à face.",
    "accord": "Fin de la confrontation : l’issue convient à toutes les participantes.",
}

_KEYS = {
    "version",
    "parametres",
    "fortunes",
    "mains",
    "tour",
    "joues",
    "actifs",
    "repioche",
    "exaltations",
    "fin",
    "temperance",
}


def _bad_state(what: str) -> RulesError:
    return RulesError("etat", f"État (etat) : {what} ; relancez la confrontation.")


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def live_pairs(setup: Setup, active: list[bool]) -> list[tuple[int, int]]:
    return [(i, j) for i, j in setup.pairs if active[i] and active[j]]


def engaged(setup: Setup, active: list[bool], i: int) -> bool:
    """Still in the confrontation: she has not renounced and one of her adversaries has not either."""
    return any(i in pair for pair in live_pairs(setup, active))


def load(state: Mapping[str, Any]) -> tuple[Setup, dict[str, Any], Args]:
    """Re-check a state sent back by the page (it may be forged)."""
    if not isinstance(state, Mapping) or set(state) != _KEYS or not _is_int(state.get("version"), 1, 1):
        raise _bad_state("ce n’est pas l’état d’une confrontation De Cœur & D’Acier")
    params = state["parametres"]
    if not isinstance(params, Mapping):
        raise _bad_state("paramètres illisibles")
    try:
        args = parse_args(echoed(params))
        setup = make_setup(args)
    except RulesError as err:
        raise _bad_state(f"paramètres invalides ({err.message.rstrip('.')})") from None
    n = len(setup.members)

    def is_list(x: Any, length: int | None = n) -> bool:
        return isinstance(x, list) and (length is None or len(x) == length)

    tour = state["tour"]
    if not _is_int(tour, 0, 4):
        raise _bad_state("tour invalide")
    fortunes = state["fortunes"]
    if not is_list(fortunes) or not all(f is None or _is_int(f, 0, 21) for f in fortunes):
        raise _bad_state("fortunes invalides")
    for i, m in enumerate(setup.members):
        if m.fortune is not None and fortunes[i] != m.fortune:
            raise _bad_state("une fortune ne correspond pas à la fiche")
        if setup.exalted(i) and fortunes[i] is None:
            raise _bad_state("il manque la fortune d’un personnage exalté")
    active = state["actifs"]
    redrawn = state["repioche"]
    if not is_list(active) or not is_list(redrawn) or not all(isinstance(x, bool) for x in active + redrawn):
        raise _bad_state("participantes invalides")
    hands = state["mains"]
    if not is_list(hands) or not all(
        (h is None and not engaged(setup, active, i)) or (is_list(h, 4) and all(_is_int(v, 1, 10) for v in h))
        for i, h in enumerate(hands)
    ):
        raise _bad_state("mains invalides")
    if any(h is not None and not engaged(setup, active, i) for i, h in enumerate(hands)):
        raise _bad_state("une participante sortie de la confrontation tient encore sa main")
    held = [h for h in hands if h is not None]
    for s in range(4):
        if len({h[s] for h in held}) != len(held):
            raise _bad_state("deux mains tiennent la même carte")
    played = state["joues"]
    if not is_list(played, tour) or not all(
        is_list(r) and all(c is None or (isinstance(c, str) and c in CARD_BY_NAME) for c in r) for r in played
    ):
        raise _bad_state("cartes jouées invalides")
    for k, r in enumerate(played):
        named = [c for c in r if c is not None]
        if len(set(named)) != len(named):
            raise _bad_state("deux cartes jouées identiques")
        for i, c in enumerate(r):
            if c is not None and any(played[q][i] is None for q in range(k)):
                raise _bad_state("une participante a joué après avoir renoncé")
            if c is not None and not any(i in (a, b) and r[a] is not None and r[b] is not None for a, b in setup.pairs):
                raise _bad_state("une participante a joué sans adversaire")
    for i in range(n):
        if tour and engaged(setup, active, i) and played[-1][i] is None:
            raise _bad_state("une participante engagée n’a pas joué le dernier tour")
        if redrawn[i] and setup.members[i].favourite is None:
            raise _bad_state("repioche sans enseigne de prédilection")
    ex = state["exaltations"]
    if (
        not isinstance(ex, list)
        or len(ex) > 4 * n
        or not all(
            isinstance(e, list)
            and len(e) == 3
            and _is_int(e[0], 1, 4)
            and _is_int(e[1], 0, n - 1)
            and _is_int(e[2], 0, 21)
            and e[0] <= tour + 1
            and (setup.members[e[1]].level == 4 or (setup.members[e[1]].level == 3 and e[0] == 3))
            and (e[0] == 1 or played[e[0] - 2][e[1]] is not None)  # she was still in the round before
            for e in ex
        )
    ):
        raise _bad_state("tirages d’exaltation invalides")
    if len({(e[0], e[1]) for e in ex}) != len(ex):
        raise _bad_state("deux tirages d’exaltation pour le même tour")
    fin, temp = state["fin"], state["temperance"]
    if fin is not None and (not isinstance(fin, str) or fin not in ENDS):
        raise _bad_state("fin invalide")
    matches = [e for e in ex if e[2] == fortunes[e[1]]]
    if temp is None:
        if fin == "temperance" or matches:
            raise _bad_state("Tempérance incohérente")
    elif not (
        is_list(temp, 2)
        and _is_int(temp[0], 0, n - 1)
        and _is_int(temp[1], 1, 4)
        and fin == "temperance"
        and matches == [[temp[1], temp[0], fortunes[temp[0]]]]
    ):
        raise _bad_state("Tempérance incohérente")
    if tour == 4 and fin not in ("tour4", "temperance"):
        raise _bad_state("le quatrième tour est joué mais la confrontation continue")
    if fin is None and not live_pairs(setup, active):
        raise _bad_state("plus d’opposition mais la confrontation continue")
    st = json.loads(json.dumps({k: state[k] for k in _KEYS}))  # a deep copy: the caller's state stays as it was
    st["parametres"] = dict(params)
    return setup, st, args


# ----------------------------------------------------------------------
# Reading the state
# ----------------------------------------------------------------------


def round_duels(setup: Setup, st: dict[str, Any], k: int) -> list[tuple[int, int, Duel]]:
    """The oppositions of round ``k`` (1-based), recomputed from the cards."""
    row = st["joues"][k - 1]
    out = []
    for i, j in setup.pairs:
        if row[i] is not None and row[j] is not None:
            mi, mj = setup.members[i], setup.members[j]
            out.append(
                (
                    i,
                    j,
                    resolve(
                        CARD_BY_NAME[row[i]],
                        CARD_BY_NAME[row[j]],
                        mi.forces,
                        mj.forces,
                        setup.bonus(i),
                        setup.bonus(j),
                        setup.dom,
                        mi.name,
                        mj.name,
                        mi.of,
                        mj.of,
                    ),
                )
            )
    return out


def lost(setup: Setup, st: dict[str, Any], p: int, k: int) -> bool:
    return any((d.winner == "b" and i == p) or (d.winner == "a" and j == p) for i, j, d in round_duels(setup, st, k))


def victorious(setup: Setup, st: dict[str, Any], p: int, k: int) -> bool:
    mine = [(i, d) for i, j, d in round_duels(setup, st, k) if p in (i, j)]
    return bool(mine) and all(d.winner == ("a" if i == p else "b") for i, d in mine)


def _out_reason(setup: Setup, st: dict[str, Any], p: int) -> str:
    """Why participant ``p`` has left the confrontation ("" while she is in it)."""
    m = setup.members[p]
    if not st["actifs"][p]:
        return cap(m.name) + " a renoncé."
    if not engaged(setup, st["actifs"], p):
        return cap(m.name) + " n’a plus d’adversaire en face d’elle : elle a quitté la confrontation."
    return ""


def renounce_refusal(setup: Setup, st: dict[str, Any], p: int) -> str:
    """Why participant ``p`` may not renounce now ("" when she may)."""
    m, k = setup.members[p], st["tour"]
    if st["fin"] is not None:
        return "La confrontation est terminée."
    out = _out_reason(setup, st, p)
    if out:
        return out
    if k == 0 and m.level >= 1:
        return f"Niveau {m.level} : {m.name} ne peut pas renoncer au premier tour."
    if m.level == 4 and k >= 1 and not victorious(setup, st, p, k):
        return (
            f"Niveau 4 : tant que {m.name} n’est pas victorieuse (ou perdante au quatrième tour), "
            "elle doit jouer un tour supplémentaire."
        )
    if m.level >= 2 and k == 1 and lost(setup, st, p, 1):
        return f"Niveau {m.level} : après une défaite au premier tour, {m.name} doit tenter au moins un second tour."
    return ""


def exaltation_due(setup: Setup, st: dict[str, Any]) -> list[int]:
    """Exalted participants still in the confrontation who must draw a major arcana before the next round."""
    if st["fin"] is not None:
        return []
    r = st["tour"] + 1
    done = {e[1] for e in st["exaltations"] if e[0] == r}
    return [
        i
        for i, m in enumerate(setup.members)
        if engaged(setup, st["actifs"], i) and i not in done and (m.level == 4 or (m.level == 3 and r == 3))
    ]


def redraw_refusal(setup: Setup, st: dict[str, Any], p: int) -> str:
    m = setup.members[p]
    if st["fin"] is not None:
        return "La confrontation est terminée."
    out = _out_reason(setup, st, p)
    if out:
        return out
    if m.favourite is None:
        return cap(m.name) + " n’a pas d’enseigne de prédilection."
    if st["repioche"][p]:
        return cap(m.name) + " a déjà repioché : une seule fois par confrontation."
    return ""


def play_refusal(setup: Setup, st: dict[str, Any]) -> str:
    if st["fin"] is not None:
        return "La confrontation est terminée."
    due = exaltation_due(setup, st)
    if due:
        names = ", ".join(setup.members[i].name for i in due)
        return f"Exaltation : {names} doi{'t' if len(due) == 1 else 'vent'} d’abord piocher une lame majeure."
    return ""


def finish_refusal(setup: Setup, st: dict[str, Any]) -> str:
    """Why the participants may not all accept the outcome now: one of them must go on."""
    if st["fin"] is not None:
        return "La confrontation est terminée."
    for p in range(len(setup.members)):
        if engaged(setup, st["actifs"], p):
            why = renounce_refusal(setup, st, p)
            if why:
                return why
    return ""


def standing(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    """For each opposition, the outcome that stands now: its last round played (none after a Tempérance)."""
    out = []
    temperance = st["temperance"]
    for i, j in setup.pairs:
        mi, mj = setup.members[i], setup.members[j]
        last = None
        for k in range(st["tour"], 0, -1):
            last = next(((k, d) for a, b, d in round_duels(setup, st, k) if (a, b) == (i, j)), None)
            if last:
                break
        entry: dict[str, Any] = {"a": mi.id, "b": mj.id, "noms": [mi.name, mj.name]}
        if temperance is not None:
            who = setup.members[temperance[0]].name
            entry.update(
                tour=None,
                gagnant=None,
                force_perdant=None,
                issue=None,
                texte=cap(mi.name) + f" contre {mj.name} : la Tempérance {setup.members[temperance[0]].of} "
                "met fin à la confrontation ; personne ne l’emporte, l’issue en suspens ne s’applique pas.",
            )
            entry["temperance"] = who
        elif last is None:
            entry.update(
                tour=None,
                gagnant=None,
                force_perdant=None,
                issue=None,
                texte=cap(mi.name) + f" contre {mj.name} : aucun tour joué, rien ne change.",
                bref=f"rien ne change entre {mi.name} et {mj.name}",
            )
        else:
            k, d = last
            issue, _ = issue_notes(setup.table, k, d.loser_total)
            won, beaten = (mi, mj) if d.winner == "a" else (mj, mi)
            text = (
                cap(mi.name)
                + f" contre {mj.name} : "
                + (
                    f"{won.name} l’emporte sur {beaten.name} au tour {k}, force totale de la perdante {d.loser_total}"
                    if d.winner
                    else f"statu quo au tour {k}, personne ne l’emporte"
                )
                + (f" — selon la table de votre fiche : {issue}" if issue else "")
            )
            short = (
                f"{won.name} l’emporte sur {beaten.name} (tour {k})"
                if d.winner
                else f"statu quo entre {mi.name} et {mj.name} (tour {k})"
            )
            entry.update(tour=k, gagnant=d.winner, force_perdant=d.loser_total, issue=issue, texte=text, bref=short)
        out.append(entry)
    return out


def summary(setup: Setup, st: dict[str, Any], rows: list[dict[str, Any]]) -> list[str]:
    """The standing in French, one line per opposition, then who has left; at the end, who won what."""
    head = (
        "Issue définitive"
        if st["fin"] is not None
        else (f"Où en est la confrontation après le tour {st['tour']}" if st["tour"] else "Avant le premier tour")
    )
    lines = [f"{head} — {row['texte'].rstrip('.')}." for row in rows]
    if st["fin"] is None:
        for p in range(len(setup.members)):
            why = _out_reason(setup, st, p)
            if why:
                lines.append(why)
    elif st["temperance"] is None and not any(row["gagnant"] for row in rows):
        lines.append("Personne ne l’emporte : la confrontation finit sans gagnante.")
    return lines


def final(st: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """At the end (not by a Tempérance), who won what, in one sentence for the outcome line; "" otherwise."""
    if st["fin"] is None or st["temperance"] is not None:
        return ""
    return " Issue définitive : " + " ; ".join(row["bref"] for row in rows) + "."


# ----------------------------------------------------------------------
# The piles the hands leave, and a card drawn into a hand
# ----------------------------------------------------------------------


def pile_of(st: dict[str, Any], suit: int, holder: int) -> list[Card]:
    """The suit's pile as ``holder`` draws from it: ten cards minus the others' hands."""
    held = {h[suit] for q, h in enumerate(st["mains"]) if q != holder and h is not None}
    return [Card(v, suit) for v in range(1, 11) if v not in held]


def draw_card(dice: Dice, st: dict[str, Any], i: int, s: int, m: Member, plan: str) -> int:
    pile = pile_of(st, s, i)
    name = draw(dice, [c.name for c in pile], f"la carte {of_suit(s)} {m.of}", describe_cards(pile), plan)
    return CARD_BY_NAME[name].value
