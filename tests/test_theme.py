"""The theme's chrome on the built site: French everywhere, and the accessibility mends of overrides/ and hooks/a11y.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
    pages = sorted(site.rglob("*.html"))
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
    from hooks import a11y as hook

    html = '<tr><th>Échelle</th><th></th><th style="text-align: center;"> </th><th>x</th></tr>'
    assert hook.mend(html) == '<tr><th>Échelle</th><td></td><td style="text-align: center;"> </td><th>x</th></tr>'
