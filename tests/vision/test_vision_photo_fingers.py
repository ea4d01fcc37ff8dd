"""Fingers over the cards (issue 4, "Still photos": "This is the showdown check";
"at most 1% confidently wrong"): at a showdown a player points at a card or holds it
down, and the photo shows a finger lying over one of its index corners. The card is
read from its other corner, and nothing under or beside the finger is named.
Rendered photos of held-out deck styles get fingers laid on them
(vision.table_photo.fingered).
"""

from __future__ import annotations

import numpy as np
import pytest

from controller.cards import parse_cards
from vision.photo import read_photo
from vision.table_photo import fingered, index_spot, table_photo


@pytest.mark.parametrize("cards,style,seed", [
    ("Kd Ah 7d", "nicu-ornamental", 9),  # fingertips on the Ah's and the Kd's corners
    ("5d Ad Js", "tango", 10),  # on the Js's corner and the 5d's
    ("Th 3s Qs", "four-colour", 14),  # on the Th's and the Qs's
])
def test_a_card_with_a_finger_on_one_index_is_read_from_the_other(
        cards: str, style: str, seed: int) -> None:
    """Each card is read where it lies, though a fingertip covers one of its index
    corners; no card is named that is not on the table."""
    img, truth = table_photo(parse_cards(cards), style, seed=seed)
    out, shown = fingered(img, truth, 2, seed=seed)
    assert len(shown) == 3  # every card still shows an index corner
    # ... and two have one of them under a finger: the photo is changed there
    def changed(x: int, y: int) -> float:
        return float(np.abs(out[y - 3:y + 4, x - 3:x + 4].astype(int)
                            - img[y - 3:y + 4, x - 3:x + 4]).mean())
    covered = [c for c, corners in truth if any(
        changed(*index_spot(corners, far).astype(int)) > 30 for far in (False, True))]
    assert len(covered) == 2, [str(c) for c in covered]
    found = read_photo(out)
    named = [r.card for r in found if r.card is not None]
    assert sorted(map(str, named)) == sorted(cards.split())
    for card, corners in shown:
        near = [r for r in found if np.linalg.norm(
            np.mean(r.corners, axis=0) - np.mean(corners, axis=0)) < 40]
        assert [r.card for r in near] == [card], (str(card), near)


def test_pips_bared_by_a_finger_cutting_an_outline_are_no_index() -> None:
    """A finger across a tango 8c cut its outline short, so its pips were no longer
    passed over as that card's print: a club pip over a smaller one was placed as an
    index and read Jc. A rank glyph is never a suit's shape
    (vision.suit_shape.alike): the pips are not named, and the three cards are."""
    img, truth = table_photo(parse_cards("8h 8c Qc"), "tango", seed=1)
    out, shown = fingered(img, truth, 2, seed=1)
    assert len(shown) == 3
    named = sorted(str(r.card) for r in read_photo(out) if r.card is not None)
    assert named == ["8c", "8h", "Qc"]
