"""« Mes personnages » (issue 17) in the real browser, on phones with touch: a character made
from the form, a Solaires roll from his sheet and a reroll whose cost is written back (and
undone); the sheet found again offline after a reload; two tabs editing the same sheet;
export, the site's data cleared, import; a share link opened in another browser; axe on the
page's views and on a widget filled from a sheet, light and dark.

One module, few browser contexts: each flow runs at one phone size (390×844 or 360×740),
the axe checks in both schemes."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlsplit

import pytest
from conftest import LAYOUT_SHIFTS, after_frames, at_top_at_rest
from helpers import bundle_configs
from test_a11y import axe_check, report
from test_offline import controlled, site_copied

import rules_py

pytestmark = pytest.mark.browser

BIG = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
ACTION = "/solaires/regles/resoudre-une-action/"
WIDGET = "#lanceur-resolution-de-l-action"
SHEETS = "/solaires/personnages/"


# ----------------------------------------------------------------------
# Contexts and steps
# ----------------------------------------------------------------------


def only_local(route):
    if urlsplit(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


def phone(browser, size, scheme, errors, **options):
    """A touch phone context (French, local network only); console errors go to ``errors``."""
    context = browser.new_context(
        viewport=size, has_touch=True, is_mobile=True, color_scheme=scheme, locale="fr-FR", **options
    )
    context.route("**/*", only_local)
    context.set_default_timeout(120_000)
    context.on("console", lambda msg: msg.type == "error" and errors.append(f"console: {msg.text}"))
    context.on("weberror", lambda err: theirs(err) or errors.append(f"pageerror: {err.error}"))
    return context


def theirs(err) -> bool:
    """The theme's search worker cut while it loads its scripts, by a navigation or a context closed
    (its search offline is tested in test_offline.py)."""
    return "importScripts" in str(err.error) and "/assets/javascripts/lunr/" in str(err.error)


@pytest.fixture(scope="module")
def errors():
    found: list[str] = []
    yield found
    assert found == [], found


@pytest.fixture(scope="module")
def player(browser, server, errors):
    """The player of the main flow: 390×844, light, the service worker allowed (the offline reload)."""
    context = phone(browser, BIG, "light", errors, service_workers="allow")
    yield context
    context.close()


@pytest.fixture(scope="module")
def table(browser, server, errors):
    """Another phone, 360×740, dark: two tabs, files, links."""
    context = phone(browser, SMALL, "dark", errors)
    yield context
    context.close()


def stored(page) -> list[dict]:
    """Every sheet record of the device, as IndexedDB holds it."""
    return page.evaluate(
        """() => new Promise((resolve, reject) => {
             const open = indexedDB.open('des-et-lames');
             open.onerror = () => reject(open.error);
             open.onsuccess = () => {
               const db = open.result;
               const all = db.transaction('fiches').objectStore('fiches').getAll();
               all.onsuccess = () => { db.close(); resolve(all.result); };
             };
           })"""
    )


def shown_sheet(page, name: str) -> None:
    """Wait for one sheet's view (its name as the heading), after Python's check."""
    page.locator(".dl-sheet-view__name", has_text=name).first.wait_for()


def adopt_example(page, server, name: str) -> dict:
    """« Ajouter à mes personnages » on one of the game's example characters; its record."""
    page.goto(server.url + SHEETS)
    page.get_by_role("button", name=f"Ajouter à mes personnages ({name})").tap()
    shown_sheet(page, name)
    return next(r for r in stored(page) if r["fiche"]["nom"] == name)


def have_sheet(page, server, name: str) -> None:
    """This device holds ``name`` (made by an earlier step, or adopted from the book's examples when the test
    runs alone), and its sheet is open."""
    page.goto(server.url + SHEETS)
    page.locator(".dl-sheets__main > *").first.wait_for()
    if any(r["fiche"]["nom"] == name for r in stored(page)):
        open_sheet(page, name)
    else:
        adopt_example(page, server, name)  # its sheet shown once added


def clear_device(context, server):
    """The site's data on this device cleared (storage, service worker, caches): a device that never came.
    Cleared with no page of the site open, as from the browser's settings: a page left open goes on with
    its own work (its engine, then its service worker registered again) and may write after the clear.
    → a new page of the context, blank."""
    for open_page in context.pages:
        open_page.close()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": server.url, "storageTypes": "all"})
    cdp.detach()
    return page


