"""A photo with no colour in it: a webcam in its night (infrared) mode, a phone's
black-and-white filter, a scan.

The photo reader leans on colour twice. The suit's ink colour is a witness: a heart
read where the ink is black is no heart (:func:`vision.corner.ink_contradicts`). And
the corner network (:mod:`vision.photo_cnn`) is given the ink's redness, from which it
learned which suit colour an index has. In a photo without colour, red ink is grey:
the witness would veto every heart and diamond, and the network reads them as spades,
surely (rendered red corners of every deck style turned grey: 138 of 286 diamonds read
as spades at 0.8 or more). A grey photo of a Td was named Ts at 0.96.

So while such a photo is read (:func:`no_colour`), the ink's colour is unknown
(:func:`ink`), and the network reads ranks only: a corner's suit is the one its suit
glyph's shape names (vision.photo_card). A toned photo (a phone's sepia filter) has
colour but no red, which no test of the photo alone tells from a real photo's weak
red; its reading does: its red cards are refused for their ink (:func:`red_refusals`)
and none is named, and it is read again so.

>>> grey = np.full((120, 160, 3), 128, np.uint8)
>>> felt = np.full((120, 160, 3), (60, 110, 40), np.uint8)
>>> colourless(grey), colourless(felt)
(True, False)
>>> with no_colour(colourless(grey)):
...     in_colour()
False
>>> in_colour()
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import cv2
import numpy as np

from vision.corner import PHOTO_INK, Box, ink_colour
from vision.scoped import scoped, tally

# how far a pixel's colour channels stand apart (of 255), at the COLOURLESS_SHARE
# percentile of the photo's pixels, in a photo that has no colour. A grey photo saved
# as a colour JPEG decodes grey again (0); a colour photo keeps its camera's white
# balance, its lamp's tint and sensor noise: every cards-dev photo 21 or more, the
# rendered table photos 8 or more (a grey table with black cards on it)
COLOURLESS, COLOURLESS_SHARE = 3, 99.5
_STEP = 4  # every fourth pixel each way is plenty to judge a whole photo by

_COLOUR: ContextVar[bool] = ContextVar("photo_in_colour", default=True)


def colourless(img: np.ndarray) -> bool:
    """Has this BGR photo no colour in it: do its channels stand at most
    :data:`COLOURLESS` apart nearly everywhere?

    >>> img = np.full((100, 100, 3), 200, np.uint8)
    >>> img[40:60, 40:60] = (40, 40, 200)  # a red heart's ink
    >>> grey = np.repeat(img.min(axis=2, keepdims=True), 3, axis=2)  # the red ink dark
    >>> colourless(img), colourless(grey)
    (False, True)
    """
    # OpenCV's per-pixel max and min, and a count, not a sort: the shoe reader asks this
    # of a frame while it reads a corner (0.1 ms at 640 x 480; numpy's took 1.4)
    b, g, r = cv2.split(np.ascontiguousarray(img[::_STEP, ::_STEP]))
    chroma = cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r))
    return bool(np.count_nonzero(chroma <= COLOURLESS) >= COLOURLESS_SHARE / 100 * chroma.size)


@contextmanager
def no_colour(colourless_photo: bool = True) -> Iterator[None]:
    """Read ``colourless_photo`` without colour: inside this block :func:`in_colour`
    is False (when ``colourless_photo`` is)."""
    with scoped(_COLOUR, not colourless_photo):
        yield


def in_colour() -> bool:
    """Is the photo being read in colour (not inside :func:`no_colour`)?"""
    return _COLOUR.get()


_REFUSED: ContextVar[list[int] | None] = ContextVar("red_refused_for_ink", default=None)


@contextmanager
def red_refusals() -> Iterator[list[int]]:
    """Count, in the one-item list yielded, the red cards refused inside this block
    for their ink alone (:func:`refused_red`). A toned photo (a phone's sepia filter)
    has colour but no red: its red ink is as brown as its black ink, and every heart
    and diamond in it is refused so; :func:`vision.photo.read_photo` then reads it
    again without colour.

    >>> with red_refusals() as refused:
    ...     refused_red()
    ...     refused_red()
    >>> refused, _REFUSED.get() is None  # counted only inside the block
    ([2], True)
    """
    count = [0]
    with scoped(_REFUSED, count):
        yield count


def refused_red() -> None:
    """Count a red card refused for its ink alone (:func:`red_refusals`)."""
    tally(_REFUSED)


def ink(corner: np.ndarray, box: Box, level: float = 0.55) -> str:
    """:func:`vision.corner.ink_colour` of a photo's corner (:data:`PHOTO_INK`), or
    ``other`` (which contradicts no suit) in a photo without colour.

    >>> corner = np.full((140, 70, 3), 230, np.uint8)
    >>> corner[40:70, 10:40] = 90  # a heart's red ink, photographed in grey
    >>> ink(corner, (10, 40, 30, 30))
    'black'
    >>> with no_colour():
    ...     ink(corner, (10, 40, 30, 30))
    'other'
    """
    return ink_colour(corner, box, level, PHOTO_INK) if in_colour() else "other"


__all__ = ["COLOURLESS", "colourless", "in_colour", "ink", "no_colour", "red_refusals",
           "refused_red"]
