"""A mirrored photo (issue 4, "Still photos": "a webcam frame"): a Mac's Photo Booth
saves its photos as its preview shows them, mirrored, and so do some selfie cameras and
webcam apps. Every index is then the wrong way round, in the corners where a card
prints none. Read as given, such a photo named next to nothing, and named a mirrored 4
an ace and a mirrored 3 a 6; pitboss reads it the right way round.
"""

from __future__ import annotations

import numpy as np
import pytest

from controller.cards import parse_cards
from vision.photo import read_photo
from vision.table_photo import table_photo

# held-out deck styles (never trained on); phone-like (harsh): cards 150-300 px tall, a
# shadow, a colour cast, JPEG. Read as given, the first named its 4h an ace, the second
# named a 6c among its four cards, the third nothing at all
MIRRORED = [
    ("4h", "four-colour", 2037, True),
    ("3c 8h 5h 7h", "nicu-ornamental", 2035, True),
    ("Kh Td 5h", "tango", 2030, False),
]


@pytest.mark.parametrize(("cards", "style", "seed", "harsh"), MIRRORED)
def test_a_mirrored_photo_is_read_the_right_way_round(cards: str, style: str, seed: int,
                                                      harsh: bool) -> None:
    img, truth = table_photo(parse_cards(cards), style, seed=seed, harsh=harsh,
                             card_height=(150.0, 300.0) if harsh else (200.0, 300.0))
    mirrored = np.ascontiguousarray(img[:, ::-1])
    w = img.shape[1]
    found = read_photo(mirrored)
    assert sorted(str(c.card) for c in found) == sorted(str(c) for c, _ in truth)
    for card, corners in truth:
        # each card where the mirrored photo shows it, its corners the card's own (from
        # its top-left, or from its bottom-right when it was read upside down)
        where = np.array([[w - 1 - x, y] for x, y in corners])
        (read,) = [c for c in found if c.card is card]
        assert min(np.abs(np.roll(np.array(read.corners), k, axis=0) - where).max()
                   for k in (0, 2)) < 12