# The focused element: its data-path, its outline's style, its top and the fixed header's bottom (px).
FOCUSED = """() => { const el = document.activeElement; return { path: el.dataset.path || el.id,
  ring: getComputedStyle(el).outlineStyle, top: el.getBoundingClientRect().top,
  header: document.querySelector('.md-header').getBoundingClientRect().bottom }; }"""


def wait_for_draft(page, text: str) -> None:
    """Wait until a draft holding ``text`` is kept on the device (IndexedDB, « brouillon:… »)."""
    page.wait_for_function(
        """(text) => { window.__dlDrafts ||= setInterval(() => {
             const open = indexedDB.open('des-et-lames');
             open.onsuccess = () => { const all = open.result.transaction('meta').objectStore('meta').getAll();
               all.onsuccess = () => { window.__dlDraftText = JSON.stringify(all.result); open.result.close(); }; };
           }, 100);
           return (window.__dlDraftText || '').includes(text); }""",
        arg=text,
    )


def open_sheet(page, name: str) -> None:
    page.locator(".dl-sheet-card__open", has_text=name).first.tap()
    shown_sheet(page, name)


def message(page) -> str:
    return page.locator(".dl-sheets__message").inner_text()


def axe_at_rest(page, where: str) -> list[str]:
    """axe on the page scrolled to its top, the theme's transitions over (its « back to top » fades)."""
    at_top_at_rest(page)
    return report(axe_check(page), where)


def spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# ----------------------------------------------------------------------
# The build
# ----------------------------------------------------------------------


def test_each_game_page_carries_its_schema_and_the_widgets_know_which_rollers_take_sheets(server):
    for game in rules_py.api.SYSTEMS:
        text = (server.site / game / "personnages" / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<div class="dl-sheets" data-jeu="(\w+)" data-schema="([^"]*)"', text)
        assert found and found.group(1) == game
        schema = json.loads(html.unescape(found.group(2)))
        want = rules_py.call({"op": "sheet_schema", "jeu": game})["result"]
        examples = rules_py.call({"op": "sheet_examples", "jeu": game})["result"]
        assert {k: v for k, v in schema.items() if k not in ("exemples", "reserve_exemple")} == {
            k: v for k, v in want.items() if k != "exemples"
        }
        assert schema["exemples"] == examples["fiches"] and schema["exemples"]
    # the widgets' part of the sheets is fiches.js's (fetched where sheets are used); rollers.js says which rollers
    bundle = (server.site / "assets" / "rollers" / "fiches.js").read_text(encoding="utf-8")
    page, fiches = bundle_configs(bundle)  # config.js: CONFIG, SHEETS_CONFIG
    lean = (server.site / "assets" / "rollers" / "rollers.js").read_text(encoding="utf-8")
    assert [set(c) for c in bundle_configs(lean)] == [{"pyodide", "version", "fiches"}]  # CONFIG only
    assert set(bundle_configs(lean)[0]["fiches"]["lanceurs"]) == set(fiches["lanceurs"])
    assert page["version"] == bundle_configs(lean)[0]["version"]
    assert {"solaires.action", "solaires.opposition", "simon.jet", "dcda.confrontation"} <= set(fiches["lanceurs"])
    assert "solaires.environnement" not in fiches["lanceurs"]
    assert fiches["pages"]["simon"] == "simon/personnages/" and fiches["reserves"]["simon"]["porte_poisse"] == 10


# ----------------------------------------------------------------------
# A player's flow: the form, a roll, a reroll written back, undo, offline
# ----------------------------------------------------------------------


def test_nothing_moves_as_each_sheets_page_draws_its_list(browser, server, errors):
    """The list comes once the page's scripts have fetched sheets.js: its place is held from the parse
    (sheets.css), so the footer, first on screen just under a short page, no longer jumps away (a layout
    shift of 0.12-0.19 at 390×844 before)."""
    context = phone(browser, BIG, "light", errors)
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    for game in ("solaires", "feerie", "simon", "dcda"):
        page.goto(f"{server.url}/{game}/personnages/", wait_until="load")
        page.locator(".dl-sheets__main > *").first.wait_for()  # the list (or the examples) drawn
        after_frames(page)  # a shift is reported after its frame
        assert page.evaluate("window.__dlShifts") == [], game
        footer = page.evaluate("document.querySelector('.md-footer').getBoundingClientRect().top")
        assert footer > BIG["height"], (game, footer)  # drawn, the page is taller than the screen
    context.close()


