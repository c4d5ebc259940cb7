"""A De Cœur & D'Acier confrontation set up from sheets on a phone (issue 35, §5), 390×844, touch.

Team A a player's sheet, team B the meneuse's PNJ: team B from sheets is « vos forces », never the site's
example PNJ (« Lancer » failed with it left chosen); what the sheets fill stays folded, and the roller, teams
chosen, fits about one screen with its « Lancer » (it opened « Réglages » and grew to about six screens)."""

from __future__ import annotations

import json

import pytest
from conftest import new_page

import rules_py

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
MENEUSE = {"width": 360, "height": 740}


def aube() -> dict:
    fiche = rules_py.call({"op": "sheet_new", "jeu": "dcda", "seed": 5})["result"]["fiche"]
    fiche.update(nom="Aube", type="pj", forces={"batons": 4, "ecus": 3, "coupes": 5, "dagues": 2})
    fiche["relations_valeurs"] = [{"nom": "Ma sœur", "niveau": 2}]
    return fiche


def brune() -> dict:
    """Aube's teammate, with no relation or value at all."""
    fiche = rules_py.call({"op": "sheet_new", "jeu": "dcda", "seed": 6})["result"]["fiche"]
    fiche.update(
        nom="Brune", type="pj", forces={"batons": 2, "ecus": 5, "coupes": 3, "dagues": 4}, relations_valeurs=[]
    )
    return fiche


def sheets_on_the_device(page, server, tmp_path) -> None:
    """Aube, a PJ imported from a file, and Nocturne, the site's example PNJ."""
    page.goto(server.url + "/dcda/personnages/")
    page.get_by_role("button", name="Ajouter à mes personnages (Nocturne)").tap()
    page.locator(".dl-sheet-view__name", has_text="Nocturne").wait_for()
    file = tmp_path / "equipe.json"
    team = {"format": 2, "date": None, "fiches": [aube(), brune()], "reserves": [], "brouillons": []}
    file.write_text(json.dumps(team, ensure_ascii=False), encoding="utf-8")
    page.goto(server.url + "/dcda/personnages/")
    page.locator(".dl-sheets__list").wait_for()
    page.locator(".dl-sheets input[type=file]").set_input_files(str(file))
    page.locator(".dl-sheets__message", has_text="Import terminé").wait_for()


def settled(widget) -> None:
    """Python has said what the chosen sheets fill, and the form shows it."""
    widget.page.wait_for_function(
        "(el) => el.querySelector('.dl-sheet-block') && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )


def team(widget, index: int, name: str, ticked: bool = True) -> None:
    fold = widget.locator("details.dl-sheet-team").nth(index)
    if fold.get_attribute("open") is None:
        fold.locator("summary").tap()
    fold.get_by_label(name).set_checked(ticked)


def test_a_confrontation_from_sheets_fits_one_screen_beside_lancer_and_rolls(phone, browser, errors, server, tmp_path):
    sheets_on_the_device(phone, server, tmp_path)
    phone.goto(server.url + "/dcda/confrontation/")
    widget = phone.locator(".dl-roller[data-roller='dcda.confrontation']").first
    widget.scroll_into_view_if_needed()
    switch = widget.locator("fieldset.dl-switch[data-switch='equipe_b']")
    assert switch.is_visible() and switch.get_by_label("PNJ d’exemple du site").is_checked()  # before: the site's PNJ
    team(widget, 0, "Aube")
    team(widget, 0, "Brune")
    team(widget, 1, "Nocturne")
    settled(widget)
    # team B from sheets: « vos forces », the site's example PNJ neither chosen nor shown (the form follows the
    # sheets' answer in its own turn: waited for, up to the test's timeout)
    phone.wait_for_function(
        "(f) => f.hidden && /vos forces/.test(f.querySelector('input:checked')?.labels[0]?.textContent)",
        arg=switch.element_handle(),
    )
    assert not switch.is_visible() and switch.get_by_label("vos forces").is_checked()
    pnj = widget.locator("select[name='pnj']")
    pnj.wait_for(state="hidden")
    phone.wait_for_function("(select) => select.disabled", arg=pnj.element_handle())
    # « Réglages » stays folded, and the whole roller with its « Lancer » fits one screen under the header
    assert widget.locator(".dl-roller__settings").get_attribute("open") is None
    widget.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
    header = phone.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    box = widget.bounding_box()
    lancer = widget.locator("button.dl-roll").bounding_box()
    assert box["height"] <= PHONE["height"] - header, box
    assert lancer["y"] + lancer["height"] <= PHONE["height"], (lancer, header)
    # her relation at stake, one choice per participant (one select for the whole team named one relation, and
    # the rules refused it: « une par participante »); Brune has none
    widget.locator(".dl-roller__settings > summary").tap()
    relations = widget.locator("[data-sheet-param='relation_a'] select")
    assert relations.count() == 2
    widget.get_by_label("Relation ou valeur engagée (A)\u00a0: Brune").wait_for()
    assert widget.get_by_label("Relation ou valeur engagée (A)\u00a0: Brune").locator("option").all_inner_texts() == [
        "— aucune —"
    ]
    widget.get_by_label("Relation ou valeur engagée (A)\u00a0: Aube").select_option("Ma sœur")
    # and it rolls: both teams' hands, from the sheets
    widget.locator("button.dl-roll").tap()
    result = widget.locator(".dl-roller__result")
    result.locator(".dl-outcome").wait_for()
    assert result.locator(".dl-error").count() == 0
    groups = result.locator(".dl-group figcaption").all_inner_texts()
    assert all(any(name in g for g in groups) for name in ("Aube", "Brune", "Nocturne")), groups
    calc = result.locator(".dl-calc").text_content()
    assert "niveau 2" in calc.split("Aube", 1)[1].split("Brune", 1)[0] and "niveau 0" in calc.split("Brune", 1)[1], calc
    # « Montrer ce jet »: the meneuse's phone replays it with the same cards (they travelled as null: « illisible »)
    cards = result.locator(".dl-die__value").all_inner_texts()
    result.get_by_role("button", name="Montrer ce jet").tap()
    dialog = phone.locator("dialog.dl-table-show[open]")
    link = dialog.locator(".dl-table-show__link").input_value()
    dialog.get_by_role("button", name="Fermer").tap()
    hers = new_page(
        browser, errors, viewport=MENEUSE, has_touch=True, is_mobile=True, color_scheme="dark", timeout=90_000
    )
    try:
        hers.goto(link)
        said = hers.locator(".dl-table__message")
        # at once, before the engine, on her screen: whose roll it is
        hers.wait_for_function("(m) => m.textContent", arg=said.element_handle())
        box = said.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= MENEUSE["height"], box
        reading = said.inner_text()
        hers.wait_for_function("(m) => !/lecture du lien/.test(m.textContent)", arg=said.element_handle())
        assert ("Aube" in reading and "lecture du lien…" in reading) or reading.startswith(
            "Jet de Aube reçu et rejoué"  # the engine already there: read and replayed in one go
        ), reading
        assert said.inner_text().startswith("Jet de Aube reçu et rejoué"), said.inner_text()
        assert hers.locator(".dl-table__roll .dl-die__value").all_inner_texts() == cards
    finally:
        hers.context.close()
    # team B's sheet unticked: the reader's choice comes back, the site's PNJ with it
    team(widget, 1, "Nocturne", ticked=False)
    phone.wait_for_function("(el) => !el.hidden", arg=switch.element_handle())
    assert switch.get_by_label("PNJ d’exemple du site").is_checked()
