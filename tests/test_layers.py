"""rules_py's modules import each other downwards: one way through the JSON door (issue 37).

The door (``rules_py/api.py``) reads a request and hands it once to the layer that serves it: the
sheets' layer (``rules_py/sheets/ops.py``) for a request with sheets, the rollers' machinery
(``rules_py/rolling.py``) for any other; the sheets' layer calls the machinery below it, never the
door above it. So no module imports ``rules_py.api`` but the entry points (the package's
``__init__``, and the command line: ``__main__`` and ``cli/``), and no import cycle exists among
rules_py's modules, counting the imports inside functions (a cycle kept apart by one of those is a
cycle all the same). Read from the sources' syntax trees: nothing is imported to check it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rules_py"
#: The entry points that may import the door: the package's own names, and the command line.
ENTRY_POINTS = {"rules_py", "rules_py.__main__"}


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _resolved(importer: str, node: ast.ImportFrom) -> str:
    """The absolute module of a ``from … import`` (``from ..api import call`` in rules_py.sheets.ops: rules_py.api)."""
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    if not _is_package(importer):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str) -> set[str]:
    """The rules_py modules ``name`` imports anywhere in its source, functions included."""
    out = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = _resolved(name, node)
            # « from .sheets import ops »: the module rules_py.sheets.ops; « from .sheets import load_game »: the package
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module for a in node.names]
        else:
            continue
        out |= {t for t in targets if t in MODULES and t != name}
    return out


GRAPH = {name: imports_of(name) for name in MODULES}


def test_the_graph_is_read_from_every_module_and_sees_imports_inside_functions():
    assert len(MODULES) > 50 and "rules_py.rolling" in MODULES
    assert "rules_py.rolling" in GRAPH["rules_py.api"]
    assert "rules_py.sheets.ops" in GRAPH["rules_py.api"]  # imported inside _dispatch, only for a request with sheets
    assert "rules_py.sheets.changes" in GRAPH["rules_py.solaires.sheet"]


def test_only_the_entry_points_import_the_door():
    importers = sorted(
        name
        for name, targets in GRAPH.items()
        if "rules_py.api" in targets and name not in ENTRY_POINTS and not name.startswith("rules_py.cli")
    )
    assert importers == [], f"rules_py.api est importé par {importers} : ils doivent appeler rules_py.rolling"


def test_no_import_cycle_among_rules_py_modules():
    cycles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for target in sorted(GRAPH[name]):
            if state.get(target) == 1:
                cycles.append(path[path.index(target) :] + [target])
            elif target not in state:
                visit(target)
        path.pop()
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name)
    assert not cycles, "cycles d’import :\n" + "\n".join(" → ".join(c) for c in cycles)


def test_a_cycle_would_be_seen():
    """The checks above can fail: the old circle (api → sheets.ops → api, inside a function) is one."""
    graph = {**GRAPH, "rules_py.sheets.ops": GRAPH["rules_py.sheets.ops"] | {"rules_py.api"}}
    assert "rules_py.api" in graph["rules_py.sheets.ops"] and "rules_py.sheets.ops" in graph["rules_py.api"]
    source = "def f():\n    from ..api import act\n"
    tree = ast.parse(source)
    (node,) = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert _resolved("rules_py.simon.sheet_writeback", node) == "rules_py.api"
