"""The mutation score of each module mutmut ran (bash tools/mutate.sh), and its survivors.

Reads ``mutmut results --all=true`` (one line per mutant: its name and its status) and prints, per module
and overall, the mutants killed (a test failed, or it timed out) over those tested, then each survivor's
name (``mutmut show NAME`` gives its diff). Modules given as arguments limit the table to them.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KILLED = {"killed", "timeout"}
UNTESTED = {"not checked", "skipped", "no tests"}


def main(modules: list[str]) -> None:
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "mutmut"), "results", "--all=true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    wanted = {m.removesuffix(".py").replace("/", ".") for m in modules}
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    for line in done.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if not name:
            continue
        module = name.split(".x_")[0].split(".xǁ")[0]
        if wanted and module not in wanted:
            continue
        counts[module][status] += 1
        if status == "survived":
            survivors.append(name)
    total: Counter[str] = Counter()
    print(f"{'module':32} {'killed':>7} {'tested':>7} {'score':>7}  other")
    for module in sorted(counts):
        c = counts[module]
        total.update(c)
        print(row(module, c))
    print(row("all", total))
    if survivors:
        print("\nsurvivors:")
        print("\n".join(f"  {s}" for s in survivors))


def row(name: str, c: Counter[str]) -> str:
    killed = sum(c[s] for s in KILLED)
    tested = sum(n for s, n in c.items() if s not in UNTESTED)
    score = f"{100 * killed / tested:.1f} %" if tested else "—"
    other = ", ".join(f"{s} {n}" for s, n in sorted(c.items()) if s not in KILLED | {"survived"})
    return f"{name:32} {killed:>7} {tested:>7} {score:>7}  {other}"


if __name__ == "__main__":
    main(sys.argv[1:])
