"""A disk cache for the HTML the hooks compute from rules_py (the widgets, the probability tables).

An entry's key hashes everything its HTML depends on: rules_py's modules, the files
the caller names (its hook, its template) and the caller's own key (an entry of
``sections.yml``, a page's links). A change to any of them is a new key, so a
stale entry is never read; it is removed when its replacement is written. The
folder is per user (HTML read back into the site must come from nobody else),
writes are atomic (a parallel build never reads half a file), and a folder that
cannot be read or written only means computing again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

import rules_py

__all__ = ["CACHE_DIR", "cached_html", "sources_hash"]

CACHE_DIR = Path(tempfile.gettempdir()) / f"des-et-lames-build-{os.getuid() if hasattr(os, 'getuid') else 'u'}"
log = logging.getLogger("mkdocs.plugins.hooks.page.build_cache")  # MkDocs shows it; elsewhere, plain logging


def sources_hash(files: tuple[Path, ...]) -> str:
    """A hash of rules_py's modules and ``files`` (read again whenever one of them is touched:
    ``mkdocs serve`` rebuilds in the same process after an edit)."""
    stamp = []
    for name in (*_rules_modules(), *map(str, files)):
        status = os.stat(name)
        stamp.append((name, status.st_mtime_ns, status.st_size))
    return _contents_hash(tuple(stamp))


@lru_cache(maxsize=1)
def _rules_modules() -> tuple[str, ...]:
    """rules_py's modules, listed once per build (every widget and table asks: ~50 walks of the
    package); ``mkdocs serve`` empties the hooks' caches before each rebuild (hooks/serve/reload.py)."""
    return tuple(str(path) for path in sorted(Path(rules_py.__file__).parent.rglob("*.py")))


@lru_cache(maxsize=32)
def _contents_hash(stamp: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for name, _, _ in stamp:
        path = Path(name)
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cached_html(kind: str, key: object, depends: Iterable[Path], compute: Callable[[], str]) -> str:
    """``compute()``, or the HTML it gave last time for the same ``key`` and sources."""
    digest = hashlib.sha256(json.dumps([sources_hash(tuple(depends)), key], sort_keys=True).encode()).hexdigest()
    path = CACHE_DIR / f"{kind}~{digest[:32]}.html"  # "~": no kind is another's prefix
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        pass  # not computed yet (or the folder is not readable): compute it
    html = compute()
    try:
        CACHE_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(html, encoding="utf-8")
        os.replace(partial, path)
        for name in os.listdir(CACHE_DIR):  # the other entries of this kind (a glob compiled a pattern each time)
            if name.startswith(f"{kind}~") and name.endswith(".html") and name != path.name:
                (CACHE_DIR / name).unlink(missing_ok=True)
    except OSError as err:
        log.debug("cache non écrit (%s)", err)
    return html
