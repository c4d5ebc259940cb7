"""Draw the web app's icons (docs/assets/icons/*.png) with the standard library only.

A white six-sided die showing five pips on Material's deep purple (#673ab7).
``icon-192.png`` and ``icon-512.png`` are rounded squares on a transparent
ground ("any"); ``maskable-512.png`` fills the square and keeps the die inside
the central safe circle (radius 40 %), as maskable icons must. Run it once
after changing the drawing; the PNGs are committed.

    .venv/bin/python tools/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "docs" / "assets" / "icons"
PURPLE = (0x67, 0x3A, 0xB7)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 3  # supersampling per axis (antialiased edges)


def rounded_box(x: float, y: float, cx: float, cy: float, half: float, radius: float) -> bool:
    dx, dy = max(abs(x - cx) - (half - radius), 0.0), max(abs(y - cy) - (half - radius), 0.0)
    return dx * dx + dy * dy <= radius * radius


def colour_at(x: float, y: float, maskable: bool) -> tuple[tuple[int, int, int], float]:
    """Colour and opacity of the point (x, y) of the unit square."""
    if not maskable and not rounded_box(x, y, 0.5, 0.5, 0.5, 0.18):
        return PURPLE, 0.0
    scale = 0.62 if maskable else 0.78  # the die's side, as a share of the icon
    half = scale / 2
    if not rounded_box(x, y, 0.5, 0.5, half, half * 0.22):
        return PURPLE, 1.0
    pip = half * 0.17
    for px, py in ((0, 0), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        qx, qy = 0.5 + px * half * 0.5, 0.5 + py * half * 0.5
        if (x - qx) ** 2 + (y - qy) ** 2 <= pip * pip:
            return PURPLE, 1.0
    return WHITE, 1.0


def draw(size: int, maskable: bool) -> bytes:
    rows = []
    for j in range(size):
        row = bytearray(b"\x00")  # filter: none
        for i in range(size):
            r = g = b = a = 0.0
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    (cr, cg, cb), ca = colour_at(
                        (i + (si + 0.5) / SAMPLES) / size, (j + (sj + 0.5) / SAMPLES) / size, maskable
                    )
                    r, g, b, a = r + cr * ca, g + cg * ca, b + cb * ca, a + ca
            n = SAMPLES * SAMPLES
            row += bytes(
                (round(r / a) if a else 0, round(g / a) if a else 0, round(b / a) if a else 0, round(255 * a / n))
            )
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
    ):
        (OUT / name).write_bytes(draw(size, maskable))
        print(OUT / name)


if __name__ == "__main__":
    main()
