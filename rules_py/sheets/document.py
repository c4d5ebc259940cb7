"""A whole sheet: the fields every game shares, its size, its format, and its game's own fields.

:func:`read_sheet` checks a sheet as it comes (from the page, a file, a
request) and gives it back normalised: the common fields first, then the
game's, in their declared order, defaults filled in, choices written as their
values, texts trimmed. Anything wrong (a wrong type, an unknown field, a
missing required field, a value out of range, a sheet of another game, a
format newer than this site's, more than 64 KB) is one French sentence naming
the field, and nothing is changed. :func:`read_reserve` does the same for the
object a game keeps beside its sheets (Simon's « Réserve du meneur »).
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Mapping
from typing import Any

from ..errors import RulesError
from ..games import IDS, TITLES
from ..params import Choice, shown, shown_typed
from .fields import NAME_MAX, TEXT_MAX, Field, Where
from .formats import FORMAT, upgrade
from .game import GameSheet

__all__ = [
    "GAMES",
    "GAME_TITLES",
    "SHEET_MAX_BYTES",
    "COMMON",
    "load_game",
    "read_sheet",
    "read_reserve",
    "revision",
    "size_of",
]

#: The games, in the order of the book, and their titles (rules_py/games.py).
GAMES = IDS
GAME_TITLES = TITLES
#: A whole sheet, as compact UTF-8 JSON, holds at most 64 KB.
SHEET_MAX_BYTES = 64 * 1024

#: The fields every game's sheet has (CHARACTERS.md, « Common to every game »).
COMMON = (
    Field(
        "format",
        "Format",
        "int",
        required=True,
        default=FORMAT,
        minimum=1,
        maximum=FORMAT,
        help="La version du format de la fiche ; un site plus récent lit toutes les versions précédentes.",
    ),
    Field(
        "jeu",
        "Jeu",
        "choice",
        required=True,
        choices=tuple(Choice(g, GAME_TITLES[g]) for g in GAMES),
    ),
    Field(
        "id",
        "Identifiant",
        "id",
        required=True,
        help="Tiré au hasard à la création ; il ne change pas quand on renomme le personnage.",
    ),
    Field("nom", "Nom", "text", required=True, length=NAME_MAX, placeholder="Perseüs"),
    Field(
        "type",
        "Type",
        "choice",
        default="pj",
        choices=(Choice("pj", "Personnage joueur (PJ)"), Choice("pnj", "Personnage non joueur (PNJ)")),
    ),
    Field("joueuse", "Joueuse ou joueur", "text", default="", length=NAME_MAX),
    Field("notes", "Notes", "text", default="", lines=True, length=TEXT_MAX),
    Field(
        "modifie",
        "Modifiée le",
        "date",
        nullable=True,
        help="Date ISO 8601 de la dernière modification, écrite par la page ou la ligne de commande.",
    ),
)
_COMMON_NAMES = tuple(f.name for f in COMMON)


def load_game(game: Any, field: str = "jeu") -> GameSheet:
    """The sheet module of ``game`` (imported when first needed)."""
    if not isinstance(game, str) or game not in GAMES:
        raise RulesError(
            field, f"Jeu ({field}) : une valeur parmi {', '.join(GAMES)} attendue, reçu {shown_typed(game, 'texte')}."
        )
    sheet: GameSheet = importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.{game}.sheet").SHEET
    return sheet


def size_of(obj: Any) -> int:
    """The bytes of ``obj`` as compact UTF-8 JSON (half of a surrogate pair counted as three: its field says it)."""
    return len(json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass"))


def revision(obj: Mapping[str, Any]) -> str:
    """What a checked sheet (or Réserve) holds, as a short fingerprint: two copies alike but for the date they
    were written (``modifie``) have the same; any other change gives another. A follow-up's result names the
    revision it left each sheet at, so that a follow-up played again on an older result is refused."""
    content = {k: v for k, v in obj.items() if k != "modifie"}
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _object(raw: Any, key: str, label: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise RulesError(key, f"{label} ({key}) : un objet JSON est attendu, reçu {shown_typed(raw, 'objet')}.")
    try:
        size = size_of(raw)
    except (TypeError, ValueError):
        raise RulesError(key, f"{label} ({key}) : des données JSON sont attendues.") from None
    if size > SHEET_MAX_BYTES:
        raise RulesError(
            key,
            f"{label} ({key}) : au plus {SHEET_MAX_BYTES // 1024} Ko, reçu {size // 1024} Ko ; "
            "raccourcissez les textes (2 000 caractères au plus chacun).",
        )
    return raw


def _whose(raw: Mapping[str, Any]) -> str:
    name = raw.get("nom")
    return f"Fiche {shown(name)}, " if isinstance(name, str) and name.strip() else ""


def _counts(raw: Any, key: str) -> None:
    """A list longer than its field allows is said as such, before the size of the whole sheet (a sheet of
    2,000 elements was told to shorten its texts)."""
    if not isinstance(raw, Mapping) or raw.get("jeu") not in GAMES:
        return
    for f in load_game(raw["jeu"]).fields:
        items = raw.get(f.name)
        if f.kind == "list" and isinstance(items, list) and len(items) > f.max_items:
            raise f.too_many(Where(f"{key}.{f.name}", _whose(raw)), len(items))


def read_sheet(raw: Any, key: str = "fiche", game: str | None = None) -> dict[str, Any]:
    """The checked, normalised sheet of ``raw`` (``key``: its place in the request, for the error's field)."""
    _counts(raw, key)
    raw = _object(raw, key, "Fiche")
    if raw.get("type") == "reserve":
        raise RulesError(key, f"Fiche ({key}) : c’est une réserve du meneur, pas une fiche de personnage.")
    context = _whose(raw)
    raw = upgrade(raw, key, context.rstrip(", ") or "Fiche")
    jeu = COMMON[1].read_in(raw, Where(f"{key}.jeu", context))
    sheet_game = load_game(jeu, f"{key}.jeu")
    if game is not None and jeu != game:
        raise RulesError(
            key,
            f"{context}Jeu ({key}.jeu) : cette fiche est une fiche de {GAME_TITLES[jeu]}, "
            f"ce lanceur est de {GAME_TITLES[game]} ; choisissez une fiche de {GAME_TITLES[game]}.",
        )
    whole = Field("fiche", "Fiche", "object", fields=COMMON + sheet_game.fields)
    sheet = whole.read_object(raw, Where(key, context), context.rstrip(", ") or "Fiche")
    if sheet_game.check is not None:
        sheet_game.check(sheet, key)
    return sheet


def read_reserve(raw: Any, key: str = "reserve", game: str | None = None) -> dict[str, Any]:
    """The checked, normalised object a game keeps beside its sheets (Simon's Réserve du meneur)."""
    raw = _object(raw, key, "Réserve du meneur")
    raw = upgrade(raw, key, "Réserve du meneur")
    jeu = COMMON[1].read_in(raw, Where(f"{key}.jeu"))
    sheet_game = load_game(jeu, f"{key}.jeu")
    if not sheet_game.reserve_fields:
        raise RulesError(f"{key}.jeu", f"Jeu ({key}.jeu) : {GAME_TITLES[jeu]} n’a pas de réserve du meneur.")
    if game is not None and jeu != game:
        raise RulesError(
            key,
            f"{sheet_game.reserve_label} ({key}) : elle est de {GAME_TITLES[jeu]}, ce lanceur est de {GAME_TITLES[game]}.",
        )
    label = sheet_game.reserve_label
    fields = (COMMON[0], COMMON[1], COMMON[2], *sheet_game.reserve_fields, COMMON[-1])
    whole = Field("reserve", label, "object", fields=fields)
    return whole.read_object(raw, Where(key), label)
