"""Draw what the display shows: terminal text and a PNG (OpenCV), from chip registers.

>>> from firmware_bridge.firmware import segments
>>> read_text(segments.render("12,500", 8))
'   12.500'
>>> print(ascii_art(segments.render("1,5", 3)))
         _
      | |_
      |. _|
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from firmware_bridge.firmware import segments

A, B, C, D, E, F, G, DP = 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01, 0x80

# One readable character per pattern (first spelling wins: digits, then upper case).
_READ: dict[int, str] = {}
for _ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZchinou -_=\"'?/[]*":
    _READ.setdefault(segments.FONT[_ch], _ch)


def read_text(patterns: bytes) -> str:
    """Read digit patterns back as text; '.' for a lit point, '~' for an unknown shape."""
    out = []
    for p in patterns:
        out.append(_READ.get(p & 0x7F, "~"))
        if p & DP:
            out.append(".")
    return "".join(out)


def ascii_art(patterns: bytes) -> str:
    """Three text rows of classic 7-segment art."""
    rows = ["", "", ""]
    for p in patterns:
        # Four columns per digit: three for the segments, one for the point.
        rows[0] += " " + ("_" if p & A else " ") + "  "
        rows[1] += ("|" if p & F else " ") + ("_" if p & G else " ") + ("|" if p & B else " ") + " "
        rows[2] += ("|" if p & E else " ") + ("_" if p & D else " ") + ("|" if p & C else " ")
        rows[2] += "." if p & DP else " "
    return "\n".join(r.rstrip() for r in rows)


def text_view(
    modules: Sequence[bytes], labels: Sequence[str], lamps: Sequence[tuple[int, int, int]]
) -> str:
    """One line per module: label, the text it reads, and its seat's lamps."""
    lines = []
    for index, (patterns, label) in enumerate(zip(modules, labels, strict=True)):
        line = f"{label:>7} [{read_text(patterns):>8}]"
        seat = index - 2
        if seat >= 0 and 2 * seat + 1 < len(lamps):
            line += (
                f"  lamp {_colour_name(lamps[2 * seat])} button {_colour_name(lamps[2 * seat + 1])}"
            )
        lines.append(line)
    return "\n".join(lines)


def _colour_name(rgb: tuple[int, int, int]) -> str:
    return "off" if not any(rgb) else "#{:02x}{:02x}{:02x}".format(*rgb)


# Segment polygons for a digit cell 40 x 64 px (x, y), drawn as thick lines.
_SEGMENT_LINES = {
    A: ((8, 6), (32, 6)),
    B: ((34, 8), (34, 30)),
    C: ((34, 34), (34, 56)),
    D: ((8, 58), (32, 58)),
    E: ((6, 34), (6, 56)),
    F: ((6, 8), (6, 30)),
    G: ((8, 32), (32, 32)),
}


def draw_png(
    path: Path | str,
    modules: Sequence[bytes],
    labels: Sequence[str],
    lamps: Sequence[tuple[int, int, int]] = (),
    levels: Sequence[int] = (),
) -> Path:
    """Render every module (red digits on black, brightness from intensity) and lamps."""
    cell_w, cell_h, label_w = 44, 70, 90
    width = label_w + 8 * cell_w + 80
    image = np.zeros((cell_h * len(modules) + 10, width, 3), np.uint8)
    for row, (patterns, label) in enumerate(zip(modules, labels, strict=True)):
        top = row * cell_h + 5
        level = levels[row] if row < len(levels) else 8
        red = 90 + int(165 * level / 15)
        cv2.putText(image, label, (6, top + 40), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (200, 200, 200), 1)
        for i, p in enumerate(patterns):
            x0 = label_w + i * cell_w
            for bit, (p1, p2) in _SEGMENT_LINES.items():
                colour = (0, 0, red) if p & bit else (20, 20, 35)
                cv2.line(image, (x0 + p1[0], top + p1[1]), (x0 + p2[0], top + p2[1]), colour, 5)
            if p & DP:
                cv2.circle(image, (x0 + 39, top + 60), 3, (0, 0, red), -1)
        seat = row - 2
        if seat >= 0 and 2 * seat + 1 < len(lamps):
            for k in range(2):
                r, g, b = lamps[2 * seat + k]
                centre = (label_w + 8 * cell_w + 20 + 30 * k, top + 32)
                # Lamps run dim (a dark room); scale up so the picture shows the hue.
                peak = max(r, g, b)
                shown = tuple(v * 255 // peak for v in (b, g, r)) if peak else (40, 40, 40)
                cv2.circle(image, centre, 10, shown, -1)
    out = Path(path)
    cv2.imwrite(str(out), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    return out
