"""Live editing: ``mkdocs serve`` rebuilds on hooks/ and rules_py/ edits, and serves a local Pyodide.

One ``mkdocs serve`` (as ``tools/serve.sh --local-pyodide`` runs it) on a free port, in a
copy of the project (so the edits never touch the checkout), with rules_py imported from
that copy. Every wait is bounded; the server is stopped at the end.
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from helpers import fetch, free_port, mkdocs_serve, stop

import rules_py

pytestmark = pytest.mark.slow  # Node, Pyodide, builds: seconds each

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
WAIT = 90  # seconds, for the first build and for each rebuild (two shared cores)
PAGE = "solaires/resoudre-une-action/"


def wait_for(url: str, predicate, what: str, proc: subprocess.Popen) -> bytes:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"mkdocs serve stopped (status {proc.returncode})"
        body = fetch(url)
        if body is not None and predicate(body):
            return body
        time.sleep(0.5)
    pytest.fail(f"{what}: not seen at {url} within {WAIT} s")


@pytest.fixture
def served(tmp_path):
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run bash tools/setup.sh test")
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("docs", "hooks", "frontend", "rules_py", "overrides"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "package.json"):  # package.json pins Pyodide
        shutil.copy(ROOT / name, copy / name)
    (copy / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    port = free_port()
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "PYODIDE_INDEX_URL": "/pyodide/",
        "PYTHONPATH": str(copy),  # rules_py from the copy, before the editable install
        "PYTHONDONTWRITEBYTECODE": "1",
        "SITE_URL": f"http://127.0.0.1:{port}/",
    }
    log = (tmp_path / "serve.log").open("w")
    proc = mkdocs_serve(copy, port, env, log)
    try:
        yield copy, f"http://127.0.0.1:{port}/", proc
    finally:
        stop(proc)
        log.close()


def a_label() -> str:
    """A parameter label of solaires.action that rules_py's source holds once, as a literal."""
    for param in rules_py.call({"op": "describe", "roller": "solaires.action"})["result"]["parametres"]:
        label = param["libelle"]
        if sum(p.read_text(encoding="utf-8").count(f'"{label}"') for p in (ROOT / "rules_py").rglob("*.py")) == 1:
            return label
    pytest.fail("no label of solaires.action is a single literal in rules_py")


def edit(folder: Path, pattern: str, old: str, new: str) -> None:
    for path in folder.rglob(pattern):
        text = path.read_text(encoding="utf-8")
        if old in text:
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
            return
    raise AssertionError(f"{old!r} not found in {folder}/{pattern}")


def test_serve_rebuilds_on_hooks_and_rules_py_and_serves_local_pyodide(served):
    copy, base, proc = served
    page = base + PAGE
    label = a_label()
    first = wait_for(page, lambda b: b"data-roller" in b, "the first build", proc)
    assert label in html.unescape(first.decode())

    # Pyodide from node_modules, at the address the build wrote into the rollers' bundle
    mjs = wait_for(base + "pyodide/pyodide.mjs", lambda b: True, "/pyodide/pyodide.mjs", proc)
    assert mjs == (PYODIDE / "pyodide.mjs").read_bytes()
    assert b'"pyodide":"/pyodide/"' in fetch(base + "assets/rollers/rollers.js")  # esbuild's JSON, no spaces

    # a static file of the hooks
    marker = ".dl-live-edit-marker{color:red}"  # a rule: the build's minifier keeps it (not a comment)
    with (copy / "frontend" / "rollers.css").open("a", encoding="utf-8") as css:
        css.write("\n" + marker + "\n")
    wait_for(base + "assets/rollers/rollers.css", lambda b: marker.encode() in b, "the edited CSS", proc)

    # rules_py, as imported by the hooks (the widget's labels come from rules_py.call)
    new_label = label + " (modifié)"
    edit(copy / "rules_py", "*.py", f'"{label}"', f'"{new_label}"')
    body = wait_for(page, lambda b: new_label in html.unescape(b.decode()), "the label edited in rules_py", proc)
    assert label + " (modifié) (modifié)" not in html.unescape(body.decode())
