"""The format version of sheets and sheet files, and the upgrade of an older one.

Every object a reader keeps (a sheet, the Réserve du meneur, a file of several
sheets) carries ``"format"``. :data:`FORMAT` is the one this site writes; a
later site reads every earlier format through :data:`UPGRADES`, one function
per step (``UPGRADES[n]`` turns a format-``n`` object into format ``n + 1``),
each tested on a stored file of its format (``tests/fixtures/sheets/``). A
format newer than :data:`FORMAT` is refused in French, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import RulesError
from ..params import shown_typed

__all__ = ["FORMAT", "UPGRADES", "Upgrade", "upgrade"]

#: The format this site writes.
FORMAT = 1

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]

#: One upgrade per step, from the format it reads. Format 1 is the first: nothing to upgrade yet.
UPGRADES: dict[int, Upgrade] = {}


def upgrade(
    raw: Mapping[str, Any],
    path: str,
    label: str = "Fiche",
    steps: Mapping[int, Upgrade] | None = None,
    current: int = FORMAT,
) -> dict[str, Any]:
    """``raw`` brought to the ``current`` format, one step at a time (a copy: ``raw`` is not changed)."""
    steps = UPGRADES if steps is None else steps
    where = f"{path}.format" if path else "format"
    version = raw.get("format")
    if "format" not in raw:
        raise RulesError(
            where, f"{label}, Format ({where}) : ce champ est obligatoire (le format de la fiche, {current})."
        )
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError(
            where,
            f"{label}, Format ({where}) : "
            + (f"l’entier {current}" if current == 1 else f"un entier de 1 à {current}")
            + f" (sans guillemets) attendu, reçu {shown_typed(version, 'nombre')}.",
        )
    if version > current:
        raise RulesError(
            where,
            f"{label}, Format ({where}) : ce fichier est au format {version}, plus récent que celui que ce site "
            f"connaît ({current}) ; mettez le site à jour (rechargez la page) pour le lire, rien n’a été changé.",
        )
    obj = dict(raw)
    while obj["format"] < current:
        step = steps.get(obj["format"])
        if step is None:  # a gap in the chain is a bug of the site, not of the reader's file
            raise AssertionError(f"no upgrade from format {obj['format']}")
        before = obj["format"]
        obj = step(obj)
        if obj.get("format") != before + 1:
            raise AssertionError(f"the upgrade from format {before} must give format {before + 1}")
    return obj
