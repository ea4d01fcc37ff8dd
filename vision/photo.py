"""Read every face-up card on a still photo of the table (the showdown check).

Cards are found as bright four-sided outlines (at several thresholds, so a plain,
wooden or busy background all work), each is warped upright to the canonical card,
and both index corners (top-left, and bottom-right turned round) are read with the
shoe's glyph model. A card whose corners disagree or are not sure comes out with
``card: None``. Photos are loaded with their EXIF orientation applied.

>>> import numpy as np, cv2
>>> from controller.cards import Card
>>> from vision.decks import STYLES, render_face, face_on
>>> table = np.full((600, 800, 3), (40, 90, 30), np.uint8)
>>> face = face_on(render_face(STYLES["jumbo"], Card("Kd")), (40, 90, 30))
>>> table[100:520, 250:550] = face
>>> [(str(c.card), c.confidence > 0.9) for c in read_photo(table)]
[('Kd', True)]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from controller.cards import Card
from controller.errors import PitbossError
from vision.classify import IndexClassifier, Reading
from vision.corner import canonical_corner, find_index
from vision.decks import CARD_H, CARD_W

MAX_SIDE = 1280  # photos are searched at most this big (corners reported in the original)
THRESHOLD = 0.99  # tuned on cards-dev: a wrong card is far worse than null
CARD_ASPECT = 88 / 63


class PhotoError(PitbossError):
    """A file that is not a readable image."""

    code = "bad_image"


@dataclass(frozen=True)
class PhotoCard:
    """One card found on a photo: its reading and its four corners (original pixels)."""

    card: Card | None
    confidence: float
    corners: list[list[float]]

    def as_json(self) -> dict[str, object]:
        return {"card": None if self.card is None else str(self.card),
                "confidence": round(self.confidence, 4), "corners": self.corners}


def load_image(path: str | Path) -> np.ndarray:
    """Read a photo with its EXIF orientation applied (OpenCV does so by default)."""
    data = np.fromfile(str(path), np.uint8) if Path(path).is_file() else None
    if data is None:
        raise PhotoError(f"no such image file: {path}", "no_such_file")
    img = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if img is None:
        raise PhotoError(f"not an image OpenCV can read: {path}")
    return img


def _order(quad: np.ndarray) -> np.ndarray:
    """Corners clockwise from the top-left of a portrait card (long side vertical)."""
    pts = quad.reshape(4, 2).astype(np.float32)
    centre = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates (y down)
    pts = np.roll(pts, -int(np.argmin(pts.sum(axis=1))), axis=0)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):
        pts = np.roll(pts, -1, axis=0)  # make the first side a short one
    return pts


def _quads(img: np.ndarray) -> list[np.ndarray]:
    """Card-like quadrilaterals: bright, convex, card-proportioned, not too small."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    area_img = img.shape[0] * img.shape[1]
    found: list[np.ndarray] = []
    otsu, _ = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    masks = [(blur > t).astype(np.uint8) for t in sorted({int(otsu), 120, 150, 180, 210})]
    edges = cv2.dilate(cv2.Canny(blur, 40, 120), np.ones((3, 3), np.uint8))
    masks.append(cv2.bitwise_not(edges) // 255)
    # a card on a light table: its faint outline, closed up, encloses the card
    closed = cv2.morphologyEx(cv2.Canny(blur, 20, 60), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    masks.append(closed // 255)
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
        for cnt in contours:
            area = cv2.contourArea(cnt)
            if area < 0.004 * area_img or area > 0.9 * area_img:
                continue
            hull = cv2.convexHull(cnt)
            quad = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
            if len(quad) != 4 or area < 0.85 * cv2.contourArea(quad):
                continue
            (_, _), (w, h), _ = cv2.minAreaRect(quad)
            aspect = max(w, h) / max(min(w, h), 1)
            if 1.2 < aspect < 1.65:
                found.append(_order(_refine(cnt.reshape(-1, 2), quad.reshape(4, 2))))
    return found


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
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return quad
        s, _ = np.linalg.solve(m, p2 - p1)
        out.append(p1 + s * d1)
    return np.array(out, np.float32)


def _groups(quads: list[np.ndarray]) -> list[list[np.ndarray]]:
    """Quads of the same card (found at several thresholds, or its picture frame inside
    it), biggest first."""
    groups: list[list[np.ndarray]] = []
    for q in sorted(quads, key=lambda q: -cv2.contourArea(q)):
        c = q.mean(axis=0)
        for g in groups:
            size = np.linalg.norm(g[0][0] - g[0][2])
            if np.linalg.norm(c - g[0].mean(axis=0)) < 0.25 * size:
                g.append(q)
                break
        else:
            groups.append([q])
    return groups


def _margin_is_paper(card_img: np.ndarray) -> bool:
    """A card face has a light, even margin just inside its outline."""
    hsv = cv2.cvtColor(card_img, cv2.COLOR_BGR2HSV)

    def band(ch: np.ndarray) -> np.ndarray:
        return np.concatenate([ch[6:14, 20:-20].ravel(), ch[-14:-6, 20:-20].ravel(),
                               ch[20:-20, 6:14].ravel(), ch[20:-20, -14:-6].ravel()])

    value, sat = band(hsv[:, :, 2]), band(hsv[:, :, 1])
    bright = float(np.median(value)) > 0.75 * float(np.percentile(hsv[:, :, 2], 97))
    return bright and float(np.median(sat)) < 70


def _warp(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(img, m, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _read_corner(card_img: np.ndarray, clf: IndexClassifier) -> Reading:
    corner = canonical_corner(card_img)
    best = Reading(None, 0.0)
    for level in (0.55, 0.4, 0.65):
        glyphs = find_index(corner, level)
        if glyphs is not None:
            reading = clf.read(glyphs)
            if reading.confidence > best.confidence:
                best = reading
        if best.confidence >= THRESHOLD:
            break
    return best


def _has_index(card_img: np.ndarray) -> bool:
    """Is there rank-and-suit-like ink in either index corner?"""
    return any(find_index(canonical_corner(img), level) is not None
               for img in (card_img, cv2.rotate(card_img, cv2.ROTATE_180))
               for level in (0.55, 0.4))


def read_card(card_img: np.ndarray, clf: IndexClassifier, threshold: float = THRESHOLD
              ) -> Reading:
    """Read an upright (or upside-down) card image from both index corners."""
    a = _read_corner(card_img, clf)
    b = _read_corner(cv2.rotate(card_img, cv2.ROTATE_180), clf)
    sure = [r for r in (a, b) if r.card is not None and r.confidence >= threshold]
    if len({r.card for r in sure}) > 1:
        return Reading(None, 0.0)  # the two corners disagree: never guess
    doubt = [r for r in (a, b) if r.card is not None and r.confidence >= 0.5]
    if sure and any(r.card is not sure[0].card for r in doubt):
        return Reading(None, 0.0)
    if sure:
        return Reading(sure[0].card, max(r.confidence for r in sure))
    best = max((a, b), key=lambda r: r.confidence)
    return Reading(None, best.confidence)


def read_photo(img: np.ndarray, clf: IndexClassifier | None = None,
               threshold: float = THRESHOLD) -> list[PhotoCard]:
    """Every card found on ``img`` (BGR), left to right then top to bottom."""
    clf = clf or IndexClassifier.load()
    scale = min(1.0, MAX_SIDE / max(img.shape[:2]))
    small = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else img
    out = []
    for group in _groups(_quads(small)):
        best: tuple[Reading, np.ndarray] | None = None
        for quad in group[:4]:
            img_card = _warp(small, quad)
            if not _margin_is_paper(img_card):
                continue
            reading = read_card(img_card, clf, threshold)
            if best is None or reading.confidence > best[0].confidence:
                best = (reading, quad)
            if reading.card is not None:
                break
        if best is None or (best[0].card is None and not _has_index(_warp(small, best[1]))):
            continue  # a bright rectangle with no index on it is not a face-up card
        reading, quad = best
        corners = [[round(float(x) / scale, 1), round(float(y) / scale, 1)] for x, y in quad]
        out.append(PhotoCard(reading.card, reading.confidence, corners))
    out.sort(key=lambda c: (round(c.corners[0][1] / 200), c.corners[0][0]))
    return out


__all__ = ["PhotoCard", "PhotoError", "load_image", "read_card", "read_photo"]
