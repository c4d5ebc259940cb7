"""The reader's data is safe, and nothing waits for the engine to keep it (issue 35, §1-2), on phones:

- a fresh phone imports the file another phone's « Tout exporter » downloaded: every game's sheets,
  the Réserve du meneur and a draft come back (and one game's export has a name of its own);
- the engine's files refused: a sheet saved, a book's example added, a file imported and a shared
  link added are listed at once and still there after a reload;
- a draft survives a reload and another tab, « Abandonner » then « Annuler » brings it back;
- a sheet the engine refuses is kept, marked with its sentence, and the roller's « Personnage »
  choice does not offer it until it is mended;
- a wrong file imports nothing, in one sentence; a sheet of another game says which page takes it;
- axe on the new views (drafts, a refused sheet), light and dark.

Each test opens its own browser context (another phone), as the reader would; none needs another.
"""

from __future__ import annotations

import base64
import copy
import json
import re
import time
import zlib

import pytest
from conftest import at_top_at_rest, new_page
from test_a11y import axe_check, report

from rules_py.sheets import load_game

pytestmark = pytest.mark.browser

BIG = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
ACTION = "/solaires/regles/resoudre-une-action/"
WIDGET = "#lanceur-resolution-de-l-action"

#: What a refused engine makes the browser log (its files answered 503): expected, nothing else is.
REFUSED_FILE = re.compile(r"Failed to load resource: the server responded with a status of 503")


def phone(browser, errors, size=BIG, scheme="light"):
    return new_page(
        browser,
        errors,
        viewport=size,
        has_touch=True,
        is_mobile=True,
        color_scheme=scheme,
        accept_downloads=True,
        timeout=60_000,
    )


def sheets_page(game: str) -> str:
    return f"/{game}/personnages/"


DEVICE = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('des-et-lames');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const out = {};
    const t = db.transaction(['fiches', 'reserves', 'meta']);
    t.objectStore('fiches').getAll().onsuccess = (e) => (out.fiches = e.target.result);
    t.objectStore('reserves').getAll().onsuccess = (e) => (out.reserves = e.target.result);
    t.objectStore('meta').getAll().onsuccess = (e) => (out.meta = e.target.result);
    t.oncomplete = () => { db.close(); resolve(out); };
  };
})"""


def device(page) -> dict:
    """What the device keeps: sheet records, Réserve records, and the drafts (meta « brouillon:… »)."""
    kept = page.evaluate(DEVICE)
    kept["brouillons"] = [m["valeur"] for m in kept["meta"] if m["cle"].startswith("brouillon:") and m["valeur"]]
    return kept


def eventually(check, timeout: float = 30.0):
    """Wait for ``check()`` to be true (polled), and give its value."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError("condition not met in time")
        time.sleep(0.1)


def shown_sheet(page, name: str) -> None:
    page.locator(".dl-sheet-view__name", has_text=name).first.wait_for()


def message(page) -> str:
    return spaces(page.locator(".dl-sheets__message").inner_text())


def spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def adopt(page, server, game: str, name: str) -> None:
    page.goto(server.url + sheets_page(game))
    page.get_by_role("button", name=f"Ajouter à mes personnages ({name})").tap()
    shown_sheet(page, name)


def example(game: str, name: str, new_id: str) -> dict:
    sheet = next(s for s in load_game(game).examples if s["nom"] == name)
    return {**copy.deepcopy(sheet), "id": new_id}


def share_link(server, sheet: dict) -> str:
    """The page's share link for ``sheet`` (sheets/page/link.js): deflate-raw, base64url, in the fragment."""
    packer = zlib.compressobj(wbits=-15)
    packed = packer.compress(json.dumps(sheet).encode()) + packer.flush()
    data = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return f"{server.url}{sheets_page(sheet['jeu'])}#fiche=1.{data}"


