"""Ship the rollers' front-end and rules_py's own source into the site.

on_files: add generated files under ``assets/rollers/``: the ES module
(``rollers.js``, with the build's configuration written in), the module Web
Worker, the stylesheet, and rules_py's ``.py`` files read from the package
itself (docstrings and comments dropped to keep them small; no copy lives in
``docs/``). The worker fetches only the core modules plus the one system a
roll needs, so the manifest lists them apart.

``PYODIDE_INDEX_URL`` (an absolute URL, or a path from the site root such as
``/pyodide/``) replaces the pinned CDN mirror at build time.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
from pathlib import Path

from mkdocs.structure.files import File

import rules_py
from rules_py.api import SYSTEMS


# ----------------------------------------------------------------------
# The event
# ----------------------------------------------------------------------

def on_files(files, config):
    sources = {path.name: shrink(path.read_text(encoding="utf-8")) for path in python_sources()}
    version = hashlib.sha256(
        "".join(sources[name] for name in sorted(sources)).encode()
        + b"".join((STATIC / name).read_bytes() for name in FRONT_END)
    ).hexdigest()[:12]
    manifest = {
        "pyodide": pyodide_index_url(),
        "version": version,
        "core": sorted(name for name in sources if name[:-3] not in SYSTEMS),
        "systems": {system: f"{system}.py" for system in SYSTEMS if f"{system}.py" in sources},
    }
    for name in FRONT_END:
        text = (STATIC / name).read_text(encoding="utf-8")
        if name == "rollers.js":
            text = text.replace(CONFIG_TOKEN, json.dumps(manifest, ensure_ascii=False), 1)
        files.append(File.generated(config, f"{TARGET}/{name}", content=text))
    for name, text in sources.items():
        files.append(File.generated(config, f"{TARGET}/rules_py/{name}", content=text))
    return files


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------

def python_sources() -> list[Path]:
    """rules_py's modules that run in the browser (not the CLI)."""
    package = Path(rules_py.__file__).parent
    return sorted(p for p in package.glob("*.py") if p.name != "__main__.py")


def shrink(source: str) -> str:
    """The same module without docstrings and comments (same behaviour)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def pyodide_index_url() -> str:
    url = os.environ.get("PYODIDE_INDEX_URL", "").strip() or PYODIDE_CDN
    return url if url.endswith("/") else url + "/"


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

STATIC = Path(__file__).with_name("static")
FRONT_END = ("rollers.js", "rollers-worker.js", "rollers.css")
TARGET = "assets/rollers"
CONFIG_TOKEN = "/*@build-config*/null"
PYODIDE_CDN = "https://cdn.jsdelivr.net/npm/pyodide@314.0.7/"
