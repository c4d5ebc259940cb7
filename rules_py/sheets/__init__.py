"""Character sheets (« Mes personnages »): the machinery every game's sheet shares.

A sheet is one JSON object: the common fields (``format``, ``jeu``, ``id``,
``nom``, ``type``, ``joueuse``, ``notes``, ``modifie``) and its game's own,
described and checked in the game's ``sheet.py`` (``rules_py/solaires/sheet.py``…),
which also says what each roller takes from a sheet and what each result
writes back. Here, one module per job:

- ``fields``: a field described as data (the page's form is generated from it) and read from JSON;
- ``document``: a whole sheet: common fields, size, format, its game's fields and checks;
- ``formats``: the format version and the upgrade of an older one, step by step;
- ``names``: naming a sheet's things in a roller's parameters (« elements=Pilote »);
- ``changes``: what a result changes, applied, re-applied to a newer copy, undone;
- ``game``: what a game's sheet module declares (its fields, its rollers' bindings);
- ``request``: a roll, odds or follow-up with sheets, read and checked whole before it is played;
- ``effects``: what its result changes, applied to the sheets after it is played;
- ``ops``: the JSON door's sheet operations, and a request with sheets in those three steps.

The contract of the JSON door (requests and answers) is in ``rules_py/api.py``.
"""

from __future__ import annotations

from .document import COMMON, GAMES, SHEET_MAX_BYTES, load_game, read_reserve, read_sheet
from .formats import FORMAT, UPGRADES, upgrade

__all__ = [
    "COMMON",
    "FORMAT",
    "GAMES",
    "SHEET_MAX_BYTES",
    "UPGRADES",
    "load_game",
    "read_reserve",
    "read_sheet",
    "upgrade",
]
