"""A photo taken at a slant, squared up to the table.

Cards lie flat on one table, so every card's outline is the picture of a rectangle in
one plane. A phone held at a slant turns them into trapezoids: the far cards smaller
and squeezed, their sides converging, some looking longer or squarer than any card,
and an index printed upright looking like no glyph the reader knows. Turning the
camera back to look straight down is a homography of the photo, ``K R K^-1``: the
camera's lens (``K``: its focal length, the photo's middle the point it looks at) and
the rotation ``R`` that undoes the slant. In the squared photo every card is a card
again, of its own proportions, and is read as on a photo taken from above.

The slant is found from the photo's clean four-sided outlines (cards, and any book or
phone lying on the table: all are rectangles in that plane): the rotation that makes
their corners most nearly square.

>>> import numpy as np
>>> K = np.array([[800.0, 0, 480], [0, 800.0, 360], [0, 0, 1]])
>>> card = np.array([[400, 300], [500, 300], [500, 440], [400, 440]], np.float64)
>>> tilted = [_moved(card + (dx, dy), K @ turn(0.45, 0.3) @ np.linalg.inv(K))
...           for dx, dy in ((-250, -150), (0, 0), (250, 120))]
>>> [round(corner_error(q)) for q in tilted]  # degrees off square
[3, 3, 9]
>>> back = squaring(tilted, (720, 960)).homography
>>> [bool(corner_error(_moved(q, back)) < 1) for q in tilted]
[True, True, True]
>>> squaring([card], (720, 960)) is None  # already square to the table
True
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

FOCAL = 0.8  # a phone's or webcam's focal length, of the photo's longer side
FOCALS = (0.5, 0.6, 0.7, 0.8, 0.95, 1.1, 1.3)  # ... tried, in case it is another
PRIOR = 1.05  # (another lens must fit this much better)
SLANT_MIN = np.radians(12)  # a photo slanted less than this is read as it is
SLANT_MAX = np.radians(50)
LEADS = np.radians(25)  # from this slant on, the squared look is the better one
CAP = 12.0  # an outline's corners this many degrees off square count no worse (no rectangle)
GAIN = (0.6, 1.5)  # squared up, the outlines' corners this much squarer (of before, and
# in degrees) than they were
# an outline this near square squared up (degrees: 1.5, or a quarter of how far off it
# was, at most 3; a phone lens's own distortion keeps a strong slant's cards off a
# little) bears the slant out ...
SUPPORT = (1.5, 0.25, 3.0)
CARD_SHAPE = (1.3, 1.65)  # ... if it is then a card's shape (a poker or a bridge card)
BIGGEST = 1.6  # the squared photo is at most this many times the photo's longer side


@dataclass(frozen=True)
class Slant:
    """How a photo was taken at a slant: the homography that squares it up to the
    table, the clean outlines it was found from (rectangles lying on the table) and
    those that bore it out (a card's shape once squared)."""

    homography: np.ndarray
    outlines: list[np.ndarray]
    cards: list[np.ndarray]
    slant: float  # radians from overhead


def turn(slant: float, towards: float) -> np.ndarray:
    """The rotation of a camera tipped ``slant`` radians about the axis in the photo's
    plane at ``towards`` radians from its x axis."""
    axis = np.array([np.cos(towards), np.sin(towards), 0.0]) * slant
    rotation: np.ndarray = cv2.Rodrigues(axis)[0]
    return rotation


def _moved(quad: np.ndarray, h: np.ndarray) -> np.ndarray:
    pts = np.asarray(quad, np.float64).reshape(-1, 2)
    out: np.ndarray = cv2.perspectiveTransform(pts[None], h)[0]
    return out


def _corner_errors(quads: np.ndarray, hs: np.ndarray) -> np.ndarray:
    """How far from square each outline's corners are after each homography: degrees,
    the root mean square over its four corners, shape (homographies, outlines)."""
    pts = np.concatenate([quads, np.ones((*quads.shape[:2], 1))], axis=2)  # (N, 4, 3)
    moved = np.einsum("gij,nkj->gnki", hs, pts)  # (G, N, 4, 3)
    w = moved[..., 2:3]
    behind = (w <= 1e-9).any(axis=(2, 3))  # a homography sending a corner past the horizon
    xy = moved[..., :2] / np.where(np.abs(w) < 1e-9, 1e-9, w)
    a = np.roll(xy, 1, axis=2) - xy
    b = np.roll(xy, -1, axis=2) - xy
    cos = (a * b).sum(-1) / np.maximum(np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1),
                                       1e-9)
    off = np.degrees(np.arcsin(np.clip(np.abs(cos), 0.0, 1.0)))
    err: np.ndarray = np.sqrt((off**2).mean(axis=2))
    err[behind] = 90.0
    return err


