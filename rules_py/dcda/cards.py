"""De Cœur & D’Acier: the cards, the domination circle, one opposition, the draws.

One tarot: the numeral cards are split into four piles (one per suit), so a
card is never held twice at once. A card drawn « at random » is uniform over
the cards still in its pile (or piles).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from itertools import permutations
from typing import Any, NamedTuple

from ..dice import Dice
from ..errors import RulesError
from .words import de, elided, join_and, join_or

__all__ = [
    "SUITS",
    "SUIT_LABELS",
    "ARCANA",
    "ARCANA_DECK",
    "ARCANA_MAY",
    "DEFAULT_DOMINATION",
    "Card",
    "DECK",
    "CARD_BY_NAME",
    "arcana_label",
    "fold",
    "suit_of",
    "slabel",
    "of_suit",
    "parse_domination",
    "dom_label",
    "domination_orders",
    "refused_orders",
    "DOMINATION_TEXT",
    "Duel",
    "winner",
    "resolve",
    "describe_cards",
    "draw",
    "finish",
]

SUITS = ("batons", "ecus", "coupes", "dagues")
SUIT_LABELS = {"batons": "Bâtons", "ecus": "Écus", "coupes": "Coupes", "dagues": "Dagues"}
_FEMININE = {"coupes", "dagues"}

#: The 22 major arcana (Tarot de Marseille names), index = number.
ARCANA = (
    "Le Mat",
    "Le Bateleur",
    "La Papesse",
    "L’Impératrice",
    "L’Empereur",
    "Le Pape",
    "L’Amoureux",
    "Le Chariot",
    "La Justice",
    "L’Ermite",
    "La Roue de Fortune",
    "La Force",
    "Le Pendu",
    "L’Arcane sans nom",
    "Tempérance",
    "Le Diable",
    "La Maison Dieu",
    "L’Étoile",
    "La Lune",
    "Le Soleil",
    "Le Jugement",
    "Le Monde",
)
_ROMAN = (
    "0",
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
    "XXI",
)
ARCANA_DECK = tuple(str(i) for i in range(22))
ARCANA_MAY = "une lame majeure, de 0 (Le Mat) à 21 (Le Monde)"

DEFAULT_DOMINATION = "batons>dagues>ecus>coupes"


class Card(NamedTuple):
    value: int  # 1..10
    suit: int  # index in SUITS

    @property
    def name(self) -> str:
        return f"{self.value}-{SUITS[self.suit]}"

    @property
    def label(self) -> str:
        return f"{self.value} {of_suit(self.suit)}"


DECK = tuple(Card(v, s) for s in range(4) for v in range(1, 11))
CARD_BY_NAME = {c.name: c for c in DECK}


def arcana_label(n: int) -> str:
    """« XIV — Tempérance »."""
    return f"{_ROMAN[n]} — {ARCANA[n]}"


def fold(text: str) -> str:
    """Lower case without accents (« Écus » -> « ecus »)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text.strip().lower()) if not unicodedata.combining(ch))


def suit_of(word: str) -> int | None:
    w = fold(word)
    for i, s in enumerate(SUITS):
        if w == s or w == s[:-1]:  # « dague » is fine too
            return i
    return None


def slabel(i: int) -> str:
    return SUIT_LABELS[SUITS[i]]


def of_suit(i: int) -> str:
    """« de Bâtons », « d’Écus »."""
    label = slabel(i)
    return f"d’{label}" if elided(label) else f"de {label}"


# ----------------------------------------------------------------------
# Domination and the resolution of one opposition
# ----------------------------------------------------------------------


#: 004, « Les enseignes et le cercle de domination » (verbatim).
DOMINATION_TEXT = "les bâtons dominent les dagues et ainsi de suite"


def domination_orders() -> tuple[str, ...]:
    """The orders of the circle the text allows: the bâtons dominate the dagues (the inferred one first)."""
    return tuple(o for o in every_order() if o.startswith("batons>dagues>"))


