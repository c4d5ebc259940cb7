"""The theme's chrome on the built site: French everywhere, and the accessibility mends of overrides/ and hooks/page/a11y.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import theme_pages

ROOT = Path(__file__).resolve().parent.parent

ENGLISH = (
    "Not found",
    "Jump back to footnote",
    "Skip to content",
    "Back to top",
    "Made with",
    "Permanent link",
    "Type to start searching",
    "Copy to clipboard",
    "Previous",
    "Next",
)


@pytest.fixture(scope="module")
def site(each_site):
    """Each build (MkDocs + Material, Zensical): overrides/ serves both themes."""
    return each_site


def test_no_english_string_of_the_theme_on_any_page(site):
    pages = theme_pages(site)
    assert len(pages) >= 10
    found = [(p.relative_to(site).as_posix(), e) for p in pages for e in ENGLISH if e in p.read_text(encoding="utf-8")]
    assert not found, found


def test_the_404_page_is_french(site):
    html = (site / "404.html").read_text(encoding="utf-8")
    assert "<h1>Page introuvable</h1>" in html and "Erreur 404\u00a0:" in html
    assert 'lang="fr"' in html


def test_footnote_back_links_are_french(site):
    html = (site / "solaires/regles/regles-generales/index.html").read_text(encoding="utf-8")
    titles = re.findall(
        r'class="footnote-backref"[^>]*title="([^"]*)"|title="([^"]*)"[^>]*class="footnote-backref"', html
    )
    titles = [a or b for a, b in titles]
    assert titles == ["Retour à l’appel de note 1", "Retour à l’appel de note 2"], titles


def test_footer_links_say_precedent_and_suivant_with_a_french_colon(site):
    html = (site / "solaires/regles/regles-generales/index.html").read_text(encoding="utf-8")
    labels = re.findall(r'class="md-footer__link[^"]*" aria-label="([^"]*)"', html)
    assert labels == ["Précédent&nbsp;: Présentation", "Suivant&nbsp;: Créer un personnage"], labels


def test_the_search_dialog_is_named_and_the_progress_bar_is_decoration(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<div class="md-search"[^>]*role="dialog"[^>]*aria-label="Recherche"', html)
    progress = re.search(r'<div class="md-progress"[^>]*>', html).group(0)
    assert 'aria-hidden="true"' in progress and "progressbar" not in progress


def test_no_empty_table_header_cell(site):
    for page in sorted(site.rglob("*.html")):
        assert not re.search(r"<th(\s[^>]*)?>\s*</th>", page.read_text(encoding="utf-8")), page


def test_the_mend_keeps_named_headers_and_attributes():
    from hooks.page import a11y as hook

    html = '<tr><th>Échelle</th><th></th><th style="text-align: center;"> </th><th>x</th></tr>'
    assert hook.mend(html) == '<tr><th>Échelle</th><td></td><td style="text-align: center;"> </td><th>x</th></tr>'


def test_the_theme_script_is_deferred_once_on_every_page_before_the_rollers(site):
    """Material's and Zensical's bundle runs once the page is parsed (hooks/site_step/__init__.py, defer_theme_script):
    never parser-blocking, and still before rollers.js (a module: deferred scripts run in the page's order)."""
    from hooks.site_step import THEME_SCRIPT

    pages = theme_pages(site)
    assert len(pages) >= 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        name = page.relative_to(site).as_posix()
        scripts = list(THEME_SCRIPT.finditer(html))
        assert [script.group(2) for script in scripts] == [" defer"], name  # once, and deferred
        rollers = html.find('assets/rollers/rollers.js" type="module"')
        assert rollers == -1 or scripts[0].start() < rollers, name


def test_a_page_without_the_theme_script_stops_the_build():
    from hooks.errors import SiteError
    from hooks.site_step import defer_theme_script

    page = '<body><p>x</p><script src="../assets/javascripts/bundle.a5f9d56c.min.js"></script></body>'
    once = defer_theme_script(page, "x/index.html")
    assert once == page.replace('min.js">', 'min.js" defer>')
    assert defer_theme_script(once, "x/index.html") == once  # a second pass (mkdocs serve) adds nothing
    with pytest.raises(SiteError, match="x/index.html.*script du thème.*0 fois"):
        defer_theme_script("<body><p>x</p></body>", "x/index.html")
    with pytest.raises(SiteError, match="2 fois"):
        defer_theme_script(page + page, "x/index.html")


def test_every_page_waits_for_its_opening_section_before_its_first_frame(site):
    """The first frame holds the page's title and opening text, not the header alone (hooks/site_step/__init__.py,
    expect_first_section): ``<link rel="expect" href="#…" blocking="render">`` in <head>, naming the
    article's first section heading, on every page that has one, and on no other."""
    from hooks.site_step import first_section

    expected = {}
    for page in theme_pages(site, "index.html"):
        html = page.read_text(encoding="utf-8")
        name = page.relative_to(site).as_posix()
        head = html[: html.index("</head>")]
        links = re.findall(r'<link rel="expect" href="#([^"]+)" blocking="render">', html)
        assert links == re.findall(r'<link rel="expect" href="#([^"]+)" blocking="render">', head), name
        first = first_section(html)
        assert links == ([first] if first else []), name
        if first:
            assert html.count(f'id="{first}"') == 1, name  # the one element the browser waits for
            assert html.index("<article") < html.index(f'<h2 id="{first}"') < html.index("</article>"), name
            expected[name] = first
    assert expected.get("dcda/table/index.html") == "dl-table-equipe"  # the long first screen that lost points
    assert expected.get("solaires/resoudre-une-action/index.html") == "determiner-laction"
    assert "dcda/personnages/index.html" not in expected  # no section heading: drawn as before
    assert 'rel="expect"' not in (site / "404.html").read_text(encoding="utf-8")


def test_the_opening_section_is_expected_once_and_only_after_the_article_starts():
    from hooks.site_step import expect_first_section

    page = (
        '<html><head><meta charset="utf-8"></head><body><nav><h2 id="menu">Menu</h2></nav>'
        '<article class="md-content__inner"><h1 id="t">T</h1><p>x</p><h2 id="premiere">A</h2>'
        '<h2 id="seconde">B</h2></article></body></html>'
    )
    once = expect_first_section(page, "x/index.html")
    assert once == page.replace(
        '<meta charset="utf-8">', '<meta charset="utf-8"><link rel="expect" href="#premiere" blocking="render">'
    )  # the article's first h2, not the menu's, early in <head>
    assert expect_first_section(once, "x/index.html") == once  # a second pass (mkdocs serve) adds nothing
    bare = page.replace('<h2 id="premiere">A</h2><h2 id="seconde">B</h2>', "")
    assert expect_first_section(bare, "x/index.html") == bare
    after = bare.replace("</article>", '</article><footer><h2 id="pied">Pied</h2></footer>')
    assert expect_first_section(after, "x/index.html") == after  # a heading after the article is not its section
