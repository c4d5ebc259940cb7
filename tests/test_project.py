"""The project as a clone sees it: self-contained, valid workflows, honest dependencies, lint set up.

- Nothing the tests, hooks, benchmark or tools read lives outside the repository.
- The GitHub workflows and Dependabot's config pass their JSON schemas, and the
  deployment waits for the tests.
- The declared dependencies are exactly what the code imports (or mkdocs.yml and
  tools/lint.sh name); the lock files pin every one of them.
- The lint tools are installed and catch a planted mistake each; the whole project
  passing them (tools/lint.sh) is one of the tests.
- The browser tests find a Chromium where it is.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
CODE_DIRS = ("rules_py", "hooks", "tests", "bench", "tools")
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def code_files(*suffixes: str) -> list[Path]:
    return sorted(
        p for d in CODE_DIRS for p in (ROOT / d).rglob("*") if p.suffix in suffixes and "__pycache__" not in p.parts
    )


def run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300)


# ----------------------------------------------------------------------
# Self-contained
# ----------------------------------------------------------------------

OUTSIDE = re.compile(r"\.\./" + "shared" + r"|[\"']" + "shared" + r"[\"']\s*[/,)]")


def test_nothing_is_read_from_outside_the_repository():
    here = Path(__file__).resolve()
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in code_files(".py", ".sh", ".js", ".mjs", ".yml")
        if p != here
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, "files outside the repository:\n" + "\n".join(found)


def test_the_chapters_of_record_are_in_the_repository():
    sources = ROOT / "reference" / "sources"
    chapters = sorted(p.name[:3] for p in sources.glob("*.txt"))
    assert chapters == ["000", "001", "002", "003", "004"]
    readme = (sources / "README.md").read_text(encoding="utf-8")
    for licence in ("CC BY-NC-SA 4.0", "CC BY-SA 3.0 FR"):
        assert licence in readme
    assert "MIT" in (ROOT / "LICENSE").read_text(encoding="utf-8")


# ----------------------------------------------------------------------
# Workflows
# ----------------------------------------------------------------------


def check_schema(schema: str, *files: Path) -> subprocess.CompletedProcess[str]:
    return run(VENV_BIN / "check-jsonschema", "--builtin-schema", schema, *files)


@pytest.mark.slow  # the lint tools' own start-up: seconds
def test_the_workflows_and_dependabot_config_are_valid():
    assert WORKFLOWS
    done = check_schema("vendor.github-workflows", *WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr
    done = check_schema("vendor.dependabot", ROOT / ".github" / "dependabot.yml")
    assert done.returncode == 0, done.stdout + done.stderr
    done = check_schema("vendor.github-issue-forms", BUG_FORM)
    assert done.returncode == 0, done.stdout + done.stderr


BUG_FORM = ROOT / ".github" / "ISSUE_TEMPLATE" / "bug.yml"


def test_the_bug_form_asks_for_a_roll_to_replay():
    """The page, the roller and the roll's share link, each required, the link named as the page names it."""
    form = yaml.safe_load(BUG_FORM.read_text(encoding="utf-8"))
    fields = {f["id"]: f for f in form["body"] if "id" in f}
    for name in ("page", "lanceur", "lien"):
        assert fields[name]["validations"]["required"] is True, name
    label = fields["lien"]["attributes"]["label"]
    assert label == "Lien vers ce jet"
    assert f'"{label} (mêmes paramètres, mêmes dés)"' in (ROOT / "frontend/widget/links.js").read_text(encoding="utf-8")


@pytest.mark.slow  # the lint tools' own start-up: seconds
def test_the_schema_check_rejects_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  test:\n    steps:\n      - run: true\n", encoding="utf-8")  # no runs-on
    assert check_schema("vendor.github-workflows", broken).returncode != 0


def test_tests_run_on_push_and_pull_request_and_deployment_waits_for_them():
    flows = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in WORKFLOWS}
    jobs = {name: (flow, job) for flow in flows.values() for name, job in flow["jobs"].items()}
    test_flow, test_job = jobs["test"]
    triggers = test_flow[True]  # YAML 1.1 reads the key `on` as true
    assert "push" in triggers and "pull_request" in triggers
    assert any(step.get("run") == "bash tools/test.sh" for step in test_job["steps"])
    deploys = [
        name
        for name, (_, job) in jobs.items()
        if any("actions/deploy-pages@" in step.get("uses", "") for step in job["steps"])
    ]
    assert deploys
    for name in deploys:  # follow `needs` back to the tests
        chain, seen = [name], set()
        while chain:
            current = chain.pop()
            seen.add(current)
            needs = jobs[current][1].get("needs", [])
            chain += [needs] if isinstance(needs, str) else list(needs)
        assert "test" in seen, f"{name} does not wait for the tests"


