"""The print version made again in the same process, as ``mkdocs serve`` rebuilds after an edit
(hooks/site_step/print_book.py, « What a rebuild under ``mkdocs serve`` does not make again »): the same
files as the first time, and only the edited page read and put on paper again."""

from __future__ import annotations

import shutil
from pathlib import Path

from helpers import ROOT

from hooks.site_step import print_book, read_config

EDITED = "solaires/regles/resoudre-une-action/"


def test_a_rebuild_prints_again_only_the_page_that_changed(built_site: Path, tmp_path: Path, monkeypatch) -> None:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    config = read_config(ROOT / "mkdocs.yml")
    made: list[str] = []
    paper_text = print_book.paper_text

    def counted(article, page, *rest):
        made.append(page.url)
        return paper_text(article, page, *rest)

    monkeypatch.setattr(print_book, "paper_text", counted)
    monkeypatch.setattr(print_book, "_ARTICLES", {})
    monkeypatch.setattr(print_book, "_PAPERS", {})

    def build() -> dict[str, str]:
        made.clear()
        book = print_book.plan_book(site, config["nav"], "http://127.0.0.1:8000/", "Dés & Lames", "Le livre")
        print_book.write_print_version(site, book)
        return {
            p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in (site / "imprimer").rglob("*.html")
        }

    first = build()
    assert len(set(made)) >= 15, made  # every page of the book, the first time
    kept = len(print_book._PAPERS)
    assert build() == first  # nothing changed: the same files
    assert made == []  # and nothing made again
    page = site / EDITED / "index.html"
    html = page.read_text(encoding="utf-8")
    assert html.count("</h1>") == 1
    page.write_text(html.replace("</h1>", "</h1><p>Une phrase ajoutée au chapitre.</p>"), encoding="utf-8")
    edited = build()
    assert made == [EDITED], made
    changed = sorted(name for name in first if edited[name] != first[name])
    assert changed == ["imprimer/index.html", "imprimer/solaires-regles/index.html"], changed
    assert "Une phrase ajoutée au chapitre." in edited["imprimer/index.html"]
    assert len(print_book._PAPERS) == kept  # this build's texts only: the edited page's older one is gone
    print_book._ARTICLES.clear()
    print_book._PAPERS.clear()
    assert build() == edited  # what a build with nothing kept prints
