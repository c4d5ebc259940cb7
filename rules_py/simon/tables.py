"""Simon Système's « Probabilités » tables (docs/probabilites/simon.md): which odds are worth printing.

Build-time only (``rules_py/tables.py``): the site's build draws them, the browser never imports this.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import RulesError
from ..tables import Cell, Grid, Tables, cell, odds

__all__ = ["TABLES", "modifier_side"]


def _params(seuil: int, required: int, heroism: int) -> dict[str, Any]:
    # expertise 2 (Débutant) against a Débutant test: seuil 13, moved by the modifier
    return {
        "expertise": 2,
        "caracteristique": "",
        "niveau": "debutant",
        "modificateur": seuil - 13,
        "reussites": required,
        "heroisme": heroism,
    }


def success() -> list[Grid]:
    grids = []
    for heroism in range(0, 4):
        rows = tuple(
            (str(s), tuple(cell("simon.jet", _params(s, r, heroism), "reussite") for r in range(1, 6)))
            for s in range(2, 21)
        )
        dice = 5 + heroism
        grids.append(
            Grid(
                id=f"simon-heroisme-{heroism}",
                roller="simon.jet",
                caption=(
                    f"{dice} dés ({heroism} dé{'s' if heroism > 1 else ''} d’héroïsme) : chance de réussir selon le seuil "
                    "et les réussites demandées"
                )
                if heroism
                else "5 dés, sans dé d’héroïsme : chance de réussir selon le seuil et les réussites demandées",
                how=(
                    "Lisez la ligne du seuil (par exemple 13 pour 3(13)) et la colonne du nombre de réussites demandées : "
                    f"la case donne la chance qu’au moins autant des {dice} d20 fassent le seuil ou plus (un 20 réussit toujours, un 1 échoue toujours)."
                ),
                corner="Seuil",
                columns=tuple(f"{r} réussite{'s' if r > 1 else ''}" for r in range(1, 6)),
                rows=rows,
                x_label="Seuil",
                chart_title=f"Réussite selon le seuil, {dice} dés",
                folded=heroism > 0,  # with heroism dice: one tap away, under the five dice
            )
        )
    return grids


def help_roll() -> list[Grid]:
    def params(s: int) -> dict[str, Any]:
        return {"expertise": 2, "caracteristique": "", "niveau": "debutant", "modificateur": s - 13}

    def chance(s: int, side: str) -> Cell:
        # the issues of simon.aide are the modifier's values ("-2", "0", "+1"): added up by sign
        key = cell("simon.aide", params(s), "esperance").params
        total = sum(
            (Fraction(p) for label, p in odds("simon.aide", key)["exact"].items() if modifier_side(label) == side),
            Fraction(0),
        )
        return Cell(total, f"somme{side}0", key)

    rows = tuple(
        (str(s), (cell("simon.aide", params(s), "esperance"), chance(s, "<"), chance(s, "="), chance(s, ">")))
        for s in range(2, 21)
    )
    return [
        Grid(
            id="simon-aide",
            roller="simon.aide",
            caption="Ce que vaut le jet d’une aide : changement moyen du seuil de l’acteur principal",
            how=(
                "Lisez la ligne du seuil de l’aide : la case donne le changement moyen du seuil de l’acteur principal "
                "(négatif : il devient plus facile), puis les chances qu’il baisse, ne change pas ou monte."
            ),
            corner="Seuil de l’aide",
            columns=("Changement moyen du seuil",),
            rows=tuple((h, (c[0],)) for h, c in rows),
            kind="signed",
            x_label="Seuil de l’aide",
            chart_title="Changement moyen du seuil selon le seuil de l’aide",
        ),
        Grid(
            id="simon-aide-chances",
            roller="simon.aide",
            caption="Chance que l’aide baisse, laisse ou monte le seuil de l’acteur principal",
            how="Lisez la ligne du seuil de l’aide : les trois cases font 100 % ensemble.",
            corner="Seuil de l’aide",
            columns=("Seuil baissé", "Seuil inchangé", "Seuil monté"),
            rows=tuple((h, c[1:]) for h, c in rows),
            x_label="Seuil de l’aide",
            chart_title="Chance que l’aide baisse, laisse ou monte le seuil",
        ),
    ]


def modifier_side(label: str) -> str:
    """ "<", "=" or ">": the sign of a simon.aide issue ("-2", "0", "+1")."""
    try:
        n = int(label.replace("\u2212", "-"))
    except ValueError:
        raise RulesError(
            "probabilites", f"probabilites : simon.aide donne une issue non chiffrée « {label} »."
        ) from None
    return "<" if n < 0 else ">" if n > 0 else "="


TABLES: Tables = {"simon-reussite": success, "simon-aide": help_roll}
