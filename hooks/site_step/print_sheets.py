"""A blank character sheet per game, one A4 page, from the game's sheet schema (``hooks/page/sheets.py``).

Every field of the game's sheet (but the file's own: format, game, id, date) with room to write by hand:
a line for a short text, ruled lines for a long one, a box to tick for each choice, a yes/no, a score of a
few levels; a box for a number, and, for what a roll changes (``modifiables``: points, heroism, fortune),
a track of boxes to tick or erase; each list a table of empty rows (the game's own first rows, Simon's
three characteristics, already written). Every place a value goes carries ``data-champ`` (a field's path,
``heroisme.points``) or, in a list's row, ``data-sous-champ``: « Mes personnages » fills a copy of this very
sheet with a kept sheet to print it (``frontend/sheets/page/paper.js``), so a filled sheet prints the same
fields as the blank one. Drawn by ``docs/stylesheets/paper.css``.

The print version puts each game's sheet in the book's appendix and on a page of its own
(``imprimer/fiche-<game>/``); « Mes personnages » links it (« Fiche vierge à imprimer ») and holds it in a
``<template>`` (``paper_template``).
"""

from __future__ import annotations

import html as htmllib
from functools import cache
from typing import Any

from hooks.page.sheets import schema_of
from hooks.typography import typeset_html
from rules_py.api import SYSTEMS

__all__ = ["GAMES_TITLES", "blank_sheet", "paper_template", "sheet_fields"]

#: The sheet's own bookkeeping, not a field to write.
HIDDEN = ("format", "jeu", "id", "modifie")
#: Rows of a list's table, when not the default (``LIST_ROWS``).
LIST_ROWS = {"elements": 9, "etats": 3, "caracteristiques": 5, "competences": 7, "relations_valeurs": 8}
DEFAULT_ROWS = 10
#: Lines of a long text.
LONG_LINES: dict[str, int] = {}
DEFAULT_LINES = 3
SCALE_MAX = 6  # a number of at most this many values is a row of boxes


def _titles() -> dict[str, str]:
    return {game: schema_of(game)["titre"] for game in SYSTEMS}


GAMES_TITLES: dict[str, str] = _titles()


def sheet_fields(game: str) -> list[dict[str, Any]]:
    """The fields the paper sheet shows, in its order: the game's, the notes last (as the screen's view)."""
    fields = [f for f in schema_of(game)["champs"] if f["nom"] not in HIDDEN and f["type"] not in ("id", "date")]
    return sorted(fields, key=lambda f: f["nom"] == "notes")


@cache
def blank_sheet(game: str, demote: bool = False, anchor: bool = True) -> str:
    """The game's blank sheet: a ``<section class="dl-paper">`` whose heading is an ``<h1>`` (``<h2>`` demoted),
    with the id ``fiche-<game>`` (``anchor``; not in « Mes personnages »' template: not a section of that page)."""
    schema = schema_of(game)
    level = "h2" if demote else "h1"
    changing = set(schema.get("modifiables") or {})
    anchor_attr = f' id="fiche-{game}"' if anchor else ""
    short: list[dict[str, Any]] = []
    rest: list[dict[str, Any]] = []
    for f in sheet_fields(game):
        simple = f["type"] in ("text", "name") and not f.get("lignes") and (f.get("max_longueur") or 0) <= 60
        (short if simple or f["type"] in ("choice", "bool") else rest).append(f)
    parts = [
        f'<section class="dl-paper" data-jeu="{game}">',
        f'<{level} class="dl-paper__title"{anchor_attr}>Fiche de personnage — {_e(schema["titre"])}</{level}>',
        '<div class="dl-paper__grid">',
        *(_field(f, f["nom"], changing) for f in short),
        "</div>",
        *(_field(f, f["nom"], changing) for f in rest),
        "</section>",
    ]
    return typeset_html("\n".join(p for p in parts if p))


def paper_template(game: str) -> str:
    """The blank sheet in a ``<template>``, for « Mes personnages » to print a kept sheet on it."""
    return f'<template class="dl-paper-template" data-jeu="{game}">{blank_sheet(game, demote=True, anchor=False)}</template>'


def _field(f: dict[str, Any], path: str, changing: set[str], brief: bool = False) -> str:
    label = _e(f["libelle"])
    kind = f["type"]
    if kind == "list":
        return _list(f, path)
    if kind == "object":
        inner = "".join(_field(sub, f"{path}.{sub['nom']}", changing, brief=True) for sub in f.get("champs") or [])
        return f'<fieldset class="dl-paper__group" data-champ="{path}"><legend>{label}</legend>{inner}</fieldset>'
    return (
        f'<div class="dl-paper__field dl-paper__field--{kind}"><span class="dl-paper__label">{label}</span> '
        f"{_slot(f, path, path in changing)}{_hint(f, brief=brief)}</div>"
    )


