"""Simon Système: the French words the results compose (chapter 003).

Elisions and plurals, signed modifiers, the aide's marks, the steps that
decide an opposition and the names of its two participants.
"""

from __future__ import annotations

__all__ = ["AIDE_WORDS", "STEPS", "WON_BY", "WHO", "NAMES", "de", "levels", "signed"]


def de(word: str) -> str:
    """« de Débutant », « d'Incompétent », « d'Expert »."""
    return f"d'{word}" if word[:1].lower() in "aeiouyéèêâîôh" else f"de {word}"


def levels(n: int) -> str:
    return f"{n} niveau{'x' if n > 1 else ''}"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


AIDE_WORDS = {2: "raté critique", -2: "réussite critique", -1: "réussite", 1: "raté de plus de 5", 0: "raté"}


STEPS = {
    "seul": "un seul participant réussit son jet",
    "des": "nombre de dés en réussite (un 20 compte deux, un 1 compte moins un)",
    "niveau": "niveau global de réussite (somme de dé - seuil sur les dés en réussite)",
    "meneur": "égalité parfaite : le maître de jeu décide",
    "aucun": "aucun participant ne réussit : l'action de l'acteur échoue",
}


WON_BY = {"seul": ": seul à réussir son jet", "des": "aux dés en réussite", "niveau": "au niveau global de réussite"}


WHO = {"a": " (acteur, a)", "b": " (celui qui réagit, b)"}
NAMES = {"a": "l'acteur (a)", "b": "celui qui réagit (b)"}
