"""Solaires: the book's words (chapters 000 and 002), and the marks of kept dice.

The 4x4 table of outcomes (kept dice x altération, « attitude » in 002), the
names of the alterations and of the two difficulty scales, the book's
sentences quoted in the notes, the game master's preference, the uses of
character points with their costs; and the French words a result composes
(kept dice, signed numbers, the handicap's side effect).
"""

from __future__ import annotations

from typing import Any

from ..results import die

__all__ = [
    "OUTCOMES",
    "ALTERATION_NAMES",
    "INTRINSEQUE",
    "INTERET",
    "SCALE_NAMES",
    "DEFAULT_INTRINSEQUE",
    "DEFAULT_INTERET",
    "QUOTE_RESOLUTION",
    "QUOTE_DIFFICULTE",
    "PREFERENCE",
    "SAME_NATURE",
    "USES",
    "USE_LABELS",
    "USE_COSTS",
    "CHEAPEST",
    "ALTERING_USES",
    "VETO_QUOTE",
    "VETO_NOTE",
    "HANDICAP_NOTE",
    "OPPOSITION_NOTE",
    "OPPOSITION_CHOICE",
    "outcome",
    "with_handicap",
    "kept_marks",
    "dice_word",
    "signed",
    "cost_text",
]


# ======================================================================
# Words a result composes
# ======================================================================


def outcome(kept: int, alteration: str) -> str:
    """The book's words for ``kept`` dice under ``alteration`` (000 and 002 tables)."""
    return OUTCOMES[alteration][kept]


def kept_marks(dice: list[int] | tuple[int, ...], score: int, rerolled: int | None = None) -> list[dict[str, Any]]:
    out = []
    for i, v in enumerate(dice):
        mark = "conservé" if v <= score else "écarté"
        if i == rerolled:
            mark += " (relancé)"
        out.append(die(v, 6, v <= score, mark))
    return out


def dice_word(n: int) -> str:
    return f"{n} dé{'s' if n > 1 else ''} conservé{'s' if n > 1 else ''}"


def signed(n: int) -> str:
    """« +2 », « 0 », « −2 » (the minus sign)."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def with_handicap(label: str, handicap: bool) -> str:
    """The outcome with the handicap's added harmful side effect (002, « Handicaps »)."""
    if not handicap:
        return label
    if label.endswith("sans effet secondaire"):
        return f"{label} dû à l’attitude, mais un effet secondaire néfaste dû au handicap"
    return f"{label}, plus un effet secondaire néfaste dû au handicap"


HANDICAP_NOTE = (
    "Handicap (002) : l’élément défavorable apporte bien son score, mais il déclenche toujours "
    "un effet secondaire néfaste en plus de celui de l’attitude, que l’action réussisse ou non."
)

#: 002, « Jets en opposition » (verbatim): what a success or a failure brings is the table's choice.
OPPOSITION_CHOICE = (
    "Les joueurs et le meneur peuvent ensuite décider que si Thalos réussit, il blesse ou neutralise Lyra et "
    "qu’en revanche, s’il échoue, c’est Lyra qui blesse ou neutralise son opposant"
)
OPPOSITION_NOTE = (
    "Jet en opposition : seul l’agresseur lance les dés, contre trois moins les éléments engagés par l’autre "
    "personnage ; le résultat est la réussite ou l’échec de son action. Ce qu’ils entraînent, la table le "
    f"décide : « {OPPOSITION_CHOICE} » (002, « Jets en opposition »)."
)


# ======================================================================
# Data (the book's words)
# ======================================================================

#: 000 « Altération » / 002 « Résolution de l'action »: outcome by kept dice 0..3.
OUTCOMES: dict[str, tuple[str, str, str, str]] = {
    "stable": (
        "Échec sans effet secondaire",
        "Échec sans effet secondaire",
        "Réussite sans effet secondaire",
        "Réussite sans effet secondaire",
    ),
    "adoucie": (
        "Échec sans effet secondaire",
        "Échec avec contrepartie positive",
        "Réussite avec contrepartie négative",
        "Réussite sans effet secondaire",
    ),
    "amplifiee": (
        "Échec avec effet secondaire négatif",
        "Échec sans effet secondaire",
        "Réussite sans effet secondaire",
        "Réussite avec effet secondaire positif",
    ),
    "instable": (
        "Échec avec effet secondaire négatif",
        "Échec avec contrepartie positive",
        "Réussite avec contrepartie négative",
        "Réussite avec effet secondaire positif",
    ),
}

