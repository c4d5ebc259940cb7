"""Système Féerie: the character sheet (chapter 001).

001 gives no sheet of its own: a character is described, then evaluated
(« méthode descriptive » and « méthode par évaluation »). A sheet holds that
description and the evaluated elements, a number of dice each. From it a
roller takes an element's score by name; each assistant (and in an
opposition, each side's initiator and assistants) may come from a sheet the
same way. 001 has no resource: nothing is written back.
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..games import TITLES
from ..params import shown
from ..sheets.document import read_sheet
from ..sheets.fields import NAME_MAX, Field
from ..sheets.game import Binding, Filling, GameSheet, Sheets, whose
from ..sheets.names import Kind, Named, find
from ..typography import fr

__all__ = ["SHEET"]

Sheet = dict[str, Any]

_PAGE = "feerie/actions/"

FIELDS = (
    Field(
        "description",
        "Description",
        "text",
        default="",
        lines=True,
        help="Pour les personnages les plus importants, nous vous conseillons de partir d’une courte description "
        "qui va à l’essentiel puis d’utiliser la méthode descriptive associée à la méthode par évaluation.",
        source="001, « Personnages non joueurs »",
        link=_PAGE + "#personnages-non-joueurs",
    ),
    Field(
        "elements",
        "Éléments",
        "list",
        default=[],
        item="Élément",
        named=True,
        help="Le joueur doit ensuite choisir un élément de son personnage, celui qui lui semble le plus pertinent et "
        "le plus utile.",
        source="001, « Choix de l’élément »",
        link=_PAGE + "#choix-de-lelement",
        fields=(
            Field("nom", "Nom", "name", required=True, length=NAME_MAX, placeholder="garde de la cité"),
            Field(
                "score",
                "Score",
                "int",
                required=True,
                minimum=0,
                maximum=10,
                help="Le joueur lance autant de dés que le score de l’élément, plus l’éventuel bonus de pertinence.",
                decided="De 0 à 10 (le nombre de dés) ; l’échelle du livre pour un PNJ va de 1 à 5.",
            ),
        ),
    ),
)

_KIND = Kind("d’élément", "ses éléments", "elle n’a aucun élément")


def _named(sheet: Sheet) -> list[Named]:
    return [Named(el["nom"], el["score"], f"{el['nom']} ({el['score']})", "Éléments") for el in sheet["elements"]]


def _element(f: Filling, name: str, side: str, label: str) -> None:
    """A number of dice given by an element's name, on the sheet of ``side``."""
    sheet = f.sheets.one(side)
    raw = f.params.get(name)
    if sheet is None or not f.given(name) or not isinstance(raw, str) or raw.strip().lstrip("+-").isdigit():
        return
    found = find(_named(sheet), raw, name, label, whose(sheet), _KIND)
    f.params[name] = found.number
    f.note(name, found.number, f"{label} : {found.label}, de {whose(sheet)}", f.sheets.key(side))


def _assistants(f: Filling, name: str, side: str = "a") -> None:
    """Assistants given as sheets and element names: ``[{"fiche": {...}, "element": "Bavard"}, 2, …]``."""
    raw = f.params.get(name)
    if not isinstance(raw, list) or not any(isinstance(x, dict) for x in raw):
        return
    numbers: list[Any] = []
    words = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            numbers.append(item)
            words.append(str(item))
            continue
        where = f"{name}[{i}]"
        if set(item) != {"fiche", "element"}:
            raise RulesError(
                where,
                f"Assistant {i + 1} ({where}) : un nombre de dés, ou un objet avec une fiche (fiche) et un de ses "
                f"éléments (element) attendu, "
                f"reçu {shown(item)}.",
            )
        sheet = read_sheet(item["fiche"], f"{where}.fiche", "feerie")
        initiator = f.sheets.one(side)
        if initiator is not None and initiator["id"] == sheet["id"]:  # 001: « … et les autres sont les assistants »
            raise RulesError(
                f"{where}.fiche",
                f"Assistant {i + 1} ({where}.fiche) : {sheet['nom']} est l’initiateur de l’action ; « L’un des "
                "personnages est considéré comme l’initiateur de l’action et les autres sont les assistants » (001) : "
                "un personnage ne s’assiste pas lui-même.",
            )
        f.seat(sheet, f"{where}.fiche", f"Assistant {i + 1}")
        found = find(
            _named(sheet), str(item["element"]), f"{where}.element", "Élément de l’assistant", whose(sheet), _KIND
        )
        numbers.append(found.number)
        words.append(f"{sheet['nom']}, {found.label}")
    f.params[name] = numbers
    f.note(name, numbers, "Assistants : " + " ; ".join(words), name)


