"""« Mes personnages »: each game's sheet schema, from rules_py, written into the site.

- ``insert_sheets`` (the Markdown extension's last step, ``hooks.page.extension``): a page holding
  ``<div class="dl-sheets" data-jeu="solaires">`` (docs/<game>/personnages.md) gets the
  game's schema as ``data-schema``: the sheet's fields (French labels, types, ranges,
  defaults, the book's sentence and the section of the site that explains each one), the
  example sheets and what each roller takes from a sheet, all asked of rules_py
  (``sheet_schema``, ``sheet_examples``) at build time; and ``data-sauvegarde``: every
  game's fields as a check reads them and the backup's format. The page draws its form
  from it, and checks what the reader keeps against it (types, ranges, names, choices:
  sheets/page/check.js, generic over the schema), before the engine has booted; the
  engine then checks each kept sheet whole, in Python, in the browser. A table page's
  ``<div class="dl-table" data-jeu="…">`` (docs/<game>/table.md) gets ``table_schema``: only
  what « L’écran du meneur » reads of the fields (a link's sheet unpacked, a sheet shown).
- ``widgets_config`` (the site step, through ``front_end.front_end_files``): what the
  widgets need of the same schemas (which rollers take sheets, in which places, each game's
  page, the Réserve du meneur as it starts), in the bundles' configuration.
- ``picker_places`` (``rollers.render_widget``): the rows of a widget's « Personnage »
  choice, as the widget's script draws them, for the room the page keeps for them from the parse
  when the device holds sheets of the game; ``presence_hint`` (a page-level step of the site
  step) puts in every page's ``<head>`` the script that says so (the games the device holds
  sheets of, from ``localStorage``, which ``storage/sheets.js`` keeps: IndexedDB cannot be read
  before the body).
- ``check_sheet_pages`` (the site step, over the built files): every game has its page, and
  every section link of the schemas exists in the built site (the page and its anchor): a
  heading renamed in a chapter, or a page left out of the build, stops the build.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import rules_py
from hooks.errors import SiteError
from rules_py.api import SYSTEMS

__all__ = [
    "PRESENCE_HINT",
    "backup_catalogue",
    "check_sheet_pages",
    "insert_sheets",
    "picker_places",
    "presence_hint",
    "schema_of",
    "sheets_page",
    "table_schema",
    "widgets_config",
]


def insert_sheets(text: str, src_uri: str) -> str:
    """``text`` (a page's HTML) with each game's schema on its ``dl-sheets`` placeholder (« Mes personnages »)
    and, on « Mes personnages » only, what the page needs to write and read a backup alone (``data-sauvegarde``:
    every game's fields, see :func:`backup_catalogue`). Its ``dl-table`` one (« L’écran du meneur »,
    docs/<game>/table.md) gets only what the table reads of the schema (:func:`table_schema`): no backup, no
    example sheet, no help text."""

    def fill(match: re.Match[str]) -> str:
        place, kind, game = match.groups()
        if game not in SYSTEMS:
            raise SiteError(
                f"{src_uri}: jeu inconnu « {game} » pour « Mes personnages » ; les jeux sont ceux de "
                f"rules_py/games.py ({', '.join(SYSTEMS)}) : ajoutez-y celui-ci."
            )
        if kind == "table":
            return f'{place} data-schema="{_attribute(table_schema(game))}"'
        schema = _attribute(schema_of(game))
        return f'{place} data-schema="{schema}" data-sauvegarde="{_attribute(backup_catalogue())}"'

    return _PLACEHOLDER.sub(fill, text)


def _attribute(value: Any) -> str:
    return html.escape(json.dumps(value, ensure_ascii=False, separators=(",", ":")), quote=True)


#: What « L’écran du meneur » reads of a field: a link's compact sheet unpacked (links/sheet-code.js: names,
#: types, sub-fields, choices, defaults) and the sheet shown (sheets/view.js: labels, levels' words).
_TABLE_READS = frozenset(
    ("nom", "libelle", "type", "requis", "defaut", "champs", "valeurs", "choix")
    + ("echelles", "echelle_selon", "min", "lignes")
)
#: ... and of a choice: its value and its label (« Au-dessus de la normale », « Personnage joueur (PJ) »).
_TABLE_CHOICE_READS = ("valeur", "libelle")


def table_schema(game: str) -> dict[str, Any]:
    """The game's schema as the table page carries it: its fields with what the table reads of them, nothing
    else (the example sheets, the rollers' bindings, the book's help and links: 5.4 KB gzip of the Solaires
    table page's 17.6, which put its first paint a round trip later on a phone's network)."""
    schema = schema_of(game)
    return {
        "jeu": schema["jeu"],
        "format": schema["format"],
        "champs": _kept_fields(schema["champs"], _TABLE_READS, _TABLE_CHOICE_READS),
    }


#: What a field's description says that a check reads (the rest, the book's words and links, is the form's).
_CHECKED = frozenset(
    ("nom", "libelle", "type", "requis", "defaut", "vide_permis", "min", "max", "max_longueur", "lignes", "choix")
    + ("champs", "valeurs", "element", "max_elements", "noms_uniques", "motif")
)


def _checked_fields(fields: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return _kept_fields(fields, _CHECKED, ("valeur",))


def _kept_fields(
    fields: list[dict[str, Any]], keys: frozenset[str], choice_keys: tuple[str, ...]
) -> list[dict[str, Any]]:
    """``fields`` with only ``keys`` of each (sub-fields and a list's values alike), a choice with ``choice_keys``."""
    out = []
    for field in fields:
        kept = {k: v for k, v in field.items() if k in keys}
        if "champs" in kept:
            kept["champs"] = _kept_fields(kept["champs"], keys, choice_keys)
        if "valeurs" in kept:
            kept["valeurs"] = _kept_fields([kept["valeurs"]], keys, choice_keys)[0]
        if "choix" in kept:
            kept["choix"] = [{k: c[k] for k in choice_keys if k in c} for c in kept["choix"]]
        out.append(kept)
    return out


@cache
def backup_catalogue() -> dict[str, Any]:
    """The backup's description (rules_py's ``sheet_schema``, ``sauvegarde``) and, for every game, what checking
    its sheets and its Réserve reads: a backup holds every game's, and is imported from any game's page."""
    games = {}
    for game in SYSTEMS:
        schema = schema_of(game)
        reserve = schema.get("reserve")
        games[game] = {
            "titre": schema["titre"],
            "page": sheets_page(game),
            "format": schema["format"],
            "limites": schema["limites"],
            "champs": _checked_fields(schema["champs"]),
            "reserve": {"libelle": reserve["libelle"], "champs": _checked_fields(reserve["champs"])}
            if reserve
            else None,
        }
    return {**schema_of(SYSTEMS[0])["sauvegarde"], "jeux": games}


@cache
def widgets_config() -> dict[str, Any]:
    """For the bundles: each roller that reads sheets (its places, and those its « Personnage » choice
    draws), each game's page, the pools as they start. Made once per build (every widget's
    « Personnage » choice reads it: ``picker_places``); not to be changed by its readers."""
    rollers: dict[str, Any] = {}
    for game in SYSTEMS:
        for binding in schema_of(game).get("lanceurs") or []:
            rollers[binding["lanceur"]] = {**binding, "places_du_choix": _chosen_places(binding["places"])}
    return {
        "lanceurs": rollers,
        "pages": {game: sheets_page(game) for game in SYSTEMS},
        "reserves": {
            game: schema_of(game)["reserve_exemple"] for game in SYSTEMS if schema_of(game).get("reserve_exemple")
        },
    }


def picker_places(roller_id: str) -> dict[str, Any] | None:
    """The rows of the roller's « Personnage » choice as sheets/picker.js draws them (None: it takes no sheet).

    ``{"jeu", "seules": [places drawn one per row], "equipes": [places drawn side by side on one row]}``.
    """
    binding = widgets_config()["lanceurs"].get(roller_id)
    if not binding:
        return None
    places = binding["places_du_choix"]
    return {
        "jeu": roller_id.split(".", 1)[0],
        "seules": [p for p in places if not p["equipe"]],
        "equipes": [p for p in places if p["equipe"]],
    }


def _chosen_places(places: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The places the « Personnage » choice offers: not the Réserve du meneur (a pool, not a character), and
    a roller's teams, when it has them, in place of its single places (a team of one is a sheet)."""
    places = [p for p in places if p["cle"] != "reserve"]
    teams = [p for p in places if p["equipe"]]
    return teams or places


#: The games whose sheets the device holds, on ``<html data-fiches="…">``, before the body is parsed:
#: what ``storage/sheets.js`` wrote the last time it listed them, and the games of the copies its table
#: received (``storage/table.js``: the « Personnage » choice offers them too). The widgets' room for their
#: « Personnage » choice is shown for those games only (sheets.css). And ``<html data-table-vu>`` once a table
#: page was seen (``table/screen.js``): its « Comment ça marche » is folded from the parse (table.css).
PRESENCE_HINT = (
    '<script>try{const d=document.documentElement.dataset;d.fiches=[localStorage.getItem("des-et-lames:fiches-jeux"),'
    'localStorage.getItem("des-et-lames:table-jeux")].join(" ").trim();'
    'if(localStorage.getItem("des-et-lames:table-vu"))d.tableVu=""}catch(e){}</script>'
)


def presence_hint(text: str, path: str = "") -> str:
    """``PRESENCE_HINT`` at the end of ``<head>``: on every page, for the theme's instant navigation keeps
    the first page's ``<html>`` (from the home page to a roller's)."""
    if PRESENCE_HINT in text:
        return text
    return text.replace("</head>", PRESENCE_HINT + "</head>", 1)


def check_sheet_pages(site: Path) -> None:
    """Every game's page is built, and every section a schema links to exists there."""
    for game in SYSTEMS:
        page = site / sheets_page(game) / "index.html"
        if not page.is_file():
            raise SiteError(f"« Mes personnages » de {game} : la page {sheets_page(game)} manque au site.")
        if 'class="dl-sheets" data-jeu="' + game + '" data-schema="' not in page.read_text(encoding="utf-8"):
            raise SiteError(f"« Mes personnages » de {game} : la page {sheets_page(game)} n’a pas reçu son schéma.")
        for link in section_links(schema_of(game)):
            path, _, anchor = link.partition("#")
            target = site / path if path.endswith(".html") else site / path / "index.html"
            if not target.is_file():
                raise SiteError(f"Fiche de {game} : le lien « {link} » mène à une page qui n’existe pas.")
            if anchor and f'id="{anchor}"' not in target.read_text(encoding="utf-8"):
                raise SiteError(f"Fiche de {game} : le lien « {link} » mène à une section qui n’existe pas.")


@cache
def schema_of(game: str) -> dict[str, Any]:
    """The game's sheet schema and its example sheets, whole, as rules_py's JSON door gives them."""
    schema = _asked({"op": "sheet_schema", "jeu": game}, game)
    examples = _asked({"op": "sheet_examples", "jeu": game}, game)
    return {**schema, "exemples": examples["fiches"], "reserve_exemple": examples.get("reserve")}


def sheets_page(game: str) -> str:
    """Where a game's « Mes personnages » is, from the site root."""
    return f"{game}/personnages/"


def section_links(schema: dict[str, Any]) -> list[str]:
    """Every « lien » of the schema's fields (sub-fields and the Réserve's included)."""
    out: list[str] = []

    def walk(fields: list[dict[str, Any]]) -> None:
        for field in fields:
            if field.get("lien"):
                out.append(field["lien"])
            walk(field.get("champs") or [])

    walk(schema.get("champs") or [])
    walk((schema.get("reserve") or {}).get("champs") or [])
    return out


def _asked(request: dict[str, Any], game: str) -> dict[str, Any]:
    answer = rules_py.call(request)
    if not answer["ok"]:
        raise SiteError(f"« Mes personnages » de {game} : rules_py refuse {request['op']} : {answer['error']}")
    result: dict[str, Any] = answer["result"]
    return result


_PLACEHOLDER = re.compile(r'(<div class="dl-(sheets|table)" data-jeu="([a-z]+)")')
