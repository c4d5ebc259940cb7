"""The same site from MkDocs + Material and from Zensical: every difference is one the README lists.

Both builds (tests/conftest.py: ``built_site``, ``zensical_site``, at one address) are compared
file by file (which files, which bytes), page by page (the content, the widgets one by one, the
headings' ids, every internal link, the head's links, title and language), and for the search
index, the sitemap and the service worker. A difference passes only under a key of the README's
table (« Two builds », between the ``builds:differences`` markers):

- ``only mkdocs: GLOB`` / ``only zensical: GLOB``: files one build has and the other has not;
- ``bytes: GLOB``: files in both whose bytes differ (what is compared instead is said there);
- ``page: NAME``: a named difference inside the pages, undone here by ``PAGE_DIFFERENCES[NAME]``.

A key the README lists but no file or page needs fails too: the table says what is true now.
"""

from __future__ import annotations

import json
import re
from fnmatch import fnmatchcase
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
ORIGIN = "http://127.0.0.1:8000/"  # the address both are built for (tests/conftest.py)
HEADING_IDS = json.loads((ROOT / "tests" / "fixtures" / "heading-ids.json").read_text(encoding="utf-8"))
# page -> {widget id: roller id}, in page order: the sections with a roller (tests/test_hooks.py reads it too)
ROLLERS = json.loads((ROOT / "tests" / "fixtures" / "rollers.json").read_text(encoding="utf-8"))


# ----------------------------------------------------------------------
# The README's table
# ----------------------------------------------------------------------