def _fill_action(f: Filling) -> None:
    _element(f, "element", "a", "Score de l’élément")
    if f.has("assistants"):
        _assistants(f, "assistants")


def _fill_opposition(f: Filling) -> None:
    _element(f, "des_a", "a", "Dés de l’initiateur du camp A")
    _element(f, "des_b", "b", "Dés de l’initiateur du camp B")
    _assistants(f, "assistants_a", "a")
    _assistants(f, "assistants_b", "b")


def _choices_action(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    sheet = sheets.one("a")
    return {"element": [n.choice() for n in _named(sheet)]} if sheet else {}


def _choices_opposition(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for side in ("a", "b"):
        sheet = sheets.one(side)
        if sheet is not None:
            out[f"des_{side}"] = [n.choice() for n in _named(sheet)]
    return out


def _example(sheet_id: str, name: str, description: str, elements: list[tuple[str, int]]) -> Sheet:
    return {
        "format": 1,
        "jeu": "feerie",
        "id": sheet_id,
        "nom": name,
        "type": "pnj",
        "joueuse": "",
        "notes": fr("Exemple de PNJ du chapitre 001 (« Personnages non joueurs »)."),
        "modifie": None,
        "description": description,
        "elements": [{"nom": n, "score": s} for n, s in elements],
    }


EXAMPLES = (
    _example(
        "exemple-feerie-mavrik",
        "Mavrik",
        "Mavrik est un garde de la cité (2). Il est bavard (1), un peu alcoolique (1) et loyal à sa troupe (2).",
        [("garde de la cité", 2), ("bavard", 1), ("un peu alcoolique", 1), ("loyal à sa troupe", 2)],
    ),
    _example("exemple-feerie-fred", "Fred", "Fred, un agent de police (2).", [("un agent de police", 2)]),
)

_ASSISTANTS = "chaque assistant peut être une fiche et l’un de ses éléments, par son nom (un objet : fiche, element)"

SHEET = GameSheet(
    game="feerie",
    title=TITLES["feerie"],
    fields=FIELDS,
    examples=EXAMPLES,
    bindings=(
        Binding(
            "feerie.action",
            _fill_action,
            _choices_action,
            takes=(("element", "un élément de la fiche, par son nom : son score"),),
            named=(("element", "Élément"),),
        ),
        Binding(
            "feerie.collaboration",
            _fill_action,
            _choices_action,
            takes=(("element", "un élément de la fiche, par son nom : son score"), ("assistants", _ASSISTANTS)),
            named=(("element", "Élément"),),
            assistants=(("assistants", "Assistants"),),
        ),
        Binding(
            "feerie.opposition",
            _fill_opposition,
            _choices_opposition,
            b_key="fiche_b",
            takes=(
                ("des_a", "un élément de la fiche du camp A (fiche), par son nom : son score"),
                ("des_b", "un élément de la fiche du camp B (fiche_b), par son nom : son score"),
                ("assistants_a", _ASSISTANTS),
                ("assistants_b", _ASSISTANTS),
            ),
            places=(("fiche", "Initiateur du camp A"), ("fiche_b", "Initiateur du camp B")),
            named=(("des_a", "Élément de l’initiateur du camp A"), ("des_b", "Élément de l’initiateur du camp B")),
            assistants=(("assistants_a", "Assistants du camp A"), ("assistants_b", "Assistants du camp B")),
        ),
    ),
)
