"""Solaires, 3d6 « dés conservés » (chapters 000 and 002).

Roll three d6 against a score: a die is kept when it is <= the score.

- ``solaires.action``: score à battre = difficulty + one or two elements;
  2 or 3 kept dice is a success, and the 4x4 table (kept dice x altération,
  called « attitude » in 002) gives the side effect. Follow-up ``relancer``:
  reroll one die for two character points (002).
- ``solaires.opposition`` (optional rule): the difficulty is 3 minus the
  other character's elements, then as ``solaires.action`` (what the result brings: the table's choice).
- ``solaires.environnement`` (optional rule): the GM's 3d6 against 2, 3 or 4.
- ``solaires.points``: the character-point tracker of 002, without dice.

One module per job:

- ``action``: ``solaires.action`` (the result, the reroll and the veto, which an opposition plays too);
- ``opposition``: ``solaires.opposition``;
- ``setup``: an action's or an opposition's difficulty, elements and score;
- ``environnement``: ``solaires.environnement``;
- ``points``: ``solaires.points``;
- ``odds``: the exact odds in closed form (kept dice, an action's outcomes);
- ``state``: a state sent back with a follow-up, checked again;
- ``words``: the book's words (the table of outcomes, scales, quotes, uses);
- ``sheet``: the character sheet, what each roller takes from it and what a result writes back;
- ``sheet_examples``: the book’s example characters, as ready-made sheets.
"""

from __future__ import annotations

from .action import ACTION
from .environnement import ENVIRONNEMENT
from .odds import kept_counts
from .opposition import OPPOSITION
from .points import POINTS
from .words import OUTCOMES, outcome

ROLLERS = (ACTION, OPPOSITION, ENVIRONNEMENT, POINTS)

__all__ = [
    "ROLLERS",
    "ACTION",
    "OPPOSITION",
    "ENVIRONNEMENT",
    "POINTS",
    "OUTCOMES",
    "kept_counts",
    "outcome",
]
