"""De Cœur & D’Acier's « Probabilités » tables (docs/probabilites/dcda.md): which odds are worth printing.

Build-time only (``rules_py/tables.py``): the site's build draws them, the browser never imports this.
"""

from __future__ import annotations

from typing import Any

from ..tables import Grid, Tables, cell, labels, sign

__all__ = ["TABLES"]

DOMINATION = "batons>dagues>ecus>coupes"  # the circle read from the text (RULES.md)


def _params(difference: int, suit_b: str) -> dict[str, Any]:
    # A plays Bâtons, B plays suit_b; the other suits' forces do not matter (3)
    force_a, force_b = 3 + max(difference, 0), 3 + max(-difference, 0)
    forces_b = {"ecus": [3, force_b, 3, 3], "dagues": [3, 3, 3, force_b], "coupes": [3, 3, force_b, 3]}[suit_b]
    return {
        "forces_a": [force_a, 3, 3, 3],
        "forces_b": forces_b,
        "enseigne_a": "batons",
        "enseigne_b": suit_b,
        "carte_a": "",
        "carte_b": "",
        "tour": 1,
        "bonus": [0, 0, 0, 0],
        "domination": DOMINATION,
    }


def rounds() -> list[Grid]:
    cases = [
        ("ecus", "Aucune domination (Bâtons contre Écus)"),
        ("dagues", "A domine (Bâtons contre Dagues)"),
        ("coupes", "B domine (Bâtons contre Coupes)"),
    ]
    rows = tuple(
        (sign(d), tuple(cell("dcda.tour", _params(d, suit), "reussite") for suit, _ in cases)) for d in range(-6, 7)
    )
    names = labels("dcda.tour", _params(0, "ecus"))
    detail = tuple((sign(d), tuple(cell("dcda.tour", _params(d, "ecus"), n) for n in names)) for d in range(-6, 7))
    return [
        Grid(
            id="dcda-tour",
            roller="dcda.tour",
            caption="Chance que A remporte le tour, selon l’écart des forces et la domination",
            how=(
                "Lisez la ligne de l’écart entre la force de A dans l’enseigne qu’elle joue et celle de B dans la sienne "
                "(cartes tirées au hasard dans leur pile) : chaque colonne est un cas du cercle de domination ; "
                "une enseigne dominée joue sa carte seule, sans sa force, et l’égalité va à l’enseigne dominante."
            ),
            corner="Écart des forces (A − B)",
            columns=tuple(name for _, name in cases),
            rows=rows,
            x_label="Écart des forces (A − B)",
            chart_title="Chance que A remporte le tour",
        ),
        Grid(
            id="dcda-tour-issues",
            roller="dcda.tour",
            caption="Sans domination : chaque issue du tour selon l’écart des forces",
            how="Lisez la ligne de l’écart des forces (A joue Bâtons, B Écus) : chaque case donne la chance de chaque issue du tour.",
            corner="Écart des forces (A − B)",
            columns=tuple(names),
            rows=detail,
            chart="bars",
        ),
    ]


TABLES: Tables = {"dcda-tour": rounds}
