"""The contributor's loop as a contributor feels it: a chapter edited under ``mkdocs serve``, to the page reloaded.

``tools/serve.sh --local-pyodide`` (``mkdocs serve``, Pyodide from node_modules) in a copy of the project
(the edits never touch the checkout), bytecode written as on any contributor's machine; the chapter
(``PAGE``'s source) open in Chromium. Once the first build is served and the page is in: ``EDITS`` times,
after a quiet moment, a paragraph is appended to the chapter's Markdown, and the clock runs from the write
until the browser's page (reloaded by MkDocs' live reload) shows it. Beside each edit: the rebuild's own
seconds (MkDocs' « Documentation built in … ») and the serve process's processor time from the write to
the page shown (its own and its children's: esbuild; a busy second core stretches wall time, not this).

Usage: .venv/bin/python bench/serve_loop.py [EDITS]  (prints JSON; bench/run.py calls it)
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from helpers import fetch, free_port, mkdocs_serve, stop  # noqa: E402

PAGE = "solaires/resoudre-une-action/"  # the chapter open in the browser (run.COLD_PAGE)
SOURCE = "solaires/resoudre-une-action.md"  # its Markdown, under docs/
COPIED = ("docs", "hooks", "frontend", "rules_py", "overrides")
LINKED = ("node_modules", ".cache")  # esbuild and Pyodide; the engine's compiled standard library
FIRST_BUILD_S = 240  # the first build of the copy (its bytecode written), on two shared cores
EDIT_S = 60  # one edit, at most
QUIET_S = 2.0  # before each edit: the last reload's page settled
BUILT = re.compile(r"Documentation built in ([0-9.]+) seconds")


def copy_project(to: Path) -> None:
    """What ``mkdocs serve`` reads and watches, copied; what it only uses, linked."""
    for name in COPIED:
        shutil.copytree(ROOT / name, to / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "package.json"):
        shutil.copy(ROOT / name, to / name)
    for name in LINKED:
        if (ROOT / name).exists():
            (to / name).symlink_to(ROOT / name, target_is_directory=True)


def processor_seconds(pid: int) -> float:
    """The process's user + system time and its reaped children's (Linux: /proc/PID/stat), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")  # utime stime cutime cstime


SHOWN = """(marker) => document.body && document.body.innerText.includes(marker)"""


def shown(page, marker: str) -> bool:
    try:
        return bool(page.evaluate(SHOWN, marker))
    except Exception:  # the page is being reloaded (its context destroyed): not yet
        return False


def bench_serve(edits: int = 5) -> dict:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import CHROMIUM, CHROMIUM_ARGS

    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="dl-serve-") as tmp:
        copy = Path(tmp) / "project"
        copy.mkdir()
        copy_project(copy)
        (Path(tmp) / "tmp").mkdir()  # the hooks' HTML cache: empty at the start, as the first build leaves it
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(
            NO_MKDOCS_2_WARNING="1",
            PYODIDE_INDEX_URL="/pyodide/",
            PYTHONPATH=str(copy),  # rules_py and the hooks from the copy
            SITE_URL=base,
            TMPDIR=str(Path(tmp) / "tmp"),
        )
        log_path = Path(tmp) / "serve.log"
        with log_path.open("w") as log:
            proc = mkdocs_serve(copy, port, env, log)
            try:
                return measure(proc, copy, base, log_path, edits, load_before, CHROMIUM, CHROMIUM_ARGS, sync_playwright)
            finally:
                stop(proc)


def measure(proc, copy: Path, base: str, log_path: Path, edits: int, load_before: float, chromium, args, pw) -> dict:
    t0 = time.monotonic()
    while fetch(base + PAGE) is None or b"data-roller" not in (fetch(base + PAGE) or b""):
        if proc.poll() is not None:
            raise RuntimeError(f"mkdocs serve stopped: {log_path.read_text()[-2000:]}")
        if time.monotonic() - t0 > FIRST_BUILD_S:
            raise RuntimeError(f"mkdocs serve: no first build in {FIRST_BUILD_S} s")
        time.sleep(0.5)
    first_build_s = time.monotonic() - t0
    source = copy / "docs" / SOURCE
    walls, rebuilds, processor = [], [], []
    with pw() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(base + PAGE, wait_until="load")
        for i in range(edits):
            time.sleep(QUIET_S)
            marker = f"Paragraphe ajouté pour le banc d’essai, numéro {i + 1}."
            built_before = len(BUILT.findall(log_path.read_text()))
            cpu_before = processor_seconds(proc.pid)
            start = time.monotonic()
            with source.open("a", encoding="utf-8") as md:
                md.write(f"\n\n{marker}\n")
            while not shown(page, marker):
                if time.monotonic() - start > EDIT_S:
                    raise RuntimeError(f"edit {i + 1}: not on the page after {EDIT_S} s")
                time.sleep(0.02)
            walls.append(time.monotonic() - start)
            processor.append(processor_seconds(proc.pid) - cpu_before)
            built = BUILT.findall(log_path.read_text())[built_before:]
            rebuilds.append(float(built[-1]) if built else float("nan"))
        browser.close()
    return {
        "page": PAGE,
        "edits": edits,
        "edit_to_page_median_s": round(statistics.median(walls), 2),
        "edit_to_page_max_s": round(max(walls), 2),
        "edit_to_page_runs_s": [round(w, 2) for w in walls],
        "rebuild_runs_s": rebuilds,
        "serve_processor_runs_s": [round(c, 2) for c in processor],
        "serve_processor_median_s": round(statistics.median(processor), 2),
        "first_build_s": round(first_build_s, 1),
        "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


if __name__ == "__main__":
    print(json.dumps(bench_serve(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=1))
