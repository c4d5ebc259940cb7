"""The command line's files: a state or a sheet read from a file, and a file written whole or not at all.

:func:`write_json` writes atomically: a temporary file in the same folder,
flushed to the disk, then put in place with :func:`os.replace`, so a crash
or a full disk never leaves a half-written sheet (the old one stays whole).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from typing import Any

__all__ = ["UsageError", "read_json", "read_state", "write_json"]


class UsageError(Exception):
    """A bad command line, told in one French sentence (exit 2)."""


def read_json(where: str, option: str, what: str = "un JSON") -> Any:
    """The JSON of file ``where`` (``-``: standard input), or a French sentence naming the option."""
    try:
        if where == "-":
            text = sys.stdin.read()
        else:
            with open(where, encoding="utf-8") as handle:
                text = handle.read()
        return json.loads(text)
    except (OSError, ValueError, RecursionError):
        raise UsageError(f"{option} : impossible de lire {what} dans « {where} ».") from None


def read_state(where: str) -> Any:
    data = read_json(where, "État (--state)")
    # accept a whole previous answer ({"ok":…, "result": {"etat": …}}) or a result or a bare state
    if isinstance(data, dict) and isinstance(data.get("result"), dict):
        data = data["result"]
    if isinstance(data, dict) and isinstance(data.get("etat"), dict):
        data = data["etat"]
    return data


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_json(path: str, data: Any, option: str) -> None:
    """``data`` as JSON into ``path``, atomically: the whole new file, or the old one untouched."""
    folder = os.path.dirname(os.path.abspath(path))
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    temporary = None
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=folder, prefix=".", suffix=".tmp", delete=False
        ) as handle:
            temporary = handle.name
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as err:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        raise UsageError(f"{option} : impossible d’écrire « {path} » ({err.strerror}).") from None
