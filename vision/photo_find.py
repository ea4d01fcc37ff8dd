"""Find card outlines on a still photo of the table: candidate quadrilaterals.

Several detectors run, because no one of them works on every table: the card as a
bright blob (a global threshold at several levels, and brighter-than-its-surroundings
for light or unevenly lit tables), the card as a region closed by its own outline
(edges at two scales), and the card as pale paper (low colour saturation). Each
outline becomes a quadrilateral when its convex hull is a four-sided card shape; a
hull that fills its minimum-area rectangle but is not cleanly four-sided (a rounded,
nicked or partly covered edge) gives that rectangle; a card cut by the edge of the
photo gives the whole card it must be (both ways of completing it), since one index
corner is often still in view. Candidates of the same card are grouped.

>>> import numpy as np, cv2
>>> table = np.full((300, 400, 3), (40, 90, 30), np.uint8)
>>> box = cv2.boxPoints(((200, 150), (100, 140), 30)).astype(np.int32)
>>> _ = cv2.fillPoly(table, [box], (235, 235, 235))
>>> groups = card_groups(table)
>>> len(groups), bool(abs(cv2.contourArea(groups[0][0]) - 14000) < 1500)
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from vision.photo_fit import Edges

CARD_ASPECT = 88 / 63  # a poker card, 63 x 88 mm (bridge cards are narrower)
MIN_AREA, MAX_AREA = 0.004, 0.9  # of the photo
ASPECT_RANGE = (1.2, 1.65)
LONG = 1.8  # a bridge card (57 x 88 mm) at a slant is up to this long for its width
LONG_RANK = 4  # such an outline is tried last, and kept only if it names a card
LONG_TRIED = 2  # ... at most this many of one card's
PAPER_END = (0.85, 0.7)  # paper past an outline: this bright (of the brightest); ends below
STEP_DOWN = 0.1  # ... or where it steps down this much (of the paper) and stays down
HELD_COVER = 0.6  # a covered end: an edge along this share of it and of a stretch past it
COVER_ON = 0.25  # ... that stretch, of the card's side


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Corners clockwise from the top-left of a portrait card (long side vertical).

    >>> order_corners(np.array([[10, 0], [10, 14], [0, 14], [0, 0]])).tolist()
    [[0.0, 0.0], [10.0, 0.0], [10.0, 14.0], [0.0, 14.0]]
    """
    pts = quad.reshape(4, 2).astype(np.float32)
    centre = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates (y down)
    pts = np.roll(pts, -int(np.argmin(pts.sum(axis=1))), axis=0)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)  # make the first side a short one
    return pts


def _masks(img: np.ndarray) -> Iterator[np.ndarray]:
    """Binary images whose regions may be cards (1 = inside)."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    otsu, _ = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    for t in sorted({int(otsu), 120, 150, 180, 210}):
        yield (blur > t).astype(np.uint8)
    # regions closed by edges: the card's own outline parts it from the table
    for lo, hi, k in ((40, 120, 3), (20, 60, 3), (60, 180, 5)):
        edges = cv2.dilate(cv2.Canny(blur, lo, hi), np.ones((k, k), np.uint8))
        yield cv2.bitwise_not(edges) // 255
    closed = cv2.morphologyEx(cv2.Canny(blur, 20, 60), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    yield closed // 255
    # brighter than its surroundings: a card on a light or unevenly lit table
    side = max(img.shape[:2])
    block = int(side / 6) | 1
    for c in (-6, -15):
        yield cv2.adaptiveThreshold(blur, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                    block, c)
    # pale paper: low saturation and not dark (a coloured or wooden table)
    hsv = cv2.cvtColor(cv2.GaussianBlur(img, (5, 5), 0), cv2.COLOR_BGR2HSV)
    sat, val = hsv[:, :, 1], hsv[:, :, 2]
    bright = float(np.percentile(val, 90))
    for s_max in (45, 80):
        paper = ((sat < s_max) & (val > 0.6 * bright)).astype(np.uint8)
        yield cv2.morphologyEx(paper, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _refine(outline: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Sharpen a card's corners: fit a line to the straight middle of each side and
    intersect them (the rounded corners of a card cut the polygon's corners short)."""
    pts = outline.astype(np.float32)
    lines = []
    for i in range(4):
        a, b = quad[i].astype(np.float32), quad[(i + 1) % 4].astype(np.float32)
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 8:
            return quad
        t = ((pts - a) @ d) / length**2
        dist = np.abs((pts - a) @ np.array([-d[1], d[0]]) / length)
        near = pts[(t > 0.2) & (t < 0.8) & (dist < 0.05 * length + 2)]
        if len(near) < 2:  # a hull keeps few points on a straight side: use the ends
            near = np.array([a + 0.2 * d, a + 0.8 * d])
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    fitted = _meet(lines)
    return quad if fitted is None else fitted


