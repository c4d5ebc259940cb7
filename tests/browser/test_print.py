"""The book on paper: its PDF read back, its print pages printed from the browser, a kept sheet printed.

The PDF is made once for the module, as CI makes it (``tools/make_pdf.py`` over a copy of the test
server's site: headless Chromium), and read back with poppler's tools (``pdftotext``,
``pdfinfo``, ``pdffonts``, ``pdftohtml -xml`` for the outline, ``pdftoppm`` for pictures; Debian's
poppler-utils, installed by tools/setup.sh). What it must hold comes from the site's own pages: every
heading of the print version in order, every roller's example and odds as its web page holds them, every
chapter's credits; what it must not: the controls' words.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from hooks.site_step.print_book import article_of, heading_words  # noqa: E402
from hooks.site_step.print_content import preset_in_words  # noqa: E402
from hooks.site_step.print_html import attr, find, find_all, has_class, parse, text_of  # noqa: E402

PDF = "des-et-lames.pdf"
CHAPTER_PAGES = {  # the web pages of each chapter's print part (tests/test_content.py's CHAPTERS)
    "solaires-resoudre-une-action": ["solaires/resoudre-une-action/"],
    "solaires-regles": [
        "solaires/regles/",
        "solaires/regles/regles-generales/",
        "solaires/regles/creer-un-personnage/",
        "solaires/regles/resoudre-une-action/",
        "solaires/regles/mecanismes-particuliers/",
        "solaires/regles/points-de-personnage/",
    ],
    "feerie-actions": ["feerie/actions/"],
    "simon-resolution": ["simon/resolution/"],
    "dcda-confrontation": ["dcda/confrontation/"],
}
#: Words only a control says: none of them is printed.
CONTROLS = (
    "Lancer",
    "Réglages",
    "Rejouer l’exemple",
    "Plus d’aide",
    "champs de plus",
    "aucun (valeurs saisies)",
    "Journal des jets",
    "Version imprimable",
    "Retour au livre en ligne",
    "Connexion lente",
    "Tout exporter",
)


def flat(text: str) -> str:
    """Text as compared: every kind of space one space (the PDF's no-break spaces, its line ends)."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", text).strip()


def run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def book(server, tmp_path_factory):
    """A copy of the test server's site with its PDF made as CI makes it; (site, the PDF's pages' text)."""
    site = tmp_path_factory.mktemp("book") / "site"
    shutil.copytree(server.site, site)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_pdf.py"), str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    pages = run("pdftotext", "-layout", "-enc", "UTF-8", str(site / PDF), "-").split("\f")
    return site, [p for p in pages[: len(pages) - 1 if not pages[-1].strip() else len(pages)]]


def page_heads(pages: list[str]) -> list[str]:
    """Each page's first line: its running head (the part's title), the cover's none."""
    return [flat(p.strip().split("\n", 1)[0]) for p in pages]


def in_order(text: str, needles: list[str], what: str) -> None:
    at = 0
    for needle in needles:
        found = text.find(flat(needle), at)
        assert found >= 0, f"{what}: « {needle} » missing (or out of order) after « {text[max(0, at - 80) : at]} »"
        at = found + len(flat(needle))


def test_the_pdf_is_the_book_a4_tagged_french_with_fonts_embedded(book):
    site, pages = book
    info = run("pdfinfo", str(site / PDF))
    assert re.search(r"^Title:\s+Dés & Lames", info, re.M)
    assert re.search(r"^Tagged:\s+yes", info, re.M)
    assert re.search(r"^Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)", info, re.M)
    count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    assert count == len(pages) >= 40
    assert b"/Lang (fr)" in (site / PDF).read_bytes()
    fonts = run("pdffonts", str(site / PDF)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts  # « emb » column: every font embedded
    # page numbers at every page's foot, no blank page (more than the running head and the number)
    for number, text in enumerate(pages, start=1):
        assert flat(text).endswith(f"{number} / {count}") or number == 1, (number, text[-200:])
        body = flat(text).removesuffix(f"{number} / {count}")
        assert len(body) > 60, f"page {number} is (nearly) blank: {body!r}"  # a chart's page: its labels


def test_every_heading_in_order_every_credit_and_no_control(book):
    site, pages = book
    text = flat(" ".join(pages))
    printed = parse((site / "imprimer" / "index.html").read_text(encoding="utf-8"))
    headings = [heading_words(h) for h in find_all(printed, lambda n: re.fullmatch(r"h[1-4]", n.tag) is not None)]
    assert len(headings) > 100
    in_order(text, headings, "headings")
    for urls in CHAPTER_PAGES.values():
        for url in urls:  # each chapter's « Source et licence », whole, with its licence's address
            article = parse((site / url / "index.html").read_text(encoding="utf-8"))
            credits = find(article, lambda n: has_class(n, "admonition") and has_class(n, "info"))
            assert credits is not None, url
            licence = find(credits, lambda n: n.tag == "a" and "licen" in attr(n, "href"))
            words = [text_of(c) for li in find_all(credits, lambda n: n.tag == "li") for c in li.children]
            in_order(text, [w for w in words if len(w) > 1], f"{url} credits")  # a link's address follows its words
            assert licence is None or attr(licence, "href") in text, url
    credits = article_of((site / "credits" / "index.html").read_text(encoding="utf-8"), "credits/")
    said = [
        heading_words(n) if n.tag != "li" else text_of(n.children[0])
        for n in find_all(credits, lambda n: n.tag in ("h2", "h3", "li"))
    ]
    in_order(text, [w for w in said if len(w) > 1], "credits page")
    for word in CONTROLS:
        assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text), f"a control's « {word} » is printed"


def test_every_roller_printed_as_its_example_and_exact_odds(book):
    site, pages = book
    heads = page_heads(pages)
    rollers = 0
    for urls in CHAPTER_PAGES.values():
        for url in urls:
            article = parse((site / url / "index.html").read_text(encoding="utf-8"))
            part = flat(" ".join(p for p, h in zip(pages, heads, strict=True) if h and part_title(site, url) == h))
            assert part, url
            for roller in find_all(article, lambda n: has_class(n, "dl-roller")):
                rollers += 1
                needles = [text_of(find(roller, lambda n: attr(n, "id").endswith("-titre")))]
                needles += [f"{label} : {value}" for label, value in preset_in_words(roller)]
                for row in find_all(roller, lambda n: has_class(n, "dl-odds__row")):  # each outcome, its odds
                    label = text_of(find(row, lambda n: has_class(n, "dl-odds__label")))
                    assert flat(label)[:24] in part, (url, label)  # a long label may wrap beside its figure
                    needles.append(text_of(find(row, lambda n: has_class(n, "dl-odds__value"))))
                for example in find_all(roller, lambda n: has_class(n, "dl-roller__example")):
                    needles.append(text_of(find(example, lambda n: n.tag == "p")))
                in_order(part, needles, f"{url}#{attr(roller, 'id')}")
                for value in find_all(roller, lambda n: has_class(n, "dl-scale__row")):  # read three ways
                    cell = find(value, lambda n: has_class(n, "dl-odds__value"))
                    for piece in flat(text_of(cell)).split(" ("):  # the share, its fraction (maybe on the next line)
                        assert piece.strip("()") in part, (url, text_of(cell))
    assert rollers >= 40


def part_title(site: Path, url: str) -> str:
    """The running head of the part a web page is printed in (its print page's ``@page`` rule)."""
    link = re.search(
        r'<p class="dl-print-link"><a href="([^"]+)"', (site / url / "index.html").read_text(encoding="utf-8")
    )
    printed = (site / url / link.group(1) / "index.html").resolve().read_text(encoding="utf-8")
    return flat(re.search(r'@top-center \{ content: "((?:[^"\\]|\\.)*)"', printed).group(1).replace('\\"', '"'))


def test_the_outline_holds_every_part_and_the_home_page_links_the_pdf(book):
    site, pages = book
    outline = run("pdftohtml", "-xml", "-i", "-q", "-stdout", str(site / PDF))
    top = re.search(r"<outline>(.*)</outline>", outline, re.S).group(1)
    items = re.findall(r'<item page="(\d+)">([^<]*)</item>', top)
    # spaces left out: a heading wrapped on two lines is one title with no space at the break (Chromium)
    titles = {re.sub(r"\s+", "", html.unescape(t)) for _, t in items}
    printed = parse((site / "imprimer" / "index.html").read_text(encoding="utf-8"))
    for part in find_all(printed, lambda n: has_class(n, "dl-print-part")):
        first = find(part, lambda n: n.tag == "h1")
        assert first is not None and re.sub(r"\s+", "", text_of(first)) in titles, text_of(first) if first else part
    assert len(items) > 60  # chapters and their sections
    home = (site / "index.html").read_text(encoding="utf-8")
    size = (site / PDF).stat().st_size
    said = re.search(
        r'<a href="des-et-lames\.pdf"[^>]*>Télécharger le livre \(PDF, (\d+)\u00a0pages, (\d+,\d)\u00a0Mo\)</a>', home
    )
    assert said and int(said.group(1)) == len(pages) and said.group(2) == f"{size / 1e6:.1f}".replace(".", ",")
    assert '<span class="dl-online-only" hidden>' in home
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert PDF not in sw  # the offline book does not keep it


def test_pictures_of_the_first_page_a_roller_a_table_and_a_blank_sheet(book, tmp_path):
    """Rendered at 40 dpi: each has ink, spread over the page (tmp_path keeps the PNGs of a failed run)."""
    site, pages = book
    wanted = {
        "first": 1,
        "roller": next(i for i, p in enumerate(pages, 1) if "Exemple de la section" in p),
        "table": next(i for i, p in enumerate(pages, 1) if "Score à battre" in p and "Probabilités" in p),
        "sheet": next(i for i, p in enumerate(pages, 1) if "Fiche de personnage — Solaires" in p),
    }
    for name, number in wanted.items():
        out = tmp_path / name
        run("pdftoppm", "-r", "40", "-gray", "-f", str(number), "-l", str(number), str(site / PDF), str(out))
        ink = dark_rows(next(tmp_path.glob(f"{name}*.pgm")).read_bytes())
        assert ink > (0.1 if name == "first" else 0.3), (name, number, ink)


def dark_rows(pgm: bytes) -> float:
    """The share of a PGM picture's rows with ink (a pixel darker than mid-grey)."""
    head = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", pgm)
    width, height = int(head.group(1)), int(head.group(2))
    data = pgm[head.end() :]
    rows = [data[y * width : (y + 1) * width] for y in range(height)]
    return sum(1 for row in rows if min(row) < 128) / height


def print_from_browser(browser, url: str, out: Path) -> list[str]:
    """The page printed as a reader prints it (Chromium's print, A4 chosen, default margins); its pages' text."""
    page = browser.new_page()
    page.goto(url)
    page.pdf(path=str(out), format="A4")
    page.close()
    return [p for p in run("pdftotext", "-layout", "-enc", "UTF-8", str(out), "-").split("\f") if p.strip()]


def test_a_chapter_printed_from_the_browser_gives_its_pages_in_the_book(book, browser, server, tmp_path):
    site, pages = book
    alone = print_from_browser(browser, f"{server.url}/imprimer/simon-resolution/", tmp_path / "simon.pdf")
    title = part_title(site, "simon/resolution/")
    in_book = [p for p, head in zip(pages, page_heads(pages), strict=True) if head == title]
    assert len(alone) == len(in_book) >= 3

    def body(text: str) -> str:  # the page's text but its number (« 3 / 7 » alone, « 31 / 69 » in the book)
        return re.sub(r"\d+ / \d+$", "", flat(text))

    assert [body(p) for p in alone] == [body(p) for p in in_book]


def test_each_blank_sheet_is_one_a4_page_with_every_field(browser, server, tmp_path):
    from hooks.site_step.print_sheets import GAMES_TITLES, sheet_fields

    for game in GAMES_TITLES:
        sheet = print_from_browser(browser, f"{server.url}/imprimer/fiche-{game}/", tmp_path / f"{game}.pdf")
        assert len(sheet) == 1, (game, len(sheet))
        text = flat(sheet[0])
        for field in sheet_fields(game):
            assert flat(field["libelle"]) in text, (game, field["libelle"])


def test_a_filled_sheet_prints_on_one_a4_page_with_the_blank_sheets_fields(browser, server, tmp_path):
    """« Mes personnages »: a kept sheet printed from its view (the browser's print) is the game's blank sheet
    filled: one A4 page, every field of the blank one, her name and values written in."""
    from hooks.site_step.print_sheets import GAMES_TITLES, sheet_fields
    from rules_py.sheets import load_game

    for game in GAMES_TITLES:
        example = load_game(game).examples[0]
        page = browser.new_page(locale="fr-FR")
        try:
            page.goto(f"{server.url}/{game}/personnages/")
            page.get_by_role("button", name=f"Ajouter à mes personnages ({example['nom']})").click()
            page.locator(".dl-sheet-view__name", has_text=example["nom"]).first.wait_for()
            out = tmp_path / f"{game}-rempli.pdf"
            page.pdf(path=str(out), format="A4")
        finally:
            page.close()
        sheet = [p for p in run("pdftotext", "-layout", "-enc", "UTF-8", str(out), "-").split("\f") if p.strip()]
        assert len(sheet) == 1, (game, len(sheet))
        text = flat(sheet[0])
        assert flat(example["nom"]) in text, (game, example["nom"])
        for field in sheet_fields(game):
            assert flat(field["libelle"]) in text, (game, field["libelle"])
        assert "Enregistrer" not in text and "Tout exporter" not in text, "no control on paper"
