"""The photo corner network: rank and suit read from an index corner's pixels.

The glyph models (:mod:`vision.photo_model`) read an index only after thresholding has
parted it into a rank glyph and a suit glyph; on a small or blurred phone photo the two
often run together, or a stroke breaks, and the corner is never read. This small
convolutional network reads the whole corner as an image instead: a second reading,
independent of segmentation, that :mod:`vision.photo` uses only where two readings
agree. Trained offline (PyTorch, outside the project) by
:mod:`vision.training.train_photo_cnn` on photo-degraded renders, exported to ONNX
and run here by OpenCV's dnn module (a tenth of the CPU time numpy took).

>>> net = load_corner_net()
>>> x = np.zeros((1, *INPUT_SHAPE), np.float32)
>>> rank_p, suit_p = net.probabilities(x)
>>> rank_p.shape, suit_p.shape, bool(abs(rank_p.sum() - 1) < 1e-4)
((1, 14), (1, 6), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.corner import canonical_corner

CNN_PATH = Path(__file__).with_name("models") / "photo_corner_cnn.onnx"
INPUT_W, INPUT_H = 32, 64
INPUT_SHAPE = (2, INPUT_H, INPUT_W)  # channels: lightness, redness
N_RANK = 14  # vision.classify.RANK_LABELS
SHIFT = 4  # canonical pixels a corner view is moved by


def corner_input(card_img: np.ndarray) -> np.ndarray:
    """The network's input for the top-left index corner of an upright card image:
    lightness scaled between the darkest ink and the paper, and red ink's excess of red
    over green and blue (so a warm or dim light changes neither much; green or blue ink
    has none, as black ink has none).

    >>> card = np.full((420, 300, 3), 230, np.uint8)
    >>> card[20:60, 10:40] = (30, 30, 200)
    >>> x = corner_input(card)
    >>> x.shape, bool(x[1].max() > 0.5), bool(abs(x[0].max() - 0.5) < 0.05)
    ((2, 64, 32), True, True)
    >>> card[20:60, 10:40] = (40, 140, 30)  # a four-colour deck's green ink
    >>> float(corner_input(card)[1].min())
    0.0
    """
    return _normalised(canonical_corner(card_img))


def corner_views(card_img: np.ndarray, step: int = SHIFT) -> np.ndarray:
    """:func:`corner_input` of the corner as found, and moved ``step`` canonical pixels
    each way (left, right, up, down): read together, a reading does not hang on where
    an outline a pixel or two off put the index.

    >>> card = np.full((420, 300, 3), 230, np.uint8)
    >>> card[20:60, 10:40] = (30, 30, 30)
    >>> views = corner_views(card)
    >>> views.shape, bool(np.allclose(views[0], corner_input(card)))
    ((5, 2, 64, 32), True)
    """
    h, w = card_img.shape[:2]
    k = w / 300.0  # card pixels per canonical pixel
    pad = max(1, round(step * k))
    big = cv2.copyMakeBorder(card_img, pad, 0, pad, 0, cv2.BORDER_REPLICATE)
    views = []
    for dx, dy in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
        x0, y0 = pad + dx * pad, pad + dy * pad
        views.append(corner_input(big[y0:y0 + h - pad, x0:x0 + w - pad]) if (dx, dy) != (0, 0)
                     else corner_input(card_img))
    return np.stack(views)


def _percentiles(values: np.ndarray, qs: tuple[float, ...]) -> list[float]:
    """``np.percentile`` (linear) of several ``qs`` from one sort: it is called for
    every view of every corner, and ``np.percentile``'s overhead was most of it.

    >>> v = np.random.default_rng(0).normal(size=(64, 32))
    >>> bool(np.allclose(_percentiles(v, (1, 90)), np.percentile(v, (1, 90))))
    True
    """
    flat = np.sort(values, axis=None)
    out = []
    for q in qs:
        at = (len(flat) - 1) * q / 100
        lo = int(at)
        hi = min(lo + 1, len(flat) - 1)
        out.append(float(flat[lo] + (flat[hi] - flat[lo]) * (at - lo)))
    return out


def _normalised(corner_bgr: np.ndarray) -> np.ndarray:
    corner = cv2.resize(corner_bgr, (INPUT_W, INPUT_H),
                        interpolation=cv2.INTER_AREA).astype(np.float32)
    gray = corner.mean(axis=2)
    dark, paper = _percentiles(gray, (1, 90))
    span = max(paper - dark, 20.0)
    light = np.clip((gray - dark) / span, 0, 1.3) - 0.5
    b, g, r = corner[:, :, 0], corner[:, :, 1], corner[:, :, 2]
    # no negative redness: a four-colour deck's green club and blue diamond drew their
    # shapes in it, where in training only a colour cast's paper has any, and the network
    # named their suits (and ranks) at random; with none they read as black ink does
    red = np.clip((r - np.maximum(g, b)) / max(paper, 20.0), 0.0, 1.0) * 2
    return np.stack([light, red]).astype(np.float32)


@dataclass(frozen=True)
class CornerNet:
    """The trained network, run by OpenCV's dnn module from its ONNX file. The file
    holds one network or several trained alike (different seeds) whose probabilities
    it averages: two networks rarely make the same confident mistake. Its outputs are
    the rank and suit class probabilities (:data:`vision.classify.RANK_LABELS`,
    ``SUIT_LABELS``)."""

    net: cv2.dnn.Net

    def probabilities(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rank and suit class probabilities for a batch of :func:`corner_input` s."""
        self.net.setInput(np.ascontiguousarray(x, np.float32))
        rank_p, suit_p = self.net.forward(["rank", "suit"])
        return rank_p.reshape(len(x), N_RANK), suit_p.reshape(len(x), -1)


@lru_cache(maxsize=2)
def load_corner_net(path: str | Path = CNN_PATH) -> CornerNet:
    """The corner network (cached: loaded once per process)."""
    if not Path(path).is_file():
        raise FileNotFoundError(f"no corner network at {path}: train one with "
                                "vision/training/train_photo_cnn.py")
    return CornerNet(cv2.dnn.readNetFromONNX(str(path)))


__all__ = ["CNN_PATH", "INPUT_SHAPE", "CornerNet", "corner_input", "corner_views",
           "load_corner_net"]
