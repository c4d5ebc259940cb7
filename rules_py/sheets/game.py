"""What a game's sheet module declares: :class:`GameSheet`, its rollers' :class:`Binding`\\ s.

Each game's ``sheet.py`` (``rules_py/solaires/sheet.py``…) builds one
``SHEET = GameSheet(...)``: its own fields (the common ones are
:data:`~rules_py.sheets.document.COMMON`), its cross-field check, its example
sheets, the bounds of the numbers a roll writes back, and for each roller
that reads a sheet a :class:`Binding`:

- ``fill``: the sheet(s) → the roller's parameters, names resolved, the
  source of each value recorded (:class:`Filling`);
- ``choices``: what a widget offers by name for each parameter (« Pilote (2) »);
- ``effects``: what a result (a roll or a follow-up) changes on the sheet(s),
  as intents (:mod:`rules_py.sheets.changes`);
- ``takes`` / ``names`` / ``writes``: the same in words, for the schema the
  page and the documentation read.

A game may also keep one object beside its sheets (Simon's « Réserve du
meneur »: ``reserve``) and offer follow-ups on a sheet itself
(:class:`Followup`: add an état, draw a new fortune).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Param, describe_params, shown
from ..roller import Roller
from .fields import Field
from .names import Kind, Named, as_number, find, split_names

__all__ = ["GameSheet", "Binding", "Followup", "Sheets", "Filling", "Outcome", "of", "whose"]

Args = dict[str, Any]
Sheet = dict[str, Any]
Intent = dict[str, Any]


def of(name: str) -> str:
    """« de Perseüs », « d’Ysil », « d’Urlk »."""
    return f"d’{name}" if name[:1].lower() in "aeiouyéèêàâîïôû" else f"de {name}"


def whose(sheet: Mapping[str, Any]) -> str:
    """« la fiche de Perseüs », « la fiche d’Ysil »; « la Réserve du meneur » (« … « La table du jeudi » »)."""
    name = str(sheet.get("nom", ""))
    if sheet.get("type") == "reserve":
        return "la Réserve du meneur" + ("" if name in ("", "Réserve du meneur") else f" « {name} »")
    return f"la fiche {of(name)}"


@dataclass(frozen=True, slots=True)
class Sheets:
    """The sheets of one request, by side: ``a`` (the acting character, team A) and ``b`` (the other side).

    ``keys`` gives the request's key of each side (``fiche``, ``fiches_a``, ``fiche_defense``,
    ``fiche_b``, ``fiches_b``): changes and errors name a sheet by it.
    """

    a: tuple[Sheet, ...] = ()
    b: tuple[Sheet, ...] = ()
    keys: tuple[tuple[str, str], ...] = ()  # (side, request key)
    reserve: Sheet | None = None

    def side(self, s: str) -> tuple[Sheet, ...]:
        return self.a if s == "a" else self.b

    def one(self, s: str) -> Sheet | None:
        sheets = self.side(s)
        return sheets[0] if sheets else None

    def key(self, s: str, index: int = 0) -> str:
        """The request's key of the ``index``-th sheet of side ``s``: ``fiche``, ``fiches_b[1]``."""
        key = dict(self.keys).get(s, "fiche" if s == "a" else "fiche_b")
        return f"{key}[{index}]" if key.startswith("fiches_") else key


