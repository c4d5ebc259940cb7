"""French words the De Cœur & D'Acier rollers compose: elisions, plurals, lists.

Names are typed by the reader (« Eli », « Avalanche »), so « de » before them
is elided where French elides it (« la main d'Eli »), but not before a team
label such as « A » or « B2 » (« la force de A »).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["de", "cap", "count", "join_and", "join_or", "elided"]

_VOWELS = "AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸaeiouyàâäéèêëîïôöùûüÿ"
_LABEL = re.compile(r"[A-Z]\d*")


def elided(word: str) -> bool:
    """True when « de » / « le » before ``word`` is elided (« d'Eli », « l'Écus »…)."""
    word = word.strip()
    return bool(word) and word[0] in _VOWELS and not _LABEL.fullmatch(word)


def de(name: str) -> str:
    """« de Nocturne », « d'Eli », « d'Avalanche », but « de A »."""
    return f"d'{name}" if elided(name) else f"de {name}"


def count(n: int, singular: str, plural: str | None = None) -> str:
    """« 1 carte », « 2 cartes », « 0 carte » (never « carte(s) »)."""
    return f"{n} {singular if abs(n) <= 1 else plural or singular + 's'}"


def _join(items: Iterable[str], word: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def join_and(items: Iterable[str]) -> str:
    return _join(items, "et")


def join_or(items: Iterable[str]) -> str:
    return _join(items, "ou")


def cap(text: str) -> str:
    """A sentence starts with a capital (« l'environnement renonce » -> « L'environnement renonce »)."""
    return text[:1].upper() + text[1:]
