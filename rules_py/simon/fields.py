"""Simon Système: the parameters the rollers share (chapter 003): the character's side of a test."""

from __future__ import annotations

from ..params import Choice, Param
from .seuil import CARACTERISTIQUES, LEVELS, level_of

__all__ = ["REUSSITES_HELP", "HEROISME_HELP", "character_params"]


_LEVEL_CHOICES = tuple(Choice(lv.value, f"{lv.label} (seuil {lv.seuil})", lv.seuil) for lv in LEVELS)
_CARAC_CHOICES = tuple(
    Choice(value, f"{label} (expertise {exp}, {LEVELS[level_of(exp)].label})", exp)
    for value, (label, exp) in CARACTERISTIQUES.items()
)


def character_params(suffix: str = "", who: str = "", group_name: str = "") -> tuple[Param, ...]:
    return (
        Param(
            "expertise" + suffix,
            f"Valeur d'expertise{who}",
            "int",
            minimum=0,
            maximum=40,
            group=group_name,
            help="Valeur de la compétence plus les modificateurs de caractéristique et de circonstance "
            "(0 Incompétent, 1 Amateur, 2 Débutant, 3-4 Connaisseur, 5-8 Professionnel, 9-13 Expert, "
            "14-16 Maître, 17 et plus Grand Maître).",
        ),
        Param(
            "caracteristique" + suffix,
            f"Ou test de caractéristique{who}",
            "choice",
            choices=_CARAC_CHOICES,
            group=group_name,
            help="Pour un test en rapport avec une seule caractéristique, à la place de l'expertise.",
        ),
        Param(
            "niveau" + suffix,
            f"Niveau requis par le test{who}",
            "choice",
            choices=_LEVEL_CHOICES,
            group=group_name,
            help="Sans niveau requis, le seuil est celui du niveau du personnage (test de caractéristique).",
        ),
        Param(
            "modificateur" + suffix,
            f"Modificateur de difficulté{who}",
            "int",
            default=0,
            minimum=-20,
            maximum=20,
            group=group_name,
            help="S'ajoute au seuil, par exemple 3(Débutant+2).",
        ),
    )


REUSSITES_HELP = "Nombre de dés en réussite demandés (contre le monde, au moins deux)."
HEROISME_HELP = "Dés ajoutés avant le jet, 1 point chacun ; au plus 3 dés ajoutés en tout, avant et après."