class Filling:
    """A roller's parameters filled from sheets: what the request gave, what the sheets add, and whence."""

    def __init__(self, roller: Roller, raw: Mapping[str, Any], sheets: Sheets) -> None:
        self.roller = roller
        self.params: dict[str, Any] = dict(raw)
        self.sheets = sheets
        self.sources: list[dict[str, Any]] = []
        self._names = {p.name for p in roller.params}
        # where each sheet of the request stands (its id → its key): a sheet holds one place
        self.seats = {
            sheet["id"]: sheets.key(side, i) for side, _ in sheets.keys for i, sheet in enumerate(sheets.side(side))
        }

    def seat(self, sheet: Sheet, key: str, label: str) -> None:
        """One more place for a sheet (a Féerie assistant): a sheet already given elsewhere in the request is refused."""
        if sheet["id"] in self.seats:
            raise RulesError(
                key,
                f"{label} ({key}) : la même fiche ({sheet['nom']}) est déjà donnée comme {self.seats[sheet['id']]} ; "
                "une fiche ne tient qu’une place.",
            )
        self.seats[sheet["id"]] = key

    def has(self, name: str) -> bool:
        """The roller takes this parameter (a parameter added by a later version of the rules may be absent)."""
        return name in self._names

    def given(self, name: str) -> bool:
        value = self.params.get(name)
        return value is not None and not (isinstance(value, str) and not value.strip())

    def pop(self, name: str) -> Any:
        """A parameter of the sheet only (``competence``): taken out before the roller reads the rest."""
        value = self.params.pop(name, None)
        return None if isinstance(value, str) and not value.strip() else value

    def note(self, name: str, value: Any, text: str, key: str, source: str = "fiche", **extra: Any) -> None:
        self.sources.append(
            {"parametre": name, "valeur": value, "source": source, "fiche": key, "texte": text, **extra}
        )

    def take(self, name: str, value: Any, label: str, sheet: Sheet, key: str, shown_value: str | None = None) -> None:
        """A value the sheet holds; a value the request gives explicitly wins, and the record says so."""
        if not self.has(name) or value is None or value == "":  # the sheet holds nothing to give
            return
        text_value = shown_value if shown_value is not None else str(value)
        if self.given(name):
            given = self.params[name]
            self.note(
                name,
                given,
                f"{label} : la valeur donnée ({given}) l’emporte sur celle de {whose(sheet)} ({text_value})",
                key,
                "requete",
                valeur_fiche=value,
            )
            return
        self.params[name] = value
        self.note(name, value, f"{label} : {text_value}, de {whose(sheet)}", key)

    def names(
        self, name: str, items: list[Named], label: str, sheet: Sheet, key: str, kind: Kind, raw: Any = None
    ) -> list[Named | int] | None:
        """The items of parameter ``name`` (or of ``raw``) resolved on the sheet: a Named per name, an int per number.

        None when the parameter is not given. Names are looked up; numbers are kept (an explicit number wins).
        """
        raw = self.params.get(name) if raw is None else raw
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return None
        out: list[Named | int] = []
        typed: dict[str, str] = {}  # each thing named, as the request named it
        for item in split_names(raw):
            number = as_number(item)
            if number is not None:
                out.append(number)
            elif isinstance(item, str) and item.strip():
                found = find(items, item, name, label, whose(sheet), kind)
                if found.name in typed:  # « Pilote,pilote »: one thing counted twice
                    raise RulesError(
                        name,
                        f"{label} ({name}) : « {found.name} » est nommé deux fois (« {typed[found.name]} » puis "
                        f"« {item.strip()} ») ; le second doit en désigner un autre parmi {kind.listed}, sur {whose(sheet)}.",
                    )
                typed[found.name] = item.strip()
                out.append(found)
            else:
                raise RulesError(
                    name, f"{label} ({name}) : un nom de {whose(sheet)} ou un nombre attendu, reçu {shown(raw)}."
                )
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a result's effects are computed from."""

    op: str  # "roll" or "action"
    action: str | None  # the follow-up's id
    params: Mapping[str, Any]  # the roll's filled parameters, or the follow-up's own
    state: Mapping[str, Any] | None  # the state a follow-up was played on
    result: Mapping[str, Any]
    sheets: Sheets
    extra: Mapping[str, Any] = field(default_factory=dict)  # a follow-up's parameters of the sheet only


