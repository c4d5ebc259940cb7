"""The site's own stylesheets as one file: one render-blocking request instead of five.

mkdocs.yml's ``extra_css`` lists the site's stylesheets one job per file (the chapters'
text, the rollers, the journal, the offline control, the sheets); every page links them
all, in ``<head>``, where each is a request the first paint waits for: on a phone's
network, a round trip each (Lighthouse's simulated phone counted 150–300 ms of first
paint for them). The site step joins them, in that order, into one file named by its
content's hash (``stylesheets/des-et-lames.<hash>.css``: a new build is a new
name, never a stale copy in an HTTP cache, :func:`joined_stylesheet`), and every page's
links to them become one link to it, at the first one's place (:func:`relink`, in the
site step's one pass over the pages). The parts stay in the site (``mkdocs serve``
shows an edited one at its own address) but no page links them, so the service
worker does not keep them (``offline.unlinked_styles``).

None of them holds a ``url()`` or an ``@import`` (checked here): joined, their
relative addresses would point elsewhere.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from hooks.errors import SiteError

COMBINED_DIR = "stylesheets/"
COMBINED_NAME = "des-et-lames"


class StylesheetError(SiteError):
    """A stylesheet that cannot be joined (missing, or with a relative address inside)."""


def joined_stylesheet(site: Path, names: list[str]) -> str | None:
    """Writes the joined file into ``site``; its path from the root (None: no stylesheet)."""
    if not names:
        return None
    parts = []
    for name in names:
        path = site / name
        if not path.is_file():
            raise StylesheetError(f"extra_css : {name} n’est pas dans le site construit.")
        text = path.read_text(encoding="utf-8")
        if re.search(r"url\(|@import", text):
            raise StylesheetError(
                f"extra_css : {name} contient une adresse (url() ou @import) qui changerait de sens une fois joint."
            )
        parts.append(f"/* {name} */\n{text.rstrip()}\n")
    text = "\n".join(parts)
    combined = f"{COMBINED_DIR}{COMBINED_NAME}.{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}.css"
    for old in (site / COMBINED_DIR).glob(f"{COMBINED_NAME}.*.css"):  # a previous build's (mkdocs serve)
        old.unlink()
    (site / combined).parent.mkdir(parents=True, exist_ok=True)
    (site / combined).write_text(text, encoding="utf-8")
    return combined


def relink(html: str, names: list[str], combined: str) -> str:
    """The page's links to ``names`` replaced by one link to ``combined``, where the first was (same prefix)."""
    found = [
        re.search(rf'<link rel="stylesheet" href="(?P<prefix>[^"]*?){re.escape(name)}">\n?', html) for name in names
    ]
    links = [m for m in found if m is not None]
    if len(links) < len(found):
        return html  # a page without the theme's head (none today): left as it is
    first = min(links, key=lambda m: m.start())
    one = f'<link rel="stylesheet" href="{first.group("prefix")}{combined}">\n'
    for match in sorted(links, key=lambda m: m.start(), reverse=True):
        html = html[: match.start()] + (one if match is first else "") + html[match.end() :]
    return html


#: Every stylesheet link's address made absolute as ``<head>`` is parsed, before anything of ``<body>`` is
#: styled. The theme's instant navigation does the same to every relative address of the page once its
#: script runs (``el.href = el.href``, so that the header's links survive a change of address); for a
#: stylesheet link that is a new sheet, and every element of the page is restyled (on ``simon/resolution/``,
#: 1,103 elements, 489 ms with the processor slowed 4×, traced). Done here, while the page has no body, the
#: same new sheet restyles nothing, and the theme's script finds the address absolute and leaves it.
SETTLE_LINKS = '<script>for(const l of document.querySelectorAll("link[rel=stylesheet]"))l.href=l.href</script>'

_STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="[^"]*">')


def settle_links(html: str, path: str = "") -> str:
    """``SETTLE_LINKS`` right after the page's last stylesheet link in ``<head>`` (no such link: unchanged)."""
    head_end = html.find("</head>")
    links = list(_STYLESHEET_LINK.finditer(html, 0, head_end if head_end >= 0 else 0))
    if not links or SETTLE_LINKS in html:
        return html
    at = links[-1].end()
    return html[:at] + SETTLE_LINKS + html[at:]
