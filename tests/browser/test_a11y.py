"""Accessibility, measured: axe-core (WCAG 2.2 A/AA and best practices) on every page.

Each page of the built site, on a phone (390×844, touch), in the light and the
dark scheme: axe runs in both at rest and in both after the first « Lancer » of
the page has answered (the widget's bubbling ``dl:jet`` event). One load per page:
the other scheme is the system's, switched live (the site follows it), and the
pages alternate the scheme they are loaded in. Any violation fails the test,
listed readably (rule, impact, where: theme or widget, the elements).

axe-core comes from npm (package.json), injected from ``node_modules``.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import CSP_WATCH, LAYOUT_SHIFTS, after_frames, animations_done

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
PHONE = {"width": 390, "height": 844}


def site_pages() -> list[str]:
    """Every page's URL path, from docs/ (plus the 404 page)."""
    docs = ROOT / "docs"
    paths = []
    for md in sorted(docs.rglob("*.md")):
        rel = md.relative_to(docs).as_posix().removesuffix(".md")
        rel = rel.removesuffix("index")
        paths.append("/" + (rel + "/" if rel and not rel.endswith("/") else rel))
    return paths + ["/404.html"]


PAGES = site_pages()

RUN_AXE = """async (tags) => {
  const results = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => {
      const target = n.target.map(String).join(' ');
      let el = null;
      try { el = document.querySelector(String(n.target[0])); } catch (e) {}
      return {target, widget: !!(el && el.closest('.dl-roller')),
              summary: (n.failureSummary || '').split('\\n').slice(1, 3).join(' ').trim()};
    }),
  }));
}"""

WAIT_FOR_JET = """() => { window.__dlJet = new Promise(resolve =>
  document.addEventListener('dl:jet', e => resolve(true), {once: true})); }"""
ANSWERED = "ms => Promise.race([window.__dlJet, new Promise(resolve => setTimeout(() => resolve(false), ms))])"


def report(violations: list[dict], where: str, shown: int = 4) -> list[str]:
    """Readable lines: per rule and side (theme or widget), the count, the rule's help, a few elements and why."""
    lines = []
    for v in violations:
        for part in ("thème", "widget"):
            nodes = [n for n in v["nodes"] if (n["widget"] == (part == "widget"))]
            if not nodes:
                continue
            lines.append(f"{where} [{part}] {v['id']} ({v['impact']}) ×{len(nodes)} — {v['help']}")
            lines += [f"      {n['target']} — {n['summary']}" for n in nodes[:shown]]
            if len(nodes) > shown:
                lines.append(f"      … et {len(nodes) - shown} autre(s)")
    return lines