@dataclass(frozen=True, slots=True)
class Binding:
    """How one roller reads sheets and what its results write back."""

    roller: str
    fill: Callable[[Filling], None]
    choices: Callable[[Sheets], dict[str, list[dict[str, Any]]]]
    effects: Callable[[Outcome], list[tuple[str, Intent]]] | None = None  # (request key, intent)
    b_key: str | None = None  # the request's key of the other side's sheet: "fiche_defense", "fiche_b"
    teams: bool = False  # sides of several sheets (fiches_a, fiches_b)
    reserve: bool = False  # takes the game's object beside the sheets (Simon's Réserve)
    sheet_params: tuple[Param, ...] = ()  # parameters of the sheet only (competence=NOM)
    takes: tuple[tuple[str, str], ...] = ()  # (parameter, where it comes from, in French)
    writes: tuple[str, ...] = ()  # what a result writes back, in French
    followups: Callable[[Outcome], list[dict[str, Any]]] | None = None  # sheet follow-ups a result offers
    # a follow-up's state brought up to the sheet (the points it holds now, not those of the roll's time)
    state: Callable[[Mapping[str, Any], Sheets], Mapping[str, Any]] | None = None
    places: tuple[tuple[str, str], ...] = ()  # (request key, French label) where the default label will not do
    named: tuple[tuple[str, str], ...] = ()  # (parameter chosen by name, French label: « Élément »)
    gives: tuple[tuple[str, str], ...] = ()  # (sheet's own parameter, the roller's it gives: competence → expertise)
    # (parameter, French label) whose items may be {"fiche": SHEET, "element": NAME} (Féerie's assistants)
    assistants: tuple[tuple[str, str], ...] = ()
    # a follow-up's parameters of the sheet only (the element a use of points adds), by action id
    action_params: tuple[tuple[str, tuple[Param, ...]], ...] = ()
    # what the result's state keeps for the sheets' next step (the changes a veto undoes), from the changes made
    state_out: Callable[[Outcome, list[dict[str, Any]]], dict[str, Any]] | None = None

    def keys(self) -> list[str]:
        keys = ["fiche"] + ([self.b_key] if self.b_key else []) + (["fiches_a", "fiches_b"] if self.teams else [])
        return keys + (["reserve"] if self.reserve else [])

    def describe(self) -> dict[str, Any]:
        labels = {**_PLACE_LABELS, **dict(self.places)}
        gives = dict(self.gives)
        return {
            "lanceur": self.roller,
            "fiches": self.keys(),
            "places": [{"cle": k, "libelle": labels[k], "equipe": k.startswith("fiches_")} for k in self.keys()],
            "prend": [{"parametre": p, "depuis": text} for p, text in self.takes],
            "noms": [{"parametre": p, "libelle": text} for p, text in self.named],
            "assistants": [{"parametre": p, "libelle": text} for p, text in self.assistants],
            "parametres_fiche": [
                {**d, **({"donne": gives[d["nom"]]} if d["nom"] in gives else {})}
                for d in describe_params(self.sheet_params)
            ],
            "ecrit": list(self.writes),
            "suites_parametres_fiche": {a: describe_params(ps) for a, ps in self.action_params},
        }


#: How the page names each place a sheet fills, unless a binding says better.
_PLACE_LABELS = {
    "fiche": "Personnage",
    "fiche_defense": "L’autre personnage",
    "fiche_b": "Camp B",
    "fiches_a": "Équipe A",
    "fiches_b": "Équipe B",
    "reserve": "Réserve du meneur",
}


@dataclass(frozen=True, slots=True)
class Followup:
    """A follow-up on a sheet itself, offered next to a result (« Ajouter un état », « Tirer une nouvelle fortune »).

    ``run(sheet, args, dice)`` gives the intents and one French sentence.
    """

    id: str
    label: str
    params: tuple[Param, ...]
    run: Callable[[Sheet, Args, Dice], tuple[list[Intent], str]]

    def offer(self, sheet: Sheet, key: str, label: str | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "libelle": label or self.label,
            "cible": key,
            "fiche_id": sheet["id"],
            "personnage": sheet["nom"],
            "parametres": describe_params(self.params),
        }


@dataclass(frozen=True, slots=True)
class GameSheet:
    """A game's sheet: its fields, checks, examples, bounds, and what each roller takes from it."""

    game: str
    title: str  # « Solaires »
    fields: tuple[Field, ...]
    examples: tuple[Sheet, ...]
    bindings: tuple[Binding, ...]
    check: Callable[[Sheet, str], None] | None = None  # cross-field rules (path prefix given)
    bounds: Callable[[Mapping[str, Any], str], tuple[int, int]] = lambda sheet, path: (0, 10**6)
    writable: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    followups: tuple[Followup, ...] = ()
    reserve_fields: tuple[Field, ...] = ()  # the object kept beside the sheets, if any
    reserve_label: str = ""
    reserve_writable: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    reserve_example: Sheet | None = None

    def binding(self, roller_id: str) -> Binding | None:
        return next((b for b in self.bindings if b.roller == roller_id), None)

    def followup(self, followup_id: Any) -> Followup:
        for f in self.followups:
            if f.id == followup_id:
                return f
        names = ", ".join(f.id for f in self.followups) or "aucune"
        raise RulesError(
            "suite", f"Suite de fiche inconnue {shown(followup_id)} pour {self.title} : les suites sont {names}."
        )
