"""A request with sheets goes through the JSON door in one pass (issue 53): read, played, written.

``rules_py/sheets/ops.py`` plays a ``roll``, ``odds`` or ``action`` request that carries sheets in
three steps, in this order: ``request.read`` (every sheet read and checked once, the parameters
filled from the sheets and checked by the roller once), the roll played (``rolling.play``,
``rolling.odds_of`` or ``rolling.act``), then ``effects.answer`` (the changes applied; a sheet
changed is checked whole again, once). Traced here with ``sys.setprofile`` over real requests of
each game: the steps' order, and how many times each sheet is read and the parameters checked.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from helpers import example_sheet

from rules_py import call, rolling
from rules_py.roller import Roller
from rules_py.sheets import document, effects, request
from rules_py.sheets.ops import with_sheets

#: The functions whose calls are counted, by their code objects.
WATCHED = {
    request.read.__code__: "read",
    rolling.play.__code__: "play",
    rolling.odds_of.__code__: "play",
    rolling.act.__code__: "play",
    effects.answer.__code__: "answer",
    document.read_sheet.__code__: "read_sheet",
    document.read_reserve.__code__: "read_sheet",
    Roller.parse.__code__: "parse",
}


@contextmanager
def traced() -> Iterator[list[tuple[str, str]]]:
    """The calls of WATCHED functions, in order, each with the step it happened in (the last step entered)."""
    calls: list[tuple[str, str]] = []
    step = ["door"]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in WATCHED:
            name = WATCHED[frame.f_code]
            if name in ("read", "play", "answer"):
                step[0] = name
            calls.append((name, step[0]))

    sys.setprofile(profile)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def _requests() -> list[tuple[str, dict[str, Any], int]]:
    """(what, a request with sheets, how many sheets it carries)."""
    perseus = example_sheet("solaires", "Perseüs")
    simon = call({"op": "sheet_examples", "jeu": "simon"})["result"]
    hero = simon["fiches"][0]
    eli = call({"op": "sheet_examples", "jeu": "dcda"})["result"]["fiches"][0]
    other = call({"op": "sheet_new", "jeu": "dcda", "exemple": eli["id"], "seed": 1})["result"]["fiche"]
    mavrik = call({"op": "sheet_examples", "jeu": "feerie"})["result"]["fiches"][0]
    return [
        ("solaires roll", {"op": "roll", "roller": "solaires.action", "fiche": perseus, "seed": 3}, 1),
        ("solaires odds", {"op": "odds", "roller": "solaires.action", "fiche": perseus}, 1),
        (
            "simon roll",
            {
                "op": "roll",
                "roller": "simon.jet",
                "fiche": hero,
                "reserve": simon["reserve"],
                "params": {"caracteristique": "CON"},
                "seed": 2,
            },
            2,
        ),
        ("feerie roll", {"op": "roll", "roller": "feerie.action", "fiche": mavrik, "seed": 1}, 1),
        ("dcda roll", {"op": "roll", "roller": "dcda.tour", "fiche": eli, "fiche_b": other, "seed": 5}, 2),
    ]


@pytest.mark.parametrize("what,req,sheets", _requests(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_roll_with_sheets_is_read_then_played_then_written(what: str, req: dict[str, Any], sheets: int) -> None:
    with traced() as calls:
        result = with_sheets(req["op"], req)
    steps = [name for name, _ in calls if name in ("read", "play", "answer")]
    assert steps == ["read", "play", "answer"], (what, steps)
    # every sheet read and checked once, before the roll; after it, only a changed sheet, once
    read_before = [s for name, s in calls if name == "read_sheet" and s == "read"]
    read_after = [s for name, s in calls if name == "read_sheet" and s != "read"]
    assert len(read_before) == sheets, (what, calls)
    changed = {c["cible"] for c in result.get("modifications", [])}
    assert all(s == "answer" for s in read_after) and len(read_after) == len(changed), (what, calls)
    # the roller checks the filled parameters once, before the roll
    assert [s for name, s in calls if name == "parse"] == ["read"], (what, calls)


def test_a_follow_up_with_sheets_is_read_then_played_then_written() -> None:
    perseus = example_sheet("solaires", "Perseüs")
    first = call({"op": "roll", "roller": "solaires.action", "fiche": perseus, "dice": [6, 6, 1]})["result"]
    req = {
        "op": "action",
        "roller": "solaires.action",
        "action": "relancer",
        "state": first["etat"],
        "params": {"de": 1},
        "fiche": first["fiche"],
        "revisions": first["revisions"],
        "dice": [2],
    }
    with traced() as calls:
        result = with_sheets("action", req)
    assert [name for name, _ in calls if name in ("read", "play", "answer")] == ["read", "play", "answer"]
    assert [s for name, s in calls if name == "read_sheet"] == ["read", "answer"], calls  # read, then changed once
    assert result["modifications"] and result["fiche"]["points"] == first["fiche"]["points"] - 2
