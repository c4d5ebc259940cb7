"""De Cœur & D'Acier, confrontations with tarot cards (chapter 004).

Cards (« lames ») : four suits (« enseignes »), ``batons``, ``ecus``,
``coupes``, ``dagues``, numeral cards 1..10 written ``7-dagues``; 22 major
arcana 0..21 (the fortunes). A round: each side plays one card; its total
force is the card plus the sheet's force in that suit, except when the card's
suit is dominated by the opponent's card's suit (then the card alone); the
GM's bonus or malus of the suit is added. The highest total wins; on equal
totals the dominating suit wins; otherwise statu quo.

The domination circle is INFERRED: the text only says « les bâtons dominent
les dagues et ainsi de suite ». Reading the seasons and times of day of the
suits (été > automne > hiver > printemps ; jour > crépuscule > nuit > aube)
gives batons > dagues > ecus > coupes > batons. The GM may choose another
cyclic order with the ``domination`` parameter.

The outcome of a round is read on the character sheet's « Table de
confrontation », by round and by the loser's total force. That table is not
in the text: the rollers show the loser's total and the round, list the four
outcomes of the book, and pick one only from a table the user types in
(``table``), saying it comes from their sheet.

Exact odds: the cards of a hand come from four shared piles of ten cards
(one per suit), so two cards of the same suit in play are always different.
A card drawn « at random » is uniform over its pile (or over the 40 cards),
and the opponent's card is uniform over what is left.

Order of the draws (for forced cards, ``--dice``): ``dcda.tour`` draws
``carte_a`` then ``carte_b`` when they are not given. ``dcda.confrontation``
draws each participant's hand (a1, a2…, then b1…, each in suit order
batons, ecus, coupes, dagues), then a fortune (a major arcana, ``0``..``21``)
for each exalted participant (level 3 or 4) whose fortune is not given.
``jouer`` draws, after rounds 1 to 3, one card of the played suit for each
participant who played, in order (the played cards first go back to their pile);
``repiocher`` draws one card; ``exaltation`` one major arcana per exalted
participant due to draw, in order.
"""

from __future__ import annotations

import json

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from typing import Any, Mapping, NamedTuple

from .dice import Dice
from .errors import RulesError
from .params import Choice, Param, shown
from .results import action_offer, die, group, result
from .roller import Action, Roller, odds_payload

__all__ = [
    "ROLLERS",
    "SUITS",
    "SUIT_LABELS",
    "ARCANA",
    "ISSUES",
    "DEFAULT_DOMINATION",
    "NOCTURNE",
    "resolve",
    "parse_table",
    "duel_odds",
]

Args = dict[str, Any]

# ======================================================================
# Cards
# ======================================================================

SUITS = ("batons", "ecus", "coupes", "dagues")
SUIT_LABELS = {"batons": "Bâtons", "ecus": "Écus", "coupes": "Coupes", "dagues": "Dagues"}
_FEMININE = {"coupes", "dagues"}