def _slot(f: dict[str, Any], path: str, changing: bool = False, attribute: str = "data-champ") -> str:
    """Where the value goes: a line, ruled lines, boxes to tick, a box for a number (and a track to tick)."""
    kind = f["type"]
    where = f'{attribute}="{path}"'
    if kind in ("text", "name") and f.get("lignes"):
        lines = LONG_LINES.get(f["nom"], DEFAULT_LINES)
        return f'<span class="dl-paper__lines" {where} style="--lignes: {lines}"></span>'
    if kind in ("text", "name"):
        wide = " dl-paper__line--wide" if (f.get("max_longueur") or 0) > 60 else ""
        return f'<span class="dl-paper__line{wide}" {where}></span>'
    if kind == "bool":
        return f'<span class="dl-paper__boxes" {where}>{_box("true", "oui")}</span>'
    if kind == "choice":
        return (
            f'<span class="dl-paper__boxes" {where}>'
            + "".join(_box(c["valeur"], c["libelle"]) for c in f.get("choix") or [])
            + "</span>"
        )
    if kind == "int":
        low, high = f.get("min", 0), f.get("max", 0)
        if high - low + 1 <= SCALE_MAX:
            return (
                f'<span class="dl-paper__boxes dl-paper__boxes--scale" {where}>'
                + "".join(_box(str(v), _number(v)) for v in range(low, high + 1))
                + "</span>"
            )
        number = f'<span class="dl-paper__number" {where}></span>'
        if changing and not f.get("echelles"):  # what a roll changes: a track to tick and erase at the table
            count = max(10, min(30, 2 * int(f.get("defaut") or 5)))
            track = "".join('<span class="dl-paper__box"></span>' for _ in range(count))
            number += f'<span class="dl-paper__track" aria-hidden="true">{track}</span>'
        return number
    return f'<span class="dl-paper__line" {where}></span>'


def _list(f: dict[str, Any], path: str) -> str:
    subs = f.get("champs") or ([dict(f["valeurs"], nom="")] if f.get("valeurs") else [])
    defaults = f.get("defaut") or []
    rows = max(len(defaults), LIST_ROWS.get(f["nom"], DEFAULT_ROWS))
    heads = "".join(f'<th scope="col">{_e(sub["libelle"])}{_hint(sub, short=True)}</th>' for sub in subs)
    body = []
    for i in range(rows):
        known = defaults[i] if i < len(defaults) and isinstance(defaults[i], dict) else {}
        cells = []
        for sub in subs:
            slot = (
                _slot(sub, sub["nom"], attribute="data-sous-champ")
                if sub["type"] != "list"
                else f'<span class="dl-paper__line" data-sous-champ="{sub["nom"]}"></span>'
            )
            if sub["type"] in ("text", "name") and known.get(sub["nom"]):
                slot = slot.replace("></span>", f">{_e(str(known[sub['nom']]))}</span>", 1)
            cells.append(f"<td>{slot}</td>")
        body.append(f'<tr data-rang="{i}">{"".join(cells)}</tr>')
    return (
        f'<table class="dl-paper__list" data-champ="{path}"><caption>{_e(f["libelle"])}</caption>'
        f"<thead><tr>{heads}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _hint(f: dict[str, Any], short: bool = False, brief: bool = False) -> str:
    """A number's range and levels, said small: « de 0 à 25 », « 1 Débutant, 2 Professionnel, 3 Expert »
    (``brief``, in a group: only its usual value)."""
    if f["type"] != "int":
        return ""
    if brief:
        default = f.get("defaut")
        return (
            f' <small class="dl-paper__hint">(d’ordinaire {_number(default)})</small>'
            if isinstance(default, int)
            else ""
        )
    low, high = f.get("min"), f.get("max")
    scales = f.get("echelles") or {}
    if scales and len(scales) == 1 and high is not None and low is not None and high - low + 1 <= SCALE_MAX:
        words = next(iter(scales.values()))
        return f' <small class="dl-paper__hint">({_e(", ".join(f"{_number(low + i)} {w}" for i, w in enumerate(words)))})</small>'
    if scales and len(scales) > 1 and not short:
        return ""
    if scales and high is not None and high - low + 1 > SCALE_MAX:
        words = next(iter(scales.values()))
        return f' <small class="dl-paper__hint">(de {_e(words[0])} à {_e(words[-1])})</small>'
    if low is not None and high is not None and high - low + 1 > SCALE_MAX:
        default = f.get("defaut")
        said = f"de {_number(low)} à {_number(high)}" + (
            f", d’ordinaire {_number(default)}" if isinstance(default, int) else ""
        )
        return f' <small class="dl-paper__hint">({_e(said)})</small>'
    return ""


def _box(value: str, words: str) -> str:
    return f'<span class="dl-paper__choice"><span class="dl-paper__box" data-valeur="{_e(value)}"></span> {_e(words)}</span>'


def _number(n: Any) -> str:
    return f"\u2212{-n}" if isinstance(n, int) and n < 0 else str(n)


def _e(text: str) -> str:
    return htmllib.escape(str(text), quote=True)
