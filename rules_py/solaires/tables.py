"""Solaires' « Probabilités » tables (docs/probabilites/solaires.md): which odds are worth printing.

Build-time only (``rules_py/tables.py``): the site's build draws them, the browser never imports this.
"""

from __future__ import annotations

from typing import Any

from ..tables import Grid, Tables, cell, choices, labels, sign

__all__ = ["TABLES"]


def _params(score: int, elements: tuple[int, ...] = (3,), alteration: str = "stable") -> dict[str, Any]:
    return {
        "difficulte": score - sum(elements),
        "intrinseque": "complexe",
        "interet": "neutre",
        "elements": list(elements),
        "typique": len(elements) > 1,
        "alteration": alteration,
        "handicap": False,
    }


def alteration() -> list[Grid]:
    grids: list[Grid] = []
    for choice in choices("solaires.action", "alteration"):
        alt = choice["valeur"]
        names = labels("solaires.action", _params(3, alteration=alt))
        rows = tuple(
            (
                sign(score),
                tuple(cell("solaires.action", _params(score, alteration=alt), n) for n in names)
                + (cell("solaires.action", _params(score, alteration=alt), "reussite"),),
            )
            for score in range(-1, 8)
        )
        short = choice["libelle"].split("\u00a0:")[0]  # « Stable » of « Stable : aucun effet secondaire » (set)
        grids.append(
            Grid(
                id=f"solaires-{alt}",
                roller="solaires.action",
                caption=f"Altération (ou attitude) {short.lower()} : chaque issue selon le score à battre",
                how=(
                    f"Lisez la ligne de votre score à battre (difficulté plus éléments) : chaque case donne la chance "
                    f"de chaque issue avec l’altération {short.lower()}, la dernière colonne celle de réussir ; "
                    "un score de 0 ou moins, ou de 6 ou plus, se passe des dés."
                ),
                corner="Score à battre",
                columns=tuple(names) + ("Réussite (total)",),
                rows=rows,
                chart="bars",
                chart_columns=tuple(range(len(names))),
                chart_title=f"Issues selon le score à battre, altération {short.lower()}",
                folded=bool(grids),  # the first alteration shown, the others one tap away
            )
        )
    return grids


def second_element() -> list[Grid]:
    combos = [(3,), (3, 1), (3, 2), (3, 3)]
    heads = ["Un élément (3)", "3 et un second de 1", "3 et un second de 2", "3 et un second de 3"]
    rows = tuple(
        (sign(d), tuple(cell("solaires.action", _params(d + sum(e), elements=e), "reussite") for e in combos))
        for d in range(-6, 3)
    )
    return [
        Grid(
            id="solaires-second-element",
            roller="solaires.action",
            caption="Chance de réussir selon la difficulté, avec ou sans second élément",
            how=(
                "Lisez la ligne de la difficulté : la première colonne donne la chance de réussir avec un seul élément "
                "de score 3, les suivantes avec un second élément (action typique du premier), qui ajoute son score au score à battre."
            ),
            corner="Difficulté",
            columns=tuple(heads),
            rows=rows,
            x_label="Difficulté",
            chart_title="Réussite selon la difficulté, avec ou sans second élément",
        )
    ]


def environment() -> list[Grid]:
    preferences = choices("solaires.environnement", "preference")
    names = labels("solaires.environnement", {"preference": preferences[0]["valeur"]})
    rows = tuple(
        (c["libelle"], tuple(cell("solaires.environnement", {"preference": c["valeur"]}, n) for n in names))
        for c in preferences
    )
    return [
        Grid(
            id="solaires-environnement",
            roller="solaires.environnement",
            caption="Aléatoire dans l’environnement : chaque issue selon la préférence du meneur",
            how="Lisez la ligne de la préférence du meneur : chaque case donne la chance de chaque issue du jet d’environnement.",
            corner="Préférence du meneur",
            columns=tuple(names),
            rows=rows,
            chart="bars",
        )
    ]


TABLES: Tables = {
    "solaires-alteration": alteration,
    "solaires-second-element": second_element,
    "solaires-environnement": environment,
}
