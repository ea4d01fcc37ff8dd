"""A court card's or an ace's letter in another language, read as a rank: a witness.

A Russian deck prints its queen "Д" and its ace "Т", a Swedish one its jack "Kn" and its
ace "E". The glyph models know only ranks, so they read such a letter, surely, as the
rank it looks most like: Д as an A or a 10, Т as a 7, Kn as a K or a Q, E as a K or a 6,
a D as a 6; and the corner network, which knows only ranks too, often agrees. The letter
model (trained by ``vision/training/train_letters.py`` on those letters and more, in
every installed text face but DejaVu's, against every rank glyph the glyph models are
trained on) tells a rank glyph from such a letter. A card whose rank glyph, wherever the
glyph models read it as that rank, the letter model calls a letter (at the median over
the ink levels of both corners, :data:`LETTER`), is not named.

>>> from controller.cards import Card
>>> from vision.corner import canonical_corner
>>> from vision.decks import deck_style, face_on, render_face
>>> def corner(deck, card):
...     return canonical_corner(face_on(render_face(deck_style(deck), Card(card))))
>>> foreign_letter(Card("Th"), [corner("russian-letters", "Qh")])  # a Д, read as a 10
True
>>> foreign_letter(Card("Ah"), [corner("tango", "Ah")])
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from controller.cards import Card
from vision.classify import RANK_LABELS, GlyphNet
from vision.rank_shape import ANY_WIDTH, every_rank

LETTERS_MODEL_PATH = Path(__file__).with_name("models") / "photo_letters.npz"
LETTER = 0.9  # the median letter probability over every reading of a card's rank glyph
# (the lettered decks' letters misread in rendered photos: 0.98 to 1.0, one 0.74; right
# cards: at most 0.49 in rendered photos, 0.81 in cards-dev's real ones, a Td read as
# one at a single ink level of one corner)
CLASSES = (*(r for r in RANK_LABELS if r != "jk"), "letter")  # every rank, or a letter


@dataclass(frozen=True)
class LetterModel:
    """One ReLU layer over the rank glyph features: which rank (:data:`CLASSES`), or a
    letter."""

    net: GlyphNet

    def letter(self, features: np.ndarray) -> np.ndarray:
        """The probability that each row of rank glyph features is a letter."""
        return self.net.probs(features)[:, -1]  # (CLASSES: the last)

    def save(self, path: str | Path = LETTERS_MODEL_PATH) -> None:
        arrays: dict[str, Any] = self.net.arrays("letter")
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: str | Path = LETTERS_MODEL_PATH) -> LetterModel:
        """The model saved at ``path``; a file of another model is refused by name.

        >>> import tempfile
        >>> other = Path(tempfile.mkdtemp()) / "glyphs.npz"
        >>> np.savez_compressed(other, rank_w1=np.zeros(1))
        >>> LetterModel.load(other)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ValueError: glyphs.npz is no letter model (it lacks letter_w1): train one with ...
        """
        with np.load(path) as data:
            if "letter_w1" not in data.files:
                raise ValueError(f"{Path(path).name} is no letter model (it lacks letter_w1): "
                                 "train one with vision.training.train_letters")
            return cls(GlyphNet.from_arrays(data, "letter"))


@lru_cache(maxsize=1)
def letter_model() -> LetterModel:
    return LetterModel.load()


def letter_readings(card: Card, corners: Iterable[np.ndarray]) -> list[float]:
    """The letter model's probability for ``card``'s rank glyph at each ink level of each
    canonical corner where the glyph models read it as ``card``'s rank."""
    if card.rank is None:
        return []
    return [float(letter_model().letter(rank.glyphs.rank_features)[0]) for corner in corners
            for rank in every_rank(corner, ANY_WIDTH, card.rank)]


def foreign_letter(card: Card, corners: Iterable[np.ndarray]) -> bool:
    """Is ``card``'s rank glyph, read as its rank, a letter of another language's deck
    (the median of :func:`letter_readings` at least :data:`LETTER`)? A glyph never
    read as the rank says nothing."""
    seen = letter_readings(card, corners)
    return bool(seen) and float(np.median(seen)) >= LETTER


__all__ = ["CLASSES", "LETTER", "LETTERS_MODEL_PATH", "LetterModel",
           "foreign_letter", "letter_model", "letter_readings"]
