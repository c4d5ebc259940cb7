"""Système Féerie, a dice pool of « efforts » (chapter 001).

Each side rolls d6; every 4, 5 or 6 is an effort. The player succeeds only
with strictly more efforts than the GM; an effort has probability exactly
1/2, so the odds are closed-form binomials.

One module per job:

- ``action``: ``feerie.action`` (the players against the meneur, which a collaboration plays too);
- ``collaboration``: ``feerie.collaboration`` (with assistants);
- ``opposition``: ``feerie.opposition`` (camp against camp);
- ``efforts``: efforts, and the dice each side rolls;
- ``odds``: the exact law of a margin of efforts;
- ``fields``: the parameters the rollers share;
- ``words``: the book's words (notes, scales, relevance, interest);
- ``sheet``: the character sheet (a description, evaluated elements) and what each roller takes from it.
"""

from __future__ import annotations

from .action import ACTION
from .collaboration import COLLABORATION
from .opposition import OPPOSITION

ROLLERS = (ACTION, COLLABORATION, OPPOSITION)

__all__ = ["ROLLERS", "ACTION", "COLLABORATION", "OPPOSITION"]
