"""One story between a result and its sheets (issue 35, §3), in the real browser on a phone (390×844, touch).

Every kind of write-back a roll makes, then undone, leaves the result and the sheets telling the same story:

- a step of a roll that follows it (Simon's heroism die added after the roll, Solaires' reroll and its veto):
  undone, the die or the reroll leaves the result too, the result before it (Python's answer) is the roll's
  again with its follow-up offered, and the roll keeps its number (« Jet n° 1 » all along);
- the roll itself (a PNJ's porte-poisse out of the Réserve du meneur; a De Cœur & D'Acier fortune drawn for
  an exalted participant): undone, the result says so and offers nothing more;
- a follow-up on the sheet itself (Solaires' « Ajouter un état »): undone, the sheet is as before;
- from the result's « Annuler » and from the journal's.

With 0 character points, the reroll's reason is said where its button was, not folded.
Each test runs in a browser context of its own (another device)."""

from __future__ import annotations

import json
import re

import pytest

import rules_py

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SIMON = "/simon/resolution/"
SOLAIRES = "/solaires/regles/resoudre-une-action/"
SOLAIRES_WIDGET = "#lanceur-resolution-de-l-action"
DCDA = "/dcda/confrontation/"

# Every record of one object store of the sheets' database.
STORE = """(name) => new Promise((resolve, reject) => {
  const open = indexedDB.open('des-et-lames');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const all = db.transaction(name).objectStore(name).getAll();
    all.onsuccess = () => { db.close(); resolve(all.result); };
  };
})"""


def sheet(page, name: str) -> dict:
    return next(r["fiche"] for r in page.evaluate(STORE, "fiches") if r["fiche"]["nom"] == name)


def reserve(page) -> int:
    """The Réserve du meneur's porte-poisse as the device holds it (10, as the game starts, without a record)."""
    records = page.evaluate(STORE, "reserves")
    return records[0]["reserve"]["porte_poisse"] if records else 10


def adopt(page, server, game: str, name: str) -> None:
    page.goto(f"{server.url}/{game}/personnages/")
    page.get_by_role("button", name=f"Ajouter à mes personnages ({name})").tap()
    page.locator(".dl-sheet-view__name", has_text=name).first.wait_for()


def import_sheet(page, server, fiche: dict, tmp_path) -> None:
    """« Importer des fiches » on the game's page, with one sheet's file."""
    file = tmp_path / f"{fiche['id']}.json"
    file.write_text(json.dumps(fiche, ensure_ascii=False), encoding="utf-8")
    page.goto(f"{server.url}/{fiche['jeu']}/personnages/")
    page.locator(".dl-sheets__list, .dl-sheets__empty").first.wait_for()
    page.locator(".dl-sheets input[type=file]").set_input_files(str(file))
    page.locator(".dl-sheets__message", has_text="Import terminé").wait_for()


