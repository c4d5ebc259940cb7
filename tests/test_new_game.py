"""A fifth game added as « Adding a game » says: its own folders, one line of rules_py/games.py, its sections.

``tests/fixtures/new-game/`` holds the smallest game, « Fables » (``fable``): a package with one
mechanic and its exact odds, a « Probabilités » table and a sheet of two fields
(``rules_py/fable/``); its chapter page, « Mes personnages » and « L’écran du meneur »
(``docs/fable/``); its « Probabilités » page; what it adds to ``hooks/page/sections.yml``
(``sections.yml``) and to mkdocs.yml's navigation (``nav.yml``). Each test copies rules_py/ and
hooks/ into a temporary folder, adds the game there and asks the copy, in a Python of its own
(``PYTHONPATH``: the copy, not this checkout): the engine rolls, gives the odds and reads the game's
sheets; the Markdown extension renders its pages; the site step's checks take the navigation. A
place that would still need the game written in by hand fails here; a missing piece is refused with
a sentence naming the file to edit.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from hooks.site_step import read_config
from rules_py.games import GAMES

pytestmark = pytest.mark.slow  # a Python of its own per test, importing the build: seconds each

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "new-game"
REGISTRY_LINE = '    Game("fable", "Fables"),\n'

# Run in the copy; prints one JSON object. argv[1]: "all" (the game whole) or "checks" (the build's
# checks only, each refusal's sentence or None).
SCRIPT = r"""
import json, sys
from pathlib import Path

import markdown

import hooks.page.build_cache as cache

cache.CACHE_DIR = Path("cache").resolve()  # the copy's own: nothing of this checkout's builds is read back
import rules_py
from hooks.errors import SiteError
from hooks.page.extension import WidgetsExtension
from hooks.site_step.games import check_nav, check_sections

nav = json.loads(Path("nav.json").read_text(encoding="utf-8"))


def page(src):
    text = Path("docs", src).read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["attr_list", "md_in_html", "toc", WidgetsExtension(page=src)])


def refusal(step, *args):
    try:
        step(*args)
    except SiteError as err:
        return str(err)
    return None


out = {"rules_py": rules_py.__file__}
if sys.argv[1] == "checks":
    out["nav"] = refusal(check_nav, nav)
    out["sections"] = refusal(check_sections)
    out["chapter"] = refusal(page, "fable/epreuve.md")
    out["sheets"] = refusal(page, "fable/personnages.md")
    out["odds"] = refusal(page, "probabilites/fable.md")
    print(json.dumps(out, ensure_ascii=False))
    sys.exit(0)

from hooks.page.sheets import widgets_config

call = rules_py.call
out["list"] = [r["id"] for r in call({"op": "list"})["result"]]
out["roll"] = call({"op": "roll", "roller": "fable.epreuve", "params": {"talent": 2, "difficulte": 9}, "dice": [3, 4]})
out["odds"] = call({"op": "odds", "roller": "fable.epreuve", "params": {"talent": 2, "difficulte": 9}})
example = call({"op": "sheet_examples", "jeu": "fable"})["result"]["fiches"][0]
params = {"difficulte": 9}
out["from_sheet"] = call({"op": "roll", "roller": "fable.epreuve", "params": params, "dice": [3, 4], "fiche": example})
out["schema"] = call({"op": "sheet_schema", "jeu": "fable"})
out["bad_sheet"] = call({"op": "sheet_check", "fiche": {**example, "talent": 9}})
out["backup"] = call({"op": "sheet_read", "contenu": {"format": 2, "fiches": [example]}})
srcs = ("fable/epreuve.md", "fable/personnages.md", "fable/table.md", "probabilites/fable.md")
out["pages"] = {src: page(src) for src in srcs}
out["sheet_pages"] = widgets_config()["pages"]
out["nav"] = refusal(check_nav, nav)
out["sections"] = refusal(check_sections)
out["nav_without_the_game"] = refusal(check_nav, [item for item in nav if "Fables" not in item])
print(json.dumps(out, ensure_ascii=False))
"""


def _nav_with_the_game() -> list[Any]:
    """mkdocs.yml's navigation with the fixture's: its section after the last game's, its « Probabilités » page."""
    nav: list[Any] = read_config(ROOT / "mkdocs.yml")["nav"]
    added = yaml.safe_load((FIXTURE / "nav.yml").read_text(encoding="utf-8"))
    last = max(i for i, item in enumerate(nav) if isinstance(item, dict) and GAMES[-1].title in item)
    nav.insert(last + 1, added["section"])
    probabilities = next(item for item in nav if isinstance(item, dict) and "Probabilités" in item)
    probabilities["Probabilités"].append(added["probabilites"])
    return nav


