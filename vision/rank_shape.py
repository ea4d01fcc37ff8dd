"""A rank glyph's own shape as a witness against a misread: a 5 is no 3, a 3 no 5, a 4
no ace, and a glyph with no stem at its bottom left no king.

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
>>> shape_contradicts(Card("3h"), (corner("5h"),)), shape_contradicts(Card("5h"), (corner("5h"),))
(True, False)

An ace stands on two feet, and a king on its stem and its leg: the bottom rows of an A's
or a K's glyph have ink at its left side. A 4 stands on its stem alone, right of the
middle, and its bar, above, reaches its left side. In rendered photos of cards not
lying flat, a held-out deck's closed, bent 4 was named an ace by both glyph corners,
and small blurred four-colour 4s by the corner network; in an overexposed one, a
four-colour A whose thin left stroke had faded away was named a king by both glyph
corners (see docs/vision.md, "Aces and kings stand on a left foot (session 28)"). A
card named a king whose rank glyph has no stem at its bottom left, or an ace whose glyph
has a 4's stance, is not named; but only when every ink level of both corners says so, since a
faded or bent glyph takes another's shape at one level or another (a faded A, its
left stroke gone, stands like a 4 at one level, its feet and bar both faint).

>>> stances(corner("Ah"))[0], stances(corner("4h"))[0].fours()
(Stance(foot=0.0, bar=0.09), True)
>>> shape_contradicts(Card("Ah"), (corner("4h"),)), shape_contradicts(Card("Ah"), (corner("Ah"),))
(True, False)

Only the corners that read the card are judged: another corner's ink is another glyph.

>>> four_and_ace = (corner("4h"), corner("Ah"))
>>> shape_contradicts(Card("Ah"), four_and_ace), shape_contradicts(Card("Ah"), four_and_ace,
...                                                                 (True, False))
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from controller.cards import Card, Rank
from vision.corner import EDGE, READ_LEVELS, IndexGlyphs, find_index, ink_mask
from vision.photo_model import photo_reader

STEM_ROWS = (0.2, 0.45)  # of the rank glyph's height: below a 5's top bar, above its bowl
STEM_WIDTH = 0.25  # of the rank glyph's width: its left side
FIVE_STEM = 0.85  # ink in this share of those rows: a stem, so no 3 (blurred, it narrows)
THREE_OPEN = 0.25  # ink in at most this share: open on the left, so no 5
MIN_HEIGHT = 12  # canonical pixels: a rank glyph too small to have rows to judge
WIDTH = (0.5, 0.95)  # of its height: a whole 3 or 5 is this wide (0.51 to 0.87 in every
# typeface trained on); a narrower or wider "glyph" is part of one (a blurred 3's heavy
# right half, its left side faded; a 5's bowl, its top bar parted from it)
FOOT_ROWS = 0.12  # of the rank glyph's height: its bottom rows, an A's feet or a 4's stem
BAR_ROWS = (0.55, 0.85)  # of its height: the rows of a 4's bar (and an A's legs)
FOOTLESS = 0.15  # of its width: the bottom rows' ink starting this far right, no A's
# (its left foot is its leftmost ink: 0.0 in every deck style rendered, at most 0.03 in
# photos; a 4's stem starts at 0.3 of its width with a serif, past 0.45 without, 0.18
# blurred)
STEMLESS = 0.3  # ... this far right, no K's even leaning: a K's stem leans with the
# glyph (0.16 of its width at the bottom in a pile's slanted outline), a faded A's
# thick right leg starts at 0.45 to 0.6
BAR_LEFT = 0.25  # of its width: the bar rows' ink starting at most this far right, a 4's
# bar (0.0 to 0.05; an A's legs 0.04 to 0.14, but an A has feet; a faded A's thick right
# leg alone, 0.21 to 0.39)
FOOT_WIDTH = (0.5, 1.25)  # of its height: a whole A, K or 4 is this wide (0.61 to 1.19
# in every deck style rendered); a part of one, or one joined to other ink, is not
# judged (real photos: an ace's glyph parted at its crossbar, 0.39; joined to its suit,
# 1.32 and 1.42)
CLOSED_WIDTH = (0.4, 2.2)  # of its height: a whole 10 or 8, or a letter as wide (a "1"
# alone, parted from its "0", is narrower and says nothing)
OPEN = 0.2  # a counter this shallow (:func:`counter`) is none
PIECE = 0.05  # of the glyph's box: ink joined in a piece this big is a piece of a glyph
EIGHT_WIDTH = (0.4, 1.0)  # of its height: a whole 8 or B
CORNER_BOX = (0.1, 0.15)  # of its height and width: the glyph's top-left and bottom-left
SQUARE = 0.25  # ink in both corner boxes this much, at the median ink level of both
# corners: a stem's square corners, an upright B's or В's (0.17 to 0.75 at each level in
# rendered photos: blur rounds a corner at one level or another); an 8's round loops
# leave them near empty (a median of at most 0.15 in every deck style and typeface)
ANY_WIDTH = (0.15, 3.0)  # of its height: any rank glyph (a narrow "1", a wide "Kn")
GAP = (-0.05, 0.7)  # of the rank glyph's height: a lowercase letter beside it starts this
# far right of it (a Swedish "Kn" in photos: 0.21 to 0.58, its "K" thinned by a pale ink
# level)
X_HEIGHT = (0.45, 0.85)  # of its height: a lowercase letter's height, and its least width
# (an "n": 0.75 tall, 0.79 wide; a "0" parted from its "1" is as tall as the "1")
BASELINE = 0.12  # of its height: a letter beside it stands on its baseline
BAR_TOP = 0.15  # of a 7's height: its top rows, where its bar is
SEVEN_BAR = 0.5  # of its width: ink in those rows spanning less, at every ink level of
# every corner, is no 7's bar but a stroke's end (every deck style's 7 spans 1.0, in every
# installed typeface 0.8 or more; a ten's "1", leaning in an overexposed photo's outline
# that was not the card's, named a 7 surely: 0.36, and 0.45 once the four-colour deck
# printed pips; of 917 photo-degraded 7s of every deck and typeface, 5 span less)


class RankGlyph(NamedTuple):
    """A canonical corner's index as parted at one ink level: the corner's ink at that
    level and the glyphs found in it."""

    mask: np.ndarray
    glyphs: IndexGlyphs
    level: float

    @property
    def ink(self) -> np.ndarray:
        """The rank glyph's ink, cut to its box."""
        x, y, w, h = self.glyphs.rank_box
        return self.mask[y:y + h, x:x + w]


