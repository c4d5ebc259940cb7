"""Finding and reading sheets on a phone (issue 35, §6 and §7), 360×740 and 390×844, touch.

Every roller that takes sheets says « Mes personnages » (its game's page) even before the device holds a
sheet; Perseüs's sheet fits its card; a compétence chosen in a roller is read whole, level included, and an
empty « Caractéristique liée » does not say « aucun »; the sheets' words in French typography; the theme's
« Retour en haut de la page » does not cover what a form's error has just brought into view."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urljoin, urlsplit

import pytest
from conftest import new_page
from helpers import bundle_configs

import rules_py

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}
BIG = {"width": 390, "height": 844}


@pytest.fixture
def errors():
    return []


@pytest.fixture
def phone(browser, server, errors):
    """A 360×740 touch phone (the smaller of the two: what fits there fits on the other)."""
    page = new_page(browser, errors, viewport=SMALL, has_touch=True, is_mobile=True, timeout=90_000)
    yield page
    page.context.close()
    assert errors == [], errors


def adopt(page, server, game: str, name: str) -> None:
    page.goto(f"{server.url}/{game}/personnages/")
    page.get_by_role("button", name=f"Ajouter à mes personnages ({name})").tap()
    page.locator(".dl-sheet-view__name", has_text=name).first.wait_for()


def test_every_roller_that_takes_sheets_says_mes_personnages(server, phone):
    bundle = (server.site / "assets" / "rollers" / "rollers.js").read_text(encoding="utf-8")
    takes = set(bundle_configs(bundle)[0]["fiches"]["lanceurs"])
    seen = 0
    for index in sorted(server.site.rglob("index.html")):
        page_url = "/" + index.parent.relative_to(server.site).as_posix() + "/"
        text = index.read_text(encoding="utf-8")
        for found in re.finditer(
            r'<section class="dl-roller" id="[^"]+"[^>]*data-roller="([\w.]+)".*?</p>', text, re.S
        ):
            roller, title = found.group(1), found.group(0)
            link = re.search(r'<a class="dl-roller__notes dl-roller__mine" href="([^"]+)">Mes personnages</a>', title)
            if roller not in takes:
                assert link is None, (page_url, roller)
                continue
            assert link, (page_url, roller)
            game = roller.split(".", 1)[0]
            assert (
                urlsplit(urljoin(server.url + page_url, html.unescape(link.group(1)))).path == f"/{game}/personnages/"
            )
            seen += 1
    assert seen >= 10, seen
    # on a device without any sheet: one discreet line, and a tap finds the game's page
    phone.goto(server.url + "/simon/resolution/")
    widget = phone.locator(".dl-roller[data-roller='simon.jet']").first
    widget.scroll_into_view_if_needed()
    mine = widget.get_by_role("link", name="Mes personnages")
    assert mine.is_visible() and mine.bounding_box()["height"] < 24
    mine.tap()
    phone.wait_for_url("**/simon/personnages/")
    phone.locator(".dl-sheets__main h2").first.wait_for()


@pytest.mark.parametrize("size", [SMALL, BIG], ids=["360", "390"])
def test_perseus_sheet_fits_its_card(browser, server, errors, size):
    page = new_page(browser, errors, viewport=size, has_touch=True, is_mobile=True, timeout=90_000)
    try:
        adopt(page, server, "solaires", "Perseüs")
        view = page.locator(".dl-sheet-view").first
        widths = view.evaluate("(el) => [el.scrollWidth, el.clientWidth, document.documentElement.scrollWidth]")
        assert widths[0] <= widths[1] and widths[2] <= size["width"], widths
        right = view.evaluate("(el) => el.getBoundingClientRect().right")
        cells = page.locator(".dl-sheet-view__table td").evaluate_all(
            "(all) => all.filter((td) => td.textContent).map((td) => [td.textContent, td.getBoundingClientRect().right])"
        )
        assert cells and all(r <= right + 0.5 for _, r in cells), [c for c in cells if c[1] > right]
        row = page.locator(".dl-sheet-view__table tr", has_text="Corps cybernétique")
        assert "Cyb" in row.inner_text() and "Amélioré ou intégré" in row.inner_text()
    finally:
        page.context.close()
    assert errors == [], errors


def test_a_chosen_competence_is_read_whole_and_its_caracteristique_says_whose(phone, server, tmp_path):
    ysil = rules_py.call({"op": "sheet_examples", "jeu": "simon"})["result"]["fiches"][0]
    grimpeuse = {**ysil, "id": "grimpeuse-du-test", "nom": "Grimpeuse"}
    grimpeuse["competences"] = [{"nom": "Escalade", "valeur": 6, "caracteristiques": ["CON"]}]
    file = tmp_path / "grimpeuse.json"
    file.write_text(json.dumps(grimpeuse, ensure_ascii=False), encoding="utf-8")
    phone.goto(server.url + "/simon/personnages/")
    phone.locator(".dl-sheets__empty").wait_for()
    phone.locator(".dl-sheets input[type=file]").set_input_files(str(file))
    phone.locator(".dl-sheets__message", has_text="Import terminé").wait_for()
    phone.goto(server.url + "/simon/resolution/")
    widget = phone.locator(".dl-roller[data-roller='simon.jet']").first
    widget.scroll_into_view_if_needed()
    widget.get_by_label("Personnage", exact=True).select_option(label="Grimpeuse")
    competence = widget.locator("[data-sheet-param='competence'] select")
    competence.wait_for()
    competence.select_option("Escalade")
    option = competence.locator("option:checked").inner_text()
    assert option.startswith("Escalade 6") and re.search(r"\(\w[^()]*\)$", option), option  # the level, last
    # Its whole text and its place read in one turn of the page: the engine's check of the imported sheet may
    # draw the choice again (the same line) between two calls, and a box asked of the one taken out is none.
    box = widget.evaluate(
        """(el, option) => {
             const whole = el.querySelector("[data-sheet-param='competence'] .dl-sheet-chosen");
             const r = whole.getBoundingClientRect();
             return { text: whole.textContent, x: r.x, width: r.width };
           }""",
        option,
    )
    assert box["text"] == option and box["width"] > 0, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL["width"], box  # read whole on the screen
    linked = widget.locator("[data-sheet-param='caracteristique_liee'] select option:checked").inner_text()
    assert linked == "— celle de la compétence —"


def test_the_sheets_words_in_french_typography(phone, server):
    adopt(phone, server, "simon", "Ysil")
    modifiers = phone.locator(".dl-sheet-view__object", has_text="Modificateur").inner_text()
    assert "\u22122" in modifiers and "-2" not in modifiers, modifiers
    # the sheet is a step of the tab's history: the phone's back button goes back to the list (it left « Mes
    # personnages »), her card focused; forward shows her sheet again
    phone.go_back()
    phone.locator(".dl-sheets__list").wait_for()
    assert urlsplit(phone.url).path == "/simon/personnages/"
    assert phone.evaluate("document.activeElement.textContent") == "Ysil"
    phone.go_forward()
    phone.locator(".dl-sheet-view__name", has_text="Ysil").wait_for()
    # a compétence's caractéristiques are ticked among the sheet's own (« CON » was typed by hand)
    phone.get_by_role("button", name="Modifier").tap()
    row = phone.locator("[data-path='competences'] .dl-sheet-form__row", has_text="Langue étrangère")
    row.locator("summary").tap()
    picks = row.get_by_role("group", name="Caractéristiques rattachées")
    boxes = {box.get_attribute("value"): box.is_checked() for box in picks.get_by_role("checkbox").all()}
    assert boxes == {"INT": True, "CO": True, "CON": False}, boxes
    picks.get_by_label("CON — Constitution").check()
    phone.get_by_role("button", name="Enregistrer").tap()
    phone.locator(".dl-sheet-view__name", has_text="Ysil").wait_for()
    kept = phone.evaluate(
        """() => new Promise((resolve) => { const open = indexedDB.open('des-et-lames');
             open.onsuccess = () => { const all = open.result.transaction('fiches').objectStore('fiches').getAll();
               all.onsuccess = () => resolve(all.result[0].fiche.competences); }; })"""
    )
    assert kept[0]["caracteristiques"] == ["INT", "CO", "CON"], kept
    phone.goto(server.url + "/dcda/personnages/")
    phone.get_by_role("button", name="Nouveau personnage").tap()
    fortune = phone.locator("[data-path='fortune'] option").all_inner_texts()
    assert "0 — Le Mat" in fortune and "XIV — Tempérance" in fortune, fortune
    assert not any(re.match(r"\d+ — (\d+|[IVX]+) — ", text) for text in fortune), fortune


def test_back_to_top_does_not_cover_what_a_forms_error_brought_into_view(phone, server):
    phone.goto(server.url + "/solaires/personnages/")
    phone.get_by_role("button", name="Nouveau personnage").tap()
    save = phone.get_by_role("button", name="Enregistrer")
    save.scroll_into_view_if_needed()
    far = phone.evaluate("scrollY")
    save.tap()  # the name is missing: its error, at the top of the form, is brought into view
    error = phone.locator(".dl-sheet-form__error").first
    error.wait_for()
    phone.wait_for_function("(far) => scrollY < far - 500", arg=far)
    top = phone.locator(".md-top")
    # the theme wants it shown (the page scrolled up), but not over what the reader must now read
    assert top.get_attribute("hidden") is None
    assert top.evaluate("(el) => getComputedStyle(el).visibility") == "hidden"
    # the reader scrolls herself: the button is hers again
    phone.mouse.wheel(0, -100)
    phone.wait_for_function("(el) => getComputedStyle(el).visibility === 'visible'", arg=top.element_handle())
