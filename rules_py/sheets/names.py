"""Naming a sheet's things in a roller's parameters: « elements=Pilote,Volontaire ».

A parameter that takes numbers from a sheet (an element's score, a
compétence's expertise, a relation's level) may be given names instead: each
is matched on the sheet without regard to case, accents or surrounding spaces
(:func:`~rules_py.sheets.fields.name_key`); a name that matches nothing gets
one French sentence listing the sheet's names of that kind. A number given
instead of a name is kept as given: an explicit number wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from ..params import shown
from .fields import name_key

__all__ = ["Named", "Kind", "split_names", "find", "as_number"]


@dataclass(frozen=True, slots=True)
class Named:
    """A thing of a sheet a roller may take by name: its name, the number it gives, how the page shows it."""

    name: str
    number: int
    label: str  # « Pilote (2) »
    group: str = ""  # « Carrières »
    value: str | None = None  # what the roller's parameter receives, when not the number (a level word)

    def choice(self) -> dict[str, Any]:
        """The entry a widget offers (« Pilote (2) »)."""
        out: dict[str, Any] = {"valeur": self.name, "libelle": self.label, "nombre": self.number}
        if self.group:
            out["groupe"] = self.group
        return out


@dataclass(frozen=True, slots=True)
class Kind:
    """How the sentences speak of one kind of named thing."""

    none: str  # « d'élément ni d'état »: « la fiche n'a pas d'élément ni d'état « X » »
    listed: str  # « ses éléments et états »
    empty: str  # « elle n'en a aucun »


def as_number(item: Any) -> int | None:
    """An explicit number among names (``3``, ``"-2"``), or None for a name."""
    if isinstance(item, bool):
        return None
    if isinstance(item, int):
        return item
    if isinstance(item, str):
        text = item.strip().replace("\u2212", "-")
        if text.lstrip("+-").isdigit() and len(text) < 10:
            return int(text)
    return None


def split_names(raw: Any) -> list[Any]:
    """The items of a parameter that may hold names: a JSON list, or text separated by commas."""
    if isinstance(raw, (list, tuple)):
        return list(raw)
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",")] if raw.strip() else []
    return [raw]


def find(items: Sequence[Named], wanted: str, field: str, label: str, whose: str, kind: Kind) -> Named:
    """The thing named ``wanted`` on the sheet, or one French sentence listing the sheet's names of that kind."""
    key = name_key(wanted)
    for item in items:
        if name_key(item.name) == key:
            return item
    names = ", ".join(item.name for item in items)
    listed = f"{kind.listed} sont {names}" if names else kind.empty
    raise RulesError(field, f"{label} ({field}) : {whose} n’a pas {kind.none} {shown(wanted)} ; {listed}.")
