"""The build's code (package hooks): Markdown in, HTML out through the project's Python-Markdown extension
(fixtures in tests/fixtures/hooks/), the front-end bundle, and strict failures."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import theme_pages

import hooks.page.build_cache as cache_module
import hooks.page.rollers as content_hook
import hooks.page.sections as markdown_hook
import hooks.site_step.front_end as assets_hook
from hooks.errors import SiteError
from hooks.page.extension import WidgetsExtension

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "hooks"


@pytest.fixture
def mapping(monkeypatch, tmp_path):
    def use(text: str):
        path = tmp_path / "sections.yml"
        path.write_text(text, encoding="utf-8")
        monkeypatch.setattr(markdown_hook, "MAPPING", path)

    return use


def render(source: str, page: str = "page.md") -> str:
    """``source`` through plain Python-Markdown with the project's extension, as any generator runs it."""
    import markdown as md

    return md.markdown(source, extensions=["fenced_code", WidgetsExtension(page=page)])


def test_markdown_in_html_out(mapping):
    mapping((FIXTURES / "sections.yml").read_text(encoding="utf-8"))
    source = (FIXTURES / "page.md").read_text(encoding="utf-8")
    marked, entries = markdown_hook.mark_sections(source, "page.md")
    # the placeholder goes at the end of the section's own text, not inside the code fence
    assert marked.index("des-et-lames:roller 0") > marked.index("```\n## Aléatoire")
    assert marked.index("des-et-lames:roller 0") < marked.index("## Suite")
    assert [e["slug"] for e in entries] == ["aleatoire-dans-l-environnement"]
    out = render(source)
    expected = (FIXTURES / "page.html").read_text(encoding="utf-8")
    assert normalise(out) == normalise(expected)


def test_the_extension_gives_every_heading_the_mkdocs_id():
    """toc's ids (its default slug, ``_1`` for a repeat, footnote calls left out), written before toc runs."""
    import markdown as md

    source = (
        "# Titre : « un »\n\n## Résolution de l'action\n\n## Résolution de l'action\n\n"
        "## Note[^1] ?\n\n## Gardé {#mon-id}\n\n[^1]: x\n"
    )
    with_ext = md.markdown(source, extensions=["attr_list", "footnotes", "toc", WidgetsExtension(page="p.md")])
    plain = md.markdown(source, extensions=["attr_list", "footnotes", "toc"])
    ids = re.findall(r'<h\d id="([^"]+)"', with_ext)
    assert ids == ["titre-un", "resolution-de-laction", "resolution-de-laction_1", "note", "mon-id"]
    assert ids == re.findall(r'<h\d id="([^"]+)"', plain)
    # without toc, the ids are the same: they are the extension's
    assert (
        re.findall(
            r'<h\d id="([^"]+)"',
            md.markdown(source, extensions=["attr_list", "footnotes", WidgetsExtension(page="p.md")]),
        )
        == ids
    )


def test_the_extension_needs_to_know_the_page():
    import markdown as md

    with pytest.raises(SiteError, match="quelle page est rendue"):
        md.markdown("# Titre\n", extensions=[WidgetsExtension()])


def normalise(html: str) -> str:
    """Whitespace between tags dropped; French typography's no-break spaces read as spaces."""
    return re.sub(r">\s+<", "><", html.strip()).replace("\u00a0", " ").replace("\u202f", " ")


def test_widget_carries_roller_form_odds_and_example(mapping):
    mapping((FIXTURES / "sections.yml").read_text(encoding="utf-8"))
    out = render((FIXTURES / "page.md").read_text(encoding="utf-8"))
    assert 'data-roller="solaires.environnement"' in out
    assert '<option value="defaveur" selected>' in out
    assert "Lancer" in out and "Rejouer l’exemple du livre" in out
    assert 'aria-live="polite"' in out
    # exact odds of the preset (score 2: each die kept with 1/3), computed at build
    # 2 or 3 dice of 3 kept: 6/27 + 1/27 = 7/27, i.e. 25,9 % of success
    assert "(2/9)" in out and "(1/27)" in out and "25,9\u00a0%" in out


def test_missing_heading_fails_with_the_place(mapping):
    mapping('page.md:\n  - heading: "Absent"\n    roller: solaires.environnement\n')
    with pytest.raises(SiteError, match=r"sections\.yml:2: page\.md .*« Absent » introuvable"):
        render("# Titre\n\n## Autre\n")


def test_rejected_preset_fails_with_page_and_line(mapping):
    mapping('page.md:\n  - heading: "Autre"\n    roller: solaires.environnement\n    preset: {preference: enorme}\n')
    with pytest.raises(SiteError, match=r"^page\.md:3: préréglage refusé .*Préférence"):
        render("# Titre\n\n## Autre\n\nTexte.\n")


