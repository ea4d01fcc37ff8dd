"""Poker chips on the cards (issue 4, "Still photos": "This is the showdown check";
"at most 1% confidently wrong"): a showdown photo at a poker table has chips among
the cards and on them, each with its denomination printed in the middle.

A chip's "100" or "500" lying on a card was read as an index: one "0" as the rank,
the "0" under it as the suit, named 8s surely. A red heart run into a blue chip
lying against it was read, the two as one glyph, as a club. A chip's "100" on its
side beside a card was placed as a card from its "index" alone and named; its glyphs
ran past the index's box. A chip over a queen's club left a red speck of her picture
beside the Q, and the glyphs read a sure Qd (the corner's network and its ink said Qc).
Chips over a 9h cut its outline short of its foot, whose index, upside down, was
placed as a card and named 6h.
Rendered photos of held-out deck styles get chips dropped on them
(vision.table_photo.chipped).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from controller.cards import parse_cards
from vision.corner import CORNER_H, CORNER_W, PHOTO_INK, canonical_corner, find_index, two_inks
from vision.decks import STYLES, available_styles, face_on, render_face
from vision.photo import photo_reader, read_photo
from vision.suit_shape import HOLE, holed, suit_hole
from vision.table_photo import chipped, table_photo


@pytest.mark.parametrize("cards,style,seed,harsh,chips,named_before,unread", [
    ("4d Kd", "tango", 66037, False, 6, "8s", 0),  # a "100" on the 4d: "0" over "0"
    ("Th 4c 2s", "tango", 66043, False, 5, "8s", 0),  # a "500" on the 2s
    ("Jh 3s Jk", "nicu-ornamental", 66060, False, 8, "Jc", 1),  # the Jh's heart on a chip
    # placed from its "index" alone, whose glyphs ran to the side of their box: a "100"
    # beside the Jd, on its side
    ("Jd 5c", "four-colour", 69020, False, 4, "8s", 0),
    # a chip over the Qc's club, a red speck of its picture left beside the Q: a sure Qd
    # by the glyphs, phone-like (its network read Qc, its ink black)
    ("4c Qc Js Kd", "nicu-ornamental", 7388, True, 7, "Qd", 1),
    # chips over a 9h cut its outline short of its foot's corner, whose index, upside
    # down, was placed as a card of its own and named 6h
    ("5d 3c 6s 9h", "tango", 7380, True, 6, "6h", 0),
])
def test_chips_on_the_cards_name_no_card(cards: str, style: str, seed: int, harsh: bool,
                                         chips: int, named_before: str, unread: int) -> None:
    """No card named that is not on the table, and none named wrongly; each card with an
    index in view and read before the chips' checks still read where it lies, but for
    ``unread`` (the card misread before, and cards the chips leave too little of)."""
    img, truth = table_photo(parse_cards(cards), style, seed=seed, harsh=harsh,
                             card_height=(150.0, 300.0) if harsh else (200.0, 300.0))
    img, shown = chipped(img, truth, chips, seed=seed)
    found = read_photo(img)
    on_table = set(parse_cards(cards))
    named = [r.card for r in found if r.card is not None]
    assert all(c in on_table for c in named), [str(c) for c in named]
    assert named_before not in {str(c) for c in named}
    for card, corners in shown:
        near = [r for r in found if np.linalg.norm(
            np.mean(r.corners, axis=0) - np.mean(corners, axis=0)) < 40]
        assert all(r.card in (card, None) for r in near), (str(card), near)
    assert len(named) >= len(shown) - unread


def test_an_index_run_into_a_chip_at_one_ink_level_is_read_at_another() -> None:
    """A card placed from its index alone is read from the ink levels whose glyphs stay
    inside the index's box (vision.photo_card.runs_past): a 5h's heart, parted at a
    looser level, ran into the rim of a chip lying below it; parted at the usual level
    it is whole, and the card is named."""
    cards = parse_cards("7d 4d Ks 5h")
    img, truth = table_photo(cards, "four-colour", seed=69032)
    img, shown = chipped(img, truth, 8, seed=69032)
    assert "5h" in {str(c) for c, _ in shown}
    named = {str(r.card) for r in read_photo(img) if r.card is not None}
    assert named == {"7d", "4d", "5h"}


def _zero_corner() -> np.ndarray:
    """A canonical corner whose "index" is a chip's number, "0" over "0"."""
    corner = np.full((CORNER_H, CORNER_W, 3), 232, np.uint8)
    for top in (52, 100):
        cv2.putText(corner, "0", (14, top), cv2.FONT_HERSHEY_DUPLEX, 1.4, (25, 25, 25), 3,
                    cv2.LINE_AA)
    return corner


def test_no_suit_of_any_style_has_a_hole_and_a_chips_zero_has() -> None:
    """Every index of every style rendered, whole and on a card 100 px wide (the
    smallest a phone-like photo shows), that the glyph models read as its own card has
    a suit glyph enclosing less paper than :data:`HOLE`, parted into glyphs at any
    level; a chip's "0" over a "0", taken for an index, more."""
    clf = photo_reader()
    for style in available_styles():
        for card in style.cards():
            if card.is_joker:
                continue
            face = face_on(render_face(STYLES[style.name], card))
            small = cv2.resize(cv2.resize(face, (100, 140), interpolation=cv2.INTER_AREA),
                               face.shape[1::-1], interpolation=cv2.INTER_LINEAR)
            for img in (face, small):
                corner = canonical_corner(img)
                glyphs = find_index(corner)
                if glyphs is None or clf.read(glyphs).card is not card:
                    continue
                assert not holed(corner), (style.name, str(card))
    zero = _zero_corner()
    glyphs = find_index(zero)
    assert glyphs is not None  # the glyphs are taken for an index
    hole = suit_hole(zero, glyphs)
    assert hole is not None and hole > HOLE, hole


def test_no_suit_of_any_style_is_two_inks() -> None:
    """Every index of every style rendered is printed in one ink: none is taken for a
    glyph run into a chip of another colour."""
    for style in available_styles():
        for card in style.cards():
            if card.is_joker:
                continue
            corner = canonical_corner(face_on(render_face(STYLES[style.name], card)))
            glyphs = find_index(corner)
            if glyphs is not None:
                assert not two_inks(corner, glyphs.suit_box, rule=PHOTO_INK), \
                    (style.name, str(card))