def _meet(lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    """The four corners where each side's line (a point on it, its direction) meets
    the next; None if two neighbouring sides run parallel.

    >>> sides = [((0, 0), (1, 0)), ((10, 0), (0, 1)), ((0, 14), (1, 0)), ((0, 0), (0, 1))]
    >>> _meet([(np.array(p, float), np.array(d, float)) for p, d in sides]).tolist()
    [[0.0, 0.0], [10.0, 0.0], [10.0, 14.0], [0.0, 14.0]]
    """
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return None
        s, _ = np.linalg.solve(m, p2 - p1)
        out.append(p1 + s * d1)
    return np.array(out, np.float32)


def card_proportions(w: float, h: float) -> bool:
    """Are sides ``w`` and ``h`` (either way round) a card's, seen at a slant?

    >>> card_proportions(63, 88), card_proportions(88, 63), card_proportions(63, 126)
    (True, True, False)
    """
    return min(w, h) >= 1 and ASPECT_RANGE[0] < max(w, h) / min(w, h) < ASPECT_RANGE[1]


def _aspect(quad: np.ndarray) -> float:
    (_, _), (w, h), _ = cv2.minAreaRect(quad.astype(np.float32))
    return max(w, h) / max(min(w, h), 1.0)


def card_shape(lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    """The outline four side lines (a point on each, its direction) make, if it is a
    card's shape; else None.

    >>> sides = [((0, 0), (1, 0)), ((63, 0), (0, 1)), ((0, 88), (1, 0)), ((0, 0), (0, 1))]
    >>> card_shape([(np.array(p, float), np.array(d, float)) for p, d in sides]).tolist()
    [[0.0, 0.0], [63.0, 0.0], [63.0, 88.0], [0.0, 88.0]]
    >>> card_shape([(np.array(p, float), np.array(d, float)) for p, d in sides[:1] * 4]) is None
    True
    """
    quad = _meet(lines)
    return quad if quad is not None and ASPECT_RANGE[0] < _aspect(quad) < ASPECT_RANGE[1] \
        else None


def sides(quad: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Each side of ``quad``: its two ends, its unit direction and its outward normal.

    >>> square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    >>> [(n + 0.0).tolist() for *_, n in sides(square)]  # outwards: up, right, down, left
    [[0.0, -1.0], [1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]]
    """
    centre = quad.mean(axis=0)
    out = []
    for i in range(4):
        a, b = quad[i].astype(np.float32), quad[(i + 1) % 4].astype(np.float32)
        along = (b - a) / max(float(np.linalg.norm(b - a)), 1.0)
        normal = np.array([along[1], -along[0]], np.float32)
        if float((a - centre) @ normal) < 0:
            normal = -normal
        out.append((a, b, along, normal))
    return out


def _completions(box: np.ndarray, shape: tuple[int, ...], anywhere: bool = False,
                 cover: Edges | None = None) -> list[np.ndarray]:
    """A rectangle cut by the photo's edge (or, ``anywhere``, covered at one end by
    something on the table), completed to a whole card (either way round). With
    ``cover``, a covered end must lie on the straight edge of what covers it."""
    h, w = shape[:2]
    out = []
    for i in range(4):
        a, b = box[i], box[(i + 1) % 4]
        mid = (a + b) / 2
        if not anywhere and min(mid[0], mid[1], w - 1 - mid[0], h - 1 - mid[1]) > 3:
            continue  # this side is not on the photo's edge
        c, d = box[(i + 2) % 4], box[(i + 3) % 4]  # the far side, d opposite a
        along = float(np.linalg.norm(b - a))
        across = float(np.linalg.norm(a - d))
        if along < 8 or across < 8:
            continue
        unit = (a - d) / across
        if cover is not None and not covered_end(cover, a, b, unit):
            continue
        for full in (along * CARD_ASPECT, along / CARD_ASPECT):
            # at least a third of the card in view: enough to hold an index corner
            if across * 1.05 < full < 3 * across and along * full < MAX_AREA * h * w / 2:
                grow = unit * (full - across)
                whole = np.array([a + grow, b + grow, c, d], np.float32)
                if cover is None or _in_view(whole, shape):  # what covers it is in view
                    out.append(whole)
    return out


def _in_view(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Is the whole of ``quad`` on a photo of ``shape`` (a pixel or two of slack)?

    >>> card = np.array([[10, 10], [73, 10], [73, 98], [10, 98]], np.float32)
    >>> _in_view(card, (100, 100)), _in_view(card + (0, 20), (100, 100))
    (True, False)
    """
    h, w = shape[:2]
    return bool(quad.min() >= -2 and quad[:, 0].max() <= w + 1 and quad[:, 1].max() <= h + 1)


def covered_end(edges: Edges, a: np.ndarray, b: np.ndarray, out: np.ndarray) -> bool:
    """Does the side a->b of a card's visible part lie on a straight edge that runs on
    past one of its ends (the edge of a book, a box or a card lying over the card's far
    end, wider than the card)? Two cards side by side, seen as one blob, end in no
    such line.

    >>> from vision.photo_fit import Edges
    >>> table = np.full((200, 200, 3), 90, np.uint8)
    >>> _ = cv2.rectangle(table, (60, 40), (130, 160), (240, 240, 240), -1)
    >>> _ = cv2.rectangle(table, (20, 0), (180, 70), (30, 30, 30), -1)  # a book over it
    >>> a, b, up = np.array([60.0, 70.0]), np.array([130.0, 70.0]), np.array([0.0, -1.0])
    >>> edges = Edges(table)
    >>> covered_end(edges, a, b, up), covered_end(edges, a + (0, 90), b + (0, 90), -up)
    (True, False)
    """
    zero, d = np.zeros(1, np.float32), (b - a).astype(np.float32)
    normal = out.astype(np.float32)
    if edges.support(a, b, normal, zero)[0] < HELD_COVER:
        return False
    return max(float(edges.support(a - COVER_ON * d, a, normal, zero, (0.0, 1.0))[0]),
               float(edges.support(b, b + COVER_ON * d, normal, zero, (0.0, 1.0))[0])
               ) >= HELD_COVER


def _from_contour(cnt: np.ndarray, area_img: float, shape: tuple[int, ...],
                  edges: Edges | None = None) -> list[tuple[int, np.ndarray]]:
    """(rank, quad) candidates from one outline; a lower rank is a better candidate."""
    area = cv2.contourArea(cnt)
    if area < MIN_AREA * area_img or area > MAX_AREA * area_img:
        return []
    hull, quad, clean = _four_sided(cnt, area)
    if clean and ASPECT_RANGE[0] < _aspect(quad) < ASPECT_RANGE[1]:
        return [(0, _refine(cnt.reshape(-1, 2), quad.reshape(4, 2)))]
    # longer than a poker card at a slant: a bridge card, or a poker card covered
    # along its length (no card's outline), so only tried last, besides the rest
    long = [(LONG_RANK, _refine(cnt.reshape(-1, 2), quad.reshape(4, 2)))] \
        if clean and ASPECT_RANGE[1] <= _aspect(quad) < LONG else []
    return _from_rectangle(hull, shape, area > 4 * MIN_AREA * area_img, edges) + long


def _four_sided(cnt: np.ndarray, area: float) -> tuple[np.ndarray, np.ndarray, bool]:
    """An outline's convex hull, the polygon the hull simplifies to, and whether that is
    a clean four-sided shape the outline fills (no nick, no rounded-off blob)."""
    hull = cv2.convexHull(cnt)
    quad = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
    return hull, quad, len(quad) == 4 and area >= 0.85 * cv2.contourArea(quad)


def _from_rectangle(hull: np.ndarray, shape: tuple[int, ...], big: bool,
                    edges: Edges | None) -> list[tuple[int, np.ndarray]]:
    """(rank, quad) candidates from an outline's hull that is no clean card shape: the
    rectangle round it, or the whole card it is a part of (``big``: big enough for a
    card with something lying on part of it)."""
    rect = cv2.minAreaRect(hull)
    (_, _), (rw, rh), _ = rect
    if rw * rh <= 0:
        return []
    fill = cv2.contourArea(hull) / (rw * rh)
    box = cv2.boxPoints(rect).astype(np.float32)
    card_like = card_proportions(rw, rh)
    if fill >= 0.86:
        # not a card's shape and not cut by the photo's edge: a card covered at one end
        # by something with a straight edge (a book, a box, another card)
        long = [(LONG_RANK, box)] if not card_like \
            and ASPECT_RANGE[1] <= max(rw, rh) / max(min(rw, rh), 1.0) < LONG else []
        # (cut by the photo's edge, the rectangle is only the card it must be part of)
        return [(1, box)] if card_like else [(2, q) for q in _completions(box, shape)] \
            or ([(3, q) for q in _completions(box, shape, True, edges)] + long)
    if fill >= 0.7 and big:
        # a card with something lying on part of it: its rectangle, or its covered end
        return [(3, box)] if card_like else [(3, q) for q in _completions(box, shape, True)]
    return []


def candidates(img: np.ndarray, edges: Edges | None = None) -> list[tuple[int, np.ndarray]]:
    """Every card-like quadrilateral of ``img`` (BGR), corners ordered, with its rank
    (``edges``: the photo's, if already computed)."""
    from vision.photo_fit import Edges  # photo_fit builds on this module's shapes

    area_img = float(img.shape[0] * img.shape[1])
    found: list[tuple[int, np.ndarray]] = []
    edges = edges or Edges(img)
    for mask in _masks(img):
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
        for cnt in contours:
            for rank, quad in _from_contour(cnt, area_img, img.shape, edges):
                found.append((rank, order_corners(quad)))
    return found


def clean_quads(img: np.ndarray) -> list[np.ndarray]:
    """Every cleanly four-sided outline of ``img`` (BGR) of a card's size or more, of any
    proportions (a card, a book or a phone, as a photo at a slant shows them), corners
    ordered; one of each."""
    area_img = float(img.shape[0] * img.shape[1])
    out: list[np.ndarray] = []
    for mask in _masks(img):
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
        for cnt in contours:
            area = cv2.contourArea(cnt)
            if area < MIN_AREA * area_img or area > MAX_AREA * area_img:
                continue
            _, quad, clean = _four_sided(cnt, area)
            if clean and _aspect(quad) < 3:
                q = order_corners(_refine(cnt.reshape(-1, 2), quad.reshape(4, 2)))
                if all(_gap(q, o) > 3 for o in out):
                    out.append(q)
    return out


def card_groups(img: np.ndarray, per_group: int = 6, edges: Edges | None = None
                ) -> list[list[np.ndarray]]:
    """Candidate outlines grouped by card, biggest card first; within a group the
    cleanest outlines first (four-sided hulls, then rectangles, then completions).

    Outlines whose centre is near a bigger one's are the same card (found by several
    detectors, or the picture frame inside a court card). The outlines most detectors agree on
    come first.
    """
    found = sorted(candidates(img, edges), key=lambda rq: -cv2.contourArea(rq[1]))
    groups: list[list[tuple[int, np.ndarray]]] = []
    for rank, q in [rq for rq in found if rq[0] != LONG_RANK]:
        _join(groups, rank, q)
    out = [_best_first(g)[:per_group] for g in groups]
    # long outlines go last in the groups the others make, never lead them (a poker
    # card covered along its length leaves one round that card and the next)
    for rank, q in [rq for rq in found if rq[0] == LONG_RANK]:
        at = _join(groups, rank, q)
        if at == len(out):
            out.append([])
        if all(_gap(q, o) > 3 for o in out[at]) and sum(map(is_long, out[at])) < LONG_TRIED:
            out[at].append(q)
    return out


def _join(groups: list[list[tuple[int, np.ndarray]]], rank: int, q: np.ndarray) -> int:
    """Put an outline in the group of the card it is an outline of (its centre near
    that group's first outline's, its size not much smaller), else in a new group;
    the group's place."""
    centre = q.mean(axis=0)
    for i, g in enumerate(groups):
        lead = g[0][1]
        size = float(np.linalg.norm(lead[0] - lead[2]))
        near = np.linalg.norm(centre - lead.mean(axis=0)) < 0.25 * size
        if near and np.linalg.norm(q[0] - q[2]) > 0.6 * size:
            g.append((rank, q))
            return i
    groups.append([(rank, q)])
    return len(groups) - 1


def to_paper_edge(img: np.ndarray, quad: np.ndarray, reach: float = 0.3) -> np.ndarray | None:
    """The card an outline lies inside, when paper runs on past that outline (a court
    card's picture frame, found where the card's own edge on a light table was not):
    each side moved out to where the paper ends, at most ``reach`` of the card's width.
    None if no side moves (the outline is the card's own) or the result is no card shape.

    >>> table = np.full((300, 300, 3), (60, 110, 150), np.uint8)
    >>> _ = cv2.rectangle(table, (100, 80), (200, 220), (235, 235, 235), -1)
    >>> _ = cv2.rectangle(table, (114, 96), (186, 204), (40, 40, 40), 2)  # a frame
    >>> frame = np.array([[114, 96], [186, 96], [186, 204], [114, 204]], np.float32)
    >>> card = np.array([[100, 80], [200, 80], [200, 220], [100, 220]])
    >>> float(np.abs(to_paper_edge(table, frame) - card).max()) <= 1
    True
    """
    dark = cv2.GaussianBlur(img.min(axis=2), (3, 3), 0).astype(np.float32)
    h, w = dark.shape
    width = float(np.linalg.norm(quad[1] - quad[0]))
    # a wild outline (its sides meeting far off) must not ask for a search as wide as it
    steps = np.arange(0, min(max(int(reach * width), 4), max(h, w)), dtype=np.float32)
    lines, moved = [], False
    for a, b, along, out in sides(quad):
        ts = np.linspace(0.2, 0.8, 24, dtype=np.float32)
        pts = a + ts[:, None] * (b - a)  # the side's middle (its corners may be rounded)
        at = pts[None, :, :] + steps[:, None, None] * out
        xs, ys = at[..., 0].round().astype(int), at[..., 1].round().astype(int)
        if xs.min() < 0 or ys.min() < 0 or xs.max() >= w or ys.max() >= h:
            lines.append((a, along))
            continue
        profile = np.median(dark[ys, xs], axis=1)
        shift = _paper_end(profile)
        moved = moved or shift > 0
        lines.append((a + out * shift, along))
    return card_shape(lines) if moved else None


def _paper_end(profile: np.ndarray) -> float:
    """How far out along a side's profile (the darkest channel, outwards from the
    outline) the card's paper ends: 0 if there is no paper beyond the outline."""
    paper = float(profile.max())
    light = np.nonzero(profile > PAPER_END[0] * paper)[0]
    if len(light) == 0 or light[0] > 0.25 * len(profile):
        return 0.0  # table (or the card's edge) right outside: the outline is the card's
    after = profile[light[0]:]
    gone = np.nonzero(after < PAPER_END[1] * paper)[0]
    if len(gone) == 0:
        gone = _step_down(after, paper)
        if len(gone) == 0:
            return 0.0  # paper all the way: no edge in reach (a white table), nothing learnt
    return float(light[0] + gone[0]) - 0.5  # the edge lies between the two pixels


def _step_down(profile: np.ndarray, paper: float) -> np.ndarray:
    """Where paper ends against a table nearly as light (pale wood, a white sheet): a
    step down of at least ``STEP_DOWN`` of the paper's level within a few pixels, with
    the profile staying that much lower from there on (a shading gradient is no step).

    >>> _step_down(np.array([250.0] * 10 + [205.0] * 10), 250.0).tolist()[:1]
    [10]
    >>> len(_step_down(np.linspace(250, 200, 20), 250.0))
    0
    """
    low = profile < (1 - STEP_DOWN) * paper
    stays = np.flip(np.cumprod(np.flip(low))).astype(bool)  # low from here to the end
    n = len(profile)
    ahead = np.concatenate([np.full(4, profile[0]), profile])[:n]  # 4 px nearer the card
    steep = ahead - profile >= 0.6 * STEP_DOWN * paper
    return np.nonzero(stays & steep & (np.arange(n) + 4 < n))[0]


def _gap(q: np.ndarray, r: np.ndarray) -> float:
    """How far apart two outlines' corners are (either way round)."""
    return float(min(np.abs(q - np.roll(r, k, axis=0)).max() for k in (0, 2)))


def _best_first(group: list[tuple[int, np.ndarray]]) -> list[np.ndarray]:
    """The group's outlines, cleanest kind first and, within a kind, the ones most
    detectors agree on first (an outline a dilated edge or a shadow made too big or
    small is an outlier among them)."""
    def key(rq: tuple[int, np.ndarray]) -> tuple[int, float]:
        same = [q for r, q in group if r == rq[0]]
        return rq[0], float(np.median([_gap(rq[1], q) for q in same]))

    out: list[np.ndarray] = []
    for _, q in sorted(group, key=key):
        if all(_gap(q, o) > 3 for o in out):  # the same outline from another detector
            out.append(q)
    return out


def is_long(quad: np.ndarray) -> bool:
    """Is an outline longer for its width than a poker card's at a slant (a bridge
    card's, or a covered card's and more)?"""
    return _aspect(quad) >= ASPECT_RANGE[1]


__all__ = ["CARD_ASPECT", "candidates", "card_groups", "card_proportions", "clean_quads",
           "covered_end", "is_long", "order_corners", "to_paper_edge"]
