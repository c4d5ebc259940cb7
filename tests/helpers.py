"""Small helpers shared by several test modules."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_py import RulesError, odds, roll

ROOT = Path(__file__).resolve().parents[1]


def build_site(out: Path, site_url: str, pyodide: str | None = None, stack: str = "mkdocs") -> float:
    """The project as it is, built by ``stack`` (``mkdocs`` or ``zensical``, as ``bash tools/build.sh``
    builds it: hooks/build.py) for ``site_url`` (Pyodide from ``pyodide`` when given, else the pinned
    CDN): the theme's instant navigation only follows links of its ``site_url``, so a test server's
    site is built for the port it already listens on. The seconds it took."""
    env = {"SITE_URL": site_url}
    if pyodide is not None:
        env["PYODIDE_INDEX_URL"] = pyodide
    done = subprocess.run(
        [sys.executable, "-c", BUILD, stack, str(out)],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return float(done.stdout)


# In a process of its own (the hooks and rules_py as they are on disk now, not as this one imported them).
BUILD = "import sys; from hooks.build import build; print(build(sys.argv[1], sys.argv[2]))"


def mutate(value: Any, junk: Any, path: list[int]) -> Any:
    """Replace one leaf of a JSON state, chosen by ``path``, with ``junk`` (a forged state)."""
    if isinstance(value, dict) and value:
        keys = sorted(value)
        key = keys[path[0] % len(keys)] if path else keys[0]
        return {**value, key: mutate(value[key], junk, path[1:])}
    if isinstance(value, list) and value:
        i = path[0] % len(value) if path else 0
        return value[:i] + [mutate(value[i], junk, path[1:])] + value[i + 1 :]
    return junk


def assert_refused_naming(roller_id: str, params: dict[str, Any], field: str) -> None:
    """Both a roll and an odds query refuse ``params`` with a sentence naming ``field``."""
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op(roller_id, params)
        assert err.value.field == field
        assert f"({field})" in str(err.value)


def assert_ordered_law(answer: dict[str, Any], law: Any) -> None:
    """The odds' ordered outcome (``echelle``) read three ways equals an oracle's law.

    ``law`` is an icepool Die over integers (or a dict value -> probability); « au moins k »
    and « au plus k » are summed here from the oracle, not from the answer.
    """
    from fractions import Fraction

    oracle = {k: Fraction(law.probability(k)) for k in law.outcomes()} if hasattr(law, "outcomes") else dict(law)
    oracle = {k: p for k, p in oracle.items() if p}
    scale = answer["echelle"]
    values = scale["valeurs"]
    assert values == list(range(min(oracle), max(oracle) + 1)), (values, sorted(oracle))
    for i, v in enumerate(values):
        want = {
            "exactement": oracle.get(v, Fraction(0)),
            "au_moins": sum((p for k, p in oracle.items() if k >= v), Fraction(0)),
            "au_plus": sum((p for k, p in oracle.items() if k <= v), Fraction(0)),
        }
        for way, p in want.items():
            assert Fraction(scale[way]["exact"][i]) == p, (way, v)
            assert scale[way]["probas"][i] == pytest.approx(float(p), abs=1e-12)
    assert len(scale["libelles"]) == len(values)


# ----------------------------------------------------------------------
# Simon Système, written again from the chapter for the icepool oracles
# ----------------------------------------------------------------------


def simon_ok_die(v: int, s: int) -> bool:
    """A d20 succeeds against seuil ``s``: a 20 always, a 1 never, else at least ``s``."""
    return v == 20 or (v != 1 and v >= s)


def simon_succeeds_at(s: int):
    """1 for a successful die at seuil ``s``, else 0 (icepool's map)."""
    return lambda v: 1 if simon_ok_die(v, s) else 0


def simon_aide_effect(v: int, s: int) -> int:
    """What one die of a helper adds to the main actor's seuil (critical ±2, success -1, a miss by more than 5 +1)."""
    if v == 1:
        return 2
    if v == 20:
        return -2
    if v >= s:
        return -1
    return 1 if s - v > 5 else 0


def simon_aide_effect_at(s: int):
    return lambda v: simon_aide_effect(v, s)


# ----------------------------------------------------------------------
# Character sheets (tests/test_sheets*.py)
# ----------------------------------------------------------------------

#: What a result played from sheets adds to the roller's own result.
SHEET_RESULT_KEYS = frozenset(
    {
        "personnage",
        "personnages",
        "remplissage",
        "modifications",
        "suites_fiche",
        "revisions",
        "fiche",
        "fiche_b",
        "fiche_defense",
        "fiches_a",
        "fiches_b",
        "reserve",
    }
)


def answer_ok(request: dict[str, Any]) -> dict[str, Any]:
    """The result of a request through the JSON door (``call``), which must succeed."""
    from rules_py import call

    answer = call(request)
    assert answer["ok"], answer
    return answer["result"]


def refusal_words(answer: dict[str, Any]) -> tuple[str, str]:
    """A refused answer's field and sentence, its narrow and no-break spaces read as plain spaces."""
    assert answer["ok"] is False, answer
    return answer["field"], answer["error"].replace("\u00a0", " ").replace("\u202f", " ")


def answer_refused(request: dict[str, Any], field: str) -> str:
    """The one French sentence refusing ``request``, which must name ``field``; the request is left unchanged."""
    import copy
    import json

    from rules_py import call, call_json

    before = copy.deepcopy(request)
    answer = call(request)
    assert answer["ok"] is False, answer
    assert answer["field"] == field, answer
    error = answer["error"]
    assert error.endswith(".") and "\n" not in error and "Traceback" not in error, error
    assert request == before  # nothing changed
    assert json.loads(call_json(json.dumps(request)))["error"] == error
    return error


def example_sheet(game: str, name: str) -> dict[str, Any]:
    """A copy of one of ``game``'s example sheets."""
    import copy

    from rules_py.sheets import load_game

    return copy.deepcopy(next(s for s in load_game(game).examples if s["nom"] == name))


def without_sheets(result: dict[str, Any]) -> dict[str, Any]:
    """A result played from sheets, without what the sheets added (to compare with the same roll typed)."""
    return {k: v for k, v in result.items() if k not in SHEET_RESULT_KEYS}


# ----------------------------------------------------------------------
# The built site's pages
# ----------------------------------------------------------------------

#: The print version (hooks/site_step/print_book.py): pages of the site step's own, without the theme, its
#: scripts or its head (tests/browser/test_print.py tests them).
PRINT_PAGES = "imprimer/"


def theme_pages(site: Path, pattern: str = "*.html") -> list[Path]:
    """The built site's pages the theme made (every ``pattern`` file but the print version's), in order."""
    return [p for p in sorted(site.rglob(pattern)) if not p.relative_to(site).as_posix().startswith(PRINT_PAGES)]


def bundle_configs(bundle: str) -> list[dict[str, Any]]:
    """The build's configuration written in a page's bundle, each object in the bundle's order: config.js's
    ``CONFIG`` (where Pyodide is, the version, which rollers take sheets) and, in a bundle that reads it,
    ``SHEETS_CONFIG``. esbuild writes each in as a string literal read by ``JSON.parse`` (``--define``), in
    whichever quotes need the fewest escapes; read back here as JavaScript reads it."""
    import json
    import re

    def unquoted(literal: str) -> str:
        escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}

        def one(m: re.Match[str]) -> str:
            code = m.group(2) or m.group(3) or m.group(4)
            return chr(int(code, 16)) if code else escapes.get(m.group(5), m.group(5))

        return re.sub(
            r"\\(u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(.))", one, literal[1:-1], flags=re.S
        )

    literals = re.findall(r"""JSON\.parse\(('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\$]|\\.)*`)\)""", bundle, re.S)
    return [value for value in (json.loads(unquoted(one)) for one in literals) if isinstance(value, dict)]


