"""Simon Système (chapter 003): 5d20 against a seuil, counting successes.

A die succeeds when it is >= the seuil; a 20 (critical success) always
succeeds and a 1 (critical failure) always fails, whatever the seuil. The
seuil comes from the character's level of qualification (from its
expertise), shifted by the number of levels between it and the level the
test requires, plus a modifier.

Odds are exact: a die falls in one of four categories (critical failure,
plain failure, success with a margin, critical success), so a roll is a
multinomial over category counts, and the margins of the successful dice
are convolutions of a uniform range (never an enumeration of 20^n rolls).

One module per job:

- ``jet``: ``simon.jet`` (a test against the world, dice added after it);
- ``aide``: ``simon.aide`` (helping a companion);
- ``opposition``: ``simon.opposition`` (two tests against each other);
- ``seuil``: the scale of qualification, the seuil, a d20 against it;
- ``heroism``: heroism and porte-poisse points, dice added before and after;
- ``odds``: the exact odds machinery (die categories, one side's law);
- ``fields``: the parameters the rollers share;
- ``words``: the French words the results compose.
"""

from __future__ import annotations

from .aide import AIDE
from .jet import JET
from .opposition import OPPOSITION
from .seuil import LEVELS, Level, Threshold, level_of, threshold

ROLLERS = (JET, AIDE, OPPOSITION)

__all__ = ["ROLLERS", "JET", "AIDE", "OPPOSITION", "Level", "LEVELS", "level_of", "Threshold", "threshold"]
