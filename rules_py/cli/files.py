"""The command line's files: a state or a sheet read from a file, and the files of one command written whole.

:func:`read_json` reads at most :data:`~rules_py.json_text.MAX_TEXT` bytes (``/dev/zero`` is refused, not
read to the end of the memory), as UTF-8, through the one JSON reader of the package
(:func:`rules_py.json_text.loads`: its depth, a key given twice refused naming it).

:func:`write_all` writes every file of one command, all or none, as a database would at this scale:
every target checked writable and every new content written to a temporary file beside it and
flushed to the disk first; then each put in place with :func:`os.replace`; if one of those fails
after others, the others get their previous content back. A crash leaves each file whole (the old
one or the new one); a temporary file a killed run left (``.perseus.json.1a2b3c4d.tmp``) is removed
by the next write to that file, once it is a minute old (a run that is still writing keeps its own).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import sys
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..errors import RulesError
from ..json_text import MAX_TEXT, loads, refuse_repeated

__all__ = ["UsageError", "Write", "read_json", "read_state", "write_all", "write_json"]

#: A temporary file older than this (seconds) beside a file being written is a killed run's: removed.
LEFTOVER_AGE = 60


class UsageError(Exception):
    """A bad command line, told in one French sentence (exit 2)."""


_OS_WORDS = {
    getattr(errno, name): words
    for name, words in (
        ("ENOENT", "fichier ou dossier introuvable"),
        ("EACCES", "accès refusé"),
        ("EPERM", "accès refusé"),
        ("EISDIR", "c’est un dossier"),
        ("ENOTDIR", "un élément du chemin n’est pas un dossier"),
        ("ENOSPC", "disque plein"),
        ("EROFS", "système de fichiers en lecture seule"),
        ("EDQUOT", "quota du disque dépassé"),
        ("ENAMETOOLONG", "nom trop long"),
    )
    if hasattr(errno, name)
}


def os_words(err: OSError) -> str:
    """An error of the system, in French (its English words only for a rare one, after « erreur du système »)."""
    words = _OS_WORDS.get(err.errno or 0)
    return words if words else f"erreur du système : {err.strerror or err}"


def read_json(where: str, option: str, what: str = "un état JSON est attendu") -> Any:
    """The JSON of file ``where`` (``-``: standard input), or a French sentence naming the option and the file
    (``what``: what an unreadable file should have been, « une fiche JSON est attendue »)."""
    label = f"{option}, fichier « {where} »" if where != "-" else f"{option}, entrée standard"
    try:
        if where == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a text stream only (a test's): its text, as UTF-8
            data = stream.read(MAX_TEXT + 1) if stream is not None else sys.stdin.read(MAX_TEXT + 1).encode()
        else:
            with open(where, "rb") as handle:
                data = handle.read(MAX_TEXT + 1)
    except OSError as err:
        raise UsageError(f"{option} : impossible de lire « {where} » ({os_words(err)}).") from None
    except MemoryError:
        raise UsageError(f"{label} : trop grand pour être lu.") from None
    if len(data) > MAX_TEXT:
        raise UsageError(f"{label} : au plus {MAX_TEXT // (1024 * 1024)} Mo de JSON, reçu davantage.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{label} : illisible, du texte en UTF-8 est attendu.") from None
    try:
        value = loads(text, label, "fichier", what)
        refuse_repeated(value, label)
    except RulesError as err:
        raise UsageError(str(err)) from None
    return value


def read_state(where: str) -> tuple[Any, Any]:
    """The state of file ``where`` and the revisions of the sheets it left (None when the file does not say).

    The file may be a whole previous answer (``{"ok":…, "result": {"etat": …}}``), a result or a bare state."""
    data = read_json(where, "État (--state)")
    if isinstance(data, dict) and isinstance(data.get("result"), dict):
        data = data["result"]
    revisions = None
    if isinstance(data, dict) and isinstance(data.get("etat"), dict):
        revisions = data.get("revisions")
        data = data["etat"]
    return data, revisions


class Write(NamedTuple):
    """One file of a command: where, what (JSON data), and the option that writes it (for the sentence)."""

    path: str
    data: Any
    option: str


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _leftovers(path: str) -> None:
    """Remove the temporary files a killed write to ``path`` left beside it (a minute old at least)."""
    folder, name = os.path.split(path)
    pattern = re.compile(rf"\.{re.escape(name)}\.[0-9a-f]{{8}}\.tmp")
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if pattern.fullmatch(entry.name) and time.time() - entry.stat().st_mtime > LEFTOVER_AGE:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _temporary(path: str, content: bytes) -> str:
    """``content`` written to a new temporary file beside ``path``, flushed to the disk; its name."""
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
    mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o666 & ~_umask()
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return temporary


def _sync_folder(folder: str) -> None:
    """The renames in ``folder`` flushed to the disk (where the system allows it)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _refused(write: Write, why: str, after: str = "rien n’a été écrit") -> UsageError:
    return UsageError(f"{write.option} : impossible d’écrire « {write.path} » ({why}) ; {after}.")