def _copy(tmp: Path, *, registered: bool = True, mapped: bool = True) -> Path:
    """rules_py/ and hooks/ with the fixture game added: its folders, the registry's line, its sections (the front
    end and the npm packages linked, not copied: nothing of them is the game's)."""
    copy = tmp / "project"
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("rules_py", "hooks"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=ignore)
    shutil.copytree(FIXTURE / "rules_py", copy / "rules_py", dirs_exist_ok=True, ignore=ignore)
    shutil.copytree(FIXTURE / "docs", copy / "docs")
    shutil.copy(ROOT / "docs" / "probabilites" / "probabilites.css", copy / "docs" / "probabilites")
    for shared in ("frontend", "node_modules", "package.json"):  # read as they are (the site step's imports)
        (copy / shared).symlink_to(ROOT / shared)
    if registered:  # the one line, at the end of the list
        registry = copy / "rules_py" / "games.py"
        text = registry.read_text(encoding="utf-8")
        assert text.count("\n)\n") == 1, "rules_py/games.py: GAMES is no longer the one tuple the test extends"
        registry.write_text(text.replace("\n)\n", "\n" + REGISTRY_LINE + ")\n"), encoding="utf-8")
    if mapped:
        sections = copy / "hooks" / "page" / "sections.yml"
        added = (FIXTURE / "sections.yml").read_text(encoding="utf-8")
        sections.write_text(sections.read_text(encoding="utf-8") + "\n" + added, encoding="utf-8")
    (copy / "nav.json").write_text(json.dumps(_nav_with_the_game(), ensure_ascii=False), encoding="utf-8")
    return copy


def _ask(copy: Path, what: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, what], cwd=copy, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout)
    assert out["rules_py"].startswith(str(copy))  # the copy's package, not this checkout's
    return out


def test_a_new_game_needs_its_folders_one_registry_line_and_its_sections(tmp_path):
    out = _ask(_copy(tmp_path), "all")
    # the engine: the roller, its exact odds, the sheet and a backup holding one
    assert out["list"][-1] == "fable.epreuve"
    roll = out["roll"]["result"]
    assert roll["resultat"] == "Réussite" and roll["total"] == 9 and roll["tirage"] == [3, 4]
    assert out["odds"]["result"]["exact"] == {"Réussite": "7/12", "Échec": "5/12"}  # two d6 of 7 or more: 21 in 36
    filled = out["from_sheet"]["result"]
    assert filled["parametres"]["talent"] == 3 and filled["total"] == 10 and filled["personnage"] == "Renard"
    schema = out["schema"]["result"]
    assert schema["titre"] == "Fables" and [f["nom"] for f in schema["champs"]][-2:] == ["talent", "devise"]
    assert not out["bad_sheet"]["ok"] and out["bad_sheet"]["field"] == "fiche.talent"
    assert out["backup"]["ok"] and out["backup"]["result"]["fiches"][0]["nom"] == "Renard"
    # the pages: the chapter's roller, the odds table linked to it, the sheets' schema, the table's screen
    chapter = out["pages"]["fable/epreuve.md"]
    assert 'data-roller="fable.epreuve"' in chapter and 'id="lanceur-lepreuve"' in chapter
    assert 'id="le-talent"' in chapter  # where the sheet's fields link
    odds = out["pages"]["probabilites/fable.md"]
    assert 'id="fable-epreuve"' in odds and "?lanceur=lanceur-lepreuve&amp;talent=0&amp;difficulte=4#" in odds
    assert 'data-exact="11/12"' in odds  # talent 0, difficulty 4: two d6 of 4 or more, 33 in 36
    assert 'data-jeu="fable" data-schema="' in out["pages"]["fable/personnages.md"]
    assert 'data-jeu="fable"' in out["pages"]["fable/table.md"] and "dl-table__paste" in out["pages"]["fable/table.md"]
    assert out["sheet_pages"]["fable"] == "fable/personnages/"
    # the site step's checks: the navigation with the game's section passes; without it, refused
    assert out["nav"] is None and out["sections"] is None
    assert out["nav_without_the_game"].startswith("mkdocs.yml, nav : le jeu « Fables » (rules_py/games.py)")


def test_without_its_registry_line_the_build_names_rules_py_games(tmp_path):
    out = _ask(_copy(tmp_path, registered=False), "checks")
    for step in ("nav", "chapter", "sheets"):
        assert out[step] and "rules_py/games.py" in out[step], (step, out[step])


def test_without_its_sections_the_build_names_sections_yml(tmp_path):
    out = _ask(_copy(tmp_path, mapped=False), "checks")
    assert out["nav"] is None and out["chapter"] is None  # a page without a mapped section is text only
    assert out["sections"].startswith("hooks/page/sections.yml : le lanceur fable.epreuve (rules_py/fable/)")
    assert out["odds"].startswith("hooks/page/sections.yml : aucune section de fable.epreuve")
