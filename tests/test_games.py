"""The games' list (rules_py/games.py): what derives from it, and the build's checks against it.

Each check's refusal is one sentence naming the file to edit (mkdocs.yml, hooks/page/sections.yml,
docs/notes-de-lecture.md, docs/stylesheets/sheets.css, rules_py/games.py). A whole new game, added
from its folders and one line of the list, is tests/test_new_game.py's.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from hooks.errors import SiteError
from hooks.page.sections import check_games
from hooks.site_step import read_config
from hooks.site_step.games import check_nav, check_sections, check_site
from rules_py import SYSTEMS
from rules_py.games import GAMES, IDS, TITLES
from rules_py.sheets import load_game
from rules_py.sheets.document import GAME_TITLES
from rules_py.sheets.document import GAMES as SHEET_GAMES

ROOT = Path(__file__).resolve().parents[1]
NAV = read_config(ROOT / "mkdocs.yml")["nav"]


def test_the_engine_and_the_sheets_read_the_list():
    assert SYSTEMS == SHEET_GAMES == IDS == tuple(g.id for g in GAMES)
    assert GAME_TITLES == TITLES
    for game in GAMES:
        sheet = load_game(game.id)
        assert sheet.game == game.id and sheet.title == game.title


def test_each_roller_lives_in_the_module_named_as_its_id():
    """« solaires.opposition » is defined in rules_py/solaires/opposition.py: a roll traced from its id to its file."""
    import importlib
    import inspect

    from rules_py import all_rollers

    for roller in all_rollers():
        game, name = roller.id.split(".", 1)
        where = inspect.getmodule(roller.roll)
        assert where is importlib.import_module(f"rules_py.{game}.{name}"), (
            f"{roller.id}: its Roller is played from {where.__name__}; it belongs in rules_py/{game}/{name}.py"
        )


def test_the_navigation_and_the_sections_of_the_site_pass():
    check_nav(NAV)
    check_sections()


def _section(nav: list, title: str) -> dict:
    return next(item for item in nav if isinstance(item, dict) and title in item)


def _without(nav: list, title: str, page: str) -> list:
    nav = copy.deepcopy(nav)
    section = _section(nav, title)
    section[title] = [p for p in section[title] if page not in (p.values() if isinstance(p, dict) else (p,))]
    return nav


def test_the_navigation_refused_names_the_file_to_edit():
    feerie = TITLES["feerie"]
    cases = {
        "a game without its « Mes personnages »": (
            _without(NAV, feerie, "feerie/personnages.md"),
            "mkdocs.yml, nav : le jeu « Système Féerie » (rules_py/games.py) n’a pas de page « Mes personnages »",
        ),
        "a game without its « L’écran du meneur »": (
            _without(NAV, feerie, "feerie/table.md"),
            "n’a pas de page « L’écran du meneur » : ajoutez feerie/table.md",
        ),
        "a section named otherwise": (
            [{"Féerie": v} if isinstance(v, list) and k == feerie else {k: v} for i in NAV for k, v in _items(i)],
            "la section des pages de feerie s’appelle « Féerie » ; rules_py/games.py nomme ce jeu « Système Féerie »",
        ),
        "two games out of the list's order": (
            _swapped(NAV, TITLES["feerie"], TITLES["simon"]),
            "les jeux y sont dans l’ordre Solaires, Simon Système, Système Féerie",
        ),
        "the page of a game the list does not know": (
            [*NAV, {"Fables": ["fable/personnages.md"]}],
            "mkdocs.yml, nav : fable/personnages.md est une page de jeu, mais « fable » n’est pas un jeu de "
            'rules_py/games.py : ajoutez-y sa ligne, Game("fable", "Le nom du jeu").',
        ),
        "a « Probabilités » page named otherwise": (
            _renamed_probabilities(NAV, "probabilites/simon.md", "Simon"),
            "mkdocs.yml, nav : la page probabilites/simon.md s’appelle « Simon » ; rules_py/games.py nomme ce jeu "
            "« Simon Système »",
        ),
    }
    for what, (nav, said) in cases.items():
        with pytest.raises(SiteError) as refused:
            check_nav(nav)
        assert said in str(refused.value), what


def _items(item: object) -> list[tuple[str, object]]:
    return list(item.items()) if isinstance(item, dict) else [("", item)]


def _swapped(nav: list, a: str, b: str) -> list:
    nav = copy.deepcopy(nav)
    i, j = nav.index(_section(nav, a)), nav.index(_section(nav, b))
    nav[i], nav[j] = nav[j], nav[i]
    return nav


def _renamed_probabilities(nav: list, page: str, title: str) -> list:
    nav = copy.deepcopy(nav)
    pages = _section(nav, "Probabilités")["Probabilités"]
    pages[:] = [{title: page} if isinstance(p, dict) and page in p.values() else p for p in pages]
    return nav


def test_a_section_of_a_game_the_list_does_not_know_is_refused():
    with pytest.raises(SiteError, match=r"hooks/page/sections.yml:12: lanceur « fable.epreuve » : « fable » n’est pas"):
        check_games({"fable/epreuve.md": [{"heading": "L’épreuve", "roller": "fable.epreuve", "_line": 12}]})


def test_a_roller_without_a_section_is_refused(monkeypatch, tmp_path):
    import hooks.site_step.games as games

    mapping = tmp_path / "sections.yml"
    text = (ROOT / "hooks/page/sections.yml").read_text(encoding="utf-8")
    mapping.write_text(text.replace("roller: simon.aide", "roller: simon.jet"), encoding="utf-8")
    monkeypatch.setattr(games, "MAPPING", mapping)
    with pytest.raises(SiteError, match=r"^hooks/page/sections.yml : le lanceur simon.aide \(rules_py/simon/\) n’a"):
        check_sections()


def _site(tmp_path: Path, notes: str, css: str) -> Path:
    (tmp_path / "notes-de-lecture").mkdir(parents=True)
    (tmp_path / "notes-de-lecture" / "index.html").write_text(notes, encoding="utf-8")
    (tmp_path / "stylesheets").mkdir()
    (tmp_path / "stylesheets" / "sheets.css").write_text(css, encoding="utf-8")
    return tmp_path


def test_the_built_site_holds_what_each_games_widgets_reach(tmp_path):
    notes = "".join(f'<h2 id="{g}">{TITLES[g]}</h2>' for g in IDS)
    css = ",\n".join(f':root[data-fiches~="{g}"] .dl-roller__sheets--room[data-jeu="{g}"]' for g in IDS)
    check_site(_site(tmp_path / "whole", notes, css + " { display: block; }"))
    with pytest.raises(
        SiteError, match=r"^docs/notes-de-lecture.md : pas de section « ## Simon Système \{ #simon \} »"
    ):
        check_site(_site(tmp_path / "notes", notes.replace('id="simon"', 'id="simon-systeme"'), css))
    with pytest.raises(
        SiteError, match=r"^docs/stylesheets/sheets.css : la place du choix « Personnage » des lanceurs de De C"
    ):
        check_site(_site(tmp_path / "css", notes, css.replace('data-jeu="dcda"', 'data-jeu="dc"')))
