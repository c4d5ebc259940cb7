"""The engine's pinned hashes (issue 19, part 3): committed, fresh, and what the build writes in.

- ``hooks/site_step/engine-hashes.json`` is the SHA-256 of every engine file of the npm package at
  the version of package.json: a Pyodide bump without ``hooks/site_step/engine_hashes.py --write``
  fails here (and the strict build warns);
- the build writes them into the front-end's configuration and the service worker's list,
  with the site's own library's hash;
- a file the build downloads from the CDN (no node_modules) that is not the pinned one is
  not used.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path

from helpers import bundle_configs

ROOT = Path(__file__).resolve().parents[1]
NPM = ROOT / "node_modules" / "pyodide"


def load(name):
    spec = importlib.util.spec_from_file_location(f"hook_{name}", ROOT / "hooks" / "site_step" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


pins_module = load("engine_hashes")
engine = load("engine")


def test_the_committed_pins_are_node_modules_pyodide_at_the_pinned_version():
    pins = json.loads((ROOT / "hooks" / "site_step" / "engine-hashes.json").read_text(encoding="utf-8"))
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert pins["version"] == package["devDependencies"]["pyodide"], (
        "Pyodide bumped: hooks/site_step/engine_hashes.py --write"
    )
    assert set(pins["sha256"]) == {
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    }
    for name, sha in pins["sha256"].items():
        assert hashlib.sha256((NPM / name).read_bytes()).hexdigest() == sha, (
            f"{name}: hooks/site_step/engine_hashes.py --write"
        )
    assert pins_module.main(["--check"]) == 0
    assert pins_module.pinned() == pins["sha256"]


def test_pins_for_another_version_count_as_none(tmp_path, monkeypatch):
    stale = tmp_path / "engine-hashes.json"
    stale.write_text(json.dumps({"version": "0.0.1", "sha256": {"pyodide.mjs": "0" * 64}}), encoding="utf-8")
    monkeypatch.setattr(pins_module, "PINS", stale)
    assert pins_module.pinned() == {}


def test_the_build_writes_the_pins_for_the_worker_and_the_service_worker(built_site):
    worker = (built_site / "assets" / "rollers" / "rollers-worker.js").read_text(encoding="utf-8")
    config = json.loads(re.search(r"^const CONFIG = (.*);$", worker, re.M).group(1))
    for name in ("rollers.js", "prefetch.js"):  # the pages' bundles: the page's part only, the worker has the rest
        bundle = (built_site / "assets" / "rollers" / name).read_text(encoding="utf-8")
        (page,) = bundle_configs(bundle)
        assert set(page) <= {"pyodide", "version", "fiches"} and page["version"] == config["version"], name
    pins = pins_module.pinned()
    stdlib = built_site / "assets" / "rollers" / "python_stdlib.zip"
    assert config["sha256"] == {**pins, "python_stdlib.zip": hashlib.sha256(stdlib.read_bytes()).hexdigest()}
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    offline = json.loads(re.search(r"const OFFLINE = (\{.*?\});\n", sw).group(1))
    assert dict(offline["engine"]["files"]) == {
        n: pins[n] for n in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
    }
    assert all(len(sha) == 64 for _, sha, _ in offline["precache"])  # the site's own files: full SHA-256 too


def test_a_cdn_file_that_is_not_the_pinned_one_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "NPM_DIR", tmp_path / "nothing")
    monkeypatch.setattr(engine, "CACHE", tmp_path / "cache")

    def cdn(url, timeout):
        altered = tmp_path / "altered"
        altered.write_bytes((NPM / url.rsplit("/", 1)[-1]).read_bytes() + b"\n")
        return altered.open("rb")

    monkeypatch.setattr(engine.urllib.request, "urlopen", cdn)
    assert engine.pyodide_file("pyodide-lock.json") is None
    assert not list((tmp_path / "cache").rglob("pyodide-lock.json*"))
