"""Find cards in the shoe window and cut out an upright index corner.

The window is scanned at quarter resolution: a column belongs to a card when enough
of it is bright (card stock against the dark shoe). Runs of card columns are cards
(or cards stuck together); a run's left end is a card's leading edge. Something
that is not as tall as a card (a finger, a chip, a glint) never makes a run.

>>> import numpy as np
>>> frame = np.full((480, 640, 3), 30, np.uint8)
>>> frame[40:440, 200:486] = 235
>>> [(r.left, r.right) for r in find_runs(frame, Calibration())]
[(200, 484)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.calibration import Calibration
from vision.corner import CORNER_H, CORNER_W
from vision.decks import CARD_W

STEP = 4  # the coarse scan's subsampling
BRIGHT = 70  # brightest-channel level above which a coarse pixel counts as card stock
CROP_MARGIN = 4  # canonical pixels of the crop outside the card's estimated corner
TALL = 0.6  # fraction of the card height a column needs to count as card
PALE = 0.12  # a column across a card's face is at least this bright (its margins)
RIDGE = 10  # how much brighter than the rows round it a dark back's thin rim is
RIDGE_GAP = 4  # rows above and below a thin rim it is compared with
NEAR = 3  # coarse columns beside a bright card where no dark back is looked for
THIN_RIM = 0.1  # most of the height of a dark column's pooled rows that may be bright
RIM_SPAN = (0.9, 1.06)  # a column bright at both ends this many card heights apart is card


@dataclass(frozen=True)
class Run:
    """A horizontal run of card columns, in full-resolution window coordinates."""

    left: int
    right: int
    width_window: int

    @property
    def lead_visible(self) -> bool:
        return self.left > STEP

    @property
    def tail_visible(self) -> bool:
        return self.right < self.width_window - 2 * STEP

    @property
    def width(self) -> int:
        return self.right - self.left


def window_gray(frame: np.ndarray, cal: Calibration) -> np.ndarray:
    x, y, w, h = cal.window
    roi = frame[y:y + h, x:x + w]
    return roi if roi.ndim == 2 else cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY)


def find_runs(frame: np.ndarray, cal: Calibration, gray: np.ndarray | None = None
              ) -> list[Run]:
    """Runs of card-tall bright columns in the window, left to right.

    (``gray`` is accepted for callers that have it; the scan uses the colour frame.)"""
    x, y, w, h = cal.window
    roi = frame[y:y + h, x:x + w]
    coarse = cv2.resize(roi, (w // STEP, h // STEP), interpolation=cv2.INTER_NEAREST)
    if coarse.ndim == 3:  # brightest channel: a blue back or a red picture is card stock too
        b, g_, r = cv2.split(coarse)
        coarse = cv2.max(cv2.max(b, g_), r)
    bright = coarse > BRIGHT
    counts = bright.sum(axis=0)
    tall = counts >= TALL * cal.card_height / STEP
    is_card = tall.copy()
    dim = np.flatnonzero(~is_card & (counts >= 2))  # (most columns are card or empty)
    if len(dim):
        is_card[dim] = _rimmed(bright[:, dim], cal)
    # a back dark to its very edge: its rim is a line thinner than the scan's step and
    # hardly brighter than the shoe (or than a glare spot on it), so every row of the
    # columns not yet card is looked at; not beside a card already seen (a face's
    # blurred edge is no back), and only a thin rim may be found (not a pattern all
    # down the column)
    near = np.convolve(tall, np.ones(2 * NEAR + 1), "same") > 0
    dark = np.flatnonzero(~is_card & ~near)
    if len(dark):
        is_card[dark] = _dark_backs(roi, dark, h, cal)
    if not is_card.any():
        return []
    padded = np.concatenate(([False], is_card, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    runs: list[Run] = []
    for a, b in zip(edges[::2], edges[1::2], strict=True):
        if b - a < 2:
            continue
        run = Run(int(a) * STEP, int(b - 1) * STEP, w)
        if runs:
            gap = counts[runs[-1].right // STEP + 1:int(a)]
            # a dark picture on the face splits one card into two runs (the columns
            # between still hold the card's pale margins, unlike the shoe between two
            # cards), and the edge of a card lying on another shows as a thin dark line:
            # join them
            split = (run.right - runs[-1].left <= 1.05 * cal.card_width
                     and (len(gap) == 0 or gap.min() >= PALE * cal.card_height / STEP))
            if split or run.left - runs[-1].right <= 2 * STEP:
                run = Run(runs.pop().left, run.right, w)
        runs.append(run)
    # a narrow bright strip with both ends in view is a glint or an object, not a card
    return [r for r in runs if r.width >= 0.5 * cal.card_width
            or not (r.lead_visible and r.tail_visible)]


def _rimmed(bright: np.ndarray, cal: Calibration, lines: bool = False) -> np.ndarray:
    """Columns whose first and last bright pixels lie a card's height apart: the pale rim
    along the top and bottom edges of a dark card (a black back) against the dark shoe,
    where too little of the column is bright to count by its share alone.

    >>> cal = Calibration(card_height=400.0)
    >>> b = np.zeros((120, 3), bool)
    >>> b[10:13, :2] = True; b[107:110, 0] = True; b[60:63, 1] = True
    >>> _rimmed(b, cal).tolist()
    [True, False, False]
    """
    rows = bright.shape[0]
    along = np.ascontiguousarray(bright.T)  # (a column's pixels side by side: a fast scan)
    first = along.argmax(axis=1)
    last = rows - 1 - along[:, ::-1].argmax(axis=1)
    # (``lines``: thin lines found in the rows round them: the distance between them)
    span = (last - first + (0 if lines else 1)) * STEP
    rimmed: np.ndarray = along.any(axis=1) & (span >= RIM_SPAN[0] * cal.card_height) \
        & (span <= RIM_SPAN[1] * cal.card_height)
    return rimmed


def _dark_backs(roi: np.ndarray, cols: np.ndarray, h: int, cal: Calibration) -> np.ndarray:
    """Which of the coarse columns ``cols`` cross a back dark to its very edge: two thin
    pale lines a card's height apart (``_thin_rims``) and hardly any others. The top
    line must lie high enough for the other to fit below it, so the rows there are
    looked at first, and the whole column only where a line was found in them (an
    empty window, most frames, has none: a quarter of the work).

    >>> roi = np.full((480, 16), 30, np.uint8); roi[[40, 438], :8] = 60
    >>> _dark_backs(roi, np.arange(4), 480, Calibration(card_height=400.0)).tolist()
    [True, True, False, False]
    """
    rows = h // STEP
    top = int(rows - 1 - RIM_SPAN[0] * cal.card_height / STEP) + 1  # rows a top line may be in
    out = np.zeros(len(cols), bool)
    if top <= 0:
        return out
    if top < rows:
        head = _thin_rims(roi[:top * STEP + RIDGE_GAP], cols, top * STEP)
        maybe = np.flatnonzero(head.any(axis=0))
    else:
        maybe = np.arange(len(cols))
    if len(maybe):
        rim = _thin_rims(roi, cols[maybe], h)
        out[maybe] = _rimmed(rim, cal, lines=True) \
            & (rim.sum(axis=0) <= THIN_RIM * cal.card_height / STEP)
    return out


def _thin_rims(roi: np.ndarray, cols: np.ndarray, h: int) -> np.ndarray:
    """Coarse columns ``cols`` of the window: where a thin pale line crosses them, each
    coarse pixel the most of its STEP rows. A line is a row brighter by RIDGE than the
    rows RIDGE_GAP above and below it: the rim of a back dark to its edge, thinner than
    the scan's step and, blurred, hardly brighter than the shoe or a glare spot on it.
    A rim is pale card stock, bright in every channel: the green one (the sensor's
    sharpest) is read, averaged over a coarse column's STEP pixels (the rim runs across
    them; the sensor's noise does not).

    >>> roi = np.full((40, 8), 30, np.uint8); roi[13:15, :] = 60
    >>> _thin_rims(roi, np.array([0, 1]), 40)[:, 0].tolist()
    [False, False, False, True, False, False, False, False, False, False]
    >>> roi[20:, :] = 90  # the edge of something bright (a step, not a line) is no rim
    >>> _thin_rims(roi, np.array([0]), 40)[5:, 0].any()
    np.False_
    """
    plane = roi[:, :, 1] if roi.ndim == 3 else roi
    n = plane.shape[1] // STEP
    level = plane[:, 0:n * STEP:STEP].astype(np.int16)
    for k in range(1, STEP):
        level += plane[:, k:n * STEP:STEP]
    level = level[:, cols]
    g = RIDGE_GAP
    ridge = np.zeros(level.shape, bool)
    ridge[g:-g] = level[g:-g] - np.maximum(level[:-2 * g], level[2 * g:]) >= RIDGE * STEP
    rows = h // STEP
    pooled = ridge[0:rows * STEP:STEP]
    for k in range(1, STEP):
        pooled = pooled | ridge[k:rows * STEP:STEP]
    return pooled


def _edge_along(profile: np.ndarray) -> float | None:
    """Sub-pixel position where a dark-to-bright profile crosses half way."""
    ordered = np.sort(profile)
    n = len(ordered) - 1
    lo, hi = float(ordered[round(0.05 * n)]), float(ordered[round(0.95 * n)])
    if hi - lo < 40:
        return None
    mid = (lo + hi) / 2
    above = np.flatnonzero(profile > mid)
    if len(above) == 0:
        return None
    i = int(above[0])
    if i == 0:
        return 0.0
    a, b = float(profile[i - 1]), float(profile[i])
    return i - 1 + (mid - a) / (b - a)  # linear interpolation between the two samples


def _left_edge(gray: np.ndarray, x0: int, y: int, strip_w: int) -> float | None:
    """The card's left edge in the band of rows round ``y``, searched from ``x0``; if the
    band is card all along (a tilted card's top-left corner lies left of its run, which
    is measured where most of the column is card) then again a little further left,
    where the band must start on the dark shoe (not on a card just gone)."""
    for start in (x0, x0 - 3 * STEP):
        if start < 0:
            break
        band = gray[max(y - 3, 0):y + 4, start:start + strip_w].mean(axis=0)
        e = _edge_along(band)
        if e is not None and (e > 0 or start == x0):
            return start + e
    return None


def card_pose(gray: np.ndarray, run: Run, cal: Calibration
              ) -> tuple[float, float, float] | None:
    """(x, y, angle) of the card's top-left corner and its tilt, from its left and top edges."""
    h = cal.card_height
    x0 = max(run.left - 3 * STEP, 0)
    strip_w = 6 * STEP
    xs = []
    # the left edge, measured in two bands below the index (rows relative to the card top)
    coarse = gray[::STEP, min(run.left + 2 * STEP, gray.shape[1] - 1)]
    bright = np.flatnonzero(coarse > BRIGHT)
    if len(bright) == 0:
        return None
    top0 = float(bright[0] * STEP)
    # (lower down, a picture printed close to the edge can hide it: then another band)
    for fracs in ((0.12,), (0.55, 0.8, 0.35, 0.9)):
        for frac in fracs:
            y = int(top0 + frac * h)
            if y + 4 > gray.shape[0] or x0 + strip_w > gray.shape[1]:
                continue
            e = _left_edge(gray, x0, y, strip_w)
            if e is not None:
                xs.append((e, y))
                break
        else:
            return None
    (xa, ya), (xb, yb) = xs
    angle = math.atan2(xb - xa, yb - ya)  # positive: the card leans right going down
    # the top edge, measured just right of the index
    cx = int(xa + 0.4 * cal.card_width)
    if cx + 4 > gray.shape[1]:
        return None
    # (measured away from the rounded corner, where the first bright row is lower)
    bright = np.flatnonzero(gray[::STEP, cx] > BRIGHT)
    if len(bright) == 0:
        return None
    y0 = max(int(bright[0]) * STEP - 3 * STEP, 0)
    col = gray[y0:y0 + 6 * STEP, max(cx - 3, 0):cx + 4].mean(axis=1)
    e = _edge_along(col)
    if e is None:
        return None
    top_at_cx = y0 + e
    top = top_at_cx + math.tan(angle) * (cx - xa)
    left_at_top = xa - math.tan(angle) * (ya - top)
    return left_at_top, top, angle