def test_wrong_book_result_fails(mapping):
    mapping(
        'page.md:\n  - heading: "Autre"\n    roller: solaires.environnement\n'
        '    example: {dice: [4, 3, 6], result: "Favorable"}\n'
    )
    with pytest.raises(SiteError, match=r"^page\.md:3: l’exemple du livre donne"):
        render("# Titre\n\n## Autre\n")


def test_section_ranges_and_nbsp():
    heads = markdown_hook.section_ranges("# A\n\ntexte\n\n## B\u00a0: c\n\n```\n# pas un titre\n```\n")
    assert [(h.text, h.level, h.line, h.body_end) for h in heads] == [("A", 1, 0, 4), ("B : c", 2, 4, 9)]


def test_shipped_python_behaves_like_the_package(tmp_path):
    package = tmp_path / "rules_py"
    package.mkdir()
    for path in assets_hook.python_sources():
        shipped = package / path.relative_to(ROOT / "rules_py")  # a game's package keeps its folder
        shipped.parent.mkdir(exist_ok=True)
        shipped.write_text(assets_hook.shrink(path.read_text(encoding="utf-8")), encoding="utf-8")
    code = (
        "import json, rules_py; print(rules_py.call_json(json.dumps({'op': 'roll', 'roller': "
        "'solaires.action', 'params': {'difficulte': -2, 'elements': '3,2', 'typique': True, "
        "'alteration': 'adoucie'}, 'dice': [4, 6, 2]})))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert "Échec avec contrepartie positive" in done.stdout
    assert not (ROOT / "docs" / "rules_py").exists()


def _without_docstrings(source: str) -> str:
    import ast

    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def test_shrink_keeps_the_code_exactly():
    """The line scan drops docstrings and comment lines only: same syntax tree otherwise."""
    for path in assets_hook.python_sources():
        source = path.read_text(encoding="utf-8")
        shrunk = assets_hook.shrink(source)
        assert len(shrunk) < len(source)
        assert _without_docstrings(shrunk) == _without_docstrings(source), path.name
    tricky = 'def f():\n    """Doc."""\n\n\nX = """\n# not a comment\n"""\n\nclass C:\n    """Doc\n    more."""\n    y = 1  # kept\n'
    assert _without_docstrings(assets_hook.shrink(tricky)) == _without_docstrings(tricky)
    assert "# not a comment" in assets_hook.shrink(tricky)
    # A trailing comment goes where the line has no quote; a string's lines keep their indent.
    nested = (
        'def g(a):\n    x = [\n        a,  # gone\n      ]\n    y = "#kept"  # a quote on the line\n'
        '    if x:\n        return """\n        # inside\n    """\n    return y\n'
    )
    shrunk = assets_hook.shrink(nested)
    assert _without_docstrings(shrunk) == _without_docstrings(nested)
    assert "gone" not in shrunk and '\n        # inside\n    """' in shrunk and "\n  return" in shrunk


def test_strict_build_fails_on_a_missing_heading(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "hooks", project / "hooks")
    shutil.copytree(ROOT / "frontend", project / "frontend")
    shutil.copytree(ROOT / "overrides", project / "overrides")  # the theme's custom_dir
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    sections = project / "hooks" / "page" / "sections.yml"
    sections.write_text(
        sections.read_text(encoding="utf-8").replace(
            "Règle optionnelle : Aléatoire dans l'environnement", "Un titre qui n'existe pas"
        ),
        encoding="utf-8",
    )
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "out")],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "solaires/resoudre-une-action.md" in done.stderr
    assert re.search(r"sections\.yml:\d+: .*« Un titre qui n'existe pas » introuvable", done.stderr)


@pytest.fixture(scope="module")
def bundles():
    """The front end as esbuild bundles it (``bundled``), with a configuration of the build's shape."""
    from hooks.page.sheets import widgets_config

    page = {"pyodide": "https://cdn.example/pyodide/", "version": "0123456789ab"}
    lean = {**page, "fiches": {"lanceurs": dict.fromkeys(widgets_config()["lanceurs"], 1)}}
    defines = {"BUILD_CONFIG": lean, "BUILD_SHEETS_CONFIG": widgets_config(), "BUILD_GAMES": {"solaires": "Solaires"}}
    return assets_hook.bundled(defines, prefetch=page, engine={**page, "core": "core.txt", "download": "5,0 Mo"})