#: A roller of each kind of « Personnage » choice: one row, two rows, two teams side by side.
CHOICES = ("solaires.action", "feerie.opposition", "simon.opposition", "dcda.tour", "dcda.confrontation")


def first_widget(site, roller: str) -> tuple[str, str]:
    """(page, widget id) of the first widget of ``roller`` in the built site."""
    for index in sorted(site.rglob("index.html")):
        found = re.search(
            rf'<section class="dl-roller" id="([^"]+)"[^>]*data-roller="{re.escape(roller)}"', index.read_text()
        )
        if found:
            return "/" + index.parent.relative_to(site).as_posix() + "/", found.group(1)
    raise AssertionError(f"aucun lanceur {roller} dans le site")


def test_no_roller_moves_when_its_personnage_choice_comes(browser, server, errors):
    """The « Personnage » choice is drawn once the widget has read the device's sheets (IndexedDB, after the
    load): its room is kept from the parse where the device holds sheets of the game (widget.html, sheets.css,
    the games written in localStorage by storage/sheets.js and read in <head>), so a widget opened at its section
    does not move (a layout shift of 0.04-0.19 at 390×844 before: 49-192 px). Without sheets, no room."""
    context = phone(browser, BIG, "light", errors)
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    path, widget = first_widget(server.site, "dcda.confrontation")
    page.goto(f"{server.url}{path}#{widget}", wait_until="load")
    rooms = page.locator(".dl-roller__sheets--room").evaluate_all("all => all.map((e) => e.offsetHeight)")
    assert len(rooms) > 1 and set(rooms) == {0}, rooms
    for game in rules_py.api.SYSTEMS:
        page.goto(f"{server.url}/{game}/personnages/")
        page.get_by_role("button", name=re.compile("Ajouter à mes personnages")).first.tap()
        page.locator(".dl-sheet-view__name").first.wait_for()
    # the games listed for the next pages' <head> (written once the change is committed: waited for)
    every_game = " ".join(sorted(rules_py.api.SYSTEMS))
    page.wait_for_function("(want) => localStorage.getItem('des-et-lames:fiches-jeux') === want", arg=every_game)
    for roller in CHOICES:
        path, widget = first_widget(server.site, roller)
        page.goto("about:blank")
        page.goto(f"{server.url}{path}#{widget}", wait_until="load")
        page.locator(f"#{widget} .dl-roller__sheets [data-sheet-place]").first.wait_for(state="attached")
        after_frames(page)  # a shift is reported after its frame
        assert page.evaluate("window.__dlShifts") == [], (roller, page.evaluate("window.__dlShiftSources"))
        box = page.locator(f"#{widget} .dl-roller__sheets").bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= BIG["height"], (roller, box)  # the choice on screen
    context.close()


