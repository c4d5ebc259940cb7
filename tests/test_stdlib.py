"""The engine's standard library, cut to what rules_py imports, and the one Pyodide version.

- The module list (hooks/site_step/stdlib-modules.txt) is fresh: every roller, follow-up
  action and odds query (tools/stdlib_exercise.py) runs in Pyodide (Node, the
  npm package) with the library the site ships (cut, compiled to bytecode), gives
  the same answers as CPython here, and no import looks for a module the full
  library has and the cut one lacks.
- The build ships the cut library as bytecode of the pinned Pyodide (at most 35 %
  of the full one), the minimal lock and the download figures; DL_FULL_STDLIB=1
  ships the full one; a build that can get no library says so and leaves
  Pyodide's own; one that cannot compile (no Node) ships the source, in one line.
- 314.0.7 is written once (package.json); its lock, node_modules, the hook and
  the README agree.
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # Node, Pyodide, builds: seconds each

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import stdlib_exercise  # noqa: E402

from hooks.site_step import engine  # noqa: E402

FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def build(out: Path, **env) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYODIDE_INDEX_URL": "/pyodide/", **env},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr


def config_of(site: Path) -> dict:
    """The engine's configuration: the worker's (the page's bundles carry only the page's part)."""
    worker = (site / "assets" / "rollers" / "rollers-worker.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const CONFIG = (.*);$", worker, re.M).group(1))


# ----------------------------------------------------------------------
# The module list is fresh
# ----------------------------------------------------------------------


def test_every_roller_action_and_odds_query_runs_in_pyodide_with_the_shipped_library():
    shipped = engine.engine()
    assert shipped.cut and shipped.compiled and shipped.stdlib.name.startswith("python_stdlib-pyc-")
    done = subprocess.run(
        ["node", str(ROOT / "tools" / "stdlib_trace.mjs"), "--stdlib", str(shipped.stdlib)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, (
        f"{done.stderr[-1500:]}\nThe module list is stale? "
        "`node tools/stdlib_trace.mjs --write hooks/site_step/stdlib-modules.txt`"
    )
    traced = json.loads(done.stdout.strip().splitlines()[-1])
    count, digest = stdlib_exercise.main()  # the same requests, in CPython
    assert count > 5000
    assert (traced["count"], traced["digest"]) == (count, digest), "Pyodide with the cut library answered differently"
    with zipfile.ZipFile(FULL) as full:
        in_full = set(full.namelist())
    own = lambda name: {f"{name.replace('.', '/')}.py", f"{name.replace('.', '/')}/__init__.py"}  # noqa: E731
    stale = [name for name in traced["not_found"] if own(name) & in_full]
    assert stale == [], (
        f"imported under test, missing from the cut library: {stale}; run "
        "`node tools/stdlib_trace.mjs --write hooks/site_step/stdlib-modules.txt`"
    )
    assert set(traced["modules"]) <= set(engine.modules())


def test_the_list_names_modules_of_the_full_library():
    with zipfile.ZipFile(FULL) as full:
        names = set(full.namelist())
    listed = engine.modules()
    assert "json" in listed and "fractions" in listed and "random" in listed
    orphans = [n for n in listed if not engine.members_for([n], names) and not n.startswith("_frozen")]
    assert orphans == []
    members = engine.members_for(["json.decoder", "compression.zstd"], names)
    assert members == ["compression/__init__.py", "compression/zstd/__init__.py", "json/__init__.py", "json/decoder.py"]


def _without_docstrings(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def test_the_cut_library_drops_docstrings_and_comments_only_and_keeps_line_numbers():
    stripped = 0
    with zipfile.ZipFile(FULL) as full:
        for member in engine.members_for(engine.modules(), set(full.namelist())):
            source = full.read(member).decode("utf-8")
            shrunk = engine.strip_docs(source)
            assert shrunk.count("\n") == source.count("\n"), member
            try:
                expected = _without_docstrings(source)
            except SyntaxError:  # newer syntax than this Python's: kept whole
                assert shrunk == source, member
                continue
            assert _without_docstrings(shrunk) == expected, member
            stripped += len(shrunk) < len(source)
    assert stripped > 100
    tricky = 'def f():\n    """Doc."""\n\n\nX = """\n# not a comment\n"""\nclass C:  # c\n    """Doc\n    more."""\n    y = 1\n'
    assert (
        engine.strip_docs(tricky)
        == 'def f():\n    pass\n\n\nX = """\n# not a comment\n"""\nclass C:  # c\n\n\n    y = 1\n'
    )


# ----------------------------------------------------------------------
# What the build ships
# ----------------------------------------------------------------------


