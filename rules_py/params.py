"""Parameters of a roller, described as data and parsed from text or JSON.

A :class:`Param` is both the description the site renders its form from
(:meth:`Param.describe`) and the parser that turns what the reader typed, a
command-line ``name=value`` or a JSON value, into a checked Python value
(:meth:`Param.parse`). Every refusal is a :class:`RulesError` whose sentence
names the field, in French.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from .errors import RulesError

__all__ = [
    "Choice",
    "Param",
    "RepeatedKeys",
    "parse_params",
    "given_once",
    "twice_sentence",
    "describe_params",
    "shown",
    "shown_typed",
    "json_type",
    "fold",
    "is_empty",
    "echoed",
    "value_words",
]

_INT = re.compile(r"[+-]?\d{1,9}")
MINUS_SIGN = "\u2212"  # the minus sign the answers write (rules_py.typography.MINUS)
_TRUE = {"true", "vrai", "oui", "1", "on"}
_FALSE = {"false", "faux", "non", "0", "off"}
_TEXT_MAX = 60
_HALF = re.compile("[\ud800-\udfff]")  # half of a UTF-16 surrogate pair, alone (JSON's « \ud800 »)
# what a refusal cannot show: half of a surrogate pair, a control character (those str.split() takes for spaces aside)
_UNSHOWN = re.compile("[\ud800-\udfff\x00-\x08\x0e-\x1b\x7f]")


class Choice(NamedTuple):
    """One allowed value of a ``choice`` parameter."""

    value: str
    label: str
    number: int | None = None  # the value on the book's scale, if any ("Ardue (+2)")


@lru_cache(maxsize=1024)
def fold(text: str) -> str:
    """``text`` as a choice is matched: no accents, no case, words joined by hyphens.

    « Débutant », « amplifiée », « Dagues », « 7-Dagues », « Grand Maître » read as
    ``debutant``, ``amplifiee``, ``dagues``, ``7-dagues``, ``grand-maitre``.
    Remembered (a pure function of its text; a few hundred entries at most): every choice
    parameter of every request folds each of its choices' values again.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    bare = bare.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    return "-".join(re.split(r"[\s_'’]+", bare.strip().casefold())).strip("-")


def _json_words(raw: Any) -> str | None:
    """A plain JSON value as the file or the form writes it (``true``, ``null``, ``3``, ``Pilote``); None if not plain."""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if raw is None:
        return "null"
    if isinstance(raw, int):
        return str(raw)
    if isinstance(raw, float):
        return str(int(raw)) if raw.is_integer() and abs(raw) < 1e15 else repr(raw)
    if isinstance(raw, str):
        return raw
    return None


def shown(raw: Any) -> str:
    """The received value, short and quoted, for an error sentence, in the words of JSON and of the form
    (``true``, ``null``, « 3, 2 », « un objet (champs a, b) »), never in Python's (``True``, ``{'a': 1}``)."""
    text = _json_words(raw)
    if text is None and isinstance(raw, (list, tuple)):
        items = [_json_words(x) for x in raw]
        if not raw:
            return "une liste vide"
        if len(raw) > 8 or any(x is None for x in items):
            return f"une liste de {len(raw)} valeurs"
        text = ", ".join(x for x in items if x is not None)
    if text is None and isinstance(raw, Mapping):
        keys = [" ".join(_UNSHOWN.sub("\ufffd", str(k)).split())[:20] for k in raw][:4]  # one line, short: any key
        if not keys:
            return "un objet vide"
        more = "…" if len(raw) > 4 else ""
        return f"un objet (champ{'s' if len(raw) > 1 else ''} {', '.join(keys)}{more})"
    if text is None:
        return "une valeur illisible"
    text = " ".join(_UNSHOWN.sub("\ufffd", text).split())  # half of a surrogate pair, a control: nothing to show
    if len(text) > 30:
        text = text[:29] + "…"
    return f"« {text} »"


def json_type(raw: Any) -> str:
    """The JSON type of ``raw``, in French: « texte », « nombre », « booléen », « null », « liste », « objet »."""
    if isinstance(raw, bool):
        return "booléen"
    if raw is None:
        return "null"
    if isinstance(raw, (int, float)):
        return "nombre"
    if isinstance(raw, str):
        return "texte"
    if isinstance(raw, (list, tuple)):
        return "liste"
    return "objet" if isinstance(raw, Mapping) else "valeur"