ALTERATION_NAMES = {
    "stable": "Stable",
    "adoucie": "Adoucie",
    "amplifiee": "Amplifiée",
    "instable": "Instable",
}

INTRINSEQUE = {"simple": 4, "ardue": 2, "complexe": 0, "dementielle": -2, "insensee": -4}
INTERET = {
    "devrait-reussir": 4,
    "reussite-interessante": 2,
    "neutre": 0,
    "echec-interessant": -2,
    "devrait-echouer": -4,
}
SCALE_NAMES = {
    "simple": "Simple",
    "ardue": "Ardue",
    "complexe": "Complexe",
    "dementielle": "Démentielle",
    "insensee": "Insensée",
    "devrait-reussir": "Devrait réussir",
    "reussite-interessante": "Réussite intéressante",
    "neutre": "Neutre",
    "echec-interessant": "Échec intéressant",
    "devrait-echouer": "Devrait échouer",
}
DEFAULT_INTRINSEQUE = "complexe"
DEFAULT_INTERET = "neutre"

#: 000, verbatim (the two sentences on automatic results).
QUOTE_RESOLUTION = (
    "Dans ces deux cas, il n’est pas nécessaire de lancer les dés et on applique l’altération "
    "comme si tous les dés ont été, respectivement, écartés ou conservés."
)
QUOTE_DIFFICULTE = (
    "elle échoue (ou réussit) automatiquement sans Effet secondaire. Ce sera aussi le cas si le "
    "score à battre par le joueur supérieur est à 5 ou inférieur à 1."
)

PREFERENCE = {"defaveur": 2, "neutre": 3, "faveur": 4}
#: 002, « Aléatoire dans l’environnement » (verbatim).
SAME_NATURE = "Le meneur peut aussi ajouter des effets supplémentaires si les trois dés sont de même nature"

#: 002 « Utilisations »: (value, the book's name, minimum cost).
USES = (
    ("description-consequences", "Description des conséquences d’une action", 1),
    ("modification-cosmetique", "Modification cosmétique", 1),
    ("relancer-de", "Relancer un dé", 2),
    ("lien-element", "Lien d’élément scénaristique", 2),
    ("creation-element", "Création d’élément scénaristique", 3),
    ("flashback", "Flashback", 2),
    ("evenement-inattendu", "Événement inattendu", 4),
    ("question-meneur", "Question au meneur", 2),
)
USE_LABELS = {value: label for value, label, _ in USES}
#: The uses whose cost 002 words as exact (« pour un point », « pour deux points »); the GM may still raise it.
_EXACT_COST = ("description-consequences", "modification-cosmetique", "relancer-de")


def cost_text(value: str, cost: int) -> str:
    return f"{cost} point{'s' if cost > 1 else ''}" + ("" if value in _EXACT_COST else " ou plus")


USE_COSTS = {value: cost for value, _, cost in USES}
CHEAPEST = min(USE_COSTS.values())
#: 002, « Coût et veto »: « seul le lien d’élément scénaristique, la création d’élément scénaristique et le
#: flashback permettent » d’altérer le personnage.
ALTERING_USES = ("lien-element", "creation-element", "flashback")

#: 002, « Conséquences de l’action » (verbatim), said of every use by RULES.md.
VETO_QUOTE = "« le joueur récupère son point si un veto est utilisé »"
VETO_NOTE = (
    "Chaque participant, meneur comme joueurs, a un droit de veto sur cette utilisation (002, « Coût et veto ») ; "
    f"{VETO_QUOTE} : « Veto » l’annule et rend ses points, une fois."
)