def write_all(writes: Sequence[Write]) -> None:
    """Every file of ``writes``, whole, or none of them (each keeps its previous content)."""
    items = [w._replace(path=os.path.realpath(w.path)) for w in writes]  # a link: the file it points to, kept a link
    shown = {os.path.realpath(w.path): w.path for w in writes}
    seen: set[str] = set()
    for w, given in zip(items, writes, strict=True):
        if w.path in seen:
            raise _refused(given, "ce fichier est déjà écrit par la même commande")
        seen.add(w.path)
    # 1. every target writable, its previous content kept (to put it back)
    previous: dict[str, bytes | None] = {}
    for w, given in zip(items, writes, strict=True):
        _leftovers(w.path)
        try:
            if os.path.isdir(w.path):
                raise _refused(given, "c’est un dossier")
            if os.path.exists(w.path):
                if not os.access(w.path, os.W_OK):
                    raise _refused(given, "fichier en lecture seule")
                with open(w.path, "rb") as handle:
                    previous[w.path] = handle.read()
            else:
                previous[w.path] = None
        except OSError as err:
            raise _refused(given, os_words(err)) from None
    # 2. every new content in a temporary file beside its target, on the disk
    temporaries: list[str] = []
    try:
        for w, given in zip(items, writes, strict=True):
            content = (json.dumps(w.data, ensure_ascii=False, indent=2) + "\n").encode("utf-8", "surrogatepass")
            try:
                temporaries.append(_temporary(w.path, content))
            except OSError as err:
                raise _refused(given, os_words(err)) from None
    except BaseException:
        for temporary in temporaries:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    # 3. each put in place; a failure puts back those already replaced
    done: list[Write] = []
    try:
        for w, temporary in zip(items, temporaries, strict=True):
            os.replace(temporary, w.path)
            done.append(w)
    except BaseException as err:
        for temporary in temporaries[len(done) :]:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        given = writes[len(done)]
        not_back = _put_back(done, previous)
        if not isinstance(err, OSError):
            raise
        if not_back:
            names = ", ".join(f"« {shown[p]} »" for p in not_back)
            verb = "n’a pas pu reprendre sa" if len(not_back) == 1 else "n’ont pas pu reprendre leur"
            after = f"les autres fichiers sont comme avant, sauf {names}, qui {verb} version d’avant"
            raise _refused(given, os_words(err), after) from None
        raise _refused(given, os_words(err)) from None
    for folder in {os.path.dirname(w.path) for w in items}:
        _sync_folder(folder)


def _put_back(done: Sequence[Write], previous: dict[str, bytes | None]) -> list[str]:
    """The files ``done`` given back their previous content (or removed, if new); those that could not be."""
    failed = []
    for w in reversed(done):
        before, temporary = previous[w.path], None
        try:
            if before is None:
                os.unlink(w.path)
            else:
                temporary = _temporary(w.path, before)
                os.replace(temporary, w.path)
        except OSError:
            failed.append(w.path)
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
    return failed


def write_json(path: str, data: Any, option: str) -> None:
    """``data`` as JSON into ``path``, atomically: the whole new file, or the old one untouched."""
    write_all([Write(path, data, option)])
