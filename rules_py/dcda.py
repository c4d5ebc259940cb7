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

The rules live in helper modules, one job each, shipped with this one:

- ``dcda_words``: French elisions, plurals and lists;
- ``dcda_cards``: cards, one deck, domination, one opposition, exact odds, draws;
- ``dcda_table``: the four outcomes and the reader's « Table de confrontation »;
- ``dcda_fields``: the shared parameters and the meneuse's powers;
- ``dcda_tour``: the ``dcda.tour`` roller's roll and odds;
- ``dcda_setup``: the ``dcda.confrontation`` parameters and participants;
- ``dcda_state``: its state, checked when it comes back, and read;
- ``dcda_confrontation``: its roll, actions and odds.
"""

from __future__ import annotations

from . import dcda_confrontation as _conf
from . import dcda_setup as _setup
from . import dcda_tour as _tour
from .dcda_cards import ARCANA, DEFAULT_DOMINATION, SUIT_LABELS, SUITS, duel_odds, parse_domination, resolve
from .dcda_setup import NOCTURNE
from .dcda_table import ISSUES, parse_table
from .roller import Action, Roller

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

TOUR = Roller(
    id="dcda.tour",
    title="De Cœur & D'Acier : résoudre un tour",
    chapter="004",
    summary="Deux cartes, deux fiches : force totale, domination des enseignes, gagnante du tour et force de la perdante.",
    params=_tour.PARAMS,
    roll=_tour.roll,
    odds=_tour.odds,
    check=_tour.check,
)

CONFRONTATION = Roller(
    id="dcda.confrontation",
    title="De Cœur & D'Acier : une confrontation complète",
    chapter="004",
    summary="Jusqu'à quatre tours joués dans la page : mains, repioche, renoncement, niveaux de relation, exaltation et Tempérance.",
    params=_setup.PARAMS,
    roll=_conf.roll,
    odds=_conf.odds,
    check=_conf.check,
    actions=(
        Action("exaltation", "Piocher la lame majeure d'exaltation", (), _conf.act_exaltation),
        Action("jouer", "Jouer un tour", _conf.PLAY_PARAMS, _conf.act_jouer),
        Action("repiocher", "Repiocher la carte de prédilection", (_conf.PARTICIPANT,), _conf.act_repiocher),
        Action("renoncer", "Renoncer avant le tour", (_conf.PARTICIPANT,), _conf.act_renoncer),
        Action("terminer", "Tout le monde accepte l'issue", (), _conf.act_terminer),
    ),
)

ROLLERS = (TOUR, CONFRONTATION)