def test_perseus_made_from_the_form_rolls_and_his_reroll_is_written_back(player, server):
    page = player.new_page()
    page.goto(server.url + SHEETS)
    assert "Vos fiches ne sont que sur cet appareil" in page.locator(".dl-sheets__where").inner_text()
    page.get_by_role("button", name="Nouveau personnage").tap()
    page.locator("[data-path='nom']").fill("Perseüs")
    page.locator("[data-path='concept']").fill("Espion martien cybernétique")
    # the book's sentence and its section under a field
    hint = page.locator("[data-field='concept'] .dl-field__hint")
    assert "une idée de personnage résumée en une phrase" in hint.inner_text()
    assert hint.locator("a").get_attribute("href").endswith("/solaires/regles/creer-un-personnage/#concept")
    add = page.get_by_role("button", name="Ajouter : élément")
    for i, (name, category, score) in enumerate((("Pilote", "carriere", "2"), ("Volontaire", "trait", "2"))):
        add.tap()
        page.locator(f"[data-path='elements[{i}].nom']").fill(name)
        page.locator(f"[data-path='elements[{i}].categorie']").select_option(category)
        page.locator(f"[data-path='elements[{i}].score']").select_option(score)
    # the level words follow the category: a career's 2 is « Professionnel »
    assert "Professionnel" in page.locator("[data-path='elements[0].score'] option:checked").inner_text()
    # the phone reloads the tab before the save: what was typed is kept on the device, offered back
    wait_for_draft(page, '"nom":"Volontaire","categorie":"trait","score":2')
    page.reload()
    page.get_by_role("button", name="Reprendre la saisie (Perseüs)").tap()
    assert page.locator("[data-path='nom']").input_value() == "Perseüs"
    assert page.locator("[data-path='elements[1].nom']").input_value() == "Volontaire"
    # emptied, a number is no value (never its default, issue 54): said on its field, in a form's words
    page.locator("[data-path='points']").fill("")
    page.get_by_role("button", name="Enregistrer").tap()
    page.locator("[data-field='points'] .dl-sheet-form__error").wait_for()
    assert "attendu, reçu un champ vide." in spaces(
        page.locator("[data-field='points'] .dl-sheet-form__error").inner_text()
    )
    assert stored(page) == []
    # a value out of its range: one French sentence on its field, checked in the page, nothing saved. Saved by
    # Enter in a text field (« Enregistrer » is its form's submit): the wrong field gets the focus, with its ring
    # shown, below the fixed header
    page.locator("[data-path='points']").fill("100")
    page.locator("[data-path='nom']").press("Enter")
    page.locator("[data-field='points'] .dl-sheet-form__error").wait_for()
    assert "un entier de 0 à 99" in spaces(page.locator("[data-field='points'] .dl-sheet-form__error").inner_text())
    assert stored(page) == []
    focused = page.evaluate(FOCUSED)
    assert focused["path"] == "points" and focused["ring"] != "none", focused
    assert focused["top"] - 4 >= focused["header"], focused
    # a value the rules refuse across fields (Python's check): kept at once, then marked with its sentence
    page.locator("[data-path='points']").fill("7")
    page.get_by_role("button", name="Enregistrer").tap()
    shown_sheet(page, "Perseüs")
    page.locator(".dl-sheets__refused", has_text="au plus le maximum de points").wait_for()
    page.get_by_role("button", name="Corriger").tap()
    assert "au plus le maximum de points" in page.locator("[data-field='points'] .dl-sheet-form__error").inner_text()
    page.locator("[data-path='points']").fill("2")
    page.get_by_role("button", name="Enregistrer").tap()
    shown_sheet(page, "Perseüs")
    page.wait_for_function("() => !document.querySelector('.dl-sheets__refused')")
    [record] = stored(page)
    assert record["rev"] == 2 and record["fiche"]["points"] == 2 and record["fiche"]["jeu"] == "solaires"
    assert [e["nom"] for e in record["fiche"]["elements"]] == ["Pilote", "Volontaire"]

    # A Solaires roller, filled from his sheet: his elements by name.
    page.goto(server.url + ACTION)
    widget = page.locator(WIDGET)
    widget.scroll_into_view_if_needed()
    widget.get_by_label("Personnage", exact=True).select_option(label="Perseüs")
    names = widget.locator("[data-sheet-param='elements'] select").first
    names.wait_for()
    assert names.locator("option", has_text="Pilote (2)").count() == 1
    names.select_option("Pilote")
    # the points come from the sheet, said so beside the field
    assert "Points de personnage : 2, de la fiche de Perseüs" in spaces(
        widget.locator(".dl-sheet-source").first.text_content()
    )
    widget.locator("button.dl-roll").tap()
    page.wait_for_function(
        "(el) => el.querySelector('.dl-roller__result')?.dataset.roll === '1' && el.getAttribute('aria-busy') === 'false'",
        arg=widget.element_handle(),
    )
    # with 2 points, a reroll (cost 2) is offered whatever the dice: any of the three
    assert widget.locator(".dl-roller__result form.dl-action select").count() == 1
    reroll = widget.locator(".dl-roller__result form.dl-action")
    reroll.locator("select").select_option(index=1)
    reroll.get_by_role("button").tap()
    changes = widget.locator(".dl-roller__result .dl-sheet-changes")
    changes.wait_for()
    assert "Perseüs" in changes.inner_text() and "Points de personnage : 2 → 0" in spaces(changes.inner_text())
    [record] = stored(page)
    assert record["fiche"]["points"] == 0 and record["rev"] == 3 and record["precedente"]["fiche"]["points"] == 2
    # the journal names the character
    page.get_by_role("button", name=re.compile("^Journal des jets")).tap()
    entry = page.locator(".dl-journal__entry").first
    assert spaces(entry.locator(".dl-journal__outcome").inner_text()).startswith("Perseüs — ")
    assert "Points de personnage : 2 → 0" in spaces(entry.locator(".dl-journal__sheet").inner_text())
    page.get_by_role("button", name="Fermer").tap()

    # The sheet shows the new value; one tap undoes the roll's change, once.
    page.goto(server.url + SHEETS)
    open_sheet(page, "Perseüs")
    points = page.locator(".dl-sheet-view__fields dt", has_text=re.compile("^Points de personnage$"))
    assert points.locator("xpath=following-sibling::dd[1]").inner_text() == "0"
    page.get_by_role("button", name=re.compile("^Annuler la dernière modification")).tap()
    page.locator(".dl-sheets__message", has_text="Modification annulée").wait_for()
    assert points.locator("xpath=following-sibling::dd[1]").inner_text() == "2"
    [record] = stored(page)
    assert record["fiche"]["points"] == 2 and record["precedente"] is None
    assert page.get_by_role("button", name=re.compile("^Annuler la dernière modification")).count() == 0
    page.close()


