"""One build command per stack, the same for the README, CI, the tests and the benchmark.

    python -m hooks.build mkdocs DIR     (bash tools/build.sh mkdocs DIR installs what it needs first)
    python -m hooks.build zensical DIR   (bash tools/build.sh zensical DIR)

- ``mkdocs``: ``mkdocs build --strict``; the project's Markdown extension renders the
  widgets, its hook (``hooks/site_step/mkdocs_hook.py``) runs the site step. Any warning fails.
- ``zensical``: ``zensical build --strict`` over a copy of ``mkdocs.yml``, ``docs/`` and
  ``overrides/`` in a temporary folder (Zensical writes its site and its cache inside the
  project, and its ``--clean`` empties the whole ``.cache/``, Pyodide's files included:
  the copy keeps the clone untouched and every build whole), then the same site step
  (``hooks.site_step.finish_site``), then the site is moved to DIR. Any « issues found »
  of Zensical, or warning of the site step, fails.

Both read ``SITE_URL`` (the address the site is served at) and ``PYODIDE_INDEX_URL``
from the environment, through mkdocs.yml's ``!ENV`` and ``front_end``.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STACKS = ("mkdocs", "zensical")
#: What a Zensical build reads from the project (the rest comes from the installed packages).
ZENSICAL_INPUTS = ("mkdocs.yml", "docs", "overrides")
ISSUES = re.compile(r"(?<!No )\bissues? found", re.I)

__all__ = ["STACKS", "BuildFailed", "build"]


class BuildFailed(Exception):
    """The generator or the site step said something was wrong (its output is the message)."""


def build(stack: str, out: Path | str, env: dict[str, str] | None = None) -> float:
    """Build the site with ``stack`` into ``out`` (emptied first); the seconds it took."""
    out = Path(out).resolve()
    env = {**os.environ, **(env or {}), "NO_MKDOCS_2_WARNING": "1"}
    t0 = time.perf_counter()
    if stack == "mkdocs":
        run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)], ROOT, env)
    elif stack == "zensical":
        build_zensical(out, env)
    else:
        raise ValueError(f"unknown stack {stack!r}: one of {', '.join(STACKS)}")
    return time.perf_counter() - t0


def build_zensical(out: Path, env: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory(prefix="des-et-lames-zensical-") as tmp:
        project = Path(tmp)
        for name in ZENSICAL_INPUTS:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, project / name)
            else:
                shutil.copy2(source, project / name)
        said = run([sys.executable, "-m", "zensical", "build", "--strict", "-f", "mkdocs.yml"], project, own_code(env))
        if ISSUES.search(said):
            raise BuildFailed(said)
        with strict_logging(), environment(env):
            from hooks.site_step import main as site_step

            site_step([str(project / "site"), "--config", str(project / "mkdocs.yml")])
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(project / "site", out)


def own_code(env: dict[str, str]) -> dict[str, str]:
    """``env`` with this checkout first on ``PYTHONPATH``: Zensical runs in a temporary folder, where
    ``hooks`` (the Markdown extension) would otherwise come from the editable install, which a
    ``.venv`` shared between two checkouts points at the other one."""
    path = [str(ROOT), *(p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)]
    return {**env, "PYTHONPATH": os.pathsep.join(path)}


def run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    said = done.stdout + done.stderr
    if done.returncode != 0:
        raise BuildFailed(f"{' '.join(command[2:4])} a échoué (statut {done.returncode}) :\n{said}")
    return said


@contextmanager
def strict_logging() -> Iterator[None]:
    """Warnings of the site step (a missing Pyodide, say) fail the build, as ``mkdocs build --strict`` does."""
    seen: list[str] = []

    class Counter(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            line = f"{record.levelname}: {record.getMessage()}"
            print(line, file=sys.stderr)
            if record.levelno >= logging.WARNING:
                seen.append(line)

    handler = Counter(logging.INFO)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    if seen:
        raise BuildFailed("\n".join(seen))


@contextmanager
def environment(env: dict[str, str]) -> Iterator[None]:
    """``env`` as this process's environment for the site step (PYODIDE_INDEX_URL, SITE_URL)."""
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hooks.build", description="Build the site with one stack.")
    parser.add_argument("stack", choices=STACKS)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    try:
        seconds = build(args.stack, args.out)
    except BuildFailed as err:
        print(f"[build] {args.stack}: {err}", file=sys.stderr)
        return 1
    files = sum(1 for p in args.out.rglob("*") if p.is_file())
    print(f"[build] {args.stack}: {args.out} ({files} files, {seconds:.2f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