def listed() -> dict[str, set[str]]:
    """{"only mkdocs": globs, "only zensical": globs, "bytes": globs, "page": names} from the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("<!-- builds:differences:start -->", 1)[1].split("<!-- builds:differences:end -->", 1)[0]
    out: dict[str, set[str]] = {"only mkdocs": set(), "only zensical": set(), "bytes": set(), "page": set()}
    for row in table.strip().splitlines()[2:]:
        first = row.split("|")[1]
        for key in re.findall(r"`([^`]+)`", first):
            kind, _, value = key.partition(": ")
            assert kind in out and value, f"README: unknown difference key « {key} »"
            out[kind].add(value)
    return out


def matching(path: str, globs: set[str], used: set[str]) -> bool:
    hits = {g for g in globs if fnmatchcase(path, g)}
    used |= hits
    return bool(hits)


# ----------------------------------------------------------------------
# Pages, read
# ----------------------------------------------------------------------


class Page(HTMLParser):
    """A built page: its content (``<article>``), widgets, tables, headings' ids, links, head."""

    def __init__(self, html: str, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url  # from the site root
        self.widgets: list[dict[str, str]] = []
        self.tables: list[tuple[str, str]] = []
        self.heading_ids: list[str] = []
        self.links: set[tuple[str, str, str]] = set()  # (tag, attribute, address from the site root)
        self.fragments: set[tuple[str, str]] = set()  # (page, #id) the page links to
        self.ids: set[str] = set()
        self.head: set[tuple[str, str]] = set()
        self.title = ""
        self.lang = ""
        self._in_head = self._in_title = False
        self.feed(html)
        start, end = html.find("<article"), html.rfind("</article>")
        self.article = html[start:end] if 0 <= start < end else ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "html":
            self.lang = a.get("lang", "")
        elif tag == "head":
            self._in_head = True
        elif tag == "title":
            self._in_title = True
        elif re.fullmatch(r"h[1-6]", tag) and "id" in a:
            self.heading_ids.append(a["id"])
        if "dl-roller" in a.get("class", "").split():
            self.widgets.append({k: a.get(k, "") for k in ("id", "data-roller", "data-preset", "data-example")})
        if "dl-proba" in a.get("class", "").split():
            self.tables.append((a["id"], a["data-roller"]))
        for attribute in ("href", "src"):
            if attribute in a:  # href="" (Zensical, the page itself) too
                absolute = urljoin(ORIGIN + self.url, a[attribute])
                if absolute.startswith(ORIGIN):
                    address = absolute[len(ORIGIN) :]
                    self.links.add((tag, attribute, address))
                    path, _, fragment = address.partition("#")
                    if tag == "a" and fragment:
                        self.fragments.add((path.split("?")[0], unquote(fragment)))
                    if self._in_head:
                        self.head.add((a.get("rel", tag), address))
        if tag == "meta" and a.get("name") == "theme-color":
            self.head.add(("theme-color", a["content"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self._in_head = False
        elif tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def pages(site: Path) -> dict[str, Page]:
    out = {}
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        url = "" if rel == "index.html" else rel.removesuffix("index.html")
        out[url] = Page(path.read_text(encoding="utf-8"), url)
    return out


def files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


# ----------------------------------------------------------------------
# The named differences inside the pages, undone
# ----------------------------------------------------------------------


def _drop_search_exclude(page: Page) -> None:
    page.article = page.article.replace(" data-search-exclude", "")


def _drop_skip_anchor(page: Page) -> None:
    page.article = re.sub(r'<a id="__skip" tabindex="-1">\s*</a>', "", page.article)
    page.links = {link for link in page.links if not link[2].endswith("#__skip")}
    page.fragments.discard((page.url, "__skip"))


def _home_title(page: Page) -> None:
    if page.url == "":
        page.title = page.title.removeprefix("Accueil - ")


PAGE_DIFFERENCES = {
    "data-search-exclude": _drop_search_exclude,
    "__skip": _drop_skip_anchor,
    "home title": _home_title,
}


def title(page: Page, names: set[str]) -> str:
    copy = Page.__new__(Page)
    copy.__dict__.update(page.__dict__)
    for name in names & {"home title"}:
        PAGE_DIFFERENCES[name](copy)
    return copy.title.strip()


def undone(page: Page, names: set[str]) -> tuple[str, frozenset[tuple[str, str, str]]]:
    """A copy of the page's content and links as compared: the named differences undone, whitespace
    between tags and equivalent URLs alike."""
    copy = Page.__new__(Page)
    copy.__dict__.update({k: (set(v) if isinstance(v, set) else v) for k, v in page.__dict__.items()})
    for name in sorted(names):
        PAGE_DIFFERENCES[name](copy)
    article = re.sub(r">\s+<", "><", copy.article.strip())
    # "/." and "/" (the 404 page's home link) are the same address
    article = re.sub(r'href="([^"]*)"', lambda m: f'href="{urljoin(ORIGIN + page.url, m.group(1))}"', article)
    theme = ("assets/javascripts/", "assets/stylesheets/")  # each theme's own files (README: only mkdocs/zensical)
    return article, frozenset(link for link in copy.links if not link[2].startswith(theme))


# ----------------------------------------------------------------------
# The tests
# ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def both(built_site: Path, zensical_site: Path) -> tuple[Path, Path]:
    return built_site, zensical_site


def test_the_readme_lists_only_differences_this_test_can_undo():
    table = listed()
    assert table["page"] <= set(PAGE_DIFFERENCES), table["page"] - set(PAGE_DIFFERENCES)
    assert table["only mkdocs"] and table["only zensical"]


def test_the_same_files_and_bytes_but_what_the_readme_lists(both):
    mkdocs, zensical = both
    table = listed()
    a, b = files(mkdocs), files(zensical)
    used: dict[str, set[str]] = {kind: set() for kind in table}
    unlisted = [
        f"only mkdocs: {f}" for f in sorted(a - b) if not matching(f, table["only mkdocs"], used["only mkdocs"])
    ]
    unlisted += [
        f"only zensical: {f}" for f in sorted(b - a) if not matching(f, table["only zensical"], used["only zensical"])
    ]
    unlisted += [
        f"bytes: {f}"
        for f in sorted(a & b)
        if (mkdocs / f).read_bytes() != (zensical / f).read_bytes() and not matching(f, table["bytes"], used["bytes"])
    ]
    assert not unlisted, "differences the README does not list:\n" + "\n".join(unlisted)
    stale = [f"{kind}: {g}" for kind in ("only mkdocs", "only zensical", "bytes") for g in table[kind] - used[kind]]
    assert not stale, f"the README lists differences that are gone: {stale}"
    # what a reader needs is in both: every page, the rollers' files, the manifest, the service worker
    ours = {f for f in a if f.startswith(("assets/rollers/", "assets/icons/", "stylesheets/", "probabilites/"))}
    assert ours and ours <= b
    assert {"sw.js", "manifest.webmanifest", "404.html"} <= a & b
    assert {f for f in a if f.endswith("index.html")} == {f for f in b if f.endswith("index.html")}


def test_the_same_pages_widget_by_widget(both):
    mkdocs, zensical = both
    names = listed()["page"]
    a, b = pages(mkdocs), pages(zensical)
    assert a.keys() == b.keys()
    needed: set[str] = set()
    widgets = 0
    for url in a:
        x, y = a[url], b[url]
        assert y.widgets == x.widgets, f"{url}: widgets differ"
        assert y.tables == x.tables, f"{url}: probability tables differ"
        assert y.heading_ids == x.heading_ids, f"{url}: headings' ids differ"
        assert y.lang == x.lang == "fr", url
        assert title(y, names) == title(x, names), url
        ours = {h for h in x.head if "assets/javascripts/" not in h[1] and "assets/stylesheets/" not in h[1]}
        assert ours <= y.head, f"{url}: head links missing from Zensical's page: {ours - y.head}"
        needed |= {name for name in names for page in (x, y) if undone(page, {name}) != undone(page, set())}
        needed |= {
            name for name in names & {"home title"} for page in (x, y) if title(page, {name}) != title(page, set())
        }
        (content_x, links_x), (content_y, links_y) = undone(x, names), undone(y, names)
        assert content_x == content_y, f"{url}: the content differs beyond the README's list"
        assert links_x == links_y, f"{url}: links differ: {sorted(links_x ^ links_y)[:6]}"
        widgets += len(x.widgets)
    assert widgets == sum(map(len, ROLLERS.values())), widgets
    assert needed == names, f"the README lists page differences no page shows: {names - needed}"


def test_every_heading_keeps_the_id_it_has_always_had(each_site):
    """The public contract (share links, « Notes de lecture »): today's MkDocs ids, in both builds."""
    found = {  # the web pages' (the print version prefixes each page's ids in its own documents)
        url: page.heading_ids
        for url, page in pages(each_site).items()
        if url != "404.html" and not url.startswith("imprimer/")
    }
    assert found == HEADING_IDS


def test_every_section_keeps_its_roller(each_site):
    """The sections with a roller, each widget's id (a share link names it: ``?lanceur=…``) and its roller, in
    page order: a public contract like the headings' ids. A section that loses its roller, gains one, or whose
    widget's id changes fails here; a deliberate change rewrites tests/fixtures/rollers.json (CONTRIBUTING)."""
    found = {
        url: [(w["id"], w["data-roller"]) for w in page.widgets]
        for url, page in pages(each_site).items()
        if page.widgets
    }
    assert found == {url: list(widgets.items()) for url, widgets in ROLLERS.items()}


def test_every_internal_link_resolves(each_site):
    """Every href/src of every page leads to a built file, and every #fragment to an id of its page."""
    site = each_site
    all_pages = pages(site)
    broken = []
    for url, page in all_pages.items():
        for tag, _, address in page.links:
            path = urlsplit(address).path
            target = site / unquote(path)
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.append(f"{url or '/'}: <{tag}> {address}")
        for path, fragment in page.fragments:
            target = all_pages.get(path)
            if target is not None and fragment not in target.ids:
                broken.append(f"{url or '/'}: #{fragment} not in {path or '/'}")
    assert not broken, "\n".join(sorted(broken)[:30])


def test_the_same_search_sections(both):
    mkdocs, zensical = both
    material = json.loads((mkdocs / "search" / "search_index.json").read_text(encoding="utf-8"))
    own = json.loads((zensical / "search.json").read_text(encoding="utf-8"))
    assert material["config"]["lang"] == own["config"]["lang"] == ["fr"]
    a = [(d["location"], d["title"], d["text"]) for d in material["docs"]]
    b = [(d["location"], d["title"], d["text"]) for d in own["items"]]
    assert a == b
    assert not any(re.search(r"champs? de plus\)", text) for _, _, text in a), "a widget's form was indexed"


def test_the_same_sitemap_addresses(both):
    mkdocs, zensical = both
    locs = [sorted(re.findall(r"<loc>(.*?)</loc>", (s / "sitemap.xml").read_text(encoding="utf-8"))) for s in both]
    assert locs[0] == locs[1] and len(locs[0]) == len(HEADING_IDS)


def test_the_same_service_worker_but_the_theme_files(both):
    def config(site: Path) -> dict:
        text = (site / "sw.js").read_text(encoding="utf-8")
        return json.loads(re.search(r"const OFFLINE = (\{.*?\});\n", text).group(1))

    a, b = (config(site) for site in both)
    assert a["engine"] == b["engine"]
    theme = ("assets/javascripts/", "assets/stylesheets/", "search/", "search.json", "sitemap.xml")
    ours = {
        (url, sha) for url, sha, _ in a["precache"] if not url.startswith(theme) and not url.endswith(("/", "html"))
    }
    assert ours and ours <= {(url, sha) for url, sha, _ in b["precache"]}
    pages_a = {url for url, _, _ in a["precache"] if url.endswith("/") or url.endswith(".html")}
    assert pages_a == {url for url, _, _ in b["precache"] if url.endswith("/") or url.endswith(".html")}
    for site, cfg in zip(both, (a, b), strict=True):  # every precached file is one of the site's
        missing = [url for url, _, _ in cfg["precache"] if not (site / (url if url != "./" else "index.html")).exists()]
        assert not missing, missing


def test_the_zensical_build_imports_this_checkouts_hooks(tmp_path, monkeypatch):
    """Zensical runs in a temporary folder: the Markdown extension must come from this checkout, not from
    another one that a shared ``.venv`` or a ``PYTHONPATH`` points at (its hooks would be tested instead)."""
    import os
    import subprocess
    import sys

    from hooks import build

    decoy = tmp_path / "other-checkout"
    (decoy / "hooks").mkdir(parents=True)
    (decoy / "hooks" / "__init__.py").write_text("", encoding="utf-8")
    seen = {}

    def zensical(command, cwd, env):  # the build's call of Zensical, not run: its environment kept
        seen.update(env=env, cwd=cwd)
        raise build.BuildFailed("stopped by the test")

    monkeypatch.setattr(build, "run", zensical)
    with pytest.raises(build.BuildFailed):
        build.build_zensical(tmp_path / "out", {**os.environ, "PYTHONPATH": str(decoy)})
    done = subprocess.run(
        [sys.executable, "-c", "import hooks; print(hooks.__file__)"],
        cwd=tmp_path,
        env=seen["env"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(done.stdout.strip()) == build.ROOT / "hooks" / "__init__.py"
