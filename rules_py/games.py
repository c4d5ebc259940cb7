"""The games of the book: one line each, in the order of the book (CONTRIBUTING, « Adding a game »).

A game is the package ``rules_py/<id>/`` (its rollers in ``ROLLERS``, its sheet in ``sheet.py``,
its « Probabilités » tables in ``tables.py``); its id begins its rollers' ids (``feerie.action``) and
is the « jeu » of its sheets. The rest derives from this list (``rolling.SYSTEMS``, the sheets' « Jeu »,
the site's pages of each game) or is checked against it when the site is built (mkdocs.yml's
navigation, ``hooks/page/sections.yml``), with a message naming the file to edit.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["GAMES", "IDS", "TITLES", "Game"]


class Game(NamedTuple):
    id: str  # the package rules_py.<id>, the first part of its rollers' ids, its sheets' « jeu »
    title: str  # the book's name of the game, in French: the site's navigation and the sheets say it


GAMES: tuple[Game, ...] = (
    Game("solaires", "Solaires"),
    Game("feerie", "Système Féerie"),
    Game("simon", "Simon Système"),
    Game("dcda", "De Cœur & D’Acier"),
)
IDS: tuple[str, ...] = tuple(g.id for g in GAMES)
TITLES: dict[str, str] = {g.id: g.title for g in GAMES}
