"""JSON text as rules_py reads it, wherever it comes from: the JSON door, a file of sheets, the command line.

:func:`loads` is the one reader: a text too long, nested too deep, or not JSON at all is one French
sentence (never a ``MemoryError``, a ``RecursionError`` nor Python's English), and an object that
names a key twice keeps every value (:class:`~rules_py.params.RepeatedKeys`) so that whoever reads
it refuses it, naming the key (a parameter by its label at the door, a field by its path in a
file): ``json.loads`` alone keeps the last value in silence. :func:`refuse_repeated` is that
refusal for a whole document (a file: every object at any depth).

The page reads its files with the same limits (``sheets/page/backup.js``, from
``rules_py.sheets.backup.describe``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .errors import RulesError
from .params import RepeatedKeys, shown, twice_sentence

__all__ = ["MAX_TEXT", "MAX_DEPTH", "depth_of", "loads", "refuse_repeated"]

#: At most so many characters of JSON text (a backup of every sheet a device keeps is far below).
MAX_TEXT = 40 * 1024 * 1024
#: At most so many levels of objects and lists inside each other (a backup of sheets needs six).
MAX_DEPTH = 64

# a JSON string (its escapes included), then the brackets outside strings (the page counts alike)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)', re.S)  # an unfinished string runs to the end
_BRACKETS = re.compile(r"[\[\]{}]")


def depth_of(text: str) -> int:
    """How deep the objects and lists of a JSON text go (0 for a plain value); brackets in strings do not count."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _keep_repeated(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object that names a key twice keeps every value, to be refused by whoever reads it."""
    return RepeatedKeys(pairs) if len({key for key, _ in pairs}) < len(pairs) else dict(pairs)


def loads(text: str, label: str, field: str, expected: str = "du JSON est attendu") -> Any:
    """The value of JSON ``text``, or a RulesError on ``field``: « {label} : … » in one French sentence.

    ``expected`` says what an unreadable text should have been (« un fichier JSON de fiches est attendu »)."""
    if len(text) > MAX_TEXT:
        raise RulesError(field, f"{label} : au plus {MAX_TEXT // (1024 * 1024)} Mo de JSON, reçu davantage.")
    depth = depth_of(text)
    if depth > MAX_DEPTH:
        raise RulesError(
            field,
            f"{label} : des objets et des listes imbriqués sur au plus {MAX_DEPTH} niveaux sont attendus, "
            f"reçu {depth} niveaux.",
        )
    try:
        return json.loads(text, object_pairs_hook=_keep_repeated)
    except (ValueError, RecursionError):
        raise RulesError(field, f"{label} : illisible, {expected}.") from None


def refuse_repeated(value: Any, label: str, path: str = "") -> None:
    """Refuse the first object of ``value`` (at any depth) that names a key twice, naming the key and where:
    « {label} ({path}), champ « nom » : donné deux fois (« a » puis « b ») ; donnez-le une seule fois. »"""
    if isinstance(value, RepeatedKeys) and value.repeated:
        name, values = next(iter(value.repeated.items()))
        where = f"{label} ({path}), champ {shown(name)}" if path else f"{label}, champ {shown(name)}"
        raise RulesError(f"{path}.{name}"[:80] if path else name[:80], twice_sentence(name, values, where))
    if isinstance(value, Mapping):
        for key, item in value.items():
            refuse_repeated(item, label, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            refuse_repeated(item, label, f"{path}[{i}]")
