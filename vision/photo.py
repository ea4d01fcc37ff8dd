"""Read every face-up card on a still photo of the table (the showdown check).

Cards are found by :mod:`vision.photo_find` (several detectors, so a plain, wooden,
light or busy table all work, and a card cut by the photo's edge is completed), each
outline is warped upright to the canonical card, and :mod:`vision.photo_card` reads
its two index corners. A card it is not sure of comes out with ``card: None``.
Photos are loaded with their EXIF orientation applied.

>>> import numpy as np, cv2
>>> from controller.cards import Card, Suit
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
from vision.decks import CARD_H, CARD_W
from vision.photo_card import THRESHOLD, has_index, read_card
from vision.photo_find import card_groups
from vision.photo_model import Ensemble, photo_reader

MAX_SIDE = 1280  # photos are searched at most this big (corners reported in the original)
GROW = 0.04  # a second look at each outline, this much bigger
PAPER_SAT = 100  # cream card stock under a warm light is this saturated (of 255)


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


def _margin_is_paper(card_img: np.ndarray) -> bool:
    """A card face has a light, even margin just inside its outline."""
    hsv = cv2.cvtColor(card_img, cv2.COLOR_BGR2HSV)

    def band(ch: np.ndarray) -> np.ndarray:
        return np.concatenate([ch[6:14, 20:-20].ravel(), ch[-14:-6, 20:-20].ravel(),
                               ch[20:-20, 6:14].ravel(), ch[20:-20, -14:-6].ravel()])

    value, sat = band(hsv[:, :, 2]), band(hsv[:, :, 1])
    bright = float(np.median(value)) > 0.75 * float(np.percentile(hsv[:, :, 2], 97))
    return bright and float(np.median(sat)) < PAPER_SAT


def _warp(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(img, m, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _grown(quad: np.ndarray, by: float = GROW) -> np.ndarray:
    centre = quad.mean(axis=0)
    return (centre + (quad - centre) * (1 + by)).astype(np.float32)


def _read_group(img: np.ndarray, group: list[np.ndarray], clf: IndexClassifier | Ensemble,
                threshold: float) -> tuple[Reading, np.ndarray] | None:
    """The first sure reading among one card's outlines (each also tried a little
    bigger: an index printed close to the edge is cut by an outline a pixel or two
    inside the card), or the least unsure; None if no outline has a paper margin."""
    best: tuple[Reading, np.ndarray] | None = None
    for quad in group:
        img_card = _warp(img, quad)
        if not _margin_is_paper(img_card):
            continue
        for tried in (img_card, _warp(img, _grown(quad))):
            reading = read_card(tried, clf, threshold)
            if best is None or reading.confidence > best[0].confidence:
                best = (reading, quad)
            if reading.card is not None:
                return reading, quad
    return best


def _one_per_card(found: list[tuple[Reading, np.ndarray]]
                  ) -> list[tuple[Reading, np.ndarray]]:
    """Drop outlines of a card already reported (a covered card's guessed whole
    outline beside its visible part): read cards win over unread, surer over less
    sure; a card read as another card than its neighbour stays."""
    kept: list[tuple[Reading, np.ndarray]] = []
    for reading, quad in sorted(found, key=lambda f: (f[0].card is None, -f[0].confidence)):
        centre = quad.mean(axis=0)
        # two different cards read side by side (one lying over the other) both stay
        if all(np.linalg.norm(centre - q.mean(axis=0)) > 0.3 * np.linalg.norm(q[0] - q[2])
               or (reading.card is not None and reading.card is not r.card)
               for r, q in kept):
            kept.append((reading, quad))
    return kept


def read_photo(img: np.ndarray, clf: IndexClassifier | Ensemble | None = None,
               threshold: float = THRESHOLD) -> list[PhotoCard]:
    """Every card found on ``img`` (BGR), left to right then top to bottom."""
    clf = clf or photo_reader()
    scale = min(1.0, MAX_SIDE / max(img.shape[:2]))
    small = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else img
    found: list[tuple[Reading, np.ndarray]] = []
    for group in card_groups(small):
        best = _read_group(small, group, clf, threshold)
        if best is None or (best[0].card is None and not has_index(_warp(small, best[1]))):
            continue  # a bright rectangle with no index on it is not a face-up card
        found.append(best)
    out = []
    for reading, quad in _one_per_card(found):
        corners = [[round(float(x) / scale, 1), round(float(y) / scale, 1)] for x, y in quad]
        out.append(PhotoCard(reading.card, reading.confidence, corners))
    out.sort(key=lambda c: (round(c.corners[0][1] / 200), c.corners[0][0]))
    return out


__all__ = ["THRESHOLD", "PhotoCard", "PhotoError", "load_image", "read_card", "read_photo"]