def _whole_rank(corner: np.ndarray, level: float, width: tuple[float, float]
                ) -> RankGlyph | None:
    """A canonical corner's rank glyph at ink ``level``; None when there is no index, or
    the glyph is too small to judge (:data:`MIN_HEIGHT`) or not ``width`` times as wide
    as it is tall (then it is part of a glyph, or one joined to other ink)."""
    glyphs = find_index(corner, level)
    found = ink_mask(corner, level)
    if glyphs is None or found is None:
        return None
    h, w = glyphs.rank_box[3], glyphs.rank_box[2]
    if h < MIN_HEIGHT or not width[0] * h <= w <= width[1] * h:
        return None
    return RankGlyph(found[0], glyphs, level)


def every_rank(corner: np.ndarray, width: tuple[float, float], read: Rank | None = None
               ) -> Iterable[RankGlyph]:
    """The rank glyph (:func:`_whole_rank`) at each ink level the glyph models read at
    (:data:`vision.corner.READ_LEVELS`) where it is ``width`` times as wide as it is tall
    and, given ``read``, where the glyph models read it as that rank: a level that parts
    the index otherwise (a pale index lost, a big pip taken for its rank glyph) measures
    another glyph than the one read."""
    for level in READ_LEVELS:
        rank = _whole_rank(corner, level, width)
        if rank is not None and (read is None or _read_as(rank.glyphs) is read):
            yield rank


def _grey(corner: np.ndarray, box: tuple[int, int, int, int], margin: int = 2) -> np.ndarray:
    x, y, w, h = box
    crop = corner[max(0, y - margin):y + h + margin, max(0, x - margin):x + w + margin]
    return cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop


def _read_as(glyphs: IndexGlyphs) -> Rank | None:
    card = photo_reader().read(glyphs).card
    return None if card is None else card.rank


