"""De Cœur & D'Acier, confrontations with tarot cards (chapter 004): the two rollers.

Cards (« lames ») : four suits (« enseignes »), ``batons``, ``ecus``,
``coupes``, ``dagues``, numeral cards 1..10 written ``7-dagues``; 22 major
arcana 0..21 (the fortunes). A round: each side plays one card; its total
force is the card plus the sheet's force in that suit, except when the card's
suit is dominated by the opponent's card's suit (then the card alone); the
meneuse's bonus or malus of the suit is added. The highest total wins; on
equal totals the dominating suit wins; otherwise statu quo.

The domination circle is INFERRED: the text only says « les bâtons dominent
les dagues et ainsi de suite ». Reading the seasons and times of day of the
suits (été > automne > hiver > printemps ; jour > crépuscule > nuit > aube)
gives batons > dagues > ecus > coupes > batons. The meneuse may choose
another cyclic order with the ``domination`` parameter.

One module per job:

- ``tour``: ``dcda.tour`` (one round between A and B: its parameters, roll and odds);
- ``confrontation``: ``dcda.confrontation`` (its parameters, the hands, the odds of round 1);
- ``actions``: its actions between rounds (play, redraw, renounce, end, exaltation);
- ``report``: the result of each of its steps;
- ``setup``: its participants and oppositions, from the parameters;
- ``state``: its state, checked when it comes back, and read; the piles the hands leave;
- ``cards``: cards, one deck, domination, one opposition, draws;
- ``odds``: the exact law of one round between two cards;
- ``table``: the four outcomes and the reader's « Table de confrontation »;
- ``fields``: the shared parameters and the meneuse's powers;
- ``words``: French elisions, plurals and lists.
"""

from __future__ import annotations

from .cards import ARCANA, DEFAULT_DOMINATION, SUIT_LABELS, SUITS, parse_domination, resolve
from .confrontation import CONFRONTATION
from .odds import duel_odds
from .setup import NOCTURNE
from .table import ISSUES, parse_table
from .tour import TOUR

ROLLERS = (TOUR, CONFRONTATION)

__all__ = [
    "ROLLERS",
    "TOUR",
    "CONFRONTATION",
    "SUITS",
    "SUIT_LABELS",
    "ARCANA",
    "ISSUES",
    "DEFAULT_DOMINATION",
    "NOCTURNE",
    "resolve",
    "parse_table",
    "parse_domination",
    "duel_odds",
]