def test_front_end_bundles_are_valid_es_modules_holding_every_module(bundles, tmp_path):
    """frontend/ becomes its bundles (rollers.js from main.js, sheets.js from sheets/page/main.js…) and the
    inline <head> scripts: every module in one of them, no import left, valid syntax; two builds alike."""
    folder = ROOT / "frontend"
    inline = assets_hook.inline_scripts()
    held = {module for modules in [*bundles.modules.values(), *inline.modules.values()] for module in modules}
    for path in folder.rglob("*.js"):
        name = path.relative_to(folder).as_posix()
        if name == "sw.js" or path.name == "index.js":  # the service worker (offline.py); the rooms' doors, no code
            continue
        assert name in held, f"{name} is in no bundle"
    assert set(bundles.files) == {*assets_hook.BUNDLES, assets_hook.WORKER, assets_hook.STYLESHEET}
    # the page's own modules stay out of the bundle every page loads, and so do the sheets' and the table's
    # (fiches.js, table.js: fetched where they are used) and the pad of « Entrer mes dés » (dice-pad.js, at
    # its first tap), and so do the sheets' configuration
    for name in (
        "sheets/page/page.js",
        "sheets/picker.js",
        "sheets/writeback.js",
        "storage/sheets.js",
        "storage/table.js",
        "links/codec.js",
        "widget/dice-pad.js",
    ):
        assert name not in bundles.modules["rollers.js"], name
    assert "sheets/picker.js" in bundles.modules["fiches.js"] and "table/screen.js" in bundles.modules["table.js"]
    # the pad's bundle: the pad and the markup helpers it draws with, no configuration (it reads none)
    assert "widget/dice-pad.js" in bundles.modules["dice-pad.js"] and "config.js" not in bundles.modules["dice-pad.js"]
    for name in ("rollers.js", "prefetch.js", "journal-panel.js"):
        assert "places_du_choix" not in bundles.files[name], name
    assert "places_du_choix" in bundles.files["fiches.js"]
    # the <head> scripts: classic scripts in a scope of their own, no module of the page's bundle but theirs
    assert inline.modules["navigation.js"] == (
        "browser/early-tap.js",
        "browser/page-top.js",
        "browser/same-page.js",
        "navigation.js",
    )
    for name, text in [*bundles.files.items(), *inline.files.items()]:
        if name.endswith(".css"):
            continue
        # no import statement left (a bundle's import(…) of a URL stays)
        assert not re.search(r"\bimport\s*[{*]|\bfrom\s*[\"']\.|\bimport\s*[\"']\.", text), name
        script = tmp_path / (name.replace(".js", ".mjs") if name in bundles.files else name)
        script.write_text(text, encoding="utf-8")
        done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    assert all(text.startswith("(()=>{") for text in inline.files.values())
    worker = re.match(r"const CONFIG = (.*);\n", bundles.files["rollers-worker.js"])
    assert worker and json.loads(worker.group(1))["download"] == "5,0 Mo"
    # the build's configuration written in once, as JSON; the same bundles from the same sources
    assert '"version":"0123456789ab"' in bundles.files["rollers.js"].replace("\\", "")
    again = assets_hook.bundled(
        {"BUILD_CONFIG": {"version": "x"}, "BUILD_SHEETS_CONFIG": {}, "BUILD_GAMES": {}},
        prefetch={"version": "x"},
        engine={},
    )
    assert again.files["rollers.js"] != bundles.files["rollers.js"]
    assert again.files["rollers.css"] == bundles.files["rollers.css"]


def test_the_bundler_says_what_it_could_not_build(tmp_path, monkeypatch):
    """A module that imports what does not exist, a name of the build's configuration not written in: the build
    stops with esbuild's words, the file named."""
    monkeypatch.setattr(assets_hook, "STATIC", tmp_path)
    (tmp_path / "main.js").write_text('import { a } from "./room/a.js";\nconsole.log(a);\n', encoding="utf-8")
    with pytest.raises(SiteError, match=r"esbuild could not build the front end: .*room/a\.js"):
        assets_hook._build(["main.js"], ["--bundle", "--format=esm"], {})
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "a.js").write_text("export const a = JSON.parse(BUILD_CONFIG);\n", encoding="utf-8")
    with pytest.raises(SiteError, match="main.js: « BUILD_CONFIG » was not written in"):
        assets_hook._build(["main.js"], ["--bundle", "--format=esm"], {})
    built = assets_hook._build(["main.js"], ["--bundle", "--format=esm"], {"BUILD_CONFIG": {"a": "é"}})
    assert built.modules["main.js"] == ("main.js", "room/a.js")
    assert 'JSON.parse(\'{"a":"é"}\')' in built.files["main.js"]


