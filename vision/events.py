"""The vision package's only outputs: what the shoe saw.

Exactly one event per physical card that passes the shoe window:

* :class:`CardSeen` when the card was read with confidence at or above the threshold;
* :class:`CardUnreadable` when it was not (the tablet asks the dealer to tap the card);
* :class:`CardsTogether` when two cards came out at once (an irregularity the
  dealer must resolve; no card is guessed).

>>> from controller.cards import Card
>>> CardSeen(Card("As"), 0.97, 120, 2.0)
CardSeen(card=Card('As'), confidence=0.97, frame_no=120, timestamp=2.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from controller.cards import Card


@dataclass(frozen=True)
class CardSeen:
    """A card read with ``confidence`` (0..1) in frame ``frame_no`` at ``timestamp`` (s)."""

    card: Card
    confidence: float
    frame_no: int
    timestamp: float


@dataclass(frozen=True)
class CardUnreadable:
    """A card passed but could not be read; ``crop`` is the best view of its corner (BGR)."""

    frame_no: int
    timestamp: float
    crop: np.ndarray = field(repr=False, compare=False)

    def crop_png(self) -> bytes:
        """The crop encoded as PNG, for the tablet or the hand log."""
        import cv2

        ok, buf = cv2.imencode(".png", self.crop)
        return buf.tobytes() if ok else b""


@dataclass(frozen=True)
class CardsTogether:
    """Two cards left the shoe at once (overlapping or touching); neither is reported."""

    frame_no: int
    timestamp: float


VisionEvent = CardSeen | CardUnreadable | CardsTogether

__all__ = ["CardSeen", "CardUnreadable", "CardsTogether", "VisionEvent"]
