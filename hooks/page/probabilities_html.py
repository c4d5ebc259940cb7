"""Render one probability table (accessible HTML) and its SVG chart.

Pure functions of a :class:`Grid` (``rules_py/tables.py``: each game's ``tables.py`` makes them from
rules_py's exact odds, ``probabilities.py`` links their cells): a ``<table>`` with its caption and ``th scope``, every cell a link
to the roller that reproduces it, and a chart drawn in ``currentColor`` with
patterns, dash styles, markers and direct labels, so that it reads in light
and dark and never by colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from rules_py.tables import Cell, Grid

__all__ = ["Cell", "Grid", "percent", "render_chart", "render_grid", "signed"]

# ----------------------------------------------------------------------
# The table
# ----------------------------------------------------------------------


def render_grid(grid: Grid) -> str:
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in grid.columns)
    body = []
    for row_head, cells in grid.rows:
        tds = "".join(_cell(grid, cell) for cell in cells)
        body.append(f'<tr><th scope="row">{escape(row_head)}</th>{tds}</tr>')
    notes = "".join(f'<p class="dl-proba__note">{escape(n)}</p>' for n in grid.notes)
    chart = render_chart(grid)
    inside = (
        f'<p class="dl-proba__how">{escape(grid.how)}</p>'
        f'<div class="dl-proba__scroll" role="region" tabindex="0" aria-labelledby="{escape(grid.id)}-legende">'
        f'<table class="dl-proba__table"><caption id="{escape(grid.id)}-legende">{escape(grid.caption)}</caption>'
        f'<thead><tr><th scope="col">{escape(grid.corner)}</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>{notes}{chart}"
    )
    if grid.folded:
        # Its caption as the summary; the rest a fold: shown in place without JavaScript, made
        # when opened with it (frontend/form/fold.js), so that the page's DOM stays small.
        inside = (
            f'<details class="dl-proba__fold"><summary>{escape(grid.caption)}</summary>'
            f'<noscript class="dl-fold">{inside}</noscript></details>'
        )
    return (
        f'<section class="dl-proba" id="{escape(grid.id)}" data-search-exclude data-roller="{escape(grid.roller)}">'
        f"{inside}</section>"
    )


def _cell(grid: Grid, cell: Cell) -> str:
    text = signed(cell.value) if grid.kind == "signed" else percent(cell.value)
    exact = f"{cell.value.numerator}/{cell.value.denominator}"
    title = f"exactement {exact} : ouvrir le lanceur avec ces paramètres"
    return (
        f'<td data-exact="{exact}" data-answer="{escape(cell.answer)}">'
        f'<a href="{escape(cell.href)}" title="{escape(title)}">{escape(text)}</a></td>'
    )


def percent(p: Fraction) -> str:
    """French percentage, one decimal at most; the ends of the scale are never rounded to 0 or 100."""
    if p == 0:
        return "0\u00a0%"
    if p == 1:
        return "100\u00a0%"
    if p < Fraction(1, 1000):
        return "<\u00a00,1\u00a0%"
    if p > Fraction(999, 1000):
        return ">\u00a099,9\u00a0%"
    text = f"{float(p) * 100:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") + "\u00a0%"


def signed(x: Fraction) -> str:
    text = f"{abs(float(x)):.2f}".rstrip("0").rstrip(".").replace(".", ",")
    return "0" if x == 0 else ("+" if x > 0 else "\u2212") + text


# ----------------------------------------------------------------------
# The chart
# ----------------------------------------------------------------------


def render_chart(grid: Grid) -> str:
    if grid.chart == "bars":
        body, height = _bars(grid)
    else:
        body, height = _lines(grid)
    title = grid.chart_title or grid.caption
    return (
        f'<svg class="dl-proba__chart" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="{grid.id}-graphe">'
        f'<title id="{grid.id}-graphe">{escape(title)} (graphique ; les valeurs sont dans le tableau ci-dessus)</title>'
        f"{body}</svg>"
    )


def _lines(grid: Grid) -> tuple[str, int]:
    columns = grid.chart_columns if grid.chart_columns is not None else tuple(range(len(grid.columns)))
    xs = [label for label, _ in grid.rows]
    values = [[float(grid.rows[r][1][c].value) for r in range(len(xs))] for c in columns]
    if grid.kind == "signed":
        low = min(min(v) for v in values)
        high = max(max(v) for v in values)
        low, high = float(min(0, _floor(low))), float(max(0, _ceil(high)))
        ticks: Sequence[float] = [t for t in range(int(low), int(high) + 1)]

        def fmt(t: float) -> str:
            return signed(Fraction(t))
    else:
        low, high = 0.0, 1.0
        ticks = [0, 0.25, 0.5, 0.75, 1]

        def fmt(t: float) -> str:
            return f"{round(t * 100)}\u00a0%"

    left, top, right, bottom = 48, 12, WIDTH - 12, 200
    height = bottom + 38
    step = (right - left) / max(1, len(xs) - 1)

    def x_at(i: int) -> float:
        return left + i * step

    def y_at(v: float) -> float:
        return bottom - (v - low) / ((high - low) or 1) * (bottom - top)

    out = []
    for t in ticks:
        y = y_at(t)
        out.append(
            f'<line class="dl-proba__grid" x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="dl-proba__tick" x="{left - 4}" y="{y + 3:.1f}" text-anchor="end">{escape(fmt(t))}</text>'
        )
    every = max(1, (len(xs) + 9) // 10)
    for i, label in enumerate(xs):
        if i % every == 0 or i == len(xs) - 1:
            out.append(
                f'<text class="dl-proba__tick" x="{x_at(i):.1f}" y="{bottom + 15}" text-anchor="middle">{escape(_short(label))}</text>'
            )
    out.append(
        f'<text class="dl-proba__axis" x="{(left + right) / 2:.1f}" y="{bottom + 33}" text-anchor="middle">{escape(grid.x_label or grid.corner)}</text>'
    )
    placed: list[tuple[float, float, float, float]] = []
    extra: list[int] = []
    for n, (c, series) in enumerate(zip(columns, values, strict=True)):
        points = " ".join(f"{x_at(i):.1f},{y_at(v):.1f}" for i, v in enumerate(series))
        dash = DASHES[n % len(DASHES)]
        out.append(
            f'<polyline class="dl-proba__line" points="{points}"{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}/>'
        )
        for i, v in enumerate(series):
            out.append(_marker(n, x_at(i), y_at(v)))
        # the direct label sits where the line is nearest the middle of the scale, clear of the other labels
        text = f"{_marker_symbol(n)} {grid.columns[c]}"
        width = 6.0 * len(text) + 4
        middle = (low + high) / 2
        spot: tuple[float, float, str, tuple[float, float, float, float] | None] | None = None
        for i in sorted(range(len(series)), key=lambda i: abs(series[i] - middle)):
            x, y = x_at(i), y_at(series[i])
            for anchor in ("end", "start"):
                x0 = x - 5 - width if anchor == "end" else x + 5
                box = (x0, y - 18, x0 + width, y - 3)
                if box[0] < 2 or box[2] > WIDTH - 2 or box[1] < 0:
                    continue
                if all(box[2] < b[0] or box[0] > b[2] or box[3] < b[1] or box[1] > b[3] for b in placed):
                    spot = (x0 if anchor == "start" else x0 + width, y - 6, anchor, box)
                    break
            if spot:
                break
        if spot is None:  # crowded: stack it under the chart
            spot = (left, height + 8 + 14 * len(extra), "start", None)
            extra.append(1)
        lx, ly, anchor, spot_box = spot
        if spot_box:
            placed.append(spot_box)
        out.append(
            f'<text class="dl-proba__label" x="{lx:.1f}" y="{ly:.1f}" text-anchor="{anchor}">{escape(text)}</text>'
        )
    height += 14 * len(extra) + (4 if extra else 0)
    return "".join(out), height


def _bars(grid: Grid) -> tuple[str, int]:
    columns = grid.chart_columns if grid.chart_columns is not None else tuple(range(len(grid.columns)))
    left, right, bar, gap = 60, WIDTH - 8, 16, 5
    defs = "".join(_pattern(grid.id, n) for n in range(len(columns)))
    out = [f"<defs>{defs}</defs>"]
    y = 6
    for label, cells in grid.rows:
        x = float(left)
        out.append(
            f'<text class="dl-proba__tick" x="{left - 4}" y="{y + bar - 3}" text-anchor="end">{escape(_short(label))}</text>'
        )
        for n, c in enumerate(columns):
            w = float(cells[c].value) * (right - left)
            if w > 0:
                out.append(
                    f'<rect class="dl-proba__seg" x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" fill="url(#{grid.id}-motif-{n})"/>'
                )
            x += w
        y += bar + gap
    y += 6
    for n, c in enumerate(columns):  # the legend: each pattern with its outcome's name
        out.append(
            f'<rect class="dl-proba__seg" x="{left}" y="{y}" width="22" height="12" fill="url(#{grid.id}-motif-{n})"/>'
            f'<text class="dl-proba__label" x="{left + 28}" y="{y + 10}">{escape(grid.columns[c])}</text>'
        )
        y += 19
    return "".join(out), y + 4


def _pattern(prefix: str, n: int) -> str:
    kind = PATTERNS[n % len(PATTERNS)]
    inner = {
        "solid": '<rect width="6" height="6" fill="currentColor"/>',
        "hatch": '<rect width="6" height="6" fill="currentColor" fill-opacity="0.12"/><path d="M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke="currentColor" stroke-width="1.4"/>',
        "dots": '<rect width="6" height="6" fill="currentColor" fill-opacity="0.12"/><circle cx="3" cy="3" r="1.3" fill="currentColor"/>',
        "cross": '<rect width="6" height="6" fill="currentColor" fill-opacity="0.12"/><path d="M0 3H6M3 0V6" stroke="currentColor" stroke-width="1"/>',
        "empty": '<rect width="6" height="6" fill="currentColor" fill-opacity="0.05"/>',
    }[kind]
    return f'<pattern id="{prefix}-motif-{n}" width="6" height="6" patternUnits="userSpaceOnUse">{inner}</pattern>'


def _marker(n: int, x: float, y: float) -> str:
    shape = MARKERS[n % len(MARKERS)]
    if shape == "circle":
        return f'<circle class="dl-proba__dot" cx="{x:.1f}" cy="{y:.1f}" r="2.6"/>'
    if shape == "square":
        return f'<rect class="dl-proba__dot" x="{x - 2.4:.1f}" y="{y - 2.4:.1f}" width="4.8" height="4.8"/>'
    if shape == "triangle":
        return f'<path class="dl-proba__dot" d="M{x:.1f} {y - 3.2:.1f}l3 5.4h-6z"/>'
    if shape == "diamond":
        return f'<path class="dl-proba__dot" d="M{x:.1f} {y - 3.2:.1f}l3.2 3.2-3.2 3.2-3.2-3.2z"/>'
    return f'<circle class="dl-proba__dot dl-proba__dot--open" cx="{x:.1f}" cy="{y:.1f}" r="2.6"/>'


def _marker_symbol(n: int) -> str:
    return {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "ring": "○"}[MARKERS[n % len(MARKERS)]]


def _short(label: str) -> str:
    return label if len(label) <= 10 else label[:9] + "…"


def _floor(x: float) -> int:
    return int(x) - (1 if x < int(x) else 0)


def _ceil(x: float) -> int:
    return -_floor(-x)


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

WIDTH = 340
DASHES: Sequence[str] = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
MARKERS: Sequence[str] = ("circle", "square", "triangle", "diamond", "ring")
PATTERNS: Sequence[str] = ("solid", "hatch", "dots", "cross", "empty")
