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
from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class _Sprite:
    """A card face warped once per pass (its tilt and scale are the pass's), then placed
    at a whole pixel in each frame.

    ``colour`` is what the card adds (premultiplied by its coverage, the dark line of
    the card's edge drawn in), ``transmit`` how much of what lies under it shows
    through. The sprite's top-left is ``ox`` px right of the card's corner, at ``top``.
    """

    colour: np.ndarray
    transmit: np.ndarray
    ox: int
    top: int

    @classmethod
    def warp(cls, face: tuple[np.ndarray, np.ndarray], angle: float, k: float, y: float
             ) -> _Sprite:
        m = cv2.getRotationMatrix2D((0, 0), angle, k)
        pts = _CARD_CORNERS @ m[:, :2].T
        ox, oy = (int(v) - 2 for v in np.floor(pts.min(axis=0)))
        w, h = (int(v) + 3 for v in np.ceil(pts.max(axis=0) - (ox, oy)))
        top = round(y) + oy
        m[:, 2] = (-ox, y - top)  # the card's corner in sprite coordinates
        colour, alpha = face
        col = cv2.warpAffine(colour, m, (w, h), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
        cover = cv2.warpAffine(alpha, m, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        # the card's thickness shows as a thin dark line along its edges
        line = np.zeros((h, w), np.uint8)
        edge = np.round((pts + m[:, 2]) * 16).astype(np.int32)
        cv2.polylines(line, [edge], True, 255, 1, cv2.LINE_AA, shift=4)
        ink = line.astype(np.float32) * (1 / 255.0)
        keep = 1.0 - ink
        col = col * keep[:, :, None] + (60.0 * ink)[:, :, None]
        through = (1.0 - cover) * keep
        return cls(np.ascontiguousarray(col, np.float32),
                   cv2.merge([through, through, through]), ox, top)

    def paste(self, region: np.ndarray, rect: tuple[int, int, int, int],
              origin: tuple[int, int]) -> None:
        """Lay the sprite, placed at ``rect`` in the frame, onto ``region`` (whose corner is
        at ``origin`` in the frame), in place."""
        ox, oy = origin
        h, w = region.shape[:2]
        x0, y0 = max(rect[0] - ox, 0), max(rect[1] - oy, 0)
        x1, y1 = min(rect[2] - ox, w), min(rect[3] - oy, h)
        if x1 <= x0 or y1 <= y0:
            return
        sx, sy = x0 - (rect[0] - ox), y0 - (rect[1] - oy)
        cut = (slice(sy, sy + y1 - y0), slice(sx, sx + x1 - x0))
        roi = region[y0:y1, x0:x1]
        cv2.multiply(roi, self.transmit[cut], dst=roi)
        cv2.add(roi, self.colour[cut], dst=roi)


@dataclass
class _Pass:
    """Per-card random draws, and what they make of the empty window."""

    speed: float
    angle: float
    dy: float
    scale: float
    blur: float
    light: np.ndarray
    glare: np.ndarray | None
    noise: tuple[np.ndarray, np.ndarray] | None = None
    blur_len: int = 0
    # the empty window as this pass's camera sees it (lit, blurred, before sensor noise):
    # every frame of the pass starts from it and redraws only the part around the cards
    backdrop: np.ndarray = field(default_factory=lambda: np.zeros((0, 0, 3), np.uint8))
    sprites: dict[int, _Sprite] = field(default_factory=dict)

    @property
    def reach(self) -> int:
        """How far (px) the optics spread a pixel: motion blur plus defocus support."""
        gauss = int(np.ceil(3 * self.blur)) + 1 if self.blur > 0.3 else 0
        return self.blur_len // 2 + 1 + gauss


class SyntheticShoe:
    """Render frames of cards leaving a shoe.

    ``deal(card)`` returns the frames of one card's pass (including a short empty
    gap after it), so the no-hardware table can call it card by card;
    ``stream(cards)`` yields ``(frame_no, timestamp, frame)`` like any frame source.

    Rendering is cheap enough for the benchmark and the demo: what does not change
    within a pass (the light field, glare, the lit and blurred empty window) is
    computed once per pass, the card faces once per process, and each frame redraws
    only the box around the cards before the sensor noise goes over the whole frame.
    """

    def __init__(self, seed: int = 0, deck_style: str | DeckStyle = "standard",
                 fps: float = 60.0, degrade: Degrade | None = None,
                 size: tuple[int, int] = (FRAME_W, FRAME_H), back: np.ndarray | None = None
                 ) -> None:
        self.rng = np.random.default_rng(seed)
        self.back = back  # a back drawn by the caller (BGRA, CARD_H x CARD_W), else the deck's
        self.style = STYLES[deck_style] if isinstance(deck_style, str) else deck_style
        self.fps = fps
        self.degrade = degrade if degrade is not None else Degrade()
        self.width, self.height = size
        self.frame_no = 0
        self._background = self._make_background()
        self._background_f = self._background.astype(np.float32)
        yy, xx = np.mgrid[0:self.height, 0:self.width].astype(np.float32)
        self._grid = (xx / self.width - 0.5, yy / self.height - 0.5)
        unit = self.rng.normal(0, 1, (self.height * 2, self.width, 3)).astype(np.float32)
        level = self.degrade.level
        # signed noise as two saturating uint8 tiles (add, then subtract): fast to apply
        self._noise_tiles = []
        for sigma in (1.5, 3.0, 5.0):
            tile = np.round(unit * sigma * level)
            self._noise_tiles.append((np.clip(tile, 0, 255).astype(np.uint8),
                                      np.clip(-tile, 0, 255).astype(np.uint8)))
        self._faces: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    # -- public sequences -------------------------------------------------------------
    def deal(self, card: Card | None, face_down: bool = False, gap: int = 3) -> list[np.ndarray]:
        """The frames of one card sliding through the window (``None`` or ``face_down``: back)."""
        face = self._face(None if face_down else card)
        p = self._draw_pass()
        return self._slide([(face, 0.0)], p) + self.empty(gap)

    def deal_together(self, first: Card, second: Card, offset: float) -> list[np.ndarray]:
        """Two cards out at once: ``second`` lies ``offset`` px behind ``first`` (and
        above it, so ``first`` hides it where they overlap)."""
        p = self._draw_pass()
        faces = [(self._face(second), offset), (self._face(first), 0.0)]
        return self._slide(faces, p) + self.empty(3)

    def deal_close(self, first: Card, second: Card, gap: float) -> list[np.ndarray]:
        """Two cards dealt in quick succession, ``gap`` px apart (not touching)."""
        p = self._draw_pass()
        width = CARD_W * p.scale * CARD_HEIGHT_PX / CARD_H
        faces = [(self._face(second), width + gap), (self._face(first), 0.0)]
        return self._slide(faces, p) + self.empty(3)

    def stuck(self, card: Card, stop_at: float, hold: int, then: str = "continue"
              ) -> list[np.ndarray]:
        """A card that stops with its leading edge at x = ``stop_at`` for ``hold`` frames,
        then either continues out (``then='continue'``) or is pulled back (``'back'``)."""
        face = self._face(card)
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
            full = (0, 0, self.width, self.height)
            out.append(self._sensor(self._optics(frame.astype(np.float32), p, full), p))
        return out + self.empty(3)

    def empty(self, n: int) -> list[np.ndarray]:
        """``n`` frames of the empty window."""
        p = self._draw_pass()
        return [self._sensor(p.backdrop.copy(), p) for _ in range(n)]

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
    def _face(self, card: Card | None) -> tuple[np.ndarray, np.ndarray]:
        """A face ready to paste: colour as the card reflects it (float) and its alpha."""
        key = str(card) if card is not None else "back"
        hit = self._faces.get(key)
        if hit is None:
            bgra = render_face(self.style, card) if card is not None or self.back is None \
                else self.back
            # the shoe's light falls on the card, which sits closer than the window frame
            alpha = bgra[:, :, 3].astype(np.float32) * (1 / 255.0)
            colour = bgra[:, :, :3].astype(np.float32) * (0.92 * alpha[:, :, None])
            hit = self._faces[key] = (colour, alpha)  # colour premultiplied by alpha
        return hit

    def _draw_pass(self) -> _Pass:
        r, lv = self.rng, self.degrade.level
        lo, hi = self.degrade.speed
        light = self._light_field(r.uniform(0.0, 0.35 * lv))
        glare = None
        if r.random() < 0.3 * lv:
            rad = int(r.uniform(20, 60))
            centre = (int(r.uniform(0, self.width)), int(r.uniform(0, self.height)))
            glare = self._glare(centre, rad, float(r.uniform(30, 90)))
        p = _Pass(
            speed=float(r.uniform(lo, hi)), angle=float(r.normal(0, 1.5 * lv)),
            dy=float(r.normal(0, 6 * lv)), scale=float(1 + r.normal(0, 0.02 * lv)),
            blur=float(abs(r.normal(0, 0.7 * lv))),
            light=light, glare=glare,
            noise=self._noise_tiles[int(r.integers(0, len(self._noise_tiles)))]
            if lv > 0 else None,
        )
        p.blur_len = int(p.speed * self.degrade.exposure * self.degrade.level)
        full = (0, 0, self.width, self.height)
        p.backdrop = self._optics(self._background_f.copy(), p, full)
        return p

    def _light_field(self, strength: float) -> np.ndarray:
        """A smooth multiplicative illumination field (a tilted plane)."""
        gx, gy = self.rng.normal(0, 1, 2)
        xs, ys = self._grid
        plane = cv2.addWeighted(xs, float(gx), ys, float(gy), 0.0)
        field = cv2.addWeighted(np.clip(plane, -1, 1), float(strength), plane, 0.0, 1.0)
        return np.asarray(cv2.merge([field, field, field]))

    def _glare(self, centre: tuple[int, int], rad: int, level: float) -> np.ndarray:
        """A soft bright spot: a disc blurred with sigma rad / 2, drawn in a patch round it
        (beyond three radii it has faded to nothing)."""
        glare = np.zeros((self.height, self.width), np.float32)
        reach = 4 * rad
        cx, cy = centre
        x0, y0 = max(cx - reach, 0), max(cy - reach, 0)
        x1, y1 = min(cx + reach, self.width), min(cy + reach, self.height)
        patch = np.zeros((cy + reach - (cy - reach), cx + reach - (cx - reach)), np.float32)
        cv2.circle(patch, (reach, reach), rad, level, -1)
        patch = np.asarray(cv2.GaussianBlur(patch, (0, 0), rad / 2), np.float32)
        glare[y0:y1, x0:x1] = patch[y0 - (cy - reach):y1 - (cy - reach),
                                    x0 - (cx - reach):x1 - (cx - reach)]
        return np.asarray(cv2.merge([glare, glare, glare]))

    def _make_background(self) -> np.ndarray:
        base = np.full((self.height, self.width, 3), 32, np.uint8)
        tex = self.rng.normal(0, 4, (self.height // 8, self.width // 8)).astype(np.float32)
        tex = np.asarray(cv2.resize(tex, (self.width, self.height),
                                    interpolation=cv2.INTER_CUBIC), np.float32)
        background: np.ndarray = np.clip(base + tex[:, :, None], 0, 255).astype(np.uint8)
        return background

    def _slide(self, faces: list[tuple[tuple[np.ndarray, np.ndarray], float]], p: _Pass
               ) -> list[np.ndarray]:
        extent = CARD_W * p.scale * CARD_HEIGHT_PX / CARD_H + max(off for _, off in faces)
        start = self.width + self.rng.uniform(0, p.speed)
        return [self._compose([(f, x + off) for f, off in faces], p)
                for x in np.arange(start, -extent - 5, -p.speed)]

    def _compose(self, faces: list[tuple[tuple[np.ndarray, np.ndarray], float]], p: _Pass
                 ) -> np.ndarray:
        """One frame: the backdrop, with the box round the cards drawn and blurred anew."""
        placed = []
        for face, x in faces:  # drawn back to front
            sprite = self._sprite(face, p)
            left, top = round(x) + sprite.ox, sprite.top
            h, w = sprite.transmit.shape[:2]
            placed.append((sprite, (left, top, left + w, top + h)))
        frame = p.backdrop.copy()
        reach = p.reach
        # inner: every pixel the cards can reach through the optics; outer: what those
        # pixels' blur reads (beyond inner the frame is the backdrop itself)
        inner = self._box([r for _, r in placed], reach)
        outer = self._box([r for _, r in placed], 2 * reach)
        if inner is None or outer is None:
            return self._sensor(frame, p)
        x0, y0, x1, y1 = outer
        region = self._background_f[y0:y1, x0:x1].copy()
        for sprite, rect in placed:
            sprite.paste(region, rect, (x0, y0))
        lit = self._optics(region, p, outer)
        ix0, iy0, ix1, iy1 = inner
        frame[iy0:iy1, ix0:ix1] = lit[iy0 - y0:iy1 - y0, ix0 - x0:ix1 - x0]
        return self._sensor(frame, p)

    def _box(self, rects: list[tuple[int, int, int, int]], pad: int
             ) -> tuple[int, int, int, int] | None:
        """The union of ``rects`` grown by ``pad`` and clipped to the frame (None: off it)."""
        x0 = max(min(r[0] for r in rects) - pad, 0)
        y0 = max(min(r[1] for r in rects) - pad, 0)
        x1 = min(max(r[2] for r in rects) + pad, self.width)
        y1 = min(max(r[3] for r in rects) + pad, self.height)
        if x1 <= x0 or y1 <= y0:
            return None
        return x0, y0, x1, y1

    def _sprite(self, face: tuple[np.ndarray, np.ndarray], p: _Pass) -> _Sprite:
        hit = p.sprites.get(id(face))
        if hit is None:
            k = CARD_HEIGHT_PX / CARD_H * p.scale
            hit = p.sprites[id(face)] = _Sprite.warp(face, p.angle, k, CARD_TOP_PX + p.dy)
        return hit

    def _optics(self, f: np.ndarray, p: _Pass, box: tuple[int, int, int, int]) -> np.ndarray:
        """Light, glare, exposure, motion blur and defocus of the float image ``f``, which
        covers ``box`` (x0, y0, x1, y1) of the frame; uint8 out."""
        x0, y0, x1, y1 = box
        cv2.multiply(f, p.light[y0:y1, x0:x1], dst=f)
        if p.glare is not None:
            cv2.add(f, p.glare[y0:y1, x0:x1], dst=f)
        out = cv2.convertScaleAbs(f)
        if p.blur_len >= 2:
            out = cv2.blur(out, (p.blur_len, 1))
        if p.blur > 0.3:
            out = cv2.GaussianBlur(out, (0, 0), p.blur)
        return out

    def _sensor(self, frame: np.ndarray, p: _Pass) -> np.ndarray:
        """Sensor noise, which comes after the optics (in place)."""
        if p.noise is not None:
            oy = int(self.rng.integers(0, self.height))
            up, down = p.noise
            cv2.add(frame, up[oy:oy + self.height], dst=frame)
            cv2.subtract(frame, down[oy:oy + self.height], dst=frame)
        return frame


_CARD_CORNERS = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)


__all__ = ["CARD_HEIGHT_PX", "CARD_TOP_PX", "FRAME_H", "FRAME_W", "Degrade", "SyntheticShoe"]