def corner_error(quad: np.ndarray) -> float:
    """How far from square one outline's corners are (degrees, root mean square).

    >>> corner_error(np.array([[0, 0], [10, 0], [10, 14], [0, 14]]))
    0.0
    >>> round(corner_error(np.array([[0, 0], [10, 0], [12, 14], [-2, 14]])), 1)
    8.1
    """
    return float(_corner_errors(np.asarray(quad, np.float64)[None], np.eye(3)[None])[0, 0])


def _lens(focal: float, shape: tuple[int, ...]) -> np.ndarray:
    h, w = shape[:2]
    side = focal * max(h, w)
    return np.array([[side, 0, w / 2], [0, side, h / 2], [0, 0, 1]])


def squaring(quads: list[np.ndarray], shape: tuple[int, ...]) -> Slant | None:
    """The slant of a photo of ``shape`` to the table its clean outlines ``quads`` lie
    on, or None when the photo is square enough already (or the outlines show no one
    slant: too few, too small, or no rectangles)."""
    h, w = shape[:2]
    # (an outline along the photo's edge is no rectangle's: the frame makes its sides)
    quads = [q for q in _outermost(quads)
             if np.min(q) > 3 and np.max(q[..., 0]) < w - 4 and np.max(q[..., 1]) < h - 4]
    if not quads:
        return None
    q = np.array([np.asarray(x, np.float64).reshape(4, 2) for x in quads])
    was = _corner_errors(q, np.eye(3)[None])[0]
    # how square the outlines are: a shape that is no rectangle counts no worse than CAP
    before = float(np.minimum(was, CAP).mean())
    if before < GAIN[1]:
        return None  # square already: no slant could gain enough
    # coarse, at the usual lens; then finer, the lens among the rest too (a strong
    # slant shows the lens: a wrong one leaves the outlines a few degrees off square)
    grid = [(s, t, FOCAL) for s in np.radians(np.arange(3.0, 56.0, 3.0))
            for t in np.radians(np.arange(0.0, 360.0, 10.0))]
    s0, t0, _ = grid[int(np.argmin(_scores(q, grid, shape)))]
    for reach, step in ((4.0, 1.0), (1.0, 0.25)):
        grid = [(s, t, f) for s in s0 + np.radians(np.arange(-reach, reach + 0.01, step))
                for t in t0 + np.radians(np.arange(-3 * reach, 3 * reach + 0.01, 3 * step))
                for f in FOCALS if s > 0]
        scores = _scores(q, grid, shape)
        s0, t0, f0 = grid[int(np.argmin(scores))]
    score, turned = float(scores.min()), _homography(s0, t0, f0, shape)
    if not SLANT_MIN <= s0 <= SLANT_MAX or score > GAIN[0] * before \
            or before - score < GAIN[1]:
        return None
    # the slant must show on a card: an outline off square before, square and of a
    # card's proportions after (the texture of a wooden table or a carpet makes
    # four-sided outlines of every shape, and some rotation squares a few of them)
    after = _corner_errors(q, turned[None])[0]
    near = np.minimum(SUPPORT[2], np.maximum(SUPPORT[0], SUPPORT[1] * was))
    cards = [i for i in range(len(q)) if after[i] <= near[i] and was[i] >= after[i] + GAIN[1]
             and CARD_SHAPE[0] <= _aspect(_moved(q[i], turned)) <= CARD_SHAPE[1]]
    return Slant(turned, list(q), [q[i] for i in cards], s0) if cards else None