def counter(grey: np.ndarray) -> float:
    """How deep the deepest patch of paper enclosed by ink lies in a glyph's grey image
    (its box and a little round it): 1.0 for a 0's counter of paper in a ring of full
    ink, less for a thin or pale ring blurred; 0.0 for a V, an H, a 7. A ring's pixels
    at a level are enclosed at that level however the threshold falls (a thin grey 10,
    blurred, keeps no hole at any ink level, but its counter stays lighter than its
    ring).

    >>> ring = np.full((12, 10), 250, np.uint8); ring[2:10, 2:8] = 30; ring[4:8, 4:6] = 200
    >>> counter(ring), counter(np.where(np.eye(12, 10, dtype=bool), 30, 250).astype(np.uint8))
    (0.77, 0.0)
    """
    ink = grey.max() - grey.astype(np.float32)
    ink /= max(float(ink.max()), 1.0)
    # fill each basin of paper up to the lowest ink round it: from the edge, inward
    filled = ink.copy()
    filled[1:-1, 1:-1] = 1.0
    kernel = np.ones((3, 3), np.uint8)
    while True:
        nxt = np.maximum(cv2.erode(filled, kernel), ink)
        if np.array_equal(nxt, filled):
            break
        filled = nxt
    return round(float((filled - ink).max()), 2)


def square_corners(ink: np.ndarray) -> float:
    """The share of ink in the emptier of a glyph's top-left and bottom-left corner boxes
    (:data:`CORNER_BOX`): a stem's square corners fill both, round loops neither.

    >>> b = np.zeros((20, 12), bool); b[:, :3] = True; b[[0, 9, 19], :10] = True
    >>> square_corners(b), square_corners(np.rot90(np.eye(20, 12, dtype=bool)).copy())
    (1.0, 0.0)
    """
    rows = max(1, round(CORNER_BOX[0] * len(ink)))
    cols = max(1, round(CORNER_BOX[1] * ink.shape[1]))
    return round(float(min(ink[:rows, :cols].mean(), ink[-rows:, :cols].mean())), 2)


def left_stem(corner: np.ndarray) -> float | None:
    """The share of the rank glyph's rows between :data:`STEM_ROWS` with ink along its
    left side (:data:`STEM_WIDTH`), in a canonical corner; None when there is no index
    or its rank glyph runs into the card's left edge (then its left side is the edge's),
    or is not shaped like a whole 3 or 5 (:data:`WIDTH`). It is judged at the ink level
    that parts the tallest glyph: a big pip beside the index darkens the corner's
    darkest ink, and at the level the models read first a blurred serif 5's thin top
    bar and stem fell away, leaving its bowl, open on the left like a 3.

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 15:40] = 30; corner[27:52, 22:40] = 230  # a glyph open on the right
    >>> corner[68:88, 16:36] = 30  # a suit
    >>> left_stem(corner)
    1.0
    >>> corner[20:60, 15:40] = 30; corner[27:52, 15:33] = 230  # ... open on the left
    >>> left_stem(corner)
    0.0
    """
    parted = [r for r in (_whole_rank(corner, level, WIDTH) for level in READ_LEVELS) if r]
    rank = max(parted, key=lambda r: r.glyphs.rank_box[3], default=None)  # first if tied
    if rank is None or rank.glyphs.rank_box[0] <= EDGE + 3:
        return None
    ink = rank.ink
    w = ink.shape[1]
    top, bottom = (round(f * len(ink)) for f in STEM_ROWS)
    side = ink[top:bottom, :round(STEM_WIDTH * w)]  # (WIDTH: never empty)
    return float(side.any(axis=1).mean())


@dataclass(frozen=True)
class Stance:
    """Where, as shares of a rank glyph's width from its left side, the ink of its
    bottom rows (:data:`FOOT_ROWS`) and of its bar rows (:data:`BAR_ROWS`) starts."""

    foot: float
    bar: float

    def stemless(self) -> bool:
        """No ink at the left of its bottom rows, however it leans: no K's stem."""
        return self.foot >= STEMLESS

    def fours(self) -> bool:
        """A 4's stance: its stem alone at the bottom, its bar reaching its left side."""
        return self.foot >= FOOTLESS and self.bar <= BAR_LEFT