def test_a_rebuild_bundles_again_only_what_changed(tmp_path, monkeypatch):
    """The same esbuild run over the same modules, in the same process (``mkdocs serve`` after a chapter's
    edit), gives its output again without running esbuild; a module changed runs it again."""
    monkeypatch.setattr(assets_hook, "STATIC", tmp_path)
    monkeypatch.setattr(assets_hook, "_BUILT", {})
    (tmp_path / "main.js").write_text("console.log(1);\n", encoding="utf-8")
    built = assets_hook._build(["main.js"], ["--bundle", "--format=esm"], {})
    runs: list[object] = []
    real = subprocess.run
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: runs.append(a) or real(*a, **k))
    assert assets_hook._build(["main.js"], ["--bundle", "--format=esm"], {}) is built
    assert runs == []
    (tmp_path / "main.js").write_text("console.log(2);\n", encoding="utf-8")
    again = assets_hook._build(["main.js"], ["--bundle", "--format=esm"], {})
    assert len(runs) == 1 and "console.log(2)" in again.files["main.js"]


def test_the_qr_library_is_shipped_beside_the_bundles_with_its_licence(built_site):
    """lean-qr (npm, package-lock.json) is a file of the site of its own, with its licence: links/qr.js fetches it
    when a code is shown; no bundle holds it."""
    folder = built_site / "assets" / "rollers"
    library = (folder / "lean-qr.js").read_text(encoding="utf-8")
    assert library == (ROOT / "node_modules" / "lean-qr" / "index.mjs").read_text(encoding="utf-8")
    assert "MIT License" in (folder / "lean-qr.LICENSE.txt").read_text(encoding="utf-8")
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert (
        lock["packages"]["node_modules/lean-qr"]["version"]
        == json.loads((ROOT / "node_modules" / "lean-qr" / "package.json").read_text(encoding="utf-8"))["version"]
    )
    assert "lean-qr.js" in (folder / "table.js").read_text(encoding="utf-8")
    assert "lean-qr" not in (folder / "rollers.js").read_text(encoding="utf-8")


def test_the_prefetch_bundle_is_small_and_holds_no_page_code(bundles):
    """prefetch.js, first in a roller page's <head>, holds the worker's making and the build's
    configuration only: no widget, no rendering, no offline copy."""
    assert bundles.modules["prefetch.js"] == (
        "config.js",
        "engine/engine-worker.js",
        "engine/first-tap.js",
        "engine/prefetch.js",
    )
    assert len(bundles.files["prefetch.js"].encode()) < 1500


def test_the_games_and_the_sheet_keys_reach_the_front_end_from_rules_py(built_site):
    """The list of the games (with each one's name) and the keys of a request that carry sheets are rules_py's,
    written in by the build: the table's bundle and the worker read them there, and no module of the front end
    holds a copy of its own (a new game, or a new sheet key, needs no edit there)."""
    from helpers import bundle_configs

    from hooks.page.sheets import schema_of
    from rules_py.api import SHEET_KEYS, SYSTEMS

    titles = {game: schema_of(game)["titre"] for game in SYSTEMS}
    folder = built_site / "assets" / "rollers"
    assert bundle_configs((folder / "table.js").read_text(encoding="utf-8"))[-1] == titles
    worker = (folder / "rollers-worker.js").read_text(encoding="utf-8")
    assert json.loads(re.match(r"const CONFIG = (.*);\n", worker).group(1))["sheet_keys"] == list(SHEET_KEYS)
    for path in sorted((ROOT / "frontend").rglob("*.js")):
        code = re.sub(r"^\s*//.*$|//[^\"'`\n]*$", "", path.read_text(encoding="utf-8"), flags=re.M)  # comments apart
        for title in titles.values():
            assert not re.search(rf"[\"'`]{re.escape(title)}[\"'`]", code), (
                f"{path.name}: « {title} », a copy of the games"
            )
        for key in SHEET_KEYS:
            if "_" in key:  # fiche_defense, fiches_a…: only rules_py's contract names them
                assert not re.search(rf"[\"'`]{key}[\"'`]", code), f"{path.name}: « {key} », a copy of SHEET_KEYS"


def test_pages_with_rollers_or_sheets_ask_for_the_engine_first_in_their_head(built_site):
    """prefetch.js is the page's first script, in <head> right after the charset and the policy (its
    preloads), on every page with rollers or sheets, and on no other page."""
    counts = {True: 0, False: 0}
    for page in theme_pages(built_site):
        html = page.read_text(encoding="utf-8")
        engine = bool(
            re.search(r'<section class="dl-roller"[^>]*\sdata-roller="|<div class="dl-sheets" data-jeu="', html)
        )
        tags = list(re.finditer(r'<script src="([^"]*prefetch\.js)" type="module" async></script>', html))
        counts[engine] += 1
        if not engine:
            assert tags == [], page
            continue
        assert len(tags) == 1, page
        tag = tags[0]
        assert tag.start() == re.search(r"<script\b", html).start() < html.index("</head>"), page
        assert re.fullmatch(
            r'\s*<meta charset="utf-8">\s*<meta http-equiv="Content-Security-Policy"[^>]*>(<link [^>]*>)*',
            html[html.index("<head>") + 6 : tag.start()],
        ), page
        assert (page.parent / tag.group(1)).resolve() == (built_site / "assets" / "rollers" / "prefetch.js").resolve()
    assert counts[True] >= 10 and counts[False] >= 3, counts


