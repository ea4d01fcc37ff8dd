"""Make a found outline the card's own: every side on a real edge.

An outline found on a pale table, or with white paper beside the card, can hold the
card and some table or paper past it: the reader still names the card (its index is
in the outline's corner area) but the card would be placed wrong, and a showdown check
needs to know which seat a card lies in front of. A card's side is a straight edge
along its whole length (the card's paper against the table, or against paper: then a
thin shadow line), so each side of an outline is checked for one; a side without
one is moved to the straightest edge parallel to it inside the outline, if there is
one along most of its length.

>>> import numpy as np, cv2
>>> table = np.full((300, 300, 3), 200, np.uint8)
>>> _ = cv2.rectangle(table, (60, 50), (160, 190), (245, 245, 245), -1)
>>> _ = cv2.rectangle(table, (60, 50), (160, 190), (150, 150, 150), 1)  # its shadow line
>>> too_big = np.array([[60, 50], [230, 50], [230, 190], [60, 190]], np.float32)
>>> fitted = fit_sides(Edges(table), too_big)
>>> fitted.round().tolist()
[[60.0, 50.0], [160.0, 50.0], [160.0, 190.0], [60.0, 190.0]]
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.photo_find import card_shape, sides

STEP = 6.0  # a card's edge: the grey level changes at least this much across it (Sobel / 4)
ALONG = (0.15, 0.85)  # the part of a side looked at (its rounded corners are not straight)
HELD = 0.6  # a side is on a real edge when one is found along this share of it
LIGHTER = 10.0  # a side moved in has the card's paper this much lighter inside than out
NEAR = 0.4  # ... and a side along part of it may be the card's own (the rest past the card)
REACH = 0.55  # a side without one may move in by this share of the outline's size across
CROSSING = (0.3, 0.7)  # the middle of a card across, where a line over it is no print of its own
CROSSED = 0.9  # ... unbroken along this share of it (a pip card's pips, in columns, stop short)


class Edges:
    """The photo's grey-level gradient, computed once and looked up per side."""

    def __init__(self, img: np.ndarray) -> None:
        gray = cv2.GaussianBlur(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), (3, 3), 0)
        self.gray = gray
        self.size = float(max(gray.shape))  # no side moves further than this
        self.gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3) / 4
        self.gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3) / 4

    def support(self, a: np.ndarray, b: np.ndarray, normal: np.ndarray,
                offsets: np.ndarray, part: tuple[float, float] = ALONG) -> np.ndarray:
        """For each offset along ``normal``, the share of the line a->b (the ``part``
        of it) moved by that much along which an edge parallel to it runs (within a
        pixel or two)."""
        return self._along(a, b, normal, offsets, part).mean(axis=1)  # type: ignore[no-any-return]

    def unbroken(self, a: np.ndarray, b: np.ndarray, normal: np.ndarray,
                 offsets: np.ndarray) -> np.ndarray:
        """For each offset, the longest stretch of the moved line a->b (of its ``ALONG``
        part, as a share of it) that an edge parallel to it runs along without a break:
        a card's edge runs on, a column of pips stops between pips."""
        edge = self._along(a, b, normal, offsets, ALONG)
        padded = np.pad(edge, ((0, 0), (1, 1))).astype(np.int8)
        longest = np.zeros(len(offsets))
        for i, row in enumerate(np.diff(padded, axis=1)):
            starts, ends = np.nonzero(row == 1)[0], np.nonzero(row == -1)[0]
            longest[i] = (ends - starts).max() if len(starts) else 0
        return longest / float(edge.shape[1])

    def _along(self, a: np.ndarray, b: np.ndarray, normal: np.ndarray,
               offsets: np.ndarray, part: tuple[float, float]) -> np.ndarray:
        """For each offset and each point looked at along the moved line a->b: does an
        edge parallel to it run there (within a pixel or two)?"""
        h, w = self.gx.shape
        length = float(np.linalg.norm(b - a))
        n = max(12, min(24, int(length * (part[1] - part[0]) / 2)))
        ts = np.linspace(*part, n, dtype=np.float32)
        aside = int(min(0.01 * length, 3))
        slack = np.arange(-1 - aside, 2 + aside, dtype=np.float32)
        base = a + ts[:, None] * (b - a)  # (T, 2)
        at = (base[None, :, None, :] + (offsets[:, None, None, None] + slack[None, None, :, None])
              * normal)  # (O, T, S, 2)
        xs = at[..., 0].round().astype(np.int32)
        ys = at[..., 1].round().astype(np.int32)
        ok = (xs >= 0) & (ys >= 0) & (xs < w) & (ys < h)
        xs, ys = xs.clip(0, w - 1), ys.clip(0, h - 1)
        gx, gy = self.gx[ys, xs], self.gy[ys, xs]
        across = np.abs(gx * normal[0] + gy * normal[1])
        # an edge parallel to the side: its gradient points across the side, not along it
        edge = (across >= STEP) & (across * across >= 0.6 * (gx * gx + gy * gy)) & ok
        return edge.any(axis=2)  # type: ignore[no-any-return]

    def lighter_inside(self, a: np.ndarray, b: np.ndarray, normal: np.ndarray) -> float:
        """How much lighter (grey levels) the strip just inside the line a->b is than the
        strip just outside it (``normal`` points out): a card's paper against the table
        or paper it lies on, not a line printed on the card (paper either side)."""
        h, w = self.gray.shape
        ts = np.linspace(*ALONG, 24, dtype=np.float32)
        base = a + ts[:, None] * (b - a)

        def strip(sign: float) -> float:
            pts = base[None] + sign * np.arange(2, 6, dtype=np.float32)[:, None, None] * normal
            xs = pts[..., 0].round().astype(int).clip(0, w - 1)
            ys = pts[..., 1].round().astype(int).clip(0, h - 1)
            return float(self.gray[ys, xs].mean())

        return strip(-1.0) - strip(1.0)