def corner_crop(frame_roi: np.ndarray, pose: tuple[float, float, float], cal: Calibration,
                opposite: bool = False) -> np.ndarray:
    """The upright index corner at canonical scale, warped from the window image.

    ``opposite``: the bottom-right index instead, turned the right way up.
    """
    x, y, angle = pose
    k = cal.card_height / 420.0 * (CARD_W / 300)
    c, s = math.cos(angle), math.sin(angle)
    # canonical corner (u, v) -> card (p, q) -> frame: origin + k * R(angle) (p, q); the
    # card's left edge runs along (sin a, cos a) in frame coordinates. The crop starts a
    # little outside the card so a slightly wrong edge never cuts the index.
    if opposite:  # (p, q) = (W + margin - u, H + margin - v)
        sign, p0, q0 = -1.0, CARD_W + CROP_MARGIN, 420 + CROP_MARGIN
    else:  # (p, q) = (u - margin, v - margin)
        sign, p0, q0 = 1.0, -CROP_MARGIN, -CROP_MARGIN
    ox, oy = x + k * (c * p0 + s * q0), y + k * (-s * p0 + c * q0)
    m = np.array([[sign * k * c, sign * k * s, ox], [-sign * k * s, sign * k * c, oy]],
                 np.float32)
    return cv2.warpAffine(frame_roi, m, (CORNER_W, CORNER_H),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


__all__ = ["BRIGHT", "STEP", "Run", "card_pose", "corner_crop", "find_runs", "window_gray"]