def shown_typed(raw: Any, expected: str) -> str:
    """:func:`shown`, with the JSON type said when it is not the ``expected`` one (:func:`json_type`): where a
    number is expected, « 2 » in quotes is « le texte « 2 » », never shown as if it were right; ``null``
    and the booleans are JSON's words, without quotes (« reçu null », « reçu la valeur true »)."""
    kind = json_type(raw)
    if kind == expected or kind in ("liste", "objet", "valeur"):
        return shown(raw)
    if kind == "texte":
        return f"le texte {shown(raw)}"
    if kind == "nombre":
        return f"le nombre {shown(raw)[2:-2]}"
    return "null" if raw is None else f"la valeur {_json_words(raw)}"


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a roller: its contract name, French label, type, range."""

    name: str
    label: str
    kind: str  # "int" | "bool" | "choice" | "ints" | "text"
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    min_items: int = 1  # for "ints"
    max_items: int = 1  # for "ints"
    required: bool = False
    help: str = ""
    group: str = ""  # a heading the form may gather parameters under
    preset_labels: tuple[tuple[str, str], ...] = field(default=())  # labelled presets (value, label)
    refused: tuple[tuple[str, str], ...] = field(default=())  # choice values refused with their reason (value, why)

    # ------------------------------------------------------------------
    # Description (the site renders its form from this)
    # ------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "nom": self.name,
            "libelle": self.label,
            "type": self.kind,
            "defaut": self.default,
            "requis": self.required,
        }
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.choices:
            out["choix"] = [
                {"valeur": c.value, "libelle": c.label, **({"nombre": c.number} if c.number is not None else {})}
                for c in self.choices
            ]
        if self.kind == "ints":
            out["min_elements"] = self.min_items
            out["max_elements"] = self.max_items
        if self.kind == "text":
            out["max_longueur"] = _TEXT_MAX
        if self.help:
            out["aide"] = self.help
        if self.group:
            out["groupe"] = self.group
        if self.preset_labels:
            out["prereglages"] = [{"valeur": v, "libelle": text} for v, text in self.preset_labels]
        return out

    # ------------------------------------------------------------------
    # Parsing
    # ------------------------------------------------------------------

    @property
    def where(self) -> str:
        return f"{self.label} ({self.name})"

    def fail(self, what: str, raw: Any) -> RulesError:
        return RulesError(self.name, f"{self.where} : {what}, reçu {shown(raw)}.")

    def _range_text(self) -> str:
        if self.minimum is None and self.maximum is None:
            return "un entier"
        if self.maximum is None:
            return f"un entier d’au moins {self.minimum}"
        if self.minimum is None:
            return f"un entier d’au plus {self.maximum}"
        if self.minimum == self.maximum:
            return f"l’entier {self.minimum}"
        return f"un entier de {self.minimum} à {self.maximum}"

    def _int(self, raw: Any, what: str) -> int:
        if isinstance(raw, bool):
            raise self.fail(f"{what} attendu", raw)
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, float) and raw.is_integer() and abs(raw) < 1e9:
            value = int(raw)
        elif isinstance(raw, str) and _INT.fullmatch(raw.strip().replace(MINUS_SIGN, "-")):
            value = int(raw.strip().replace(MINUS_SIGN, "-"))  # « −2 », as the answers write it, is -2
        else:
            raise self.fail(f"{what} attendu", raw)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise self.fail(f"{what} attendu", raw)
        return value

    def parse(self, raw: Any) -> Any:
        """The checked value of ``raw`` (text or JSON), or a RulesError."""
        if self.kind == "int":
            return self._int(raw, self._range_text())
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and fold(raw) in _TRUE:
                return True
            if isinstance(raw, str) and fold(raw) in _FALSE:
                return False
            raise self.fail("« true » ou « false » attendu", raw)
        if self.kind == "choice":
            if isinstance(raw, str):
                wanted = fold(raw)
                for c in self.choices:
                    if wanted == fold(c.value):
                        return c.value
                for value, why in self.refused:
                    if wanted == fold(value):
                        raise RulesError(self.name, f"{self.where} : {why}, reçu {shown(raw)}.")
            names = ", ".join(c.value for c in self.choices)
            raise self.fail(f"une valeur parmi {names} attendue", raw)
        if self.kind == "ints":
            return self._ints(raw)
        if self.kind == "text":
            if not isinstance(raw, str):
                raise self.fail("un texte attendu", raw)
            text = " ".join(raw.split())
            if any(ord(ch) < 32 or ord(ch) == 127 for ch in text) or _HALF.search(text):
                raise self.fail("un texte sans caractère de contrôle ni caractère illisible attendu", raw)
            if len(text) > _TEXT_MAX:
                raise self.fail(f"un texte d’au plus {_TEXT_MAX} caractères attendu", raw)
            return text
        raise AssertionError(f"unknown parameter kind {self.kind!r}")

    def _ints_what(self) -> str:
        """What a list parameter takes, in French: « exactement 4 entiers de 0 à 25, séparés par des virgules »."""
        lo, hi = self.min_items, self.max_items
        values = f"de {self.minimum} à {self.maximum}"
        if hi == 1:
            return f"un entier {values}" if lo == 1 else f"au plus un entier {values}"
        if lo == hi:
            count = f"exactement {lo} entiers"
        elif lo == 0:
            count = f"au plus {hi} entiers"
        else:
            count = f"de {lo} à {hi} entiers"
        return f"{count} {values}, séparés par des virgules"

    def _ints_text(self) -> str:
        """« exactement 4 entiers de 0 à 25, … attendus »."""
        return self._ints_what() + (" attendu" if self.max_items == 1 else ", attendus")

    def takes(self) -> str:
        """What the parameter takes, in French (« un entier de -8 à 8 », « une valeur parmi stable, … »)."""
        if self.kind == "int":
            return self._range_text()
        if self.kind == "bool":
            return "« true » ou « false »"
        if self.kind == "choice":
            return f"une valeur parmi {', '.join(c.value for c in self.choices)}"
        if self.kind == "ints":
            return self._ints_what()
        return f"un texte d’au plus {_TEXT_MAX} caractères"

    @property
    def may_be_empty(self) -> bool:
        """An empty value is a value: a list that may hold nothing (``assistants=``: no assistant)."""
        return self.kind == "ints" and self.min_items == 0

    def empty(self, also: str = "") -> RulesError:
        """An empty value given (``elements=``, ``""``): refused, never read as the default in silence
        (``also``: what else it may take, « un nom de la fiche ou »)."""
        if self.required:
            return RulesError(self.name, f"{self.where} : ce champ est obligatoire, reçu une valeur vide.")
        default = "" if self.default in (None, ()) else f" (sa valeur par défaut : {value_words(self.default)})"
        return RulesError(
            self.name,
            f"{self.where} : reçu une valeur vide ; donnez {also}{self.takes()}, ou ne donnez pas ce paramètre{default}.",
        )

    def null(self) -> RulesError:
        """``null`` given (a JSON request): refused, never read as the default (RULES.md, « null is no value »)."""
        if self.required:
            return RulesError(self.name, f"{self.where} : ce champ est obligatoire, reçu null.")
        default = "" if self.default in (None, ()) else f" (sa valeur par défaut : {value_words(self.default)})"
        return RulesError(
            self.name,
            f"{self.where} : reçu null ; donnez {self.takes()}, ou ne donnez pas ce paramètre{default}.",
        )

    def _ints(self, raw: Any) -> tuple[int, ...]:
        what = self._ints_text()
        if isinstance(raw, (int, str)) and not isinstance(raw, bool):
            items = [raw] if isinstance(raw, int) else [p for p in str(raw).split(",")]
        elif isinstance(raw, (list, tuple)):
            items = list(raw)
        else:
            raise self.fail(what, raw)
        if isinstance(raw, str) and raw.strip() == "":
            items = []
        if not self.min_items <= len(items) <= self.max_items:
            raise self.fail(what, raw)
        out = []
        for item in items:
            try:
                out.append(self._int(item, what))
            except RulesError:
                raise self.fail(what, raw) from None
        return tuple(out)


class RepeatedKeys(dict[str, Any]):
    """A JSON object that named a key more than once: the values in order, by key (``repeated``).

    ``json.loads`` keeps the last value of a repeated key; the door reads every object with
    a hook that returns this instead, so that a parameter given twice is refused, not the last
    one silently kept.
    """

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.repeated: dict[str, list[Any]] = {}
        for key, value in pairs:
            self.repeated.setdefault(key, []).append(value)
        self.repeated = {k: v for k, v in self.repeated.items() if len(v) > 1}


def _repeated(raw: Any) -> dict[str, list[Any]]:
    """The names given more than once in ``raw`` (a JSON object read by the door, or pairs), with their values."""
    if isinstance(raw, RepeatedKeys):
        return raw.repeated
    if not isinstance(raw, (list, tuple)):
        return {}
    counted: dict[str, list[Any]] = {}
    for pair in raw:
        if isinstance(pair, (list, tuple)) and len(pair) == 2 and isinstance(pair[0], str):
            counted.setdefault(pair[0], []).append(pair[1])
    return {k: v for k, v in counted.items() if len(v) > 1}


def twice_sentence(name: str, values: list[Any], where: str) -> str:
    """« Cercle de domination (domination) : donné deux fois (« a » puis « b ») ; donnez-le une seule fois. »"""
    times = {2: "deux", 3: "trois"}.get(len(values), str(len(values)))
    return f"{where} : donné {times} fois ({' puis '.join(shown(v) for v in values)}) ; donnez-le une seule fois."


def given_once(raw: Any, roller: str, labels: Mapping[str, str]) -> Mapping[str, Any]:
    """``raw`` (a mapping, or ``[name, value]`` pairs as a command line or a share link gives them)
    as a mapping. A known name (``labels``: name → French label) given twice is refused, naming it
    by its label, never « the last one wins »; an unknown one is the caller's to refuse as such."""
    for name, values in _repeated(raw).items():
        if name in labels:
            raise RulesError(name[:40], twice_sentence(name, values, f"{labels[name]} ({name})"))
    if isinstance(raw, (list, tuple)):
        if not all(isinstance(p, (list, tuple)) and len(p) == 2 and isinstance(p[0], str) for p in raw):
            raise RulesError("parametres", f"Les paramètres de {roller} doivent être des paires nom=valeur.")
        return {name: value for name, value in raw}
    if not isinstance(raw, Mapping):
        raise RulesError("parametres", f"Les paramètres de {roller} doivent être des paires nom=valeur.")
    return raw


