"""The pinned Pyodide's files, and its standard library cut to the engine's needs.

Not a hook itself: ``front_end.py`` calls :func:`engine` at build time.

- The version is written once, in ``package.json`` (``devDependencies.pyodide``);
  the CDN address derives from it (tests/test_stdlib.py checks the lock agrees).
- Pyodide's own files come from ``node_modules/pyodide`` when that is the
  pinned version, else from ``.cache/pyodide/<version>/`` (downloaded once from
  the CDN). A build that can get neither ships no library of its own: the
  worker then loads Pyodide's full one, and the build says so in one line.
- ``hooks/site_step/stdlib-modules.txt`` (written by ``tools/stdlib_trace.mjs``) lists
  the modules the engine imports; the site's ``python_stdlib.zip`` keeps only
  those, without their docstrings and comment lines (what ``python -OO``
  drops; the standard library supports it), line numbers kept. A module the
  build's Python cannot parse (newer syntax) is kept whole.
  ``DL_FULL_STDLIB=1`` at build time ships the full library instead.
- That cut library is then compiled to bytecode by the pinned Pyodide itself
  (``node hooks/site_step/stdlib_compile.mjs``): the reader's device no longer compiles
  ~150 modules from source at every start of the engine. A build without Node
  ships the source, and says so in one line.
- The figures the front-end needs: the minimal lock (``info`` of Pyodide's
  ``pyodide-lock.json``, no package), the raw sizes of the files the worker
  downloads (its progress), and the gzipped total (« environ 5,0 Mo »: front_end.download_figure, said in every place the site speaks of it).

Results are cached in ``.cache/pyodide/<version>/`` (the cut zip, the gzipped
sizes), so a build only recomputes them when an input changes.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hooks.site_step import engine_hashes as PINS  # noqa: N812 (a module, as ENGINE in front_end)

log = logging.getLogger("mkdocs.hooks.site_step.engine")


ROOT = Path(__file__).resolve().parents[2]
PACKAGE_JSON = ROOT / "package.json"
NPM_DIR = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / ".cache" / "pyodide"
MODULES = Path(__file__).with_name("stdlib-modules.txt")
STDLIB = "python_stdlib.zip"
# What the worker downloads from Pyodide's address (pyodide.mjs is imported as is;
# the others are fetched, metered, and handed to loadPyodide).
ENGINE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def version() -> str | None:
    """The pinned Pyodide version: package.json's devDependency, the one place it is written."""
    try:
        pinned = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))["devDependencies"]["pyodide"]
    except (OSError, ValueError, KeyError):
        return None
    return pinned if isinstance(pinned, str) else None


def _cache() -> Path:
    """The pinned version's folder of the cache (asked for once ``engine`` has found a version)."""
    return CACHE / str(version())


def cdn_url() -> str:
    pinned = version()
    if pinned is None:  # a warning: --strict fails the build
        log.warning(
            "package.json: no devDependencies.pyodide, the Pyodide version is unknown (the CDN's latest is used)."
        )
        return "https://cdn.jsdelivr.net/npm/pyodide/"
    return f"https://cdn.jsdelivr.net/npm/pyodide@{pinned}/"


@dataclass
class Engine:
    stdlib: Path | None  # the library the site ships (None: Pyodide's own, full)
    cut: bool  # stdlib is the cut one
    full_size: int | None  # bytes of Pyodide's full python_stdlib.zip
    lock_info: dict[str, Any] | None  # pyodide-lock.json's "info" (None: Pyodide fetches its lock)
    sizes: dict[str, int] = field(default_factory=dict)  # raw bytes the worker meters, by file
    download: int | None = None  # gzipped bytes of everything the engine downloads
    compiled: bool = False  # stdlib holds bytecode (.pyc), not source


def engine() -> Engine:
    if version() is None:
        return Engine(None, False, None, None)
    full = pyodide_file(STDLIB)
    lock = pyodide_file("pyodide-lock.json")
    if full is None:
        log.warning(
            "Pyodide %s: neither node_modules/pyodide nor the CDN is reachable; "
            "the site loads Pyodide's full standard library.",
            version(),
        )
        return Engine(None, False, None, None)
    lock_info = json.loads(lock.read_text(encoding="utf-8"))["info"] if lock else None
    if os.environ.get("DL_FULL_STDLIB", "").strip() in ("1", "true", "yes"):
        log.info("DL_FULL_STDLIB: the site ships Pyodide's full standard library.")
        stdlib, cut = full, False
    else:
        stdlib, cut = cut_stdlib(full, modules()), True
    compiled = None if not cut else compile_stdlib(stdlib, lock)
    stdlib = compiled or stdlib
    sizes = {STDLIB: stdlib.stat().st_size}
    files = {name: path for name in ENGINE_FILES if (path := pyodide_file(name)) is not None}
    download = None
    if len(files) == len(ENGINE_FILES):
        sizes.update({name: path.stat().st_size for name, path in files.items() if name != "pyodide.mjs"})
        download = sum(gzipped_size(path) for path in files.values()) + gzipped_size(stdlib)
    return Engine(stdlib, cut, full.stat().st_size, lock_info, sizes, download, compiled is not None)


def modules() -> list[str]:
    lines = MODULES.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def members_for(names: list[str], available: set[str]) -> list[str]:
    """Zip members of the modules ``names`` (and of their packages)."""
    keep: set[str] = set()
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            stem = "/".join(parts[:i])
            for member in (f"{stem}/__init__.py", f"{stem}.py"):
                if member in available:
                    keep.add(member)
                    break
    return sorted(keep)