# ----------------------------------------------------------------------
# The front end's modules under Node (pure logic: no page, no engine)
# ----------------------------------------------------------------------

FRONT = ROOT / "frontend"


def run_front_end(tmp: Path, stubs: dict[str, str], script: str, data: Any = None) -> Any:
    """Run ``script`` (an ES module that prints one JSON value, importing the front end's modules by their paths
    under frontend/: ``./table/roll.js``) in Node, bundled by esbuild as the site is; ``stubs`` (path under
    frontend/ -> source) stand in for what needs a page or the engine: each name a stub exports replaces the
    module's own, the module's other names stay (its doors' re-exports still resolve). ``data`` is its
    standard input, as JSON. Its output, parsed."""
    import json
    import shutil

    if shutil.which("node") is None:
        pytest.fail("node is missing (it builds the site too): install Node.js 20")
    redirects = {}
    for n, (name, source) in enumerate(sorted(stubs.items())):
        stub = tmp / f"stub-{n}.mjs"
        stub.write_text(f'export * from "REAL:{FRONT / name}";\n{source}', encoding="utf-8")
        redirects[str(FRONT / name)] = str(stub)
    builder = tmp / "bundle.mjs"
    builder.write_text(
        rf"""import * as esbuild from {json.dumps(str(ROOT / "node_modules" / "esbuild" / "lib" / "main.js"))};
import path from "node:path";
const redirects = {json.dumps(redirects)};
const built = await esbuild.build({{
  stdin: {{ contents: {json.dumps(script)}, resolveDir: {json.dumps(str(FRONT))}, sourcefile: "run.mjs" }},
  bundle: true, format: "esm", platform: "node", write: false, logLevel: "error",
  define: {{ BUILD_CONFIG: '"null"', BUILD_SHEETS_CONFIG: '"null"', BUILD_GAMES: '"null"' }},
  plugins: [{{ name: "stubs", setup(b) {{
    b.onResolve({{ filter: /^REAL:/ }}, (args) => ({{ path: args.path.slice(5) }}));
    b.onResolve({{ filter: /^\./ }}, (args) => {{
      const target = path.resolve(args.resolveDir, args.path);
      return redirects[target] ? {{ path: redirects[target] }} : undefined;
    }});
  }} }}],
}});
process.stdout.write(built.outputFiles[0].text);
""",
        encoding="utf-8",
    )
    bundled = subprocess.run(["node", str(builder)], capture_output=True, text=True, timeout=120)
    assert bundled.returncode == 0, bundled.stderr
    (tmp / "run.mjs").write_text(bundled.stdout, encoding="utf-8")
    done = subprocess.run(
        ["node", str(tmp / "run.mjs")], input=json.dumps(data), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# ---------------------------------------------------------------- a served site, from another process


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (for a server started by the test or the benchmark)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> bytes | None:
    """The body at ``url``, or None while the server is not answering (yet)."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read()
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def mkdocs_serve(copy: Path, port: int, env: dict[str, str], log: Any) -> subprocess.Popen[bytes]:
    """``mkdocs serve`` of the project copied in ``copy``, on ``port``, its output to ``log``."""
    return subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
        cwd=copy,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def stop(proc: subprocess.Popen[bytes]) -> None:
    """A server stopped, killed if it does not stop within 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