def refused_orders() -> tuple[str, ...]:
    """The cyclic orders written from the bâtons in which the bâtons do not dominate the dagues: refused."""
    return tuple(o for o in every_order() if not o.startswith("batons>dagues>"))


def every_order() -> tuple[str, ...]:
    orders = ["batons>" + ">".join(p) for p in permutations(("dagues", "ecus", "coupes"))]
    return tuple(sorted(orders, key=lambda o: (o != DEFAULT_DOMINATION, orders.index(o))))


def parse_domination(text: str) -> tuple[int, int, int, int]:
    """``dom[s]`` = the suit that suit ``s`` dominates (a 4-cycle)."""
    order = [SUITS.index(w) for w in text.split(">")]
    dom = [0, 0, 0, 0]
    for k, s in enumerate(order):
        dom[s] = order[(k + 1) % 4]
    return dom[0], dom[1], dom[2], dom[3]


def dom_label(text: str) -> str:
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


def winner(ta: int, tb: int, sa: int, sb: int, dom: Sequence[int]) -> str | None:
    if ta != tb:
        return "a" if ta > tb else "b"
    if dom[sa] == sb:
        return "a"
    if dom[sb] == sa:
        return "b"
    return None


def _force_line(of: str, card: Card, force: int, dominated: bool, bonus: int) -> tuple[str, int]:
    parts = [f"{card.value} (carte)"]
    total = card.value
    if not dominated:
        parts.append(f"+ {force} ({slabel(card.suit)})")
        total += force
    if bonus:
        # the meneuse's bonus is on « l’usage d’une enseigne spécifique »: a dominated card keeps it (RULES.md)
        even = ", même dominée" if dominated else ""
        parts.append(
            f"{'+' if bonus > 0 else '-'} {abs(bonus)} ({'bonus' if bonus > 0 else 'malus'} {slabel(card.suit)}{even})"
        )
        total += bonus
    return f"Force totale {of} : {' '.join(parts)} = {total}", total


def resolve(
    card_a: Card,
    card_b: Card,
    forces_a: Sequence[int],
    forces_b: Sequence[int],
    bonus_a: Sequence[int],
    bonus_b: Sequence[int],
    dom: Sequence[int],
    name_a: str = "A",
    name_b: str = "B",
    of_a: str = "",
    of_b: str = "",
) -> Duel:
    """One opposition of one round, with its arithmetic in French (``of_a``: « d’Eli », « de l’environnement »)."""
    sa, sb = card_a.suit, card_b.suit
    dominated_a, dominated_b = dom[sb] == sa, dom[sa] == sb
    lines = []
    for card, dominated, other in ((card_a, dominated_a, card_b), (card_b, dominated_b, card_a)):
        if dominated:
            word = "dominées" if SUITS[card.suit] in _FEMININE else "dominés"
            lines.append(f"{slabel(card.suit)} {word} par {slabel(other.suit)} : seule la carte compte")
    line_a, ta = _force_line(of_a or de(name_a), card_a, forces_a[sa], dominated_a, bonus_a[sa])
    line_b, tb = _force_line(of_b or de(name_b), card_b, forces_b[sb], dominated_b, bonus_b[sb])
    lines += [line_a, line_b]
    w = winner(ta, tb, sa, sb, dom)
    if ta != tb:
        lines.append(f"{ta} contre {tb} : {name_a if w == 'a' else name_b} remporte le tour")
    elif w:
        hi, lo = (card_a, card_b) if w == "a" else (card_b, card_a)
        lines.append(
            f"Égalité {ta} à {tb} : {slabel(hi.suit)} domine {slabel(lo.suit)}, "
            f"{name_a if w == 'a' else name_b} remporte le tour"
        )
    else:
        lines.append(f"Égalité stricte {ta} à {tb}, sans domination d’enseigne : statu quo")
    return Duel(ta, tb, w, dominated_a, dominated_b, tuple(lines))


# ----------------------------------------------------------------------
# Draws, forced or live, refused in French
# ----------------------------------------------------------------------


