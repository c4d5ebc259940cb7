"""The backup file: everything a device keeps for the reader, in one JSON file (CHARACTERS.md, « The backup »).

« Tout exporter » writes it and « Importer des fiches » reads it, on any game's
« Mes personnages » page; ``sheet_export`` / ``sheet_read`` and the CLI's
``fiche verifier`` do the same here. The page writes and reads it without
waiting for the engine, from :func:`describe` (written into the page by the
build): the format, the upgrades it knows and each part's fields.

A backup is::

    {"format": 2, "date": "2026-11-22T18:30:00Z" | null,
     "fiches": [SHEET, ...], "reserves": [RESERVE, ...], "brouillons": [DRAFT, ...]}

- ``format`` is the backup's own version (:data:`BACKUP_FORMAT`), apart from each
  sheet's ``format`` (a sheet keeps its own). Format 1 is ``{"format": 1, "fiches",
  "reserves"?}`` (``sheet_export`` until this one) and the page's « Tout exporter » of
  then wrote ``{"fiches": [...]}`` with no ``format``: read as format 1. A format newer
  than this site's is refused in one French sentence.
- a DRAFT is a form not yet saved: ``{"jeu", "fiche_id", "date", "fiche": the sheet as
  typed (any JSON object: it is checked when it is saved), "ouverte": the sheet the form
  was opened on (null for a new sheet)}``.

A file holding one sheet (or one Réserve) is read too: the file of one sheet's
« Exporter » is the sheet itself. Everything is checked before anything is
kept: one wrong object refuses the whole file, in one French sentence naming it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import RulesError
from ..json_text import MAX_DEPTH, MAX_TEXT, loads, refuse_repeated
from ..params import Choice, shown
from .document import GAME_TITLES, GAMES, SHEET_MAX_BYTES, read_reserve, read_sheet, size_of
from .fields import Field, Where, unknown_key
from .formats import Upgrade, upgrade

__all__ = [
    "BACKUP_FORMAT",
    "BACKUP_UPGRADES",
    "DRAFT_FIELDS",
    "MAX_ITEMS",
    "MAX_TEXT",
    "describe",
    "read_backup",
    "read_file",
    "write_backup",
]

#: The backup format this site writes.
BACKUP_FORMAT = 2


def _from_1(raw: dict[str, Any]) -> dict[str, Any]:
    """Format 1 (``{"format": 1, "fiches", "reserves"?}``): no date, no drafts."""
    return {
        "format": 2,
        "date": None,
        "fiches": raw.get("fiches", []),
        "reserves": raw.get("reserves", []),
        "brouillons": [],
    }


#: One upgrade per step, from the format it reads (``UPGRADES[n]`` gives format ``n + 1``).
BACKUP_UPGRADES: dict[int, Upgrade] = {1: _from_1}
#: The top-level keys of each format (a key another format does not know is refused).
_KEYS = {1: ("format", "fiches", "reserves"), 2: ("format", "date", "fiches", "reserves", "brouillons")}
#: The lists of a backup, in the order they are read.
_LISTS = ("fiches", "reserves", "brouillons")
#: At most so many objects in each list, and so many characters in the file.
MAX_ITEMS = 500

#: A draft's fields but the two sheets it holds (``fiche`` and ``ouverte``, any JSON object).
DRAFT_FIELDS = (
    Field("jeu", "Jeu", "choice", required=True, choices=tuple(Choice(g, GAME_TITLES[g]) for g in GAMES)),
    Field("fiche_id", "Identifiant de la fiche", "id", required=True),
    Field("date", "Date", "date", required=True),
)
_DRAFT_KEYS = ("jeu", "fiche_id", "date", "fiche", "ouverte")
_LIST_LABELS = {"fiches": "Fiches", "reserves": "Réserves", "brouillons": "Brouillons"}


# ----------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------


def write_backup(
    sheets: Sequence[Any], reserves: Sequence[Any] = (), drafts: Sequence[Any] = (), date: str | None = None
) -> dict[str, Any]:
    """The backup of these sheets, Réserves and drafts (each checked first: a wrong one is refused)."""
    content = {"format": BACKUP_FORMAT, "date": date, "fiches": list(sheets), "reserves": list(reserves)}
    content["brouillons"] = list(drafts)
    read = read_backup(content, "sauvegarde")
    return {"format": BACKUP_FORMAT, "date": date, **read}


# ----------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------


def read_file(raw: Any, key: str = "contenu") -> dict[str, list[dict[str, Any]]]:
    """A file's content (its text, or the JSON already parsed): a backup, one sheet or one Réserve.

    ``{"fiches", "reserves", "brouillons"}``, every object checked, or one French sentence.
    """
    if isinstance(raw, str):
        raw = loads(raw, f"Fichier ({key})", key, "un fichier JSON de fiches est attendu")
    if not isinstance(raw, Mapping):
        raise RulesError(key, f"Fichier ({key}) : un objet JSON est attendu, reçu {shown(raw)}.")
    refuse_repeated(raw, "Fichier", key)
    if not any(name in raw for name in _LISTS):
        if raw.get("type") == "reserve":
            return {"fiches": [], "reserves": [read_reserve(raw, key)], "brouillons": []}
        return {"fiches": [read_sheet(raw, key)], "reserves": [], "brouillons": []}
    return read_backup(raw, key)


def read_backup(raw: Mapping[str, Any], key: str = "contenu") -> dict[str, list[dict[str, Any]]]:
    """A backup of any format this site knows, brought to today's and checked whole."""
    version = raw.get("format", 1)  # the page's export of format 1 had no "format"
    whole = upgrade({**raw, "format": version}, key, "Fichier", BACKUP_UPGRADES, BACKUP_FORMAT)
    allowed = _KEYS[version] if isinstance(version, int) and version in _KEYS else _KEYS[BACKUP_FORMAT]
    for name in raw:
        if name not in allowed:
            raise unknown_key(name, list(allowed), Where(key), "Fichier")
    Field("date", "Date", "date", nullable=True).read(whole.get("date"), Where(f"{key}.date"))
    lists: dict[str, list[dict[str, Any]]] = {}
    for name in _LISTS:
        items = whole.get(name, [])  # left out: none; null is no list
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise RulesError(
                f"{key}.{name}",
                f"Fichier, {_LIST_LABELS[name]} ({key}.{name}) : une liste d’au plus {MAX_ITEMS} objets attendue.",
            )
        reader: Callable[[Any, str], dict[str, Any]] = {
            "fiches": read_sheet,
            "reserves": read_reserve,
            "brouillons": read_draft,
        }[name]
        lists[name] = [reader(item, f"{key}.{name}[{i}]") for i, item in enumerate(items)]
    seen: dict[str, str] = {}
    for name in ("fiches", "reserves"):
        for i, obj in enumerate(lists[name]):
            if obj["id"] in seen:
                raise RulesError(
                    f"{key}.{name}[{i}].id",
                    f"Fichier, Identifiant ({key}.{name}[{i}].id) : « {obj['nom']} » a le même identifiant que "
                    f"« {seen[obj['id']]} » ; un fichier ne contient qu’une fois chaque fiche.",
                )
            seen[obj["id"]] = obj["nom"]
    games: set[str] = set()
    for i, obj in enumerate(lists["reserves"]):
        if obj["jeu"] in games:
            raise RulesError(
                f"{key}.reserves[{i}].jeu",
                f"Fichier, Jeu ({key}.reserves[{i}].jeu) : une seule réserve du meneur par jeu, "
                f"celle de {GAME_TITLES[obj['jeu']]} est déjà dans le fichier.",
            )
        games.add(obj["jeu"])
    drafts: set[str] = set()
    for i, obj in enumerate(lists["brouillons"]):
        if obj["fiche_id"] in drafts:
            raise RulesError(
                f"{key}.brouillons[{i}].fiche_id",
                f"Fichier, Identifiant de la fiche ({key}.brouillons[{i}].fiche_id) : un seul brouillon par fiche, "
                f"celui de {shown(obj['fiche_id'])} est déjà dans le fichier.",
            )
        drafts.add(obj["fiche_id"])
    return lists