def test_the_build_ships_the_cut_library_and_the_switch_ships_the_full_one(tmp_path):
    build(tmp_path / "cut")
    shipped = tmp_path / "cut" / "assets" / "rollers" / "python_stdlib.zip"
    full_size = FULL.stat().st_size
    assert shipped.stat().st_size <= 0.35 * full_size, (shipped.stat().st_size, full_size)
    with zipfile.ZipFile(shipped) as cut, zipfile.ZipFile(FULL) as full:
        assert cut.testzip() is None
        members = engine.members_for(engine.modules(), set(full.namelist()))
        assert sorted(cut.namelist()) == [f"{name}c" for name in members]  # bytecode only, no source
        headers = {cut.read(name)[:8] for name in cut.namelist()}
        # one magic number (the engine's Python, not this one), hash-based and never checked against a source
        assert len(headers) == 1 and next(iter(headers))[2:4] == b"\r\n", headers
        assert int.from_bytes(next(iter(headers))[4:8], "little") == 0b01
        assert "unittest/__init__.pyc" not in cut.namelist() and "email/mime/text.pyc" not in cut.namelist()
    with zipfile.ZipFile(engine.cut_stdlib(FULL, engine.modules())) as source, zipfile.ZipFile(FULL) as full:
        for name in ("json/decoder.py", "fractions.py", "random.py"):  # what was compiled
            assert source.read(name).decode() == engine.strip_docs(full.read(name).decode())
    config = config_of(tmp_path / "cut")
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    sha = hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert config["stdlib"] == f"python_stdlib.zip?v={sha[:12]}"  # a new library is a new URL
    assert config["sha256"]["python_stdlib.zip"] == sha  # checked in the worker before it is used
    assert config["lock"] == {"info": lock["info"], "packages": {}}
    assert config["sizes"]["python_stdlib.zip"] == shipped.stat().st_size
    assert (
        config["sizes"]["pyodide.asm.wasm"] == (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").stat().st_size
    )
    assert re.fullmatch(r"\d,\d\u00a0Mo", config["download"]), config["download"]
    print(
        f"\ncut library {shipped.stat().st_size} B = {shipped.stat().st_size / full_size:.1%} of {full_size} B; "
        f"download « environ {config['download']} »"
    )

    build(tmp_path / "full", DL_FULL_STDLIB="1")
    shipped_full = tmp_path / "full" / "assets" / "rollers" / "python_stdlib.zip"
    assert shipped_full.read_bytes() == FULL.read_bytes()
    assert config_of(tmp_path / "full")["sizes"]["python_stdlib.zip"] == full_size
    assert config_of(tmp_path / "full")["sha256"]["python_stdlib.zip"] == hashlib.sha256(FULL.read_bytes()).hexdigest()


def test_a_build_with_no_pyodide_at_hand_falls_back_to_the_full_library_in_one_line(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(engine, "NPM_DIR", tmp_path / "nothing")
    monkeypatch.setattr(engine, "CACHE", tmp_path / "cache")

    def offline(*args, **kwargs):
        raise OSError("no network")

    monkeypatch.setattr(engine.urllib.request, "urlopen", offline)
    with caplog.at_level(logging.INFO):
        got = engine.engine()
    assert got.stdlib is None and got.lock_info is None and got.download is None
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "full standard library" in lines[0], lines


def test_a_build_that_cannot_compile_ships_the_cut_source_in_one_line(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(engine, "CACHE", tmp_path / "cache")

    def no_node(*args, **kwargs):
        raise FileNotFoundError("node")

    monkeypatch.setattr(engine.subprocess, "run", no_node)
    with caplog.at_level(logging.INFO):
        got = engine.engine()
    assert got.cut and not got.compiled and got.stdlib.name.startswith("python_stdlib-cut-")
    with zipfile.ZipFile(got.stdlib) as cut:
        assert "fractions.py" in cut.namelist()
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1 and "ships its source" in lines[0], lines


def test_a_build_without_node_modules_downloads_once_into_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "NPM_DIR", tmp_path / "nothing")
    monkeypatch.setattr(engine, "CACHE", tmp_path / "cache")
    asked = []

    def cdn(url, timeout):
        asked.append(url)
        name = url.rsplit("/", 1)[-1]
        return open(ROOT / "node_modules" / "pyodide" / name, "rb")  # the CDN's answer, from the npm copy

    monkeypatch.setattr(engine.urllib.request, "urlopen", cdn)
    first = engine.engine()
    assert first.cut and first.compiled and first.stdlib.stat().st_size < 0.35 * FULL.stat().st_size
    assert all(url.startswith(f"https://cdn.jsdelivr.net/npm/pyodide@{engine.version()}/") for url in asked)
    assert len(asked) == 5  # the library, the lock, pyodide.mjs, pyodide.asm.mjs, the wasm
    second = engine.engine()
    assert len(asked) == 5 and second.sizes == first.sizes and second.download == first.download


# ----------------------------------------------------------------------
# One Pyodide version
# ----------------------------------------------------------------------


def test_one_pyodide_version_everywhere():
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["pyodide"]
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "pin an exact version"
    assert lock["packages"][""]["devDependencies"]["pyodide"] == pinned
    assert lock["packages"]["node_modules/pyodide"]["version"] == pinned
    assert engine.version() == pinned
    assert engine.cdn_url() == f"https://cdn.jsdelivr.net/npm/pyodide@{pinned}/"
    installed = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text(encoding="utf-8"))
    assert installed["version"] == pinned, "node_modules is stale: npm ci"
    # Written nowhere else: not in the hooks, the front-end, the tools or the README.
    places = [
        *(ROOT / "hooks").rglob("*.py"),
        *(ROOT / "frontend").rglob("*.js"),
        *(ROOT / "tools").glob("*"),
        ROOT / "README.md",
    ]
    written = [str(p.relative_to(ROOT)) for p in places if p.is_file() and pinned in p.read_text(encoding="utf-8")]
    assert written == []
    assert "package.json" in (ROOT / "README.md").read_text(encoding="utf-8")