def no_errors(errors: list[str], refused_engine: bool = False) -> None:
    left = [e for e in errors if not (refused_engine and REFUSED_FILE.search(e))]
    assert left == [], left


# ----------------------------------------------------------------------
# The backup: « Tout exporter » on one phone, « Importer des fiches » on another
# ----------------------------------------------------------------------


def test_a_fresh_phone_imports_what_tout_exporter_wrote_every_game_the_reserve_and_a_draft(browser, server, tmp_path):
    errors: list[str] = []
    first = phone(browser, errors, BIG, "light")
    try:
        for game, name in (("solaires", "Perseüs"), ("simon", "Ysil"), ("simon", "Urlk"), ("dcda", "Nocturne")):
            adopt(first, server, game, name)
        # the meneur's Réserve, 10 to 12
        first.goto(server.url + sheets_page("simon"))
        first.get_by_role("button", name="Modifier la réserve").tap()
        first.locator(".dl-sheets__reserve [data-path='porte_poisse']").fill("12")
        first.get_by_role("button", name="Enregistrer la réserve").tap()
        first.locator(".dl-sheets__reserve", has_text="Réserve enregistrée").wait_for()
        # a new Féerie character, half typed, left for another page
        first.goto(server.url + sheets_page("feerie"))
        first.get_by_role("button", name="Nouveau personnage").tap()
        first.locator("[data-path='nom']").fill("Garance")
        eventually(lambda: any(d["fiche"].get("nom") == "Garance" for d in device(first)["brouillons"]))
        # one game's export has its own name and holds that game only
        first.goto(server.url + sheets_page("simon"))
        with first.expect_download() as info:
            first.get_by_role("button", name="Exporter les fiches de Simon Système").tap()
        assert re.fullmatch(r"mes-personnages-simon-\d{4}-\d{2}-\d{2}\.json", info.value.suggested_filename)
        simon_only = json.loads(open(info.value.path(), encoding="utf-8").read())
        assert {s["nom"] for s in simon_only["fiches"]} == {"Ysil", "Urlk"} and simon_only["brouillons"] == []
        assert [r["porte_poisse"] for r in simon_only["reserves"]] == [12]
        # « Tout exporter », from the Féerie page
        first.goto(server.url + sheets_page("feerie"))
        with first.expect_download() as info:
            first.get_by_role("button", name="Tout exporter").tap()
        name = info.value.suggested_filename
        assert re.fullmatch(r"des-et-lames-sauvegarde-\d{4}-\d{2}-\d{2}\.json", name), name
        backup = tmp_path / name
        info.value.save_as(backup)
        assert "4 fiches (3 jeux)" in message(first) and "la réserve du meneur de Simon Système" in message(first)
        before = device(first)
    finally:
        first.context.close()

    second = phone(browser, errors, SMALL, "dark")  # another phone: nothing of the first
    try:
        second.goto(server.url + sheets_page("dcda"))  # any game's page
        second.locator(".dl-sheets__empty").wait_for()
        assert device(second)["fiches"] == []
        second.locator(".dl-sheets input[type=file]").set_input_files(str(backup))
        second.locator(".dl-sheets__message", has_text="Import terminé").wait_for()
        text = message(second)
        assert "4 fiches ajoutées" in text and "la réserve du meneur de Simon Système" in text, text
        assert "1 saisie non enregistrée reprise" in text and "Simon Système (2)" in text, text
        after = device(second)
        assert sorted((r["id"], json.dumps(r["fiche"])) for r in after["fiches"]) == sorted(
            (r["id"], json.dumps(r["fiche"])) for r in before["fiches"]
        )
        assert [r["reserve"]["porte_poisse"] for r in after["reserves"]] == [12]
        assert [d["fiche"]["nom"] for d in after["brouillons"]] == ["Garance"]
        # as the reader finds them: the Réserve at 12, the sheets on their pages, the draft to take up again
        second.goto(server.url + sheets_page("simon"))
        reserve = second.locator(".dl-sheets__reserve")
        reserve.locator("dd", has_text=re.compile(r"^12$")).wait_for()
        assert second.locator(".dl-sheet-card__open", has_text="Ysil").count() == 1
        second.goto(server.url + sheets_page("feerie"))
        second.get_by_role("button", name="Reprendre la saisie (Garance)").tap()
        assert second.locator("[data-path='nom']").input_value() == "Garance"
    finally:
        second.context.close()
    no_errors(errors)


