"""A Content-Security-Policy for every page, as a ``<meta>`` (GitHub Pages sends no headers).

Not a hook itself: pure functions, and :func:`apply_to_site`, which
``offline.py`` calls on the built site before it lists the site's files.

- Scripts: the site's own files, the inline scripts of the theme by their
  SHA-256 (computed here from the final HTML of every page: Material's
  instant navigation runs a later page's scripts in the first page's
  document, so every page carries the hashes of all of them), Pyodide's
  address when it is on another origin, and ``'wasm-unsafe-eval'`` (the
  engine compiles WebAssembly). No ``'unsafe-inline'``, no ``'unsafe-eval'``.
- ``worker-src 'self'`` (the rollers' worker, Material's search worker, the
  service worker), ``connect-src`` the site and Pyodide's address.
- ``object-src 'none'``, ``base-uri 'self'``, ``form-action 'self'``; images
  from the site and ``data:`` (the theme's icons); styles from the site and
  inline (the odds bars' widths are ``style`` attributes; a style runs no code).

A ``<meta>`` policy stops Chromium's preload scanner (crbug.com/1458493): the
page's own scripts would then be fetched only when the parser reaches them,
after the stylesheets, a second or more later on a phone. So the policy is
followed at once by a preload link for each of the page's script files
(``modulepreload`` for a module), which the parser meets right away.

What a ``<meta>`` cannot do: ``frame-ancestors`` (being framed),
``report-uri``/``report-to`` and ``sandbox`` are ignored there; nor does it
reach the dedicated worker or the service worker, whose policies come from
their own response headers (CONTRIBUTING.md, « The engine first, and checked », says how a
host with headers adds them).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script\s*>", re.S | re.I)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
_SRC = re.compile(r"\bsrc\s*=", re.I)
_META = re.compile(
    r'<meta http-equiv="Content-Security-Policy" content="[^"]*">(?:<link rel="(?:modulepreload|preload" as="script)" href="[^"]*">)*\n?'
)
CHARSET = re.compile(r"<meta charset=[^>]*>", re.I)
_JAVASCRIPT = {"", "text/javascript", "application/javascript", "module"}


def inline_script_hashes(html: str) -> set[str]:
    """``'sha256-…'`` of every inline script the browser would run (not JSON data, not ``src=``)."""
    out = set()
    for match in _SCRIPT.finditer(html):
        attrs = match.group("attrs")
        kind = _TYPE.search(attrs)
        if _SRC.search(attrs) or (kind and kind.group(1).lower() not in _JAVASCRIPT):
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        out.add(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return out


def policy(script_hashes: Iterable[str], pyodide_base: str) -> str:
    """The policy's text; ``pyodide_base`` as the build's (an absolute URL, or a path on this site)."""
    engine = [pyodide_base] if re.match(r"^([a-z][a-z0-9+.-]*:)?//", pyodide_base, re.I) else []
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", *sorted(script_hashes), "'wasm-unsafe-eval'", *engine],
        "worker-src": ["'self'"],
        "connect-src": ["'self'", *engine],
        "img-src": ["'self'", "data:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "font-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def script_preloads(html: str) -> str:
    """A preload link for each script file of the page, in order (``modulepreload`` for modules)."""
    links = []
    for match in _SCRIPT.finditer(html):
        attrs = match.group("attrs")
        src = re.search(r"""\bsrc\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", attrs, re.I)
        if not src:
            continue
        href = src.group(1).strip("\"'")
        kind = _TYPE.search(attrs)
        module = bool(kind and kind.group(1).lower() == "module")
        links.append(
            f'<link rel="modulepreload" href="{href}">' if module else f'<link rel="preload" as="script" href="{href}">'
        )
    return "".join(links)


def with_csp(html: str, content: str) -> str:
    """``html`` with the policy's ``<meta>`` first in ``<head>`` (after the charset), before any script, then
    the page's script preloads; an earlier policy of this module (and its preloads) is replaced."""
    html = _META.sub("", html)
    tag = f'<meta http-equiv="Content-Security-Policy" content="{content}">{script_preloads(html)}'
    charset = CHARSET.search(html)
    if charset:
        return html[: charset.end()] + "\n" + tag + html[charset.end() :]
    head = re.search(r"<head[^>]*>", html, re.I)
    if head is None:
        raise ValueError("no <head> to put the Content-Security-Policy in")
    return html[: head.end()] + tag + html[head.end() :]


def apply_to_site(site: Path, pyodide_base: str) -> str:
    """Every ``*.html`` of the built site gets the one policy (returned), with the hashes of all their scripts."""
    pages = sorted(site.rglob("*.html"))
    texts = {path: path.read_text(encoding="utf-8") for path in pages}
    hashes: set[str] = set()
    for text in texts.values():
        hashes |= inline_script_hashes(text)
    content = policy(hashes, pyodide_base)
    for path, text in texts.items():
        path.write_text(with_csp(text, content), encoding="utf-8")
    return content