def stances(corner: np.ndarray) -> list[Stance]:
    """The :class:`Stance` of a canonical corner's rank glyph at each ink level the
    glyph models read at (:data:`vision.corner.READ_LEVELS`) where it is shaped like a
    whole A, K or 4 (:data:`FOOT_WIDTH`).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 15:40] = 30; corner[28:60, 15:30] = 230  # a bar on a stem on the right
    >>> corner[68:88, 16:36] = 30  # a suit
    >>> stances(corner)[0]
    Stance(foot=0.6, bar=0.6)
    >>> corner[45:50, 15:30] = 30  # ... with a 4's bar
    >>> stances(corner)[0].fours()
    True
    >>> corner[20:60, 15:40] = 30; corner[28:60, 20:35] = 230  # ... on two legs
    >>> stances(corner)[0]
    Stance(foot=0.0, bar=0.0)
    """
    out = []
    for rank in every_rank(corner, FOOT_WIDTH):
        ink = rank.ink
        w = ink.shape[1]
        rows = max(2, round(FOOT_ROWS * len(ink)))
        foot, bar = (np.flatnonzero(band.any(axis=0)) for band in (
            ink[-rows:], ink[round(BAR_ROWS[0] * len(ink)):round(BAR_ROWS[1] * len(ink))]))
        if len(foot) and len(bar):
            out.append(Stance(round(float(foot[0]) / w, 2), round(float(bar[0]) / w, 2)))
    return out


def top_bar(ink: np.ndarray) -> float:
    """How much of a glyph's width the ink of its top rows (:data:`BAR_TOP`) spans, from
    its leftmost to its rightmost: a 7's bar spans it all, a leaning stroke's end little.

    >>> seven = np.zeros((20, 12), bool); seven[:3, :] = True; seven[3:, 5:8] = True
    >>> top_bar(seven), top_bar(np.eye(20, 12, dtype=bool)[:, ::-1].copy())
    (1.0, 0.25)
    """
    cols = np.flatnonzero(ink[:max(2, round(BAR_TOP * len(ink)))].any(axis=0))
    return round(float(cols[-1] - cols[0] + 1) / ink.shape[1], 2) if len(cols) else 0.0


def shape_contradicts(card: Card, corners: Iterable[np.ndarray],
                      reading: Sequence[bool] | None = None) -> bool:
    """Does a canonical corner's rank glyph say the card is not ``card``: a 3 with a 5's
    stem (:func:`left_stem`), a 5 open on the left like a 3; or do both corners' glyphs
    at every ink level say it (:func:`stances`): a king with no stem at its bottom left
    (:data:`STEMLESS`), an ace standing like a 4? Or, at most ink levels of both
    corners, an 8 with a stem's :func:`square_corners` (a B), where the glyph models
    read the glyph as an 8? Or, at every ink level of every corner where it is read as
    a 7, a 7 with no :func:`top_bar`? A glyph that cannot be measured says nothing. (A
    10 or an 8 with no counter: :func:`no_counter`.) ``reading``: which corners read
    the card (by the glyphs or the corner network); an ace's or a king's stance is
    judged on those only, since another corner's ink is another glyph: a bowed,
    blurred four-colour 4s, read as an ace by one corner's glyphs and network, stood
    like a 4 there at every ink level, but the ink of its other corner, read as no
    ace, stood otherwise, and the 4s was named As."""
    if card.rank is Rank.THREE:
        return any(s is not None and s >= FIVE_STEM for s in map(left_stem, corners))
    if card.rank is Rank.FIVE:
        return any(s is not None and s <= THREE_OPEN for s in map(left_stem, corners))
    if card.rank in (Rank.ACE, Rank.KING):
        judged = list(corners) if reading is None else [
            c for c, read in zip(corners, reading, strict=True) if read]
        seen = [stance for corner in judged for stance in stances(corner)]
        unlike = Stance.fours if card.rank is Rank.ACE else Stance.stemless
        return bool(seen) and all(map(unlike, seen))
    if card.rank is Rank.EIGHT:
        filled = [square_corners(rank.ink) for corner in corners
                  for rank in every_rank(corner, EIGHT_WIDTH, Rank.EIGHT)]
        return bool(filled) and float(np.median(filled)) >= SQUARE
    if card.rank is Rank.SEVEN:
        spans = [top_bar(rank.ink) for corner in corners
                 for rank in every_rank(corner, ANY_WIDTH, Rank.SEVEN)]
        return bool(spans) and max(spans) < SEVEN_BAR
    return False