# ----------------------------------------------------------------------
# Nothing waits for the engine
# ----------------------------------------------------------------------


def test_with_the_engine_held_back_a_sheet_saved_added_imported_or_shared_is_listed_at_once_and_kept(
    browser, server, tmp_path
):
    server.faults.refuse = True  # every /pyodide/ file answered 503: the engine never comes
    errors: list[str] = []
    page = phone(browser, errors, SMALL, "light")
    try:
        page.goto(server.url + sheets_page("solaires"))
        # a sheet saved from the form
        page.get_by_role("button", name="Nouveau personnage").tap()
        page.locator("[data-path='nom']").fill("Ana")
        page.get_by_role("button", name="Enregistrer").tap()
        shown_sheet(page, "Ana")
        assert "Fiche enregistrée sur cet appareil" in message(page)
        # a book's example
        page.get_by_role("button", name="← Tous mes personnages").tap()
        page.get_by_role("button", name="Ajouter à mes personnages (Razors)").tap()
        shown_sheet(page, "Razors")
        # a file
        lyra = tmp_path / "lyra.json"
        lyra.write_text(json.dumps(example("solaires", "Lyra", "lyra-de-la-table")), encoding="utf-8")
        page.get_by_role("button", name="← Tous mes personnages").tap()
        page.locator(".dl-sheets input[type=file]").set_input_files(str(lyra))
        page.locator(".dl-sheets__message", has_text="Import terminé").wait_for()
        assert "1 fiche ajoutée (« Lyra »)" in message(page)
        page.locator(".dl-sheet-card__open", has_text="Lyra").wait_for()
        # a shared link, opened on this phone
        page.goto("about:blank")
        page.goto(share_link(server, example("solaires", "Elya", "elya-du-lien")))
        page.get_by_role("heading", name="Fiche reçue par un lien").wait_for()
        shown_sheet(page, "Elya")
        page.get_by_role("button", name="Ajouter à mes personnages").tap()
        page.locator(".dl-sheets__message", has_text="est ajouté à vos personnages").wait_for()
        # all four kept: listed after a reload, none of them seen by the engine (it never came)
        page.get_by_role("button", name="← Tous mes personnages").tap()
        page.reload()
        page.locator(".dl-sheets__list").wait_for()
        names = page.locator(".dl-sheets__list .dl-sheet-card__open").all_inner_texts()
        assert sorted(names) == ["Ana", "Elya", "Lyra", "Razors"], names
        kept = device(page)["fiches"]
        assert sorted(r["fiche"]["nom"] for r in kept) == ["Ana", "Elya", "Lyra", "Razors"]
        assert {r["controle"] for r in kept} == {"page"} and all(r["refus"] is None for r in kept)
        assert any(p.startswith("/pyodide/") for p in server.faults.requests)  # it was asked, and refused
        body = spaces(page.locator("body").inner_text())
        assert "Rien n’a été enregistré" not in body and "rien n’a été enregistré" not in body
    finally:
        page.context.close()
    no_errors(errors, refused_engine=True)


