"""The still-photo glyph model: the shoe's glyph network, trained on photo-like cards.

The photo reader sees cards far smaller, blurrier and more JPEG-worn than the shoe
camera does, so it has weights of its own (``vision/models/photo_glyphs.npz``, trained
by ``vision/training/train_photo.py``) on the same glyph features as the shoe model
(:mod:`vision.corner`). If the features change, the model must be retrained: loading
checks the feature length and says so.

>>> clf = load_photo_classifier()
>>> clf.rank_net.mean.shape[-1] == FEATURE_LEN
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from vision.classify import IndexClassifier, Reading, combine
from vision.corner import FEATURE_LEN, IndexGlyphs

PHOTO_MODEL_PATH = Path(__file__).with_name("models") / "photo_glyphs.npz"
# trained with real photos' wear as well (faded and pale-red indexes, outlines off along
# one axis: ``train_photo.py --worn --faces 20 --seed 0``), session 5
WORN_MODEL_PATH = Path(__file__).with_name("models") / "photo_glyphs_worn.npz"


@lru_cache(maxsize=4)
def load_photo_classifier(path: str | Path = PHOTO_MODEL_PATH) -> IndexClassifier:
    """The photo glyph model (cached: loaded once per process)."""
    clf = IndexClassifier.load(path)
    if clf.rank_net.mean.shape[-1] != FEATURE_LEN:
        raise RuntimeError(f"{path} was trained on {clf.rank_net.mean.shape[-1]} glyph "
                           f"features, vision.corner now makes {FEATURE_LEN}: retrain it "
                           "with python -m vision.training.train_photo")
    return clf


@dataclass(frozen=True)
class Ensemble:
    """Several glyph models read as one: their class probabilities averaged. Models
    trained on different data rarely make the same confident mistake, so a glyph one
    of them misreads comes out unsure rather than wrong."""

    members: tuple[IndexClassifier, ...]

    def probabilities(self, glyphs: IndexGlyphs) -> tuple[np.ndarray, np.ndarray]:
        probs = [m.probabilities(glyphs) for m in self.members]
        return (np.mean([p[0] for p in probs], axis=0), np.mean([p[1] for p in probs], axis=0))

    def read(self, glyphs: IndexGlyphs) -> Reading:
        return combine(*self.probabilities(glyphs))


@lru_cache(maxsize=1)
def photo_reader() -> Ensemble:
    """What the photo reader reads glyphs with: the photo model and the one trained on
    worn cards as well. The shoe model is not one of them: trained on the shoe's clean,
    large indexes, it calls a narrow diamond (a real deck's, or one an outline a little
    too wide squeezed) "not an index" with certainty, and its vote cancelled the photo
    models' reading."""
    return Ensemble((load_photo_classifier(WORN_MODEL_PATH), load_photo_classifier()))


__all__ = ["PHOTO_MODEL_PATH", "WORN_MODEL_PATH", "Ensemble", "load_photo_classifier",
           "photo_reader"]
