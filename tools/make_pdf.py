"""The book as one PDF, ``des-et-lames.pdf``, from the print version of a built site.

    .venv/bin/python tools/make_pdf.py DIR       (bash tools/build.sh pdf DIR installs what it needs first)

Not in ``hooks/`` (the builds' package, whose imports are the site's): it drives Chromium through
Playwright, which the test set-up installs.

DIR is a built site (``bash tools/build.sh mkdocs|zensical DIR``; built with MkDocs first when it has no
print version). The site is served on the loopback, and headless Chromium (Playwright, driving the
Chromium the tests use: ``$CHROMIUM``, else ``chromium``… on ``PATH``, ``tests/browser/chromium.py``)
prints ``imprimer/`` to ``DIR/des-et-lames.pdf`` (``page.pdf``: the page size and margins of the print
stylesheet, A4; the document outline from the headings, so the bookmarks go by chapter and section; a
tagged PDF; its title from the page's ``<title>``, its language from ``<html lang="fr">``; the fonts
embedded, the text selectable). Then the home page's link says what the file is (« Télécharger le livre
(PDF, 142 pages, 2,3 Mo) ») and the service worker's list is written again (the home page changed; the PDF
itself is never in the offline book: ``offline.precached``).

The default build does not make it: it is its own step, run by CI for the deployed site.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from hooks.site_step.engine import megabytes_fr
from hooks.site_step.offline import rewrite_service_worker
from hooks.site_step.print_book import PDF_SLOT, PRINT_DIR

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # hooks, when run as a script (it is installed in the .venv too)
PDF_NAME = "des-et-lames.pdf"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu"]
#: What the PDF step puts in the home page's slot (``print_book.PDF_SLOT``): the link, and what it says when the
#: network is cut (frontend/offline/online-only.js shows it: the offline book does not keep the PDF).
PDF_LINK = (
    '<span class="dl-pdf-link"> · <a href="{href}" type="application/pdf">Télécharger le livre (PDF, {pages}\u00a0pages, '
    '{size})</a><span class="dl-online-only" hidden> — hors ligne, il ne se télécharge pas\u202f: le livre hors ligne ne '
    "garde pas ce PDF</span></span>"
)
__all__ = ["PDF_NAME", "make_pdf", "page_count"]


def make_pdf(site: Path) -> tuple[Path, int, float]:
    """``site/des-et-lames.pdf`` from ``site/imprimer/``: its path, page count and the seconds it took."""
    from playwright.sync_api import sync_playwright

    t0 = time.perf_counter()
    out = site / PDF_NAME
    handler = partial(_Quiet, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/{PRINT_DIR}", wait_until="load")
            page.evaluate("document.fonts.ready")
            page.pdf(path=str(out), prefer_css_page_size=True, outline=True, tagged=True, print_background=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out, page_count(out.read_bytes()), time.perf_counter() - t0


def page_count(pdf: bytes) -> int:
    """The pages of a PDF as Chromium writes it (each page object's dictionary in the clear)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def link_home(site: Path, pages: int, size: int) -> bool:
    """The home page's link to the PDF, with its figures (False: the home page has no slot for it)."""
    home = site / "index.html"
    text = home.read_text(encoding="utf-8")
    made = PDF_LINK.format(href=PDF_NAME, pages=pages, size=megabytes_fr(size))
    done = re.sub(r'<span class="dl-pdf-link">.*?</span></span>|' + re.escape(PDF_SLOT), made, text, count=1)
    if done == text and made not in text:
        return False
    home.write_text(done, encoding="utf-8")
    return True


def chromium() -> str:
    spec = importlib.util.spec_from_file_location("chromium", ROOT / "tests" / "browser" / "chromium.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found = module.find_chromium()
    if not found:
        raise SystemExit("[pdf] Chromium introuvable : donnez son chemin dans CHROMIUM (ou bash tools/setup.sh test).")
    return str(found)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/make_pdf.py", description="Le livre en PDF, depuis un site construit."
    )
    parser.add_argument("site", type=Path)
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / PRINT_DIR / "index.html").is_file():
        from hooks.build import BuildFailed, build

        print(f"[pdf] {site} n’a pas de version imprimable : construction du site (MkDocs) d’abord.", file=sys.stderr)
        try:
            build("mkdocs", site)
        except BuildFailed as err:
            print(f"[pdf] {err}", file=sys.stderr)
            return 1
    out, pages, seconds = make_pdf(site)
    size = out.stat().st_size
    if link_home(site, pages, size):
        rewrite_service_worker(site)
    print(f"[pdf] {out} ({pages} pages, {megabytes_fr(size)}, {seconds:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
