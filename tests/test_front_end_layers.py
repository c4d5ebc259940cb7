"""The front end's rooms meet through their doors, downwards (issue 53), as rules_py's modules do (test_layers.py).

``frontend/`` is laid out in rooms, one folder each (``browser/``, ``engine/``, ``sheets/``,
``sheets/page/``…). Each room has one door, ``index.js``, which re-exports what the room offers and
does nothing else; a module imports a module of its own room directly, another room's only through
that room's door, and the root's ``config.js`` (the build's configuration) directly. ``main.js``
reaches the rooms through their doors; the inline ``<head>`` scripts (``head.js``, ``navigation.js``,
hooks/site_step/front_end.py ``HEAD_ENTRIES``) import the very modules they run, for a door would bring
its room's other modules, the runtime among them, into the page's ``<head>``. No two rooms import each
other, even through a third: what two rooms need goes down a floor (``browser/``, ``storage/``). Read
from the sources' text: each import and re-export is parsed, and a ``from`` the parser did not read fails.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRONT = ROOT / "frontend"
#: Files of their own, not modules of the rooms (the service worker; the engine's worker, one file).
ALONE = {"sw.js", "rollers-worker.js"}
#: Root modules a room may import directly: the build's configuration.
FLOOR = {"config.js"}
#: The inline <head> scripts: they import the modules they run, not the doors.
HEAD_ENTRIES = {"head.js", "navigation.js"}

_STATEMENT = re.compile(
    r"""^(?P<kind>import|export)\s*(?:\{(?P<names>[^}]*)\}\s*from\s*)?["'](?P<path>[^"']+)["']\s*;""", re.M
)
#: What names a module, however written: ``… from "x";``, ``import "x";`` (not ``import(…)``, a URL fetched later).
_FROM = re.compile(r"""\bfrom\s*["'][^"']+["']\s*;|^import\s*["']""", re.M)


def modules() -> list[str]:
    return sorted(p.relative_to(FRONT).as_posix() for p in FRONT.rglob("*.js") if p.name not in ALONE)


def room(module: str) -> str:
    """``sheets/page/form.js`` -> ``sheets/page``; a root module -> ``""``."""
    return module.rsplit("/", 1)[0] if "/" in module else ""


def statements(module: str) -> list[tuple[str, list[str], str]]:
    """Every import and re-export of ``module``: (``import`` | ``export``, names, the module it names)."""
    text = (FRONT / module).read_text(encoding="utf-8")
    found = [
        (m["kind"], [n.strip() for n in (m["names"] or "").split(",") if n.strip()], m["path"])
        for m in _STATEMENT.finditer(text)
    ]
    assert len(found) == len(_FROM.findall(text)), f"frontend/{module}: an import the test cannot read"
    out = []
    for kind, names, path in found:
        assert path.startswith("./") or path.startswith("../"), f"frontend/{module}: {path} is not relative"
        target = os.path.normpath(os.path.join(os.path.dirname(module), path)).replace(os.sep, "/")
        assert (FRONT / target).is_file(), f"frontend/{module}: {path} does not exist"
        out.append((kind, names, target))
    return out


def room_graph() -> dict[str, set[str]]:
    """Room -> the other rooms its modules import (root modules apart)."""
    graph: dict[str, set[str]] = {}
    for module in modules():
        if room(module):
            graph.setdefault(room(module), set())
            for _kind, _names, target in statements(module):
                if room(target) and room(target) != room(module):
                    graph[room(module)].add(room(target))
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (its rooms in order, the first again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt] if nxt in path else [node, nxt]
            if nxt not in state:
                found = visit(nxt, [*path, nxt])
                if found:
                    return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_every_room_has_one_door_that_only_re_exports_its_own_modules():
    rooms = {room(m) for m in modules()} - {""}
    assert {"browser", "engine", "storage", "sheets", "sheets/page", "table", "widget"} <= rooms
    for name in sorted(rooms):
        door = f"{name}/index.js"
        assert (FRONT / door).is_file(), f"frontend/{name}/ has no door (index.js)"
        code = re.sub(r"^\s*//.*$", "", (FRONT / door).read_text(encoding="utf-8"), flags=re.M)
        found = statements(door)
        assert found and all(kind == "export" and room(target) == name for kind, _, target in found), door
        assert len(re.findall(r"\bexport\b", code)) == len(found) and "import" not in code, door
        for _kind, names, target in found:
            text = (FRONT / target).read_text(encoding="utf-8")
            for one in names:
                assert re.search(rf"^export (?:async )?(?:function\*?|class|const|let) {one}\b", text, re.M), (
                    f"frontend/{door}: {target} exports no {one}"
                )


def test_rooms_meet_only_through_their_doors():
    for module in modules():
        for kind, _names, target in statements(module):
            if module.endswith("/index.js") or room(target) == room(module) and kind == "import":
                if room(module):
                    assert not target.endswith("index.js"), f"frontend/{module}: its own room's door"
                continue
            if not room(target):
                assert target in FLOOR, f"frontend/{module}: imports {target}, a root module only main.js runs"
            elif module in HEAD_ENTRIES:
                assert not target.endswith("/index.js"), f"frontend/{module}: a door in the <head>"
            else:
                assert target == f"{room(target)}/index.js", (
                    f"frontend/{module}: imports {target}: another room's module, not its door {room(target)}/index.js"
                )


def test_no_two_rooms_import_each_other():
    graph = room_graph()
    assert cycle(graph) is None, f"the rooms import each other: {' -> '.join(cycle(graph) or [])}"
    # the pairs that did (issue 53): what both need went down a floor
    assert "offline" not in graph["engine"] and "table" not in graph["sheets"] and "sheets/page" not in graph["table"]
    assert {"browser", "storage"} >= {r for r in graph["storage"] | graph["browser"]}
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_main_reaches_the_rooms_through_their_doors():
    targets = {target for _kind, _names, target in statements("main.js")}
    assert targets and all(t.endswith("/index.js") or t in FLOOR for t in targets), targets
    assert {"engine/index.js", "widget/index.js", "offline/index.js", "journal/index.js"} <= targets