def test_a_draft_survives_a_reload_and_another_tab_and_abandonner_then_annuler_brings_it_back(browser, server):
    errors: list[str] = []
    page = phone(browser, errors, BIG, "dark")
    try:
        page.goto(server.url + sheets_page("solaires"))
        page.get_by_role("button", name="Nouveau personnage").tap()
        page.locator("[data-path='nom']").fill("Brouillonne")
        page.get_by_role("button", name="Ajouter : élément").tap()
        page.locator("[data-path='elements[0].nom']").fill("Pilote")
        page.locator("[data-path='elements[0].categorie']").select_option("carriere")
        page.locator("[data-path='elements[0].score']").select_option("2")
        eventually(
            lambda: [[e["nom"] for e in d["fiche"]["elements"]] for d in device(page)["brouillons"]] == [["Pilote"]]
        )
        page.reload()
        draft = page.locator(".dl-sheets__drafts")
        draft.wait_for()
        assert "Brouillonne" in draft.inner_text() and "nouvelle fiche" in draft.inner_text()
        other = page.context.new_page()  # another tab finds it too
        other.goto(server.url + sheets_page("solaires"))
        other.get_by_role("button", name="Reprendre la saisie (Brouillonne)").wait_for()
        other.close()
        page.get_by_role("button", name="Reprendre la saisie (Brouillonne)").tap()
        assert page.locator("[data-path='nom']").input_value() == "Brouillonne"
        assert page.locator("[data-path='elements[0].nom']").input_value() == "Pilote"
        # « Abandonner »: gone from the drafts, one « Annuler » away
        page.get_by_role("button", name="Abandonner").tap()
        page.locator(".dl-sheets__message", has_text="Saisie abandonnée").wait_for()
        assert page.locator(".dl-sheets__drafts").count() == 0 and device(page)["brouillons"] == []
        page.locator(".dl-sheets__message").get_by_role("button", name="Annuler").tap()
        page.locator("[data-path='nom']").wait_for()
        assert page.locator("[data-path='nom']").input_value() == "Brouillonne"
        assert page.locator("[data-path='elements[0].nom']").input_value() == "Pilote"
        assert page.locator("[data-path='elements[0].categorie']").input_value() == "carriere"
        assert [d["fiche"]["nom"] for d in device(page)["brouillons"]] == ["Brouillonne"]
        page.get_by_role("button", name="Enregistrer").tap()
        shown_sheet(page, "Brouillonne")
        assert device(page)["brouillons"] == []
        # a change to a kept sheet is a draft too, offered on the sheet after a reload, even one typed just
        # before it (within the draft's 300 ms: the reload ended the page before its write)
        page.get_by_role("button", name="Modifier").tap()
        page.locator("[data-path='joueuse']").fill("Mina")
        page.reload()  # her sheet shown again (its view is in the address), the draft offered on it
        page.locator(".dl-sheets__draft", has_text="n’a pas été enregistrée").wait_for()
        page.get_by_role("button", name="Reprendre la saisie").tap()
        assert page.locator("[data-path='joueuse']").input_value() == "Mina"
        # and one typed just before another page is opened by its address
        page.locator("[data-path='joueuse']").fill("Mina B.")
        page.goto(server.url + ACTION)
        page.goto(server.url + sheets_page("solaires"))
        page.get_by_role("button", name="Reprendre la saisie (Brouillonne)").tap()
        assert page.locator("[data-path='joueuse']").input_value() == "Mina B."
        # saved, and the page reloaded at once: the sheet is saved, and its draft gone with the save. The page
        # ends as the save commits: nothing it would write after is written (its later transactions refused).
        page.evaluate(
            """() => { document.addEventListener('dl:fiches', (e) => {
                 if (!e.detail.ids.length) return;
                 IDBDatabase.prototype.transaction = () => { throw new DOMException('page partie', 'InvalidStateError'); };
                 location.reload();
               });
               document.querySelector('.dl-sheets__save').click(); }"""
        )
        page.locator(".dl-sheets__list:not(.dl-sheets__drafts)").wait_for()
        assert page.locator(".dl-sheets__drafts").count() == 0
        [record] = device(page)["fiches"]
        assert record["fiche"]["joueuse"] == "Mina B." and record["rev"] == 2 and device(page)["brouillons"] == []
    finally:
        page.context.close()
    no_errors(errors)