def test_the_backup_catalogue_goes_only_where_a_backup_is_written_or_read(built_site):
    """Each game's « Mes personnages » carries the backup's catalogue (sheets/page/page.js reads it); its
    « L’écran du meneur » carries only what the table reads of the game's schema (table/screen.js reads no backup,
    no example sheet, no help text): on a phone's network, the Solaires table page was a round trip later."""
    import html as htmllib

    from hooks.page.sheets import backup_catalogue, schema_of, sheets_page, table_schema
    from rules_py.api import SYSTEMS

    for game in SYSTEMS:
        sheets = (built_site / sheets_page(game) / "index.html").read_text(encoding="utf-8")
        found = re.search(
            rf'<div class="dl-sheets" data-jeu="{game}" data-schema="([^"]*)" data-sauvegarde="([^"]*)"', sheets
        )
        assert found, game
        assert json.loads(htmllib.unescape(found.group(2))) == backup_catalogue()
        table = (built_site / game / "table" / "index.html").read_text(encoding="utf-8")
        found = re.search(rf'<div class="dl-table" data-jeu="{game}" data-schema="([^"]*)"[ >]', table)
        assert found, game
        assert json.loads(htmllib.unescape(found.group(1))) == table_schema(game)
        assert json.loads(htmllib.unescape(found.group(1))) != schema_of(game)
        assert "data-sauvegarde" not in table and "exemples" not in table_schema(game), game


def test_the_table_schema_keeps_every_key_the_table_reads_of_a_field():
    """What links/sheet-code.js (a link's sheet unpacked) and sheets/view.js (« Toute la fiche ») read of a
    field is in the table page's schema: a key read there and trimmed by the build would show a sheet wrong."""
    from hooks.page.sheets import _TABLE_READS, table_schema
    from rules_py.api import SYSTEMS

    static = ROOT / "frontend"
    texts = [(static / name).read_text(encoding="utf-8") for name in ("links/sheet-code.js", "sheets/view.js")]
    read = {key for text in texts for key in re.findall(r"\b(?:field|sub)\??\.(\w+)", text)}
    assert {"libelle", "choix", "echelles"} <= read
    assert read <= _TABLE_READS, read - _TABLE_READS
    # and of the schema itself, there and in the rest of the table's modules
    texts += [path.read_text(encoding="utf-8") for path in (static / "table").glob("*.js")]
    top = {key for text in texts for key in re.findall(r"\bschema\??\.(\w+)", text)}
    assert {"champs", "format"} <= top
    for game in SYSTEMS:
        assert top <= table_schema(game).keys(), (game, top - table_schema(game).keys())


def test_widgets_that_take_sheets_carry_the_room_of_their_choice_and_every_page_reads_which_games(built_site):
    """The « Personnage » choice's room (widget.html): the rows sheets/picker.js draws, hidden unless the
    device holds sheets of the game (sheets.css, for every game), which a script of every page's <head> says."""
    from hooks.page.sheets import PRESENCE_HINT, picker_places, widgets_config
    from rules_py.api import SYSTEMS

    css = (ROOT / "docs" / "stylesheets" / "sheets.css").read_text(encoding="utf-8")
    for game in SYSTEMS:
        assert f':root[data-fiches~="{game}"] .dl-roller__sheets--room[data-jeu="{game}"]' in css, game
    assert picker_places("solaires.environnement") is None
    assert [p["cle"] for p in picker_places("simon.jet")["seules"]] == ["fiche"]  # not the Réserve du meneur
    teams = picker_places("dcda.confrontation")
    assert teams["seules"] == [] and [p["cle"] for p in teams["equipes"]] == ["fiches_a", "fiches_b"]
    rooms = 0
    for page in theme_pages(built_site):
        html = page.read_text(encoding="utf-8")
        assert html.count(PRESENCE_HINT) == 1 and html.index(PRESENCE_HINT) < html.index("</head>"), page
        for widget in re.finditer(r'<section class="dl-roller" [^>]*data-roller="([\w.]+)".*?</form>', html, re.S):
            room = re.search(
                r'<div class="dl-roller__sheets dl-roller__sheets--room" data-jeu="(\w+)" inert>(.*?)<fieldset',  # the form's first
                widget.group(0),
                re.S,
            )
            if widget.group(1) not in widgets_config()["lanceurs"]:
                assert room is None, (page, widget.group(1))
                continue
            rooms += 1
            places = picker_places(widget.group(1))
            assert room.group(1) == places["jeu"], (page, widget.group(1))
            assert room.group(2).count("<select ") == len(places["seules"]), (page, widget.group(1))
            assert room.group(2).count("<details ") == len(places["equipes"]), (page, widget.group(1))
    assert rooms >= 10, rooms