# ----------------------------------------------------------------------
# Dependencies
# ----------------------------------------------------------------------

# declared, not imported: named by mkdocs.yml (theme, Markdown extensions), run by tools/lint.sh or by a
# contributor's loop (CONTRIBUTING.md)
USED_ELSEWHERE = {
    "mkdocs-material": ("mkdocs.yml", "name: material"),
    "pymdown-extensions": ("mkdocs.yml", "pymdownx."),
    "zensical": ("hooks/build.py", '"-m", "zensical"'),
    "ruff": ("tools/lint.sh", "ruff check"),
    "mypy": ("tools/lint.sh", "mypy --strict"),
    "types-pyyaml": ("tools/lint.sh", "mypy --strict"),  # the types mypy reads of PyYAML
    "types-markdown": ("tools/lint.sh", "mypy --strict"),  # ... and of Python-Markdown
    "pre-commit": (".pre-commit-config.yaml", "repos:"),
    "check-jsonschema": ("tools/lint.sh", "check-jsonschema"),
    "pytest-xdist": ("CONTRIBUTING.md", '-m "not browser" -n 2'),
    "mutmut": ("tools/mutate.sh", "mutmut run"),
}


def declared() -> dict[str, set[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = {"": {normal(re.split(r"[<>=!~\[;\s]", d)[0]) for d in project["dependencies"]}}
    for extra, deps in project["optional-dependencies"].items():
        out[extra] = {normal(re.split(r"[<>=!~\[;\s]", d)[0]) for d in deps} - {normal(project["name"])}
    return out


@cache
def _local_modules() -> frozenset[str]:
    return frozenset({p.stem for p in code_files(".py")} | {"rules_py", "hooks"})


@cache
def _distributions() -> dict[str, list[str]]:
    """Top-level module -> distributions (importlib's walk of every installed one: ~0.5 s, so once)."""
    return packages_distributions()


def imports_of(path: Path) -> dict[str, bool]:
    """Third-party distributions ``path`` imports -> whether each import is guarded (``except ImportError``)."""
    local = _local_modules()
    dists = _distributions()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    guarded = {
        id(node)
        for handler_owner in ast.walk(tree)
        if isinstance(handler_owner, ast.Try)
        and any(isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in handler_owner.handlers)
        for stmt in handler_owner.body
        for node in ast.walk(stmt)
    }
    out: dict[str, bool] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top in local:
                continue
            assert top in dists, f"{path.relative_to(ROOT)} imports {top}, which no installed distribution provides"
            for dist in dists[top]:
                out[normal(dist)] = out.get(normal(dist), True) and id(node) in guarded
    return out


def imported_distributions() -> dict[str, str]:
    """Third-party distributions imported by the code -> one file importing it."""
    out: dict[str, str] = {}
    for path in code_files(".py"):
        for dist in imports_of(path):
            out.setdefault(dist, str(path.relative_to(ROOT)))
    return out


def test_declared_dependencies_are_exactly_the_imported_ones():
    deps = declared()
    assert deps[""] == set(), "rules_py runs in a bare Pyodide: standard library only"
    all_declared = set().union(*deps.values())
    imported = imported_distributions()
    undeclared = {d: where for d, where in imported.items() if d not in all_declared}
    assert not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"
    unused = all_declared - set(imported) - set(USED_ELSEWHERE)
    assert not unused, f"declared but neither imported nor used: {sorted(unused)}"
    for dist, (file, needle) in USED_ELSEWHERE.items():
        assert needle in (ROOT / file).read_text(encoding="utf-8"), f"{dist}: {needle!r} not in {file}"
    site_imports = {d for path in (ROOT / "hooks").rglob("*.py") for d in imports_of(path)}
    assert site_imports <= deps["site"], "the hooks' imports belong to the site extra"


# MkDocs' own hooks: the only files of hooks/ that a Zensical build never imports
MKDOCS_ONLY = {"mkdocs_hook.py", "reload.py", "local_pyodide.py"}


def test_a_zensical_build_needs_no_mkdocs():
    """The extension and the site step import what the zensical extra installs; MkDocs only where it is optional."""
    zensical = declared()["zensical"]
    for path in sorted((ROOT / "hooks").rglob("*.py")):
        if path.name in MKDOCS_ONLY:
            continue
        for dist, guarded in imports_of(path).items():
            assert dist in zensical or guarded, (
                f"{path.relative_to(ROOT)} imports {dist}, which the zensical extra lacks"
            )


@pytest.mark.parametrize("extra", ["site", "zensical", "test"])
def test_the_lock_pins_every_declared_dependency(extra):
    lock = (ROOT / "requirements" / f"{extra}.txt").read_text(encoding="utf-8")
    pinned = {normal(m.group(1)) for m in re.finditer(r"^([A-Za-z0-9._-]+)==\S+", lock, re.M)}
    wanted = declared()[extra] | (declared()["site"] | declared()["zensical"] if extra == "test" else set())
    assert wanted <= pinned, f"requirements/{extra}.txt misses {sorted(wanted - pinned)}: run bash tools/lock.sh"
    assert "file:" not in lock and "/opt/" not in lock, "the lock names a local path"


# ----------------------------------------------------------------------
# Lint and types
# ----------------------------------------------------------------------


@pytest.mark.slow  # the lint tools' own start-up: seconds
def test_the_lint_tools_catch_a_planted_mistake(tmp_path):
    bad_py = tmp_path / "bad.py"
    bad_py.write_text("import os\n\n\ndef half(x):\n    return x / 2\n", encoding="utf-8")
    ruff = run(VENV_BIN / "ruff", "check", "--config", ROOT / "pyproject.toml", bad_py)
    assert ruff.returncode != 0 and "F401" in ruff.stdout
    mypy = run(VENV_BIN / "mypy", "--strict", "--config-file", ROOT / "pyproject.toml", bad_py, cwd=tmp_path)
    assert mypy.returncode != 0 and "no-untyped-def" in mypy.stdout
    # the planted module sits where the config's globs expect the front-end (browser globals)
    bad_js = tmp_path / "frontend" / "planted.js"
    bad_js.parent.mkdir(parents=True)
    bad_js.write_text(
        "export function f() {\n  const unused = document.title;\n  return undefinedName;\n}\n", encoding="utf-8"
    )
    eslint = run(
        ROOT / "node_modules" / ".bin" / "eslint",
        "--config",
        ROOT / "eslint.config.mjs",
        bad_js.relative_to(tmp_path),
        cwd=tmp_path,
    )
    assert eslint.returncode != 0
    assert "'document' is not defined" not in eslint.stdout
    assert "no-unused-vars" in eslint.stdout and "no-undef" in eslint.stdout


@pytest.mark.slow  # the lint tools' own start-up: seconds
def test_the_project_passes_lint_format_and_types():
    """tools/lint.sh: ruff check, ruff format --check, mypy --strict rules_py, ESLint, the workflows' schemas."""
    done = run("bash", ROOT / "tools" / "lint.sh")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]


# ----------------------------------------------------------------------
# Chromium
# ----------------------------------------------------------------------


def finder(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, ROOT / "tests" / "browser" / "chromium.py"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_chromium_is_found_by_variable_then_by_the_usual_names(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("google-chrome", "chromium-browser", "my-browser"):
        exe = bin_dir / name
        exe.write_text("#!/bin/sh\n", encoding="utf-8")
        exe.chmod(0o755)
    env = {"PATH": str(bin_dir)}
    assert finder(env).stdout.strip() == str(bin_dir / "chromium-browser")  # before google-chrome
    assert finder({**env, "CHROMIUM": str(bin_dir / "my-browser")}).stdout.strip() == str(bin_dir / "my-browser")
    assert finder({**env, "CHROMIUM": str(tmp_path / "missing")}).returncode == 1
    (bin_dir / "chromium-browser").unlink()
    assert finder(env).stdout.strip() == str(bin_dir / "google-chrome")
    (bin_dir / "google-chrome").unlink()
    assert finder(env).returncode == 1