def choose(widget, name: str, label: str = "Personnage") -> None:
    """The character chosen in the widget's « Personnage », once Python has said what the sheet fills."""
    widget.get_by_label(label, exact=True).select_option(label=name)
    widget.page.wait_for_function(
        "(el) => el.querySelector('.dl-sheet-block, .dl-sheet-filled')"
        " && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )


def answer(widget) -> str | None:
    return widget.locator(".dl-roller__result").get_attribute("data-answer")


def answered(widget, before: str | None) -> None:
    """Wait for the widget's next answer (a roll or a follow-up), drawn and settled."""
    widget.page.wait_for_function(
        "([el, before]) => { const r = el.querySelector('.dl-roller__result');"
        " return r.dataset.answer && r.dataset.answer !== before && r.querySelector('.dl-outcome, .dl-error')"
        " && el.getAttribute('aria-busy') === 'false'; }",
        arg=[widget.element_handle(), before],
    )
    assert widget.locator(".dl-roller__result .dl-error").count() == 0, widget.locator(".dl-error").first.inner_text()


def roll(widget) -> None:
    before = answer(widget)
    widget.locator("button.dl-roll").tap()
    answered(widget, before)


def play(widget, button: str) -> None:
    """A follow-up of the newest result, by its button's words."""
    before = answer(widget)
    form = widget.locator(".dl-roller__result form.dl-action", has=widget.page.locator("button", has_text=button))
    for select in form.locator("select").all():
        select.select_option(index=1)
    form.locator("button[type=submit]").tap()
    answered(widget, before)


def undo_here(widget) -> None:
    """The newest result's « Annuler »; waits until the card has gone back (its write-back undone)."""
    before = widget.locator(".dl-roller__result .dl-result").evaluate("(el) => el.outerHTML")
    widget.locator(".dl-roller__result .dl-sheet-undo").tap()
    widget.page.wait_for_function(
        "([el, before]) => el.querySelector('.dl-roller__result .dl-result')?.outerHTML !== before"
        " && !el.querySelector('.dl-roller__result .dl-sheet-undo:disabled')",
        arg=[widget.element_handle(), before],
    )


def shown(widget) -> dict:
    """The newest result as the reader sees it: its head, outcome, dice, sheet lines and follow-ups."""
    result = widget.locator(".dl-roller__result")
    return {
        "head": result.locator(".dl-roll-head").inner_text(),
        "outcome": result.locator(".dl-outcome").inner_text(),
        "dice": result.locator(".dl-die__value").all_inner_texts(),
        "sheets": result.locator(".dl-sheet-changes > p:not(.dl-sheet-changes__undo)").all_inner_texts(),
        "actions": result.locator("form.dl-action button[type=submit]").all_inner_texts(),
    }


def test_an_added_heroism_die_undone_leaves_the_result_and_the_sheet_as_before_it(phone, server):
    adopt(phone, server, "simon", "Ysil")
    phone.goto(server.url + SIMON)
    widget = phone.locator(".dl-roller[data-roller='simon.jet']").first
    widget.scroll_into_view_if_needed()
    choose(widget, "Ysil")
    roll(widget)
    before_die = shown(widget)
    heroism, pool = sheet(phone, "Ysil")["heroisme"]["points"], reserve(phone)
    assert before_die["head"].startswith("Jet n° 1") and "Ajouter un dé (2 points d’héroïsme)" in before_die["actions"]

    play(widget, "Ajouter un dé")
    added = shown(widget)
    assert added["head"].startswith("Jet n° 1") and "suite" in added["head"]  # the same roll, one step on
    assert len(added["dice"]) == len(before_die["dice"]) + 1
    after = sheet(phone, "Ysil")["heroisme"]["points"]
    assert after < heroism  # 2 points paid (and one more for a 1)
    assert any("Points d’héroïsme" in line for line in added["sheets"])
    # by ear: the step, the die it drew, and what it wrote on her sheet (before: the first result again,
    # word for word); the journal's word on it carries no number of its own
    added_group = widget.locator(".dl-roller__result .dl-group", has_text="Dés ajoutés après le jet")
    die = added_group.locator(".dl-die__value").last.inner_text()
    said = widget.locator(".dl-roller__live").text_content()
    assert said.startswith(f"Jet n° 1, suite «\u00a0Ajouter un dé\u00a0» (tirage\u00a0: {die})\u00a0: "), said
    assert f"Ysil — Points d’héroïsme\u00a0: {heroism} → {after}." in said, said
    assert phone.locator(".dl-journal__live").text_content() == "Suite ajoutée au journal des jets."

    undo_here(widget)
    said = widget.locator(".dl-roller__live").text_content()
    assert said.startswith("Changement annulé\u00a0: les fiches sont revenues à leur version d’avant. Jet n° 1"), said
    back = shown(widget)
    # the die is out of the result, its outcome Python's for the roll without it; « Ajouter un dé » again
    assert back == before_die, (back, before_die)
    assert sheet(phone, "Ysil")["heroisme"]["points"] == heroism and reserve(phone) == pool
    assert widget.locator(".dl-roller__result").get_attribute("data-roll") == "1"
    assert widget.locator(".dl-roller__earlier .dl-result").count() == 0  # the undone step is gone

    # a reload (or Back): her last result under the roller, and she is still chosen, the form filled from her
    # sheet (before, « — aucun — »: the next « Lancer » rolled the book's values and wrote nothing)
    phone.reload()
    widget.scroll_into_view_if_needed()
    phone.wait_for_function(
        "(el) => el.querySelector('.dl-roller__result .dl-outcome') && el.querySelector('.dl-sheet-block, .dl-sheet-filled')"
        " && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )
    assert widget.get_by_label("Personnage", exact=True).evaluate("(s) => s.selectedOptions[0].textContent") == "Ysil"


def test_a_pnjs_porte_poisse_undone_gives_the_reserve_back_and_the_result_says_so(phone, server, tmp_path):
    ysil = rules_py.call({"op": "sheet_examples", "jeu": "simon"})["result"]["fiches"][0]
    margoulin = {**ysil, "id": "margoulin-du-test", "nom": "Margoulin", "type": "pnj"}
    import_sheet(phone, server, margoulin, tmp_path)
    phone.goto(server.url + SIMON)
    # the roller whose preset spends one die before the roll
    widget = phone.locator(
        ".dl-roller[data-roller='simon.jet']", has=phone.locator("input[name='heroisme'][value='1']")
    )
    widget.scroll_into_view_if_needed()
    choose(widget, "Margoulin (PNJ)")
    roll(widget)
    result = shown(widget)
    # the meneur's pool paid, not the PNJ's sheet
    assert reserve(phone) == 9 and sheet(phone, "Margoulin")["heroisme"] == margoulin["heroisme"]
    assert any("Réserve du meneur — Points de porte-poisse\u00a0: 10 → 9" in line for line in result["sheets"])
    assert result["actions"]  # « Ajouter un dé » from the Réserve

    undo_here(widget)
    assert reserve(phone) == 10
    undone = shown(widget)
    assert "annulé sur les fiches" in undone["head"] and undone["actions"] == []  # nothing more to play on it
    assert "Annulé\u00a0: les fiches sont revenues à leur version d’avant ce jet." in undone["sheets"]
    assert widget.locator(".dl-roller__result .dl-sheet-undo").count() == 0
    # the page of the sheets says the same
    phone.goto(server.url + "/simon/personnages/")
    phone.locator(".dl-sheets__reserve .dl-sheet-view").wait_for()
    assert re.search(r"porte-poisse\D*10\b", phone.locator(".dl-sheets__reserve").inner_text())


def roll_until_reroll(widget) -> dict:
    """Rolls until the result offers a reroll (none when no die was rolled: an automatic result)."""
    for _ in range(8):
        roll(widget)
        if "Relancer un dé (2 points de personnage)" in shown(widget)["actions"]:
            return shown(widget)
    raise AssertionError("aucune relance proposée en huit jets")


def test_a_reroll_undone_from_the_journal_and_a_veto_from_the_result(phone, server):
    adopt(phone, server, "solaires", "Perseüs")
    phone.goto(server.url + SOLAIRES)
    widget = phone.locator(SOLAIRES_WIDGET)
    widget.scroll_into_view_if_needed()
    choose(widget, "Perseüs")
    first = roll_until_reroll(widget)
    number = widget.locator(".dl-roller__result").get_attribute("data-roll")

    play(widget, "Relancer")
    assert sheet(phone, "Perseüs")["points"] == 0
    assert shown(widget)["head"].startswith(f"Jet n° {number}")  # the same roll
    # 0 points: the reroll's reason where its button was, not folded
    reason = widget.locator(".dl-roller__result .dl-action-unpaid")
    assert reason.is_visible() and "il en reste 0" in reason.inner_text()

    # the reroll undone from the journal: the roll's result again, the reroll offered again
    phone.get_by_role("button", name=re.compile("^Journal des jets")).tap()
    entry = phone.locator(".dl-journal__entry", has=phone.locator(".dl-journal__sheet", has_text="2 → 0")).first
    entry.get_by_role("button", name=re.compile("^Annuler ce changement")).tap()
    phone.locator(".dl-journal__sheet", has_text="Changement annulé").wait_for()
    phone.get_by_role("button", name="Fermer").tap()
    phone.wait_for_function(
        "(el) => !el.querySelector('.dl-roller__result .dl-roll-step')", arg=widget.element_handle()
    )
    assert shown(widget) == first and sheet(phone, "Perseüs")["points"] == 2

    play(widget, "Relancer")
    rerolled = shown(widget)
    play(widget, "Veto")  # the two points back, the die before back
    assert sheet(phone, "Perseüs")["points"] == 2
    undo_here(widget)  # the veto undone: the reroll's result again, its points spent
    assert shown(widget) == rerolled and sheet(phone, "Perseüs")["points"] == 0


def test_an_etat_added_from_a_result_is_undone(phone, server):
    adopt(phone, server, "solaires", "Perseüs")
    phone.goto(server.url + SOLAIRES)
    widget = phone.locator(SOLAIRES_WIDGET)
    widget.scroll_into_view_if_needed()
    choose(widget, "Perseüs")
    roll(widget)
    before = sheet(phone, "Perseüs")
    add = widget.locator(".dl-roller__result form.dl-sheet-followup").first
    add.locator("summary").tap()
    add.locator("input[name='nom']").fill("Blessé")
    add.locator("input[name='score']").fill("2")
    add.locator("button[type=submit]").tap()
    add.locator(".dl-sheet-undo").wait_for()
    assert [e["nom"] for e in sheet(phone, "Perseüs")["etats"]] == ["Blessé"]
    add.locator(".dl-sheet-undo").tap()
    add.locator(".dl-sheet-followup__out", has_text="Changement annulé").wait_for()
    assert sheet(phone, "Perseüs") == before


def test_a_fortune_drawn_for_an_exalted_participant_undone(phone, server, tmp_path):
    aube = rules_py.call({"op": "sheet_new", "jeu": "dcda", "seed": 35})["result"]["fiche"]
    aube.update(nom="Aube", type="pj", forces={"batons": 4, "ecus": 3, "coupes": 5, "dagues": 2})
    aube["relations_valeurs"] = [{"nom": "Ma sœur", "niveau": 3}]
    import_sheet(phone, server, aube, tmp_path)
    adopt(phone, server, "dcda", "Nocturne")
    phone.goto(server.url + DCDA)
    widget = phone.locator(".dl-roller[data-roller='dcda.confrontation']").first
    widget.scroll_into_view_if_needed()
    for team, name in ((0, "Aube"), (1, "Nocturne")):
        fold = widget.locator("details.dl-sheet-team").nth(team)
        fold.locator("summary").tap()
        fold.get_by_label(name).check()
    widget.page.wait_for_function(
        "(el) => el.querySelector('[data-sheet-param=\"relation_a\"] select')"
        " && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )
    widget.locator(".dl-roller__settings > summary").tap()
    widget.locator("[data-sheet-param='relation_a'] select").select_option("Ma sœur")
    roll(widget)
    drawn = sheet(phone, "Aube")["fortune"]
    assert drawn is not None and "Fortune\u00a0: — →" in shown(widget)["sheets"][0]
    undo_here(widget)
    assert sheet(phone, "Aube")["fortune"] is None
    assert "annulé sur les fiches" in shown(widget)["head"] and shown(widget)["actions"] == []


def test_a_team_of_sheets_against_a_team_typed_in(phone, server, tmp_path):
    """Team A from the device's sheets, team B as the form has it (the book's Nocturne, or typed): team B's level
    stays a field to fill (a sheet's « Relation ou valeur engagée (B) », with no sheet to name it from, took its
    place), and the roll goes with both."""
    aube = rules_py.call({"op": "sheet_new", "jeu": "dcda", "seed": 35})["result"]["fiche"]
    aube.update(nom="Aube", type="pj")
    import_sheet(phone, server, aube, tmp_path)
    phone.goto(server.url + DCDA)
    widget = phone.locator(".dl-roller[data-roller='dcda.confrontation']").first
    widget.scroll_into_view_if_needed()
    fold = widget.locator("details.dl-sheet-team").first
    fold.locator("summary").tap()
    fold.get_by_label("Aube").check()
    widget.page.wait_for_function(
        "(el) => el.querySelector('[data-sheet-param=\"relation_a\"]') && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )
    level_b = widget.page.evaluate(
        "(el) => { const input = el.querySelector('[name=niveau_b]'); const field = input?.closest('.dl-field');"
        " return { field: Boolean(field), replaced: field?.hasAttribute('data-sheet-replaced'),"
        " named: el.querySelectorAll('[name=relation_b], [data-sheet-param=relation_b]').length }; }",
        widget.element_handle(),
    )
    assert level_b == {"field": True, "replaced": False, "named": 0}, level_b
    roll(widget)
    assert "Aube" in widget.locator(".dl-roller__result").inner_text()
