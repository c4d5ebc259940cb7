"""Système Féerie: the parameters the rollers share (chapter 001)."""

from __future__ import annotations

from ..params import Choice, Param
from .words import DIFFICULTY_SCALE, PERTINENCE_CHOICES

__all__ = [
    "ELEMENT",
    "PERTINENCE_PARAM",
    "DIFFICULTE",
    "INTERET_PARAM",
    "ONE_HELPER",
    "ONE_DIE",
    "assistants_param",
]


ELEMENT = Param(
    "element",
    "Score de l'élément",
    "int",
    default=2,
    minimum=0,
    maximum=10,
    help="Le joueur lance autant de dés que le score de l'élément, plus l'éventuel bonus de pertinence.",
)
PERTINENCE_PARAM = Param(
    "pertinence",
    "Pertinence de l'élément",
    "choice",
    default="connexe",
    choices=PERTINENCE_CHOICES,
    help="Bonus de pertinence accordé par le meneur ; un élément inapproprié est refusé.",
)
DIFFICULTE = Param(
    "difficulte",
    "Difficulté",
    "int",
    default=2,
    minimum=0,
    maximum=10,
    help=(
        "Le meneur lance autant de dés que la difficulté. Échelle du livre (0 à 7) : "
        + " ; ".join(label for _, label in DIFFICULTY_SCALE)
        + "."
    ),
    preset_labels=DIFFICULTY_SCALE,
)
INTERET_PARAM = Param(
    "interet",
    "Intérêt scénaristique",
    "choice",
    default="neutre",
    choices=(
        Choice("reussite", "La réussite est plus intéressante (-1)", -1),
        Choice("neutre", "Neutre (0)", 0),
        Choice("echec", "L'échec est plus intéressant (+1)", 1),
    ),
    help="Modifie la difficulté de 1 ; elle ne descend jamais sous 0.",
)


def assistants_param(name: str, label: str, group_name: str = "") -> Param:
    return Param(
        name,
        label,
        "ints",
        default=(),
        minimum=0,
        maximum=10,
        min_items=0,
        max_items=6,
        group=group_name,
        help=(
            "Le nombre de dés que chaque assistant lancerait d'ordinaire, séparés par des virgules (« 3,2 ») ; "
            "un assistant lance la moitié de ses dés, arrondie au supérieur, au plus 2. "
            "(Le texte écrit « les initiateurs » : c'est une coquille pour « les assistants ».)"
        ),
    )


ONE_HELPER = Param(
    "un_seul_assistant",
    "Variante stricte : un seul assistant",
    "bool",
    default=False,
    help="Recommandée par le livre si votre jeu ne met pas l'accent sur l'entraide.",
)
ONE_DIE = Param(
    "un_de_par_assistant",
    "Variante stricte : un dé par assistant",
    "bool",
    default=False,
    help="Les assistants lancent au plus 1 dé (au lieu de 2).",
)