def axe_check(page) -> list[dict]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Served as a file of the site's own origin: the pages' Content-Security-Policy refuses inline scripts.
        if not getattr(page, "_axe_routed", False):
            page.route(f"**/{AXE_SERVED}", lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
            page._axe_routed = True
        page.add_script_tag(url="/" + AXE_SERVED)
    return page.evaluate(RUN_AXE, TAGS)


AXE_SERVED = "axe-for-tests.min.js"


def has_rollers(server, path: str) -> bool:
    """Whether the built page holds a roller (read from the site's file, not from the page under test)."""
    rel = path.lstrip("/")
    file = server.site / (rel if rel.endswith(".html") else rel + "index.html")
    return '<section class="dl-roller"' in file.read_text(encoding="utf-8")


def roll_first(page) -> None:
    """Click the page's first « Lancer » and wait for its answer (dl:jet).

    On a loaded machine the engine's first start may outlast the widget's patience
    (it then says so): the reader would tap again, and so does the test.
    """
    button = page.get_by_role("button", name="Lancer", exact=True)
    assert button.count() > 0, f"{page.url} : aucun bouton « Lancer » sur une page qui a des lanceurs"
    for _ in range(4):
        page.evaluate(WAIT_FOR_JET)
        button.first.scroll_into_view_if_needed()
        button.first.click()
        if page.evaluate(ANSWERED, 30_000):
            animations_done(page)  # the result's transitions
            return
    raise AssertionError(f"{page.url} : pas de réponse à « Lancer » après quatre essais")


def phone_in(browser, scheme: str, page_errors: list[str]):
    """A phone page in ``scheme``: uncaught errors, console errors and anything the pages' policy refuses go to
    ``page_errors``. The caller closes its context."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, color_scheme=scheme, locale="fr-FR", device_scale_factor=2
    )
    context.add_init_script(CSP_WATCH)
    context.route("**/*", _only_local)
    page = context.new_page()
    page.on("pageerror", lambda err: page_errors.append(f"pageerror: {err}"))
    page.on("console", lambda msg: msg.type == "error" and page_errors.append(f"console: {msg.text}"))
    page.set_default_timeout(60_000)
    return page


@pytest.fixture
def light_phone(browser, server, page_errors):
    """A phone in the light scheme, for the checks the colours do not change (sizes, words)."""
    page = phone_in(browser, "light", page_errors)
    yield page
    page.context.close()
    assert not page_errors, page_errors


def test_axe_core_is_installed_by_the_project():
    assert AXE.is_file(), "axe-core manque : npm ci (package.json)"
    assert '"axe-core"' in (ROOT / "package.json").read_text(encoding="utf-8")


def test_every_page_is_listed():
    assert "/" in PAGES and "/credits/" in PAGES and "/dcda/confrontation/" in PAGES and "/404.html" in PAGES


@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_nothing_at_rest_and_after_a_roll(browser, server, path, page_errors):
    """In both schemes, at rest and after a roll. The page is loaded in one scheme (light for the even pages of
    ``PAGES``, dark for the odd ones: each scheme is met from the parse as well as switched to), the other
    switched to live; after the roll, the other first, then back (one engine boot per page, not two)."""
    loaded, other = ("light", "dark") if PAGES.index(path) % 2 == 0 else ("dark", "light")
    phone = phone_in(browser, loaded, page_errors)
    try:
        phone.goto(server.url + path, wait_until="load")
        problems = in_both_schemes(phone, f"{path}, au repos", (loaded, other))
        if has_rollers(server, path):
            try:
                roll_first(phone)
            except AssertionError as err:  # reported with what axe found at rest
                problems.append(str(err))
            else:
                problems += in_both_schemes(phone, f"{path}, après « Lancer »", (other, loaded))
    finally:
        phone.context.close()
    assert not page_errors, page_errors
    assert not problems, "violations axe-core :\n" + "\n".join(problems)


def test_the_check_sees_a_violation(light_phone, server):
    """The check itself can fail: a content link made unreadable is reported, on the theme's side."""
    light_phone.goto(server.url + "/credits/", wait_until="load")
    light_phone.add_style_tag(content=".md-typeset a { color: #ddd !important; text-decoration: none !important; }")
    problems = report(axe_check(light_phone), "test")
    assert any(("color-contrast" in line or "link-in-text-block" in line) and "[thème]" in line for line in problems), (
        problems
    )


def test_the_header_buttons_are_44_px(light_phone, server):
    """The header's icon buttons (menu, colour scheme, search) are at least 44×44 px on a light_phone."""
    light_phone.goto(server.url + "/feerie/actions/", wait_until="load")
    sizes = light_phone.evaluate("""() => [...document.querySelectorAll('.md-header .md-header__button')]
        .filter(el => el.offsetParent !== null)
        .map(el => { const r = el.getBoundingClientRect();
                     return [el.getAttribute('aria-label') || el.getAttribute('for') || el.className, r.width, r.height]; })""")
    assert len(sizes) >= 3, sizes
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, f"boutons d'en-tête de moins de 44×44 px : {small}"


def test_the_journal_button_does_not_make_the_header_taller(light_phone, server):
    """The roll journal's button, added to the header once the page has loaded, is sized as the
    search button beside it: the header keeps its height and nothing below it moves (it once made
    the header 20 px taller on every page, a layout shift of 0.08 as the page loaded)."""
    light_phone.context.add_init_script(LAYOUT_SHIFTS)
    light_phone.goto(server.url + "/credits/", wait_until="load")
    light_phone.locator(".dl-journal-button").wait_for()
    after_frames(light_phone)  # the shift, if any, is reported after the frame
    boxes = light_phone.evaluate("""() => Object.fromEntries([['journal', '.dl-journal-button'],
        ['search', '.md-header label[for="__search"]'], ['header', '.md-header']].map(([name, selector]) => {
          const r = document.querySelector(selector).getBoundingClientRect();
          return [name, [Math.round(r.width), Math.round(r.height)]]; }))""")
    assert boxes["journal"] == boxes["search"], boxes
    assert boxes["header"][1] <= boxes["search"][1] + 4, boxes  # the buttons' 2 px margins
    shifts = light_phone.evaluate("window.__dlShifts")
    assert sum(shifts) < 0.01, shifts


def test_nothing_english_in_the_theme(light_phone, server):
    """The 404 page, the footnote back-links and the footer speak French."""
    light_phone.goto(server.url + "/404.html", wait_until="load")
    text = light_phone.locator("article").inner_text()
    assert "Not found" not in text and "introuvable" in text
    light_phone.goto(server.url + "/solaires/regles/regles-generales/", wait_until="load")
    back = light_phone.locator("a.footnote-backref").first
    assert back.get_attribute("title").startswith("Retour à l’appel de note")
    labels = light_phone.locator(".md-footer__link").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all("\u00a0: " in label for label in labels), labels


def _only_local(route):
    if urlsplit(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


# ----------------------------------------------------------------------
# The states a page reaches (issue 35, §7): axe in each, both schemes
# ----------------------------------------------------------------------


THEME_SCHEME = {"light": "default", "dark": "slate"}  # the system's scheme, and the theme's name for it


def in_both_schemes(page, where: str, order: tuple[str, str] = ("light", "dark")) -> list[str]:
    """axe in each scheme of ``order`` in turn: the system's scheme, switched live (the site follows it; the
    first one may be the page's already), once the page shows it and has finished switching."""
    problems = []
    for system in order:
        page.emulate_media(color_scheme=system)
        page.wait_for_function(
            "(want) => document.body.getAttribute('data-md-color-scheme') === want"
            " && !document.body.hasAttribute('data-md-color-switching')",
            arg=THEME_SCHEME[system],
        )
        problems += report(axe_check(page), f"{where} ({system})")
    return problems


@pytest.fixture
def reader(browser, server, page_errors):
    """A phone whose reader never chose a scheme (it follows the system), service workers allowed."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR", device_scale_factor=2, service_workers="allow"
    )
    context.route("**/*", _only_local)
    page = context.new_page()
    page.on("pageerror", lambda err: page_errors.append(f"pageerror: {err}"))
    page.set_default_timeout(120_000)
    yield page
    context.close()
    assert not page_errors, page_errors


def test_axe_finds_nothing_once_the_book_is_kept_offline(reader, server):
    """The home page once the book is on the device: « Retirer le livre de cet appareil » had a contrast of
    3.06:1 in the dark scheme (the theme's primary colour on its dark page). Pressed by keyboard, the button
    kept no focus (dropped to the page as the progress replaced it)."""
    reader.goto(server.url + "/")
    control = reader.locator("#dl-offline")
    control.locator("button", has_text="Rendre le livre disponible hors ligne").focus()
    reader.keyboard.press("Enter")  # the button gives way to the progress: the focus stays with the control
    control.locator(".dl-offline__done").wait_for()
    assert reader.evaluate("document.activeElement.closest('#dl-offline') !== null"), "focus dropped to the page"
    assert control.locator("button", has_text="Retirer le livre de cet appareil").is_visible()
    problems = in_both_schemes(reader, "/ livre gardé hors ligne")
    assert not problems, "violations axe-core :\n" + "\n".join(problems)


def test_axe_finds_nothing_with_sheets_a_result_they_changed_and_the_journal_open(reader, server):
    """Sheets held (« Mes personnages », the Réserve), a roller filled from one, a result that changed it with
    its « Annuler », a step undone, the journal's dialog open, De Cœur & D'Acier's teams from sheets."""
    problems = []
    for game, name in (("simon", "Ysil"), ("dcda", "Nocturne")):
        reader.goto(f"{server.url}/{game}/personnages/")
        reader.get_by_role("button", name=f"Ajouter à mes personnages ({name})").tap()
        reader.locator(".dl-sheet-view__name", has_text=name).first.wait_for()
    reader.goto(server.url + "/simon/personnages/")
    reader.locator(".dl-sheets__list").wait_for()
    reader.locator(".dl-sheets__reserve .dl-sheet-view").wait_for()
    problems += in_both_schemes(reader, "/simon/personnages/ avec une fiche")
    reader.goto(server.url + "/simon/resolution/")
    widget = reader.locator(".dl-roller[data-roller='simon.jet']").first
    widget.scroll_into_view_if_needed()
    widget.get_by_label("Personnage", exact=True).select_option(label="Ysil")
    reader.wait_for_function(
        "(el) => el.querySelector('.dl-sheet-block') && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )
    problems += in_both_schemes(reader, "/simon/resolution/ lanceur rempli depuis une fiche")
    widget.locator("button.dl-roll").tap()
    result = widget.locator(".dl-roller__result")
    result.locator(".dl-outcome").wait_for()
    result.locator("form.dl-action button", has_text="Ajouter un dé").tap()
    result.locator(".dl-sheet-undo").wait_for()
    problems += in_both_schemes(reader, "/simon/resolution/ un résultat qui a changé la fiche")
    result.locator(".dl-sheet-undo").tap()
    reader.wait_for_function(
        "(el) => !el.querySelector('.dl-roller__result .dl-roll-step')", arg=widget.element_handle()
    )
    problems += in_both_schemes(reader, "/simon/resolution/ le dé ajouté annulé")
    reader.get_by_role("button", name=re.compile("^Journal des jets")).tap()
    reader.locator("dialog.dl-journal[open] .dl-journal__entry").first.wait_for()
    problems += in_both_schemes(reader, "/simon/resolution/ journal ouvert")
    reader.get_by_role("button", name="Fermer").tap()
    reader.goto(server.url + "/dcda/confrontation/")
    widget = reader.locator(".dl-roller[data-roller='dcda.confrontation']").first
    widget.scroll_into_view_if_needed()
    fold = widget.locator("details.dl-sheet-team").nth(1)
    fold.locator("summary").tap()
    fold.get_by_label("Nocturne").check()
    reader.wait_for_function(  # « vos forces » made by the sheet, its switch hidden
        "(el) => el.querySelector('fieldset.dl-switch').hidden && !el.querySelector('.dl-roller__sheets-note')?.textContent",
        arg=widget.element_handle(),
    )
    problems += in_both_schemes(reader, "/dcda/confrontation/ équipe B depuis une fiche")
    assert not problems, "violations axe-core :\n" + "\n".join(problems)
