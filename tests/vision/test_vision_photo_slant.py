"""Photos taken at a slant (issue 4, "Still photos": "any rotation, some perspective ...
a phone photo"): squared up to the table, then read as from above (vision/photo_slant.py).

A phone held 25 to 35 degrees from overhead makes the far cards small and squeezed and
no card a rectangle; rendered photos of held-out deck styles are slanted as a camera
moved round the table would see them (vision.table_photo.slanted).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from controller.cards import parse_cards
from vision.photo import read_photo
from vision.photo_find import clean_quads
from vision.photo_slant import corner_error, squaring
from vision.table_photo import slanted, table_photo


def _slanted_photo(cards: str, style: str, seed: int, slant: float, towards: float
                   ) -> tuple[np.ndarray, list[tuple[str, np.ndarray]]]:
    img, truth = table_photo(parse_cards(cards), style, seed=seed)
    img, truth = slanted(img, truth, slant, towards, focal=0.9, wider=0.95)
    return img, [(str(c), np.array(w)) for c, w in truth]


@pytest.mark.parametrize("cards,style,seed,slant,towards", [
    ("5h Kc 9d Qs", "tango", 4, 34.43, 184.1),  # the 9d, far off, was found nowhere
    ("5h Kc 9d Qs", "four-colour", 5, 33.05, 290.9),  # two of three cards found nowhere
    ("5h Kc Jk", "nicu-ornamental", 5, 33.05, 290.9),  # the joker nowhere, the 5h twice
    ("As Jd Td 6c", "tango", 1, 42.0, 184.3),  # two of four found nowhere
])
def test_a_photo_at_a_slant_is_read_squared_up(cards: str, style: str, seed: int,
                                               slant: float, towards: float) -> None:
    """Every card of an unseen deck named where it lies on a photo taken 33 to 42
    degrees from overhead, and no card named twice or named that is not there. Read as
    it was, these photos lost cards (in the comment); squared up, none."""
    img, truth = _slanted_photo(cards, style, seed, slant, towards)
    found = read_photo(img)
    named = [str(r.card) for r in found if r.card is not None]
    assert sorted(named) == sorted(c for c, _ in truth), named
    for card, corners in truth:
        (reading,) = [r for r in found if str(r.card) == card]
        off = np.linalg.norm(np.mean(reading.corners, axis=0) - corners.mean(axis=0))
        assert off < 40, (card, off)  # reported where it lies on the slanted photo


def test_the_slant_is_found_from_the_cards_outlines() -> None:
    """Squared up by the slant found, every card's outline on the photo is a rectangle
    again: its corners within 2 degrees of square (7 and 17 degrees off before)."""
    img, truth = _slanted_photo("Ah 7c Qd", "tango", 11, 30.0, 200.0)
    before = [corner_error(w) for _, w in truth]
    assert min(before) > 4, before  # the slant shows on every card
    slant = squaring(clean_quads(img), img.shape)
    assert slant is not None
    after = [corner_error(cv2.perspectiveTransform(w[None].astype(np.float64),
                                                   slant.homography)[0])
             for _, w in truth]
    assert max(after) < 2, after


@pytest.mark.parametrize("seed", range(4))
def test_a_photo_from_overhead_is_not_squared(seed: int) -> None:
    """A photo taken (nearly) square to the table is read as it is: its outlines show no
    slant worth turning (table_photo's camera is a little off square, as a hand holds it)."""
    img, _ = table_photo(parse_cards("As Kd 9h 2c"), "tango", seed=seed, harsh=seed % 2 == 1)
    assert squaring(clean_quads(img), img.shape) is None
