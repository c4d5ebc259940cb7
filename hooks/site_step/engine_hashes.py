"""The pinned Pyodide's files and their SHA-256, committed beside the hooks.

Not a hook itself: ``front_end.py`` and ``offline.py`` read :func:`pinned`
at build time; the site build installs no ``node_modules``, so the hashes live
in ``hooks/site_step/engine-hashes.json``, written from ``node_modules/pyodide`` (the
npm package, the same bytes jsDelivr serves) by

    .venv/bin/python hooks/site_step/engine_hashes.py --write

after a bump of Pyodide in ``package.json``; ``--check`` (and
tests/test_engine_hashes.py) compare the committed file with ``node_modules``.

The files are every one the worker may run or read from Pyodide's address:
``pyodide.mjs`` (imported), ``pyodide.asm.mjs`` (imported), ``pyodide.asm.wasm``
(compiled), ``python_stdlib.zip`` (when the site ships no library of its own)
and ``pyodide-lock.json`` (when the build has no minimal lock to write in).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PINS = HERE / "engine-hashes.json"
PACKAGE_JSON = HERE.parents[1] / "package.json"
NPM_DIR = HERE.parents[1] / "node_modules" / "pyodide"
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def versioned(url: str, sha: str) -> str:
    """The URL the worker and the service worker both fetch a site engine file at: its own hash
    in the query, so a new file is a new URL for every cache on the way."""
    return f"{url}?v={sha[:12]}"


def pinned_version() -> str | None:
    try:
        return str(json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))["devDependencies"]["pyodide"])
    except (OSError, ValueError, KeyError):
        return None


def pinned() -> dict[str, str]:
    """File name -> SHA-256 (hex) of the Pyodide version of package.json; {} when the committed
    file is missing or is for another version (the caller says so: the engine is then unchecked)."""
    try:
        pins = json.loads(PINS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if pins.get("version") != pinned_version():
        return {}
    return {name: str(sha) for name, sha in pins.get("sha256", {}).items()}


def from_npm() -> dict[str, object]:
    """The pins as computed from node_modules/pyodide (which must be the version of package.json)."""
    version = json.loads((NPM_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    if version != pinned_version():
        raise SystemExit(f"node_modules/pyodide is {version}, package.json pins {pinned_version()}: run npm ci")
    return {
        "version": version,
        "source": "npm package pyodide (jsDelivr mirrors it byte for byte)",
        "sha256": {name: sha256_file(NPM_DIR / name) for name in FILES},
    }


def main(argv: list[str]) -> int:
    fresh = from_npm()
    text = json.dumps(fresh, indent=2) + "\n"
    if "--write" in argv:
        PINS.write_text(text, encoding="utf-8")
        print(f"{PINS.name}: Pyodide {fresh['version']}, {len(FILES)} files")
        return 0
    if PINS.is_file() and PINS.read_text(encoding="utf-8") == text:
        print(f"{PINS.name}: up to date (Pyodide {fresh['version']})")
        return 0
    print(
        f"{PINS.name} differs from node_modules/pyodide: run .venv/bin/python hooks/site_step/engine_hashes.py --write"
    )
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
