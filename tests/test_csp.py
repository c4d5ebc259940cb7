"""Every page's Content-Security-Policy <meta> (issue 19, part 3), read from the built site.

- one policy, the same on every page, first in <head> (before any script);
- script-src: the site, the hashes of every inline script of every page (found here with
  Python's HTML parser, independently of hooks/site_step/csp.py's own reading), 'wasm-unsafe-eval'
  and Pyodide's address; never 'unsafe-inline' nor 'unsafe-eval';
- worker-src the site only; connect-src the site and Pyodide's address; object-src 'none';
  base-uri 'self'; nothing a <meta> ignores (frame-ancestors: ARCHITECTURE.md says so).
The browser tests (tests/browser/test_security_policy.py) check that nothing is refused.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import theme_pages

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("hook_csp", ROOT / "hooks" / "site_step" / "csp.py")
csp = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = csp
spec.loader.exec_module(csp)

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


class Scripts(HTMLParser):
    """The text of every inline script a browser would run."""

    def __init__(self):
        super().__init__()
        self.inline: list[str] = []
        self._current: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            attrs = dict(attrs)
            runs = (attrs.get("type") or "text/javascript") in ("text/javascript", "module")
            self._current = [] if runs and "src" not in attrs else None

    def handle_data(self, data):
        if self._current is not None:
            self._current.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._current is not None:
            self.inline.append("".join(self._current))
            self._current = None


def directives(content: str) -> dict[str, list[str]]:
    out = {}
    for part in content.split(";"):
        name, *sources = part.split()
        out[name] = sources
    return out


def test_every_page_carries_one_policy_with_every_inline_script_hash(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 15
    contents, hashes = set(), set()
    for page in pages:
        html = page.read_text(encoding="utf-8")
        found = META.findall(html)
        assert len(found) == 1, page
        contents.add(found[0])
        head = html[: html.index("</head>")]
        assert "<script" not in head or head.index("Content-Security-Policy") < head.index("<script"), page
        parser = Scripts()
        parser.feed(html)
        for text in parser.inline:
            hashes.add(f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'")
    assert len(contents) == 1, "one policy for the whole site (instant navigation keeps the first page's)"
    policy = directives(contents.pop())
    cdn = "https://cdn.jsdelivr.net/npm/pyodide@"
    script = policy["script-src"]
    assert hashes and hashes <= set(script)
    assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
    assert {s for s in script if not s.startswith("'sha256-")} == {
        "'self'",
        "'wasm-unsafe-eval'",
        *[s for s in script if s.startswith(cdn)],
    }
    assert len([s for s in script if s.startswith(cdn)]) == 1 and script[-1].endswith("/")
    assert policy["connect-src"] == ["'self'", script[-1]]
    assert policy["worker-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert "frame-ancestors" not in policy and "report-uri" not in policy  # ignored in a <meta>


def test_the_page_scripts_are_announced_right_after_the_policy(built_site):
    """A <meta> policy stops Chromium's preload scanner: each script file is preloaded from <head>'s top."""
    for page in theme_pages(built_site):
        html = page.read_text(encoding="utf-8")
        after = html[html.index('<meta http-equiv="Content-Security-Policy"') :]
        after = after[after.index(">") + 1 :]
        files = re.findall(r'<script src="([^"]+)"( type="module")?(?: async| defer)?>', html)
        links = re.match(r"((?:<link rel=\"(?:modulepreload|preload\" as=\"script)\" href=\"[^\"]+\">)*)", after).group(
            1
        )
        wanted = "".join(
            f'<link rel="modulepreload" href="{src}">' if module else f'<link rel="preload" as="script" href="{src}">'
            for src, module in files
        )
        assert files and links == wanted, page


def test_the_policy_names_pyodide_only_when_it_is_elsewhere():
    local = directives(csp.policy(["'sha256-x'"], "/pyodide/"))
    assert local["script-src"] == ["'self'", "'sha256-x'", "'wasm-unsafe-eval'"] and local["connect-src"] == ["'self'"]
    remote = directives(csp.policy([], "https://cdn.example/pyodide/v1/"))
    assert remote["connect-src"] == ["'self'", "https://cdn.example/pyodide/v1/"]


def test_the_meta_goes_first_and_replaces_an_older_one():
    html = '<html><head><meta charset="utf-8"><script>a()</script></head></html>'
    once = csp.with_csp(html, "default-src 'self'")
    assert once.index("Content-Security-Policy") < once.index("<script>")
    assert csp.with_csp(once, "default-src 'none'").count("Content-Security-Policy") == 1
    with_file = csp.with_csp('<head><meta charset="utf-8"></head><script src="a.js" type="module"></script>', "x")
    assert csp.with_csp(with_file, "y").count("modulepreload") == 1
    assert csp.inline_script_hashes('<script type="application/json">{}</script><script src="x.js"></script>') == set()
    with pytest.raises(ValueError):
        csp.with_csp("<p>no head</p>", "default-src 'self'")
