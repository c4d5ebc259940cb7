"""Simon Système: the French words the results compose (chapter 003).

Elisions and plurals, signed modifiers, the aide's marks, the steps that
decide an opposition and the names of its two participants.
"""

from __future__ import annotations

__all__ = [
    "AIDE_WORDS",
    "STEPS",
    "WON_BY",
    "WHO",
    "NAMES",
    "SPECIALISATION_WARNING",
    "SPECIALISATION_HELP",
    "MIN_SUCCESSES_NOTE",
    "de",
    "levels",
    "signed",
    "too_many_asked",
]


def de(word: str) -> str:
    """« de Débutant », « d’Incompétent », « d’Expert »."""
    return f"d’{word}" if word[:1].lower() in "aeiouyéèêâîôh" else f"de {word}"


def levels(n: int) -> str:
    return f"{n} niveau{'x' if n > 1 else ''}"


def signed(n: int) -> str:
    """« +2 », « 0 », « −2 » (the minus sign)."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


AIDE_WORDS = {2: "raté critique", -2: "réussite critique", -1: "réussite", 1: "raté de plus de 5", 0: "raté"}


STEPS = {
    "seul": "un seul participant réussit son jet",
    "des": "nombre de dés en réussite (un 20 compte deux, un 1 compte moins un)",
    "niveau": "niveau global de réussite (somme de dé - seuil sur les dés en réussite)",
    "meneur": "égalité parfaite : le maître de jeu décide",
    "aucun": "aucun participant ne réussit : l’action de l’acteur échoue",
}


WON_BY = {"seul": ": seul à réussir son jet", "des": "aux dés en réussite", "niveau": "au niveau global de réussite"}


WHO = {"a": " (acteur, a)", "b": " (celui qui réagit, b)"}
NAMES = {"a": "l’acteur (a)", "b": "celui qui réagit (b)"}


#: 003, « Valeur d’expertise et compétence spécialisée » (verbatim: « régle » is the chapter's).
_NOT_YET = (
    "Les Compétences spécialisées ne sont pas encore définies. Cette régle ne peut donc pour l’instant pas s’appliquer."
)
SPECIALISATION_WARNING = (
    f"Le chapitre prévient : « {_NOT_YET} » Ce lanceur applique la règle telle qu’il l’énonce, "
    "en option : « pour tout test de niveau Connaisseur ou supérieur, il subira un malus de -3 cumulatif »."
)
SPECIALISATION_HELP = (
    "Le personnage n’a pas la compétence spécialisée et utilise la compétence non spécialisée rattachée : "
    "-3 à l’expertise par niveau à partir de Connaisseur (Connaisseur -3, Professionnel -6, Expert -9, "
    f"Maître -12, Grand Maître -15). Option : le chapitre prévient « {_NOT_YET} »"
)

#: 003, « Comment définir les critères de réussite d’un jet de dés contre le monde » (verbatim).
MIN_SUCCESSES_NOTE = (
    "Lors d’un jet contre le monde, « on devrait toujours avoir un nombre de réussite au minimum égal à deux » "
    "(003, « Comment définir les critères de réussite d’un jet de dés contre le monde »)."
)


def too_many_asked(asked: int, dice: int) -> str:
    """« 6 réussites demandées avec 5 dés : impossible sans ajouter de dés »."""
    return f"{asked} réussites demandées avec {dice} dés : impossible sans ajouter de dés"