def test_a_sheet_the_engine_refuses_is_kept_marked_and_not_offered_to_rollers(browser, server):
    errors: list[str] = []
    page = phone(browser, errors, BIG, "light")
    try:
        adopt(page, server, "solaires", "Razors")
        page.get_by_role("button", name="← Tous mes personnages").tap()
        page.get_by_role("button", name="Nouveau personnage").tap()
        page.locator("[data-path='nom']").fill("Trop")
        page.locator("[data-path='points']").fill("7")  # within 0..99, above its maximum (2): the rules' check
        page.get_by_role("button", name="Enregistrer").tap()
        shown_sheet(page, "Trop")  # kept at once
        refused = page.locator(".dl-sheets__refused")
        refused.wait_for()  # then the engine's word on it
        assert "au plus le maximum de points" in spaces(refused.inner_text())
        [trop] = [r for r in device(page)["fiches"] if r["fiche"]["nom"] == "Trop"]
        assert trop["fiche"]["points"] == 7 and "maximum" in trop["refus"]["texte"] and trop["controle"] == "moteur"
        page.get_by_role("button", name="← Tous mes personnages").tap()
        card = page.locator(".dl-sheet-card", has_text="Trop")
        assert "Refusée par les règles" in card.inner_text()
        # the roller offers Razors, not Trop
        page.goto(server.url + ACTION)
        page.locator(WIDGET).scroll_into_view_if_needed()  # a widget wakes as it nears the screen
        choice = page.locator(WIDGET).get_by_label("Personnage", exact=True)
        choice.locator("option", has_text="Razors").wait_for(state="attached")
        assert choice.locator("option", has_text="Trop").count() == 0
        # mended: offered again
        page.goto(server.url + sheets_page("solaires"))
        page.locator(".dl-sheet-card__open", has_text="Trop").tap()
        page.get_by_role("button", name="Corriger").tap()
        field = page.locator("[data-field='points'] .dl-sheet-form__error")
        assert "au plus le maximum de points" in spaces(field.inner_text())
        page.locator("[data-path='points']").fill("2")
        page.get_by_role("button", name="Enregistrer").tap()
        shown_sheet(page, "Trop")
        eventually(lambda: [r["controle"] for r in device(page)["fiches"] if r["fiche"]["nom"] == "Trop"] == ["moteur"])
        assert page.locator(".dl-sheets__refused").count() == 0
        page.goto(server.url + ACTION)
        page.locator(WIDGET).scroll_into_view_if_needed()
        choice = page.locator(WIDGET).get_by_label("Personnage", exact=True)
        choice.locator("option", has_text="Trop").wait_for(state="attached")
    finally:
        page.context.close()
    no_errors(errors)


# ----------------------------------------------------------------------
# Wrong files: nothing imported, one sentence
# ----------------------------------------------------------------------