def test_roller_pages_end_their_head_with_what_must_be_known_before_the_body_and_carry_the_first_tap_note(
    built_site,
):
    """A page with rollers ends its <head> with one script (engine/first-tap.js, result/results-room.js, their calls), and
    every roller holds the note a first tap's wait shows (its words and the download's size from the build);
    a page without rollers has neither. Every page of the book, last in its <head>, holds browser/same-page.js
    (with page-top.js and early-tap.js; before the theme's script: its listener of history's moves must come first); the 404 page has no heading to go to."""
    from hooks.site_step.front_end import download_figure, head_tag, inline_scripts, navigation_tag

    HEAD_SCRIPT, NAVIGATION_SCRIPT = head_tag(), navigation_tag()  # noqa: N806 (the page's constants)
    assert inline_scripts().modules["head.js"] == ("engine/first-tap.js", "head.js", "result/results-room.js")
    assert "des-et-lames:jets-place:" in HEAD_SCRIPT and "data-moteur-au-premier-jet" in HEAD_SCRIPT
    assert re.fullmatch(r"\d+,\d\u00a0Mo", download_figure())
    note = f"le moteur de dés (environ {download_figure()}) ne sera téléchargé qu’à votre premier jet."
    roller_pages = 0
    assert "popstate" in NAVIGATION_SCRIPT and "sitemap.xml" in NAVIGATION_SCRIPT
    for page in theme_pages(built_site):
        html = page.read_text(encoding="utf-8")
        if page.name == "404.html":
            assert NAVIGATION_SCRIPT not in html
        else:
            assert html.count(NAVIGATION_SCRIPT) == 1, page
            assert html.index(NAVIGATION_SCRIPT) + len(NAVIGATION_SCRIPT) == html.index("</head>")
            assert html.index("</head>") < re.search(r'<script src="[^"]*javascripts/bundle\.', html).start()
        widgets = html.count('<section class="dl-roller" ')
        if not widgets:
            assert HEAD_SCRIPT not in html and "dl-roller__deferred" not in html, page
            continue
        roller_pages += 1
        assert html.count(HEAD_SCRIPT) == 1
        assert html.index(HEAD_SCRIPT) + len(HEAD_SCRIPT) == html.index(NAVIGATION_SCRIPT)
        assert html.count(note) == widgets and '<div class="dl-roller__deferred"></div>' not in html, page
    assert roller_pages >= 6, roller_pages
    # one figure for the engine's download wherever a page speaks of it (the home page said 4,5 Mo by hand)
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert f'<span class="dl-taille-moteur">(environ {download_figure()})</span>' in home
    figures = {
        m
        for page in built_site.rglob("*.html")
        for m in re.findall(r"environ (\d+,\d)\u00a0Mo", page.read_text("utf-8"))
    }
    assert figures == {download_figure().removesuffix("\u00a0Mo")}, figures
    css = (ROOT / "frontend" / "rollers.css").read_text(encoding="utf-8")
    assert ":root[data-moteur-au-premier-jet] .dl-roller__deferred { display: block; }" in css


def test_percentages_round_alike_at_build_and_in_the_browser(tmp_path):
    """One rounding rule: rollers.percent_rows/percent (build) and browser/dom.js percentRows/percent (browser)."""
    import json
    import random
    from fractions import Fraction

    rng = random.Random(9)
    cases = [
        [1 / 16, 1 / 4, 3 / 8, 5 / 16],
        [3 / 16, 5 / 16, 5 / 16, 3 / 16],
        [1 / 27, 2 / 9, 4 / 9, 8 / 27],
        [0.0004, 0.9996],
        [1 / 3, 1 / 3, 1 / 3],
        [1 / 1024, 1023 / 1024],
        [0.0, 1.0],
    ]
    for _ in range(300):  # exact odds as the rules give them: fractions of one denominator
        q = rng.choice([6, 16, 27, 36, 216, 1024, 3125, 7776, 8000])
        cut = sorted(rng.randint(0, q) for _ in range(rng.randint(1, 5)))
        parts = [b - a for a, b in zip([0, *cut], [*cut, q], strict=True)]
        cases.append([float(Fraction(n, q)) for n in parts])
    built = [content_hook.percent_rows(ps) for ps in cases]
    success = [content_hook.percent(ps[0], digits) for ps, (_, digits) in zip(cases, built, strict=True)]
    module = tmp_path / "dom.mjs"
    module.write_text((ROOT / "frontend/browser/dom.js").read_text(encoding="utf-8"), encoding="utf-8")
    script = (
        f"import {{ percent, percentRows }} from {json.dumps(module.as_uri())};\n"
        f"const cases = {json.dumps(cases)};\n"
        "console.log(JSON.stringify(cases.map((ps) => { const r = percentRows(ps); "
        "return [r.texts, r.digits, percent(ps[0], r.digits)]; })));\n"
    )
    browser = node_json(script)
    assert browser == [[texts, digits, one] for (texts, digits), one in zip(built, success, strict=True)]
    for texts, _digits in built:
        values = [
            0.0 if t.startswith("<") else 100.0 if t.startswith(">") else float(t.split("\u00a0")[0].replace(",", "."))
            for t in texts
        ]
        assert round(sum(values), 6) == 100 or values == [0.0] * len(values)
        assert "0,0\u00a0%" not in texts


