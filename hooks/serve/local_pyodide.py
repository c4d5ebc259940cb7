"""While serving with ``PYODIDE_INDEX_URL=/pyodide/``, the site serves node_modules' Pyodide.

``bash tools/serve.sh --local-pyodide`` sets that variable (Pyodide then comes from
the development server, not the CDN: offline work). The core files of
``node_modules/pyodide`` (``npm ci``) are added as site files under ``pyodide/``.
Does nothing on ``mkdocs build``, or when Pyodide comes from elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

_state = {"serving": False}


# ----------------------------------------------------------------------
# The events
# ----------------------------------------------------------------------


def on_startup(command: str, dirty: bool) -> None:
    _state["serving"] = command == "serve"


def on_files(files: Files, config: Any) -> Files:
    if not _state["serving"] or os.environ.get("PYODIDE_INDEX_URL", "").strip().rstrip("/") != "/pyodide":
        return files
    if not (PYODIDE / "pyodide.mjs").is_file():
        raise PluginError(
            "PYODIDE_INDEX_URL=/pyodide/: node_modules/pyodide is missing (run `npm ci`, "
            "or `bash tools/serve.sh --local-pyodide`, which does)."
        )
    for path in sorted(PYODIDE.iterdir()):
        if path.is_file() and not path.name.endswith(SKIPPED):
            files.append(
                File(
                    path.name,
                    str(PYODIDE),
                    config["site_dir"],
                    config["use_directory_urls"],
                    dest_uri=f"{TARGET}/{path.name}",
                )
            )
    return files


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

PYODIDE = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide"
TARGET = "pyodide"
SKIPPED = (".map", ".d.ts", ".html", ".md")  # not loaded by the page or the worker
