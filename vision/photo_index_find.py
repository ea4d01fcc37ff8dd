"""Find cards on a still photo by their index corner: a rank glyph above a suit pip.

A card lying under another one, in a fanned hand, or beside a book never shows its
whole outline, but a player always leaves its index corner in view. So this finder
looks for the index itself, at any rotation and size: ink on a locally light patch
(darker than the paper around it, in the darkest colour channel so red ink counts
as much as black), parted into glyphs; a glyph with a smaller one of the same colour
just below it, with nothing but paper to their left and above them (the card's edge
is there), is an index. Its rank-to-suit direction is the card's long axis, the
paper's edge beside it (or a usual margin) gives the card's corner, and a card-shaped
quadrilateral of the photo's card size (or of the size usual for such an index) is
placed from there; :func:`vision.photo_card.read_card` then reads its corner.

>>> import numpy as np
>>> from controller.cards import Card
>>> from vision.decks import STYLES, render_face, face_on
>>> table = np.full((500, 500, 3), (40, 90, 30), np.uint8)
>>> table[40:460, 100:400] = face_on(render_face(STYLES["standard"], Card("Qh")), (40, 90, 30))
>>> found = find_indexes(table)
>>> any(np.linalg.norm(i.rank - (130, 85)) < 25 and abs(i.down[1] - 1) < 0.1 for i in found)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NamedTuple

import cv2
import numpy as np

from vision.corner import cut_lines, rank_and_suit
from vision.decks import CARD_W
from vision.photo_find import ASPECT_RANGE, CARD_ASPECT
from vision.suit_shape import one_shape

INK = 0.35  # ink is at least this much darker than the paper around it
PALE_RED, REDNESS = 0.2, 30  # ... or this much, where red stands this far out of green
# and blue (of 255): paper is grey, a red print is red however pale
STRICT = 0.5  # ... or, a second look, this much (ink by shaded paper at the card's edge)
PAPER = 0.45  # ... on paper at least this bright (of the photo's bright end)
# paper surely, where a card's place over the cards is told from one over the table:
# a grey table can be more than PAPER of the cards' paper (rendered fans and piles: up
# to all of it), never 0.6 (2% at most), while the cards' paper is mostly over it (85%
# and more of every card rendered, harsh light and shade and all)
SURE_PAPER = 0.6
WIDTHS = (4.3, 6.5, 7.6)  # card width / rank-to-suit distance of common decks (jumbo .. small)
USUAL_SIDE = WIDTHS[1] * CARD_ASPECT  # a usual card's long side / its rank-to-suit distance
# a blob TWO_LONG times as long as wide may be a rank glyph touching its suit
# (vision.corner.rank_and_suit), parted when neither part is TWIN_SIZE times the
# other's size (an index's rank and suit are alike in size: a tango J and its heart
# 1.1, a nicu Q and hers 1.25; a sheet's shadow over a card's corner parted 1.69)
TWO_LONG = 1.5
TWIN_SIZE = 1.45
ONE_INK = 0.85  # ... and when this much of the blob is one ink (red, or grey to black)
LINE_LIKE = 0.25  # a part this much narrower than long is a line (tango draws card edges)
LINE_RUN = 1.5  # ... and a line this long (of the biggest glyph looked for) is a card's edge
CLEAR = 0.55  # no other ink this near the index's left or top (of the rank glyph's size)
THIN = 4  # px: a card's edge over another card's paper is a shadow line this thin
SHADE = 0.67  # ... darker than this share of the paper's level (the paper ends there)
PAST = 0.72  # ... with paper at least this light past it
# a thin line between a rank and a suit is a card's edge (the two on two cards) where it
# runs on, straight, along this share of a step one way or the other (a ten's outlined
# "0", ink inside its outline, is no such line)
RUNS_ON = 0.8
NO_EDGE = 2.0  # the score of a pairing with no card edge found beside it (see _index)
THIN_LAST = 10.0  # ... an index found so is looked at after every other (a texture's
# lines would find many) and holds back no other pairing of its rank glyph
THIN_MARGIN = 0.5  # ... at most this far from the index, of its rank-to-suit distance
# ... or, a last look, a faint line: a card's edge over another card's paper that casts
# little shadow (its rim a little brighter, its shadow a little darker than the paper:
# 5-15% on rendered fans), at least FAINT off the paper past and before it, found at
# two of three looks that agree within AGREE of the step (an edge is straight; the
# sensor's noise is not)
FAINT = 0.07
AGREE = 0.1
SLANTED = 0.15  # ... or in a line this slanted (across per along: some 8 degrees)
# two glyphs paired either way round with the card's edges seen as thin lines only
# (THIN_LAST), scoring within this of each other, are looked at both ways, and the
# reading tells (a tango fan's covered 2d: 11.19 from its 2, 11.07 from its diamond)
CLOSE = 0.5
# a ten's "1" and "0" lie at most this far apart, of their mean size (judged by the pair,
# not by whichever glyph was found first: turned half round, a Jh's heart (found first)
# lay within its own size of the J, and the two were taken for a ten)
TEN_GAP = 1.05
INK_SHORT = 1.0  # px: a glyph's ink is this much shorter than the glyph printed
# a ten's digits stand side by side: a line-like "1" runs across the line to its "0"
# within this (cosine: 60 degrees), and two bits of a shadow line lying end to end
# along it are no ten (a card's corner curve and the line on from it, joined by
# INK_SHORT, were a "10" with the neighbour's A as its suit)
ACROSS = 0.5
COLUMN = 1.2  # a letter in line this far before the rank, of the rank-to-suit distance,
SPACING = 0.25  # ... or one on past the suit a step on (give or take this much of it:
# a four-colour joker's letters lie within 0.22 of it, a nicu 7's pip past its club 0.3)
# make the two letters of a word: no index (but held back, and holding back, as one)
# a rank glyph over a suit glyph this alike in shape (:func:`shape_match`, on a square
# of COARSE pixels; none if one is SLIMMER than the other) are two pips: of 2,044
# pairings at a card's corner with the card's edge found by them, on 240 rendered
# table photos of every style (jokers' aside), at most 0.77 alike; of 2,456 in a
# card's middle, 72% are 0.82 or more. A paris 6d's big pip over its corner diamond,
# and a nicu-white 4c's foot club over a small club pip, each read as the index of a
# card not on the table: 0.85 and 0.84
PIPS = 0.82
COARSE = 16
SLIMMER = 1.3
LONGER = 1.25  # a glyph this much longer one way than the other (a 7, a J: not a heart)
MARGIN = 0.3  # the usual margin from the index to the card's edge, of that distance
RECT_PAST = 0.1  # a glyph's rectangle this far past its ink (of the rank-to-suit distance) is
# turned off the card: an index it held back is looked at again from its ink
EVEN = 0.85  # paper round an index: its darker quarter at least this bright (of its light)


@dataclass(frozen=True)
class Index:
    """One index corner found on the photo (pixel coordinates).

    ``down`` points from the rank to the suit (the card's long axis), ``right`` into
    the card; ``corner`` is where the card's own corner is judged to be; ``step`` is
    the rank-to-suit distance.
    """

    rank: np.ndarray
    down: np.ndarray
    right: np.ndarray
    corner: np.ndarray
    step: float
    extent: tuple[float, float] = (0.0, 0.0)  # the index's far side and foot, from the corner
    # how many of three looks each way find a card's edge near the index (within a
    # step), left of it and right of it: a four-index deck prints its index in every
    # corner, and the two on its right-hand corners have the card's edge on their right
    sides: tuple[int, int] = (0, 0)
    ink: tuple[float, float, float] = (0.0, 0.0, 0.0)  # its glyphs' left, far side and top,
    # from the rank's centre along ``right`` and ``down``
    sideways: bool = False  # its rank glyph lies on its side (:func:`_on_its_side`): it
    # may name a ten only

    def index_box(self, width: float) -> tuple[int, int]:
        """How far (right, down) the index and a little paper reach on the upright card
        image of :mod:`vision.decks` size, when the card is ``width`` pixels wide."""
        k = CARD_W / width  # little paper beside it: a covering card's edge may be near
        return (round((self.extent[0] + 0.15 * self.step) * k),
                round((self.extent[1] + 0.35 * self.step) * k))

    def quad(self, width: float) -> np.ndarray:
        """The card of this width whose index this is: corners clockwise from its
        top-left (the order :func:`vision.photo.read_photo` warps)."""
        across, along = self.right * width, self.down * width * CARD_ASPECT
        c = self.corner
        return np.array([c, c + across, c + across + along, c + along], np.float32)

    def mirrored(self, width: float) -> np.ndarray:
        """The card of this width whose top-right index this is (a four-index deck
        prints its index again there, as far from that edge): corners clockwise from
        its top-left, the card lying left of the index.

        >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
        >>> idx = Index(np.array([10, 14]), d, r, np.array([2, 2], np.float32), 10.0,
        ...             ink=(-4.0, 4.0, -6.0))
        >>> idx.mirrored(60.0)[:2].tolist()  # the card's edge as far right of the index
        [[-42.0, 2.0], [18.0, 2.0]]
        """
        margin = self.ink[0] - float((self.corner - self.rank) @ self.right)
        right_top = self.corner + self.right * (self.ink[1] - self.ink[0] + 2 * margin)
        across, along = self.right * width, self.down * width * CARD_ASPECT
        left_top = right_top - across
        return np.array([left_top, right_top, right_top + along, left_top + along],
                        np.float32)


@dataclass
class _Glyph:
    centre: np.ndarray
    box: np.ndarray  # four corners of its minimum-area rectangle
    size: float  # the rectangle's long side
    red: bool
    parts: tuple[int, ...]
    pts: np.ndarray  # its pixels (x, y)
    ten: bool = False  # two glyphs side by side taken as one: a ten's "1" and "0"
    # cut free of a long straight line it touched (a drawn card edge: cut_lines): it
    # may be a pairing's rank or suit, but stops no other pairing, as before it was
    # found (a 6s's pip cut by the covered Ac's edge, freed, lay right of its "A" as a
    # ten's other digit), and is no ten's digit
    freed: bool = False

    @cached_property
    def _sides(self) -> tuple[np.ndarray, float, float]:
        """Its rectangle's long side (a vector), and the long and the short side's
        lengths."""
        sides = sorted((self.box[i + 1] - self.box[i] for i in range(2)),
                       key=lambda v: -float(np.linalg.norm(v)))
        return sides[0], float(np.linalg.norm(sides[0])), float(np.linalg.norm(sides[1]))

    @property
    def axis(self) -> np.ndarray:
        """The unit vector along its rectangle's long side."""
        side, long, _ = self._sides
        return np.asarray(side / max(long, 1e-6))

    @cached_property
    def line(self) -> bool:
        """Is it a line, far narrower than long (``LINE_LIKE``)? No suit is, nor any
        rank but a ten's "1" (paired as the ten's "10"): a shadow line's curve round a
        card's corner, say.

        >>> bar = np.array([[0, 0], [3, 0], [3, 20], [0, 20]], np.float32)
        >>> _Glyph(bar.mean(axis=0), bar, 20.0, False, (0,), bar).line
        True
        >>> _Glyph(bar.mean(axis=0), bar * (4, 1), 20.0, False, (0,), bar).line
        False
        """
        _, long, short = self._sides
        return short < LINE_LIKE * long


@dataclass
class _Paper:
    """The paper ink lies on, looked at with a ``k``-pixel kernel (bigger than the index
    glyphs looked for): the darkest channel, and that closed (the local paper level)."""

    dark: np.ndarray
    level: np.ndarray

    @classmethod
    def of(cls, img: np.ndarray, k: int) -> _Paper:
        dark = cv2.GaussianBlur(img.min(axis=2), (3, 3), 0)
        return cls(dark, cv2.morphologyEx(dark, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8)))

    @cached_property
    def lit(self) -> np.ndarray:
        """Where the paper is bright enough to be paper (of the photo's bright end)."""
        return self.lit_at(PAPER)

    def lit_at(self, share: float) -> np.ndarray:
        """Where the paper is at least ``share`` of the photo's bright end."""
        return np.asarray(self.level > share * float(np.percentile(self.level, 95)))

    def ink(self, darker: float) -> np.ndarray:
        """Ink mask (uint8): ``darker`` (a share) darker than the paper round it."""
        ink = (self.dark.astype(np.int16) < (1 - darker) * self.level) & self.lit
        return np.asarray(ink, np.uint8)