#: The 22 major arcana (Tarot de Marseille names), index = number.
ARCANA = (
    "Le Mat", "Le Bateleur", "La Papesse", "L'Impératrice", "L'Empereur", "Le Pape",
    "L'Amoureux", "Le Chariot", "La Justice", "L'Ermite", "La Roue de Fortune", "La Force",
    "Le Pendu", "L'Arcane sans nom", "Tempérance", "Le Diable", "La Maison Dieu", "L'Étoile",
    "La Lune", "Le Soleil", "Le Jugement", "Le Monde",
)
_ROMAN = ("0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
_ARCANA_DECK = tuple(str(i) for i in range(22))

#: The four outcomes of the book, by the letter of the ``table`` format.
ISSUES = {
    "M": "Le perdant meurt / l'obstacle disparaît.",
    "Q": "La confrontation provoque la mort de quelqu'un.",
    "S": "La gagnante doit choisir quelque chose à sacrifier.",
    "C": "La joueuse perdante impose une condition à la victoire.",
}

DEFAULT_DOMINATION = "batons>dagues>ecus>coupes"

#: The book's NPC: « Nocturne », dagues 7 and 3 in every other suit, fortune XVII L'Étoile.
NOCTURNE = {"nom": "Nocturne", "forces": (3, 3, 3, 7), "fortune": 17}
_PNJ = {"nocturne": NOCTURNE}


class Card(NamedTuple):
    value: int  # 1..10
    suit: int  # index in SUITS

    @property
    def name(self) -> str:
        return f"{self.value}-{SUITS[self.suit]}"

    @property
    def label(self) -> str:
        suit = SUIT_LABELS[SUITS[self.suit]]
        return f"{self.value} d'{suit}" if suit[0] in "AÉEIOU" else f"{self.value} de {suit}"


DECK = tuple(Card(v, s) for s in range(4) for v in range(1, 11))
_CARD_BY_NAME = {c.name: c for c in DECK}


def arcana_label(n: int) -> str:
    return f"{_ROMAN[n]} {ARCANA[n]}"


def _fold(text: str) -> str:
    """Lower case without accents (« Écus » -> « ecus »)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text.strip().lower()) if not unicodedata.combining(ch))


def _suit_of(word: str) -> int | None:
    w = _fold(word)
    for i, s in enumerate(SUITS):
        if w == s or w == s[:-1]:  # « dague » is fine too
            return i
    return None


def _slabel(i: int) -> str:
    return SUIT_LABELS[SUITS[i]]


# ======================================================================
# Domination and the resolution of one opposition
# ======================================================================

def _domination_orders() -> tuple[str, ...]:
    return tuple("batons>" + ">".join(p) for p in permutations(("dagues", "ecus", "coupes")))


def parse_domination(text: str) -> tuple[int, int, int, int]:
    """``dom[s]`` = the suit that suit ``s`` dominates (a 4-cycle)."""
    order = [SUITS.index(w) for w in text.split(">")]
    dom = [0, 0, 0, 0]
    for k, s in enumerate(order):
        dom[s] = order[(k + 1) % 4]
    return tuple(dom)  # type: ignore[return-value]


def _dom_label(text: str) -> str:
    words = [SUIT_LABELS[w] for w in text.split(">")]
    return " > ".join(words + [words[0]])


class Duel(NamedTuple):
    total_a: int
    total_b: int
    winner: str | None  # "a", "b" or None (statu quo)
    dominated_a: bool
    dominated_b: bool
    lines: tuple[str, ...]

    @property
    def loser_total(self) -> int | None:
        return {"a": self.total_b, "b": self.total_a}.get(self.winner or "")


def _winner(ta: int, tb: int, sa: int, sb: int, dom: tuple[int, ...]) -> str | None:
    if ta != tb:
        return "a" if ta > tb else "b"
    if dom[sa] == sb:
        return "a"
    if dom[sb] == sa:
        return "b"
    return None


def _force_line(name: str, card: Card, force: int, dominated: bool, bonus: int) -> tuple[str, int]:
    parts = [f"{card.value} (carte)"]
    total = card.value
    if not dominated:
        parts.append(f"+ {force} ({_slabel(card.suit)})")
        total += force
    if bonus:
        parts.append(f"{'+' if bonus > 0 else '-'} {abs(bonus)} ({'bonus' if bonus > 0 else 'malus'} {_slabel(card.suit)})")
        total += bonus
    return f"Force totale de {name} : {' '.join(parts)} = {total}", total


def resolve(
    card_a: Card,
    card_b: Card,
    forces_a: tuple[int, ...],
    forces_b: tuple[int, ...],
    bonus: tuple[int, ...],
    dom: tuple[int, ...],
    name_a: str = "A",
    name_b: str = "B",
) -> Duel:
    """One opposition of one round, with its arithmetic in French."""
    sa, sb = card_a.suit, card_b.suit
    dominated_a, dominated_b = dom[sb] == sa, dom[sa] == sb
    lines = []
    for card, dominated, other in ((card_a, dominated_a, card_b), (card_b, dominated_b, card_a)):
        if dominated:
            word = "dominées" if SUITS[card.suit] in _FEMININE else "dominés"
            lines.append(f"{_slabel(card.suit)} {word} par {_slabel(other.suit)} : seule la carte compte")
    line_a, ta = _force_line(name_a, card_a, forces_a[sa], dominated_a, bonus[sa])
    line_b, tb = _force_line(name_b, card_b, forces_b[sb], dominated_b, bonus[sb])
    lines += [line_a, line_b]
    winner = _winner(ta, tb, sa, sb, dom)
    if ta != tb:
        lines.append(f"{ta} contre {tb} : {name_a if winner == 'a' else name_b} remporte le tour")
    elif winner:
        w, l = (card_a, card_b) if winner == "a" else (card_b, card_a)
        lines.append(
            f"Égalité {ta} à {tb} : {_slabel(w.suit)} domine {_slabel(l.suit)}, "
            f"{name_a if winner == 'a' else name_b} remporte le tour"
        )
    else:
        lines.append(f"Égalité stricte {ta} à {tb}, sans domination d'enseigne : statu quo")
    return Duel(ta, tb, winner, dominated_a, dominated_b, tuple(lines))


def duel_odds(
    cards_a: tuple[Card, ...],
    cards_b: tuple[Card, ...],
    forces_a: tuple[int, ...],
    forces_b: tuple[int, ...],
    bonus: tuple[int, ...],
    dom: tuple[int, ...],
    table: tuple | None = None,
    round_: int = 1,
) -> tuple[Fraction, Fraction, Fraction, dict[str, Fraction]]:
    """Exact P(a wins), P(b wins), P(statu quo), and per outcome letter of ``table``.

    Card a is uniform over ``cards_a``; card b uniform over ``cards_b``
    without card a (one deck: the same card cannot be in both hands).
    """
    wa = wb = sq = Fraction(0)
    by_issue: dict[str, Fraction] = {}
    pa = Fraction(1, len(cards_a))
    for ca in cards_a:
        others = [cb for cb in cards_b if cb != ca]
        if not others:
            raise RulesError("carte_b", "Carte de B (carte_b) : elle ne peut pas être la même carte que celle de A.")
        n_a = n_b = n_sq = 0
        losers: dict[int, int] = {}
        sa = ca.suit
        for cb in others:
            sb = cb.suit
            ta = ca.value + (0 if dom[sb] == sa else forces_a[sa]) + bonus[sa]
            tb = cb.value + (0 if dom[sa] == sb else forces_b[sb]) + bonus[sb]
            w = _winner(ta, tb, sa, sb, dom)
            if w == "a":
                n_a += 1
                losers[tb] = losers.get(tb, 0) + 1
            elif w == "b":
                n_b += 1
                losers[ta] = losers.get(ta, 0) + 1
            else:
                n_sq += 1
        p = pa / len(others)
        wa += n_a * p
        wb += n_b * p
        sq += n_sq * p
        if table is not None:
            for total, count in losers.items():
                key = table_issue(table, round_, total)
                by_issue[key] = by_issue.get(key, Fraction(0)) + count * p
    return wa, wb, sq, by_issue


# ======================================================================
# The user's own « Table de confrontation »
# ======================================================================

_TABLE_HELP = (
    "La table de votre fiche, si vous voulez que l'issue soit choisie pour vous (rien n'est inventé : "
    "sans elle, les quatre issues sont listées). Quatre tours séparés par « / » ; pour chaque tour, "
    "une lettre d'issue, puis éventuellement un seuil et une autre lettre, etc. : la première lettre "
    "vaut jusqu'à ce seuil inclus (force totale du perdant), la suivante au-delà. "
    "Lettres : M le perdant meurt / l'obstacle disparaît, Q la mort de quelqu'un, S un sacrifice, "
    "C une condition. Exemple : « C4S8Q/C5S/S6Q/Q4M »."
)
_TABLE_TOKEN = re.compile(r"-?\d+|[A-Za-z]")


def parse_table(text: str | None, field: str = "table") -> tuple | None:
    """Four rounds, each ``(letters, thresholds)``; None when no table is given."""
    if text is None or not text.strip():
        return None
    where = "Table de confrontation (" + field + ")"
    example = "format attendu : quatre tours séparés par « / », par exemple « C4S8Q/C5S/S6Q/Q4M »"
    compact = "".join(text.split())
    segments = compact.split("/")
    if len(segments) != 4:
        raise RulesError(field, f"{where} : {example} (il faut exactement quatre tours), reçu {shown(text)}.")
    rounds = []
    for k, seg in enumerate(segments, 1):
        tokens = _TABLE_TOKEN.findall(seg)
        if not seg or "".join(tokens) != seg or len(tokens) % 2 == 0:
            raise RulesError(field, f"{where} : tour {k} illisible ; {example}, reçu {shown(text)}.")
        letters, limits = [], []
        for i, tok in enumerate(tokens):
            if i % 2 == 0:
                if tok.upper() not in ISSUES:
                    raise RulesError(field, f"{where} : tour {k}, lettre {shown(tok)} inconnue : les lettres sont M, Q, S, C ; reçu {shown(text)}.")
                letters.append(tok.upper())
            else:
                if not tok.lstrip("-").isdigit():
                    raise RulesError(field, f"{where} : tour {k} illisible ; {example}, reçu {shown(text)}.")
                value = int(tok)
                if not -99 <= value <= 99 or (limits and value <= limits[-1]):
                    raise RulesError(field, f"{where} : tour {k}, les seuils doivent croître strictement (de -99 à 99), reçu {shown(text)}.")
                limits.append(value)
        rounds.append((tuple(letters), tuple(limits)))
    return tuple(rounds)


def table_issue(table: tuple, round_: int, loser_total: int) -> str:
    letters, limits = table[round_ - 1]
    for letter, limit in zip(letters, limits):
        if loser_total <= limit:
            return letter
    return letters[-1]


def _issue_notes(table: tuple | None, round_: int, loser_total: int | None, who: str = "") -> tuple[str | None, list[str]]:
    """The outcome picked from the user's table (or None) and the lines telling it."""
    if loser_total is None:
        return None, [f"{who}Statu quo : personne ne perd ce tour, il n'y a pas d'issue à lire."]
    if table is None:
        return None, [
            f"{who}Force totale du perdant : {loser_total}, au tour {round_}. Lisez l'issue dans la Table de "
            "confrontation de votre fiche (elle n'est pas dans le texte) ; les quatre issues possibles : "
            + " ; ".join(f"« {text.rstrip('.')} »" for text in ISSUES.values()) + "."
        ]
    letter = table_issue(table, round_, loser_total)
    return ISSUES[letter], [
        f"{who}Force totale du perdant : {loser_total}, au tour {round_}. "
        f"Selon la table de votre fiche : {ISSUES[letter]}"
    ]


# ======================================================================
# Shared parameters
# ======================================================================

_CARD_CHOICES = tuple(Choice(c.name, c.label, c.value) for c in DECK)
_SUIT_CHOICES = tuple(Choice(s, SUIT_LABELS[s]) for s in SUITS)
_DOM_CHOICES = tuple(
    Choice(o, _dom_label(o) + (" (déduit du texte)" if o == DEFAULT_DOMINATION else ""))
    for o in _domination_orders()
)
_DOM_PARAM = Param(
    "domination", "Cercle de domination", "choice", default=DEFAULT_DOMINATION, choices=_DOM_CHOICES,
    help="Le texte dit seulement « les bâtons dominent les dagues et ainsi de suite » : l'ordre "
    "Bâtons > Dagues > Écus > Coupes est déduit des saisons et moments du jour des enseignes. "
    "La meneuse peut en choisir un autre.",
)
_BONUS_PARAM = Param(
    "bonus", "Bonus ou malus par enseigne", "ints", default=(0, 0, 0, 0), minimum=-10, maximum=10,
    min_items=4, max_items=4,
    help="Annoncé par la meneuse, ajouté à la force totale : Bâtons, Écus, Coupes, Dagues (ex. 0,0,2,-1).",
)
_TABLE_PARAM = Param("table", "Table de confrontation de votre fiche", "text", default=None, help=_TABLE_HELP)
_DOM_NOTE = (
    "Cercle de domination : le texte dit seulement « les bâtons dominent les dagues et ainsi de suite » ; "
    "l'ordre Bâtons > Dagues > Écus > Coupes > Bâtons est déduit des saisons et des moments du jour "
    "des enseignes, la meneuse peut le changer."
)


def _forces_param(name: str, label: str, default: Any, max_items: int = 4, help_: str = "") -> Param:
    return Param(
        name, label, "ints", default=default, minimum=0, maximum=25, min_items=4, max_items=max_items,
        help=help_ or "Forces de la fiche dans l'ordre Bâtons, Écus, Coupes, Dagues (jusqu'à 25 pour un environnement).",
    )


# ======================================================================
# dcda.tour
# ======================================================================

def _tour_cards(args: Args, side: str) -> tuple[Card, ...]:
    """The cards side ``side`` may hold: the given card, a suit's pile, or the whole deck."""
    card, suit = args[f"carte_{side}"], args[f"enseigne_{side}"]
    if card is not None:
        return (_CARD_BY_NAME[card],)
    if suit is not None:
        return tuple(c for c in DECK if c.suit == SUITS.index(suit))
    return DECK


def _tour_check(args: Args) -> None:
    for side in ("a", "b"):
        card, suit = args[f"carte_{side}"], args[f"enseigne_{side}"]
        if card is not None and suit is not None and _CARD_BY_NAME[card].suit != SUITS.index(suit):
            raise RulesError(
                f"enseigne_{side}",
                f"Enseigne de {side.upper()} (enseigne_{side}) : la carte {card} n'est pas de l'enseigne "
                f"{SUIT_LABELS[suit]} ; laissez l'enseigne vide ou choisissez une carte de cette enseigne.",
            )
    if args["carte_a"] is not None and args["carte_a"] == args["carte_b"]:
        raise RulesError("carte_b", "Carte de B (carte_b) : les deux cartes viennent du même jeu, elles doivent être différentes.")
    parse_table(args["table"])


def _tour_roll(args: Args, dice: Dice) -> dict[str, Any]:
    dom = parse_domination(args["domination"])
    table = parse_table(args["table"])
    round_ = args["tour"]
    card_a = (
        _CARD_BY_NAME[args["carte_a"]] if args["carte_a"] is not None
        else _CARD_BY_NAME[dice.pick([c.name for c in _tour_cards(args, "a")])]
    )
    card_b = (
        _CARD_BY_NAME[args["carte_b"]] if args["carte_b"] is not None
        else _CARD_BY_NAME[dice.pick([c.name for c in _tour_cards(args, "b") if c != card_a])]
    )
    duel = resolve(card_a, card_b, args["forces_a"], args["forces_b"], args["bonus"], dom)
    issue, issue_lines = _issue_notes(table, round_, duel.loser_total)
    headline = {"a": "A remporte le tour", "b": "B remporte le tour", None: "Statu quo"}[duel.winner]
    notes = issue_lines + [_DOM_NOTE]
    if issue is not None:
        notes.append("Issue lue dans la table que vous avez saisie (celle de votre fiche), pas dans le texte du jeu.")
    return result(
        "dcda.tour",
        args,
        resultat=headline + (f" — {issue}" if issue else ""),
        reussite={"a": True, "b": False, None: None}[duel.winner],
        des=[
            group("Carte de A", [_card_die(card_a, duel.winner, "a", duel.dominated_a)]),
            group("Carte de B", [_card_die(card_b, duel.winner, "b", duel.dominated_b)]),
        ],
        calcul=list(duel.lines),
        notes=notes,
        tirage=list(dice.drawn),
        gagnant=duel.winner,
        totaux={"a": duel.total_a, "b": duel.total_b},
        force_perdant=duel.loser_total,
        tour=round_,
        issues_possibles=list(ISSUES.values()),
        issue=issue,
        issue_source="table de votre fiche" if issue else None,
    )


def _card_die(card: Card, winner: str | None, side: str, dominated: bool) -> dict[str, Any]:
    if winner is None:
        kept, mark = None, "statu quo"
    else:
        kept = winner == side
        mark = "gagnante" if kept else "perdante"
    if dominated:
        mark += ", dominée"
    out = die(card.name, None, kept, mark)
    out["libelle"] = card.label
    return out


def _tour_odds(args: Args) -> dict[str, Any]:
    table = parse_table(args["table"])
    wa, wb, sq, by_issue = duel_odds(
        _tour_cards(args, "a"), _tour_cards(args, "b"), args["forces_a"], args["forces_b"],
        args["bonus"], parse_domination(args["domination"]), table, args["tour"],
    )
    extra: dict[str, Any] = {
        "notes": [
            "Cartes non choisies : tirées au hasard dans la pile de leur enseigne (ou dans les 40 lames "
            "numérales), deux cartes en jeu étant toujours différentes.",
        ]
    }
    if table is not None:
        issues = {ISSUES[k]: by_issue.get(k, Fraction(0)) for k in ISSUES}
        issues["Statu quo"] = sq
        extra["issues_table"] = {k: float(v) for k, v in issues.items()}
        extra["exact_table"] = {k: f"{v.numerator}/{v.denominator}" for k, v in issues.items()}
        extra["notes"].append("Chances par issue : d'après la table de votre fiche.")
    return odds_payload({"A remporte le tour": wa, "B remporte le tour": wb, "Statu quo": sq}, wa, **extra)


TOUR = Roller(
    id="dcda.tour",
    title="De Cœur & D'Acier : résoudre un tour",
    chapter="004",
    summary="Deux cartes, deux fiches : force totale, domination des enseignes, gagnant du tour et force du perdant.",
    params=(
        _forces_param("forces_a", "Forces de A", (3, 3, 3, 3)),
        _forces_param("forces_b", "Forces de B", (3, 3, 3, 7),
                      help_="Bâtons, Écus, Coupes, Dagues (jusqu'à 25 pour un environnement) ; par défaut, "
                            "Nocturne, le PNJ du livre (Dagues 7, 3 ailleurs)."),
        Param("carte_a", "Carte de A", "choice", default=None, choices=_CARD_CHOICES,
              help="Vide : une carte tirée au hasard (dans l'enseigne choisie, s'il y en a une)."),
        Param("carte_b", "Carte de B", "choice", default=None, choices=_CARD_CHOICES,
              help="Vide : une carte tirée au hasard (dans l'enseigne choisie, s'il y en a une)."),
        Param("enseigne_a", "Enseigne de A (tirage)", "choice", default=None, choices=_SUIT_CHOICES),
        Param("enseigne_b", "Enseigne de B (tirage)", "choice", default=None, choices=_SUIT_CHOICES),
        Param("tour", "Tour", "int", default=1, minimum=1, maximum=4),
        _BONUS_PARAM,
        _DOM_PARAM,
        _TABLE_PARAM,
    ),
    roll=_tour_roll,
    odds=_tour_odds,
    check=_tour_check,
)


# ======================================================================
# dcda.confrontation: the set-up
# ======================================================================

@dataclass(frozen=True, slots=True)
class Member:
    id: str  # "a1", "b2"
    side: str  # "a" or "b"
    name: str
    forces: tuple[int, int, int, int]
    favourite: int | None  # suit index
    level: int  # relation/value level engaged, 0..4
    fortune: int | None  # major arcana, None when to be drawn / irrelevant
    environment: bool = False


@dataclass(frozen=True, slots=True)
class Setup:
    members: tuple[Member, ...]
    pairs: tuple[tuple[int, int], ...]  # oppositions (index in a, index in members of b)
    dom: tuple[int, ...]
    bonus: tuple[int, ...]
    table: tuple | None

    def exalted(self, i: int) -> bool:
        return self.members[i].level >= 3


_MAX_SIDE = 4


def _text_list(args: Args, name: str, label: str, n: int) -> list[str] | None:
    raw = args[name]
    if raw is None or not raw.strip():
        return None
    items = [p.strip() for p in raw.split(",")]
    if len(items) != n:
        raise RulesError(name, f"{label} ({name}) : {n} valeur(s) séparée(s) par des virgules attendue(s), une par participante, reçu {shown(raw)}.")
    return items


def _side(args: Args, side: str) -> list[Member]:
    forces = args[f"forces_{side}"]
    env = side == "b" and args["environnement"]
    if len(forces) % 4:
        raise RulesError(f"forces_{side}", f"Forces de l'équipe {side.upper()} (forces_{side}) : quatre forces par participante (Bâtons, Écus, Coupes, Dagues), soit 4, 8, 12 ou 16 entiers, reçu {len(forces)}.")
    n = len(forces) // 4
    if env and n != 1:
        raise RulesError("forces_b", "Forces de l'équipe B (forces_b) : un environnement a une seule main, donc quatre forces.")
    names = _text_list(args, f"noms_{side}", f"Noms de l'équipe {side.upper()}", n)
    if names is not None:
        for nm in names:
            if not nm or len(nm) > 20:
                raise RulesError(f"noms_{side}", f"Noms de l'équipe {side.upper()} (noms_{side}) : chaque nom a de 1 à 20 caractères, reçu {shown(args[f'noms_{side}'])}.")
    favs = _text_list(args, f"predilection_{side}", f"Enseignes de prédilection de l'équipe {side.upper()}", n)
    fav_idx: list[int | None] = [None] * n
    if favs is not None:
        for k, word in enumerate(favs):
            if word in ("-", "") or _fold(word) == "aucune":
                continue
            s = _suit_of(word)
            if s is None:
                raise RulesError(f"predilection_{side}", f"Enseignes de prédilection de l'équipe {side.upper()} (predilection_{side}) : batons, ecus, coupes, dagues ou « - », séparés par des virgules, reçu {shown(args[f'predilection_{side}'])}.")
            fav_idx[k] = s
    levels = args[f"niveau_{side}"]
    fortunes = args[f"fortune_{side}"]
    for pname, values in ((f"niveau_{side}", levels), (f"fortune_{side}", fortunes)):
        if values is not None and len(values) != n:
            raise RulesError(pname, f"{'Niveaux' if pname.startswith('niveau') else 'Fortunes'} de l'équipe {side.upper()} ({pname}) : {n} entier(s) attendu(s), un par participante, reçu {len(values)}.")
    if env and (any(levels or ()) or any(f >= 0 for f in fortunes or ())):
        pname = "niveau_b" if any(levels or ()) else "fortune_b"
        raise RulesError(pname, f"{'Niveaux' if pname == 'niveau_b' else 'Fortunes'} de l'équipe B ({pname}) : un environnement n'a ni relation/valeur engagée ni fortune.")
    default_names = (
        ["Environnement"] if env else [side.upper()] if n == 1 else [f"{side.upper()}{k + 1}" for k in range(n)]
    )
    return [
        Member(
            id=f"{side}{k + 1}",
            side=side,
            name=(names or default_names)[k],
            forces=tuple(forces[4 * k: 4 * k + 4]),  # type: ignore[arg-type]
            favourite=fav_idx[k],
            level=levels[k] if levels else 0,
            fortune=fortunes[k] if fortunes and fortunes[k] >= 0 else None,
            environment=env,
        )
        for k in range(n)
    ]


def _pairs(args: Args, n_a: int, n_b: int) -> tuple[tuple[int, int], ...]:
    raw = args["adversaires"]
    if n_a == 1 or n_b == 1:
        if raw is not None and raw.strip():
            raise RulesError("adversaires", "Adversaires (adversaires) : seulement pour une confrontation équipe contre équipe ; une participante seule affronte chaque membre de l'équipe adverse.")
        return tuple((i, j) for i in range(n_a) for j in range(n_b))
    if raw is None or not raw.strip():
        if n_a != n_b:
            raise RulesError("adversaires", f"Adversaires (adversaires) : en équipe contre équipe de tailles différentes, indiquez pour chaque membre de A le ou les numéros de ses adversaires dans B (ex. « 1+2,2 »).")
        return tuple((i, i) for i in range(n_a))
    what = f"pour chacun des {n_a} membres de A, le ou les numéros (1 à {n_b}) de ses adversaires dans B, joints par « + » et séparés par des virgules (ex. « 1+2,2 »)"
    items = [p.strip() for p in raw.split(",")]
    if len(items) != n_a:
        raise RulesError("adversaires", f"Adversaires (adversaires) : {what}, reçu {shown(raw)}.")
    pairs = []
    for i, item in enumerate(items):
        nums = [p.strip() for p in item.split("+")]
        if not all(p.isdigit() and 1 <= int(p) <= n_b for p in nums) or len(set(nums)) != len(nums):
            raise RulesError("adversaires", f"Adversaires (adversaires) : {what}, reçu {shown(raw)}.")
        pairs += [(i, int(p) - 1) for p in nums]
    if {j for _, j in pairs} != set(range(n_b)):
        raise RulesError("adversaires", f"Adversaires (adversaires) : chaque membre de B doit avoir au moins un adversaire, reçu {shown(raw)}.")
    return tuple(sorted(pairs))


def _setup(args: Args) -> Setup:
    if args["pnj"] is not None:
        if args["environnement"]:
            raise RulesError("pnj", "PNJ (pnj) : un PNJ n'est pas un environnement ; choisissez l'un ou l'autre.")
        for name in ("forces_b", "noms_b", "fortune_b"):
            if args[name] is not None:
                raise RulesError("pnj", f"PNJ (pnj) : la fiche du PNJ fixe déjà {name} ; laissez ce champ vide ou ne choisissez pas de PNJ.")
    preset = _PNJ[args["pnj"]] if args["pnj"] is not None else (NOCTURNE if args["forces_b"] is None else None)
    if preset is not None:
        args = {**args, "forces_b": preset["forces"], "noms_b": preset["nom"], "fortune_b": (preset["fortune"],)}
    side_a, side_b = _side(args, "a"), _side(args, "b")
    if len(side_a) > _MAX_SIDE or len(side_b) > _MAX_SIDE:
        raise AssertionError("Param limits keep each side to four")
    members = tuple(side_a + side_b)
    names = [_fold(m.name) for m in members]
    if len(set(names)) != len(names):
        field = "noms_b" if args["noms_a"] is None else "noms_a"
        raise RulesError(field, f"Noms de l'équipe {field[-1].upper()} ({field}) : chaque participante doit avoir un nom différent des autres (noms reçus : {', '.join(m.name for m in members)}).")
    n_a = len(side_a)
    pairs = tuple((i, n_a + j) for i, j in _pairs(args, n_a, len(side_b)))
    return Setup(members, pairs, parse_domination(args["domination"]), args["bonus"], parse_table(args["table"]))


def _confrontation_check(args: Args) -> None:
    _setup(args)


def _side_params(side: str) -> tuple[Param, ...]:
    team = side.upper()
    return (
        _forces_param(
            f"forces_{side}", f"Forces de l'équipe {team}", (3, 3, 3, 3) if side == "a" else None, 16,
            help_="Quatre forces par participante, dans l'ordre Bâtons, Écus, Coupes, Dagues (4 à 16 entiers"
            + (" ; vide : Nocturne, le PNJ du livre" if side == "b" else "") + ").",
        ),
        Param(f"noms_{side}", f"Noms de l'équipe {team}", "text", default=None, group=f"Équipe {team}",
              help="Séparés par des virgules."),
        Param(f"predilection_{side}", f"Enseignes de prédilection de l'équipe {team}", "text", default=None,
              group=f"Équipe {team}", help="Une par participante, séparées par des virgules (batons, ecus, coupes, dagues ou « - »)."),
        Param(f"niveau_{side}", f"Niveaux de relation/valeur engagés ({team})", "ints", default=None,
              minimum=0, maximum=4, min_items=1, max_items=_MAX_SIDE, group=f"Équipe {team}",
              help="Un par participante, de 0 à 4."),
        Param(f"fortune_{side}", f"Fortunes de l'équipe {team}", "ints", default=None,
              minimum=-1, maximum=21, min_items=1, max_items=_MAX_SIDE, group=f"Équipe {team}",
              help="Lame majeure de 0 (Le Mat) à 21 (Le Monde), une par participante ; -1 : inconnue "
              "(tirée au début si le personnage est exalté)."),
    )


# ======================================================================
# dcda.confrontation: the state (plain JSON, checked when it comes back)
# ======================================================================

_ENDS = {
    "tour4": "Fin de la confrontation : le quatrième tour est joué, l'issue est définitive.",
    "temperance": "Fin de la confrontation : une Tempérance a lieu.",
    "renoncement": "Fin de la confrontation : il ne reste plus d'adversaires face à face.",
    "accord": "Fin de la confrontation : l'issue convient à toutes les participantes.",
}


def _bad_state(what: str) -> RulesError:
    return RulesError("etat", f"État (etat) : {what} ; relancez la confrontation.")


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _load(state: Mapping[str, Any]) -> tuple[Setup, dict[str, Any], Args]:
    """Re-check a state sent back by the page (it may be forged)."""
    keys = {"version", "parametres", "fortunes", "mains", "tour", "joues", "actifs", "repioche", "exaltations", "fin", "temperance"}
    if not isinstance(state, Mapping) or set(state) != keys or not _is_int(state.get("version"), 1, 1):
        raise _bad_state("ce n'est pas l'état d'une confrontation De Cœur & D'Acier")
    params = state["parametres"]
    if not isinstance(params, Mapping):
        raise _bad_state("paramètres illisibles")
    try:
        args = CONFRONTATION.parse(params)
        setup = _setup(args)
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
            raise _bad_state("il manque la fortune d'un personnage exalté")
    hands = state["mains"]
    if not is_list(hands) or not all(is_list(h, 4) and all(_is_int(v, 1, 10) for v in h) for h in hands):
        raise _bad_state("mains invalides")
    for s in range(4):
        if len({h[s] for h in hands}) != n:
            raise _bad_state("deux mains tiennent la même carte")
    played = state["joues"]
    if not is_list(played, tour) or not all(
        is_list(r) and all(c is None or (isinstance(c, str) and c in _CARD_BY_NAME) for c in r) for r in played
    ):
        raise _bad_state("cartes jouées invalides")
    for r in played:
        named = [c for c in r if c is not None]
        if len(set(named)) != len(named):
            raise _bad_state("deux cartes jouées identiques")
    active = state["actifs"]
    redrawn = state["repioche"]
    if not is_list(active) or not is_list(redrawn) or not all(isinstance(x, bool) for x in active + redrawn):
        raise _bad_state("participantes invalides")
    for k, r in enumerate(played):
        for i, c in enumerate(r):
            if c is not None and any(played[q][i] is None for q in range(k)):
                raise _bad_state("une participante a joué après avoir renoncé")
        if tour and played and not any(r[i] is not None and r[j] is not None for i, j in setup.pairs):
            raise _bad_state("un tour sans opposition")
    for i in range(n):
        if active[i] and tour and played[-1][i] is None:
            raise _bad_state("une participante active n'a pas joué le dernier tour")
        if redrawn[i] and setup.members[i].favourite is None:
            raise _bad_state("repioche sans enseigne de prédilection")
    ex = state["exaltations"]
    if not isinstance(ex, list) or len(ex) > 4 * n or not all(
        isinstance(e, list) and len(e) == 3 and _is_int(e[0], 1, 4) and _is_int(e[1], 0, n - 1) and _is_int(e[2], 0, 21)
        and e[0] <= tour + 1 and (setup.members[e[1]].level == 4 or (setup.members[e[1]].level == 3 and e[0] == 3))
        for e in ex
    ):
        raise _bad_state("tirages d'exaltation invalides")
    if len({(e[0], e[1]) for e in ex}) != len(ex):
        raise _bad_state("deux tirages d'exaltation pour le même tour")
    fin, temp = state["fin"], state["temperance"]
    if fin is not None and (not isinstance(fin, str) or fin not in _ENDS):
        raise _bad_state("fin invalide")
    matches = [e for e in ex if e[2] == fortunes[e[1]]]
    if temp is None:
        if fin == "temperance" or matches:
            raise _bad_state("Tempérance incohérente")
    elif not (is_list(temp, 2) and _is_int(temp[0], 0, n - 1) and _is_int(temp[1], 1, 4)
              and fin == "temperance" and matches == [[temp[1], temp[0], fortunes[temp[0]]]]):
        raise _bad_state("Tempérance incohérente")
    if tour == 4 and fin not in ("tour4", "temperance"):
        raise _bad_state("le quatrième tour est joué mais la confrontation continue")
    if fin is None and not _live_pairs(setup, active):
        raise _bad_state("plus d'opposition mais la confrontation continue")
    st = json.loads(json.dumps({k: state[k] for k in keys}))  # a deep copy: the caller's state stays as it was
    st["parametres"] = dict(params)
    return setup, st, args


def _live_pairs(setup: Setup, active: list[bool]) -> list[tuple[int, int]]:
    return [(i, j) for i, j in setup.pairs if active[i] and active[j]]


# ======================================================================
# dcda.confrontation: reading the state
# ======================================================================

def _round_duels(setup: Setup, st: dict[str, Any], k: int) -> list[tuple[int, int, Duel]]:
    """The oppositions of round ``k`` (1-based), recomputed from the cards."""
    row = st["joues"][k - 1]
    out = []
    for i, j in setup.pairs:
        if row[i] is not None and row[j] is not None:
            mi, mj = setup.members[i], setup.members[j]
            out.append((i, j, resolve(_CARD_BY_NAME[row[i]], _CARD_BY_NAME[row[j]], mi.forces, mj.forces,
                                      setup.bonus, setup.dom, mi.name, mj.name)))
    return out


def _lost(setup: Setup, st: dict[str, Any], p: int, k: int) -> bool:
    return any((d.winner == "b" and i == p) or (d.winner == "a" and j == p) for i, j, d in _round_duels(setup, st, k))


def _victorious(setup: Setup, st: dict[str, Any], p: int, k: int) -> bool:
    mine = [(i, d) for i, j, d in _round_duels(setup, st, k) if p in (i, j)]
    return bool(mine) and all(d.winner == ("a" if i == p else "b") for i, d in mine)


def _renounce_refusal(setup: Setup, st: dict[str, Any], p: int) -> str:
    """Why participant ``p`` may not renounce now ("" when she may)."""
    m, k = setup.members[p], st["tour"]
    if st["fin"] is not None:
        return "La confrontation est terminée."
    if not st["actifs"][p]:
        return f"{m.name} a déjà renoncé."
    if k == 0 and m.level >= 1:
        return f"Niveau {m.level} : la joueuse de {m.name} ne peut pas renoncer au premier tour."
    if m.level == 4 and k >= 1 and not _victorious(setup, st, p, k):
        return f"Niveau 4 : tant que {m.name} n'est pas victorieux, la joueuse doit jouer un tour supplémentaire."
    if m.level >= 2 and k == 1 and _lost(setup, st, p, 1):
        return f"Niveau {m.level} : après une défaite au premier tour, {m.name} doit tenter au moins un second tour."
    return ""


def _exaltation_due(setup: Setup, st: dict[str, Any]) -> list[int]:
    """Exalted participants who must still draw a major arcana before the next round."""
    if st["fin"] is not None:
        return []
    r = st["tour"] + 1
    done = {e[1] for e in st["exaltations"] if e[0] == r}
    return [
        i for i, m in enumerate(setup.members)
        if st["actifs"][i] and i not in done and (m.level == 4 or (m.level == 3 and r == 3))
    ]


def _redraw_refusal(setup: Setup, st: dict[str, Any], p: int) -> str:
    m = setup.members[p]
    if st["fin"] is not None:
        return "La confrontation est terminée."
    if not st["actifs"][p]:
        return f"{m.name} a renoncé."
    if m.favourite is None:
        return f"{m.name} n'a pas d'enseigne de prédilection."
    if st["repioche"][p]:
        return f"{m.name} a déjà repioché : une seule fois par confrontation."
    return ""


def _play_refusal(setup: Setup, st: dict[str, Any]) -> str:
    if st["fin"] is not None:
        return "La confrontation est terminée."
    due = _exaltation_due(setup, st)
    if due:
        names = ", ".join(setup.members[i].name for i in due)
        return f"Exaltation : {names} doit d'abord piocher une lame majeure."
    return ""


def _finish_refusal(setup: Setup, st: dict[str, Any]) -> str:
    if st["fin"] is not None:
        return "La confrontation est terminée."
    for p in range(len(setup.members)):
        if st["actifs"][p]:
            why = _renounce_refusal(setup, st, p)
            if why:
                return why
    return ""


def _standing(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    """For each opposition, the outcome that stands now: its last round played."""
    out = []
    for i, j in setup.pairs:
        mi, mj = setup.members[i], setup.members[j]
        last = None
        for k in range(st["tour"], 0, -1):
            for a, b, d in _round_duels(setup, st, k):
                if (a, b) == (i, j):
                    last = (k, d)
                    break
            if last:
                break
        entry: dict[str, Any] = {"a": mi.id, "b": mj.id, "noms": [mi.name, mj.name]}
        if last is None:
            entry.update(tour=None, gagnant=None, force_perdant=None, issue=None,
                         texte=f"{mi.name} contre {mj.name} : aucun tour joué, rien ne change.")
        else:
            k, d = last
            issue, _ = _issue_notes(setup.table, k, d.loser_total)
            who = {"a": mi.name, "b": mj.name}.get(d.winner or "")
            text = (
                f"{mi.name} contre {mj.name} : " + (f"{who} l'emporte au tour {k}" if who else f"statu quo au tour {k}")
                + (f", force totale du perdant {d.loser_total}" if who else "")
                + (f" — selon la table de votre fiche : {issue}" if issue else "")
            )
            entry.update(tour=k, gagnant=d.winner, force_perdant=d.loser_total, issue=issue, texte=text)
        out.append(entry)
    return out


def _hand_groups(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    groups = []
    for i, m in enumerate(setup.members):
        cards = []
        for s in range(4):
            c = Card(st["mains"][i][s], s)
            mark = "en main"
            if m.favourite == s:
                mark += ", prédilection"
            d = die(c.name, None, None, mark)
            d["libelle"] = c.label
            cards.append(d)
        title = f"Main de {m.name}" + ("" if st["actifs"][i] else " (a renoncé)")
        groups.append(group(title, cards))
    return groups


def _offers(setup: Setup, st: dict[str, Any]) -> list[dict[str, Any]]:
    offers = []
    due = _exaltation_due(setup, st)
    offers.append(action_offer(
        "exaltation", "Piocher la lame majeure d'exaltation", bool(due),
        "" if due else "Aucune participante exaltée ne doit piocher avant ce tour.", parametres={},
    ))
    why = _play_refusal(setup, st)
    active = [m.id for i, m in enumerate(setup.members) if st["actifs"][i]]
    offers.append(action_offer(
        "jouer", f"Jouer le tour {min(st['tour'] + 1, 4)}", not why, why,
        parametres=[_card_field(setup, st, i) for i, m in enumerate(setup.members) if st["actifs"][i]],
        participants=active,
    ))
    for i, m in enumerate(setup.members):
        why = _redraw_refusal(setup, st, i)
        if m.favourite is not None:
            offers.append(action_offer("repiocher", f"Repiocher la carte de prédilection de {m.name}", not why, why,
                                       parametres={"participant": m.id}))
    for i, m in enumerate(setup.members):
        if st["fin"] is None:
            why = _renounce_refusal(setup, st, i)
            offers.append(action_offer("renoncer", f"{m.name} renonce", not why, why, parametres={"participant": m.id}))
    why = _finish_refusal(setup, st)
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
    standing = _standing(setup, st)
    if st["fin"] is not None:
        notes = notes + [_ENDS[st["fin"]]]
    notes = notes + [_DOM_NOTE]
    if setup.table is not None:
        notes.append("Les issues sont lues dans la table que vous avez saisie (celle de votre fiche), pas dans le texte du jeu.")
    solo = len(setup.pairs) == 1
    winner = standing[0]["gagnant"] if solo else None
    figures: dict[str, Any] = {}
    if round_played is not None:
        duels = _round_duels(setup, st, round_played)
        figures["tour_joue"] = [
            {
                "a": setup.members[i].id, "b": setup.members[j].id,
                "cartes": [st["joues"][round_played - 1][i], st["joues"][round_played - 1][j]],
                "totaux": [d.total_a, d.total_b], "gagnant": d.winner,
                "force_perdant": d.loser_total, "tour": round_played,
                "issue": _issue_notes(setup.table, round_played, d.loser_total)[0],
            }
            for i, j, d in duels
        ]
    return result(
        "dcda.confrontation",
        args,
        resultat=headline,
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
        oppositions=standing,
        issues_possibles=list(ISSUES.values()),
        temperance=None if st["temperance"] is None else setup.members[st["temperance"][0]].id,
        **figures,
    )


# ======================================================================
# dcda.confrontation: the roll and the actions
# ======================================================================

def _pile(st: dict[str, Any], suit: int, holder: int) -> list[str]:
    """The suit's pile as ``holder`` draws from it: ten cards minus the others' hands."""
    held = {h[suit] for q, h in enumerate(st["mains"]) if q != holder}
    return [f"{v}-{SUITS[suit]}" for v in range(1, 11) if v not in held]


def _confrontation_roll(args: Args, dice: Dice) -> dict[str, Any]:
    setup = _setup(args)
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
    for i in range(n):
        for s in range(4):
            st["mains"][i][s] = _CARD_BY_NAME[dice.pick(_pile(st, s, i))].value
    notes = []
    for i, m in enumerate(setup.members):
        if setup.exalted(i) and m.fortune is None:
            st["fortunes"][i] = int(dice.pick(_ARCANA_DECK, "lame majeure"))
            notes.append(f"Fortune de {m.name} tirée au début de la confrontation (comme pour un PNJ exalté) : {arcana_label(st['fortunes'][i])}.")
    calcul = []
    for i, m in enumerate(setup.members):
        desc = ", ".join(f"{_slabel(s)} {m.forces[s]}" for s in range(4))
        extra = []
        if m.favourite is not None:
            extra.append(f"prédilection {_slabel(m.favourite)}")
        if not m.environment:
            extra.append(f"niveau {m.level}")
        if st["fortunes"][i] is not None:
            extra.append(f"fortune {arcana_label(st['fortunes'][i])}")
        calcul.append(f"{m.name}{' (environnement)' if m.environment else ''} : {desc}" + (f" ; {', '.join(extra)}" if extra else ""))
    for i, j in setup.pairs:
        calcul.append(f"Opposition : {setup.members[i].name} contre {setup.members[j].name}")
    if args["pnj"] is None and args["forces_b"] is None:
        notes.append("Adversaire par défaut : Nocturne, le PNJ du livre (Dagues 7, 3 ailleurs ; fortune XVII L'Étoile).")
    if any(b for b in setup.bonus):
        calcul.append("Bonus/malus de la meneuse : " + ", ".join(f"{_slabel(s)} {setup.bonus[s]:+d}" for s in range(4) if setup.bonus[s]))
    return _report(setup, st, args, dice, "Les mains sont constituées : à vous de jouer le tour 1.", calcul, notes, [])


def _who(setup: Setup, raw: str) -> int:
    key = _fold(raw)
    for i, m in enumerate(setup.members):
        if key in (m.id, _fold(m.name)):
            return i
    ids = ", ".join(f"{m.id} ({m.name})" for m in setup.members)
    raise RulesError("participant", f"Participante (participant) : {ids} attendu, reçu {shown(raw)}.")


def _card_field(setup: Setup, st: dict[str, Any], i: int) -> dict[str, Any]:
    """The form field of one participant's card for the next round: the four cards of the hand."""
    m = setup.members[i]
    hand = st["mains"][i]
    return {
        "nom": m.id, "libelle": f"Carte jouée par {m.name}", "type": "choice", "requis": True,
        "defaut": SUITS[m.favourite] if m.favourite is not None else None,
        "choix": [{"valeur": suit, "libelle": Card(hand[k], k).label} for k, suit in enumerate(SUITS)],
    }


def _act_jouer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = _load(state)
    why = _play_refusal(setup, st)
    if why:
        raise RulesError("action", f"Jouer un tour : impossible. {why}")
    n = len(setup.members)
    active = [i for i in range(n) if st["actifs"][i]]
    if params["enseignes"] is None:  # one card chosen per participant (the page's form)
        for i in active:
            m = setup.members[i]
            if params.get(m.id) is None:
                raise RulesError(m.id, f"Carte jouée par {m.name} ({m.id}) : choisissez une des quatre cartes "
                                       "de la main (Bâtons, Écus, Coupes ou Dagues).")
        words = [params[setup.members[i].id] for i in active]
    else:
        words = [w.strip() for w in (params["enseignes"] or "").split(",")]
    names = ", ".join(setup.members[i].name for i in active)
    what = f"Enseignes jouées (enseignes) : une enseigne par participante active ({names}), dans cet ordre, séparées par des virgules (batons, ecus, coupes, dagues)"
    suits = [_suit_of(w) for w in words]
    if len(words) != len(active) or any(s is None for s in suits):
        raise RulesError("enseignes", f"{what}, reçu {shown(params['enseignes'])}.")
    k = st["tour"] + 1
    row: list[str | None] = [None] * n
    for i, s in zip(active, suits):
        row[i] = Card(st["mains"][i][s], s).name  # type: ignore[arg-type]
    st["joues"] = st["joues"] + [row]
    st["tour"] = k
    duels = _round_duels(setup, st, k)
    calcul, notes = [f"Tour {k}"], []
    for i, j, d in duels:
        calcul += list(d.lines)
        who = f"{setup.members[i].name} contre {setup.members[j].name} — " if len(duels) > 1 else ""
        notes += _issue_notes(setup.table, k, d.loser_total, who)[1]
    played_group = []
    for i in active:
        c = _CARD_BY_NAME[row[i]]  # type: ignore[index]
        if _victorious(setup, st, i, k):
            kept, mark = True, "gagnante"
        elif _lost(setup, st, i, k):
            kept, mark = False, "perdante"
        else:
            kept, mark = None, "statu quo"
        d = die(c.name, None, kept, f"{setup.members[i].name} : {mark}")
        d["libelle"] = c.label
        played_group.append(d)
    if k == 4:
        st["fin"] = "tour4"
    else:
        # the played cards go back to their pile, then each player draws the suit she lacks
        for i, s in zip(active, suits):
            st["mains"][i][s] = 0  # type: ignore[index]
        for i, s in zip(active, suits):
            st["mains"][i][s] = _CARD_BY_NAME[dice.pick(_pile(st, s, i))].value  # type: ignore[index,arg-type]
        notes.append(f"Les cartes jouées retournent dans leur pile ; chacune a pioché une carte de l'enseigne qui lui manque, pour le tour {k + 1}.")
    texts = []
    for i, j, d in duels:
        mi, mj = setup.members[i], setup.members[j]
        texts.append(
            f"{(mi if d.winner == 'a' else mj).name} remporte le tour contre {(mj if d.winner == 'a' else mi).name}"
            if d.winner else f"statu quo entre {mi.name} et {mj.name}"
        )
    headline = f"Tour {k} : " + " ; ".join(texts) + "."
    return _report(setup, st, args, dice, headline, calcul, notes, [group(f"Tour {k} : cartes jouées", played_group)], k)


def _act_repiocher(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = _load(state)
    p = _who(setup, params["participant"])
    why = _redraw_refusal(setup, st, p)
    if why:
        raise RulesError("action", f"Repiocher : impossible. {why}")
    m = setup.members[p]
    s = m.favourite
    old = Card(st["mains"][p][s], s)  # type: ignore[index]
    st["mains"][p][s] = _CARD_BY_NAME[dice.pick(_pile(st, s, p))].value  # type: ignore[index]
    st["repioche"][p] = True
    new = Card(st["mains"][p][s], s)  # type: ignore[index]
    note = (
        f"{m.name} remet le {old.label} dans la pile, la mélange et repioche : {new.label}"
        + (" (la même carte, c'est permis)." if new == old else ".")
    )
    return _report(setup, st, args, dice, f"{m.name} repioche sa carte de prédilection : {new.label}.",
                   [note], ["Repioche : une seule fois par confrontation."], [])


def _act_renoncer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = _load(state)
    p = _who(setup, params["participant"])
    why = _renounce_refusal(setup, st, p)
    if why:
        raise RulesError("action", f"Renoncer : impossible. {why}")
    m = setup.members[p]
    st["actifs"][p] = False
    if st["tour"] == 0:
        line = f"{m.name} renonce avant le premier tour : son initiative avortée ne change pas le cours des événements."
    else:
        line = f"{m.name} renonce avant le tour {st['tour'] + 1} : l'issue du tour {st['tour']} se confirme."
    if not _live_pairs(setup, st["actifs"]):
        st["fin"] = "renoncement"
    return _report(setup, st, args, dice, line, [line], [], [])


def _act_terminer(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = _load(state)
    why = _finish_refusal(setup, st)
    if why:
        raise RulesError("action", f"Terminer : impossible. {why}")
    st["fin"] = "accord"
    line = (
        "Personne ne s'engage : rien ne change." if st["tour"] == 0
        else f"L'issue du tour {st['tour']} convient à toutes : elle est définitive."
    )
    return _report(setup, st, args, dice, line, [line], [], [])


def _act_exaltation(state: Mapping[str, Any], params: Args, dice: Dice) -> dict[str, Any]:
    setup, st, args = _load(state)
    due = _exaltation_due(setup, st)
    if not due:
        raise RulesError("action", "Exaltation : impossible. Aucune participante exaltée ne doit piocher avant ce tour.")
    r = st["tour"] + 1
    cards, calcul, notes = [], [], []
    headline = f"Exaltation avant le tour {r} : pas de Tempérance, les tours continuent."
    for i in due:
        m = setup.members[i]
        lame = int(dice.pick(_ARCANA_DECK, "lame majeure"))
        st["exaltations"] = st["exaltations"] + [[r, i, lame]]
        match = lame == st["fortunes"][i]
        calcul.append(
            f"{m.name} (niveau {m.level}) pioche {arcana_label(lame)} ; sa fortune : {arcana_label(st['fortunes'][i])}"
            + (" : elles correspondent, Tempérance !" if match else " : rien ne se passe.")
        )
        d = die(str(lame), None, match, "Tempérance" if match else "sans effet")
        d["libelle"] = arcana_label(lame)
        cards.append(d)
        if match:
            st["temperance"] = [i, r]
            st["fin"] = "temperance"
            headline = f"Tempérance ! La lame d'exaltation de {m.name} correspond à sa fortune : la confrontation prend fin."
            notes.append(
                "Les meneuses décrivent l'événement miraculeux et font tirer une nouvelle fortune à la joueuse ; "
                f"il peut ne pas y avoir de gagnant, mais {m.name} gagne un prestige hors du commun."
            )
            break
    notes.append("Chaque lame piochée est remélangée au paquet des lames majeures.")
    return _report(setup, st, args, dice, headline, calcul, notes, [group(f"Exaltation (tour {r})", cards)])


def _confrontation_odds(args: Args) -> dict[str, Any]:
    """P(win round 1) for each opposition when each plays its favourite suit.

    Without a favourite suit, the strongest suit of the sheet (the first in
    the order Bâtons, Écus, Coupes, Dagues on a tie). Each card is uniform
    over its pile; two cards of the same suit are different.
    """
    setup = _setup(args)

    def suit_of(m: Member) -> int:
        return m.favourite if m.favourite is not None else max(range(4), key=lambda s: (m.forces[s], -s))

    rows = []
    first = None
    for i, j in setup.pairs:
        mi, mj = setup.members[i], setup.members[j]
        si, sj = suit_of(mi), suit_of(mj)
        wa, wb, sq, _ = duel_odds(
            tuple(c for c in DECK if c.suit == si), tuple(c for c in DECK if c.suit == sj),
            mi.forces, mj.forces, setup.bonus, setup.dom,
        )
        rows.append({
            "a": mi.id, "b": mj.id, "enseignes": [SUITS[si], SUITS[sj]],
            "exact": {"a": f"{wa.numerator}/{wa.denominator}", "b": f"{wb.numerator}/{wb.denominator}",
                      "statu_quo": f"{sq.numerator}/{sq.denominator}"},
            "a_gagne": float(wa), "b_gagne": float(wb), "statu_quo": float(sq),
        })
        if first is None:
            first = (mi, mj, si, sj, wa, wb, sq)
    mi, mj, si, sj, wa, wb, sq = first  # type: ignore[misc]
    return odds_payload(
        {f"{mi.name} remporte le tour 1": wa, f"{mj.name} remporte le tour 1": wb, "Statu quo": sq},
        wa,
        oppositions=rows,
        notes=[
            f"Chances du premier tour, {mi.name} ({_slabel(si)}) contre {mj.name} ({_slabel(sj)}) : chacune joue "
            "son enseigne de prédilection (à défaut, sa plus forte), carte au hasard dans sa pile.",
        ],
    )


_PARTICIPANT = Param("participant", "Participante", "text", required=True,
                     help="a1, a2… pour l'équipe A, b1… pour l'équipe B, ou son nom.")

CONFRONTATION = Roller(
    id="dcda.confrontation",
    title="De Cœur & D'Acier : une confrontation complète",
    chapter="004",
    summary="Jusqu'à quatre tours joués dans la page : mains, repioche, renoncement, niveaux de relation, exaltation et Tempérance.",
    params=(
        *_side_params("a"),
        *_side_params("b"),
        Param("pnj", "PNJ du livre (équipe B)", "choice", default=None,
              choices=(Choice("nocturne", "Nocturne (Dagues 7, 3 ailleurs ; fortune XVII L'Étoile)"),),
              help="Une fiche toute faite pour l'équipe B ; c'est aussi l'adversaire par défaut."),
        Param("environnement", "L'équipe B est un environnement", "bool", default=False),
        Param("adversaires", "Adversaires (équipe contre équipe)", "text", default=None,
              help="Pour chaque membre de A, le ou les numéros de ses adversaires dans B : « 1+2,2 ». "
              "Par défaut, chacune affronte celle de même rang."),
        _BONUS_PARAM,
        _DOM_PARAM,
        _TABLE_PARAM,
    ),
    roll=_confrontation_roll,
    odds=_confrontation_odds,
    check=_confrontation_check,
    actions=(
        Action("exaltation", "Piocher la lame majeure d'exaltation", (), _act_exaltation),
        Action("jouer", "Jouer un tour", (
            Param("enseignes", "Enseignes jouées", "text",
                  help="Une par participante active, dans l'ordre a1, a2…, b1… : « dagues,batons » "
                  "(ou une enseigne par participante avec a1=…, b1=…)."),
            *(Param(f"{side}{k}", f"Enseigne jouée par {side}{k}", "choice", choices=_SUIT_CHOICES)
              for side in "ab" for k in range(1, _MAX_SIDE + 1)),
        ), _act_jouer),
        Action("repiocher", "Repiocher la carte de prédilection", (_PARTICIPANT,), _act_repiocher),
        Action("renoncer", "Renoncer avant le tour", (_PARTICIPANT,), _act_renoncer),
        Action("terminer", "Tout le monde accepte l'issue", (), _act_terminer),
    ),
)

ROLLERS = (TOUR, CONFRONTATION)