def test_a_wrong_file_imports_nothing_and_a_sheet_of_another_game_says_where_it_goes(browser, server, tmp_path):
    errors: list[str] = []
    page = phone(browser, errors, SMALL, "dark")
    try:
        page.goto(server.url + sheets_page("solaires"))
        page.locator(".dl-sheets__empty").wait_for()
        files = page.locator(".dl-sheets input[type=file]")

        def refused(name: str, content: object) -> str:
            path = tmp_path / name
            path.write_text(json.dumps(content) if not isinstance(content, str) else content, encoding="utf-8")
            files.set_input_files(str(path))
            page.locator(".dl-sheets__message--error").wait_for()
            text = message(page)
            assert device(page)["fiches"] == [] and device(page)["reserves"] == []
            assert len(re.findall(r"rien n’a été", text, re.I)) == 1, text  # said once
            return text

        ysil = example("simon", "Ysil", "ysil-1")
        text = refused("ysil.json", ysil)
        assert (
            "« Ysil » est une fiche de Simon Système : importez-la depuis la page « Mes personnages » de Simon Système"
            in text
        )
        link = page.locator(".dl-sheets__message a")
        assert link.get_attribute("href").endswith("/simon/personnages/")
        perseus = example("solaires", "Perseüs", "perseus-1")
        bad = {"format": 2, "fiches": [perseus, {**ysil, "heroisme": {"points": "vingt", "depart": 20}}]}
        text = refused("sauvegarde.json", bad)
        assert "Points d’héroïsme" in text and "Fiche « Ysil »" in text, text
        text = refused("futur.json", {"format": 3, "fiches": [perseus]})
        assert "au format 3, plus récent" in text, text
        refused("illisible.json", "{pas du json")
        # a backup's sheets of another game go to their own game
        good = tmp_path / "deux-jeux.json"
        good.write_text(json.dumps({"format": 2, "fiches": [perseus, ysil]}), encoding="utf-8")
        files.set_input_files(str(good))
        page.locator(".dl-sheets__message", has_text="Import terminé").wait_for()
        assert "2 fiches ajoutées" in message(page) and "Simon Système (1)" in message(page)
        assert sorted(r["jeu"] for r in device(page)["fiches"]) == ["simon", "solaires"]
    finally:
        page.context.close()
    no_errors(errors)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_drafts_and_a_refused_sheet(browser, server, scheme):
    errors: list[str] = []
    page = phone(browser, errors, BIG, scheme)
    try:
        page.goto(server.url + sheets_page("solaires"))
        page.get_by_role("button", name="Nouveau personnage").tap()
        page.locator("[data-path='nom']").fill("Trop")
        page.locator("[data-path='points']").fill("7")
        page.get_by_role("button", name="Enregistrer").tap()
        page.locator(".dl-sheets__refused").wait_for()
        page.get_by_role("button", name="Modifier").tap()
        page.locator("[data-path='joueuse']").fill("Mina")
        eventually(lambda: device(page)["brouillons"])
        page.goto(server.url + sheets_page("solaires"))
        page.locator(".dl-sheets__drafts").wait_for()
        at_top_at_rest(page)
        problems = report(axe_check(page), f"liste avec brouillon et fiche refusée {scheme}")
        page.locator(".dl-sheet-card__open", has_text="Trop").tap()
        page.locator(".dl-sheets__refused").wait_for()
        at_top_at_rest(page)
        problems += report(axe_check(page), f"fiche refusée {scheme}")
        assert not problems, "violations axe-core :\n" + "\n".join(problems)
    finally:
        page.context.close()
    no_errors(errors)


def test_a_device_whose_storage_fails_says_so_at_the_top_and_keeps_nothing_silent(browser, server):
    """IndexedDB refused (a private window's quota, a broken profile): « Mes personnages » says it in its
    own sentence and at the top of the page (browser/failures.js), never an empty list shown as the truth."""
    errors: list[str] = []
    page = phone(browser, errors, size=SMALL, scheme="dark")
    try:
        page.context.add_init_script(
            "IDBFactory.prototype.open = function () { throw new DOMException('refusé', 'UnknownError'); };"
        )
        page.goto(server.url + sheets_page("simon"))
        trouble = page.locator(".dl-storage-trouble[role=alert]")
        trouble.wait_for()
        assert "La mémoire de ce navigateur n’a pas répondu" in trouble.inner_text()
        assert "Tout exporter" in trouble.inner_text()
        box = trouble.bounding_box()
        assert box and box["y"] < SMALL["height"], box  # where she looks, not below the screen
        assert page.locator(".dl-storage-trouble").count() == 1, "said once"
        assert any(
            "lecture du stockage de l’appareil" in str(f["reason"]) for f in page.evaluate("globalThis.dlFailures")
        )
        no_errors(errors)
    finally:
        page.context.close()
