"""Classify segmented index glyphs into a card, with a confidence.

Two models:

* the **generic** model, a small two-layer network per glyph (rank, suit) trained by
  ``vision/training/train_glyphs.py`` on rendered decks (weights in
  ``vision/models/glyphs.npz``, run here with numpy: no learning framework at run time);
* a **calibrated** deck model (:class:`DeckModel`), the glyphs of one physical deck
  learnt by ``pitboss calibrate``: nearest neighbour with a distance-ratio confidence.

Rank classes are ``2..9 T J Q K A`` plus ``jk`` (a joker's corner mark); suit classes
are ``c d h s`` plus ``jk`` (the rest of a joker's corner) and ``x`` (ink that is not an
index: a card back, a picture, a foreign object).

>>> clf = IndexClassifier.load()
>>> from controller.cards import Card
>>> from vision.decks import STYLES, render_face, face_on
>>> from vision.corner import canonical_corner, find_index
>>> glyphs = find_index(canonical_corner(face_on(render_face(STYLES["jumbo"], Card("9d")))))
>>> reading = clf.read(glyphs)
>>> reading.card, reading.confidence > 0.9
(Card('9d'), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from controller.cards import JOKER, Card, parse_card
from vision.corner import IndexGlyphs

RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "jk")
SUIT_LABELS = ("c", "d", "h", "s", "jk", "x")
MODEL_PATH = Path(__file__).with_name("models") / "glyphs.npz"


@dataclass(frozen=True)
class Reading:
    """One frame's reading of an index: the card (None if not a card index) and confidence."""

    card: Card | None
    confidence: float


@dataclass(frozen=True)
class GlyphNet:
    """Standardise, one ReLU hidden layer, softmax."""

    mean: np.ndarray
    std: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    def probs(self, x: np.ndarray) -> np.ndarray:
        z = (np.atleast_2d(x) - self.mean) / self.std
        h = np.maximum(z @ self.w1 + self.b1, 0.0)
        logits = h @ self.w2 + self.b2
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        out: np.ndarray = e / e.sum(axis=1, keepdims=True)
        return out

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        return {f"{prefix}_{k}": getattr(self, k) for k in ("mean", "std", "w1", "b1", "w2", "b2")}

    @classmethod
    def from_arrays(cls, data: dict[str, np.ndarray] | np.lib.npyio.NpzFile, prefix: str
                    ) -> GlyphNet:
        return cls(*(np.asarray(data[f"{prefix}_{k}"], np.float32)
                     for k in ("mean", "std", "w1", "b1", "w2", "b2")))


def combine(rank_p: np.ndarray, suit_p: np.ndarray) -> Reading:
    """Turn per-glyph class probabilities into one reading (joker and non-index rules)."""
    r, s = int(rank_p.argmax()), int(suit_p.argmax())
    rank, suit = RANK_LABELS[r], SUIT_LABELS[s]
    if suit == "x":
        return Reading(None, 0.0)
    if suit == "jk" or rank == "jk":
        # a joker's corner: "J" over "O" (JOKER written down the side) or a mark of its own
        conf = float(suit_p[s]) if suit == "jk" else float(rank_p[r]) * float(1 - suit_p[5])
        return Reading(JOKER, conf)
    return Reading(parse_card(rank + suit), float(min(rank_p[r], suit_p[s])))


@dataclass(frozen=True)
class IndexClassifier:
    """The generic glyph model."""

    rank_net: GlyphNet
    suit_net: GlyphNet
    # trained on single corner marks too (:func:`vision.corner.find_mark`): its suit
    # model tells a joker's emblem from a lone rank glyph, so marks may be read with it
    reads_marks: bool = False

    @classmethod
    def load(cls, path: str | Path = MODEL_PATH) -> IndexClassifier:
        with np.load(path) as data:
            marks = bool(data["reads_marks"]) if "reads_marks" in data.files else False
            return cls(GlyphNet.from_arrays(data, "rank"), GlyphNet.from_arrays(data, "suit"),
                       marks)

    def save(self, path: str | Path = MODEL_PATH) -> None:
        rank: dict[str, Any] = self.rank_net.arrays("rank")
        suit: dict[str, Any] = self.suit_net.arrays("suit")
        np.savez_compressed(path, **rank, **suit, reads_marks=np.array(self.reads_marks))

    def probabilities(self, glyphs: IndexGlyphs) -> tuple[np.ndarray, np.ndarray]:
        return (self.rank_net.probs(glyphs.rank_features)[0],
                self.suit_net.probs(glyphs.suit_features)[0])

    def read(self, glyphs: IndexGlyphs) -> Reading:
        return combine(*self.probabilities(glyphs))


@dataclass
class DeckModel:
    """A calibrated deck: labelled glyph features of that deck, read by nearest neighbour."""

    name: str
    rank_x: np.ndarray
    rank_y: np.ndarray
    suit_x: np.ndarray
    suit_y: np.ndarray

    @staticmethod
    def _knn(x: np.ndarray, data: np.ndarray, labels: np.ndarray, n_classes: int) -> np.ndarray:
        """Pseudo-probabilities from the distance ratio to the nearest two classes."""
        d = np.sqrt(((data - x) ** 2).sum(axis=1))
        best = np.full(n_classes, np.inf)
        np.minimum.at(best, labels, d)
        order = np.argsort(best)
        p = np.zeros(n_classes)
        d1, d2 = best[order[0]], best[order[1]]
        if np.isfinite(d1):
            p[order[0]] = 1.0 if not np.isfinite(d2) else float(np.clip(1 - d1 / d2, 0, 1)) * 2
        p[order[0]] = min(p[order[0]], 1.0)
        return p

    def probabilities(self, glyphs: IndexGlyphs) -> tuple[np.ndarray, np.ndarray]:
        return (self._knn(glyphs.rank_features, self.rank_x, self.rank_y, len(RANK_LABELS)),
                self._knn(glyphs.suit_features, self.suit_x, self.suit_y, len(SUIT_LABELS)))

    def save(self, path: str | Path) -> None:
        np.savez_compressed(path, name=np.array(self.name), rank_x=self.rank_x,
                            rank_y=self.rank_y, suit_x=self.suit_x, suit_y=self.suit_y)

    @classmethod
    def load(cls, path: str | Path) -> DeckModel:
        with np.load(path) as d:
            return cls(str(d["name"]), d["rank_x"], d["rank_y"], d["suit_x"], d["suit_y"])


def labels_of(card: Card | None) -> tuple[int | None, int]:
    """Class indexes (rank, suit) that ``card`` should get; None: the back of a card."""
    if card is None:
        return None, SUIT_LABELS.index("x")
    if card.is_joker:
        return RANK_LABELS.index("jk"), SUIT_LABELS.index("jk")
    return RANK_LABELS.index(str(card)[0]), SUIT_LABELS.index(str(card)[1])


__all__ = ["MODEL_PATH", "RANK_LABELS", "SUIT_LABELS", "DeckModel", "GlyphNet",
           "IndexClassifier", "Reading", "combine", "labels_of"]
