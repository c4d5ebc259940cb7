"""The fields of a character sheet, described as data and read from JSON.

A :class:`Field` is both the description the page generates its form from
(:meth:`Field.describe`: French label, type, range, default, the book's
sentence that explains it and the link to its section on the site) and the
reader that checks a value of a sheet and gives it back normalised
(:meth:`Field.read`). Every refusal is a :class:`~rules_py.errors.RulesError`:
one French sentence naming the field by its label, and its path in the
request (``fiche.elements[3].score``) as ``field``.

Sheets are data, not text typed in a form: a score is a JSON integer (never
``"3"``), a flag a JSON boolean; a choice is matched like a roller's choice
(without regard to case or accents) and written back as its value.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from ..params import Choice, fold, shown, shown_typed
from ..typography import fr

__all__ = ["TEXT_MAX", "NAME_MAX", "Field", "Where", "name_key", "unknown_key"]

#: A text field of a sheet holds at most this many characters (CHARACTERS.md).
TEXT_MAX = 2000
#: A name (the character's, an element's…) holds 1 to 60 characters.
NAME_MAX = 60

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# ISO 8601: a date, or a date and time (seconds and fraction optional), with an optional offset
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?")
#: The JSON type each kind of field takes (a value of another type is said with its type: « le texte « 2 » »).
_JSON_TYPES = {
    "text": "texte",
    "name": "texte",
    "id": "texte",
    "date": "texte",
    "choice": "texte",
    "int": "nombre",
    "bool": "booléen",
    "list": "liste",
    "object": "objet",
}
# half of a UTF-16 surrogate pair, alone (JSON's « \ud800 »): no character, and no UTF-8 to write it in
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # tab and newline are allowed in a long text


def half_pair(char: str) -> str:
    """What a text holding half of a surrogate pair alone is told (the page says the same)."""
    return f"un texte Unicode valide attendu (« \\u{ord(char):04x} » y est seul, moitié d’une paire de substitution)"


def name_key(name: str) -> str:
    """How names are matched: without regard to case, accents or surrounding spaces (« pilote » is « Pilote »)."""
    return fold(name)


@dataclass(frozen=True, slots=True)
class Where:
    """Where a value stands, for the error sentence: its path (``fiche.elements[3]``) and a French context."""

    path: str
    context: str = ""  # « Élément 4 « Pilote », » before the field's label

    def child(self, name: str) -> Where:
        return Where(f"{self.path}.{name}" if self.path else name, self.context)

    def item(self, index: int, context: str) -> Where:
        return Where(f"{self.path}[{index}]", context)


def unknown_key(key: Any, allowed: list[str], where: Where, label: str) -> RulesError:
    return RulesError(
        where.child(_SURROGATE.sub("\ufffd", str(key))[:40]).path,
        f"{label} ({where.path}) : champ inconnu {shown(str(key))} ; les champs permis sont {', '.join(allowed)}.",
    )


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a sheet: its contract name, French label, type, range, default and the book's word on it."""

    name: str
    label: str
    kind: str  # "text" | "name" (a text without comma) | "int" | "choice" | "bool" | "list" | "object" | "date" | "id"
    required: bool = False
    default: Any = None
    nullable: bool = False  # null is a value (« pas encore tirée »)
    minimum: int | None = None
    maximum: int | None = None
    length: int = TEXT_MAX  # a text's characters at most
    lines: bool = False  # a text of several lines
    choices: tuple[Choice, ...] = ()
    fields: tuple[Field, ...] = ()  # an object's fields, or each item's fields in a list
    of: Field | None = None  # a list of plain values (not objects): each item read by this field
    item: str = ""  # a list's item, in French (« Élément »)
    max_items: int = 200
    named: bool = False  # a list of named things: each item's « nom » unique in the list
    help: str = ""  # the book's own sentence, verbatim
    source: str = ""  # the chapter and section: « 002, « Éléments » »
    link: str = ""  # the section on the site: « solaires/regles/creer-un-personnage/#elements »
    decided: str = ""  # the site's decision where the book is silent (French)
    suggestions: tuple[str, ...] = ()  # values the book names, offered (not imposed)
    placeholder: str = ""
    scales: tuple[tuple[str, tuple[str, ...]], ...] = ()  # words of each score, per value of scale_key
    scale_key: str = ""  # the sibling field that chooses the scale ("categorie"); "" for one scale

    # ------------------------------------------------------------------
    # Description (the page's form is generated from it)
    # ------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        """The field as data, its French words set in French typography here (wherever the answer puts them)."""
        out: dict[str, Any] = {
            "nom": self.name,
            "libelle": fr(self.label),
            "type": self.kind,
            "requis": self.required,
            "defaut": copy.deepcopy(self.default),
        }
        if self.nullable:
            out["vide_permis"] = True
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.kind in ("id", "date"):
            out["motif"] = (_ID if self.kind == "id" else _DATE).pattern
        if self.kind in ("text", "name"):
            out["max_longueur"] = self.length
            out["lignes"] = self.lines
        if self.choices:
            out["choix"] = [{"valeur": c.value, "libelle": fr(c.label)} for c in self.choices]
        if self.kind == "list":
            out["element"] = fr(self.item)
            out["max_elements"] = self.max_items
            out["noms_uniques"] = self.named
        if self.fields:
            out["champs"] = [f.describe() for f in self.fields]
        if self.of is not None:
            out["valeurs"] = self.of.describe()
        for key, value in (
            ("aide", self.help),
            ("source", self.source),
            ("lien", self.link),
            ("decision", self.decided),
            ("exemple", self.placeholder),
        ):
            if value:
                out[key] = fr(value) if key != "lien" else value
        if self.suggestions:
            out["suggestions"] = list(self.suggestions)
        if self.scales:
            out["echelles"] = {key: [fr(w) for w in words] for key, words in self.scales}
            out["echelle_selon"] = self.scale_key
        return out

    # ------------------------------------------------------------------
    # Reading a value
    # ------------------------------------------------------------------

    def fail(self, where: Where, what: str, raw: Any) -> RulesError:
        received = shown_typed(raw, _JSON_TYPES[self.kind])
        return RulesError(where.path, f"{where.context}{self.label} ({where.path}) : {what}, reçu {received}.")

    def too_many(self, where: Where, count: int) -> RulesError:
        """A list longer than its field allows: the count is said, not the size of the whole sheet."""
        return RulesError(
            where.path,
            f"{where.context}{self.label} ({where.path}) : au plus {self.max_items} par fiche, reçu {count}.",
        )

    def missing(self, where: Where) -> RulesError:
        return RulesError(where.path, f"{where.context}{self.label} ({where.path}) : ce champ est obligatoire.")

    def absent(self) -> Any:
        """The value of a field left out (its default, a fresh copy)."""
        return copy.deepcopy(self.default)

    def read_in(self, raw: Mapping[str, Any], where: Where) -> Any:
        """This field's value in the object ``raw``: left out, its default (or « ce champ est obligatoire »);
        given, read by :meth:`read` (``null`` is a value: refused, unless the field takes it)."""
        if self.name not in raw:
            if self.required:
                raise self.missing(where)
            return self.absent()
        return self.read(raw[self.name], where)

    def read(self, raw: Any, where: Where) -> Any:
        """The checked, normalised value of ``raw`` (given: ``null`` is never read as the default), or a
        RulesError naming the field."""
        if raw is None and self.nullable:
            return None
        if self.kind in ("text", "name"):
            return self._text(raw, where)
        if self.kind == "int":
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise self.fail(where, f"{self._range()} attendu", raw)
            if (self.minimum is not None and raw < self.minimum) or (self.maximum is not None and raw > self.maximum):
                raise self.fail(where, f"{self._range()} attendu", raw)
            return raw
        if self.kind == "bool":
            if not isinstance(raw, bool):
                raise self.fail(where, "true ou false (sans guillemets) attendu", raw)
            return raw
        if self.kind == "choice":
            if isinstance(raw, str):
                wanted = fold(raw)
                for c in self.choices:
                    if wanted == fold(c.value):
                        return c.value
            raise self.fail(where, f"une valeur parmi {', '.join(c.value for c in self.choices)} attendue", raw)
        if self.kind == "id":
            if not isinstance(raw, str) or not _ID.fullmatch(raw):
                raise self.fail(where, "de 1 à 64 lettres sans accent, chiffres, « - » ou « _ » attendus", raw)
            return raw
        if self.kind == "date":
            if not isinstance(raw, str) or not _DATE.fullmatch(raw):
                raise self.fail(where, "une date ISO 8601 attendue (2026-11-22 ou 2026-11-22T18:30:00Z)", raw)
            return raw
        if self.kind == "object":
            return self.read_object(raw, where)
        if self.kind == "list":
            return self._list(raw, where)
        raise AssertionError(f"unknown field kind {self.kind!r}")

    def _range(self) -> str:
        if self.minimum is not None and self.minimum == self.maximum:
            return f"l’entier {self.minimum}"
        if self.minimum is not None and self.maximum is not None:
            return f"un entier de {self.minimum} à {self.maximum}"
        if self.minimum is not None:
            return f"un entier d’au moins {self.minimum}"
        return "un entier"

    def _text(self, raw: Any, where: Where) -> str:
        if not isinstance(raw, str):
            raise self.fail(where, "un texte attendu", raw)
        text = raw.replace("\r\n", "\n").replace("\r", "\n") if self.lines else raw
        text = text.strip()
        if len(text) > self.length:
            raise self.fail(where, f"un texte d’au plus {self.length} caractères attendu ({len(text)} reçus)", raw)
        bad = _CONTROL.search(text) is not None if self.lines else any(ord(ch) < 32 or ord(ch) == 127 for ch in text)
        if bad:
            raise self.fail(where, "un texte sans caractère de contrôle attendu", raw)
        half = _SURROGATE.search(text)
        if half:
            raise self.fail(where, half_pair(half.group()), raw)
        if self.required and not text:
            raise self.fail(where, f"un texte de 1 à {self.length} caractères attendu", raw)
        if self.kind == "name" and "," in text:
            raise self.fail(where, "un nom sans virgule attendu (la virgule sépare les noms donnés à un lanceur)", raw)
        return text

    def read_object(self, raw: Any, where: Where, label: str | None = None) -> dict[str, Any]:
        """An object's fields, in their declared order; an unknown field is refused."""
        if not isinstance(raw, Mapping):
            raise self.fail(where, "un objet JSON attendu", raw)
        allowed = [f.name for f in self.fields]
        for key in raw:
            if key not in allowed:
                raise unknown_key(key, allowed, where, label or self.label)
        return {f.name: f.read_in(raw, where.child(f.name)) for f in self.fields}

    def _list(self, raw: Any, where: Where) -> list[Any]:
        if not isinstance(raw, list):
            raise self.fail(where, "une liste JSON attendue", raw)
        if len(raw) > self.max_items:
            raise self.too_many(where, len(raw))
        out = []
        seen: dict[str, str] = {}
        if self.of is not None:
            return [self.of.read(item, where.item(i, f"{self.item} {i + 1}, ")) for i, item in enumerate(raw)]
        for i, item in enumerate(raw):
            name = item.get("nom") if isinstance(item, Mapping) else None
            context = f"{self.item} {i + 1}" + (f" {shown(name)}" if isinstance(name, str) and name.strip() else "")
            value = self.read_object(item, where.item(i, context + ", "), context)
            if self.named:
                key = name_key(value["nom"])
                if key in seen:
                    raise RulesError(
                        f"{where.path}[{i}].nom",
                        f"{context}, Nom ({where.path}[{i}].nom) : chaque nom est unique sur la fiche "
                        f"(sans compter majuscules ni accents), « {seen[key]} » existe déjà.",
                    )
                seen[key] = value["nom"]
            out.append(value)
        return out
