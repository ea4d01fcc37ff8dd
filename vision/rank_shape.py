"""A rank glyph's own shape as a witness against a misread: a 5 is no 3, a 3 no 5.

The glyph models and the corner network read an index by what they were trained on.
An unseen typeface's 5, blurred, or with its top bar cut off by an outline found a
little inside the card, reads to both of them as a 3: in rendered phone-like photos
the held-out four-colour deck's DejaVu Serif Bold 5s were named 3s, once surely (see
docs/vision.md, "Unseen decks at other seeds"). One thing keeps the two apart in every typeface: a
5's stem runs down its left side from its top bar to its bowl, while a 3 is open on
the left between its top arc and its waist. A card named 3 whose index has that stem,
or named 5 whose index has none, is not named.

>>> import cv2
>>> from controller.cards import Card
>>> from vision.corner import canonical_corner
>>> from vision.decks import STYLES, face_on, render_face
>>> def corner(card):
...     return canonical_corner(face_on(render_face(STYLES["four-colour"], Card(card))))
>>> five, three = left_stem(corner("5h")), left_stem(corner("3h"))
>>> five >= FIVE_STEM, three <= THREE_OPEN
(True, True)
>>> shape_contradicts(Card("3h"), (five, None)), shape_contradicts(Card("5h"), (five,))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from controller.cards import Card, Rank
from vision.corner import EDGE, find_index, ink_mask

STEM_ROWS = (0.2, 0.45)  # of the rank glyph's height: below a 5's top bar, above its bowl
STEM_WIDTH = 0.25  # of the rank glyph's width: its left side
FIVE_STEM = 0.85  # ink in this share of those rows: a stem, so no 3 (blurred, it narrows)
THREE_OPEN = 0.25  # ink in at most this share: open on the left, so no 5
MIN_HEIGHT = 12  # canonical pixels: a rank glyph too small to have rows to judge
WIDTH = (0.5, 0.95)  # of its height: a whole 3 or 5 is this wide (0.51 to 0.87 in every
# typeface trained on); a narrower or wider "glyph" is part of one (a blurred 3's heavy
# right half, its left side faded; a 5's bowl, its top bar parted from it)


def left_stem(corner: np.ndarray) -> float | None:
    """The share of the rank glyph's rows between :data:`STEM_ROWS` with ink along its
    left side (:data:`STEM_WIDTH`), in a canonical corner; None when there is no index
    or its rank glyph runs into the card's left edge (then its left side is the edge's),
    or is not shaped like a whole 3 or 5 (:data:`WIDTH`).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 15:40] = 30; corner[27:52, 22:40] = 230  # a glyph open on the right
    >>> corner[68:88, 16:36] = 30  # a suit
    >>> left_stem(corner)
    1.0
    >>> corner[20:60, 15:40] = 30; corner[27:52, 15:33] = 230  # ... open on the left
    >>> left_stem(corner)
    0.0
    """
    glyphs = find_index(corner)  # at the ink level the glyph models read first
    found = ink_mask(corner)
    if glyphs is None or found is None:
        return None
    x, y, w, h = glyphs.rank_box
    if x <= EDGE + 3 or h < MIN_HEIGHT or not WIDTH[0] * h <= w <= WIDTH[1] * h:
        return None
    top, bottom = (y + round(f * h) for f in STEM_ROWS)
    side = found[0][top:bottom, x:x + round(STEM_WIDTH * w)]  # (WIDTH: never empty)
    return float(side.any(axis=1).mean())


def shape_contradicts(card: Card, stems: Iterable[float | None]) -> bool:
    """Does a corner's rank glyph (its :func:`left_stem`; None, unmeasured) say the card
    is not ``card``: a 3 with a 5's stem, or a 5 open on the left like a 3?"""
    if card.rank is Rank.THREE:
        return any(s is not None and s >= FIVE_STEM for s in stems)
    if card.rank is Rank.FIVE:
        return any(s is not None and s <= THREE_OPEN for s in stems)
    return False  # (``stems`` may be lazy: other ranks never measure them)


__all__ = ["FIVE_STEM", "THREE_OPEN", "left_stem", "shape_contradicts"]
