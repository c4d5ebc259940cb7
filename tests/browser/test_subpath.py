"""Under a GitHub Pages project path: the site served at ``/des-et-lames/``, from each build.

Both builds (``tools/build.sh mkdocs`` and ``zensical``) are made once for this module with
``SITE_URL=http://127.0.0.1:<port>/des-et-lames/`` and served there as GitHub Pages serves a
project site: nothing outside the path, and a missing page under it answered with the site's
``404.html`` and a 404 status. Pyodide comes from another origin, as the CDN in production
(``PYODIDE_INDEX_URL``, read with CORS). For each build:

- every page loads with every request of the site's origin under the path, none refused
  (the service worker's precache of every file included);
- a roll on one chapter page per game; a shared roll link opens under the path and replays;
- a character sheet's link (« Mes personnages ») opens under the path and shows the sheet;
- the service worker's scope, and the manifest's ``start_url`` and ``scope``, are the path;
- search finds a page of another chapter and opens it under the path;
- the 404 page at any depth loads its styles;
- (MkDocs) the offline book under the path: every page and a roll with no network.
"""

from __future__ import annotations

import functools
import json
import threading
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from conftest import ROOT, CorsHandler, Faults, Handler, _Reusable, free_port
from test_offline import Site, download_book, every_page_offline, go_offline, new_result

pytestmark = pytest.mark.browser

PREFIX = "/des-et-lames/"
STACKS = ("mkdocs", "zensical")
# one chapter page per game, and the roller rolled there
GAME_PAGES = {
    "solaires": "solaires/resoudre-une-action/",
    "feerie": "feerie/actions/",
    "simon": "simon/resolution/",
    "dcda": "dcda/confrontation/",
}


# ----------------------------------------------------------------------
# The sites, served as GitHub Pages serves a project site
# ----------------------------------------------------------------------