def cut_stdlib(full: Path, names: list[str]) -> Path:
    """The full zip's members for ``names`` only, as a new zip (cached by its inputs)."""
    key = hashlib.sha256(
        f"{full.stat().st_size}:{full.stat().st_mtime_ns}:{full}:{sys.version_info[:2]}:{STRIP_VERSION}\n".encode()
        + "\n".join(names).encode()
    ).hexdigest()[:16]
    out = _cache() / f"python_stdlib-cut-{key}.zip"
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.stem}.{os.getpid()}.tmp")  # two builds at once (the tests' workers) write apart
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dest:
        for member in members_for(names, set(source.namelist())):
            info = source.getinfo(member)
            copy = zipfile.ZipInfo(member, date_time=info.date_time)
            copy.compress_type = zipfile.ZIP_DEFLATED
            copy.external_attr = info.external_attr
            dest.writestr(copy, strip_docs(source.read(member).decode("utf-8")))
    tmp.replace(out)
    for old in out.parent.glob("python_stdlib-cut-*.zip"):
        if old != out:
            old.unlink(missing_ok=True)
    return out


COMPILER = Path(__file__).with_name("stdlib_compile.mjs")


def compile_stdlib(cut: Path, lock: Path | None) -> Path | None:
    """``cut`` as bytecode, compiled by the pinned Pyodide under Node (cached by its inputs); None when it cannot."""
    names = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB)
    files = [path for name in names if (path := pyodide_file(name)) is not None]
    engine_dir = files[0].parent if len(files) == len(names) and len({path.parent for path in files}) == 1 else None
    if engine_dir is None or lock is None:
        log.warning(
            "Pyodide %s: its files are not at hand to compile the library; the site ships its source.", version()
        )
        return None
    key = hashlib.sha256(cut.read_bytes() + COMPILER.read_bytes() + str(version()).encode()).hexdigest()[:16]
    out = _cache() / f"python_stdlib-pyc-{key}.zip"
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.stem}.{os.getpid()}.tmp")  # two builds at once write apart
    try:
        subprocess.run(
            ["node", str(COMPILER), str(engine_dir), str(lock), str(cut), str(tmp)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
            timeout=300,
        )
    except (OSError, subprocess.SubprocessError) as err:
        detail = getattr(err, "stderr", None) or str(err)
        log.warning(
            "Pyodide %s: the library could not be compiled (%s); the site ships its source.",
            version(),
            detail.strip().splitlines()[-1] if detail.strip() else type(err).__name__,
        )
        tmp.unlink(missing_ok=True)
        return None
    tmp.replace(out)
    for old in out.parent.glob("python_stdlib-pyc-*.zip"):
        if old != out:
            old.unlink(missing_ok=True)
    return out


STRIP_VERSION = 1  # bump when strip_docs changes (the cached cut zips are keyed by it)


def strip_docs(source: str) -> str:
    """``source`` without docstrings and whole-line comments, line numbers kept.

    A docstring on lines of its own becomes blank lines (``pass`` where it was
    the whole body); a comment line becomes a blank line unless it lies inside
    a multi-line string. Source the build's Python cannot parse is returned as is.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    in_string: set[int] = set()
    replaced: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Constant, ast.JoinedStr)) and (node.end_lineno or 0) > node.lineno:
            in_string.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not body:
            continue
        first = body[0]
        if not (
            isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
        ):
            continue
        end_line = first.end_lineno or first.lineno  # set on every parsed node
        head = lines[first.lineno - 1][: first.col_offset]
        tail = lines[end_line - 1][first.end_col_offset :]
        if head.strip() or (tail.strip() and not tail.strip().startswith("#")):
            continue  # shares its line with code: kept
        for number in range(first.lineno, end_line + 1):
            replaced[number] = "\n"
        if len(body) == 1:
            replaced[first.lineno] = f"{head}pass\n"
    out = []
    for number, line in enumerate(lines, 1):
        if number in replaced:
            out.append(replaced[number])
        elif number not in in_string and line.lstrip().startswith("#"):
            out.append("\n")
        else:
            out.append(line)
    return "".join(out)


def gzipped_size(path: Path) -> int:
    """Bytes of ``path`` gzipped (what a compressing server sends), cached by size and date."""
    stat = path.stat()
    key = f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}"
    table_path = _cache() / "gzip-sizes.json"
    try:
        table = json.loads(table_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        table = {}
    if key not in table:
        table[key] = len(gzip.compress(path.read_bytes(), compresslevel=6))
        table_path.parent.mkdir(parents=True, exist_ok=True)
        table_path.write_text(json.dumps(table, indent=1), encoding="utf-8")
    return int(table[key])


def pyodide_file(name: str) -> Path | None:
    """One of the pinned Pyodide's files: node_modules when it is that version, else the cache (downloaded once)."""
    try:
        npm_version = json.loads((NPM_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        npm_version = None
    if npm_version == version() and (NPM_DIR / name).is_file():
        return NPM_DIR / name
    cached = _cache() / name
    if cached.is_file():
        return cached
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f"{cached.suffix}.{os.getpid()}.part")  # two builds at once download apart
        with urllib.request.urlopen(cdn_url() + name, timeout=60) as response, tmp.open("wb") as out:
            shutil.copyfileobj(response, out)
        expected = PINS.pinned().get(name)
        if expected and PINS.sha256_file(tmp) != expected:  # the CDN's bytes are the npm package's, or nothing
            tmp.unlink()
            log.warning(
                "Pyodide %s: %s from the CDN does not match hooks/site_step/engine-hashes.json; not used.",
                version(),
                name,
            )
            return None
        tmp.replace(cached)
        log.info("Pyodide %s: %s downloaded once into %s", version(), name, cached.parent)
        return cached
    except OSError:
        return None


def megabytes_fr(n: int) -> str:
    """« 4,1 Mo »: decimal megabytes, French comma, no-break space."""
    return f"{n / 1e6:.1f}".replace(".", ",") + "\u00a0Mo"
