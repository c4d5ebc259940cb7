"""What a result changes on its sheets, applied: the last of a request's three steps (``request.py`` reads it,
``rules_py/rolling.py`` plays it).

:func:`answer` gives the result its sheets: each sheet's changes (the game's ``Binding.effects``)
applied within the rules' bounds (``changes.py``), the sheet after them checked whole again, the
changes made, the names of the characters, the sheet follow-ups the result offers and the revision
each sheet is at after it. The sheet operations that change a sheet (``sheet_apply``,
``sheet_followup``) apply theirs with :func:`apply_checked` too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .changes import apply
from .document import read_reserve, read_sheet, revision
from .game import GameSheet, Outcome, Sheets
from .request import Request

__all__ = ["answer", "apply_checked"]


def apply_checked(
    sheet: dict[str, Any], key: str, intents: Sequence[Mapping[str, Any]], game: GameSheet, reserve: bool = False
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The sheet (or Réserve) after the changes, checked whole again, and the changes as they landed."""
    new, done = apply(sheet, intents, game.bounds, key)
    if done:
        new = read_reserve(new, key, game.game) if reserve else read_sheet(new, key, game.game)
    return new, done


def answer(result: dict[str, Any], req: Request, outcome: Outcome | None) -> dict[str, Any]:
    """The result with its sheets: their names, the sheets after the effects, the changes, the sheet follow-ups."""
    binding, sheets, game = req.binding, req.sheets, req.game
    intents = binding.effects(outcome) if binding.effects is not None and outcome is not None else []
    changes: list[dict[str, Any]] = []
    names = []
    out = dict(result)
    for side, key in sheets.keys:
        after = []
        for i, sheet in enumerate(sheets.side(side)):
            target = sheets.key(side, i)
            names.append({"cible": target, "fiche_id": sheet["id"], "nom": sheet["nom"], "type": sheet["type"]})
            new, done = apply_checked(sheet, target, [x for k, x in intents if k == target], game)
            changes += done
            after.append(new)
        if outcome is not None:
            out[key] = after if key.startswith("fiches_") else after[0]
    if sheets.reserve is not None and outcome is not None:
        new, done = apply_checked(sheets.reserve, "reserve", [x for k, x in intents if k == "reserve"], game, True)
        changes += done
        out["reserve"] = new
    out["personnage"] = sheets.a[0]["nom"] if sheets.a else None
    out["personnages"] = names
    if req.sources is not None:
        out["remplissage"] = req.sources
    if outcome is not None and binding.state_out is not None and isinstance(out.get("etat"), Mapping):
        out["etat"] = {**out["etat"], **binding.state_out(outcome, changes)}
    if outcome is not None:
        out["modifications"] = changes
        out["suites_fiche"] = binding.followups(outcome) if binding.followups is not None else []
        out["revisions"] = _revisions(out, sheets)
    return out


def _revisions(result: Mapping[str, Any], sheets: Sheets) -> dict[str, str]:
    """The revision each sheet is at after the result (by its place: ``fiche``, ``fiches_b[1]``, ``reserve``)."""
    out = {}
    for side, key in sheets.keys:
        after = result.get(key)
        for i, sheet in enumerate(after if isinstance(after, list) else [after]):
            if isinstance(sheet, Mapping):
                out[sheets.key(side, i)] = revision(sheet)
    if isinstance(result.get("reserve"), Mapping):
        out["reserve"] = revision(result["reserve"])
    return out
