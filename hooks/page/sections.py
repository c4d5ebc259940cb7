"""Find the rule sections of a page and mark where their live roller goes.

``mark_sections``: parse the page's Markdown once with markdown-it-py, match the headings
listed for it in ``hooks/page/sections.yml`` (exact text, after stripping; a non-breaking space
counts as a space), and put a placeholder comment at the end of each section's own text
(before the next heading of any level). ``rollers.py`` replaces each placeholder
with the widget's HTML, so Markdown never touches the widget's markup. The Markdown
extension (``hooks/page/extension.py``) calls it before any other step of Python-Markdown.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from markdown_it import MarkdownIt

from hooks.errors import SiteError
from rules_py.games import IDS

# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------


def mark_sections(markdown: str, src_uri: str) -> tuple[str, list[dict[str, Any]]]:
    """``markdown`` with a placeholder after each mapped section, and the sections matched (in placeholder order)."""
    entries = load_sections(str(MAPPING), MAPPING.stat().st_mtime_ns).get(src_uri)
    if not entries:
        return markdown, []
    headings = section_ranges(markdown)
    placed: list[tuple[int, dict[str, Any]]] = []
    for entry in entries:
        wanted = same_spaces(entry["heading"])
        found = [h for h in headings if h.text == wanted]
        if not found:
            raise SiteError(
                f"hooks/page/sections.yml:{entry['_line']}: {src_uri} : section « {wanted} » "
                "introuvable dans la page ; ses titres sont " + ", ".join(f"« {h.text} »" for h in headings)
            )
        if len(found) > 1:
            raise SiteError(
                f"{src_uri}:{found[1].line + 1}: titre « {wanted} » présent plusieurs fois "
                "dans la page : le lanceur ne sait pas où aller."
            )
        placed.append((found[0].body_end, {**entry, "line": found[0].line + 1, "slug": found[0].slug}))

    lines = markdown.split("\n")
    # Splice from the bottom so earlier line numbers stay valid.
    for index, (end, _) in sorted(enumerate(placed), key=lambda item: item[1][0], reverse=True):
        lines[end:end] = ["", PLACEHOLDER.format(index=index), ""]
    return "\n".join(lines), [entry for _, entry in placed]


# ----------------------------------------------------------------------
# Helpers (pure)
# ----------------------------------------------------------------------


class Heading(NamedTuple):
    text: str
    level: int
    line: int  # 0-based line of the heading
    body_end: int  # 0-based line where the section's own text ends (excluded)
    slug: str


def section_ranges(markdown: str) -> list[Heading]:
    """Every heading of ``markdown`` with the line range of its own text."""
    tokens = PARSER.parse(markdown)
    found: list[tuple[str, int, int]] = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.map:
            text = same_spaces(tokens[i + 1].content) if i + 1 < len(tokens) else ""
            found.append((text, int(token.tag[1]), token.map[0]))
    total = len(markdown.split("\n"))
    # Drop the trailing blank lines of the page from the last section.
    while total > 0 and not markdown.split("\n")[total - 1].strip():
        total -= 1
    out = []
    for n, (text, level, line) in enumerate(found):
        end = found[n + 1][2] if n + 1 < len(found) else total
        out.append(Heading(text, level, line, end, slugify(text)))
    return out


def same_spaces(text: str) -> str:
    """Stripped, with every run of spaces (non-breaking ones too) as one space."""
    return " ".join(text.split())


def slugify(text: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = "".join(ch.lower() if ch.isalnum() else " " for ch in plain).split()
    return "-".join(words)[:60] or "section"


@lru_cache(maxsize=4)
def load_sections(path: str, _mtime: int) -> dict[str, list[dict[str, Any]]]:
    """The mapping, with the YAML line of each entry (for error messages)."""
    text = Path(path).read_text(encoding="utf-8")
    loader = Loader(text)  # parse once: the node gives the lines, then the data
    try:
        node = loader.get_single_node()
        data = (loader.construct_document(node) if node is not None else None) or {}
    finally:
        loader.dispose()
    lines: dict[tuple[str, int], int] = {}
    if node is not None:
        for key, value in node.value:
            for i, item in enumerate(value.value):
                lines[(key.value, i)] = item.start_mark.line + 1
    out: dict[str, list[dict[str, Any]]] = {}
    for page, entries in data.items():
        for i, entry in enumerate(entries or []):
            if not isinstance(entry, dict) or not {"heading", "roller"} <= entry.keys():
                raise SiteError(
                    f"hooks/page/sections.yml:{lines.get((page, i), 0)}: « heading » et « roller » sont requis."
                )
            out.setdefault(page, []).append({**entry, "_line": lines.get((page, i), 0)})
    check_games(out)
    return out


def check_games(sections: dict[str, list[dict[str, Any]]]) -> None:
    """Every roller of the mapping is of a game of ``rules_py/games.py`` (that each of their rollers has a
    section is the site step's check: ``hooks/site_step/games.py``)."""
    for entries in sections.values():
        for entry in entries:
            roller = str(entry["roller"])
            game = roller.split(".", 1)[0]
            if game not in IDS:
                raise SiteError(
                    f"hooks/page/sections.yml:{entry['_line']}: lanceur « {roller} » : « {game} » n’est pas un jeu "
                    f"de rules_py/games.py (ses jeux : {', '.join(IDS)}) ; ajoutez-y la ligne du jeu."
                )


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

MAPPING = Path(__file__).with_name("sections.yml")
# Built once (its rule chains are costly to set up); block rules only: a heading's inline token keeps its
# raw text, which is all the sections need (the inline pass was half of the parse).
PARSER = MarkdownIt("commonmark").disable(["inline", "text_join"])
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when the wheel has it
PLACEHOLDER = "<!-- des-et-lames:roller {index} -->"