def test_the_build_cache_reads_back_only_what_the_same_sources_gave(tmp_path, monkeypatch):
    cache = cache_module
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    template = tmp_path / "widget.html"
    template.write_text("v1", encoding="utf-8")
    calls = []

    def compute(text):
        calls.append(text)
        return text

    assert cache.cached_html("widget-p-0", {"a": 1}, (template,), lambda: compute("one")) == "one"
    assert cache.cached_html("widget-p-0", {"a": 1}, (template,), lambda: compute("two")) == "one"  # read back
    assert calls == ["one"]
    assert cache.cached_html("widget-p-0", {"a": 2}, (template,), lambda: compute("three")) == "three"  # new key
    template.write_text("v2 (edited while serving)", encoding="utf-8")  # the same process sees it
    assert cache.cached_html("widget-p-0", {"a": 2}, (template,), lambda: compute("four")) == "four"  # new sources
    # one entry per kind: the stale ones are gone; another kind is left alone
    cache.cached_html("widget-p-0-1", {}, (template,), lambda: "other")
    names = sorted(p.name.split("~")[0] for p in (tmp_path / "cache").glob("*.html"))
    assert names == ["widget-p-0", "widget-p-0-1"]


def test_the_journal_says_what_each_roll_was_judged_against(tmp_path):
    """journal/text.js's benchmarkText over the engine's real answers, in Node: the book's figures, in French;
    and detailText says « dés réels » (« cartes réelles ») first for a roll whose dice were entered by hand."""
    module = module_for_node(tmp_path, "journal/text.js")
    from rules_py import roll

    answers = {
        "solaires.action": roll("solaires.action", {"difficulte": -2, "elements": [3, 2], "typique": True}, seed=1),
        "feerie.action": roll("feerie.action", {"element": 2, "difficulte": 3}, seed=1),
        "feerie.opposition": roll("feerie.opposition", {"des_a": 3, "des_b": 2}, seed=1),
        "simon.jet": roll("simon.jet", {"expertise": 2, "niveau": "debutant"}, seed=1),
        "simon.opposition": roll("simon.opposition", {"expertise_a": 5, "expertise_b": 7}, seed=1),
        "dcda.tour": roll("dcda.tour", {}, seed=1),
        "solaires.points": roll("solaires.points", {}, seed=1),
    }
    script = (
        f"import {{ benchmarkText }} from {json.dumps(module.as_uri())};\n"
        f"const answers = {json.dumps(answers)};\n"
        "console.log(JSON.stringify(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, benchmarkText(r)]))));\n"
    )
    said = node_json(script)
    entries = [
        {
            "roller": "simon.jet",
            "reels": True,
            "des": [{"titre": "Dés du jet", "des": ["20", "3"]}],
            "repere": "seuil 9",
        },
        {"roller": "dcda.tour", "reels": True, "des": [], "repere": ""},
        {"roller": "simon.jet", "des": [{"titre": "Dés du jet", "des": ["20", "3"]}], "repere": "seuil 9"},
    ]
    details = node_json(
        f"import {{ detailText }} from {json.dumps(module.as_uri())};\n"
        f"console.log(JSON.stringify({json.dumps(entries)}.map(detailText)));\n"
    )
    assert details == ["dés réels ; dés du jet : 20, 3 ; seuil 9", "cartes réelles", "dés du jet : 20, 3 ; seuil 9"]
    a = answers
    assert said["solaires.action"] == f"score à battre {a['solaires.action']['score']}"
    assert said["feerie.action"] == (
        f"efforts {a['feerie.action']['efforts_joueurs']} contre {a['feerie.action']['efforts_meneur']}"
    )
    assert said["feerie.opposition"] == (
        f"efforts {a['feerie.opposition']['efforts_a']} contre {a['feerie.opposition']['efforts_b']}"
    )
    jet = a["simon.jet"]
    got = jet["reussites_obtenues"]
    assert said["simon.jet"] == (
        f"seuil {jet['seuil']}, {got} réussite{'s' if got > 1 else ''} sur {jet['reussites_requises']} requises"
    )
    assert (
        said["simon.opposition"] == f"seuils {a['simon.opposition']['seuil_a']} et {a['simon.opposition']['seuil_b']}"
    )
    totals = a["dcda.tour"]["totaux"]
    assert said["dcda.tour"] == f"forces {totals['a']} contre {totals['b']}"
    assert said["solaires.points"] == ""  # nothing rolled against