def _on_edges(edges: Edges, lines: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    """The card four side lines make, if it is a card's shape with every side on a
    real edge; else None."""
    quad = card_shape(lines)
    return None if quad is None or min(held_sides(edges, quad)) < HELD else quad


def held_sides(edges: Edges, quad: np.ndarray) -> list[float]:
    """How much of each side (clockwise from the first) lies on a real edge.

    >>> table = np.full((200, 200, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (50, 40), (120, 140), (240, 240, 240), -1)
    >>> card = np.array([[50, 40], [120, 40], [120, 140], [50, 140]], np.float32)
    >>> [round(s, 1) for s in held_sides(Edges(table), card)]
    [1.0, 1.0, 1.0, 1.0]
    >>> [round(s, 1) for s in held_sides(Edges(table), card + (0, 30))][2]
    0.0
    """
    zero = np.zeros(1, np.float32)
    return [float(edges.support(a, b, n, zero)[0]) for a, b, _, n in sides(quad)]


def held_share(edges: Edges, quad: np.ndarray) -> float:
    """How much of ``quad``'s outline lies on real edges: the mean of its sides'
    :func:`held_sides` (of two places for one card, the one more so is the card's own).

    >>> table = np.full((200, 200, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (50, 40), (120, 140), (240, 240, 240), -1)
    >>> card = np.array([[50, 40], [120, 40], [120, 140], [50, 140]], np.float32)
    >>> round(held_share(Edges(table), card), 1), round(held_share(Edges(table), card + (80, 0)), 1)
    (1.0, 0.0)
    """
    return float(np.mean(held_sides(edges, quad)))


def fit_sides(edges: Edges, quad: np.ndarray) -> np.ndarray:
    """``quad`` with each side that is on no real edge moved in to the straightest edge
    parallel to it, and the result's every side on a real edge; else the same quad.

    Where the outline reaches past the card on two sides, those sides are longer than
    the card's: each is looked along only at its end by the side that holds."""
    if np.abs(quad).max() > 2 * edges.size:
        return quad  # an outline completed far off the photo: nothing to see there
    held = held_sides(edges, quad)
    if min(held) >= HELD:
        return quad
    lines, moved = [], False
    for i, (a, b, along, normal) in enumerate(sides(quad)):
        near_a, near_b = held[i - 1] >= NEAR, held[(i + 1) % 4] >= NEAR
        if held[i] >= HELD:
            lines.append((a, along))
            continue
        across = float(np.linalg.norm(quad[(i + 2) % 4] - quad[(i + 1) % 4]))
        offsets = -np.arange(0, max(2, int(min(REACH * across, edges.size))), dtype=np.float32)
        found = edges.support(a, b, normal, offsets)
        if found.max() < HELD and near_a != near_b:
            found = edges.support(a, b, normal, offsets, (0.1, 0.5) if near_a else (0.5, 0.9))
        if found.max() < HELD:
            lines.append((a, along))
            continue
        good = found >= max(HELD, 0.8 * float(found.max()))
        first = int(np.nonzero(good)[0][0])
        last = first + int(np.argmin(good[first:])) if not good[first:].all() else len(good)
        # the middle of the run of offsets that find it (each looks a pixel or two aside)
        shift = offsets[(first + last - 1) // 2] * normal
        if edges.lighter_inside(a + shift, b + shift, normal) < LIGHTER:
            lines.append((a, along))  # paper either side: a line printed on a card
            continue
        lines.append((a + shift, along))
        moved = True
    fitted = _on_edges(edges, lines) if moved else None
    return quad if fitted is None else fitted


def snap_sides(edges: Edges, quad: np.ndarray, reach: float) -> np.ndarray | None:
    """A card placed roughly (from its index, at a usual index-to-card size) moved onto
    the photo's edges: each side to the straightest parallel edge within ``reach``
    pixels either way. None unless every side then lies on a real edge (the whole card
    is in view, not under another) and the result is a card shape.

    >>> table = np.full((300, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (60, 50), (160, 190), (240, 240, 240), -1)
    >>> rough = np.array([[50, 45], [175, 45], [175, 200], [50, 200]], np.float32)
    >>> snap_sides(Edges(table), rough, 20).round().tolist()
    [[60.0, 50.0], [160.0, 50.0], [160.0, 190.0], [60.0, 190.0]]
    """
    reach = min(reach, edges.size)
    offsets = np.arange(-int(reach), int(reach) + 1, dtype=np.float32)
    lines = []
    for a, b, along, normal in sides(quad):
        found = edges.support(a, b, normal, offsets)
        if found.max() < HELD:
            return None
        good = np.nonzero(found >= 0.9 * float(found.max()))[0]
        runs = np.split(good, np.nonzero(np.diff(good) > 1)[0] + 1)
        # of the strongest edges, the one nearest where the card was placed
        run = min(runs, key=lambda r: abs(float(offsets[r].mean())))
        lines.append((a + float(offsets[run].mean()) * normal, along))
    return _on_edges(edges, lines)


def crossing(edges: Edges, quad: np.ndarray) -> float:
    """The longest unbroken real edge along a line parallel to a side of ``quad``, in
    its middle across (``CROSSING``), as a share of the side: another card's edge
    lying over it (a card prints no line across its middle but a court's frame).

    >>> table = np.full((300, 300, 3), 60, np.uint8)
    >>> _ = cv2.rectangle(table, (60, 50), (160, 190), (240, 240, 240), -1)
    >>> card = np.array([[60, 50], [160, 50], [160, 190], [60, 190]], np.float32)
    >>> round(crossing(Edges(table), card), 1)
    0.0
    >>> _ = cv2.rectangle(table, (110, 30), (200, 220), (250, 250, 250), -1)
    >>> _ = cv2.line(table, (110, 30), (110, 220), (170, 170, 170), 1)  # its shadow line
    >>> round(crossing(Edges(table), card), 1)
    1.0
    """
    most = 0.0
    for i, (a, b, _, normal) in enumerate(sides(quad)[:2]):
        across = float(np.linalg.norm(quad[(i + 2) % 4] - quad[(i + 1) % 4]))
        offsets = -np.arange(CROSSING[0] * across, CROSSING[1] * across, dtype=np.float32)
        if len(offsets):
            most = max(most, float(edges.unbroken(a, b, normal, offsets).max()))
    return most


__all__ = ["Edges", "crossing", "fit_sides", "held_share", "held_sides", "snap_sides"]