def read_draft(raw: Any, key: str = "brouillon") -> dict[str, Any]:
    """A form not yet saved: its game, its sheet's id, when it was typed, the sheet as typed (not checked:
    it is half-filled) and the sheet it was opened on."""
    name = (
        raw.get("fiche", {}).get("nom") if isinstance(raw, Mapping) and isinstance(raw.get("fiche"), Mapping) else None
    )
    context = "Brouillon" + (f" {shown(name)}" if isinstance(name, str) and name.strip() else "")
    if not isinstance(raw, Mapping):
        raise RulesError(key, f"{context} ({key}) : un objet JSON attendu, reçu {shown(raw)}.")
    for field in raw:
        if field not in _DRAFT_KEYS:
            raise unknown_key(field, list(_DRAFT_KEYS), Where(key), context)
    where = Where(key, f"{context}, ")
    out: dict[str, Any] = {f.name: f.read_in(raw, where.child(f.name)) for f in DRAFT_FIELDS}
    for field, required in (("fiche", True), ("ouverte", False)):
        value = raw.get(field)
        label = "Fiche saisie" if field == "fiche" else "Fiche ouverte"
        path = f"{key}.{field}"
        if value is None and not required:  # « ouverte »: null is its value for a new sheet
            out[field] = None
            continue
        if field not in raw:
            raise RulesError(path, f"{context}, {label} ({path}) : ce champ est obligatoire.")
        if not isinstance(value, Mapping):
            raise RulesError(path, f"{context}, {label} ({path}) : un objet JSON attendu, reçu {shown(value)}.")
        size = size_of(value)
        if size > SHEET_MAX_BYTES:
            raise RulesError(
                path, f"{context}, {label} ({path}) : au plus {SHEET_MAX_BYTES // 1024} Ko, reçu {size // 1024} Ko."
            )
        for own, want in (("id", out["fiche_id"]), ("jeu", out["jeu"])):
            if own in value and value[own] != want:
                raise RulesError(
                    f"{path}.{own}",
                    f"{context}, {label} ({path}.{own}) : {shown(want)} attendu comme le brouillon, "
                    f"reçu {shown(value[own])}.",
                )
        out[field] = json.loads(json.dumps(value))  # a plain copy
    return out


# ----------------------------------------------------------------------
# For the page
# ----------------------------------------------------------------------


def describe() -> dict[str, Any]:
    """The backup as the page writes and reads it without the engine: its format, the formats it reads,
    each list's bound, how deep its JSON may go, a draft's fields."""
    return {
        "format": BACKUP_FORMAT,
        "cles": {str(v): list(keys) for v, keys in _KEYS.items()},
        "max_objets": MAX_ITEMS,
        "max_imbrication": MAX_DEPTH,
        "max_octets_brouillon": SHEET_MAX_BYTES,
        "brouillon": [f.describe() for f in DRAFT_FIELDS],
    }