def test_a_sheets_changes_read_in_the_readers_words(tmp_path):
    """sheets/lines.js over rules_py's own changes, in Node: an element raised in its place reads « Pilote (2) →
    Pilote (3) » (it read « + Pilote (3) », as if one were added), points « 4 → 1 »."""
    import rules_py

    perseus = next(
        f
        for f in rules_py.call({"op": "sheet_examples", "jeu": "solaires"})["result"]["fiches"]
        if f["nom"].startswith("Pers")
    )
    sheet = {**perseus, "points": 4, "points_max": 4}
    shown = rules_py.call({"op": "roll", "roller": "solaires.points", "params": {}, "fiche": sheet})["result"]
    raised = rules_py.call(
        {
            "op": "action",
            "roller": "solaires.points",
            "action": "depenser",
            "state": shown["etat"],
            "fiche": sheet,
            "params": {
                "utilisation": "lien-element",
                "alteration_personnage": 1,
                "element": "Pilote",
                "element_categorie": "carriere",
                "element_score": 3,
            },
        }
    )["result"]
    module = tmp_path / "lines.mjs"
    module.write_text((ROOT / "frontend/sheets/lines.js").read_text(encoding="utf-8"), encoding="utf-8")
    script = (
        f"import {{ changeLines }} from {json.dumps(module.as_uri())};\n"
        f"console.log(JSON.stringify(changeLines({json.dumps(raised['modifications'])})));\n"
    )
    lines = [line.replace("\u00a0", " ").replace("\u202f", " ") for line in node_json(script)]
    assert "Éléments : Pilote (2) → Pilote (3)" in lines, lines
    assert any(line.startswith("Points de personnage : 4 → 1") for line in lines), lines


def test_an_undo_finds_its_step_when_the_meneurs_share_went_to_her_phone(tmp_path):
    """sheets/story.js, in Node: the key of a step whose Réserve went « Pour le meneur » (a player's 1, written on
    the meneuse's phone, never here) is the key its undo tells (the Réserve left out, writeback.js undoButton), so
    the step's card goes with the undo (it stayed on screen, its sheet undone under it: test_a11y, 1 run in 8)."""
    source = (ROOT / "frontend/sheets/story.js").read_text(encoding="utf-8")
    module = tmp_path / "story.mjs"
    module.write_text(
        "const saveHistory = () => null; const watchSheets = () => null;\n"
        + re.sub(r"^import .*$", "", source, flags=re.M),
        encoding="utf-8",
    )
    fiches = [{"id": "ysil", "rev": 3, "nom": "Ysil"}]
    script = (
        f"import {{ writeKey }} from {json.dumps(module.as_uri())};\n"
        f"const f = {json.dumps(fiches)};\n"
        "console.log(JSON.stringify([writeKey(f, {lignes: ['+1'], ailleurs: true}), writeKey(f, null),"
        " writeKey(f, {rev: 4, lignes: ['+1']})]));\n"
    )
    elsewhere, none, here = node_json(script)
    assert elsewhere == none == "ysil@3|" and here == "ysil@3|4"


def module_for_node(folder: Path, name: str) -> Path:
    """``frontend/<name>`` with what it imports, as esbuild bundles it for the site (``_build``), written in
    ``folder`` for Node to import: the module as shipped, its exports kept."""
    built = assets_hook._build(
        [name], ["--bundle", "--format=esm"], {"BUILD_CONFIG": None, "BUILD_SHEETS_CONFIG": None, "BUILD_GAMES": None}
    )
    out = folder / Path(name).with_suffix(".mjs").name
    out.write_text(built.files[Path(name).name], encoding="utf-8")
    return out


def node_json(script: str):
    """What an ES module ``script`` prints as JSON, run by Node (the front end's modules, read as they are)."""
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_sections_yml_keeps_every_pinned_roller():
    """sections.yml gives every section of tests/fixtures/rollers.json its roller, and no other (the built pages
    are checked against the same list in tests/test_builds.py): a section dropped, moved or renamed fails in the
    contributor's loop, before any build."""
    from hooks.page.sections import same_spaces, slugify
    from hooks.urls import page_url

    mapping = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
    pinned = json.loads((ROOT / "tests" / "fixtures" / "rollers.json").read_text(encoding="utf-8"))
    found = {
        page_url(src): [(f"lanceur-{slugify(same_spaces(e['heading']))}", e["roller"]) for e in entries]
        for src, entries in mapping.items()
    }
    assert found == {url: list(widgets.items()) for url, widgets in pinned.items()}