def parse_params(params: tuple[Param, ...], raw: Any, roller: str) -> dict[str, Any]:
    """Check every given value and fill in defaults; refuse unknown names and names given twice.

    ``raw`` is a mapping or a list of ``[name, value]`` pairs (the command line, a share link).
    """
    by_name = {p.name: p for p in params}
    raw = given_once(raw, roller, {p.name: p.label for p in params})
    for name in raw:
        if name not in by_name:
            names = ", ".join(by_name)
            raise RulesError(
                str(name)[:40],
                f"Paramètre inconnu {shown(str(name))} pour {roller} : "
                + (f"les paramètres sont {names}." if names else "aucun paramètre n’est attendu."),
            )
    out: dict[str, Any] = {}
    for p in params:
        if p.name not in raw:
            if p.required:
                raise RulesError(p.name, f"{p.where} : ce champ est obligatoire.")
            out[p.name] = p.default
            continue
        value = raw[p.name]
        if value is None:  # null is no value, and never the default: said as an empty value is
            raise p.null()
        if is_empty(value) and not p.may_be_empty:  # typed, but empty: said, never the default in silence
            raise p.empty()
        out[p.name] = p.parse(value)
    return out


def echoed(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A roller's own echo of its parameters (a result's ``parametres``, kept in its state): there, null
    is the echo of a parameter left out, read back as left out. (In a request, null is refused.)"""
    return {name: value for name, value in raw.items() if value is not None}


def is_empty(value: Any) -> bool:
    """A value given empty (``elements=``, ``""``, spaces): refused, as ``expertise=`` always was."""
    return isinstance(value, str) and not value.strip()


def value_words(value: Any) -> str:
    """A parameter's value as the reader types it: ``3,2``, ``true``, ``stable``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(value_words(v) for v in value)
    return str(value)


def describe_params(params: tuple[Param, ...]) -> list[dict[str, Any]]:
    return [p.describe() for p in params]
