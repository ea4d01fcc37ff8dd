"""A suit glyph's own shape as a witness against a misread: no suit has a hole, and
no rank has a suit's shape.

A heart, a diamond, a club and a spade are each printed solid, in every deck style
the project renders and in cards-dev's. A poker chip's denomination is not: the
"0"s of a 100 or a 500 lying on a card, read as an index, pair a "0" as the rank
with the "0" under it as the suit, and the glyph models, which know only indexes,
named such pairs 8s surely (see docs/vision.md, "Poker chips on the cards"). A
corner naming a card whose suit glyph encloses paper is no index. Nor is a "rank"
glyph shaped like its suit: a card's big pip over a smaller one (:func:`alike`).

>>> corner = np.full((190, 96, 3), 230, np.uint8)
>>> corner[20:60, 15:40] = 30  # a rank
>>> corner[68:92, 16:40] = 30  # a solid suit
>>> glyphs = find_index(corner)
>>> suit_hole(corner, glyphs)
0.0
>>> corner[74:86, 22:34] = 230  # ... a ring: a "0"
>>> round(suit_hole(corner, glyphs), 2), holed(corner)
(0.25, True)
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.corner import GLYPH, IndexGlyphs, find_index, ink_mask

HOLE = 0.04  # paper enclosed by the suit glyph, of the glyph with it: no suit (at most
# 0.009 in every style rendered, whole and 100 px wide; a chip's "0": 0.09 to 0.44)
HOLE_LEVELS = (0.55, 0.4)  # ink levels looked at: blur fills a small 0's hole at the first
# a "rank" glyph this alike in shape to its suit glyph (:func:`alike`) is a pip: every
# index of every style rendered (whole, 100 and 75 px wide) read as its own card is at
# most 0.70; a tango 8c's club pip over a smaller one, placed as an index, 0.93
PIPS_ALIKE = 0.85
SUIT_SIZE = 1.2  # a suit glyph is at most this tall, of its rank glyph's height: a taller
# "suit" is a face card's picture below a small card's index, where holes are drawn


def suit_hole(corner: np.ndarray, glyphs: IndexGlyphs) -> float | None:
    """The share of a canonical corner's suit glyph (``glyphs.suit_box``: its ink and
    the paper it encloses) that is enclosed paper, at the most telling of
    :data:`HOLE_LEVELS`; None when the suit glyph is no index's size (:data:`SUIT_SIZE`)."""
    x, y, w, h = glyphs.suit_box
    if h > SUIT_SIZE * glyphs.rank_box[3]:
        return None
    shares = []
    for level in HOLE_LEVELS:
        found = ink_mask(corner, level)
        if found is None:
            continue
        ink = np.ascontiguousarray(found[0][y:y + h, x:x + w], np.uint8)
        # paper reached from outside the glyph's box is not enclosed
        outside = cv2.copyMakeBorder(ink, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
        cv2.floodFill(outside, np.zeros((h + 4, w + 4), np.uint8), (0, 0), 1)
        enclosed = int((outside[1:-1, 1:-1] == 0).sum())
        shares.append(enclosed / max(int(ink.sum()) + enclosed, 1))
    return max(shares, default=None)


def holed(corner: np.ndarray) -> bool:
    """Is this corner's "suit" a glyph with a hole (:data:`HOLE`), so no index? The
    corner is parted into glyphs at each of :data:`HOLE_LEVELS`: at the usual level a
    chip's "00" may be one glyph (read as an 8) over its "1" (read as a spade), at a
    lower one "0" over "0"."""
    for level in HOLE_LEVELS:
        glyphs = find_index(corner, level)
        hole = None if glyphs is None else suit_hole(corner, glyphs)
        if hole is not None and hole > HOLE:
            return True
    return False


def alike(corner: np.ndarray, glyphs: IndexGlyphs, level: float) -> float:
    """How alike in shape are the rank and suit glyphs of a canonical corner, parted at
    ink ``level``: the overlap of their ink, each box scaled to the glyph models' square
    (:data:`vision.corner.GLYPH`; shared pixels over pixels of either). A rank is a
    letter or a digit, never a suit's shape; a big pip over a smaller one of the same
    suit is two pips (:data:`PIPS_ALIKE`).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 15:40] = 30; corner[26:54, 21:34] = 230  # an "0" for a rank
    >>> corner[68:92, 16:40] = 30  # a solid suit
    >>> round(alike(corner, find_index(corner), 0.55), 2)
    0.67
    >>> corner[26:54, 21:34] = 30  # ... the "rank" solid too: a pip over a pip
    >>> alike(corner, find_index(corner), 0.55)
    1.0
    """
    found = ink_mask(corner, level)
    if found is None:
        return 0.0
    ink = found[0] > 0
    (rx, ry, rw, rh), (sx, sy, sw, sh) = glyphs.rank_box, glyphs.suit_box
    return one_shape(ink[ry:ry + rh, rx:rx + rw], ink[sy:sy + sh, sx:sx + sw])


def one_shape(a: np.ndarray, b: np.ndarray, side: int = GLYPH) -> float:
    """How alike in shape two glyphs' ink masks are, each scaled to one square (``side``
    pixels; the glyph models' :data:`vision.corner.GLYPH`): shared pixels over pixels of
    either.

    >>> ring = np.ones((40, 30), bool); ring[6:34, 6:24] = False  # an "0"
    >>> one_shape(np.ones((40, 30), bool), np.ones((12, 9), bool))  # a block, a small one
    1.0
    >>> round(one_shape(ring, np.ones((12, 9), bool)), 2)
    0.61
    """
    sa, sb = (np.asarray(cv2.resize(m.astype(np.float32), (side, side),
                                    interpolation=cv2.INTER_AREA) > 0.5) for m in (a, b))
    return float((sa & sb).sum() / max(int((sa | sb).sum()), 1))


__all__ = ["HOLE", "PIPS_ALIKE", "alike", "holed", "one_shape", "suit_hole"]