class PagesHandler(Handler):
    """Only the project path; a missing file under it gets the site's 404.html with a 404 status."""

    def __init__(self, *args, prefix: str, seen: list, **kwargs):
        self.prefix = prefix
        self.seen = seen  # (path, status) of every request
        super().__init__(*args, **kwargs)

    def do_GET(self):
        path = urlsplit(self.path).path
        target = Path(self.translate_path(self.path))
        if not path.startswith(self.prefix):
            self.seen.append((path, 404))
            self.send_error(404, "Not in the project")
            return
        if not (target.is_file() or (target / "index.html").is_file()):
            self.seen.append((path, 404))
            body = (self.site / self.prefix.strip("/") / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.seen.append((path, 200))
        super().do_GET()


class SubSite(Site):
    def __init__(self, root: Path, stack: str, pyodide: str):
        super().__init__(root, prefix=PREFIX, pyodide=pyodide, stack=stack)
        self.seen: list[tuple[str, int]] = []

    def start(self) -> None:
        self.httpd = _Reusable(
            ("127.0.0.1", self.port),
            functools.partial(PagesHandler, site=self.root, faults=self.faults, prefix=self.prefix, seen=self.seen),
        )
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def pyodide_origin():
    """Pyodide on an origin of its own (the CDN's place), read with CORS."""
    httpd = _Reusable(("127.0.0.1", free_port()), functools.partial(CorsHandler, site=ROOT, faults=Faults()))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/pyodide/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def sites(tmp_path_factory, pyodide_origin):
    built = {}
    for stack in STACKS:
        site = SubSite(tmp_path_factory.mktemp(f"subpath-{stack}"), stack, pyodide_origin)
        site.build()
        site.start()
        built[stack] = site
    yield built
    for site in built.values():
        site.stop()


@pytest.fixture(params=STACKS)
def site(request, sites):
    return sites[request.param]


@pytest.fixture
def context(browser):
    """A fresh context (service workers on); console errors fail the test; other hosts are refused and noted."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR", service_workers="allow")
    errors: list[str] = []
    elsewhere: list[str] = []

    def local_only(route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    ctx.route("**/*", local_only)
    ctx.on(
        "console",
        lambda msg: msg.type == "error" and errors.append(f"console: {msg.text} ({msg.location.get('url', '')})"),
    )
    ctx.on("weberror", lambda err: errors.append(f"pageerror: {err.error}"))
    ctx.set_default_timeout(60_000)
    ctx.errors = errors  # a test may take out the one error it caused on purpose
    yield ctx
    ctx.close()
    assert errors == [], errors
    assert elsewhere == [], f"requests to other hosts: {elsewhere}"


def roll_first(page, widget) -> str:
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    new_result(page, widget, None)
    return widget.locator(".dl-roller__result .dl-outcome").first.inner_text().strip()


def within(site: SubSite, address: str) -> bool:
    return address.startswith(site.url)


# ----------------------------------------------------------------------
# The tests
# ----------------------------------------------------------------------


def test_every_page_loads_under_the_path_and_nothing_else(context, site):
    site.seen.clear()
    page = context.new_page()
    pages = site.pages()
    assert len(pages) == 26, pages  # the 18 of the book and the site, the four « Mes personnages », the four tables
    for path in pages:
        response = page.goto(site.url + path.removeprefix("./"))
        assert response.status == 200, path
        page.wait_for_load_state("load")
        assert page.locator("article h1").count() == 1, path
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    outside = sorted({p for p, _ in site.seen if not p.startswith(PREFIX)})
    refused = sorted({(p, s) for p, s in site.seen if s >= 400})
    assert not outside, f"requests outside {PREFIX}: {outside}"
    assert not refused, f"refused: {refused}"
    assert any(p.endswith("/sw.js") for p, _ in site.seen)


def test_a_roll_per_game_and_a_shared_roll_link(context, site):
    page = context.new_page()
    for game, path in GAME_PAGES.items():
        page.goto(site.url + path)
        widget = page.locator(".dl-roller[data-roller]").first
        assert widget.get_attribute("data-roller").startswith(game + ".")
        assert roll_first(page, widget), game
    # the shared roll link (Système Féerie): an address under the path, replaying the same dice
    page.goto(site.url + GAME_PAGES["feerie"])
    widget = page.locator('[data-roller="feerie.action"]').first
    outcome = roll_first(page, widget)
    dice = widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()
    href = urljoin(page.url, widget.locator(".dl-roller__result .dl-share a").get_attribute("href"))
    assert within(site, href) and "lanceur=" in href and "des=" in href, href
    fresh = open_shared_link(context, site, href)
    again = fresh.locator(f"#{widget.get_attribute('id')}")
    new_result(fresh, again, None)
    assert again.locator(".dl-roller__result .dl-die__value").all_inner_texts() == dice
    assert again.locator(".dl-roller__result .dl-outcome").first.inner_text().strip() == outcome


def open_shared_link(context, site: SubSite, href: str):
    """A link someone sent: opened on a page of its own, it lands under the path."""
    page = context.new_page()
    response = page.goto(href)
    assert response.status == 200 and within(site, page.url), page.url
    return page


def test_a_sheet_link_opens_under_the_path(context, site):
    """« Partager par un lien » on Perseüs: an address under the path, the sheet in its fragment, shown there."""
    page = context.new_page()
    page.goto(site.url + "solaires/personnages/")
    page.get_by_role("button", name="Ajouter à mes personnages (Perseüs)").click()
    page.locator(".dl-sheet-view__name", has_text="Perseüs").first.wait_for()
    page.get_by_role("button", name="Partager par un lien").click()
    link = page.locator(".dl-sheets__link").input_value()
    assert within(site, link) and urlsplit(link).fragment.startswith("fiche=1."), link
    fresh = open_shared_link(context, site, link)
    fresh.get_by_role("heading", name="Fiche reçue par un lien").wait_for()
    fresh.locator(".dl-sheet-view__name", has_text="Perseüs").first.wait_for()
    assert within(site, fresh.url)


def test_the_service_worker_and_the_manifest_are_the_paths(context, site):
    page = context.new_page()
    page.goto(site.url + "credits/")
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == site.url, scope
    href = page.evaluate(
        "new URL(document.querySelector('link[rel=manifest]').getAttribute('href'), document.baseURI).href"
    )
    assert href == site.url + "manifest.webmanifest"
    manifest = page.evaluate("(u) => fetch(u).then((r) => r.json())", href)
    assert urljoin(href, manifest["start_url"]) == site.url
    assert urljoin(href, manifest["scope"]) == site.url
    assert urljoin(href, manifest["icons"][0]["src"]).startswith(site.url)


def test_search_opens_a_page_under_the_path(context, site):
    page = context.new_page()
    page.goto(site.url + "credits/")
    page.locator('label.md-header__button[for="__search"]').click()  # on a phone, search opens from the header
    if site.stack == "mkdocs":
        page.locator("input.md-search__input").press_sequentially("victorieuse", delay=30)
        hit = page.locator('.md-search-result__item a[href*="dcda/confrontation/"]').first
    else:  # Zensical's own search dialog, its field focused
        page.locator('dialog[open] input[role="combobox"]').press_sequentially("victorieuse", delay=30)
        hit = page.locator('dialog[open] a[href*="dcda/confrontation/"]').first
    hit.wait_for(state="attached", timeout=30_000)
    assert within(site, urljoin(page.url, hit.get_attribute("href"))), hit.get_attribute("href")
    hit.evaluate("a => a.click()")
    page.wait_for_url(site.url + "dcda/confrontation/**")
    page.locator(".dl-roller[data-roller]").first.wait_for(state="attached")


def test_the_404_page_at_depth_loads_its_styles(context, site):
    page = context.new_page()
    site.seen.clear()
    response = page.goto(site.url + "un/chemin/qui/n-existe/pas/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page introuvable"
    styles = page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => [l.href, !!l.sheet])")
    assert styles and all(within(site, href) and loaded for href, loaded in styles), styles
    # the theme's layout applies (without its stylesheet the header is a static block)
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    home = page.locator("article a", has_text="Retour à l’accueil")
    assert urljoin(page.url, home.get_attribute("href")).rstrip(".") == site.url
    missing = PREFIX + "un/chemin/qui/n-existe/pas/"
    refused = sorted({p for p, s in site.seen if s >= 400 and p != missing})
    assert not refused, refused
    # the one error on purpose: the browser notes the missing page's 404
    expected = [e for e in context.errors if "status of 404" in e and e.endswith(f"{missing})")]
    assert len(expected) == 1, context.errors
    context.errors.remove(expected[0])


def test_the_offline_book_under_the_path(context, sites):
    """MkDocs (the deployed build): the book made available offline, then every page and a roll with no network."""
    site = sites["mkdocs"]
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})  # its search field in the header (every_page_offline)
    try:
        text = download_book(page, site)
        assert "sans réseau sur cet appareil" in text
        manifest = json.loads((site.out / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["start_url"] == manifest["scope"] == "./"
        go_offline(context, site)
        every_page_offline(page, site)
    finally:
        context.set_offline(False)
        site.start()
