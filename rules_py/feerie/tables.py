"""Système Féerie's « Probabilités » tables (docs/probabilites/feerie.md): which odds are worth printing.

Build-time only (``rules_py/tables.py``): the site's build draws them, the browser never imports this.
"""

from __future__ import annotations

from typing import Any

from ..tables import Grid, Tables, cell, labels

__all__ = ["TABLES"]


def _params(dice: int, difficulty: int) -> dict[str, Any]:
    return {"element": dice, "pertinence": "connexe", "difficulte": difficulty, "interet": "neutre"}


def success() -> list[Grid]:
    difficulties = range(0, 8)
    heads = tuple(f"Difficulté {d}" for d in difficulties)

    def grid(answer: str, ident: str, caption: str, how: str, folded: bool = False) -> Grid:
        rows = tuple(
            (str(n), tuple(cell("feerie.action", _params(n, d), answer) for d in difficulties)) for n in range(0, 11)
        )
        return Grid(
            id=ident,
            roller="feerie.action",
            caption=caption,
            how=how,
            corner="Dés du joueur",
            columns=heads,
            rows=rows,
            x_label="Dés du joueur",
            chart_columns=(1, 3, 5, 7),
            chart_title=f"{caption} (difficultés 1, 3, 5 et 7)",
            folded=folded,
        )

    grids = [
        grid(
            "reussite",
            "feerie-reussite",
            "Chance de réussir selon les dés du joueur et la difficulté",
            "Lisez la ligne du nombre de dés du joueur (élément plus bonus de pertinence) et la colonne de la "
            "difficulté (les dés du meneur) : la case donne la chance d’avoir strictement plus d’efforts que le meneur.",
        )
    ]
    for n, name in enumerate(labels("feerie.action", _params(2, 2))):
        grids.append(
            grid(
                name,
                f"feerie-issue-{n + 1}",
                f"Chance de l’issue « {name} » selon les dés du joueur et la difficulté",
                f"Même lecture que le tableau de la réussite, pour l’issue « {name} » seule.",
                folded=True,  # each outcome one tap away, under the success table
            )
        )
    return grids


def assistants() -> list[Grid]:
    teams: list[tuple[tuple[int, ...], str]] = [
        ((), "Seul"),
        ((1,), "1 assistant, 1 dé"),
        ((3,), "1 assistant, 2 dés"),
        ((1, 1), "2 assistants, 1 dé chacun"),
        ((3, 3), "2 assistants, 2 dés chacun"),
    ]

    def params(team: tuple[int, ...], d: int) -> dict[str, Any]:
        return {
            "element": 2,
            "pertinence": "connexe",
            "difficulte": d,
            "interet": "neutre",
            "assistants": list(team),
            "un_seul_assistant": False,
            "un_de_par_assistant": False,
        }

    rows = tuple(
        (str(d), tuple(cell("feerie.collaboration", params(t, d), "reussite") for t, _ in teams)) for d in range(0, 8)
    )
    return [
        Grid(
            id="feerie-assistants",
            roller="feerie.collaboration",
            caption="Chance de réussir avec un ou deux assistants (initiateur à 2 dés)",
            how=(
                "Lisez la ligne de la difficulté : la première colonne est l’initiateur seul avec 2 dés, les suivantes "
                "ajoutent les efforts d’un ou deux assistants (un assistant lance la moitié de ses dés, arrondie au-dessus, au plus 2)."
            ),
            corner="Difficulté",
            columns=tuple(name for _, name in teams),
            rows=rows,
            x_label="Difficulté",
            chart_title="Réussite selon la difficulté, seul ou avec des assistants",
        )
    ]


TABLES: Tables = {"feerie-reussite": success, "feerie-assistants": assistants}
