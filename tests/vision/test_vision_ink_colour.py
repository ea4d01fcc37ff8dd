"""A reading whose suit has the other colour than the index's ink is no reading (issue 4,
"Shoe reader": tune for no wrong reads above threshold; DESIGN.md "Vision":
CardUnreadable rather than a guess). Blur can make a red diamond look like a club to
the glyph model; the ink says it is red."""

from __future__ import annotations

import pytest

from controller.cards import Card
from vision.classify import Reading
from vision.corner import IndexGlyphs, find_index
from vision.locate import card_pose, corner_crop, find_runs, window_gray
from vision.reader import ShoeReader
from vision.synthetic import Degrade, SyntheticShoe


def _reader_on_card(style: str, card: str) -> tuple[ShoeReader, tuple[float, float, float],
                                                    IndexGlyphs]:
    """A reader holding a frame of ``card`` fully in the window, its pose and glyphs."""
    shoe = SyntheticShoe(seed=4, deck_style=style, degrade=Degrade(0.3, speed=(70, 80)))
    reader = ShoeReader()
    for frame in shoe.deal(Card(card)):
        runs = find_runs(frame, reader.cal)
        if len(runs) == 1 and runs[0].lead_visible and runs[0].tail_visible:
            gray = window_gray(frame, reader.cal)
            pose = card_pose(gray, runs[0], reader.cal)
            glyphs = find_index(corner_crop(gray, pose, reader.cal), measure_edge=True)
            if pose is not None and glyphs is not None:
                reader._frame = frame
                return reader, pose, glyphs
    raise AssertionError("no frame with the whole card in view")


@pytest.mark.parametrize("style,card,other", [("standard", "3d", "3c"),
                                              ("anglo-poker", "7h", "7s"),
                                              ("paris", "Ks", "Kh")])
def test_suit_of_the_other_colour_is_dropped(style: str, card: str, other: str) -> None:
    reader, pose, glyphs = _reader_on_card(style, card)
    kept = reader._check_colour(Reading(Card(card), 0.97), pose, False, glyphs)
    assert kept.card is Card(card)
    dropped = reader._check_colour(Reading(Card(other), 0.97), pose, False, glyphs)
    assert dropped.card is None and dropped.confidence == 0.0


def test_four_colour_inks_say_nothing() -> None:
    """Blue diamonds and green clubs (the four-colour deck) are neither red nor black."""
    reader, pose, glyphs = _reader_on_card("four-colour", "6d")
    for card in ("6d", "6s", "6h", "6c"):
        assert reader._check_colour(Reading(Card(card), 0.97), pose, False, glyphs).card \
            is Card(card)
