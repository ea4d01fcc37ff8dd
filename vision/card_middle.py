"""What a card's middle shows: a number card's pips, or a court's picture.

A number card prints its pips in its middle, each apart on the paper; a court prints a
picture there, one piece of ink and colour, alike either way up (a court is printed
double-ended), and framed by the card's own paper. A court whose index letter no model
was shown (a German or Dutch jack's B, a Russian one's В) was read surely as an 8,
and a queen's D as a 6: its middle says it is no number card.

A finger or a chip over a card is no picture: a finger comes in over the card's edge,
and a chip is round where a picture is tall. Shadow is no ink
either: ink is far darker than the paper or of another hue, shadowed paper only
darker.

>>> from controller.cards import Card
>>> from vision.decks import deck_style, face_on, render_face
>>> def face(card, style="standard"):
...     return face_on(render_face(deck_style(style), Card(card)), (40, 110, 40))
>>> is_picture(face("Kd")), is_picture(face("8d")), is_picture(face("Th", "tango"))
(True, False, False)
>>> fingered = face("8d")
>>> _ = cv2.rectangle(fingered, (0, 160), (300, 260), (120, 160, 220), -1)  # a finger across
>>> is_picture(fingered)
False
>>> chipped = face("8d")
>>> _ = cv2.circle(chipped, (150, 210), 95, (200, 60, 40), -1)  # a chip on its middle
>>> is_picture(chipped)
False
"""

from __future__ import annotations

import cv2
import numpy as np

DARK = 0.45  # ink: a colour channel under this share of the paper's
HUED = 0.25  # ... or a hue off the paper's by this much (channels over their mean)
MIDDLE = (0.22, 0.78, 0.2, 0.8)  # where a card prints its pips or its picture: x0, x1, y0, y1
PICTURE = 0.3  # one piece of ink fills this share of the middle: a picture, not pips
TURNED = 0.4  # the middle's ink and the same turned half round share this much of it
INSET = 0.03  # the card's edge (of its width) left out: a piece reaching it came in over it
ROUND = 0.7  # a piece filling this share of the circle round it is a chip's disc


def paper(face: np.ndarray) -> np.ndarray:
    """The colour of a card image's paper (BGR, float): a bright level of the band just
    inside its long and short sides' middles, where no deck prints an index or a pip.

    >>> card = np.full((420, 300, 3), (200, 220, 230), np.uint8)
    >>> paper(card).round().tolist()
    [200.0, 220.0, 230.0]
    """
    h, w = face.shape[:2]
    m = max(1, int(0.05 * w))
    band = np.concatenate([face[m:2 * m, w // 4:3 * w // 4].reshape(-1, 3),
                           face[h - 2 * m:h - m, w // 4:3 * w // 4].reshape(-1, 3),
                           face[h // 4:3 * h // 4, m:2 * m].reshape(-1, 3),
                           face[h // 4:3 * h // 4, w - 2 * m:w - m].reshape(-1, 3)])
    level: np.ndarray = np.percentile(band.astype(np.float32), 75, axis=0)
    return level


def ink(face: np.ndarray) -> np.ndarray:
    """Where a card image (BGR) has ink (1) against its paper: a channel far darker
    than the paper's, or a hue of its own. Paper in shadow, or in a colour cast, is
    neither.

    >>> card = np.full((420, 300, 3), 230, np.uint8)
    >>> card[:, 150:] = 150  # in shadow
    >>> card[10:20, 10:20] = 20  # black ink
    >>> card[30:40, 10:20] = (60, 60, 200)  # red
    >>> card[50:60, 10:20] = (120, 200, 230)  # a pale yellow fill
    >>> mask = ink(card)
    >>> [int(mask[y, 15]) for y in (15, 35, 55, 100)], int(mask[100, 200])
    ([1, 1, 1, 0], 0)
    """
    ratio = face.astype(np.float32) / (paper(face) + 1.0)
    lum = ratio.mean(axis=2, keepdims=True) + 1e-3
    hue = ratio / lum
    out: np.ndarray = ((ratio.min(axis=2) < DARK)
                       | (hue.max(axis=2) - hue.min(axis=2) > HUED)).astype(np.uint8)
    return out


def is_picture(face: np.ndarray) -> bool:
    """Does a card image (BGR, upright or not) show a picture in its middle: one piece
    of ink filling :data:`PICTURE` of it, clear of the card's edge, not round
    (:data:`ROUND`), printed alike either way up (:data:`TURNED`)? No number card of a
    deck style the project renders does; most courts do (examples in the module's
    docstring)."""
    h, w = face.shape[:2]
    i = max(1, round(INSET * w))
    mask = ink(face)[i:h - i, i:w - i]
    n, labels, _, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n <= 1:
        return False
    x0, x1, y0, y1 = (int(MIDDLE[0] * w) - i, int(MIDDLE[1] * w) - i,
                      int(MIDDLE[2] * h) - i, int(MIDDLE[3] * h) - i)
    middle = labels[y0:y1, x0:x1]
    counts = np.bincount(middle.ravel(), minlength=n)
    counts[0] = 0
    piece = int(counts.argmax())
    if counts[piece] < PICTURE * middle.size:
        return False
    whole = labels == piece
    if whole[0].any() or whole[-1].any() or whole[:, 0].any() or whole[:, -1].any():
        return False  # it comes in over the card's edge: a finger, a card over it
    ys, xs = np.nonzero(whole)
    _, radius = cv2.minEnclosingCircle(np.column_stack([xs, ys]).astype(np.float32))
    if len(xs) >= ROUND * np.pi * radius ** 2:
        return False  # round: a chip lying on the middle (a picture is a tall one)
    inked = middle > 0
    turned = inked[::-1, ::-1]
    return bool((inked & turned).sum() >= TURNED * (inked | turned).sum())


__all__ = ["ink", "is_picture", "paper"]
