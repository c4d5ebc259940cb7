"""mkdocs.yml's navigation and sections.yml checked against the games' list (``rules_py/games.py``).

Each game of the list has a section of the navigation named as the list names it, in the list's
order, holding its « Mes personnages » (``<game>/personnages.md``) and « L’écran du meneur »
(``<game>/table.md``); a « Probabilités » page of a game (``probabilites/<game>.md``) bears its name.
A game's page of a game the list does not know stops the build too. Every roller of the listed games
has a section in ``hooks/page/sections.yml`` (a roller without one would never be seen by a reader).
Over the built site (``check_site``): what each game's widgets reach by its id is there, its section of
« Notes de lecture » (``#<game>``) and the room its sheets' « Personnage » choice keeps
(``docs/stylesheets/sheets.css``). Each message names the file to edit.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hooks.errors import SiteError
from hooks.page.sections import MAPPING, load_sections
from rules_py.games import GAMES, TITLES
from rules_py.rolling import all_rollers

__all__ = ["check_nav", "check_sections", "check_site", "nav_entries"]

#: The pages each game has in its section (docs/<game>/…), by what they are.
GAME_PAGES = {"personnages.md": "« Mes personnages »", "table.md": "« L’écran du meneur »"}
PROBABILITIES = "probabilites/"


def check_nav(nav: list[Any]) -> None:
    """Stop the build (:class:`SiteError`) where the navigation and the games' list disagree."""
    entries = list(nav_entries(nav))
    sections: dict[str, str] = {}  # game -> the title of the top section holding its pages
    for top, title, path in entries:
        folder, _, name = path.partition("/")
        if path.startswith(PROBABILITIES) and path.count("/") == 1 and name[:-3] in TITLES:
            if title != TITLES[name[:-3]]:
                raise SiteError(
                    f"mkdocs.yml, nav : la page {path} s’appelle « {title} » ; rules_py/games.py nomme ce jeu "
                    f"« {TITLES[name[:-3]]} » : donnez-lui ce titre."
                )
        elif name in GAME_PAGES:
            if folder not in TITLES:
                raise SiteError(
                    f"mkdocs.yml, nav : {path} est une page de jeu, mais « {folder} » n’est pas un jeu de "
                    f'rules_py/games.py : ajoutez-y sa ligne, Game("{folder}", "Le nom du jeu").'
                )
            sections.setdefault(folder, top)
    for game in GAMES:
        for page, what in GAME_PAGES.items():
            if not any(path == f"{game.id}/{page}" for _, _, path in entries):
                raise SiteError(
                    f"mkdocs.yml, nav : le jeu « {game.title} » (rules_py/games.py) n’a pas de page {what} : "
                    f"ajoutez {game.id}/{page} à sa section « {game.title} » (docs/{game.id}/{page}, comme celle "
                    "des autres jeux)."
                )
        if sections[game.id] != game.title:
            raise SiteError(
                f"mkdocs.yml, nav : la section des pages de {game.id} s’appelle « {sections[game.id]} » ; "
                f"rules_py/games.py nomme ce jeu « {game.title} » : donnez-lui ce nom dans mkdocs.yml."
            )
    order = [top for top, _, _ in entries if top in sections.values()]
    shown = list(dict.fromkeys(order))
    wanted = [g.title for g in GAMES]
    if shown != wanted:
        raise SiteError(
            f"mkdocs.yml, nav : les jeux y sont dans l’ordre {', '.join(shown)} ; rules_py/games.py les range "
            f"{', '.join(wanted)} (l’ordre du livre) : rangez les sections de mkdocs.yml dans cet ordre."
        )


def check_sections() -> None:
    """Every roller of the listed games has a section in ``hooks/page/sections.yml``."""
    sections = load_sections(str(MAPPING), MAPPING.stat().st_mtime_ns)
    mapped = {entry["roller"] for entries in sections.values() for entry in entries}
    missing = [r.id for r in all_rollers() if r.id not in mapped]
    if missing:
        raise SiteError(
            f"hooks/page/sections.yml : le lanceur {missing[0]} (rules_py/{missing[0].split('.', 1)[0]}/) n’a "
            "aucune section ; ajoutez-y la page de son chapitre, le titre de la section et le lanceur."
        )


#: The built « Notes de lecture », where each widget's « Notes de lecture » link goes (``#<game>``).
NOTES = "notes-de-lecture/index.html"
#: The stylesheet that keeps each game's room for the widgets' « Personnage » choice (hooks/page/sheets.py).
SHEETS_CSS = "stylesheets/sheets.css"


def check_site(site: Path) -> None:
    """Each game's section of « Notes de lecture » and its rule of sheets.css, in the built site."""
    notes = (site / NOTES).read_text(encoding="utf-8") if (site / NOTES).is_file() else ""
    css = (site / SHEETS_CSS).read_text(encoding="utf-8") if (site / SHEETS_CSS).is_file() else ""
    for game in GAMES:
        if f'id="{game.id}"' not in notes:
            raise SiteError(
                f"docs/notes-de-lecture.md : pas de section « ## {game.title} {{ #{game.id} }} » ; le lien « Notes de "
                "lecture » de chaque lanceur du jeu y mène : écrivez-y ce que le chapitre laisse ouvert."
            )
        rule = f':root[data-fiches~="{game.id}"] .dl-roller__sheets--room[data-jeu="{game.id}"]'
        if rule not in css:
            raise SiteError(
                f"docs/stylesheets/sheets.css : la place du choix « Personnage » des lanceurs de {game.title} manque ; "
                f"ajoutez {rule} à la liste des jeux (« Its room, from the parse »)."
            )


def nav_entries(nav: list[Any], top: str = "") -> Iterator[tuple[str, str, str]]:
    """(its top section's title, its own title, its source file) of each page of the navigation, in order."""
    for item in nav or []:
        if isinstance(item, str):
            yield top, "", item
            continue
        for title, value in item.items():
            if isinstance(value, str):
                yield top or title, title, value
            else:
                yield from nav_entries(value, top or title)