def test_his_sheet_is_there_after_a_reload_with_no_network(player, server):
    page = player.new_page()
    have_sheet(page, server, "Perseüs")
    controlled(page)
    # the service worker has the whole site before the network goes (its copy starts once the
    # reader has left the page alone a moment: no engine boots on this page)
    site_copied(page, timeout=120)
    before = stored(page)
    served = len(server.faults.requests)
    player.set_offline(True)
    try:
        page.reload()  # on his sheet: its view is in the address (#personnage=…), and shown again
        shown_sheet(page, "Perseüs")
        assert stored(page) == before
        assert "Espion martien cybernétique" in page.locator(".dl-sheet-view").inner_text()
        # nothing of the page came from the server (the browser's own check for a new sw.js aside)
        asked = [p for p in server.faults.requests[served:] if p != "/sw.js"]
        assert not asked, f"asked of the network while offline: {asked}"
    finally:
        player.set_offline(False)
    page.close()


# ----------------------------------------------------------------------
# Two tabs, files, links
# ----------------------------------------------------------------------


def test_two_tabs_editing_the_same_sheet_lose_nothing(table, server):
    first, second = table.new_page(), table.new_page()
    adopt_example(first, server, "Perseüs")
    second.goto(server.url + SHEETS)
    open_sheet(second, "Perseüs")
    second.get_by_role("button", name="Modifier").tap()
    first.get_by_role("button", name="Modifier").tap()
    first.locator("[data-path='joueuse']").fill("Ana")
    first.get_by_role("button", name="Enregistrer").tap()
    shown_sheet(first, "Perseüs")
    # the other tab's form is told, and its own change goes over the newer copy
    second.locator(".dl-sheets__saving", has_text="vient de changer ailleurs").wait_for()
    second.locator("[data-path='notes']").fill("Note de la seconde fenêtre")
    second.get_by_role("button", name="Enregistrer").tap()
    shown_sheet(second, "Perseüs")
    assert "vos changements ont été ajoutés aux siens" in message(second)
    [record] = [r for r in stored(second) if r["fiche"]["nom"] == "Perseüs"]
    assert record["fiche"]["joueuse"] == "Ana" and record["fiche"]["notes"] == "Note de la seconde fenêtre"
    assert record["rev"] == 3 and record["precedente"]["fiche"]["joueuse"] == "Ana"
    # the first tab shows the sheet as it is now, without a reload
    first.locator(".dl-sheet-view", has_text="Note de la seconde fenêtre").wait_for()
    assert "Ana" in first.locator(".dl-sheet-view").inner_text()
    first.close()
    second.close()


