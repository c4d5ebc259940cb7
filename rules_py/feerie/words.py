"""Système Féerie: the book's words (chapter 001).

The notes quoted from the book, the scales of difficulty, of NPCs and of
minions, the element's relevance (« pertinence ») and the scenario's
interest with their values, and the plural the results compose.
"""

from __future__ import annotations

from ..params import Choice

__all__ = [
    "ASSISTANT_LABELS",
    "MAY_ADD",
    "SIDE_EFFECT_NOTE",
    "MISS_NOTE",
    "TYPO_NOTE",
    "PERTINENCE_CHOICES",
    "PERTINENCE",
    "INTERET",
    "DIFFICULTY_SCALE",
    "NPC_SCALE",
    "MINION_SCALE",
    "plural",
]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n > 1 else ''}"


ASSISTANT_LABELS = {
    "assistants": "Dés ordinaires des assistants",
    "assistants_a": "Dés ordinaires des assistants du camp A",
    "assistants_b": "Dés ordinaires des assistants du camp B",
}


MAY_ADD = "le meneur peut ajouter un effet secondaire"


#: 001, « Conséquences de l'action » (verbatim).
SIDE_EFFECT_NOTE = (
    "Le meneur « peut aussi choisir d'ajouter des effets secondaires si l'action échoue avec une égalité "
    "ou si le personnage l'emporte avec plusieurs efforts excédentaires » (001, « Conséquences de l'action »)."
)
#: 001, « Définir l'action » (verbatim).
MISS_NOTE = (
    "Le meneur « peut faire intervenir des effets supplémentaires qui pourraient survenirs si l'action réussi "
    "de beaucoup, échoue de justesse ou rate complètement » (001, « Définir l'action ») : ici, aucun effort."
)


TYPO_NOTE = (
    "Le texte écrit « les initiateurs ne lanceront que la moitié des dés » : il faut lire "
    "« les assistants » (coquille du texte)."
)


PERTINENCE_CHOICES = (
    Choice("inapproprie", "Inapproprié (Non)", None),
    Choice("connexe", "Connexe (Pas de bonus)", 0),
    Choice("typique", "Typique (+1 dé)", 1),
    Choice("specifique", "Spécifique (+2 dés)", 2),
)
PERTINENCE = {"inapproprie": 0, "connexe": 0, "typique": 1, "specifique": 2}
INTERET = {"reussite": -1, "neutre": 0, "echec": 1}

DIFFICULTY_SCALE = (
    ("0", "0 : tout le monde peut tenter sa chance"),
    ("1", "1 : il vaut mieux s’y connaître un peu"),
    ("2", "2 : difficile même pour un professionnel"),
    ("3", "3 : même un spécialiste peut s’y casser les dents"),
    ("4", "4 : même un maître serait facilement mis en déroute"),
    ("5", "5 : personne ne devrait essayer ça seul"),
    ("6", "6 : deux ou trois spécialistes ne seraient pas de trop"),
    ("7", "7 : un travail pour une équipe de trois ou quatre spécialistes"),
)

NPC_SCALE = (
    ("1", "PNJ 1 : ce n'est pas du tout le domaine du personnage"),
    ("2", "PNJ 2 : il possède des compétences connexes"),
    ("3", "PNJ 3 : c'est un professionnel ou quelqu'un de plutôt doué dans ce domaine"),
    ("4", "PNJ 4 : c'est un expert spécialisé dans ce domaine"),
    ("5", "PNJ 5 : c'est un maître incontesté dans ce domaine spécifique"),
)
MINION_SCALE = (
    ("1", "Sbires 1 : un sbire au rabais"),
    ("2", "Sbires 2 : quelques sbires au rabais ou un sbire médiocre"),
    ("3", "Sbires 3 : un groupe conséquent de sbires au rabais, quelques sbires médiocres ou un sbire de qualité"),
    (
        "4",
        "Sbires 4 : une armée de sbires au rabais, un groupe conséquent de sbires médiocres, quelques sbires de qualité",
    ),
    ("5", "Sbires 5 : une armée de sbires médiocres, un groupe conséquent de sbires de qualité"),
    ("6", "Sbires 6 : une armée de sbires de qualité"),
)