def describe_cards(cards: Sequence[Card]) -> str:
    """What a draw may give, in French: « une carte de Dagues sauf le 7 de Dagues »."""
    suits = sorted({c.suit for c in cards})
    missing = [Card(v, s) for s in suits for v in range(1, 11) if Card(v, s) not in cards]
    if len(suits) == 4:
        text = "une lame numérale (de 1 à 10, dans n’importe quelle enseigne)"
    else:
        text = "une carte " + join_or(of_suit(s) for s in suits)
    if missing:
        text += " sauf " + join_and(f"le {c.label}" for c in missing)
    return text + ", écrite comme « " + cards[0].name + " »"


_ACCENTED = {"batons": "bâtons", "ecus": "écus"}


def _spellings(name: str) -> list[str]:
    """A card's name and its accented spelling (« 7-écus »), as ``--dice`` may give it."""
    value, _, suit = name.partition("-")
    return [name] + ([f"{value}-{_ACCENTED[suit]}"] if suit in _ACCENTED else [])


def draw(dice: Dice, allowed: Sequence[str], who: str, may: str, plan: str) -> str:
    """One card (or major arcana) among ``allowed`` names.

    Forced cards may be written with accents or capitals (``7-Écus``); the
    record (``tirage``) keeps the plain name. A missing or impossible forced
    card is refused in French, naming this draw (``who``: « la carte de B »),
    what it may give (``may``: « une carte de Dagues sauf le 7 de Dagues… »)
    and what the whole roll draws (``plan``: « ce jet tire 2 cartes… »).
    """
    if not dice.forced:
        return dice.pick(list(allowed))
    spelled = {fold(s): name for name in allowed for s in _spellings(name)}
    accepted = [s for name in allowed for s in _spellings(name)]
    was_short = dice.short
    try:
        value = dice.pick(accepted, label=who, names=allowed)
    except RulesError:
        raise RulesError("des", f"Cartes imposées : {plan} ; {_refused(who, dice, allowed)} : il faut {may}.") from None
    dice.asked[-1]["cartes"] = _cards_shown(allowed)
    if dice.short and not was_short:  # the forced cards ran out at this draw
        raise RulesError("des", f"Cartes imposées : {plan} ; {who} manque (reçu {dice.given}).")
    canonical = spelled[fold(value)]
    if value != canonical:
        dice.drawn[-1] = canonical  # the record replays with plain names
    return canonical


def _refused(who: str, dice: Dice, allowed: Sequence[str]) -> str:
    """Why the forced card of this draw is refused: a card of its pile already out of the deck, or not permitted."""
    given = CARD_BY_NAME.get(str(dice.last_given()))
    suits = {CARD_BY_NAME[name].suit for name in allowed if name in CARD_BY_NAME}
    if given is not None and given.suit in suits:
        return f"{who} ne peut pas être le {given.label}, déjà sorti du paquet (en main ou posé)"
    return f"{who} manque ou n’est pas permise"


def _cards_shown(allowed: Sequence[str]) -> list[dict[str, Any]]:
    """What a reader picks this draw among (« Entrer mes cartes »): the whole of each suit it may give, or the
    22 major arcana, each with its name and whether it is still in the deck for this draw."""
    permitted = set(allowed)
    if all(name in ARCANA_DECK for name in allowed):
        return [{"valeur": n, "libelle": arcana_label(int(n)), "permise": n in permitted} for n in ARCANA_DECK]
    suits = {CARD_BY_NAME[name].suit for name in allowed}
    return [
        {"valeur": c.name, "libelle": c.label, "enseigne": SUITS[c.suit], "permise": c.name in permitted}
        for c in DECK
        if c.suit in suits
    ]


def finish(dice: Dice, plan: str) -> None:
    """Refuse forced cards the roll did not use, saying how many it draws."""
    try:
        dice.finish()
    except RulesError:
        raise RulesError("des", f"Cartes imposées : {plan}, pas davantage ; retirez les cartes en trop.") from None
