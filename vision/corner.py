"""Find the rank and suit glyphs in a card's index corner and turn them into features.

A *corner* is the top-left part of an upright card resampled to the canonical
scale of :mod:`vision.decks` (card 300 px wide): :data:`CORNER_W` x :data:`CORNER_H`
pixels. The index is segmented by ink (pixels well darker than the paper), the
rank glyph is the top-most ink near the left edge (the two digits of a ten are
merged), and the suit glyph is the ink right below it.

>>> from controller.cards import Card
>>> from vision.decks import STYLES, render_face, face_on
>>> corner = canonical_corner(face_on(render_face(STYLES["jumbo"], Card("Qs"))))
>>> glyphs = find_index(corner)
>>> glyphs is not None and glyphs.rank_box[1] < glyphs.suit_box[1]
True
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from controller.cards import Card, Suit

CORNER_W, CORNER_H = 96, 190
EDGE = 6  # canonical pixels along the card's top and left edges that hold no index
MAX_EDGE = 14  # ...and up to this many while they are ink all along (the edge beyond a
EDGE_INK = 0.6  # corner cut a little outside the card): at least this share of the line
MIN_RANK_H = 18  # canonical pixels: smaller ink near the corner is not a rank glyph
# a rank glyph touching its suit (rank_and_suit): opened with a disc of SOLID of the
# blob's thickest point's depth, a suit's solid middle stays and a rank's strokes go;
# each part holds PART_AREA of the ink. In a corner, such a blob is JOINED_TALL times as
# tall as it is wide
SOLID = 0.55
PART_AREA = 0.15
JOINED_TALL = 1.5
DRAWN_RUN = 71  # canonical pixels: a straight run this long is a line, no glyph's stroke
DRAWN_TURN = 4  # degrees: a drawn line is looked for this far either way of its thin parts
GLYPH = 24  # glyphs are normalised into a GLYPH x GLYPH box
_CELL = 6
_BINS = 9
_NCELL = GLYPH // _CELL
FEATURE_LEN = _NCELL * _NCELL * _BINS + GLYPH * GLYPH // 16 + 2
# which cell each pixel of the glyph image belongs to
_CELL_OF = ((np.arange(GLYPH)[:, None] // _CELL) * _NCELL
            + np.arange(GLYPH)[None, :] // _CELL).ravel()


def hog(img: np.ndarray) -> np.ndarray:
    """Histogram of oriented gradients: unsigned orientation, GLYPH/6 cells a side, 9 bins.

    (OpenCV 5 no longer ships HOGDescriptor in the main module, so it is done here.)
    """
    f = img.astype(np.float32)
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1, ksize=1)
    mag, ang = cv2.cartToPolar(gx, gy, angleInDegrees=True)
    bins = ((ang.ravel() % 180.0) / (180.0 / _BINS)).astype(np.int64) % _BINS
    hist = np.bincount(_CELL_OF * _BINS + bins, weights=mag.ravel(),
                       minlength=_NCELL * _NCELL * _BINS).astype(np.float32)
    hist = hist.reshape(_NCELL * _NCELL, _BINS)
    hist /= np.sqrt((hist**2).sum(axis=1, keepdims=True) + 1e3)
    return hist.ravel()


@dataclass(frozen=True)
class IndexGlyphs:
    """The segmented index: glyph boxes (x, y, w, h) and their feature vectors."""

    rank_box: tuple[int, int, int, int]
    suit_box: tuple[int, int, int, int]
    rank_features: np.ndarray
    suit_features: np.ndarray
    ink_fraction: float
    # other ink in the corner about the size of the rank or of the suit glyph (counted
    # once for each): a back's all-over pattern has many, a face's index a few at most
    look_alikes: int = 0


def corner_size(shape: tuple[int, ...]) -> tuple[int, int]:
    """How many pixels across and down of a card image of ``shape`` its canonical
    corner covers (:data:`CORNER_W` x :data:`CORNER_H` on a card 300 px wide).

    >>> corner_size((420, 300, 3)), corner_size((840, 600, 3))
    ((96, 190), (192, 380))
    """
    h, w = shape[:2]
    k = 300.0 / w
    return min(w, round(CORNER_W / k)), min(h, round(CORNER_H / k))


def canonical_corner(card: np.ndarray) -> np.ndarray:
    """The top-left corner of an upright card image of any size, at canonical scale (BGR)."""
    cw, ch = corner_size(card.shape)
    return cv2.resize(card[:ch, :cw], (CORNER_W, CORNER_H), interpolation=cv2.INTER_AREA
                      if card.shape[1] > 300 else cv2.INTER_LINEAR)


READ_LEVELS = (0.55, 0.4, 0.65)  # ink levels a photo's index is parted into glyphs at


def ink_mask(corner: np.ndarray, level: float = 0.55) -> tuple[np.ndarray, float] | None:
    """Binary mask of the index ink, and the paper brightness; None if no contrast.

    ``level`` places the threshold between the darkest ink and the paper: lower
    values keep only the core of each stroke, which parts glyphs that blur has joined.
    """
    gray = corner if corner.ndim == 2 else cv2.cvtColor(corner, cv2.COLOR_BGR2GRAY)
    hist = cv2.calcHist([gray], [0], None, [256], [0, 256]).ravel().cumsum()
    paper = float(np.searchsorted(hist, 0.90 * hist[-1]))
    dark = float(np.searchsorted(hist, 0.01 * hist[-1]))
    if paper < 60 or paper - dark < 45:
        return None
    thresh = dark + level * (paper - dark)
    mask = (gray < thresh).astype(np.uint8)
    return mask, paper


Comp = tuple[int, int, int, int, int, int]  # x, y, w, h, area, label
Box = tuple[int, int, int, int]


def _merge(a: Box, b: Box) -> Box:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return x0, y0, x1 - x0, y1 - y0


def _edge_strip(ink: np.ndarray) -> int:
    """How many lines (columns, or rows) along a card edge to clear: at least
    :data:`EDGE`, and on while the line is mostly ink, up to :data:`MAX_EDGE`.

    A corner cut a few pixels outside the card has the shoe (or table) and the card's
    edge beyond the usual strip; an index printed close to the edge would be joined to
    them. The edge runs the whole length of the corner; index glyphs do not.

    >>> _edge_strip(np.array([1, 1, 1, 1, 1, 1, 1, 0.9, 0.2, 0.1, 0.5, 0.1]))
    8
    >>> _edge_strip(np.array([0.9] * 5 + [0.1] * 10))
    6
    """
    n = EDGE
    while n < min(MAX_EDGE, len(ink)) and ink[n] > EDGE_INK:
        n += 1
    return n


def _clear_rounded_corner(mask: np.ndarray, left: int, top: int) -> None:
    """Clear what lies beyond the card's rounded corner (in place), so an index glyph
    printed close to it is not joined to the shoe or table there.

    The arc's radius is measured along the diagonal: the ink (background) from the
    corner of the cleared strips to the first paper pixel.

    >>> m = np.zeros((60, 60), np.uint8)
    >>> yy, xx = np.mgrid[:60, :60]
    >>> m[((xx - 26) ** 2 + (yy - 26) ** 2 > 20 ** 2) & (xx < 26) & (yy < 26)] = 1  # beyond arc
    >>> m[12:40, 12:20] = 1  # a glyph touching the arc
    >>> _clear_rounded_corner(m, 6, 6)
    >>> int(m[:20, :20].sum() > 0), int(m[30:40, 12:20].all())
    (1, 1)
    >>> int(m[6:10, 6:10].sum())
    0
    """
    k = 0
    while top + k < mask.shape[0] and left + k < mask.shape[1] and k < 16 \
            and mask[top + k, left + k]:
        k += 1
    if k < 2:
        return
    r = min(k / (1 - 0.5**0.5), 40.0)  # the diagonal meets the arc r(1 - 1/sqrt 2) in
    n = int(np.ceil(r))
    yy, xx = np.mgrid[:n, :n].astype(np.float32)
    beyond = (xx - r) ** 2 + (yy - r) ** 2 > (r - 1.5) ** 2
    region = mask[top:top + n, left:left + n]
    region[beyond[:region.shape[0], :region.shape[1]]] = 0


def _components(mask: np.ndarray, measure_edge: bool = False
                ) -> tuple[list[Comp], np.ndarray]:
    """Candidate glyph components, noise and card edges removed, and the label image.

    ``measure_edge``: clear the card's edge as far as it runs (:func:`_edge_strip`) and
    what lies beyond its rounded corner, not just the fixed :data:`EDGE` strip.
    """
    # the strip along the card's edge holds the edge itself (and the table or shoe beyond
    # it); cleared, so an index printed close to the edge is not joined to it
    left, top = EDGE, EDGE
    if measure_edge:
        left, top = _edge_strip(mask.mean(axis=0)), _edge_strip(mask.mean(axis=1))
    mask[:top, :] = 0
    mask[:, :left] = 0
    if measure_edge:
        _clear_rounded_corner(mask, left, top)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    # a jumbo index's J is nearly half the corner's height; blur and a card a little
    # larger than nominal take it past that (the shoe's measured edge allows for it, at
    # the top, where a rank glyph starts: not a picture lower down)
    tallest = (0.56 if measure_edge else 0.5) * CORNER_H
    out = []
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        if area < 12 or h < 7 or w > 0.8 * CORNER_W \
                or h > (tallest if y < 0.15 * CORNER_H else 0.5 * CORNER_H):
            continue
        if area > 0.9 * w * h and min(w, h) < 5:  # ruled lines of a picture frame
            continue
        if x <= EDGE and y <= EDGE:  # beyond a rounded corner (a crop a little inside)
            continue
        out.append((x, y, w, h, area, i))
    return out, labels


def _rank_box(comps: list[Comp], strict: bool = False) -> tuple[Box, list[int]] | None:
    """The rank glyph: the top-most tall ink near the left edge, with the other digit of
    a ten. ``strict``: that digit must match the first in top and height closely (a
    blurred pip beside a rank is about as tall, but sits lower or is taller)."""
    left = [c for c in comps if c[0] < 0.55 * CORNER_W and c[3] >= MIN_RANK_H]
    if not left:
        return None
    first = min(left, key=lambda c: c[1])
    box: Box = first[:4]
    ids = [first[5]]
    for c in comps:  # the other digit of a ten, or a broken stroke of the same glyph
        if c is first:
            continue
        overlap = min(box[1] + box[3], c[1] + c[3]) - max(box[1], c[1])
        gap = max(c[0] - (box[0] + box[2]), box[0] - (c[0] + c[2]))
        tall, top = (0.15, 0.12) if strict else (0.3, 0.25)
        similar = (abs(c[3] - first[3]) < tall * first[3]
                   and abs(c[1] - first[1]) < top * first[3])
        if similar and overlap > 0.6 * min(box[3], c[3]) and gap < 0.6 * box[3]:
            box = _merge(box, c[:4])
            ids.append(c[5])
    return box, ids


def _suit_box(comps: list[Comp], rank: Box) -> tuple[Box, list[int]] | None:
    ry1, rcx = rank[1] + rank[3], rank[0] + rank[2] / 2
    below = [c for c in comps if c[1] >= ry1 - 2 and c[1] < ry1 + 1.5 * rank[3]
             and abs(c[0] + c[2] / 2 - rcx) < max(rank[2], c[2]) * 0.6 + 4
             and c[3] >= 0.35 * rank[3] and c[2] >= 0.3 * min(rank[2], rank[3])]
    if not below:
        return None
    first = min(below, key=lambda c: c[1])
    box: Box = first[:4]
    ids = [first[5]]
    for c in below:  # a suit drawn in pieces (a club's stem), never a bigger pip beside it
        if c is not first and c[4] < 0.5 * first[4] and c[1] < box[1] + box[3] \
                and c[0] >= box[0] - 2 and c[0] + c[2] <= box[0] + box[2] + 2:
            box = _merge(box, c[:4])
            ids.append(c[5])
    return box, ids


def glyph_features(mask: np.ndarray, box: Box) -> np.ndarray:
    """HOG of the glyph scaled into a square (aspect kept) plus its aspect and size."""
    x, y, w, h = box
    glyph = mask[y:y + h, x:x + w].astype(np.float32)
    side = max(w, h)
    canvas = np.zeros((side, side), np.float32)
    canvas[(side - h) // 2:(side - h) // 2 + h, (side - w) // 2:(side - w) // 2 + w] = glyph
    small = cv2.resize(canvas, (GLYPH - 4, GLYPH - 4), interpolation=cv2.INTER_AREA)
    img = np.zeros((GLYPH, GLYPH), np.uint8)
    img[2:-2, 2:-2] = np.clip(small * 255, 0, 255).astype(np.uint8)
    coarse = cv2.resize(img, (GLYPH // 4, GLYPH // 4), interpolation=cv2.INTER_AREA)
    extra = np.array([w / h, h / CORNER_H * 4], np.float32)
    return np.concatenate([hog(img), coarse.ravel() / 255.0, extra]).astype(np.float32)


def _only(labels: np.ndarray, box: Box, ids: list[int]) -> np.ndarray:
    """The mask of just these components (not other ink inside their box)."""
    x, y, w, h = box
    keep = np.zeros(int(labels.max()) + 1, np.uint8)
    keep[ids] = 1
    out = np.zeros(labels.shape, np.uint8)
    out[y:y + h, x:x + w] = keep[labels[y:y + h, x:x + w]]
    return out


def cut_necks(mask: np.ndarray) -> np.ndarray:
    """Part index glyphs from the pips that blur has joined them to (in place).

    A blob that starts in the index column and runs on into the picture area is cut
    at its narrowest column (a neck much thinner than the ink on either side of it).

    >>> m = np.zeros((60, 96), np.uint8)
    >>> m[10:40, 10:30] = 1; m[10:50, 40:90] = 1; m[24:27, 30:40] = 1  # glyph, neck, pip
    >>> n_before = cv2.connectedComponents(m)[0]
    >>> n_after = cv2.connectedComponents(cut_necks(m))[0]
    >>> n_before, n_after
    (2, 3)
    """
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    for i in range(1, n):
        x, y, w, h, _area = (int(v) for v in stats[i])
        if x >= 0.45 * CORNER_W or x + w <= 0.5 * CORNER_W or h < MIN_RANK_H // 2:
            continue
        cols = (labels[y:y + h, x:x + w] == i).sum(axis=0)
        lo, hi = max(8, 20 - x), min(w - 6, int(0.7 * CORNER_W) - x)
        if hi <= lo:
            continue
        j = lo + int(np.argmin(cols[lo:hi]))
        if cols[j] <= 0.4 * min(cols[:j].max(), cols[j + 1:].max()):
            neck = mask[y:y + h, x + j:x + j + 2]
            neck[labels[y:y + h, x + j:x + j + 2] == i] = 0
    return mask


def cut_lines(mask: np.ndarray, run: int) -> np.ndarray:
    """``mask`` (0/1) less the long straight lines in it: the ink on a straight run at
    least ``run`` pixels long, in each blob that long (a tango card's drawn edge with a
    neighbour's glyph touching it, one blob; the glyph stays, shaved of the pixels the
    line runs through). A blob's line runs the way its thin parts do (its pixels a 3x3
    opening takes away), give or take DRAWN_TURN degrees; it is looked for a pixel
    wider than drawn (a drawn line is a pixel or two wide, and not quite straight).

    >>> m = np.zeros((120, 60), np.uint8)
    >>> m[5:115, 30:32] = 1  # a card's drawn edge ...
    >>> _ = cv2.circle(m, (20, 60), 10, 1, -1)  # ... and a suit touching it
    >>> n_before = cv2.connectedComponents(m)[0] - 1
    >>> cut = cut_lines(m, 61)
    >>> n_before, cv2.connectedComponents(cut)[0] - 1  # the suit alone
    (1, 1)
    >>> int(cut[:, 30:].sum()), int(cut[60, :30].sum())  # the line gone, the suit shaved
    (0, 18)
    >>> cut_lines(m, 2)
    Traceback (most recent call last):
    ...
    ValueError: a line is at least 3 pixels long, not 2
    """
    if run < 3:
        raise ValueError(f"a line is at least 3 pixels long, not {run}")
    out = mask.copy()
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    for i in range(1, n):
        x, y, w, h, _area = (int(v) for v in stats[i])
        if max(w, h) < run:
            continue
        pad = run // 2 + 2
        blob = cv2.copyMakeBorder((labels[y:y + h, x:x + w] == i).astype(np.uint8),
                                  pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
        thin = blob & (1 - cv2.morphologyEx(blob, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)))
        ys, xs = np.nonzero(thin)
        if len(xs) < run // 2:
            continue
        vx, vy = cv2.fitLine(np.stack([xs, ys], axis=1).astype(np.float32),
                             cv2.DIST_HUBER, 0, 0.01, 0.01)[:2, 0]
        angle = float(np.arctan2(vy, vx))
        fat = cv2.dilate(blob, np.ones((3, 3), np.uint8))
        line = np.zeros_like(blob)
        c = run // 2
        for turn in np.radians(np.arange(-DRAWN_TURN, DRAWN_TURN + 1, 1.0)):
            kernel = np.zeros((run, run), np.uint8)
            d = c * np.array([np.cos(angle + turn), np.sin(angle + turn)])
            cv2.line(kernel, (round(c - d[0]), round(c - d[1])),
                     (round(c + d[0]), round(c + d[1])), 1, 1)
            line |= cv2.morphologyEx(fat, cv2.MORPH_OPEN, kernel)
        region = out[y:y + h, x:x + w]
        region[(line & blob)[pad:-pad, pad:-pad] > 0] = 0
    return out


def rank_and_suit(blob: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """A blob (a 0/1 mask) that is a rank glyph touching its suit (a tango J's hook on
    its heart, a nicu queen's tail on hers), parted: the rank's pixels and the suit's
    (masks), else None. A suit is solid and a rank's strokes thin: the blob opened with
    a disc of :data:`SOLID` of its thickest point's depth keeps the suit; the rest, less
    a pixel round the suit, is the rank. Each must be one piece holding
    :data:`PART_AREA` of the blob's ink (smaller crumbs are dropped).

    >>> blob = np.zeros((60, 30), np.uint8)
    >>> blob[2:30, 12:16] = 1  # a "1"
    >>> _ = cv2.circle(blob, (14, 44), 12, 1, -1)  # a round suit touching its foot
    >>> rank, suit = rank_and_suit(blob)
    >>> [int(np.nonzero(p.any(axis=1))[0][k]) for p in (rank, suit) for k in (0, -1)]
    [2, 29, 32, 56]
    >>> rank_and_suit(cv2.circle(np.zeros((30, 30), np.uint8), (15, 15), 12, 1, -1)) is None
    True
    """
    # (a border of paper round it: a blob filling its box has no depth otherwise)
    bordered = cv2.copyMakeBorder(blob, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    depth = cv2.distanceTransform(bordered, cv2.DIST_L2, 3)[1:-1, 1:-1]
    r = round(SOLID * float(depth.max()))
    if r < 2:
        return None
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    solid = cv2.dilate((depth >= r).astype(np.uint8), disc) & blob
    rest = blob & (1 - cv2.dilate(solid, np.ones((3, 3), np.uint8)))
    ink = int(blob.sum())
    pieces = []
    for part in (rest, solid):
        n, labels, stats, _ = cv2.connectedComponentsWithStats(part, connectivity=8)
        big = [j for j in range(1, n) if stats[j, cv2.CC_STAT_AREA] >= PART_AREA * ink]
        if len(big) != 1:
            return None
        pieces.append((labels == big[0]).astype(np.uint8))
    return pieces[0], pieces[1]


def part_touching(mask: np.ndarray) -> np.ndarray:
    """Part each rank glyph in the index column that touches the suit below it
    (:func:`rank_and_suit`; in place): a blob at least :data:`JOINED_TALL` times as tall
    as wide, its solid part below the rest."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        if x >= 0.45 * CORNER_W or h < JOINED_TALL * w or h < 2 * MIN_RANK_H or area < 60:
            continue
        blob = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        parted = rank_and_suit(blob)
        if parted is None:
            continue
        rank, suit = parted
        if np.nonzero(rank.any(axis=1))[0].mean() >= np.nonzero(suit.any(axis=1))[0].mean():
            continue  # a rank is printed over its suit
        crop = mask[y:y + h, x:x + w]
        crop[(blob > 0) & (rank == 0) & (suit == 0)] = 0
    return mask


def find_index(corner: np.ndarray, level: float = 0.55, separate: bool = False,
               measure_edge: bool = False, parted: bool = False, lines: bool = False
               ) -> IndexGlyphs | None:
    """Segment the rank and suit glyphs of a canonical corner; None when there is no index.

    ``separate`` (the shoe reader's second try on a blurred corner): cut the necks that
    join an index glyph to a pip (:func:`cut_necks`) and join the digits of a ten only
    when they match closely. ``measure_edge`` (the shoe reader): clear the card's edge
    and rounded corner where they are, so an index printed close to them (the "1" of a
    ten) is not joined to the shoe beyond. ``parted`` (a photo's corner with no index
    found otherwise): part a rank glyph touching its suit (:func:`part_touching`).
    ``lines`` (a photo's corner, a last look): take the long straight lines out
    (:func:`cut_lines`: a neighbour's drawn edge that a glyph touches).
    """
    found = ink_mask(corner, level)
    if found is None:
        return None
    mask, _paper = found
    if separate:
        cut_necks(mask)
    if parted:
        part_touching(mask)
    if lines:
        mask = cut_lines(mask, DRAWN_RUN)
    comps, labels = _components(mask, measure_edge)
    rank = _rank_box(comps, strict=separate)
    if rank is None:
        return None
    suit = _suit_box(comps, rank[0])
    if suit is None:
        return None
    return IndexGlyphs(rank[0], suit[0], glyph_features(_only(labels, *rank), rank[0]),
                       glyph_features(_only(labels, *suit), suit[0]), float(mask.mean()),
                       _look_alikes(comps, [rank, suit]))


def find_mark(corner: np.ndarray, level: float = 0.55, measure_edge: bool = False
              ) -> IndexGlyphs | None:
    """The top-left mark of a corner that has no rank-over-suit index (some jokers carry
    a single emblem there): the same glyph stands as both rank and suit, so the suit
    model decides whether it is a joker's mark or not an index at all."""
    found = ink_mask(corner, level)
    if found is None:
        return None
    mask, _paper = found
    comps, labels = _components(mask, measure_edge)
    rank = _rank_box(comps, strict=True)
    if rank is None:
        return None
    features = glyph_features(_only(labels, *rank), rank[0])
    return IndexGlyphs(rank[0], rank[0], features, features, float(mask.mean()),
                       _look_alikes(comps, [rank]))


def _look_alikes(comps: list[Comp], glyphs: list[tuple[Box, list[int]]]) -> int:
    """How many other components are about as wide and as tall as each glyph (summed).

    >>> blob = lambda x, y, i: (x, y, 14, 20, 250, i)
    >>> comps = [blob(10, 10, 1), blob(40, 10, 2), blob(70, 10, 3), (10, 40, 30, 8, 200, 4)]
    >>> _look_alikes(comps, [((10, 10, 14, 20), [1])])
    2
    """
    total = 0
    for (_x, _y, gw, gh), ids in glyphs:  # (plain Python: a face has a handful of comps)
        dw, dh = 0.25 * gw + 1, 0.25 * gh + 1
        total += sum(1 for c in comps if abs(c[2] - gw) <= dw and abs(c[3] - gh) <= dh
                     and c[5] not in ids)
    return total


@dataclass(frozen=True)
class InkRule:
    """When a glyph's ink counts as red or black: each channel is taken as a share of
    the paper's, so a warm or cold light does not tint it. The shoe's own light is
    even; a photo's (warm lamps, JPEG) wants the looser :data:`PHOTO_INK`."""

    red: float = 0.22  # red ink: its red channel this much above its others
    grey: float = 0.1  # black ink: its channels within this much of each other
    darkest: float = 1.0  # black ink: its red channel below this share of the paper's
    min_pixels: int = 12  # fewer ink pixels than this tell nothing


SHOE_INK = InkRule()
PHOTO_INK = InkRule(red=0.18, grey=0.12, darkest=0.75, min_pixels=8)


def _box_ink(corner: np.ndarray, box: Box, level: float, rule: InkRule
             ) -> tuple[np.ndarray, np.ndarray] | None:
    """The ink pixels inside ``box`` of a BGR corner (float, one row each) and the paper
    colour round all the corner's ink (each channel one over, never zero); None for a
    grey corner, no ink, or fewer ink pixels than the rule looks at."""
    if corner.ndim != 3:
        return None
    found = ink_mask(corner, level)
    if found is None:
        return None
    mask = found[0].astype(bool)
    paper = np.median(corner[~mask], axis=0).astype(np.float32) + 1.0
    x, y, w, h = box
    ink = corner[y:y + h, x:x + w][mask[y:y + h, x:x + w]].astype(np.float32)
    return None if len(ink) < rule.min_pixels else (ink, paper)


def ink_colour(corner: np.ndarray, box: Box, level: float = 0.55,
               rule: InkRule = SHOE_INK) -> str:
    """``red``, ``black`` or ``other`` (blue, green, too little ink to tell): the colour
    of the ink inside ``box`` of a BGR corner, judged against the paper around it.

    >>> corner = np.full((CORNER_H, CORNER_W, 3), 230, np.uint8)
    >>> corner[40:70, 10:40] = (40, 40, 190)
    >>> ink_colour(corner, (10, 40, 30, 30)), ink_colour(corner[:, :, ::-1], (10, 40, 30, 30))
    ('red', 'other')
    >>> corner[40:70, 10:40] = 50
    >>> ink_colour(corner, (10, 40, 30, 30)), ink_colour(corner, (10, 40, 30, 30), rule=PHOTO_INK)
    ('black', 'black')
    """
    found = _box_ink(corner, box, level, rule)
    if found is None:
        return "other"
    ink, paper = found
    b, g, r = np.median(ink, axis=0) / paper
    if r - max(b, g) > rule.red:
        return "red"
    if max(b, g, r) - min(b, g, r) < rule.grey and r < rule.darkest:
        return "black"
    return "other"


TWO_INKS = 0.25  # red ink this share of a glyph's, and blue or green as much: two things


def two_inks(corner: np.ndarray, box: Box, level: float = 0.55, rule: InkRule = SHOE_INK
             ) -> bool:
    """Is the ink inside ``box`` of a BGR corner two inks, red and clearly not red (blue
    or green), each at least :data:`TWO_INKS` of it? An index glyph is printed in one
    ink; a "suit" of a red heart run into a blue poker chip lying against it is no suit
    (its shape, the two together, was read as a club).

    >>> corner = np.full((CORNER_H, CORNER_W, 3), 230, np.uint8)
    >>> corner[40:70, 10:40] = (40, 40, 190)
    >>> two_inks(corner, (10, 40, 30, 30))
    False
    >>> corner[55:70, 10:40] = (160, 70, 30)
    >>> two_inks(corner, (10, 40, 30, 30))
    True
    """
    found = _box_ink(corner, box, level, rule)
    if found is None:
        return False
    ink = found[0] / found[1]
    redness = ink[:, 2] - np.maximum(ink[:, 0], ink[:, 1])
    # a red glyph's blurred or JPEG'd fringe is pinkish, a black one's under a warm
    # light a little red: only ink clearly not red (blue, green) is another ink
    red, other = float((redness > rule.red).mean()), float((redness < -rule.red).mean())
    return min(red, other) >= TWO_INKS


def ink_contradicts(card: Card | None, ink: str) -> bool:
    """Does ``ink`` (from :func:`ink_colour`) rule out the card's suit? Hearts and
    diamonds are never black, spades and clubs never red; blue, green or unsure ink
    (a four-colour deck) and a card without a suit (the joker) contradict nothing.

    >>> ink_contradicts(Card("Ah"), "black"), ink_contradicts(Card("As"), "red")
    (True, True)
    >>> ink_contradicts(Card("Ah"), "red"), ink_contradicts(Card("Ac"), "other")
    (False, False)
    """
    if card is None or card.suit is None:
        return False
    red = red_suit(card)
    return (red and ink == "black") or (not red and ink == "red")


def red_suit(card: Card | None) -> bool:
    """Is ``card`` a heart or a diamond, a suit printed in red ink (but for a
    four-colour deck's blue diamonds)?

    >>> red_suit(Card("Qd")), red_suit(Card("Qs")), red_suit(None)
    (True, False, False)
    """
    return card is not None and card.suit in (Suit.HEARTS, Suit.DIAMONDS)


INDEX_TOP = 0.37  # an index's rank glyph starts in this top share of the corner
RANK_ASPECT = 2.0  # no rank glyph (a ten's two digits included) is wider than this
REPEATS = 8  # a glyph with this many look-alikes in the corner is a back's all-over pattern


def back_pattern(glyphs: IndexGlyphs) -> bool:
    """Are these "index" glyphs a piece of a card back's pattern, not an index?

    A face prints its index once, near the corner, on paper; a back's all-over pattern
    (a lattice, a checkerboard) gives glyphs that sit anywhere, may be far wider than
    any rank, and repeat all round: the rank and suit glyphs have :data:`REPEATS` or
    more look-alikes (about the same width and height) in the corner between them. A
    face's index has a few at most (its pips, the other digit of a ten).

    >>> corner = np.full((CORNER_H, CORNER_W), 235, np.uint8)
    >>> for y in range(12, CORNER_H - 20, 28):  # a back's all-over pattern of blobs
    ...     for x in range(14, CORNER_W - 14, 22):
    ...         corner[y:y + 20, x:x + 14] = 60
    >>> glyphs = find_index(corner)
    >>> glyphs is not None and back_pattern(glyphs)
    True
    >>> from vision.decks import STYLES, render_face, face_on
    >>> face = canonical_corner(face_on(render_face(STYLES["jumbo"], Card("8d"))))
    >>> back_pattern(find_index(face))
    False
    """
    _x, y, w, h = glyphs.rank_box
    return y >= INDEX_TOP * CORNER_H or w > RANK_ASPECT * h or glyphs.look_alikes >= REPEATS


BLANK_ZONE = (slice(16, 80), slice(16, 44))  # rows, columns where an index would be
BLANK_PAPER = 150  # a blank corner is bright paper (not a dark back or a finger)
BLANK_LINES = 4  # long thin lines a blank corner may hold (its edge, an outline)


def blank_corner(corner: np.ndarray) -> bool:
    """Is this a card's corner with no index at all (bright paper, the card's edge in
    view, no ink where an index would be)? Some jokers print none (dondorf's has only a
    picture in the middle); every other card face has an index in this corner.

    >>> card = np.full((CORNER_H, CORNER_W), 235, np.uint8); card[:, :4] = 30  # edge
    >>> blank_corner(card)
    True
    >>> card[30:60, 20:40] = 20  # a rank glyph
    >>> blank_corner(card)
    False
    >>> card[:, 12::10] = 30  # a striped back: no index, but no blank paper either
    >>> card[30:60, 20:40] = 235
    >>> blank_corner(card)
    False
    """
    for level in (0.55, 0.8):  # the lighter level keeps faint or washed-out ink
        found = ink_mask(corner, level)
        if found is None or found[1] < BLANK_PAPER:
            return False  # no contrast: the card's edge is not in view to judge by
        mask = found[0]
        _components(mask, measure_edge=True)  # clears the edge and beyond the corner
        n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        lines = 0
        for i in range(1, n):
            _x, _y, w, h, area = (int(v) for v in stats[i])
            if (h > 0.6 * CORNER_H and w <= 10) or (w > 0.6 * CORNER_W and h <= 12) or (
                    (h > 0.6 * CORNER_H or w > 0.6 * CORNER_W) and area < 0.3 * w * h):
                mask[labels == i] = 0  # the card's edge (or its outline), inside the crop
                lines += 1
        # (a card's edge and an outline or two; more long lines are a back's stripes)
        if lines > BLANK_LINES or mask[BLANK_ZONE].mean() > 0.002:
            return False
    return True


__all__ = [
    "CORNER_H",
    "CORNER_W",
    "FEATURE_LEN",
    "PHOTO_INK",
    "SHOE_INK",
    "IndexGlyphs",
    "InkRule",
    "back_pattern",
    "blank_corner",
    "canonical_corner",
    "corner_size",
    "cut_necks",
    "find_index",
    "find_mark",
    "glyph_features",
    "ink_colour",
    "ink_contradicts",
    "ink_mask",
    "part_touching",
    "rank_and_suit",
    "red_suit",
    "two_inks",
]
