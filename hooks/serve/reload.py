"""While serving, hooks/ and rules_py/ edits rebuild the site, which runs the current rules_py.

``mkdocs serve`` watches ``docs/`` and ``mkdocs.yml``; this hook adds ``hooks/`` and
rules_py's folder (``on_serve``; not in mkdocs.yml's ``watch:``, which would make
every build of a copy without them fail). It imports the hooks and rules_py once per
process; the hooks re-read their data files (templates, static files, ``sections.yml``)
on each build. Before each rebuild, this hook imports rules_py afresh (the hooks'
``rules_py`` module objects are updated in place, so they call the new code) and
empties the ``functools`` caches of the ``hooks`` package (the Markdown extension, the
site step: what they computed with the old code).

Editing a hook's own Python still needs a restart of ``mkdocs serve``.
Does nothing on ``mkdocs build``.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

_state = {"serving": False, "builds": 0}


# ----------------------------------------------------------------------
# The events
# ----------------------------------------------------------------------


def on_startup(command: str, dirty: bool) -> None:
    _state["serving"] = command == "serve"


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    spec = importlib.util.find_spec("rules_py")
    root = Path(__file__).resolve().parents[2]
    folders = [root / "hooks", root / "frontend"]
    if spec is not None and spec.origin is not None:
        folders.append(Path(spec.origin).parent)
    for folder in folders:
        server.watch(str(folder))
    return server


def on_pre_build(config: Any) -> None:
    if not _state["serving"]:
        return
    _state["builds"] += 1
    if _state["builds"] == 1:
        return  # the first build runs what was just imported
    reload_package("rules_py")
    for name, module in list(sys.modules.items()):  # the extension and the site step (package hooks), the hooks
        if name == "hooks" or name.startswith("hooks.") or module in (config.get("hooks") or {}).values():
            clear_caches(module)


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------


def reload_package(package: str) -> None:
    """Import ``package`` and its loaded submodules afresh, updating the old module objects."""
    old = {
        name: module
        for name, module in sys.modules.items()
        if (name == package or name.startswith(package + ".")) and not name.endswith(".__main__")
    }
    for name in old:
        del sys.modules[name]
    for name, module in sorted(old.items()):
        try:
            fresh = importlib.import_module(name)
        except ModuleNotFoundError:
            continue  # the module was removed: keep the old object for whoever holds it
        module.__dict__.update(fresh.__dict__)


def clear_caches(module: ModuleType) -> None:
    for value in list(vars(module).values()):
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()
