"""Every roller in the real browser: Chromium, the built site, Pyodide from localhost."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
import yaml
from conftest import assert_outcome_marked, instant_navigation_ready, same_document

pytestmark = pytest.mark.browser

MAPPING = yaml.safe_load(
    (Path(__file__).resolve().parents[2] / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8")
)
PAGES = sorted(MAPPING)
# page -> {widget id: roller id}, in page order: the pinned contract (tests/test_builds.py), not sections.yml
ROLLERS = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "rollers.json").read_text(encoding="utf-8"))
ENV_PAGE = "/solaires/resoudre-une-action/"


def url_of(src: str) -> str:
    return "/" + src.removesuffix(".md").removesuffix("index") + ("/" if not src.endswith("index.md") else "")


def roll_and_wait(widget):
    widget.locator("button.dl-roll").click()
    widget.locator(".dl-roller__result .dl-outcome, .dl-roller__result .dl-error").first.wait_for(timeout=60_000)


@pytest.mark.parametrize("url", sorted(ROLLERS))
def test_every_roller_rolls_and_shows_an_outcome(page, server, url):
    page.goto(server.url + "/" + url)
    widgets = page.locator(".dl-roller[data-roller]")
    shown = widgets.evaluate_all("ws => ws.map(w => [w.id, w.dataset.roller])")
    assert shown == [list(pair) for pair in ROLLERS[url].items()]
    for i in range(widgets.count()):
        widget = widgets.nth(i)
        widget.scroll_into_view_if_needed()
        roll_and_wait(widget)
        assert widget.locator(".dl-error").count() == 0, widget.locator(".dl-error").inner_text()
        assert widget.locator(".dl-outcome").inner_text().strip()
        assert widget.locator(".dl-share a").get_attribute("href").count("des=") == 1
        assert_outcome_marked(widget)  # ✔, ✘ or ◆ and its colour, as the rules say of this roll


EXAMPLES = [
    (src, e["heading"], example)
    for src in PAGES
    for e in MAPPING[src]
    for example in ([e["example"]] if e.get("example") else e.get("examples", []))
]


@pytest.mark.parametrize("src,heading,example", EXAMPLES, ids=[f"{s}:{h}:{e.get('name', '')}" for s, h, e in EXAMPLES])
def test_replaying_the_book_example_gives_the_book_result(page, server, src, heading, example):
    page.goto(server.url + url_of(src))
    widget = page.locator(".dl-roller", has=page.locator(".dl-example")).filter(
        has=page.locator(".dl-roller__example", has_text=example["text"][:30])
    )
    widget.scroll_into_view_if_needed()
    button = widget.locator(".dl-example")
    if example.get("name"):  # several book examples in one section: one button each
        button = button.filter(has_text=example["name"])
    button.click()
    outcome = widget.locator(".dl-roller__result .dl-outcome")
    outcome.wait_for(timeout=60_000)
    said = outcome.inner_text().replace("\u00a0", " ").replace("\u202f", " ")
    assert example["result"] in said.replace("\u2212", "-")  # the book's hyphen, the page's minus sign
    assert widget.locator(".dl-roller__result .dl-roll-source").inner_text() == "Exemple du livre"  # not a fresh roll
    values = [
        int(v) for v in widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()[: len(example["dice"])]
    ]
    assert values == example["dice"]


def test_bad_input_names_the_field_and_the_range_in_french(page, server):
    page.goto(server.url + ENV_PAGE)
    widget = page.locator('[data-roller="solaires.action"]').nth(1)  # its difficulty is a number (preset)
    widget.scroll_into_view_if_needed()
    widget.locator('input[name="difficulte"]').fill("99")
    widget.locator("button.dl-roll").click()
    error = widget.locator(".dl-roller__result .dl-error")
    error.wait_for(timeout=60_000)
    text = error.inner_text()
    # the field's French label, never its internal name
    assert "Difficulté\u00a0:" in text and "(difficulte)" not in text and "\u22128 à 8" in text and "99" in text
    assert widget.locator('input[name="difficulte"]').get_attribute("aria-invalid") == "true"
    assert page.locator("article h1").inner_text().startswith("Résoudre une action")


def test_odds_follow_the_inputs(page, server):
    page.goto(server.url + ENV_PAGE)
    widget = page.locator('[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    assert "50 %" in widget.locator(".dl-roller__odds-title").inner_text().replace("\u00a0", " ")
    widget.locator('select[name="preference"]').select_option("faveur")
    page.wait_for_function(
        "el => el.textContent.includes('74,1')",
        arg=widget.locator(".dl-roller__odds-title").element_handle(),
        timeout=60_000,
    )


# No service worker: its offline copy of the book asks for pyodide.asm.wasm too, once the engine is in,
# whenever it gets to it (test_network.py); only the page's own requests are counted here.
@pytest.mark.service_workers("block")
def test_instant_navigation_keeps_the_runtime(page, server):
    page.goto(server.url + ENV_PAGE)
    first = page.locator('[data-roller="solaires.environnement"]').first
    first.scroll_into_view_if_needed()
    roll_and_wait(first)
    instant_navigation_ready(page)
    page.locator('a.md-nav__link[href$="feerie/actions/"]').first.click()
    page.wait_for_url("**/feerie/actions/")
    widget = page.locator('[data-roller="feerie.action"]').first
    widget.scroll_into_view_if_needed()
    roll_and_wait(widget)
    assert widget.locator(".dl-error").count() == 0
    assert same_document(page)  # no full reload
    assert page.evaluate("window.desEtLames.runtime.boots") == 1
    wasm = [p for p in server.faults.requests if p.endswith("pyodide.asm.wasm")]
    assert len(wasm) == 1


# Resolves once an observer with the wake's margin (widget/wake.js NEAR) has had its first word on the page's
# first roller, and the idle moment after it: the site's own observer, made earlier, has had its word too.
# Resolves to whether that roller was near the screen.
NEAR_SEEN = """() => new Promise((resolve) => {
  const el = document.querySelector('.dl-roller[data-roller]');
  const seen = new IntersectionObserver(([entry]) => {
    seen.disconnect();
    requestIdleCallback(() => resolve(entry.isIntersecting), { timeout: 5000 });
  }, { rootMargin: '1200px 0px' });
  seen.observe(el);
})"""


def engine_files(requests: list[str]) -> list[str]:
    return [p for p in requests if p.startswith("/pyodide/") or "/rules_py/" in p]


@pytest.mark.viewport(390, 844)
def test_nothing_is_downloaded_before_a_roller_nears_the_screen(page, server):
    """A page whose first roller is far below the first screen asks for nothing of the engine at load; it does
    once the reader scrolls near it (so the check can see a download)."""
    server.faults.requests.clear()
    page.goto(server.url + ENV_PAGE, wait_until="load")
    page.wait_for_function("() => Object.hasOwn(document.querySelector('.dl-roller[data-roller]'), 'dlWidget')")
    assert page.evaluate(NEAR_SEEN) is False, "the page's first roller is near the first screen: choose another"
    assert page.locator(".dl-roller--awake").count() == 0  # no widget woken, so no engine asked for
    assert not engine_files(server.faults.requests)
    page.locator(".dl-roller[data-roller]").first.scroll_into_view_if_needed()
    deadline = time.monotonic() + 60
    while not engine_files(server.faults.requests) and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # polling the server's log, not a wait for the page
    assert engine_files(server.faults.requests)


def test_script_in_a_text_field_does_not_run(page, server):
    page.goto(server.url + "/dcda/confrontation/")
    widget = page.locator('[data-roller="dcda.confrontation"]').first
    widget.scroll_into_view_if_needed()
    page.on("dialog", lambda d: pytest.fail("a dialog opened"))
    widget.locator("summary", has_text="Réglages").click()  # the team's names are not a field of the table: folded
    widget.locator('input[name="noms_a"]').fill('<img src=x onerror="window.__pwned=1">')
    roll_and_wait(widget)
    assert page.evaluate("window.__pwned") is None
    assert widget.locator(".dl-roller__result img").count() == 0


def test_unreachable_pyodide_says_so_and_retry_recovers(page, server, request):
    server.faults.refuse = True
    page.goto(server.url + ENV_PAGE)
    request.node.allow_console_errors = True  # the refused download is logged by the browser
    widget = page.locator('[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    start = time.monotonic()
    retry = widget.locator("button.dl-retry")
    retry.wait_for(timeout=16_000)
    assert time.monotonic() - start < 15.5
    assert "n’a pas pu être chargé" in widget.locator(".dl-roller__status").inner_text()
    server.faults.refuse = False
    retry.click()
    roll_and_wait(widget)
    assert widget.locator(".dl-outcome").count() == 1


def test_the_confrontation_table_is_kept_in_this_browser_only(page, server):
    """RULES.md: the sheet's Table de confrontation is typed once and kept in the browser (localStorage)."""
    page.goto(server.url + "/dcda/confrontation/")
    widget = page.locator('[data-roller="dcda.tour"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("summary", has_text="Réglages").click()  # typed once: not a field of every roll
    table = widget.locator('input[name="table"]')
    table.fill("C4S8Q/C5S/S6Q/Q4M")
    table.dispatch_event("change")
    assert "Enregistrée dans ce navigateur" in widget.locator(".dl-field__kept").text_content()
    ours = "Object.keys(localStorage).filter(k => k.startsWith('des-et-lames:'))"  # Material keeps its own keys
    assert page.evaluate(ours) == ["des-et-lames:dcda.table"]
    page.reload()
    for other in page.locator('.dl-roller[data-roller^="dcda."]').all():  # every widget of the system, after a reload
        other.locator("summary", has_text="Réglages").click()  # the field is made as its fold opens
        assert other.locator('input[name="table"]').input_value() == "C4S8Q/C5S/S6Q/Q4M"
    widget = page.locator('[data-roller="dcda.tour"]').first
    widget.locator(".dl-kept-clear").click()
    assert widget.locator('input[name="table"]').input_value() == ""
    assert page.evaluate(ours) == []
    assert "Sera enregistrée" in widget.locator(".dl-field__kept").text_content()


def test_refused_storage_is_said_in_french(page, server):
    # as in some private modes: our keys refused (Material's own keys left alone, it reports its failures itself)
    page.add_init_script("""for (const op of ['getItem', 'setItem', 'removeItem']) {
      const real = Storage.prototype[op];
      Storage.prototype[op] = function (key, ...rest) {
        if (String(key).startsWith('des-et-lames:')) throw new DOMException('refusé', 'SecurityError');
        return real.call(this, key, ...rest);
      };
    }""")
    page.goto(server.url + "/dcda/confrontation/")
    widget = page.locator('[data-roller="dcda.tour"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("summary", has_text="Réglages").click()
    assert "refuse d’enregistrer la table" in widget.locator(".dl-field__kept").text_content()
    roll_and_wait(widget)
    assert widget.locator(".dl-roller__result .dl-error").count() == 0


def test_a_roller_is_usable_with_the_keyboard_alone(page, server):
    """Type in a field and press Enter to roll; arrow keys change a choice; Tab reaches « Lancer », Space rolls;
    Shift+Tab goes back up, each control below the fixed header."""
    page.goto(server.url + ENV_PAGE)
    action = page.locator('[data-roller="solaires.action"]').first
    action.scroll_into_view_if_needed()
    field = action.locator('input[name="elements"]')
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    page.keyboard.press("Enter")  # implicit submission of the form: one roll
    action.locator(".dl-outcome").wait_for(timeout=60_000)
    assert re.search(
        r"Score à battre\u00a0: \u2212?\d+ \+ 1 = ", action.locator(".dl-roller__result .dl-calc").text_content()
    )
    assert action.locator(".dl-roller__live").get_attribute("aria-live") == "polite"

    widget = page.locator('[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    select = widget.locator('select[name="preference"]')
    select.focus()
    before = select.input_value()
    page.keyboard.press("ArrowDown")
    assert select.input_value() != before
    for _ in range(12):  # Tab moves on until « Lancer » has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('dl-roll')"):
            break
    else:
        raise AssertionError("« Lancer » is not reachable with Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none", "no focus ring"
    page.keyboard.press("Space")
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=60_000)
    assert (
        f"Score à ne pas dépasser\u00a0: {dict(defaveur=2, neutre=3, faveur=4)[select.input_value()]}"
        in widget.locator(".dl-roller__result .dl-calc").text_content()
    )
    # On a narrow phone, Shift+Tab back up through a roller: each control it reaches is scrolled below the fixed
    # header with its focus ring (2 px out, 2 px wide), never under it (WCAG 2.4.11)
    page.set_viewport_size({"width": 320, "height": 640})
    action.locator("button.dl-roll").focus()
    under = []
    for _ in range(10):
        page.keyboard.press("Shift+Tab")
        where = page.evaluate(
            """() => [document.activeElement.name || document.activeElement.textContent.trim().slice(0, 30),
                      document.activeElement.getBoundingClientRect().top,
                      document.querySelector('.md-header').getBoundingClientRect().bottom]"""
        )
        if where[1] - 4 < where[2]:
            under.append(where)
    assert under == [], under


def test_a_link_without_dice_sets_the_form_and_its_odds_without_rolling(page, server):
    """A probability table's cell links to a roller with parameters and no dice: the form and odds follow, nothing
    rolls. A roll's link with the same values shows their odds beside its roll (the preset's stayed)."""
    page.goto(server.url + "/feerie/actions/")
    first = page.locator('.dl-roller[data-roller="feerie.action"]').first
    widget_id = first.get_attribute("id")
    preset = first.locator(".dl-odds-success").inner_text()
    changed = (
        "([id, before]) => { const s = document.querySelector(`#${id} .dl-odds-success`);"
        " return s && s.textContent !== before; }"
    )
    # A roll's link: its dice and outcome replayed, and the odds of its values, not the preset's
    page.goto(f"{server.url}/feerie/actions/?lanceur={widget_id}&element=0&difficulte=7&des=2,5,1,3,1,4,4#{widget_id}")
    page.locator(f"#{widget_id} .dl-roller__result .dl-outcome").wait_for(timeout=90_000)
    page.wait_for_function(changed, arg=[widget_id, preset], timeout=90_000)
    linked = page.locator(f"#{widget_id} .dl-odds-success").inner_text()
    page.goto(f"{server.url}/feerie/actions/?lanceur={widget_id}&element=0&difficulte=7#{widget_id}")
    widget = page.locator(f"#{widget_id}")
    assert widget.locator("[name=difficulte]").input_value() == "7"
    page.wait_for_function(changed, arg=[widget_id, preset], timeout=90_000)
    # The link was read as the widget woke, before its odds were asked: a roll would have shown its pending
    # notice then, in the same task as its request.
    assert widget.locator(".dl-roller__result > *").count() == 0, "a link without dice rolled"
    assert widget.locator(".dl-odds-success").inner_text() == linked  # the same values, the same odds