def _homography(slant: float, towards: float, focal: float, shape: tuple[int, ...]
                ) -> np.ndarray:
    k = _lens(focal, shape)
    h: np.ndarray = k @ turn(slant, towards) @ np.linalg.inv(k)
    return h


def _scores(q: np.ndarray, grid: list[tuple[float, float, float]], shape: tuple[int, ...]
            ) -> np.ndarray:
    """How square the outlines are turned by each (slant, towards, focal) of ``grid``:
    their capped corner errors' mean, a lens other than the usual a little worse (a
    small slant fits any lens alike)."""
    hs = np.array([_homography(s, t, f, shape) for s, t, f in grid])
    prior = np.array([1.0 if f == FOCAL else PRIOR for _, _, f in grid])
    out: np.ndarray = np.minimum(_corner_errors(q, hs), CAP).mean(axis=1) * prior
    return out


def squared(img: np.ndarray, slant: Slant) -> tuple[np.ndarray, np.ndarray]:
    """``img`` squared up, and the homography from ``img`` to it.

    The squared photo keeps the cards' typical size (the far cards, squeezed on the
    photo, are drawn larger; the near ones smaller) and holds the region round the
    slant's outlines, at most :data:`BIGGEST` times the photo's longer side."""
    h, w = img.shape[:2]
    before = np.median([_size(q) for q in slant.cards])
    after = np.median([_size(_moved(q, slant.homography)) for q in slant.cards])
    scale = before / max(after, 1e-6)
    m = np.diag([scale, scale, 1.0]) @ slant.homography
    frame = _moved(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64), m)
    cards = np.concatenate([_moved(q, m) for q in slant.outlines])
    # the photo's frame squared, cut to a margin round the outlines (a frame reaching
    # towards the horizon would be endless)
    reach = cards.max(axis=0) - cards.min(axis=0) + 0.5 * max(h, w)
    lo = np.maximum(frame.min(axis=0), cards.min(axis=0) - reach)
    hi = np.minimum(frame.max(axis=0), cards.max(axis=0) + reach)
    limit = BIGGEST * max(h, w)
    if (hi - lo).max() > limit:  # too big: drawn smaller
        fit = limit / float((hi - lo).max())
        m = np.diag([fit, fit, 1.0]) @ m
        lo, hi = lo * fit, hi * fit
    m = np.array([[1.0, 0, -lo[0]], [0, 1.0, -lo[1]], [0, 0, 1]]) @ m
    size = (int(np.ceil(hi[0] - lo[0])), int(np.ceil(hi[1] - lo[1])))
    out = cv2.warpPerspective(img, m, size, flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
    return out, m


def _outermost(quads: list[np.ndarray]) -> list[np.ndarray]:
    """The outlines lying inside no bigger one: a card's pips and its picture's frame
    are no rectangles lying on the table (a diamond pip is the very shape of a square
    seen at a slant).

    >>> card = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float64)
    >>> pip = np.array([[50, 40], [60, 55], [50, 70], [40, 55]], np.float64)
    >>> len(_outermost([card, pip, card + 200]))
    2
    """
    sized = sorted(quads, key=lambda q: -_size(q))
    out: list[np.ndarray] = []
    for q in sized:
        middle = np.asarray(q, np.float32).reshape(-1, 2).mean(axis=0)
        if not any(cv2.pointPolygonTest(np.asarray(o, np.float32).reshape(-1, 1, 2),
                                        (float(middle[0]), float(middle[1])), False) > 0
                   and _size(q) < 0.8 * _size(o) for o in out):
            out.append(q)
    return out


def _aspect(quad: np.ndarray) -> float:
    (_, _), (w, h), _ = cv2.minAreaRect(np.asarray(quad, np.float32).reshape(-1, 2))
    return float(max(w, h) / max(min(w, h), 1e-6))


def _size(quad: np.ndarray) -> float:
    return float(np.sqrt(abs(cv2.contourArea(np.asarray(quad, np.float32).reshape(-1, 2)))))


__all__ = ["Slant", "corner_error", "squared", "squaring", "turn"]
