"""A page's URL, and one URL relative to another, as MkDocs and Zensical write them (directory URLs).

``solaires/regles/index.md`` is served at ``solaires/regles/``, ``credits.md`` at
``credits/``, ``index.md`` at the root (``""``); a built ``x/index.html`` is the page
``x/``. Links between pages are relative, so the site works under any path (a GitHub
Pages project's ``/des-et-lames/``) without knowing it.
"""

from __future__ import annotations

__all__ = ["page_url", "page_url_of_file", "relative_url", "root_of"]


def page_url(src_uri: str) -> str:
    """The URL of the page made from ``src_uri`` (a path under ``docs/``), from the site root."""
    stem = src_uri.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        stem = stem.removesuffix("index")
        return stem
    return stem + "/"


def page_url_of_file(path: str) -> str:
    """The URL a reader uses for a built file (from the site root): ``x/index.html`` is ``x/``."""
    if path == "index.html":
        return ""
    return path.removesuffix("index.html") if path.endswith("/index.html") else path


def relative_url(url: str, other: str) -> str:
    """``url`` relative to ``other`` (both from the site root), as MkDocs' ``get_relative_url`` writes it."""
    dirname, _, basename = other.rpartition("/")
    if "." in basename:  # a file: its folder
        other = dirname
    other_parts, dest_parts = _parts(other), _parts(url)
    common = 0
    for a, b in zip(other_parts, dest_parts, strict=False):
        if a != b:
            break
        common += 1
    rel = "/".join([".."] * (len(other_parts) - common) + dest_parts[common:]) or "."
    return rel + "/" if url.endswith("/") else rel


def _parts(path: str) -> list[str]:
    out: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if out:
                out.pop()
        elif part and part != ".":
            out.append(part)
    return out


def root_of(page: str) -> str:
    """The site root, relative to a page's URL (``solaires/regles/x/`` -> ``../../../``, the home -> ``./``)."""
    depth = len([part for part in page.split("/")[:-1] if part]) if page else 0
    return "../" * depth if depth else "./"
