"""A mirrored photo (issue 4, "Still photos": "a webcam frame"): a Mac's Photo Booth
saves its photos as its preview shows them, mirrored, and so do some selfie cameras and
webcam apps. Every index is then the wrong way round, in the corners where a card
prints none. Read as given, such a photo named next to nothing, and named a mirrored 4
an ace and a mirrored 3 a 6; pitboss reads it the right way round. A four-index deck
prints an index in every corner, so only its glyphs show the mirror: read as given, a
mirrored 2 was named a 5, a 3 a 2, a 9 an 8.
"""

from __future__ import annotations

import numpy as np
import pytest

from controller.cards import Card, parse_cards
from vision.photo import read_photo
from vision.table_photo import Corners, mirrored, pile_photo, table_photo

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
    _read_mirrored_whole(img, truth)


def _read_mirrored_whole(img: np.ndarray, truth: list[tuple[Card, Corners]]) -> None:
    """``img`` mirrored has every card of ``truth`` read, and nothing else."""
    flipped, truth = mirrored(img, truth)
    found = read_photo(flipped)
    assert sorted(str(c.card) for c in found) == sorted(str(c) for c, _ in truth)
    for card, corners in truth:
        # each card where the mirrored photo shows it, its corners the card's own (from
        # its top-left, or from its bottom-right when it was read upside down)
        where = np.array(corners)
        (read,) = [c for c in found if c.card is card]
        assert min(np.abs(np.roll(np.array(read.corners), k, axis=0) - where).max()
                   for k in (0, 2)) < 12


# held-out styles drawn as four-index decks (an index in every corner); read as given,
# mirrored, the first named its 4h and 2h an ace and a 5h, the second its 5s a 2s, the
# third its 3d and 4d an ace and a 6d; a card alone was named 8d, Ah, Qs, and a 6c
# beside an 8h was named 8c (a mirrored 6 reads almost as surely as an 8 as its mirror
# image does as a 6: an 8 is its own mirror image); in the last, read as given, the
# 7s and Qd were unread and nothing looked mirrored but their outlines
FOUR_INDEX_MIRRORED = [
    ("As 7h 4h 2h", "tango", 9009, True),
    ("Th 5s Jk", "nicu-ornamental", 9019, True),
    ("Ks 8s 3d 4d", "tango", 9031, True),
    ("6d", "tango", 4100, False),
    ("4h", "nicu-ornamental", 4103, True),
    ("9s", "tango", 4104, False),
    ("6c 8h", "tango", 4102, True),
    ("7s Qd Ah 3d 5c", "tango", 9020, False),
]


@pytest.mark.parametrize(("cards", "style", "seed", "harsh"), FOUR_INDEX_MIRRORED)
def test_a_mirrored_photo_of_a_four_index_deck_is_read_the_right_way_round(
        cards: str, style: str, seed: int, harsh: bool) -> None:
    """Issue 4 (still photos; at most 1% confidently wrong): the corner network reads a
    mirrored card's mirror image, its own glyphs, far more surely than the card as
    shown (``photo_card.mirror_view``), so the photo is read mirrored."""
    img, truth = table_photo(parse_cards(cards), style, seed=seed, harsh=harsh,
                             card_height=(150.0, 300.0), indexes=4)
    _read_mirrored_whole(img, truth)


@pytest.mark.parametrize(("cards", "style", "seed", "harsh"), FOUR_INDEX_MIRRORED[:2])
def test_a_four_index_deck_the_right_way_round_is_read_as_given(
        cards: str, style: str, seed: int, harsh: bool) -> None:
    """The same photos as taken: no card looks mirrored, and every card is read."""
    img, truth = table_photo(parse_cards(cards), style, seed=seed, harsh=harsh,
                             card_height=(150.0, 300.0), indexes=4)
    assert sorted(str(c.card) for c in read_photo(img)) == sorted(str(c) for c, _ in truth)


def test_a_four_index_ace_showing_its_other_index_does_not_look_mirrored() -> None:
    """A four-index Ad in a pile, its top-left index under the 9s and its top-right one
    in view: its mirror image reads more surely than the card as shown, but as an ace,
    its own rank, so it does not look mirrored and is named (it went unread when the
    margin alone decided)."""
    img, truth = pile_photo(parse_cards("Th Ad Qh 9s"), "tango", seed=2030,
                            card_height=254.8, indexes=4)
    (ace,) = [corners for card, corners in truth if str(card) == "Ad"]
    named = [c for c in read_photo(img) if str(c.card) == "Ad"]
    assert len(named) == 1
    assert np.abs(np.array(named[0].corners).mean(axis=0) - np.mean(ace, axis=0)).max() < 20


def test_an_eight_whose_mirror_image_shows_a_lone_pip_is_named() -> None:
    """The held-out tango deck prints a lone pip at a card's top right: a two-index 8c's
    mirror image shows it where an index would be, and the corner network reads it as a
    joker's corner (0.85). A joker's corner is no rank glyph, so the 8 does not look
    mirrored and is named (it went unread when it counted)."""
    img, _ = table_photo(parse_cards("3d 8c Ah"), "tango", seed=3, harsh=True)
    assert sorted(str(c.card) for c in read_photo(img)) == ["3d", "8c", "Ah"]
