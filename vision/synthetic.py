"""A synthetic shoe: renders camera frames of cards sliding past the shoe window.

The geometry is the reference shoe of ``hardware_docs/shoe-camera.md``: the camera
looks up through the window at the face of the card being dealt; cards travel from
the right of the frame to the left, so a card's left edge leads and its top-left
index corner comes into view first. Every frame is 640 x 480 BGR by default.

Degradations (seeded, per card): speed, motion blur, defocus, sensor noise, uneven
light, glare, small tilt and offset, and on request two cards close together,
a face-down card, a card stuck half-way, or a foreign object in the window.

>>> from controller.cards import Card
>>> shoe = SyntheticShoe(seed=1, deck_style="jumbo")
>>> frames = shoe.deal(Card("7h"))
>>> len(frames) > 8, frames[0].shape, frames[0].dtype.name
(True, (480, 640, 3), 'uint8')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from controller.cards import Card
from vision.decks import CARD_H, CARD_W, STYLES, DeckStyle, render_face

FRAME_W, FRAME_H = 640, 480
CARD_HEIGHT_PX = 400.0  # nominal card height on the sensor (reference mount)
CARD_TOP_PX = 40.0  # nominal y of the card's top edge


@dataclass(frozen=True)
class Degrade:
    """How rough the synthetic camera is (0 = perfect)."""

    level: float = 1.0
    speed: tuple[float, float] = (25.0, 70.0)  # px per frame
    exposure: float = 0.1  # fraction of the frame interval the shutter is open (LED-lit)


@dataclass
class _Pass:
    """Per-card random draws."""

    speed: float
    angle: float
    dy: float
    scale: float
    blur: float
    light: np.ndarray
    glare: np.ndarray | None
    noise_tile: np.ndarray | None = None


class SyntheticShoe:
    """Render frames of cards leaving a shoe.

    ``deal(card)`` returns the frames of one card's pass (including a short empty
    gap after it), so the no-hardware table can call it card by card;
    ``stream(cards)`` yields ``(frame_no, timestamp, frame)`` like any frame source.
    """

    def __init__(self, seed: int = 0, deck_style: str | DeckStyle = "standard",
                 fps: float = 60.0, degrade: Degrade | None = None,
                 size: tuple[int, int] = (FRAME_W, FRAME_H)) -> None:
        self.rng = np.random.default_rng(seed)
        self.style = STYLES[deck_style] if isinstance(deck_style, str) else deck_style
        self.fps = fps
        self.degrade = degrade if degrade is not None else Degrade()
        self.width, self.height = size
        self.frame_no = 0
        self._background = self._make_background()
        self._background_f = self._background.astype(np.float32)
        unit = self.rng.normal(0, 1, (self.height * 2, self.width, 3)).astype(np.float32)
        level = self.degrade.level
        self._noise_tiles = [np.round(unit * sigma * level).astype(np.int16)
                             for sigma in (1.5, 3.0, 5.0)]

    # -- public sequences -------------------------------------------------------------
    def deal(self, card: Card | None, face_down: bool = False, gap: int = 3) -> list[np.ndarray]:
        """The frames of one card sliding through the window (``None`` or ``face_down``: back)."""
        face = render_face(self.style, None if face_down else card)
        p = self._draw_pass()
        return self._slide([(face, 0.0)], p) + self.empty(gap)

    def deal_together(self, first: Card, second: Card, offset: float) -> list[np.ndarray]:
        """Two cards out at once: ``second`` lies ``offset`` px behind ``first`` (and
        above it, so ``first`` hides it where they overlap)."""
        p = self._draw_pass()
        faces = [(render_face(self.style, second), offset), (render_face(self.style, first), 0.0)]
        return self._slide(faces, p) + self.empty(3)

    def deal_close(self, first: Card, second: Card, gap: float) -> list[np.ndarray]:
        """Two cards dealt in quick succession, ``gap`` px apart (not touching)."""
        p = self._draw_pass()
        width = CARD_W * p.scale * CARD_HEIGHT_PX / CARD_H
        faces = [(render_face(self.style, second), width + gap),
                 (render_face(self.style, first), 0.0)]
        return self._slide(faces, p) + self.empty(3)

    def stuck(self, card: Card, stop_at: float, hold: int, then: str = "continue"
              ) -> list[np.ndarray]:
        """A card that stops with its leading edge at x = ``stop_at`` for ``hold`` frames,
        then either continues out (``then='continue'``) or is pulled back (``'back'``)."""
        face = render_face(self.style, card)
        p = self._draw_pass()
        xs = list(np.arange(self.width, stop_at, -p.speed)) + [stop_at] * hold
        if then == "continue":
            xs += list(np.arange(stop_at, -CARD_W * p.scale * 1.1, -p.speed))
        else:
            xs += list(np.arange(stop_at, self.width + 1, p.speed))
        return [self._compose([(face, x)], p) for x in xs] + self.empty(3)

    def foreign_object(self, kind: str = "finger") -> list[np.ndarray]:
        """Something that is not a card crossing the window (a finger or a chip)."""
        p = self._draw_pass()
        out = []
        for x in np.arange(self.width + 60, -120, -p.speed):
            frame = self._background.copy()
            if kind == "finger":
                cv2.ellipse(frame, (int(x), 250), (140, 55), 8, 0, 360, (120, 150, 205), -1)
                cv2.ellipse(frame, (int(x) - 110, 245), (30, 40), 8, 0, 360, (170, 190, 230), -1)
            else:
                cv2.circle(frame, (int(x), 240), 90, (40, 40, 190), -1)
                cv2.circle(frame, (int(x), 240), 60, (230, 230, 230), 8)
            out.append(self._finish(frame, p))
        return out + self.empty(3)

    def empty(self, n: int) -> list[np.ndarray]:
        """``n`` frames of the empty window."""
        p = self._draw_pass()
        return [self._finish(self._background_f.copy(), p) for _ in range(n)]

    def stream(self, cards: Iterable[Card]) -> Iterator[tuple[int, float, np.ndarray]]:
        """Frames of ``cards`` dealt one after the other, numbered from the shoe's counter."""
        for card in cards:
            yield from self.number(self.deal(card))

    def number(self, frames: list[np.ndarray]) -> Iterator[tuple[int, float, np.ndarray]]:
        """Give ``frames`` consecutive frame numbers and timestamps."""
        for frame in frames:
            yield self.frame_no, self.frame_no / self.fps, frame
            self.frame_no += 1

    # -- drawing ----------------------------------------------------------------------
    def _draw_pass(self) -> _Pass:
        r, lv = self.rng, self.degrade.level
        lo, hi = self.degrade.speed
        light = self._light_field(r.uniform(0.0, 0.35 * lv))
        glare = None
        if r.random() < 0.3 * lv:
            glare = np.zeros((self.height, self.width), np.float32)
            rad = int(r.uniform(20, 60))
            centre = (int(r.uniform(0, self.width)), int(r.uniform(0, self.height)))
            cv2.circle(glare, centre, rad, float(r.uniform(30, 90)), -1)
            glare = cv2.GaussianBlur(glare, (0, 0), rad / 2)
            glare = cv2.merge([glare, glare, glare])
        return _Pass(
            speed=float(r.uniform(lo, hi)), angle=float(r.normal(0, 1.5 * lv)),
            dy=float(r.normal(0, 6 * lv)), scale=float(1 + r.normal(0, 0.02 * lv)),
            blur=float(abs(r.normal(0, 0.7 * lv))),
            light=light, glare=glare,
            noise_tile=self._noise_tiles[int(r.integers(0, len(self._noise_tiles)))]
            if lv > 0 else None,
        )

    def _light_field(self, strength: float) -> np.ndarray:
        """A smooth multiplicative illumination field (a tilted plane plus a soft dome)."""
        yy, xx = np.mgrid[0:self.height, 0:self.width].astype(np.float32)
        gx, gy = self.rng.normal(0, 1, 2)
        plane = (gx * (xx / self.width - 0.5) + gy * (yy / self.height - 0.5))
        field = (1.0 + strength * np.clip(plane, -1, 1)).astype(np.float32)
        return cv2.merge([field, field, field])

    def _make_background(self) -> np.ndarray:
        base = np.full((self.height, self.width, 3), 32, np.uint8)
        tex = self.rng.normal(0, 4, (self.height // 8, self.width // 8)).astype(np.float32)
        tex = cv2.resize(tex, (self.width, self.height), interpolation=cv2.INTER_CUBIC)
        return np.clip(base + tex[:, :, None], 0, 255).astype(np.uint8)

    def _slide(self, faces: list[tuple[np.ndarray, float]], p: _Pass) -> list[np.ndarray]:
        extent = CARD_W * p.scale * CARD_HEIGHT_PX / CARD_H + max(off for _, off in faces)
        start = self.width + self.rng.uniform(0, p.speed)
        return [self._compose([(f, x + off) for f, off in faces], p)
                for x in np.arange(start, -extent - 5, -p.speed)]

    def _compose(self, faces: list[tuple[np.ndarray, float]], p: _Pass) -> np.ndarray:
        frame = self._background_f.copy()
        k = CARD_HEIGHT_PX / CARD_H * p.scale
        for face, x in faces:  # drawn back to front
            m = cv2.getRotationMatrix2D((0, 0), p.angle, k)
            m[:, 2] += (x, CARD_TOP_PX + p.dy)
            self._paste(frame, face, m)
        return self._finish(frame, p)

    def _paste(self, frame: np.ndarray, face: np.ndarray, m: np.ndarray) -> None:
        """Warp ``face`` by ``m`` onto ``frame``, touching only the card's bounding box."""
        corners = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
        pts = corners @ m[:, :2].T + m[:, 2]
        x0, y0 = np.floor(pts.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 1
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, self.width), min(y1, self.height)
        if x1 <= x0 or y1 <= y0:
            return
        mm = m.copy()
        mm[:, 2] -= (x0, y0)
        warped = cv2.warpAffine(face, mm, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        alpha = warped[:, :, 3:4].astype(np.float32) * (1 / 255.0)
        roi = frame[y0:y1, x0:x1]
        # the shoe's light falls on the card, which sits closer than the window frame
        roi += alpha * (warped[:, :, :3].astype(np.float32) * 0.92 - roi)
        # the card's thickness shows as a thin dark line along its edges
        cv2.polylines(frame, [pts.astype(np.int32)], True, (60, 60, 60), 1, cv2.LINE_AA)

    def _finish(self, frame: np.ndarray, p: _Pass) -> np.ndarray:
        f = frame.astype(np.float32) if frame.dtype != np.float32 else frame
        cv2.multiply(f, p.light, dst=f)
        if p.glare is not None:
            cv2.add(f, p.glare, dst=f)
        out = cv2.convertScaleAbs(f)
        blur_len = int(p.speed * self.degrade.exposure * self.degrade.level)
        if blur_len >= 2:
            out = cv2.blur(out, (blur_len, 1))
        if p.blur > 0.3:
            out = cv2.GaussianBlur(out, (0, 0), p.blur)
        if p.noise_tile is not None:  # sensor noise comes after the optics
            oy = int(self.rng.integers(0, self.height))
            out = cv2.add(out, p.noise_tile[oy:oy + self.height], dtype=cv2.CV_8U)
        return out


__all__ = ["CARD_HEIGHT_PX", "CARD_TOP_PX", "FRAME_H", "FRAME_W", "Degrade", "SyntheticShoe"]
