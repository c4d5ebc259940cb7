"""The JSON door's vocabulary, as data both layers below it read: the operations, the sheets' operations,
and the keys of a request that carry sheets. Nothing here imports the sheets: a request without any
never loads them (the browser fetches the sheets' modules only for a page or a request that has sheets).
"""

from __future__ import annotations

__all__ = ["OPS", "SHEET_OPS", "SHEET_KEYS"]

#: The rollers' operations (``rules_py/rolling.py``).
OPS = ("list", "describe", "roll", "odds", "action", "draws")
#: Character sheets' operations (``rules_py/sheets/ops.py``).
SHEET_OPS = (
    "sheet_check",
    "sheet_read",
    "sheet_export",
    "sheet_examples",
    "sheet_new",
    "sheet_schema",
    "sheet_choices",
    "sheet_apply",
    "sheet_followup",
)
#: The keys of a roll, odds or action request that carry sheets (and Simon's Réserve du meneur).
SHEET_KEYS = ("fiche", "fiche_defense", "fiche_b", "fiches_a", "fiches_b", "reserve")