def _pale_red(img: np.ndarray, paper: _Paper, ink: np.ndarray) -> np.ndarray:
    """Red ink too pale for the usual ink level (a faded print, a webcam's washed-out
    pink): ``PALE_RED`` darker than the paper and ``REDNESS`` redder than it is grey;
    only the blobs that are mostly new (``ink`` is the usual level's: a glyph it found
    stays as it was, its pale fringe not added)."""
    b, g, r = (cv2.GaussianBlur(img[:, :, i], (3, 3), 0).astype(np.int16) for i in range(3))
    pale = ((r - np.maximum(g, b)) > REDNESS) & (paper.ink(PALE_RED) > 0)
    n, labels = cv2.connectedComponents(pale.astype(np.uint8), connectivity=8)
    area = np.bincount(labels.ravel(), minlength=n)
    known = np.bincount(labels.ravel(), weights=ink.ravel().astype(np.float64), minlength=n)
    new = known < 0.3 * area
    new[0] = False
    return np.asarray(new[labels], np.uint8)


def _kernels(side: int) -> tuple[int, ...]:
    """Closing kernels: glyphs of cards of a usual size in the photo, and of a close-up."""
    return max(9, side // 16) | 1, max(15, side // 6) | 1


def _glyphs(img: np.ndarray) -> tuple[list[_Glyph], _Paper]:
    """The glyph-sized blobs of ink on ``img``, and the paper found with the first
    (smallest) kernel."""
    side = max(img.shape[:2])
    b, g, r = (img[:, :, i].astype(np.int16) for i in range(3))
    redness = r - np.maximum(g, b)
    out: list[_Glyph] = []
    small = max(5.0, side / 160)
    lo = small
    papers: list[_Paper] = []
    for k in _kernels(side):
        big = 0.9 * k  # the biggest glyph this kernel looks for
        paper = _Paper.of(img, k)
        papers.append(paper)
        ink = paper.ink(INK)
        found, joined = _components(ink, redness, lo, big, len(out))
        out += found
        out += _components(_pale_red(img, paper, ink), redness, lo, big, len(out))[0]
        # a glyph touching shaded paper by the card's edge (or a dark gap the closing
        # filled) joins the table's ink in a blob too big for a glyph: a stricter level
        # parts it from that (looked for inside such blobs only)
        if joined.any():
            strict, still = _components(paper.ink(STRICT) & joined, redness, lo, big,
                                        len(out), ink)
            out += strict
            # ... and a glyph touching a long straight line (a tango card's drawn edge:
            # one blob with it, too long at every level) is cut free of it
            if still.any():
                freed = _components(cut_lines(still, int(LINE_RUN * big)), redness, lo, big,
                                    len(out), ink)[0]
                out += [replace(g, freed=True) for g in freed]
        lo = big  # the next kernel looks for bigger glyphs only
    out = _parted(out, img)
    return out + _tens(out), papers[0]


def _parted(glyphs: list[_Glyph], img: np.ndarray) -> list[_Glyph]:
    """``glyphs`` and, after them, the two parts of each blob that is a rank glyph
    touching its suit (a tango J's hook on its heart, a nicu queen's tail on hers: one
    blob, paired with nothing; :func:`_two_parts`), printed in one ink (:func:`_one_ink`:
    a court's picture, its crown yellow, outlined black, its face orange, parted into
    two "glyphs" that made an index of a card not there). Each part is a glyph of its
    own; the blob holds both (it pairs with neither), and stays a glyph itself.

    >>> blob = np.zeros((60, 30), np.uint8)
    >>> blob[2:30, 12:16], blob[2:6, 4:16] = 1, 1  # a rank's strokes (a "7")
    >>> _ = cv2.circle(blob, (14, 44), 12, 1, -1)  # a round suit touching its foot
    >>> pts = np.argwhere(blob)[:, ::-1].astype(np.float32)
    >>> box = cv2.boxPoints(cv2.minAreaRect(pts))
    >>> whole = _Glyph(pts.mean(axis=0), box, 57.0, False, (0,), pts)
    >>> out = _parted([whole], np.zeros((60, 30, 3), np.uint8))  # in black ink
    >>> [(g.parts, round(g.size)) for g in out]
    [((0, 1, 2), 57), ((1,), 27), ((2,), 23)]
    """
    out = list(glyphs)
    for i, g in enumerate(glyphs):
        parts = _two_parts(g)
        if parts is None or not _one_ink(img, g.pts):
            continue
        ids = (len(out), len(out) + 1)
        out[i] = replace(g, parts=g.parts + ids)
        for pts, k in zip(parts, ids, strict=True):
            rect = cv2.minAreaRect(pts)
            out.append(_Glyph(pts.mean(axis=0), cv2.boxPoints(rect), float(max(rect[1])),
                              g.red, (k,), pts, freed=g.freed))
    return out


def _one_ink(img: np.ndarray, pts: np.ndarray) -> bool:
    """Is a blob (its pixels ``pts``) printed in one ink, as an index is: nearly all of
    it red (:data:`ONE_INK`), or nearly all grey to black, not of several colours (a
    picture)?

    >>> img = np.zeros((4, 4, 3), np.uint8)
    >>> img[:, :2] = (20, 20, 200)  # red ink, left; yellow, right
    >>> img[:, 2:] = (20, 200, 220)
    >>> pts = np.argwhere(np.ones((4, 4)))[:, ::-1].astype(np.float32)
    >>> _one_ink(img, pts[pts[:, 0] < 2]), _one_ink(img, pts)
    (True, False)
    """
    xs, ys = pts[:, 0].astype(int), pts[:, 1].astype(int)
    px = img[ys, xs].astype(np.int16)
    high, low = px.max(axis=1), px.min(axis=1)
    red = (px[:, 2] - np.maximum(px[:, 0], px[:, 1])) > REDNESS
    grey = (high - low) <= REDNESS
    return max(float(red.mean()), float(grey.mean())) >= ONE_INK


def _two_parts(g: _Glyph) -> tuple[np.ndarray, np.ndarray] | None:
    """The pixels of a rank glyph and of the suit it touches, if ``g`` is one such
    blob (:func:`vision.corner.rank_and_suit`): long for one glyph, its parts each of
    a glyph's size, about as big as the other."""
    if len(g.parts) != 1 or len(g.pts) < 60:
        return None
    (w, h) = cv2.minAreaRect(g.pts)[1]
    if max(w, h) < TWO_LONG * min(w, h):
        return None
    x0, y0 = g.pts.min(axis=0).astype(int) - 2
    xs, ys = g.pts[:, 0].astype(int) - x0, g.pts[:, 1].astype(int) - y0
    blob = np.zeros((int(ys.max()) + 3, int(xs.max()) + 3), np.uint8)
    blob[ys, xs] = 1
    parted = rank_and_suit(blob)
    if parted is None:
        return None
    pieces = []
    for part in parted:
        py, px = np.nonzero(part)
        pieces.append(np.stack([px + x0, py + y0], axis=1).astype(np.float32))
    boxes = [cv2.minAreaRect(p)[1] for p in pieces]
    sizes = [max(b) for b in boxes]
    if min(sizes) < 0.3 * g.size or max(sizes) > TWIN_SIZE * min(sizes) \
            or any(min(b) < LINE_LIKE * max(b) for b in boxes):
        return None  # (a straight piece is a line: a card's drawn edge, not a rank)
    return pieces[0], pieces[1]


def _components(ink: np.ndarray, redness: np.ndarray, small: float, big: float,
                first: int, loose: np.ndarray | None = None) -> tuple[list[_Glyph], np.ndarray]:
    """The glyphs of an ink mask, and a mask of its blobs too big to be glyphs. With
    ``loose`` (the usual level's ink, of which ``ink`` is a part), a glyph must have
    mostly paper round it there: one joined to a shadow by a shaded strip, not a piece
    of a carpet's texture."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    out: list[_Glyph] = []
    too_big = np.zeros(n, np.uint8)
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        # the box of a turned glyph is up to 1.42 times its long side: the rectangle decides
        if max(w, h) > 1.42 * big:
            too_big[i] = 1
            continue
        if area < 12 or max(w, h) < 0.7 * small:
            continue
        if loose is not None:
            y0, x0 = max(y - 3, 0), max(x - 3, 0)
            ring = loose[y0:y + h + 3, x0:x + w + 3]
            if (int(ring.sum()) - area) > 0.5 * (ring.size - area):
                continue
        ys, xs = np.nonzero(labels[y:y + h, x:x + w] == i)
        pts = np.stack([xs + x, ys + y], axis=1).astype(np.float32)
        rect = cv2.minAreaRect(pts)
        long = max(rect[1])
        if long < small or long > big or area < 0.12 * max(rect[1][0] * rect[1][1], 1.0):
            continue
        red = float(np.median(redness[ys + y, xs + x])) > 40
        out.append(_Glyph(pts.mean(axis=0), cv2.boxPoints(rect), float(long), red,
                          (first + len(out),), pts))
    return out, too_big[labels]


def shape_match(a: np.ndarray, b: np.ndarray, down: np.ndarray) -> float:
    """How alike two blobs' shapes are (pixels ``a`` and ``b``, x y), whatever their
    sizes, both seen with ``down`` as down (:func:`vision.suit_shape.one_shape`, on a
    coarser square: these are glyphs of the photo, often small and turned, not of a
    corner warped to the glyph models' size); 0 if one is much the slimmer.

    >>> ys, xs = np.mgrid[-15:16, -15:16]
    >>> pixels = lambda mask: np.stack([xs[mask], ys[mask]], 1).astype(np.float32)
    >>> pip, small_pip = pixels(abs(xs) + abs(ys) <= 15), pixels(abs(xs) + abs(ys) <= 7) + 40
    >>> frame = pixels((abs(xs) > 9) | (abs(ys) > 9))  # a square with a hole: another shape
    >>> down = np.array([0.0, 1.0])
    >>> round(shape_match(pip, small_pip, down), 2), round(shape_match(pip, frame, down), 2)
    (0.95, 0.19)
    >>> shape_match(pip, pixels((abs(xs) <= 7) & (abs(ys) <= 15)), down)  # a bar, as a "1"
    0.0
    """
    right = np.array([down[1], -down[0]])
    drawn = []
    for pts in (a, b):
        uv = np.rint(np.stack([pts @ right, pts @ down], axis=1)).astype(int)
        uv -= uv.min(axis=0)
        mask = np.zeros(uv.max(axis=0)[::-1] + 1, np.uint8)
        mask[uv[:, 1], uv[:, 0]] = 1
        # turned pixels land on a grid with gaps: closed, the blob is whole again
        drawn.append(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)))
    aspects = [m.shape[1] / m.shape[0] for m in drawn]
    if max(aspects) >= SLIMMER * min(aspects):
        return 0.0
    return one_shape(drawn[0], drawn[1], COARSE)


def _across_an_edge(rank: _Glyph, suit: _Glyph, dark: np.ndarray, index: Index) -> bool:
    """Do ``rank`` and ``suit`` lie on two cards, a card's edge between them? On the
    line from the rank's middle to the suit's, a thin dark run (at most :data:`THIN`
    pixels, paper within three either side) that runs on straight along
    :data:`RUNS_ON` of a step one way or the other (:func:`_runs_on`) is a card's edge.
    A rank glyph pairs with its nearest suit: a tango 7s's 7 paired with the spade of
    the 5s lying over it, across the 5s's drawn edge, and held back its own.

    >>> paper = np.full((80, 80), 220, np.uint8)
    >>> paper[10:30, 34:46] = paper[50:70, 34:46] = 30  # a rank over a suit
    >>> box = lambda y: np.array([[34, y], [45, y], [45, y + 19], [34, y + 19]], np.float32)
    >>> rank = _Glyph(np.array([39.5, 19.5]), box(10), 19.0, False, (0,), box(10))
    >>> suit = _Glyph(np.array([39.5, 59.5]), box(50), 19.0, False, (1,), box(50))
    >>> index = Index(np.zeros(2), np.array([0.0, 1.0]), np.array([-1.0, 0.0]),
    ...               rank.centre, 40.0)
    >>> _across_an_edge(rank, suit, paper, index)
    False
    >>> paper[39:41, :] = 60  # a card's edge between them, running on
    >>> _across_an_edge(rank, suit, paper, index)
    True
    """
    down = index.down
    step = float(np.linalg.norm(suit.centre - rank.centre))
    steps, level = _profile(dark, rank.centre, down, step)
    if len(steps) < 6:
        return False
    base = float(np.percentile(level, 90))
    low = level < SHADE * base
    k = 0
    while k < len(low):
        if not low[k]:
            k += 1
            continue
        first, width = _first_run(low[k:])
        first += k
        before, after = level[max(first - 3, 0):first], level[first + width:first + width + 3]
        if width <= THIN and len(before) and len(after) and min(before.max(), after.max()) \
                > PAST * base:
            deepest = first + int(np.argmin(level[first:first + width]))
            at = rank.centre + down * steps[deepest]
            if _runs_on(dark, at, index.right, index.step, base) >= RUNS_ON:
                return True
        k = first + width
    return False


def _level(dark: np.ndarray, p: np.ndarray) -> float:
    """The level of ``dark`` at the pixel nearest the point ``p`` (x, y), in the photo."""
    h, w = dark.shape
    return float(dark[int(np.clip(round(float(p[1])), 0, h - 1)),
                      int(np.clip(round(float(p[0])), 0, w - 1))])


def _runs_on(dark: np.ndarray, at: np.ndarray, way: np.ndarray, length: float,
             base: float) -> float:
    """How much of a step's ``length`` from ``at`` (a pixel of a thin dark line) the
    line runs on, the farther of its two ways: followed pixel by pixel roughly along
    ``way`` (a pixel aside a pixel on at most), dark with paper (``base``) either side
    of it, and straight (a point off the line from ``at`` to the farthest point found
    is not counted).

    >>> paper = np.full((60, 60), 220, np.uint8)
    >>> paper[30, :] = 60  # a card's edge
    >>> _runs_on(paper, np.array([30.0, 30.0]), np.array([1.0, 0.0]), 20, 220.0)
    1.0
    >>> ring = np.full((60, 60), 220, np.uint8)
    >>> _ = cv2.circle(ring, (30, 30), 8, 60, 1)  # a glyph's outline curves round
    >>> _runs_on(ring, np.array([30.0, 22.0]), np.array([1.0, 0.0]), 20, 220.0) < RUNS_ON
    True
    """
    normal = np.array([-way[1], way[0]])
    best = 0.0
    for sign in (1.0, -1.0):
        q = at.astype(np.float64)
        followed = []
        for _ in range(int(length)):
            q = q + sign * way
            near = [_level(dark, q + k * normal) for k in (-1, 0, 1)]
            k = int(np.argmin(near)) - 1
            line = q + k * normal
            sides = [_level(dark, line + d * normal) for d in (-THIN, THIN)]
            if near[k + 1] < SHADE * base and min(sides) > PAST * base:
                q = line
                followed.append(q)
        if len(followed) < 2:
            continue
        pts = np.array(followed) - at
        far = pts[np.argmax(np.linalg.norm(pts, axis=1))]
        unit = far / max(float(np.linalg.norm(far)), 1e-6)
        off = np.abs(pts @ np.array([-unit[1], unit[0]]))
        best = max(best, float(np.sum(off <= 1.5)) / int(length))
    return best


def _pips(a: _Glyph, b: _Glyph, down: np.ndarray) -> bool:
    """Are ``a`` over ``b`` two marks of one shape, as an index's rank and suit never
    are: two pips of a card (a big pip over the small one by its index was read as the
    index of a card that is not there)?"""
    return len(a.parts) == len(b.parts) == 1 and shape_match(a.pts, b.pts, down) >= PIPS


def _side_by_side(a: _Glyph, b: _Glyph, down: np.ndarray) -> bool:
    """Are two glyphs alike in shape (:func:`_pips`) side by side, not one over the
    other: each clearly longer one way (:data:`LONGER`), across ``down``, the way from
    one to the other? The ranks of two neighbours of one rank in a fan (a 7c's 7 lying
    beside the 7s's it covers), not two pips in a card's column: they hold back no
    other pairing of either (the 7c's own club, farther off).

    >>> def seven(x: float) -> _Glyph:  # a 7's ink, taller than wide
    ...     pts = np.array([[x, 0], [x + 8, 0], [x + 8, 20], [x, 20]], np.float32)
    ...     return _Glyph(pts.mean(axis=0), pts, 20.0, False, (0,), pts)
    >>> across, along = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    >>> _side_by_side(seven(0), seven(14), across), _side_by_side(seven(0), seven(0), along)
    (True, False)
    """
    for g in (a, b):
        (w, h), angle = cv2.minAreaRect(g.pts)[1:]
        if max(w, h) < LONGER * min(w, h):
            return False
        t = np.radians(angle)
        axis = np.array([np.cos(t), np.sin(t)]) if w >= h else np.array([-np.sin(t), np.cos(t)])
        if abs(float(axis @ down)) > 0.5:
            return False
    return True


def _tens(glyphs: list[_Glyph]) -> list[_Glyph]:
    """Two glyphs side by side of one height and colour as one (the "1" and "0" of a ten),
    whichever of them was found first."""
    out: list[_Glyph] = []
    if not glyphs:
        return out
    centres = np.array([g.centre for g in glyphs])
    sizes = np.array([g.size for g in glyphs])
    for i, a in enumerate(glyphs):
        dist = np.linalg.norm(centres - a.centre, axis=1)
        # (a glyph's ink, cut where the blur is half dark, is about a pixel shorter
        # than printed: a tenth of a small index's digit)
        mean = (sizes + a.size) / 2 + INK_SHORT
        for j in np.nonzero((dist < TEN_GAP * mean) & (dist > 0.2 * mean))[0]:
            bj = glyphs[int(j)]
            if j <= i or bj.red != a.red or max(bj.size, a.size) > 1.6 * min(bj.size, a.size) \
                    or a.freed or bj.freed:
                continue
            if not _digits_abreast(a, bj):
                continue
            box = cv2.boxPoints(cv2.minAreaRect(np.concatenate([a.box, bj.box])))
            rect = cv2.minAreaRect(box)
            out.append(_Glyph((a.centre + bj.centre) / 2, box, float(max(rect[1])), a.red,
                              a.parts + bj.parts, np.concatenate([a.pts, bj.pts]), True))
    return out


def _on_its_side(rank: _Glyph, index: Index) -> bool:
    """Does the rank glyph of ``index`` lie on its side, its ink clearly wider (along
    the index's right) than tall (:data:`LONGER`), and is it not a ten's two digits
    joined (:func:`_tens`)? Only a ten's "10" is printed so wide (a tango deck's as one
    blob); any other rank so seen is a glyph turned a right angle to its index: a jumbo
    Ts under an As, showing only its top edge, has its "1" over its "0", each lying on
    its side (26 px across, 16 down), and the two paired as a rank over a suit were
    read as a Qs that was not on the table.

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> idx = Index(np.array([13.0, 8.0]), d, r, np.array([0, 0], np.float32), 20.0)
    >>> def glyph(w, h):
    ...     pts = np.array([[13 - w / 2, 8 - h / 2], [13 + w / 2, 8 + h / 2]], np.float32)
    ...     return _Glyph(np.array([13.0, 8.0]), pts, float(max(w, h)), False, (0,), pts)
    >>> _on_its_side(glyph(26, 16), idx), _on_its_side(glyph(12, 18), idx)
    (True, False)
    """
    lo, hi = _extent(rank.pts, rank.centre, index.right)
    top, bottom = _extent(rank.pts, rank.centre, index.down)
    return not rank.ten and hi - lo > LONGER * (bottom - top)


def _digits_abreast(a: _Glyph, b: _Glyph) -> bool:
    """Could these two stand side by side as a ten's digits? Each that is a line
    (:attr:`_Glyph.line`: only a "1" may be) runs across the line joining them, not
    along it (``ACROSS``).

    >>> bar = np.array([[0, 0], [2, 0], [2, 14], [0, 14]], np.float32)
    >>> zero = np.array([[0, 0], [10, 0], [10, 14], [0, 14]], np.float32)
    >>> one = _Glyph(bar.mean(axis=0), bar, 14.0, False, (0,), bar)
    >>> _digits_abreast(one, _Glyph(np.array([8.0, 7.0]), zero + (3, 0), 14.0, False, (1,), zero))
    True
    >>> _digits_abreast(one, _Glyph(np.array([1.0, 21.0]), bar + (0, 14), 14.0, False, (1,), bar))
    False
    """
    join = b.centre - a.centre
    join = join / max(float(np.linalg.norm(join)), 1e-6)
    return all(abs(float(g.axis @ join)) < ACROSS for g in (a, b) if g.line)


def _extent(box: np.ndarray, origin: np.ndarray, axis: np.ndarray) -> tuple[float, float]:
    p = (box - origin) @ axis
    return float(p.min()), float(p.max())


def _edge(paper: np.ndarray, start: np.ndarray, away: np.ndarray, reach: float) -> float | None:
    """How far from ``start`` along ``away`` the paper ends (its level drops to below
    two thirds of where it starts), or None if it runs on past ``reach``."""
    h, w = paper.shape
    steps = np.arange(1, int(reach) + 1, dtype=np.float32)
    pts = start + steps[:, None] * away
    inside = (pts[:, 0] >= 0) & (pts[:, 0] < w - 1) & (pts[:, 1] >= 0) & (pts[:, 1] < h - 1)
    if not inside.any():
        return 0.0
    # the nearest pixel, not a truncated one (which lies up and left of the point): a
    # photo turned half round samples the same paper, and its index is judged the same
    xs, ys = (np.rint(pts[:, k]).clip(0, n - 1).astype(int) for k, n in ((0, w), (1, h)))
    level = paper[ys, xs].astype(np.float32)
    level[~inside] = 0  # the photo's edge ends the paper too
    base = _level(paper, start)
    gone = np.nonzero(level < SHADE * base)[0]
    return float(steps[gone[0]]) if len(gone) else None


def _profile(dark: np.ndarray, start: np.ndarray, away: np.ndarray, reach: float,
             across: tuple[float, ...] = (0.0,)) -> tuple[np.ndarray, np.ndarray]:
    """The photo's darkest channel ``dark`` along ``away`` from ``start``, a pixel a
    step, up to ``reach`` or the photo's edge: the steps, and at each the mean of the
    pixels that far ``across`` the way (offsets, in pixels).

    >>> dark = np.arange(50, dtype=np.uint8).reshape(5, 10)
    >>> steps, level = _profile(dark, np.array([5.0, 2.0]), np.array([1.0, 0.0]), 8,
    ...                         across=(-1.0, 0.0, 1.0))
    >>> steps.tolist(), level.tolist()  # stops at the photo's edge
    ([1.0, 2.0, 3.0, 4.0], [26.0, 27.0, 28.0, 29.0])
    """
    h, w = dark.shape
    steps = np.arange(1, int(reach) + 1, dtype=np.float32)
    side = np.array([-away[1], away[0]], np.float32)
    pts = start + steps[:, None] * away
    xs, ys = (np.stack([(pts + k * side)[:, i] for k in across]).round().astype(int)
              for i in (0, 1))
    ok = ((xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)).all(axis=0)
    n = len(steps) if ok.all() else int(np.argmin(ok))
    return steps[:n], dark[ys[:, :n], xs[:, :n]].astype(np.float32).mean(axis=0)


def _first_run(mask: np.ndarray) -> tuple[int, int]:
    """Where the first run of True in ``mask`` (some is True) starts, and how long it is.

    >>> _first_run(np.array([False, True, True, False, True])), _first_run(np.array([False, True]))
    ((1, 2), (1, 1))
    """
    first = int(np.argmax(mask))
    rest = mask[first:]
    return first, int(np.argmin(rest)) if not rest.all() else len(rest)


def _thin_line(dark: np.ndarray, start: np.ndarray, away: np.ndarray,
               reach: float) -> float | None:
    """How far from ``start`` along ``away`` a thin dark line crosses the paper (a
    card's edge lying on another card: its shadow, a few pixels wide, with paper on
    both sides), or None if there is none within ``reach``. A glyph or a print is
    wider than such a line, and the table is not paper.

    >>> row = np.full((1, 40), 200, np.uint8)
    >>> row[0, 12:14] = 70  # a shadow line two pixels wide, paper past it
    >>> _thin_line(row, np.array([2.0, 0.0]), np.array([1.0, 0.0]), 30)
    10.0
    >>> row[0, 12:22] = 70  # a glyph's stroke or the table: not a thin line
    >>> _thin_line(row, np.array([2.0, 0.0]), np.array([1.0, 0.0]), 30) is None
    True
    """
    steps, level = _profile(dark, start, away, reach)
    if len(steps) < 4:
        return None
    base = float(np.percentile(level, 90))
    low = level < SHADE * base
    if not low.any():
        return None
    first, width = _first_run(low)
    after = level[first + width:first + width + 3]
    if width > THIN or len(after) < 2 or float(after.max()) < PAST * base:
        return None
    return float(steps[first])


def _faint_line(dark: np.ndarray, start: np.ndarray, away: np.ndarray,
                reach: float, base: float) -> float | None:
    """How far from ``start`` along ``away`` a faint thin line crosses the paper (a
    card's edge lying on another card with little shadow: a rim of light, a shadow
    line, or both, :data:`FAINT` or more off ``base``, the level of the paper the index
    is printed on, and at most :data:`THIN` + 1 pixels wide, paper of that level
    before and past it: two cards of one deck), or None. The line may lie right by
    ``start`` (a deck printing its index close to the card's edge). The profile is
    the mean of three pixels across ``away`` (the sensor's noise is pixel by pixel;
    an edge runs on).

    >>> paper = np.full((9, 40), 200, np.uint8)
    >>> paper[:, 14], paper[:, 15:17] = 232, 178  # a rim and its shadow, paper past them
    >>> _faint_line(paper, np.array([2.0, 4.0]), np.array([1.0, 0.0]), 30, 200.0)
    12.0
    >>> _faint_line(paper, np.array([13.0, 4.0]), np.array([1.0, 0.0]), 30, 200.0)
    1.0
    >>> paper[:, 15:30] = 178  # another, darker paper from there on: no line
    >>> _faint_line(paper, np.array([2.0, 4.0]), np.array([1.0, 0.0]), 30, 200.0) is None
    True
    """
    steps, level = _profile(dark, start, away, reach, across=(-1.0, 0.0, 1.0))
    if len(steps) < 6:
        return None
    off = np.abs(level - base) > FAINT * base
    at = _thin_run(off)
    pair = _rim_and_shadow(level, base)
    # (fainter still, a rim and its shadow side by side, nearer than anything off)
    if at is None and pair.any() and (not off.any() or np.argmax(pair) < np.argmax(off)):
        at = _thin_run(pair)
    return None if at is None else float(steps[at])


def _thin_run(off: np.ndarray) -> int | None:
    """Where the first run of True in ``off`` starts, if there is one, at most
    :data:`THIN` + 1 long, and False for the two or three places past it (paper)."""
    if not off.any():
        return None
    first, width = _first_run(off)
    after = off[first + width:first + width + 3]
    return None if width > THIN + 1 or len(after) < 2 or after.any() else first


def _rim_and_shadow(level: np.ndarray, base: float) -> np.ndarray:
    """Where along a profile a card's rim lies right before its shadow, each only half
    :data:`FAINT` off the paper's level ``base`` (lighter, then darker), paper of that
    level past them: a card's edge over a card of its deck, faintest (a nicu Js's over
    the As it covers: 5% each way, 9% apart, within two pixels).

    >>> level = np.array([207, 210, 209, 214, 216, 203, 197, 201, 207, 209, 209], np.float32)
    >>> np.nonzero(_rim_and_shadow(level, 207.0))[0].tolist()
    [4, 5, 6]
    >>> np.nonzero(_rim_and_shadow(level[5:], 207.0))[0].tolist()  # a shadow alone
    []
    """
    half = FAINT / 2 * base
    light, dark = level > base + half, level < base - half
    out = np.zeros(len(level), bool)
    if not light.any():
        return out
    first, width = _first_run(light)
    end = first + width
    # the shadow begins on the rim's last pixel or the next (the blur may leave one
    # pixel between them at the paper's level)
    start = next((k for k in (end, end + 1) if k < len(level) and dark[k]), None)
    if start is None:
        return out
    out[first:start] = True
    out[start:start + _first_run(dark[start:])[1]] = True
    return out


def inside(point: np.ndarray, quad: np.ndarray) -> bool:
    """Is ``point`` (x, y) inside the quadrilateral ``quad`` (or on its outline)?

    >>> square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    >>> inside(np.array([5, 5]), square), inside(np.array([15, 5]), square)
    (True, False)
    """
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32),
                                (float(point[0]), float(point[1])), False) >= 0


def paper_mask(img: np.ndarray, share: float = PAPER) -> np.ndarray:
    """Where ``img`` (BGR) is light enough to be a card's paper (``share`` of its
    bright end), ink closed over as the index finder sees it: a felt or a wooden table
    is not.

    >>> table = np.full((200, 200, 3), (40, 90, 30), np.uint8)
    >>> table[50:150, 60:130] = 235
    >>> mask = paper_mask(table)
    >>> bool(mask[100, 100]), bool(mask[20, 20])
    (True, False)
    >>> table[:50] = 128  # a grey table: paper, but not surely
    >>> bool(paper_mask(table)[20, 100]), bool(paper_mask(table, SURE_PAPER)[20, 100])
    (True, False)
    """
    return _Paper.of(img, _kernels(max(img.shape[:2]))[0]).lit_at(share)


class _Pairing(NamedTuple):
    """A rank glyph paired with a suit glyph as an index (in :func:`find_indexes`)."""

    score: float  # lower is clearer (see _index)
    idx: Index
    rank: tuple[int, ...]  # the two glyphs' parts
    suit: tuple[int, ...]
    no_index: bool  # letters of a word, or two pips of one shape: looked at, not kept
    way: float  # the score that judges which way round the two read
    holds: bool  # holds back the rank glyph's pairings with farther marks
    by_ink: bool  # found only from its glyphs' ink (a second look: see _index)


def find_indexes(img: np.ndarray, skip: list[np.ndarray] | None = None,
                 limit: int = 40, either_way: bool = False) -> list[Index]:
    """Index corners on ``img`` (BGR), the clearest first; none whose rank glyph lies
    inside one of the ``skip`` quadrilaterals (cards already read). ``either_way``:
    also two glyphs that read as clearly the other way round (where only the place
    the index gives a card is taken, and the card is read through it)."""
    glyphs, first = _glyphs(img)
    paper = first.level
    if skip:
        glyphs = [g for g in glyphs if not any(inside(g.centre, q) for q in skip)]
    if len(glyphs) < 2:
        return []
    dark = img.min(axis=2)
    centres = np.array([g.centre for g in glyphs], np.float32)
    sizes = np.array([g.size for g in glyphs], np.float32)
    reds = np.array([g.red for g in glyphs])
    found: list[_Pairing] = []
    paired: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[_Glyph, _Glyph]] = {}
    for a in glyphs:
        if a.line:
            continue  # no rank (a ten's "1" is paired as its "10")
        offset = centres - a.centre
        dist = np.linalg.norm(offset, axis=1)
        maybe = np.nonzero((dist > 0.6 * a.size) & (dist < 1.9 * a.size)
                           & (sizes > 0.35 * a.size) & (sizes < 1.5 * a.size))[0]
        for j in maybe:
            s = glyphs[int(j)]
            # (two glyphs side by side are a ten's digits, never a suit: a nicu 9c's 9
            # and the Ks's K beside it, taken for a "10", over the 9c's club and the
            # spade beside it, was a Tc)
            if s.red != a.red or s.ten or s.line or set(s.parts) & set(a.parts):
                continue
            paired[(a.parts, s.parts)] = (a, s)
            idx = _index(a, s, (centres, sizes, reds), glyphs, paper, dark)
            if idx is not None:
                score, index, word, faint, by_ink = idx
                index = replace(index, sideways=_on_its_side(a, index))
                pips = _pips(a, s, index.down)
                # which way round two glyphs read is judged by the card's edges seen
                # beside them: a faint edge is an edge (the thin lines' lateness is for
                # a texture's lines, which a faint edge's agreeing looks are not)
                way = score - THIN_LAST if faint else score
                # (a rank and a suit across a card's edge are on two cards: no index,
                # holding back none of the rank's pairings)
                apart = _across_an_edge(a, s, dark, index)
                # (found only from its glyphs' ink, a second look, it holds none back:
                # a nicu Ts's 10 so paired with a nearer pip held back its own spade;
                # nor does one of a glyph freed of a line)
                holds = score < THIN_LAST and not apart and not by_ink \
                    and not (pips and _side_by_side(a, s, index.down)) \
                    and not (a.freed or s.freed)
                found.append(_Pairing(score, index, a.parts, s.parts, word or pips or apart,
                                      way, holds, by_ink))
    # a rank glyph with a nearer suit is that suit's index only (its pairings with
    # farther marks are not indexes), and two glyphs are one index one way round only:
    # its rank over its suit, not the suit read as a rank over a rank read as a suit (a
    # king's heart over its K), and neither way when both read as clearly (two glyphs
    # with no card edge seen beside them either way round: a jumbo 4h's foot index read
    # as an Ah), but both ways when each reads by thin lines alike (CLOSE), or one by
    # thin lines and the other by no edge at all (no clearer: a nicu Kc on top of a
    # pile, its K over its club by thin lines); the first looks at every pairing, the
    # second dropped
    nearest: dict[tuple[int, ...], float] = {}
    for p in found:
        if p.holds:  # (an index beside a thin line holds back no other pairing)
            nearest[p.rank] = min(nearest.get(p.rank, np.inf), p.idx.step)
    clearest = {(p.rank, p.suit): p.way for p in found}

    def one_way(score: float, r: tuple[int, ...], s: tuple[int, ...]) -> bool:
        other = clearest.get((s, r), np.inf)
        if either_way:
            return other >= score
        if min(score, other) >= THIN_LAST and abs(other - score) < CLOSE:
            return True  # both ways by thin lines alike: the reading tells
        if score >= THIN_LAST and other == NO_EDGE:  # (neither margin found: exactly)
            return True  # ... or this way by thin lines, the other by no edge at all
        if other <= score:
            return False
        if not NO_EDGE <= score < THIN_LAST or (s, r) not in paired:
            return True
        # read no clearer than with no card edge beside it, and the other way round as
        # clearly a top-right index (a four-index deck's, the card lying left of it):
        # that index read backwards (a jumbo 4h's top-right "4" over its heart, read
        # from the heart up, was an Ah lying over the cards above the 4h)
        top_right = _index(*paired[(s, r)], (centres, sizes, reds), glyphs, paper, dark,
                           hand=-1.0)
        return top_right is None or top_right[0] > score

    found.sort(key=lambda p: p.score)
    # the clearest ``limit`` indexes are looked at (letters in a column, and two pips of
    # one shape, are looked at as pairings, and so hold back others, but are no index,
    # and take no place among them: the pips in view of a nicu four-index fan left a
    # covered 6h's index past the first 40 pairings)
    kept = [p.idx for p in found if not p.no_index
            and p.idx.step < nearest.get(p.rank, np.inf) / 0.95
            and one_way(p.way, p.rank, p.suit)]
    return [_with_sides(i, paper, dark) for i in kept[:limit]]


def _on_paper(dark: np.ndarray, origin: np.ndarray, down: np.ndarray, right: np.ndarray,
              box: tuple[float, float, float, float], step: float) -> bool:
    """Is the index printed on plain paper? Around and between its glyphs the photo
    is even (a carpet's or a wood's texture is not), and ink is a fair share of it.
    Paper lit unevenly (the soft edge of a lamp's light across the card) is even
    against a plane through it, where each point lies; a texture is not.

    >>> right, down = np.array([1.0, 0.0], np.float32), np.array([0.0, 1.0], np.float32)
    >>> def index_on(paper):
    ...     paper[40:60, 44:56] = 20  # a rank
    ...     paper[66:78, 44:56] = 20  # a suit under it
    ...     return _on_paper(paper, np.array([50.0, 50.0]), down, right, (-6, 6, -10, 28), 22)
    >>> index_on(np.full((120, 100), 200, np.uint8))
    True
    >>> lit = np.interp(np.arange(100), [35, 65], [150, 235])  # a light's soft edge
    >>> index_on(lit[None, :].repeat(120, axis=0).astype(np.uint8))
    True
    >>> grain = 170 + 50 * np.sin(np.arange(100) / 1.5)[None, :].repeat(120, axis=0)
    >>> index_on(grain.astype(np.uint8))  # a wood's grain is no paper, however lit
    False
    """
    left, far, top, bottom = box
    pad = 0.25 * step
    vs = np.linspace(left - pad, far + pad, 16, dtype=np.float32)
    us = np.linspace(top - pad, bottom + pad, 20, dtype=np.float32)
    pts = origin + us[:, None, None] * down + vs[None, :, None] * right
    h, w = dark.shape
    xs, ys = pts[..., 0].round().astype(int), pts[..., 1].round().astype(int)
    if xs.min() < 0 or ys.min() < 0 or xs.max() >= w or ys.max() >= h:
        return False
    values = dark[ys, xs].astype(np.float32).ravel()
    level = float(np.percentile(values, 90))
    ink = values < 0.65 * level
    rest = values[~ink]
    if not 0.08 < ink.mean() < 0.6 or len(rest) < 20:
        return False
    if float(np.percentile(rest, 25)) > EVEN * level:
        return True
    # ... against a plane through the paper: a light's soft edge across a card (a
    # rendered four-colour Jd's index was passed over), or paper darkening toward a
    # court card's picture (cards-dev's IMG_2518 Kh, found nowhere), is no texture
    grid = np.stack([np.repeat(us, len(vs)), np.tile(vs, len(us)), np.ones(values.size)],
                    axis=1)[~ink]
    plane, *_ = np.linalg.lstsq(grid, rest, rcond=None)
    even = rest / np.maximum(grid @ plane, 1.0)
    return float(np.percentile(even, 25)) > EVEN * float(np.percentile(even, 90))


def _index(rank: _Glyph, suit: _Glyph, shapes: tuple[np.ndarray, np.ndarray, np.ndarray],
           glyphs: list[_Glyph], paper: np.ndarray, dark: np.ndarray, hand: float = 1.0,
           by_ink: bool = False) -> tuple[float, Index, bool, bool, bool] | None:
    """The index a rank glyph over a suit glyph makes, if only paper lies left of and
    above them (the card's edge); with a score (lower is clearer), whether the two
    are letters of a word printed down the card, whether the card's edge was seen
    only as a faint line (:func:`_faint_margins`), and whether the index was found
    only from its glyphs' ink (``by_ink``). ``shapes``: every glyph's centre,
    size and colour (red or not). ``hand`` -1: the card lies left of the index, its
    edge right of it (a four-index deck's top-right index). ``by_ink``: the glyphs'
    extents taken from their ink, not their rectangles (:data:`_Glyph.box`)."""
    centres, sizes, reds = shapes
    step = float(np.linalg.norm(suit.centre - rank.centre))
    down = (suit.centre - rank.centre) / step
    right = hand * np.array([down[1], -down[0]], np.float32)
    rank_at, suit_at = (rank.pts, suit.pts) if by_ink else (rank.box, suit.box)
    both = np.concatenate([rank_at, suit_at])
    left, far = _extent(both, rank.centre, right)
    top, _ = _extent(rank_at, rank.centre, down)
    _, bottom = _extent(suit_at, rank.centre, down)
    r_lo, r_hi = _extent(rank_at, rank.centre, right)
    s_lo, s_hi = _extent(suit_at, rank.centre, right)
    # the suit sits under the rank (not beside it)
    if min(r_hi, s_hi) - max(r_lo, s_lo) < 0.3 * min(r_hi - r_lo, s_hi - s_lo):
        return None
    own = set(rank.parts) | set(suit.parts)

    def others(ks: np.ndarray) -> list[int]:
        """Of the glyphs numbered ``ks``, those that are neither the rank nor the suit
        (nor freed of a line: :data:`_Glyph.freed`)."""
        return [int(k) for k in ks if not set(glyphs[int(k)].parts) <= own
                and not glyphs[int(k)].freed]

    rel = centres - rank.centre
    u, v = rel @ down, rel @ right
    clear = rank.size * CLEAR
    beside = (v < left) & (v > left - clear) & (u > top - 0.3 * clear) & (u < bottom)
    above = (u < top) & (u > top - clear) & (v > left - 0.3 * clear) & (v < far)
    # a glyph of its height and ink just right of the rank: the rank is one digit of a
    # ten (a smaller mark there is the card's own print: a frame's end, a pip; so is a
    # thin line, never a ten's "0": a nicu 4h's foot "4" by its frame's rule; so is a
    # glyph of the other ink, a ten's two digits being one print: a covered tango Ah's
    # "A" by the Tc's "10"; a top-right index is only weighed against another
    # reading: see find_indexes)
    after = (v > r_hi) & (v < r_hi + 0.6 * rank.size) & (np.abs(u) < 0.3 * rank.size) \
        & (reds == rank.red)
    if hand > 0 and any(glyphs[k].size > 0.6 * rank.size and not glyphs[k].line
                        for k in others(np.nonzero(after)[0])):
        return None
    # a glyph of the rank's size and colour in line just before it, or a step on past
    # the suit: the two are letters of a word printed down the card (a joker's JOKER:
    # its K over its E was read as a club king), not the marks in the card's corner (a
    # red ten lying over a green Jc's far corner, past its club, is of another colour)
    in_line = (np.abs(v) < 0.3 * rank.size) & (sizes > 0.6 * rank.size) \
        & (sizes < 1.6 * rank.size) & (reds == rank.red)
    before = np.nonzero(in_line & (u < top) & (u > top - COLUMN * step))[0]
    past = np.nonzero(in_line & (np.abs(u - 2 * step) < SPACING * step))[0]
    letters = others(np.concatenate([before, past]))
    blockers = others(np.nonzero(beside | above)[0])
    if not _on_paper(dark, rank.centre, down, right, (left, far, top, bottom), step):
        return None
    # the card's corner: the paper's edge left of the index and above it; where print
    # lies past none, the card's edge over another card's paper: a thin shadow line
    # (that the paper's closing fills), else a faint one (a card with little shadow: a
    # fan's covered card over its neighbour's frame, pip or picture), each side by its
    # clearest edge. Print past the edge is the other card's.
    box = (left, top, r_hi)
    seen: list[tuple[list[float], list[float]]] = []
    looks: tuple[Callable[[], tuple[list[float], list[float]]], ...] = (
        lambda: _margins(paper, rank.centre, down, right, box, step),
        lambda: _margins(dark, rank.centre, down, right, box, step, thin=True),
        lambda: _faint_margins(dark, rank.centre, (down, right), box, step, seen))
    for look in looks:
        ml, mu = look()
        seen.append((ml, mu))
        edges = (left - min(ml) if len(ml) >= 2 else None,
                 top - min(mu) if len(mu) >= 2 else None)
        if all(_past_edge(glyphs[k].box, rank.centre, (right, down), edges) for k in blockers):
            break
    else:
        # a squarish glyph's rectangle turned off the card reaches past its ink (a nicu
        # 8c's club, 37 px, reached 8 px past it, half a right angle off the card, and
        # the looks began on the table past the card's edge): looked at again from the
        # ink itself, where the rectangle reaches well past it (a pixel or so changes
        # nothing a look may trust: a tango Kd's top-right index, so read as a top-left
        # one, placed the Kd a card off)
        ink = np.concatenate([rank.pts, suit.pts])
        overshoot = max(_extent(ink, rank.centre, right)[0] - left,
                        _extent(rank.pts, rank.centre, down)[0] - top)
        if by_ink or overshoot < RECT_PAST * step:
            return None
        return _index(rank, suit, shapes, glyphs, paper, dark, hand, True)
    thin, faint = len(seen) > 1, len(seen) == len(looks)
    # (an index found from its glyphs' ink, a second look, needs the paper's end seen
    # both ways: a jumbo 4h's foot heart read as a rank over its "4", its edge seen
    # left of them only, named an Ah that was not on the table)
    if by_ink and (len(ml) < 2 or len(mu) < 2):
        return None
    margin_l = float(np.median(ml)) if len(ml) >= 2 else MARGIN * step
    margin_u = float(np.median(mu)) if len(mu) >= 2 else MARGIN * step
    corner = rank.centre + right * (left - margin_l) + down * (top - margin_u)
    score = (len(ml) < 2) + (len(mu) < 2) + abs(margin_l - margin_u) / step + THIN_LAST * thin
    word = not all(_past_edge(glyphs[k].box, rank.centre, (right, down), edges)
                   for k in letters)
    extent = (far - left + margin_l, bottom - top + margin_u)
    return score, Index(rank.centre, down.astype(np.float32), right, corner.astype(np.float32),
                        step, extent, ink=(left, far, top)), word, faint, by_ink


def _with_sides(idx: Index, paper: np.ndarray, dark: np.ndarray) -> Index:
    """``idx`` with its :attr:`Index.sides` looked at (only for the indexes returned:
    the finder tries many more pairings)."""
    left, far, top = idx.ink
    rows = (top, idx.step)
    return replace(idx, sides=(
        _edge_looks(paper, dark, idx.rank + idx.right * left, idx.down, -idx.right, rows),
        _edge_looks(paper, dark, idx.rank + idx.right * far, idx.down, idx.right, rows)))


def _edge_looks(paper: np.ndarray, dark: np.ndarray, side: np.ndarray, down: np.ndarray,
                away: np.ndarray, rows: tuple[float, float]) -> int:
    """How many of three looks from an index's side (``side``, level with its rank's
    centre) along ``away`` meet a card's edge within a step: the paper's end, or a thin
    shadow line with paper past it (a card lying on another). The looks start by the
    rank's top half, its middle and the suit (``rows``: the rank's top, and the step).

    >>> level = np.zeros((60, 80), np.uint8)
    >>> level[:, 20:] = 220  # paper from x = 20: a card's edge there, the table left of it
    >>> look = lambda x, away: _edge_looks(level, level, np.array([x, 30.0]),
    ...                                    np.array([0.0, 1.0]), np.array([away, 0.0]), (-6, 12))
    >>> look(26.0, -1.0), look(60.0, -1.0), look(26.0, 1.0)  # by the edge, far off, away
    (3, 0, 0)
    """
    step = rows[1]
    near = [level if level is not None else thin for level, thin in zip(
        _side_looks(paper, side, down, away, rows, step),
        _side_looks(dark, side, down, away, rows, step, _thin_line), strict=True)]
    return sum(m is not None and m < 0.9 * step for m in near)


def _side_looks(img: np.ndarray, side: np.ndarray, down: np.ndarray, away: np.ndarray,
                rows: tuple[float, float], reach: float,
                edge: Callable[[np.ndarray, np.ndarray, np.ndarray, float], float | None] = _edge
                ) -> list[float | None]:
    """Three looks along ``away`` from an index's side (``side``, level with its rank's
    centre) for the card's edge (``edge``: :func:`_edge` or :func:`_thin_line`), by the
    rank's top half, its middle and the suit (``rows``: the rank's top, and the step)."""
    top, step = rows
    return [edge(img, side + down * t, away, reach) for t in (top * 0.5, 0.0, step)]


def _past_edge(box: np.ndarray, origin: np.ndarray, axes: tuple[np.ndarray, np.ndarray],
               edges: tuple[float | None, float | None]) -> bool:
    """Does a glyph (its box) reach past the card's edge left of the index or above it
    (``edges``: where each lies from ``origin`` along ``axes``, right and down; None
    where none was found)? Print on a card stays inside the card: ink reaching past
    its edge is the table's (a carpet's texture, wood grain, a shadow close beside it).

    >>> right, down = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    >>> grain = np.array([[-14, 0], [-6, 0], [-6, 8], [-14, 8]], np.float32)
    >>> _past_edge(grain, np.zeros(2), (right, down), (-10.0, None))
    True
    >>> _past_edge(grain + (6, 0), np.zeros(2), (right, down), (-10.0, None))
    False
    """
    for axis, edge in zip(axes, edges, strict=True):
        if edge is not None and _extent(box, origin, axis)[0] < edge:
            return True
    return False


def _margins(paper: np.ndarray, origin: np.ndarray, down: np.ndarray, right: np.ndarray,
             box: tuple[float, float, float], step: float, thin: bool = False
             ) -> tuple[list[float], list[float]]:
    """How far the paper runs left of the index and above it (three looks each), the
    looks that end within a step: paper running on past that is no edge of this card
    (another card's paper beyond it, where the usual margin is taken). With ``thin``,
    ``paper`` is the photo's darkest channel unclosed and the edge a thin dark line
    with paper past it (:func:`_thin_line`)."""
    left, top, r_hi = box
    reach = 1.5 * step
    edge = _thin_line if thin else _edge
    lefts = _side_looks(paper, origin + right * left, down, -right, (top, step), reach, edge)
    ups = [edge(paper, origin + down * top + right * t, -down, reach)
           for t in (left * 0.5, 0.0, r_hi)]
    # a card's edge seen as a thin line lies by the index (its usual margin), not as far
    # as a printed frame line
    most = (THIN_MARGIN if thin else 0.9) * step
    return ([m for m in lefts if m is not None and m < most],
            [m for m in ups if m is not None and m < most])


def _paper_level(dark: np.ndarray, origin: np.ndarray, axes: tuple[np.ndarray, np.ndarray],
                 box: tuple[float, float, float, float]) -> float:
    """The level of the paper an index is printed on: the median of the photo's darkest
    channel over the index's box (``box``: its left, right, top and bottom from
    ``origin`` along ``axes``, down and right), its ink left out. (The closed paper
    level of :class:`_Paper` takes the brightest nearby, a card's rim of light too.)

    >>> dark = np.full((40, 40), 200, np.uint8)
    >>> dark[10:20, 15:25] = 30  # a glyph
    >>> _paper_level(dark, np.array([20.0, 15.0]), (np.array([0.0, 1.0]), np.array([1.0, 0.0])),
    ...              (-8, 8, -8, 12))
    200.0
    """
    down, right = axes
    left, far, top, bottom = box
    us = np.linspace(top, bottom, 12, dtype=np.float32)
    vs = np.linspace(left, far, 12, dtype=np.float32)
    pts = origin + us[:, None, None] * down + vs[None, :, None] * right
    h, w = dark.shape
    xs = pts[..., 0].round().astype(int).clip(0, w - 1)
    ys = pts[..., 1].round().astype(int).clip(0, h - 1)
    values = dark[ys, xs].astype(np.float32).ravel()
    return float(np.median(values[values >= 0.65 * np.percentile(values, 90)]))


def _faint_margins(dark: np.ndarray, origin: np.ndarray, axes: tuple[np.ndarray, np.ndarray],
                   box: tuple[float, float, float], step: float,
                   clearer: list[tuple[list[float], list[float]]]
                   ) -> tuple[list[float], list[float]]:
    """:func:`_margins` with each side's clearest edge: of ``clearer`` (the looks that
    found the paper's end, then those that found a thin shadow line) the first with two
    looks, else a faint line (:func:`_faint_line`) that two looks or more find within
    :data:`AGREE` of the step of one another."""
    down, right = axes
    left, top, r_hi = box
    reach, most = 1.5 * step, THIN_MARGIN * step
    level = _paper_level(dark, origin, axes, (left, r_hi, top, step))
    at = ((top * 0.5, 0.0, step), (left * 0.5, 0.0, r_hi))
    faint = ([_faint_line(dark, origin + right * left + down * t, -right, reach, level)
              for t in at[0]],
             [_faint_line(dark, origin + down * top + right * t, -down, reach, level)
              for t in at[1]])
    agreed = [_agreed_looks(side, ts, most, AGREE * step)
              for side, ts in zip(faint, at, strict=True)]
    sides: list[list[float]] = [next((looks for looks in side if len(looks) >= 2), [])
                                for side in zip(*clearer, agreed, strict=True)]
    return sides[0], sides[1]


def _agreed_looks(looks: list[float | None], at: tuple[float, ...], most: float,
                  within: float) -> list[float]:
    """The looks at an edge (how far each found it, at the places ``at`` along it) that
    agree: two or more found within ``within`` of one another, or all three in a
    straight line a little slanted (``SLANTED``): the card's edge, straight, and the
    index's axis (from its rank's middle to its suit's) a few degrees off it; a
    texture's lines agree neither way. Nearer than ``most`` only.

    >>> _agreed_looks([5.0, 7.5, 6.0], (-5.0, 0.0, 17.0), 9.0, 1.7)  # no straight line
    []
    >>> _agreed_looks([5.0, 6.0, 7.0], (-5.0, 0.0, 17.0), 9.0, 1.7)  # 2 px off along 22
    [5.0, 6.0, 7.0]
    >>> _agreed_looks([5.0, None, 5.5], (-5.0, 0.0, 17.0), 9.0, 1.7)
    [5.0, 5.5]
    """
    found = [(t, m) for t, m in zip(at, looks, strict=True) if m is not None and m < most]
    ms = [m for _, m in found]
    if len(ms) >= 2 and max(ms) - min(ms) <= within:
        return ms
    if len(ms) == 3:
        (t0, m0), (t1, m1), (t2, m2) = sorted(found)
        slope = (m2 - m0) / max(t2 - t0, 1.0)
        if abs(slope) <= SLANTED and abs(m0 + slope * (t1 - t0) - m1) <= within / 2:
            return ms
    return []


def card_between(a: Index, b: Index, aspect: tuple[float, float] = ASPECT_RANGE
                 ) -> np.ndarray | None:
    """The card whose two index corners these are (pointing opposite ways, of one
    size), spanned by their corners along the axis the two share: corners clockwise
    from ``a``'s; None if they cannot be one card's (the far corner not ahead of
    ``a``, its length over its width outside ``aspect``).

    >>> d, r = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    >>> top = Index(np.zeros(2), d, r, np.array([0, 50], np.float32), 14.0)
    >>> foot = Index(np.zeros(2), -d, -r, np.array([100, 190], np.float32), 14.0)
    >>> card_between(top, foot).tolist()
    [[0.0, 50.0], [100.0, 50.0], [100.0, 190.0], [0.0, 190.0]]
    >>> card_between(foot, foot) is None
    True

    Two indexes whose rank-to-suit lines lean 8 degrees off the card's axis, opposite
    ways (cards-dev's webcam Js, its outline lost on wood grain), still span it:

    >>> s, c = np.sin(np.radians(8)), np.cos(np.radians(8))
    >>> top = Index(np.zeros(2), np.array([s, c]), np.array([c, -s]), top.corner, 14.0)
    >>> foot = Index(np.zeros(2), np.array([s, -c]), np.array([-c, -s]), foot.corner, 14.0)
    >>> card_between(top, foot).round().tolist()
    [[0.0, 50.0], [100.0, 50.0], [100.0, 190.0], [0.0, 190.0]]
    """
    if float(a.down @ b.down) > -0.9 or not 0.75 < a.step / b.step < 1.33:
        return None
    down, right = shared_axes(a, b)
    diagonal = b.corner - a.corner
    across, along = float(diagonal @ right), float(diagonal @ down)
    if across <= 0 or not aspect[0] < along / across < aspect[1]:
        return None
    c = a.corner
    return np.array([c, c + right * across, b.corner, c + down * along], np.float32)


def shared_axes(a: Index, b: Index) -> tuple[np.ndarray, np.ndarray]:
    """The card's down and right axes (from ``a``'s corner) for two indexes pointing
    opposite ways: each index's rank-to-suit line may lean a little off the card's axis
    (a suit printed a little aside of its rank), and the two lean opposite ways.

    >>> s, c = np.sin(np.radians(8)), np.cos(np.radians(8))
    >>> top = Index(np.zeros(2), np.array([s, c]), np.array([c, -s]), np.zeros(2), 14.0)
    >>> foot = Index(np.zeros(2), np.array([s, -c]), np.array([-c, -s]), np.zeros(2), 14.0)
    >>> [v.round(3).tolist() for v in shared_axes(top, foot)]
    [[0.0, 1.0], [1.0, -0.0]]
    """
    down = a.down - b.down
    down = down / max(float(np.linalg.norm(down)), 1e-6)
    return down, np.array([down[1], -down[0]], np.float32)


def index_quads(idx: Index, width: float | None = None) -> list[np.ndarray]:
    """Card quadrilaterals to try for one index: the photo's card width when known,
    else the widths usual for an index of this size."""
    widths = [width] if width else [k * idx.step for k in WIDTHS]
    return [idx.quad(w) for w in widths]


__all__ = ["USUAL_SIDE", "WIDTHS", "Index", "card_between", "find_indexes", "index_quads",
           "inside", "shared_axes"]
