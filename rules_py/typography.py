"""French typography for the texts the reader sees: the right space before « ; ? ! : ».

- U+202F (narrow no-break space) before « ; », « ? » and « ! »;
- U+00A0 (no-break space) before « : », after « « » and before « » ».

Only spaces change: a plain space (or a run of spaces) at those places becomes
the right one, and a missing one is added when the mark closes a word
(``Note:`` → ``Note :``, ``«mot»`` → ``« mot »``). Marks inside a word are
left alone, so URLs (``https://``, ``?x=1``), times (``10:30``), ratios and
identifiers (``a::b``) are unchanged. Idempotent: ``fr(fr(t)) == fr(t)``.

:func:`fr` works on one string; :func:`fr_chunks` on a run of strings read as
one text (the text nodes of one HTML paragraph, split by inline tags), so that
a space is put in the chunk where it belongs. :func:`widget_text` is the rule of
the rollers' widgets, at build and in the browser (``frontend/browser/dom.js``
``fr`` is its copy in JavaScript, checked against it under Node by
``tests/test_typography.py``).

Pure standard library (it runs in Pyodide with the rest of the engine).
"""

from __future__ import annotations

import re

__all__ = ["NBSP", "NNBSP", "MINUS", "fr", "fr_chunks", "minus", "reader", "widget_text"]

NBSP = "\u00a0"
NNBSP = "\u202f"
MINUS = "\u2212"

# a hyphen-minus that is a minus: before a digit, not inside a word, a date, a card (7-dagues), an option
# (--dice) or a name=value to type (difficulte=-2)
_MINUS_SIGN = re.compile(r"(?<![\w\-\u2212=/.,:])-(?=\d)")
# ... or a subtraction between two numbers (« 5 - 3 », « 3 - (2 + 2) »)
_SUBTRACTION = re.compile(r"(?<=[\d)] )-(?= [\d(])")
# a value given back as data (an exact fraction « -5/4 »): not prose
_NUMBER = re.compile(r"[+-]?\d+(/\d+)?")

# spaces that may stand where French typography wants a no-break space
_SPACE = " \t\n\r\u00a0\u202f\u2009\u2007\u2008\u200a"
_SPACES = f"[{_SPACE}]+"

# a mark closes a word when what follows it is the end, a space or more punctuation
_AFTER_MARK = rf"(?=$|[{_SPACE}.,;!?…)\]»’'\"])"
# ... and when what comes before it may end a word
_WORD_END = r"[^\W_]|[)\]»…’'\"%°]"

_RULES = (
    # spaces before ; ? !  (a run of them, or none after a word's end)
    (re.compile(rf"{_SPACES}(?=[;?!]{_AFTER_MARK})|(?<={_WORD_END})(?=[;?!]{_AFTER_MARK})"), NNBSP),
    # before :  — never inside a word: 10:30, https://, a::b are left alone
    (re.compile(rf"{_SPACES}(?=:{_AFTER_MARK})|(?<={_WORD_END})(?=:{_AFTER_MARK})"), NBSP),
    # after «
    (re.compile(rf"(?<=«){_SPACES}|(?<=«)(?=[^{_SPACE}])"), NBSP),
    # before »
    (re.compile(rf"{_SPACES}(?=»)|(?<=[^{_SPACE}«])(?=»)"), NBSP),
)


def _edits(text: str) -> list[tuple[int, int, str]]:
    """Where spaces go: sorted, non-overlapping (start, end, space) replacements."""
    edits: dict[int, tuple[int, str]] = {}
    for pattern, space in _RULES:
        for m in pattern.finditer(text):
            start, end = m.span()
            # a space run already claimed (e.g. « : » right after « « ») keeps its first rule
            if start not in edits:
                edits[start] = (end, space)
    out: list[tuple[int, int, str]] = []
    last = -1
    for start in sorted(edits):
        end, space = edits[start]
        if start < last:
            continue
        out.append((start, end, space))
        last = end
    return out


def fr(text: str) -> str:
    """``text`` with French spaces before « ; ? ! : » and inside « » (idempotent)."""
    if not isinstance(text, str) or not any(c in text for c in ";?!:«»"):
        return text
    parts = []
    pos = 0
    for start, end, space in _edits(text):
        parts.append(text[pos:start])
        parts.append(space)
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


# « le camp a l’emporte » reads as the verb avoir: a side's name is a capital
_SIDE = re.compile(r"\b([Cc]amps?) ([ab])\b")


def widget_text(text: str) -> str:
    """A text a roller's widget shows (a label, a choice, a hint, an outcome): :func:`fr`'s spaces, and a
    side named by its capital (« le camp A »). Idempotent."""
    text = fr(text)
    return _SIDE.sub(lambda m: f"{m[1]} {m[2].upper()}", text) if "amp" in text else text


def minus(text: str) -> str:
    """``text`` with the minus sign « − » (U+2212) where a hyphen-minus stands for one (« −2 », « 5 − 3 »);
    a number given as data (« -5/4 ») is left as it is. Idempotent."""
    if not isinstance(text, str) or "-" not in text or _NUMBER.fullmatch(text):
        return text
    return _SUBTRACTION.sub(MINUS, _MINUS_SIGN.sub(MINUS, text))


def reader(text: str) -> str:
    """A text the reader sees, set whole: :func:`minus`, then :func:`fr`'s spaces."""
    return fr(minus(text))


def fr_chunks(chunks: list[str]) -> list[str]:
    """:func:`fr` over the chunks read as one text; each space lands in its own chunk.

    A space added at a chunk boundary goes at the start of the following chunk;
    a run of spaces over a boundary is kept in the chunk where it ends (next to
    the mark) and removed from the others.
    """
    text = "".join(chunks)
    if not any(c in text for c in ";?!:«»"):
        return list(chunks)
    bounds = []  # (start, end) of each chunk in text
    pos = 0
    for chunk in chunks:
        bounds.append((pos, pos + len(chunk)))
        pos += len(chunk)
    # per chunk: list of (local_start, local_end, replacement)
    per_chunk: list[list[tuple[int, int, str]]] = [[] for _ in chunks]
    for start, end, space in _edits(text):
        if start == end:  # an insertion: in the chunk that holds the next character
            i = _chunk_at(bounds, start)
            per_chunk[i].append((start - bounds[i][0], start - bounds[i][0], space))
            continue
        last = _chunk_at(bounds, end - 1)
        for i in range(_chunk_at(bounds, start), last + 1):
            c0, c1 = bounds[i]
            s, e = max(start, c0), min(end, c1)
            if s < e:
                per_chunk[i].append((s - c0, e - c0, space if i == last else ""))
    out = []
    for chunk, edits in zip(chunks, per_chunk, strict=True):
        if not edits:
            out.append(chunk)
            continue
        parts, pos = [], 0
        for s, e, rep in edits:
            parts.append(chunk[pos:s])
            parts.append(rep)
            pos = e
        parts.append(chunk[pos:])
        out.append("".join(parts))
    return out


def _chunk_at(bounds: list[tuple[int, int]], index: int) -> int:
    """The chunk holding character ``index`` (so an insertion at a boundary goes to the next non-empty chunk)."""
    for i, (c0, c1) in enumerate(bounds):
        if c0 <= index < c1:
            return i
    # past the end (an insertion at the very end): the last chunk
    return len(bounds) - 1