def no_counter(card: Card, corners: Iterable[np.ndarray]) -> bool:
    """Is ``card`` a 10 or an 8 whose rank glyph, wherever the glyph models read it as
    that rank, is one piece of ink enclosing no :func:`counter`, at every ink level of
    every corner: a V, an H or a W read as a 10 or an 8? A 10's "1" and "0" are two
    pieces even where blur has closed the "0" (a small four-colour 10 in a phone-like
    photo: a counter 0.1 to 0.18 deep). Blur and fading close a counter and join the
    pieces too, so (unlike :func:`shape_contradicts`) another reader may vouch for the
    card.

    >>> from vision.decks import deck_style, face_on, render_face
    >>> from vision.corner import canonical_corner
    >>> def corner(deck, card):
    ...     return canonical_corner(face_on(render_face(deck_style(deck), Card(card))))
    >>> no_counter(Card("Th"), [corner("dutch-letters", "Kh")])  # an H, read as a 10
    True
    >>> no_counter(Card("Th"), [corner("tango", "Th")]), no_counter(Card("9h"), [])
    (False, False)
    """
    if card.rank not in (Rank.TEN, Rank.EIGHT):
        return False
    seen = [_open(corner, rank) for corner in corners
            for rank in every_rank(corner, CLOSED_WIDTH, card.rank)]
    return bool(seen) and all(seen)


def lowercase_beside(rank: RankGlyph) -> bool:
    """Is there, at the ink level ``rank`` was parted at, a lowercase letter just right of
    the rank glyph: ink that is not the suit glyph, starting within :data:`GAP` of the
    rank glyph's right side, standing on its baseline (:data:`BASELINE`), and together
    as tall and as wide as a lowercase letter (:data:`X_HEIGHT`)? A rank glyph has no
    such neighbour; the first letter of a word has (a Swedish jack's "Kn", its "K"
    parted from its "n", which a pale ink level parts into its two stems).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:50, 15:37] = 30; corner[62:82, 16:36] = 30  # a rank and a suit
    >>> lowercase_beside(next(iter(every_rank(corner, ANY_WIDTH))))
    False
    >>> corner[28:50, 42:47] = 30; corner[28:50, 55:60] = 30  # ... an "n"'s stems beside it
    >>> lowercase_beside(next(iter(every_rank(corner, ANY_WIDTH))))
    True
    """
    x, y, w, h = rank.glyphs.rank_box
    sx, sy, sw, sh = rank.glyphs.suit_box
    right = x + w
    stats = cv2.connectedComponentsWithStats(rank.mask.astype(np.uint8))[2][1:]
    # every piece of ink right of the rank glyph, within a letter's width past GAP, in
    # the rows of a lowercase letter on its baseline: an "n" parted into its stems
    near = [(cx, cy, cx + cw, cy + ch) for cx, cy, cw, ch, _ in stats
            if not (sx <= cx and sy <= cy and cx + cw <= sx + sw and cy + ch <= sy + sh)
            and GAP[0] * h <= cx - right <= (GAP[1] + X_HEIGHT[1]) * h
            and cy >= y + (1 - X_HEIGHT[1]) * h - 1 and abs(cy + ch - (y + h)) <= BASELINE * h]
    if not near:
        return False
    left, top = min(b[0] for b in near), min(b[1] for b in near)
    width, height = max(b[2] for b in near) - left, max(b[3] for b in near) - top
    return bool(left - right <= GAP[1] * h and X_HEIGHT[0] * h <= height <= X_HEIGHT[1] * h
                and width >= X_HEIGHT[0] * h)


def begins_a_word(card: Card, corners: Iterable[np.ndarray]) -> bool:
    """Does ``card``'s rank glyph, at every ink level of every corner where the glyph
    models read it as that rank, have a :func:`lowercase_beside` it: a letter that
    begins a word, not a rank (a Swedish jack's "Kn" read as a king)?"""
    if card.rank is None:
        return False
    seen = [lowercase_beside(rank) for corner in corners
            for rank in every_rank(corner, ANY_WIDTH, card.rank)]
    return bool(seen) and all(seen)


def _open(corner: np.ndarray, rank: RankGlyph) -> bool:
    """Is a rank glyph one piece of ink (:data:`PIECE`) enclosing no counter?"""
    ink = rank.ink
    stats = cv2.connectedComponentsWithStats(ink.astype(np.uint8))[2]
    pieces = int((stats[1:, cv2.CC_STAT_AREA] >= PIECE * ink.size).sum())
    return pieces <= 1 and counter(_grey(corner, rank.glyphs.rank_box)) < OPEN


__all__ = ["ANY_WIDTH", "FIVE_STEM", "THREE_OPEN", "RankGlyph", "Stance", "begins_a_word",
           "counter", "every_rank", "left_stem", "lowercase_beside", "no_counter",
           "shape_contradicts", "square_corners", "stances", "top_bar"]