def test_export_clear_the_site_data_import_gives_the_same_sheet(table, server, tmp_path):
    page = clear_device(table, server)  # one Perseüs on the device, whatever came before
    have_sheet(page, server, "Perseüs")
    [record] = [r for r in stored(page) if r["fiche"]["nom"] == "Perseüs"]
    with page.expect_download() as info:
        page.get_by_role("button", name="Exporter", exact=True).tap()
    file = tmp_path / info.value.suggested_filename
    info.value.save_as(file)
    assert file.name == "perseus.json" and json.loads(file.read_text(encoding="utf-8")) == record["fiche"]
    # the site's data cleared: nothing left
    page = clear_device(table, server)
    page.goto(server.url + SHEETS)
    page.locator(".dl-sheets__empty").wait_for()
    assert stored(page) == []
    files = page.locator(".dl-sheets input[type=file]")
    files.set_input_files(str(file))
    page.locator(".dl-sheets__message", has_text="Import terminé").wait_for()
    assert [r["fiche"] for r in stored(page)] == [record["fiche"]]
    # the same file again: the same sheet, left as it is
    files.set_input_files(str(file))
    page.locator(".dl-sheets__message", has_text="déjà là").wait_for()
    assert [r["fiche"] for r in stored(page)] == [record["fiche"]]
    # a changed copy: asked, never overwritten silently; « Garder les deux » makes a copy
    changed = {**record["fiche"], "notes": "Revu à la table"}
    file.write_text(json.dumps(changed), encoding="utf-8")
    files.set_input_files(str(file))
    ask = page.locator(".dl-sheets__ask")
    ask.wait_for()
    assert "existe déjà" in ask.inner_text()
    ask.get_by_role("button", name="Garder les deux").tap()
    page.locator(".dl-sheets__message", has_text="gardée en double").wait_for()
    kept = stored(page)
    assert len(kept) == 2 and {r["fiche"]["id"] for r in kept} > {record["fiche"]["id"]}
    assert sorted(r["fiche"]["notes"] for r in kept) == sorted([record["fiche"]["notes"], "Revu à la table"])
    assert all(
        {k: v for k, v in r["fiche"].items() if k not in ("id", "notes")}
        == {k: v for k, v in record["fiche"].items() if k not in ("id", "notes")}
        for r in kept
    )
    # a wrong file: one French sentence naming the field, nothing imported
    bad = json.loads(file.read_text(encoding="utf-8"))
    bad["id"] = "une-autre-fiche"
    bad["elements"][0]["score"] = 9
    wrong = tmp_path / "faux.json"
    wrong.write_text(json.dumps(bad), encoding="utf-8")
    files.set_input_files(str(wrong))
    page.locator(".dl-sheets__message--error").wait_for()
    text = spaces(message(page))
    assert "Score" in text and "9" in text and "Rien n’a été importé" in text, text
    assert len(stored(page)) == 2
    page.close()


def test_a_share_link_opens_the_sheet_in_another_browser(table, browser, server, errors):
    page = table.new_page()
    have_sheet(page, server, "Perseüs")
    sheet = next(r["fiche"] for r in stored(page) if r["fiche"]["nom"] == "Perseüs")
    page.get_by_role("button", name="Partager par un lien").tap()
    link = page.locator(".dl-sheets__link").input_value()
    assert urlsplit(link).fragment.startswith("fiche=1.") and not urlsplit(link).query
    page.close()
    other = phone(browser, BIG, "light", errors)
    try:
        friend = other.new_page()
        friend.goto(link)
        friend.get_by_role("heading", name="Fiche reçue par un lien").wait_for()
        shown_sheet(friend, "Perseüs")
        assert stored(friend) == []
        friend.get_by_role("button", name="Ajouter à mes personnages").tap()
        friend.locator(".dl-sheets__message", has_text="est ajouté à vos personnages").wait_for()
        assert [r["fiche"] for r in stored(friend)] == [sheet]
        assert "fiche=" not in friend.url  # the sheet's data left the address bar (its view's step is there)
    finally:
        other.close()


# ----------------------------------------------------------------------
# Accessibility
# ----------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_mes_personnages_and_a_widget_filled_from_a_sheet(browser, server, errors, scheme):
    context = phone(browser, BIG, scheme, errors)
    try:
        page = context.new_page()
        adopt_example(page, server, "Razors")
        problems = axe_at_rest(page, f"fiche {scheme}")
        page.get_by_role("button", name="Modifier").tap()
        page.locator(".dl-sheet-form__row summary").first.tap()  # a folded element, open
        problems += axe_at_rest(page, f"formulaire {scheme}")
        page.get_by_role("button", name="Abandonner").tap()
        page.locator(".dl-sheets__list").wait_for()
        problems += axe_at_rest(page, f"liste {scheme}")
        page.goto(server.url + ACTION)
        widget = page.locator(WIDGET)
        widget.scroll_into_view_if_needed()
        widget.get_by_label("Personnage", exact=True).select_option(label="Razors")
        widget.locator("[data-sheet-param='elements'] select").first.wait_for()
        problems += report(axe_check(page), f"lanceur rempli depuis une fiche {scheme}")
        assert not problems, "violations axe-core :\n" + "\n".join(problems)
    finally:
        context.close()
