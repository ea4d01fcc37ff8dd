"""Still-photo reader (issue 4, "Still photos"): every face-up card on a table photo.

Rendered table photos use held-out deck styles (never trained on); the real photos of
../shared/cards-dev (Apache-2.0, not copied into the project) are read from there.
"""

from __future__ import annotations

import csv
import functools
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from controller.cards import Card, parse_cards
from vision.photo import PhotoCard, load_image, read_photo
from vision.photo_fit import CROSSED, Edges, crossing
from vision.photo_index_find import find_indexes
from vision.photo_places import whole_in_view
from vision.table_photo import (
    Corners,
    bowed,
    dimmed,
    fan_photo,
    pile_photo,
    shaken,
    table_photo,
)

CARDS_DEV = Path(__file__).resolve().parents[3] / "shared" / "cards-dev"
if not CARDS_DEV.exists():
    CARDS_DEV = Path("/work/shared/cards-dev")


def _near(found: list[list[float]], truth: list[tuple[float, float]], tol: float) -> bool:
    """The same four corners, in any starting order (a card read upside down is fine)."""
    f = np.array(found)
    t = np.array(truth)
    return any(np.abs(np.roll(f, k, axis=0) - t).max() < tol for k in range(4))


@pytest.mark.parametrize("style,seed", [("four-colour", 1), ("nicu-ornamental", 1),
                                        ("tango", 0)])
def test_rendered_table_photo_of_unseen_deck_is_read(style: str, seed: int) -> None:
    """Held-out deck styles, any rotation, some perspective: every card found and read,
    and the corners reported where the card lies."""
    img, truth = table_photo(parse_cards("As Kd 7c Th 2s"), style, seed=seed)
    found = read_photo(img)
    assert sorted(str(c.card) for c in found) == sorted(str(c) for c, _ in truth)
    for card, corners in truth:
        match = [f for f in found if f.card is card]
        assert len(match) == 1 and _near(match[0].corners, corners, tol=12)
        assert match[0].confidence >= 0.9


def _scene(card: str, style: str, angle: float, centre: tuple[float, float],
           height: float = 240.0, size: tuple[int, int] = (800, 600),
           table: tuple[int, int, int] = (60, 95, 140)
           ) -> tuple[np.ndarray, np.ndarray]:
    """One card on a plain table (may run off the photo); the photo and its corners."""
    from vision.decks import CARD_H, CARD_W, STYLES, render_face

    face = render_face(STYLES[style], Card(card))
    k = height / CARD_H
    m = cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), angle, k)
    m[:, 2] += (centre[0] - CARD_W / 2, centre[1] - CARD_H / 2)
    warped = cv2.warpAffine(face, m, size, flags=cv2.INTER_AREA)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    photo = np.full((size[1], size[0], 3), table, np.float32) * (1 - alpha) \
        + warped[:, :, :3] * alpha
    pts = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    photo = cv2.GaussianBlur(photo, (0, 0), 0.8)
    return np.clip(photo, 0, 255).astype(np.uint8), pts @ m[:, :2].T + m[:, 2]


@pytest.mark.parametrize("style", ["tango", "four-colour"])
def test_card_cut_by_the_photo_edge_is_completed_and_read(style: str) -> None:
    """Issue 4 (still photos: cards lying on a table): a card a third off the photo,
    its top index in view, is read, and its outline is completed beyond the edge."""
    img, corners = _scene("Qh", style, angle=15, centre=(400, 560))
    assert corners[:, 1].max() > 680  # the lower part of the card is off the photo
    found = read_photo(img)
    assert [str(c.card) for c in found] == ["Qh"]
    assert max(y for _, y in found[0].corners) > 640
    assert _near(found[0].corners, [tuple(p) for p in corners], tol=20)


def _on_paper(style: str, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """A 9c on a dark table, its lower right lying on a sheet of white paper; the photo
    and the card's corners."""
    from vision.decks import CARD_H, CARD_W, STYLES, render_face

    k = 240.0 / CARD_H
    m = cv2.getRotationMatrix2D((CARD_W / 2, CARD_H / 2), angle, k)
    m[:, 2] += (300 - CARD_W / 2, 260 - CARD_H / 2)
    warped = cv2.warpAffine(render_face(STYLES[style], Card("9c")), m, (800, 600),
                            flags=cv2.INTER_AREA)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    table = np.full((600, 800, 3), (40, 70, 110), np.float32)
    table[300:580, 300:700] = (252, 252, 252)
    photo = cv2.GaussianBlur(table * (1 - alpha) + warped[:, :, :3] * alpha, (0, 0), 0.8)
    pts = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    return np.clip(photo, 0, 255).astype(np.uint8), (pts @ m[:, :2].T + m[:, 2]).astype(np.float32)


@pytest.mark.parametrize("style", ["tango", "four-colour", "nicu-ornamental"])
def test_outline_reaching_onto_paper_is_made_the_card(style: str) -> None:
    """Issue 4 (still photos: the showdown check needs where each card lies): an outline
    holding the card and the white paper past two of its sides (cards-dev's 9c beside
    paper was read through one, and placed wrong) is made the card's own, read the same."""
    from vision.photo import THRESHOLD, _Fit, _fitted, read_card
    from vision.photo_model import photo_reader
    from vision.photo_places import warp_card

    img, card = _on_paper(style, 0.0)
    past = np.array([card[0], card[0] + (card[1] - card[0]) * 1.6,
                     card[0] + (card[1] - card[0]) * 1.6 + (card[3] - card[0]) * 1.4,
                     card[0] + (card[3] - card[0]) * 1.4], np.float32)
    clf = photo_reader()
    reading = read_card(warp_card(img, past), clf)
    assert str(reading.card) == "9c"  # the reader names it through the outline too big
    fitted_reading, quad, _ = _fitted(_Fit(img), (reading, past, True), clf, THRESHOLD)
    assert str(fitted_reading.card) == "9c"
    assert _near(quad.tolist(), [tuple(p) for p in card], tol=8)


def test_partly_covered_card_is_read_from_its_visible_corner() -> None:
    """Something lying across a card (a phone, a chip stack) hides one index: the other
    corner alone, read surely, names the card."""
    img, _ = _scene("9c", "nicu-ornamental", angle=-25, centre=(380, 300), height=300)
    cv2.rectangle(img, (300, 330), (640, 600), (30, 30, 30), -1)  # covers the lower half
    found = read_photo(img)
    assert [str(c.card) for c in found] == ["9c"]


@pytest.mark.parametrize("style,seed", [("four-colour", 0), ("nicu-ornamental", 1)])
def test_fanned_hand_every_card_read_by_its_index(style: str, seed: int) -> None:
    """Issue 4 (still photos, "cards lying on a table"): a hand spread out, each card
    over the one before and only its index strip in view, of a held-out deck. Every
    covered card is found by its index corner and read; its reported outline is the
    whole card where it lies (under its neighbours), near the true one."""
    img, truth = fan_photo(parse_cards("As Kd 7c Th 2s"), style, seed=seed)
    found = read_photo(img)
    assert sorted(str(c.card) for c in found) == sorted(str(c) for c, _ in truth)
    height = np.linalg.norm(np.subtract(truth[0][1][2], truth[0][1][1]))
    for card, corners in truth:
        (match,) = [f for f in found if f.card is card]
        assert _near(match.corners, corners, tol=0.2 * height)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fanned_hand_of_a_hard_deck_never_names_a_card_not_there(seed: int) -> None:
    """Tango (held out; its outlined ten is unreadable to the reader): in a spread hand
    the covered cards it cannot be sure of are left out, never named as another card,
    and the top card is read."""
    hand = parse_cards("As Kd 7c Th 2s")
    img, _ = fan_photo(hand, "tango", seed=seed)
    named = [c.card for c in read_photo(img) if c.card is not None]
    assert Card("2s") in named
    assert all(c in hand for c in named) and len(named) == len(set(named))


def test_fanned_hand_bottom_card_is_not_lost_to_two_pips_on_its_face() -> None:
    """Issue 4 (still photos, a fanned hand of a held-out deck): the bottom card, a
    nine, shows two heart pips one over the other beside its index, like a rank over
    a suit. That pair is not the card's other index corner (it lies mid-card, not in
    the far corner), so it does not veto the index's sure reading: all five are read."""
    hand = parse_cards("9h Qs 4d Jc 8s")
    img, truth = fan_photo(hand, "four-colour", seed=0)
    found = read_photo(img)
    assert sorted(str(c.card) for c in found if c.card is not None) == sorted(map(str, hand))
    (nine,) = [f for f in found if f.card is Card("9h")]
    height = np.linalg.norm(np.subtract(truth[0][1][2], truth[0][1][1]))
    assert _near(nine.corners, truth[0][1], tol=0.2 * height)


@pytest.mark.parametrize("hand,style,seed,height,spread", [
    ("7c 5s 3h", "jumbo", 5003, 214.7, 0.313),
    ("6s Jd 2c", "four-colour", 5010, 187.2, 0.385),
    ("2c Qh 3s Th Ad", "jumbo", 5025, 231.2, 0.305),
])
def test_a_four_index_fan_names_each_card_once_where_it_lies(
        hand: str, style: str, seed: int, height: float, spread: float) -> None:
    """Issue 4 (still photos of printed decks never seen; many poker decks print the
    index in all four corners): in a fanned hand each covered card shows two indexes
    down its left side, the foot's turned round. Taken for a usual index, that one put
    the card a card's width off, over its neighbours, and each card was named twice
    (once where no such card lies). Of two indexes down one side naming one card, the
    card is placed from one (the one whose card lies on paper, under the cards read
    over it): every card named once, where it lies."""
    img, truth = fan_photo(parse_cards(hand), style, seed=seed, card_height=height,
                           spread=spread, indexes=4)
    assert len(_named_once_where_they_lie(img, truth, height)) >= 3


@pytest.mark.parametrize("hand,style,seed,height,spread", [
    ("9d Qh 3c Td", "four-colour", 6011, 223.0, 0.353),
    ("3c 2s 9c 7d", "jumbo", 6018, 226.4, 0.291),
    ("3d 5c 4c Js 6s", "four-colour", 6059, 211.5, 0.294),
])
def test_a_four_index_fan_card_is_not_vetoed_by_its_neighbours_other_index(
        hand: str, style: str, seed: int, height: float, spread: float) -> None:
    """Issue 4 (still photos of four-index decks; never guess, but never for nothing):
    a card's index read at the far end of its strip, the foot's, once found to be that
    card's other index, was still let speak: the network's guess at it (its own card)
    lay in the far corner of the neighbouring card placed from its index, and was taken
    for that card's other corner naming another card, so the neighbour was refused.
    An index found to be another corner of a card read has no say over any other card:
    every card of these fans is read, where it lies."""
    _fan_read_whole(hand, style, seed, height, spread)


def _named_once_where_they_lie(img: np.ndarray, truth: list[tuple[Card, Corners]],
                               height: float, hidden: Sequence[Card] = ()) -> list[Card]:
    """The cards read on ``img``, each named once and where it lies (``truth``); of
    ``hidden`` (a pile's cards with neither usual index in view, which a four-index
    deck's other two may still show), each named once at most."""
    named = [c for c in read_photo(img) if c.card is not None]
    assert len(named) == len({c.card for c in named})
    where = dict(truth)
    for c in named:
        assert c.card in hidden or (
            c.card in where and _near(c.corners, where[c.card], tol=0.2 * height))
    return [c.card for c in named if c.card is not None]


def _read_where_it_lies(found: list[PhotoCard], truth: list[tuple[Card, Corners]], card: str,
                        height: float) -> None:
    """``card`` is read once (of the cards ``found``), its middle where it lies
    (``truth``)."""
    (seen,) = [c for c in found if c.card is Card(card)]
    off = np.mean(seen.corners, axis=0) - np.mean(dict(truth)[Card(card)], axis=0)
    assert float(np.linalg.norm(off)) < 0.2 * height


TANGO_FAN = 199.62995015032726  # the card height of the tango fan of 3c 7d 6c 2d Ac below


@functools.cache
def _tango_fan() -> tuple[list[tuple[Card, Corners]], list[PhotoCard]]:
    """A tango fan spread down the photo (the Ac on top), read once for the tests of
    it: where each card lies, and the cards read."""
    img, truth = fan_photo(parse_cards("3c 7d 6c 2d Ac"), "tango", seed=6177,
                           card_height=TANGO_FAN, spread=0.36202877550001455)
    return truth, read_photo(img)


def test_a_covering_cards_slanted_edge_beside_an_index_is_no_lost_part_of_it() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in this tango fan the covered 4d
    is read from its index alone, placed a little off so that the Jc's edge over it
    runs down the left of the warped corner, slanted a few degrees. A glyph's lost left
    part is ink beside the rank only, and a card's edge runs all the way: but the
    slanted edge lay in one column beside the rank and in the next one above and below
    it, and the index was taken as cut. A line is looked for in the columns a pixel or
    two aside, and the 4d is read where it lies (photo_card._cut)."""
    height = 257.0112682766119
    img, truth = fan_photo(parse_cards("3s 4d Jc"), "tango", seed=6189,
                           card_height=height, spread=0.2949213556457359)
    _read_where_it_lies(read_photo(img), truth, "4d", height)


def test_a_faint_edge_a_little_slanted_to_the_index_is_an_edge() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in this four-colour fan the Kh's
    left edge lies over the Ts, seen as a faint line only (its shadow 0.75 of the
    paper), with the Ts's "10" past it; the K's axis, from its middle to its heart's,
    is a few degrees off the card's, so the three looks found the edge 5, 6 and 7 px
    off: more than AGREE apart, and no edge was taken, so the "10" past it blocked the
    index. Three looks in a straight line, a little slanted (SLANTED), agree, and the
    Kh is read where it lies (photo_index_find._agreed_looks)."""
    height = 218.9215035021679
    img, truth = fan_photo(parse_cards("Ts Kh 5s 4s"), "four-colour", seed=6193,
                           card_height=height, spread=0.259181509105652)
    _read_where_it_lies(read_photo(img), truth, "Kh", height)


def test_an_outline_holding_more_than_a_card_disputes_no_index() -> None:
    """Issue 4 (still photos: never guess, but read what is there): in this
    four-colour pile an outline round the 4h and more, completed past the photo's top
    and half as big again as the Ks whole in view, was read as a 3h; the Jh's index
    lay at its corner, read Jh, and an index read otherwise than the outline at whose
    corner it lies unnames both (never guess). Such an outline is unnamed anyway
    (unname_oversize, in one_per_card): it is unnamed before the indexes are weighed,
    and the Jh is read where it lies (photo._read_at)."""
    height = 293.26185783405566
    img, truth = pile_photo(parse_cards("Ks Jh 4h As"), "four-colour", seed=6187,
                            card_height=height)
    _read_where_it_lies(read_photo(img), truth, "Jh", height)


def test_two_glyphs_by_thin_lines_one_way_and_no_edge_the_other_are_read_both_ways() -> None:
    """Issue 4 (still photos: cards in a pile): in this nicu pile the Kc lies on top,
    its outline lost where its corner lies over the Tc (white on white), and its index
    reads from the K to its club by thin lines only (11.01) and from the club to the K
    by no edge at all (2.0): the clearer way was taken, which is no index. A way by no
    edge is no clearer than one by thin lines: both are looked at and the reading
    tells, and the Kc is read where it lies (photo_index_find.find_indexes)."""
    height = 191.78239843748926
    img, truth = pile_photo(parse_cards("6c Tc 7d Kd Kc"), "nicu-ornamental", seed=6170,
                            card_height=height)
    _read_where_it_lies(read_photo(img), truth, "Kc", height)


def test_a_tens_digits_read_a_pixel_short_are_still_one_rank() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in this small four-colour fan the
    covered Ts shows its "10" turned across the strip, each digit 10 pixels long as its
    ink is thresholded, their middles 11 apart: past TEN_GAP (1.05) of their length,
    so the two were never one rank, and the "0" and "1" paired as an index of their
    own. A glyph's ink, cut at the blur's middle, is a pixel shorter than it is printed:
    the digits are joined within TEN_GAP of their length and a pixel, and the Ts is
    read where it lies (photo_index_find._tens)."""
    height = 181.04049204139574
    img, truth = fan_photo(parse_cards("Ts As"), "four-colour", seed=6172,
                           card_height=height, spread=0.31585352336758665)
    _read_where_it_lies(read_photo(img), truth, "Ts", height)


def test_two_bits_of_a_shadow_line_end_to_end_are_no_ten() -> None:
    """Issue 4 (still photos: where each card lies; the held-out pile of
    test_cards_placed_from_their_index_take_the_size_two_corners_span): a ten's digits
    stand side by side, a "1" upright across the line to its "0". Joined within a
    pixel more (INK_SHORT), the curve of the shadow round the Th's corner and the
    shadow line on from it, lying end to end, were a "10" with the Ad's A as its suit,
    an index at the Th's corner pointing 35 degrees off the card. A line-like glyph
    joins a ten only across the line to the other (photo_index_find._digits_abreast):
    every index found at a card's corner points along the card's sides."""
    img, truth = pile_photo(parse_cards("Jc Ad Ts Th"), "four-colour", seed=2026 + 17,
                            card_height=221.3693461370459)
    width = float(np.linalg.norm(np.subtract(truth[0][1][1], truth[0][1][0])))
    at_corners = 0
    for idx in find_indexes(img, skip=[]):
        for _, corners in truth:
            q = np.array(corners, np.float64)
            if min(np.linalg.norm(q - idx.corner, axis=1)) < 0.1 * width:
                sides = [(q[1] - q[0]) / np.linalg.norm(q[1] - q[0]),
                         (q[3] - q[0]) / np.linalg.norm(q[3] - q[0])]
                assert max(abs(float(s @ idx.down)) for s in sides) > 0.95
                at_corners += 1
    assert at_corners >= 4


def test_a_rank_and_a_suit_across_a_cards_edge_are_no_index() -> None:
    """Issue 4 (still photos: a pile's cards): a rank glyph pairs with its nearest suit.
    In this tango pile the 5s lies over the 7s, whose top-right index shows whole: its
    7 lay nearer the 5s's spade (31 px), across the 5s's drawn edge, than its own
    (38 px), and that pairing held its own back. A thin dark line between a rank and a
    suit that runs on straight along a step (photo_index_find._across_an_edge) is a
    card's edge: the two are on two cards, no index, and hold nothing back. The 7s is
    read where it lies."""
    height = 193.59112377749096
    img, truth = pile_photo(parse_cards("6h 7h 7s 5s Ah"), "tango", seed=6161 + 19,
                            card_height=height)
    _read_where_it_lies(read_photo(img), truth, "7s", height)


def test_a_tens_outlined_zero_is_no_cards_edge() -> None:
    """Issue 4 (still photos: a fanned hand's cards): a card's edge between a rank and
    a suit is a thin dark line with paper either side of it, running on
    (photo_index_find._across_an_edge). Tango outlines its digits: the covered Tc's
    outlined "10", beside its club, is no such line (session 54's first try took the
    outline for a card's edge, and this Tc was lost). The Tc is read where it lies."""
    height = 262.4949284076557
    img, truth = fan_photo(parse_cards("Jh Tc 2h"), "tango", seed=6161 + 4,
                           card_height=height, spread=0.38490335731819775)
    _read_where_it_lies(read_photo(img), truth, "Tc", height)


def test_a_cards_unsure_index_places_it_at_the_size_of_its_read_one() -> None:
    """Issue 4 (still photos: a fanned hand's cards): a four-index deck shows a covered
    card's two indexes down its left side, and the card lies from the one whose place
    is more on paper (photo_by_index._each_card_once). In this nicu fan the 3s's top
    index was read and its foot index only guessed, placed at the size of the Kc's
    outline read a fifth too small: weighed at their two sizes the two places lay as
    much on paper, and the 3s was placed from its foot, over the Kc. One card has one
    size: its unsure index places it at the read one's, and the 3s lies from its top
    index, under the 5s."""
    height = 217.59663516588444
    img, truth = fan_photo(parse_cards("Kc 3s 5s"), "nicu-ornamental", seed=7272 + 9,
                           card_height=height, spread=0.388625011356207, indexes=4)
    _read_where_it_lies(read_photo(img), truth, "3s", height)


def test_cards_placed_at_usual_ratios_are_placed_at_one() -> None:
    """Issue 4 (still photos: a pile's cards): where nothing on the photo gives the
    cards' size (none read whole, no card's two corners read), a card read by its index
    is placed at the first usual index-to-card ratio its index reads at
    (photo_index_find.WIDTHS). In this nicu four-index pile the Qc and Qd read at the
    first ratio and the 8d's index only at the second: the 8d was placed half again as
    big as they, over the Qd. One deck prints its index at one ratio: a card read at
    another ratio than most is placed at theirs (photo_by_index._one_ratio), and the 8d
    and the Qd are read where they lie."""
    height = 277.8230022428425
    img, truth = pile_photo(parse_cards("Qc 2s Qd 4h 8d"), "nicu-ornamental",
                            seed=7272 + 15, card_height=height, indexes=4)
    found = read_photo(img)
    for card in ("8d", "Qd"):
        _read_where_it_lies(found, truth, card, height)


def test_a_lone_card_at_a_usual_ratio_takes_the_one_nearest_the_photos_card_width() -> None:
    """Issue 4 (still photos: a pile's cards): a card read by its index inside an
    outline read as another card (which may span it and the card it lies over) is
    placed at a usual index-to-card ratio, the first its index reads at. In this nicu
    pile the 4s on top lies inside the 9d's outline, read a fifth too big; its index
    read only at the second ratio, and the 4s, the only card so placed, was placed half
    again too big, some 90 px off, over the 5s and the 6h. With no other card to agree
    a ratio with, the photo's card width names the ratio nearest it
    (photo_by_index._one_ratio): the 4s is read where it lies."""
    height = 218.1362986422817
    img, truth = pile_photo(parse_cards("Js 8d 5s 6h 9d 4s"), "nicu-ornamental",
                            seed=8383 + 24, card_height=height)
    _read_where_it_lies(read_photo(img), truth, "4s", height)


def test_an_outline_round_two_cards_is_cut_to_the_photos_card_size() -> None:
    """Issue 4 (still photos: a pile's cards, never a wrong card): in this nicu pile the
    3c on top lies over the 7d, white on white, and one outline ran round both, read 3c
    by the 3c's index in its corner: the 3c was placed 47 px off, where the 7d lies,
    and the 7d scored wrong. The cards of one photo are of one size: the outline is a
    third wider than the Ad's, and the card of the Ad's size in the 3c's corner of it
    lies on real edges nearly all round (photo._one_size): the 3c and the 7d are read
    where they lie."""
    height = 188.90996128016943
    img, truth = pile_photo(parse_cards("4d 7d Ad 3c"), "nicu-ornamental", seed=7272 + 30,
                            card_height=height)
    found = read_photo(img)
    for card in ("3c", "7d"):
        _read_where_it_lies(found, truth, card, height)


def test_an_index_held_back_by_its_glyphs_rectangles_is_looked_at_from_their_ink() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in this nicu fan on a wavy brown
    table the 8c on top lies half a right angle off the photo. Its club's rectangle,
    square to the photo, reached 8 px past the club toward the card's edge, the looks
    for the paper's end began on the table, and the 8c's index was not found. Where a
    glyph's rectangle reaches well past its ink, an index it held back is looked at
    again from the ink (photo_index_find._index, RECT_PAST): the 8c is read where it
    lies."""
    height = 256.573371444395
    img, truth = fan_photo(parse_cards("Jc 9d 8c"), "nicu-ornamental", seed=7272 + 18,
                           card_height=height, spread=0.36972694649923865)
    _read_where_it_lies(read_photo(img), truth, "8c", height)


def test_an_index_found_only_from_its_ink_holds_back_no_other_pairing() -> None:
    """Issue 4 (still photos: a loose pile's cards): in this nicu pile the Ts's "10",
    paired with a nearer pip of its own and found only from the two glyphs' ink (a
    second look), held back the "10"'s pairing with its own spade, the Ts's index,
    and the Ts was lost. A pairing found only from its ink holds back none other
    (photo_index_find.find_indexes): the Ts is read where it lies."""
    height = 180.9066022301953
    img, truth = pile_photo(parse_cards("7c Kh 6h 7s Ts 8c"), "nicu-ornamental",
                            seed=6161 + 18, card_height=height)
    _read_where_it_lies(read_photo(img), truth, "Ts", height)


def test_a_thin_line_beside_a_rank_is_no_tens_other_digit() -> None:
    """Issue 4 (still photos: a loose pile's cards): in this nicu pile only the 4h's
    foot shows its index, upside down, the rule of its frame running just beside its
    "4". A glyph of the rank's height right beside it makes the rank one digit of a
    ten, no index; the rule, a thin line, was taken for that digit and the 4h was
    lost. A ten's other digit is its "0", never a thin line
    (photo_index_find._index): the 4h is read where it lies."""
    height = 270.32852531507353
    img, truth = pile_photo(parse_cards("Ks 6h 4h Qs"), "nicu-ornamental", seed=6161 + 3,
                            card_height=height)
    _read_where_it_lies(read_photo(img), truth, "4h", height)


def test_a_glyph_of_the_other_ink_beside_a_rank_is_no_tens_other_digit() -> None:
    """Issue 4 (still photos: a fanned hand's cards): a glyph of the rank's height
    right beside it makes the rank one digit of a ten, no index. In this tango
    four-index fan the Tc's black "10" lies just right of the covered Ah's red "A":
    the "A" was taken for a ten's digit and the Ah was lost. A ten's two digits are
    one print, of one ink (photo_index_find._index): both cards are read where they
    lie."""
    _fan_read_whole("Ah Tc", "tango", 8383 + 16, 180.34567137989447, 0.257911944341629)


def test_a_glyph_run_into_a_drawn_edge_is_cut_free_of_it() -> None:
    """Issue 4 (still photos: a fanned hand's cards): tango draws each card's edge as a
    thin grey line. In this fan the covered 3h's heart touches the 9d's drawn edge, and
    the covered Qs's spade the 3h's: each is one blob with the line, too long for a
    glyph, and both cards were lost. The long straight lines are cut out of a blob too
    big for a glyph (vision.corner.cut_lines: in the glyph finder, and in the corner
    reader as a last look, the network naming the same card): every card is read
    where it lies."""
    img, truth = _drawn_edge_fan()
    assert sorted(map(str, _named_once_where_they_lie(img, truth, DRAWN_EDGE_FAN))) == \
        ["3h", "9d", "Qs"]


def test_a_corner_read_with_its_lines_cut_needs_the_network_sure_of_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 4 (still photos: never a wrong card): a glyph a line cuts comes as free of
    it as one the line only touches (session 60: a nicu 9h's heart cut by the Jh's edge
    read as a 9d, the network a 9d at only 0.43). The corner reader's look with the
    lines cut out names a card only where the corner network names the same card at
    least NET_CUT surely (photo_card._read_corner_clash): with the bar out of reach, the
    covered 3h of the fan above, read by that look alone, is named nowhere; the Qs and
    the 9d, read without it, are read as before."""
    monkeypatch.setattr("vision.photo_card.NET_CUT", 1.01)
    img, truth = _drawn_edge_fan()
    assert sorted(map(str, _named_once_where_they_lie(img, truth, DRAWN_EDGE_FAN))) == \
        ["9d", "Qs"]


DRAWN_EDGE_FAN = 273.35547165358366  # the card height of the tango fan of Qs 3h 9d


@functools.cache
def _drawn_edge_fan() -> tuple[np.ndarray, list[tuple[Card, Corners]]]:
    """A tango fan (the 9d on top) whose covered 3h's heart touches the 9d's drawn edge
    and covered Qs's spade the 3h's (held-out seed 8383's fans, photo 22)."""
    return fan_photo(parse_cards("Qs 3h 9d"), "tango", seed=8383 + 22,
                     card_height=DRAWN_EDGE_FAN, spread=0.2610912454926157)


def test_a_glyph_cut_free_of_a_line_stops_no_other_pairing() -> None:
    """Issue 4 (still photos: a fanned hand's cards): a glyph cut free of a drawn edge
    lies on the card past that edge. In this tango fan a 6s's pip, cut by the covered
    Ac's edge and freed of it, lies just right of the Ac's "A", where a glyph of its
    height makes the rank a ten's digit: the Ac was lost. A freed glyph may be a
    pairing's rank or suit but stops no other pairing (photo_index_find._Glyph.freed):
    every card but the joker (whose word is no index) is read where it lies."""
    height = 278.65793159663383
    img, truth = fan_photo(parse_cards("As Jk 6s Ac 8c"), "tango", seed=8383 + 1,
                           card_height=height, spread=0.38791293045445085)
    assert sorted(map(str, _named_once_where_they_lie(img, truth, height))) == \
        ["6s", "8c", "Ac", "As"]


def test_a_covered_cards_faintest_edge_is_its_rim_and_shadow_side_by_side() -> None:
    """Issue 4 (still photos: a fanned hand's cards): a covered card's edge over the
    card it covers, white on white, shows as its rim, a little lighter than the paper,
    and its shadow right past it, a little darker. In this nicu fan the 8s's edge over
    the 5h is a rim some 7% lighter than the paper and a shadow 3 to 5% darker: at
    FAINT's edge (7%), its looks did not agree on it, and the 5h's print past it held
    the 8s's index back. A rim and a shadow side by side, each half FAINT off the paper
    and nearer than anything else off it, are a card's edge
    (photo_index_find._rim_and_shadow): the 8s is read where it lies."""
    height = 204.19493496246764
    img, truth = fan_photo(parse_cards("Qh 2s 5h 8s Jh"), "nicu-ornamental", seed=6161 + 6,
                           card_height=height, spread=0.3401416505527099)
    _read_where_it_lies(read_photo(img), truth, "8s", height)


def test_a_pip_cards_own_print_runs_no_line_across_it() -> None:
    """Issue 4 (still photos: where each card lies): a pip card whole in view is no
    outline crossed by another card's edge. The standard deck's 9c has its pips in two
    columns nearly touching, the longest line a pip card's print runs across it of
    every deck drawn (0.79 of its length): still short of CROSSED, so the 9c whole in
    view is its own outline and nothing in it is searched for another card's index
    (photo_fit.crossing)."""
    img, _ = table_photo(parse_cards("8d 8h 8s 9c 9d"), "standard", seed=925)
    edges = Edges(img)
    (nine,) = [c for c in read_photo(img) if c.card is Card("9c")]
    quad = np.array(nine.corners, np.float32)
    assert whole_in_view(quad, edges)
    assert 0.5 < crossing(edges, quad) < CROSSED


KS_ON_9C = 203.35064087627208  # the card height of the nicu pile of Ks, 9c, Ad below


@functools.cache
def _ks_on_9c() -> tuple[list[tuple[Card, Corners]], list[PhotoCard]]:
    """A nicu four-index pile, the 9c lying on the Ks (its index beside the Ks's, turned
    alike), read once for the tests of it: where each card lies, and the cards read."""
    img, truth = pile_photo(parse_cards("Ks 9c Ad"), "nicu-ornamental", seed=6191,
                            card_height=KS_ON_9C, indexes=4)
    return truth, read_photo(img)


def _pile_named(hand: str, style: str, seed: int, height: float,
                indexes: int = 4) -> tuple[list[Card], list[Card]]:
    """A loose pile of ``hand``: the cards read on it, each named once, where it lies
    (or, of the cards with neither usual index in view, once at most); and the cards
    in view."""
    cards = parse_cards(hand)
    img, truth = pile_photo(cards, style, seed=seed, card_height=height, indexes=indexes)
    hidden = [c for c in cards if c not in dict(truth)]
    return _named_once_where_they_lie(img, truth, height, hidden), [c for c, _ in truth]


def _fan_read_whole(hand: str, style: str, seed: int, height: float, spread: float) -> None:
    """A four-index fan of ``hand``: every card read once, where it lies."""
    img, truth = fan_photo(parse_cards(hand), style, seed=seed, card_height=height,
                           spread=spread, indexes=4)
    assert sorted(map(str, _named_once_where_they_lie(img, truth, height))) == \
        sorted(str(c) for c, _ in truth)


@pytest.mark.parametrize("hand,style,seed,height,spread", [
    ("4h Qs Ad 8h", "four-colour", 6075, 212.1, 0.313),
    ("4h 2s 7d", "jumbo", 6122, 233.0, 0.271),
    ("6d Qc Tc 3d", "jumbo", 6126, 186.9, 0.329),
])
def test_a_four_index_fan_showing_its_right_hand_indexes_is_read_where_it_lies(
        hand: str, style: str, seed: int, height: float, spread: float) -> None:
    """Issue 4 (still photos of four-index decks): a hand fanned the other way shows
    each covered card's right-hand side, its index at the top right and the foot's at
    the bottom right. One read alone, taken for a top-left index, placed its card a
    card's width off, over the cards it covers. On a photo of a four-index deck (two
    indexes of one card seen down one side), a card read by one index lies on the side
    of it that is likelier (on paper, under the cards read over it, by the card edge
    its index sees): every card read, where it lies."""
    _fan_read_whole(hand, style, seed, height, spread)


def test_a_four_index_card_is_not_turned_off_the_hand_onto_a_grey_table() -> None:
    """Issue 4 (still photos of four-index decks; the photo bench's seed 6161 fans, on
    a plain grey table): the bottom Ah, read by its foot index alone, may lie either
    side of it, and the likelier side is the one on paper. The grey table is more than
    ``PAPER`` (0.45) of the cards' paper, so it counted as paper: both sides were on
    paper, the index's edge looks (none seen on its own side: its ink reaches over the
    card's edge) turned the Ah off the hand, over the table, and its own outline was
    left unnamed. Two places are weighed on paper surely (``SURE_PAPER``, 0.6, which no
    rendered table reaches): the Ah is read where it lies, with the covered Ad and As,
    and nothing is named twice or off its card."""
    hand = "Ah 7c Ad As 6s"
    img, truth = fan_photo(parse_cards(hand), "nicu-ornamental", seed=6191, card_height=233.47,
                           spread=0.3463, indexes=4)
    named = _named_once_where_they_lie(img, truth, 233.47)
    assert {Card("Ah"), Card("Ad"), Card("As"), Card("6s")} <= set(named)


def test_two_card_shaped_outlines_read_the_same_are_two_cards_not_one() -> None:
    """Issue 4 (never guess; still photos of four-index decks): in this dondorf fan the
    Js's own outline was read Js, and so was an outline a card's width off, over the Th
    it covers, by the Js's index in that one's corner. The two lay a sixth on each
    other and were merged as two parts of one card (a card parted by a shadow): a Js a
    third again too big, scored where the Th lies. Two parts of one card lie side by
    side, at most PARTS_OVERLAP (0.1) on each other (photo._one_card_of): the Js is
    read on its own outline and the Th from its index, each where it lies."""
    _fan_read_whole("Th Js", "dondorf", 6161 + 25, 270.1234831603773, 0.34130111651330963)


def test_a_rank_glyph_lying_on_its_side_names_a_ten_only() -> None:
    """Issue 4 (never guess; still photos of four-index decks): in this jumbo fan the
    As lies over all but the Ts's top edge, so the Ts's "10" shows its "1" over its
    "0", each lying on its side that way (26 px across, 16 down). The two were paired
    as a rank over a suit and read as a Qs (0.991), a card that was not on the table.
    Only a ten's "10" is printed clearly wider than tall (LONGER; a tango deck's as
    one blob): a rank glyph lying so on its side names a ten only
    (photo_index_find._on_its_side). The Ts and the As are read where they lie, and
    nothing else is."""
    _fan_read_whole("Ts As", "jumbo", 6161 + 11, 181.04049204139574, 0.31585352336758665)


def test_a_cards_top_edge_runs_from_its_corner_over_its_top() -> None:
    """Issue 4 (never guess; still photos of four-index decks): in this pile the Th
    shows only its foot, and the 7c its foot's left-hand corner, under the Js and the
    5s's neighbours. Each was read from its foot's left-hand index alone, upside down a
    four-index card's top-right one, and placed as a usual index a card's width off:
    the 7c over the Th, which was scored wrong. Both places were as much on paper, and
    the wrong one lay under more of the cards read by their outlines. A card's top edge
    runs from its corner past its index over its top: where it runs clearly one way
    only (TOP_MORE), that is where the card lies (photo_by_index._top_run). The Th and
    the 7c are read where they lie. (On a photo that shows no four-index deck the
    index's looks must also see a card's edge right of it and none left of it: the
    tango 7s of test_a_rank_and_a_suit_across_a_cards_edge_are_no_index, its foot's
    edge under the 5s, stays where it lies.)"""
    named, _ = _pile_named("Th 7c Js 2h 8h 5s", "standard", 8383 + 16, 271.7503419806535)
    assert {Card("Th"), Card("7c")} <= set(named)


def test_a_card_placed_again_off_every_card_is_not_named() -> None:
    """Issue 4 (never guess; still photos of four-index decks): the Qh's bottom-right
    index, upside down, was read as an Ad (the heart taken for an "A", the "Q" for a
    diamond, 0.991). Placed at a usual index-to-card size, that card lay over the Qh
    (on paper, so it passed); made the photo's card size and turned the likelier way
    round, it lay over the bare table, and an Ad nobody holds was named there. A card
    placed from its index must lie on paper where it is reported, as where it was
    first placed: the three cards are read where they lie, and nothing else is."""
    _fan_read_whole("Qh 6c 3s", "four-colour", 7005, 294.4, 0.27342)


@pytest.mark.parametrize("hand,style,seed,height,spread", [
    ("Ks Ts Kc Kh Kd", "jumbo", 6046, 182.8, 0.358),
    ("2h 4h 7s 3h 9d", "four-colour", 6105, 255.7, 0.297),
])
def test_a_four_index_fan_card_is_not_vetoed_by_an_index_placing_another_card(
        hand: str, style: str, seed: int, height: float, spread: float) -> None:
    """Issue 4 (never guess, but only over one card): in a fan showing right-hand
    indexes a neighbour's top-right index lies where a covered card's top-left corner
    is (under that neighbour), pointing against the card's bottom-right index: taken for
    the card's other corner naming another card, it refused both. A card's two corners
    place one card: indexes placing cards a card's width apart are two cards' (every
    card read, where it lies)."""
    _fan_read_whole(hand, style, seed, height, spread)


@pytest.mark.parametrize("hand,style,seed,height", [
    ("8s 6d Kh", "jumbo", 5011, 203.5),
    ("2c 8s 2s Qd", "four-colour", 5020, 236.3),
    ("Td 2s Ts", "four-colour", 5026, 258.7),
])
def test_a_four_index_pile_names_each_card_once_where_it_lies(
        hand: str, style: str, seed: int, height: float) -> None:
    """Issue 4 (still photos of four-index decks, as above): in a loose pile a card's
    extra index, at its top right or bottom left, put the card a card's width off: a
    card read by its outline was named again beside it, and a covered card named twice.
    An index naming a card read by its outline, on that card, is its own; an index
    lying on the card another index (naming the same card) places, where that one does
    not lie on its, is that card's other index. Every card is named once, where it
    lies."""
    img, truth = pile_photo(parse_cards(hand), style, seed=seed, card_height=height,
                            indexes=4)
    assert set(_named_once_where_they_lie(img, truth, height)) == {c for c, _ in truth}


def test_a_covered_card_is_placed_by_its_other_index_down_the_side_read_unsure() -> None:
    """Issue 4 (still photos of four-index decks): a fan's covered card shows two
    indexes down one side, one read surely and the other only guessed. Taken for a
    usual index, the read one placed its card a card's width off, over its neighbours,
    and the cards there were lost. The guessed one, naming the same card, is that
    card's other index down its side: the two place the card where it is likelier
    (on paper, under the cards read over it), and every card is read where it lies."""
    _fan_read_whole("9h 7h 4s Jd", "standard", 80066, 241.9, 0.276)


@pytest.mark.parametrize("hand,style,seed,height,must", [
    ("Ah Qh Kh Tc 8h 5d", "anglo-poker", 80004, 209.9, "Ah Qh Tc 8h 5d"),
    ("5c Qc 6c 3d Jh 4s", "anglo-poker", 80015, 238.5, "3d 4s 6c Jh"),
    ("2d 7d Ts 7h As Jd", "jumbo", 80051, 190.8, "7d 7h As Jd"),
])
def test_a_card_placed_by_its_index_across_its_top_stays_where_it_lies(
        hand: str, style: str, seed: int, height: float, must: str) -> None:
    """Issue 4 (still photos of four-index decks): in these piles a card shows its
    index at both ends of its top (or its foot). The one lying on the card the other
    places is that card's top-right index, so the card lies where the other places it,
    and the photo shows a four-index deck: another card read by one index alone may lie
    either side of it, and lies on the likelier (a 3d, an As, a Tc were placed a card's
    width off). The card its two indexes place stays there (an Ah and a Qh were moved
    a card's width over as if read by one). The cards named lie where they are,
    ``must`` among them."""
    named, _ = _pile_named(hand, style, seed, height)
    assert set(named) >= set(parse_cards(must))


@pytest.mark.parametrize("hand,style,seed,height,named", [
    ("Ac 6d 6c", "paris", 80060, 243.9, "9d"),
    ("4c 5c 3c 2h 3h", "nicu-white", 80035, 273.3, "2c"),
])
def test_a_big_pip_over_a_small_one_is_no_index(
        hand: str, style: str, seed: int, height: float, named: str) -> None:
    """Issue 4 (at most 1% confidently wrong): in these piles a card's big pip lies
    over a small pip of its suit (the 6d's corner diamond; the small club by the 4c's
    foot index), the two as a rank over its suit would be. Read as an index, they
    named a card that is not on the table (``named``). An index's rank and suit are
    never one shape (vision/photo_index_find._pips): no card is named that is not
    there, and every card in view is named once, where it lies."""
    read, _ = _pile_named(hand, style, seed, height)
    assert Card(named) not in read


def test_pairings_that_are_no_index_take_no_place_among_the_indexes_looked_at() -> None:
    """Issue 4 (still photos: a fanned hand's covered cards): the index finder looks at
    its 40 clearest pairings of glyphs. Pairings that are no index (two pips of one
    shape, letters in a column) are looked at, and hold back other pairings of their
    glyphs, but took places among the 40: in this nicu four-index fan the pips in view
    left the covered 6h's index past them, and the 6h was not found. The 40 are counted
    after those are dropped (photo_index_find.find_indexes): the 6h is read, once,
    where it lies."""
    height = 233.92382396997084
    img, truth = fan_photo(parse_cards("2s 6h Td 7h"), "nicu-ornamental", seed=6164,
                           card_height=height, spread=0.3930698525537275, indexes=4)
    (six,) = [c for c in read_photo(img) if c.card is Card("6h")]
    assert _near(six.corners, dict(truth)[Card("6h")], tol=0.2 * height)


@pytest.mark.parametrize("hand,seed,height,spread,seven", [
    ("Td Jd 7s 7c", 6179, 271.5619797667732, 0.2742935231976089, "7c"),
    ("Ah 7c Ad As 6s", 6191, 233.4653624711984, 0.3463429584457932, "7c"),
])
def test_a_pip_past_an_indexs_suit_makes_no_word_of_it(
        hand: str, seed: int, height: float, spread: float, seven: str) -> None:
    """Issue 4 (still photos: a fanned hand's cards): a rank over a suit with a third
    mark of their size in line a step on past the suit are letters of a word printed
    down a card (a joker's JOKER), no index. A nicu 7's index has a big club under the
    7 and the first pip of its column in line past it, 1.3 steps on: the 7c's index
    was a "word", and in this four-index fan the 7c was not found (in the first, no
    card but a misplaced Jd). A word's letters are set evenly, a step on within a
    quarter step (SPACING; a joker's within 0.22 of it): the 7c is read, where it
    lies."""
    img, truth = fan_photo(parse_cards(hand), "nicu-ornamental", seed=seed,
                           card_height=height, spread=spread, indexes=4)
    _read_where_it_lies(read_photo(img), truth, seven, height)


def test_two_indexes_side_by_side_are_no_ten() -> None:
    """Issue 4 (still photos: never a wrong card): in this nicu four-index pile the 9c
    lies on the Ks, its top-left index beside the Ks's, turned alike: the 9 beside the
    K, the 9's club beside the K's spade (cut by the 9c's edge). The 9 beside the K, of
    one height, one colour, in line, were taken for a ten's "1" and "0" (as they must
    be, to find a ten), and the club beside the spade for one suit under them: the 9c
    was read as a Tc at 0.994. A suit is one mark: two glyphs side by side are a ten's
    digits, never a suit (photo_index_find.find_indexes)."""
    truth, found = _ks_on_9c()
    on_table = {card for card, _ in truth}
    named = {c.card for c in found if c.card is not None}
    assert named <= on_table, named - on_table
    assert Card("Ks") in named


def test_an_index_read_alone_places_its_card_on_paper() -> None:
    """Issue 4 (still photos: where each card lies): in this nicu four-index pile the
    Ks's only index read is its top-right one (its top-left lies under the 9c), and no
    card shows two of its indexes, so nothing on the photo says the deck prints four:
    taken for a top-left index, it placed the Ks a card's width off, over the bare
    table, a third of it on paper. A card lies on paper (its own): placed as its
    top-right index's card, the Ks lies where it is (photo_by_index._either_side,
    OFF_PAPER)."""
    truth, found = _ks_on_9c()
    _read_where_it_lies(found, truth, "Ks", KS_ON_9C)


def test_two_glyphs_as_clear_either_way_round_are_read_both_ways() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in this tango fan, spread down
    the photo, the covered 2d's strip shows its 2 beside its diamond. The card's edges
    by them are seen only as thin lines over the cards below, either way round: read
    from the diamond to the 2 the two scored 11.07, from the 2 to the diamond 11.19, and
    only the clearer way was looked at, which is no index. Two ways alike by thin lines
    (within CLOSE) are both looked at, and the reading tells: the 2d is read where it
    lies (photo_index_find.find_indexes)."""
    truth, found = _tango_fan()
    _read_where_it_lies(found, truth, "2d", TANGO_FAN)


def test_a_pip_cards_outline_crossed_by_a_cards_edge_holds_more_than_it() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in the same tango fan the bottom
    3c's outline was found with its top side on the 2d's bottom edge, every side on a
    real edge, and taken as a card whole in view: the 7d's and 6c's strips inside it
    were skipped as the 3c's own print, and the 7d was not found. The 7d's edge runs
    unbroken across the 3c's outline, a third of the way in, and a pip card prints no
    such line (a court's frame does): the outline holds more than the 3c, and the 7d
    is read where it lies (photo._crossed)."""
    truth, found = _tango_fan()
    _read_where_it_lies(found, truth, "7d", TANGO_FAN)
    _read_where_it_lies(found, truth, "3c", TANGO_FAN)


def test_a_shadow_line_round_a_cards_corner_is_no_suit() -> None:
    """Issue 4 (still photos: a fanned hand's cards): in the same tango fan the 6c's
    strip shows its 6 beside its club, and below the 6 the shadow line round the 6c's
    corner is seen as a mark of ink, 18 pixels a line's width along its curve. The 6
    paired with that mark, nearer than its club, as its suit, and a rank with a nearer
    suit holds back its farther ones: the 6c was not found. No suit is a line (nor any
    rank but a ten's "1", which is paired as the ten): a line-like mark is paired with
    nothing, and the 6c is read where it lies (photo_index_find._Glyph.line)."""
    truth, found = _tango_fan()
    _read_where_it_lies(found, truth, "6c", TANGO_FAN)
    assert {c.card for c in found} == {card for card, _ in truth}


def test_an_outline_round_two_cards_is_neither_cards_own() -> None:
    """Issue 4 (still photos: where each card lies; never a wrong card): in this nicu
    four-index pile the 9c lies over the 8d's left side, and an outline round the two,
    half as big again as a card, is found beside each card's own. Read by the 8d's foot
    index at its corner, it was taken as one card's second outline with the 9c's own,
    and the two naming different cards, neither was named: the 9c was reported from an
    outline half on the 8d. Then the 8d's and the 9c's foot indexes were both placed on
    it, unread, as their card's own, and the 8d was reported there, off its place. An
    outline far bigger than a card's own outline lying on it holds more than a card, and
    one that two indexes naming different cards are placed on is neither's: each card is
    named once, where it lies (photo._add_outline; photo_by_index._unshared). (The 8d,
    placed from its index at a usual index-to-card size, is a fifth too big for nicu's
    big index: its middle is where the card's is.)"""
    height = 256.2527931194477
    img, truth = pile_photo(parse_cards("3s 8d Ah 9c"), "nicu-ornamental", seed=6185,
                            card_height=height, indexes=4)
    where = dict(truth)
    named = [c for c in read_photo(img) if c.card is not None]
    assert len(named) == len({c.card for c in named})
    for card in parse_cards("8d 9c"):
        (found,) = [c for c in named if c.card is card]
        off = np.mean(found.corners, axis=0) - np.mean(where[card], axis=0)
        assert float(np.linalg.norm(off)) < 0.2 * height


@pytest.mark.parametrize("hand,style,seed,height,indexes", [
    ("3s 9c 4h 5c", "jumbo", 7114, 195.8, 4),
    ("Ad Qd Qs 7h 2c", "jumbo", 7136, 192.6, 4),
    ("6s Js Ad 3d Qs", "four-colour", 80054, 202.40793961941824, 2),
])
def test_two_glyphs_paired_as_clearly_both_ways_round_are_no_index(
        hand: str, style: str, seed: int, height: float, indexes: int) -> None:
    """Issue 4 (never guess): an index is its rank over its suit one way round only.
    In these jumbo piles two glyphs with no card edge seen beside them read as clearly
    either way round (a 4h's foot "4" and heart: the heart read as a rank over the "4"
    read as a suit named an Ah that is not on the table; in the other pile, a 4s; in a
    two-index pile, a hidden Js's cut index read as a Qc). Two glyphs paired as
    clearly both ways are no index, neither way round: no card is named that is not
    there, and every card is named once, where it lies."""
    _pile_named(hand, style, seed, height, indexes)


def test_a_pairing_read_as_clearly_both_ways_still_gives_the_outline_fitter_its_place(
        ) -> None:
    """Issue 4 (every card read, never guessed): a pairing read as clearly both ways
    round names no card, but the outline fitter, which only takes the place two indexes
    give a card and reads the card through it, still gets both (a real photo's As,
    cards-dev IMG_2626_card2, was lost without them)."""
    img, _ = pile_photo(parse_cards("3s 9c 4h 5c"), "jumbo", seed=7114, card_height=195.8,
                        indexes=4)
    tied = [(471, 350), (495, 368)]  # the 4h's foot "4" and heart, either as the rank

    def ranks(either_way: bool) -> set[tuple[int, int]]:
        return {(round(float(i.rank[0])), round(float(i.rank[1])))
                for i in find_indexes(img, either_way=either_way)}
    assert not ranks(False) & set(tied)
    assert ranks(True) >= set(tied)


@pytest.mark.parametrize("hand,seed,height", [
    ("4h Kc Qd", 7174, 222.0),
    ("Jc Tc 7s 8h 4h", 7126, 201.1),
])
def test_a_right_hand_corners_index_read_backwards_is_no_index(
        hand: str, seed: int, height: float) -> None:
    """Issue 4 (never guess; still photos of four-index decks): read from its suit up,
    a jumbo 4h's top-right index (and, in the other pile, its foot-left one) looks like
    a usual index of a card lying the other way: the heart read as an ace's "A" over the
    upside-down "4" read as a heart named an Ah that is not on the table. A pairing with
    no card edge seen beside it, whose glyphs the other way round make as clear a
    top-right index (the card lying left of it), is that index read backwards: no card
    is named that is not there, and none twice; the cards in view are still named (but
    for a covered Jc, which was not read before either)."""
    cards = parse_cards(hand)
    img, truth = pile_photo(cards, "jumbo", seed=seed, card_height=height, indexes=4)
    named = [c.card for c in read_photo(img) if c.card is not None]
    assert len(named) == len(set(named)) and set(named) <= set(cards)
    assert len(set(named) & {c for c, _ in truth}) >= len(truth) - 1


def test_a_card_shown_by_its_top_right_and_foot_left_indexes_lies_between_them() -> None:
    """Issue 4 (still photos of four-index decks): in this pile the Jd shows the two
    indexes a four-index deck adds, at its top right and its foot left. Each taken for
    a usual index placed the card a card's width off, either side of where it lies;
    each taken for a top-right index places it where it is. Every card in view is read
    where it lies."""
    img, truth = pile_photo(parse_cards("Tc 5d Jd 7d 5c"), "four-colour", seed=7101,
                            card_height=221.9, indexes=4)
    hidden = [Card("Tc")]
    assert {c for c, _ in truth} == set(parse_cards("5d Jd 7d 5c"))
    assert set(_named_once_where_they_lie(img, truth, 221.9, hidden)) >= {c for c, _ in truth}


@pytest.mark.parametrize("hand,style,seed,height,hidden_shown", [
    ("Qh 5d 6h", "jumbo", 7102, 220.2, True),
    ("3h Ac Ts Jc 8d", "four-colour", 7129, 233.1, True),
    ("2c 2d 2h 6h", "jumbo", 7158, 198.8, False),
    ("Ac 5h 5d", "four-colour", 7207, 182.4, True),
])
def test_a_card_named_at_two_places_is_named_once_where_it_lies(
        hand: str, style: str, seed: int, height: float, hidden_shown: bool) -> None:
    """Issue 4 (at most 1% confidently wrong; one deck holds one of each card): in these
    four-index piles a card was still named twice, a card's width apart: from two of its
    indexes placing it at two places, or by two outlines (the card's own, and a strip of
    a card it lies over where one of its indexes shows). Of two places named one card,
    the likelier stands: from indexes, the one on paper (under the cards read over it);
    of outlines, the one whose sides lie on real edges; neither when neither is. Every
    card named once, where it lies; a card shown only by the two corners a four-index
    deck adds is named too (``hidden_shown``: paper tells its two places apart, where
    edges do not)."""
    named, in_view = _pile_named(hand, style, seed, height)
    assert set(named) == set(parse_cards(hand)) if hidden_shown else set(named) >= set(in_view)


def test_a_fans_top_card_is_not_named_again_by_a_strip_it_lies_over() -> None:
    """Issue 4 (one deck holds one of each card): in this paris four-index fan the top
    2c was read by its own outline and again by the strip of the 6d under it, where the
    2c's turned-round foot index shows through. Of two outlines read as one card, the
    one whose sides lie on real edges is the card: every card named once, where it
    lies."""
    _fan_read_whole("Js 7s 9d 6d 2c", "paris", 80016, 215.2, 0.323)


@pytest.mark.parametrize("seed", [0, 2])
def test_fanned_hand_rank_glyph_paired_with_a_far_mark_names_nothing(seed: int) -> None:
    """Issue 4 (still photos: at most 1% confidently wrong): in a nicu-ornamental fan
    the ace's rank glyph pairs with its own suit and also with a heart further off;
    that second pairing, read as a larger card, said 4h. A rank glyph with a nearer
    suit is that suit's index only: nothing not in the hand is named."""
    hand = parse_cards("Ah 5c Td Ks 3h")
    img, _ = fan_photo(hand, "nicu-ornamental", seed=seed)
    named = [c.card for c in read_photo(img) if c.card is not None]
    assert all(c in hand for c in named) and len(named) == len(set(named))
    assert {Card("Ah"), Card("3h")} <= set(named)


@pytest.mark.parametrize("style,card", [("four-colour", "Kd"), ("nicu-ornamental", "Jc")])
def test_card_around_a_picture_frame_outline_is_found_and_read(style: str, card: str) -> None:
    """Issue 4 (still photos, a webcam frame of a card on a light wooden table): the
    only outline found is the frame printed round a court card's picture, where the
    card's own edge on the light table was lost. Paper runs on past that frame to the
    card's edge, so the card around it is placed there and read."""
    from vision.photo import _card_around
    from vision.photo_fit import Edges
    from vision.photo_model import photo_reader

    img, corners = _scene(card, style, angle=12, centre=(400, 300), height=220,
                          table=(150, 175, 195))
    # the frame round the picture: a sixth of the card's width in from its sides, an
    # eighth of its height in from its ends (the index corners stay outside it)
    centre = corners.mean(axis=0)
    across, along = (corners[1] - corners[0]) / 2, (corners[3] - corners[0]) / 2
    frame = np.array([centre + sx * 0.66 * across + sy * 0.75 * along
                      for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], np.float32)
    cv2.polylines(img, [frame.round().astype(np.int32)], True, (40, 40, 40), 2)
    found = _card_around(img, frame, Edges(img), photo_reader(), 0.99)
    assert found is not None and str(found[0].card) == card
    assert _near(found[1].tolist(), [tuple(p) for p in corners], tol=6)


def test_index_beside_a_book_is_read_though_the_outline_is_broken() -> None:
    """A book lying over most of a card (the outline broken into no card shape): the
    index corner left in view names the card, and nothing else is named."""
    img, _ = _scene("Jd", "four-colour", angle=-30, centre=(380, 300), height=280)
    # a book over all but the card's top-left corner, at its own angle
    book = cv2.boxPoints(((520, 380), (420, 520), -30 + 90 + 8)).astype(np.int32)
    cv2.fillPoly(img, [book], (200, 190, 180))
    cv2.polylines(img, [book], True, (60, 60, 60), 3)
    found = [c for c in read_photo(img) if c.card is not None]
    assert [str(c.card) for c in found] == ["Jd"]


def test_red_ink_on_a_black_suit_is_not_read() -> None:
    """A confident wrong card is far worse than null: the index of a spade recoloured
    red (its shape says spade, its ink says hearts or diamonds) comes out unreadable,
    while the same card in black is read."""
    img, _ = _scene("Ks", "nicu-ornamental", angle=10, centre=(400, 300), height=300)
    assert [str(c.card) for c in read_photo(img)] == ["Ks"]
    b, _g, r = cv2.split(img.astype(np.int16))
    ink = (img.max(axis=2) < 110) & (np.abs(b - r) < 40)  # the black ink only
    red = img.copy()
    red[ink] = (40, 40, 200)
    assert all(c.card is None for c in read_photo(red))


def test_corners_that_disagree_give_null() -> None:
    """Both index corners are read; a card whose corners name different cards is
    reported but not named."""
    from vision.decks import STYLES, face_on, render_face
    from vision.photo_card import read_card
    from vision.photo_model import photo_reader

    ks = face_on(render_face(STYLES["tango"], Card("Ks")))
    qd = face_on(render_face(STYLES["tango"], Card("Qd")))
    assert read_card(ks, photo_reader()).card is Card("Ks")
    mixed = ks.copy()
    mixed[-150:, -100:] = qd[-150:, -100:]  # the lower corner of another card
    reading = read_card(mixed, photo_reader())
    assert reading.card is None


def test_empty_table_has_no_cards() -> None:
    img, truth = table_photo([], "jumbo", seed=3, table="wood")
    assert truth == [] and read_photo(img) == []


def test_unsure_card_is_null_never_a_guess() -> None:
    """A face-down card on the table is found but reported as ``card: None``."""
    from vision.decks import STYLES, face_on, render_face

    table = np.full((600, 800, 3), (40, 90, 30), np.uint8)
    table[100:520, 250:550] = face_on(render_face(STYLES["jumbo"], None), (40, 90, 30))
    found = read_photo(table)
    assert all(c.card is None for c in found)


def test_exif_orientation_is_applied(tmp_path: Path) -> None:
    """A phone photo stored sideways with an EXIF orientation tag reads like the upright
    one: the corners come back in the upright photo's coordinates."""
    img, truth = table_photo(parse_cards("Qs 9h"), "jumbo", seed=5, table="plain")
    upright = tmp_path / "upright.jpg"
    cv2.imwrite(str(upright), img, [cv2.IMWRITE_JPEG_QUALITY, 95])
    sideways = tmp_path / "sideways.jpg"
    pil = Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB)).transpose(Image.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 CW to display"
    pil.save(sideways, quality=95, exif=exif)
    loaded = load_image(sideways)
    assert loaded.shape == img.shape
    found = sorted(read_photo(loaded), key=lambda c: str(c.card))
    assert [str(c.card) for c in found] == ["9h", "Qs"]
    for f, (_card, corners) in zip(found, sorted(truth, key=lambda t: str(t[0])), strict=True):
        assert _near(f.corners, corners, tol=12)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "controller.cli", *args],
                          capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])


def test_cli_vision_read_prints_json_per_image(tmp_path: Path) -> None:
    img, _ = table_photo(parse_cards("Jd 4c"), "four-colour", seed=2, table="felt")
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), img)
    done = _cli("vision", "read", str(path))
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    assert body["file"] == str(path)
    assert sorted(c["card"] for c in body["cards"]) == ["4c", "Jd"]
    for c in body["cards"]:
        assert 0.0 <= c["confidence"] <= 1.0 and len(c["corners"]) == 4


def test_cli_vision_read_bad_file_exits_2_with_code(tmp_path: Path) -> None:
    """Bad input: a clear message and a stable code; the other images still read."""
    junk = tmp_path / "junk.jpg"
    junk.write_bytes(b"not a picture")
    done = _cli("vision", "read", str(junk), str(tmp_path / "missing.png"))
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [x["error"]["code"] for x in lines] == ["bad_image", "no_such_file"]
    assert all(x["cards"] == [] for x in lines)


def test_cli_vision_read_a_photo_too_small_for_a_card_exits_2_with_code(tmp_path: Path) -> None:
    """Bad input: a thumbnail passed by mistake (10 x 10 px) ended in an OpenCV assertion
    deep in the card finder and a traceback. It is refused with a message that says how
    small it is and a stable code; the photo beside it is still read."""
    tiny = tmp_path / "thumb.png"
    cv2.imwrite(str(tiny), np.full((10, 10, 3), 200, np.uint8))
    img, _ = table_photo(parse_cards("Jd 4c"), "four-colour", seed=2, table="felt")
    table = tmp_path / "table.png"
    cv2.imwrite(str(table), img)
    done = _cli("vision", "read", str(tiny), str(table))
    assert done.returncode == 2, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["error"]["code"] == "photo_too_small" and first["cards"] == []
    assert "10 x 10 px" in first["error"]["message"]
    assert sorted(c["card"] for c in second["cards"]) == ["4c", "Jd"]


def _dev_rows(limit: int) -> list[dict[str, str]]:
    with open(CARDS_DEV / "labels.csv", newline="") as f:
        rows = [r for r in csv.DictReader(f) if "_card" not in r["file"]]
    return rows[:limit]


@pytest.mark.skipif(not (CARDS_DEV / "labels.csv").exists(),
                    reason="../shared/cards-dev (real photos, not part of the repository) "
                    "is not on this machine")
def test_real_photos_from_cards_dev_are_never_confidently_wrong() -> None:
    """Real photographs of a printed deck (cards-dev, single-card photos, issue 4 "Done
    when" 3): reads that are made are right (at most one slip in 60; none at the time
    of writing), and most are read (47 of these 60 at the time of writing). The full
    numbers are in benchmarks/bench_vision.py."""
    rows = _dev_rows(60)
    correct = wrong = 0
    for row in rows:
        truth = Card(row["rank"] + row["suit"])
        cards = [c.card for c in read_photo(load_image(CARDS_DEV / row["file"]))]
        correct += truth in cards
        wrong += any(c is not None and c is not truth for c in cards)
    assert wrong <= 1
    assert correct >= 0.65 * len(rows)


def test_corner_network_reads_blurred_corners_of_unseen_decks() -> None:
    """Issue 4 "Still photos": the corner network (vision.photo_cnn), a second reading
    independent of glyph segmentation, reads phone-degraded cards of held-out deck
    styles (never trained on) from both corners, and never names a wrong card on its
    own word (both corners NET_AGREE-sure, as the reader takes it; it reads about half
    of them so: 19 of 36 at the time of writing; the glyph models read the rest)."""
    from vision.decks import STYLES, render_face
    from vision.photo_card import _net_reading
    from vision.training.train_photo import photo_card

    rng = np.random.default_rng(5)
    read = wrong = 0
    cards = parse_cards("As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c")
    for style in ("four-colour", "nicu-ornamental", "tango"):
        for card in cards:
            reading = _net_reading(photo_card(render_face(STYLES[style], card), rng))
            read += reading.card is card
            wrong += reading.card is not None and reading.card is not card
    assert wrong == 0
    assert read >= 0.4 * 3 * len(cards)


def test_corner_network_says_nothing_of_a_card_back() -> None:
    """A face-down card (its back's pattern) is no index to the corner network."""
    from vision.decks import STYLES, render_face
    from vision.photo_card import _net_reading
    from vision.training.train_photo import photo_card

    rng = np.random.default_rng(2)
    for style in ("four-colour", "tango"):
        for _ in range(3):
            assert _net_reading(photo_card(render_face(STYLES[style], None), rng)).card is None


def test_a_wild_outline_costs_no_more_than_the_photo() -> None:
    """An outline whose sides meet far off (near-parallel lines) once asked to_paper_edge
    for a search as wide as the outline: tens of gigabytes, and the reader was killed."""
    from vision.photo_find import to_paper_edge

    table = np.full((120, 160, 3), 200, np.uint8)
    wild = np.array([[-4e9, -4e9], [4e9, -4e9], [4e9, 4e9], [-4e9, 4e9]], np.float32)
    assert to_paper_edge(table, wild) is None


def _under_a_sheet(gap: float, dip: float) -> tuple[np.ndarray, np.ndarray]:
    """A four-colour Jh with a white sheet lying over its left side, the sheet's edge
    ``gap`` px in from the card's, beside the top index, its shadow darkening the card's
    paper there by up to ``dip``; the photo and the card's corners."""
    img, card = _scene("Jh", "four-colour", angle=-20, centre=(400, 300), height=260,
                       table=(30, 35, 45))
    across = (card[1] - card[0]) / np.linalg.norm(card[1] - card[0])
    edge = card[0] + across * gap
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]].astype(np.float32)
    d = (xx - edge[0]) * across[0] + (yy - edge[1]) * across[1]  # right of the sheet's edge
    photo = img.astype(np.float32) * (1 - dip * np.exp(-np.abs(d) / 5))[..., None]
    photo[d < -2] = (235, 238, 240)
    return np.clip(photo, 0, 255).astype(np.uint8), card


@pytest.mark.parametrize("gap,dip", [(8.0, 0.55), (9.0, 0.5)])
def test_index_by_a_sheets_shadow_is_found_where_it_lies(gap: float, dip: float) -> None:
    """Issue 4 (still photos: cards under or touching objects; cards-dev's Jh under a
    sheet of paper): the sheet's shadow darkens the card's paper between its edge and
    the index's suit, so at the usual ink level the suit joins the shadow and the table
    (one blob, too big for a glyph) and the index was never found. A stricter second
    ink level parts them: the index is found at the card's corner, pointing along the
    card, and the card placed from it lies where the card does (the sheet hides a strip
    of it)."""
    from vision.photo_index_find import find_indexes

    img, card = _under_a_sheet(gap, dip)
    along = (card[3] - card[0]) / np.linalg.norm(card[3] - card[0])
    width = float(np.linalg.norm(card[1] - card[0]))
    (idx,) = [i for i in find_indexes(img) if np.linalg.norm(i.rank - card[0]) < 0.25 * width]
    assert float(idx.down @ along) > 0.97  # the rank-to-suit direction is the card's axis
    # (the far corners, a card's length from the index, carry its direction's few
    # degrees: 13.8 and 12.9 px off here, 14.2 and 13.1 once the paper's edge was
    # sampled at the nearest pixel, not a truncated one)
    assert _near(idx.quad(width).tolist(), [tuple(p) for p in card], tol=gap + 8)


def test_fanned_hand_index_with_a_mark_beside_its_rank_is_read() -> None:
    """Issue 4 (still photos, a fanned hand of a held-out deck): nicu-ornamental prints
    a small red flourish (its frame's end) just inward of each rank. The check for a
    ten's second digit took any mark there for one and dropped the index, so the covered
    7c was never found; a mark much smaller than the rank is the card's own print. The
    7c is read where it lies (under the cards over it), nothing else is named wrongly."""
    hand = parse_cards("7c 5s 3s 2c")
    img, truth = fan_photo(hand, "nicu-ornamental", seed=2026, card_height=234, spread=0.356)
    found = read_photo(img)
    named = [c.card for c in found if c.card is not None]
    assert all(c in hand for c in named) and len(named) == len(set(named))
    (seven,) = [f for f in found if f.card is Card("7c")]
    # its index corner where the card's is; the card as far across as the bench allows
    assert np.linalg.norm(np.subtract(seven.corners[0], truth[0][1][0])) < 8
    assert np.linalg.norm(np.mean(seven.corners, axis=0) - np.mean(truth[0][1], axis=0)) \
        < 0.25 * 234


@pytest.mark.parametrize("hand,height,spread,seed,covered", [
    ("Ah 7c Ad As 6s", 233.47, 0.3463, 6191, "7c Ad As"),
    ("Qh 2s 5h 8s Jh", 204.19, 0.3401, 6167, "2s"),
    ("6c Ts Qc 4c", 248.34, 0.3817, 6182, "Ts")])
def test_a_covered_cards_faint_edge_parts_its_index_from_the_print_beside_it(
        hand: str, height: float, spread: float, seed: int, covered: str) -> None:
    """Issue 4 (still photos, a fanned hand of a held-out deck; the photo bench's seed
    6161 fans): each covered card's index lies by its edge over the card it covers, and
    that card's print (nicu-ornamental's frame flourish, a big pip, a court's picture)
    lies just past the edge. The edge casts little shadow (its rim 10% brighter, its
    shadow 5-15% darker than the paper): neither the paper's end nor a thin dark line,
    so the print counted as ink beside the index and the index was no index. A faint
    line that two looks find alike is the card's edge (``_faint_margins``), and such an
    edge decides which way round the two glyphs read: the covered cards named (not
    found before), each where it lies, and nothing named that is not in the hand."""
    _covered_named(hand, "nicu-ornamental", height, spread, seed, covered)


def _covered_named(hand: str, style: str, height: float, spread: float, seed: int,
                   covered: str, indexes: int = 2, corner: float = 0.04) -> None:
    """A fanned hand's ``covered`` cards are named where they lie (a corner within
    ``corner`` of the card's height of its index corner, the middle as near as the bench
    allows), and nothing is named that is not in the hand, nor twice."""
    img, truth = fan_photo(parse_cards(hand), style, seed=seed, card_height=height,
                           spread=spread, indexes=indexes)
    found = read_photo(img)
    named = [c.card for c in found if c.card is not None]
    assert all(c in parse_cards(hand) for c in named) and len(named) == len(set(named))
    where = dict(truth)
    for card in parse_cards(covered):
        (seen,) = [f for f in found if f.card is card]
        assert np.linalg.norm(np.subtract(seen.corners, where[card][0]), axis=1).min() \
            < corner * height
        assert np.linalg.norm(np.mean(seen.corners, axis=0) - np.mean(where[card], axis=0)) \
            < 0.25 * height


@pytest.mark.parametrize("hand,style,height,spread,seed,covered", [
    ("Jh Tc 2h", "tango", 262.49, 0.3849, 6165, "Jh"),
    ("Qh 2s 5h 8s Jh", "nicu-ornamental", 204.19, 0.3401, 6167, "Qh")])
def test_a_covered_cards_rank_touching_its_suit_is_parted_from_it(
        hand: str, style: str, height: float, spread: float, seed: int, covered: str) -> None:
    """Issue 4 (still photos, fanned hands of held-out decks; the photo bench's seed
    6161 fans): tango's J touches its heart with its hook, nicu-ornamental's Q with its
    tail: rank and suit are one blob, paired with nothing, and a covered card's one
    index in view was no index (its corner read found none either). A suit is solid
    and a rank's strokes are thin: the blob opened with a disc of half its thickest
    point's depth keeps the suit, and the rest is the rank (``corner.rank_and_suit``;
    ``photo_index_find._parted``, ``corner.part_touching``). The covered card is named
    where it lies."""
    _covered_named(hand, style, height, spread, seed, covered)


def test_a_cards_drawn_edge_touching_a_picture_is_not_parted_as_an_index() -> None:
    """Issue 4 (still photos, a pile of a held-out four-index deck; the photo bench's
    seed 6161, photo 31): a rank glyph touching its suit is parted from it, but not
    every blob with a solid part is one. Tango draws each card's edge as a dark line,
    and on this Qs it touched the picture's crown: parted, the line and the crown made
    an index of a card not there, and the Qs was lost with it. A part as narrow as a
    line is no rank (``LINE_LIKE``), and a blob of several inks (a picture) is not
    parted (``_one_ink``): the three cards named, each once, the Td where it lies. (The
    Qc and Qs, each read by one index of a four-index deck, are put a card's width off
    by ``_likelier``'s weighing of their side, as before the parting.)"""
    height = 187.76
    img, truth = pile_photo(parse_cards("Qc Qs Td"), "tango", seed=6192, card_height=height,
                            indexes=4)
    found = [c for c in read_photo(img) if c.card is not None]
    assert sorted(str(c.card) for c in found) == ["Qc", "Qs", "Td"]
    (ten,) = [c for c in found if c.card is Card("Td")]
    assert _near(ten.corners, dict(truth)[Card("Td")], tol=0.2 * height)


def test_a_covered_cards_cut_suit_is_not_parted_into_another_card() -> None:
    """Issue 4 (at most 1% confidently wrong; the photo bench's seed 6161 piles, photo
    31): the Qs lies over the Qc's corner, its edge cutting the Qc's club to a dome
    touching the Q. Parted (``corner.part_touching``, tried where the corner read found
    no index), the Q over the dome read Qs at 0.99999, and the Qc's outline was named
    Qs. A parted read is a guess at where two glyphs part: it stands only where the
    corner network names the same card (here it named the Qc). Every card named is in
    the pile, once, where it lies."""
    named, _ = _pile_named("Qc Qs Td", "tango", 6192, 187.76, indexes=2)
    assert {"Qs", "Td"} <= set(map(str, named))


def test_a_fans_pair_of_sevens_is_two_cards_not_two_pips_of_one() -> None:
    """Issue 4 (still photos, a fanned hand of a held-out deck; the photo bench's seed
    6161 fans, photo 18): the 7c lies over the 7s, their two 7s side by side. Two
    glyphs alike in shape are two pips of one card, and such a pairing holds back the
    glyph's pairings with farther marks: the 7c's own club. Two glyphs each longer
    across the way from one to the other than along it stand side by side, not in a
    column (``_side_by_side``). The fan's hull is card-shaped, unread and whole in
    view, and the 7c's index lay in its middle, taken for its print: an index there
    names a card where the card lies within the outline. Both sevens are named where
    they lie (the 7c was placed a card off, over the 7s, and counted wrong there; the
    7s was lost). Each is still placed from one index at a usual index-to-card size,
    too big for nicu's big index, so its index corner is up to 17 px (6%) off."""
    _covered_named("Td Jd 7s 7c", "nicu-ornamental", 271.56, 0.2743, 6179, "7s 7c",
                   corner=0.08)


def test_a_card_too_small_is_not_named_from_an_enlarged_second_look() -> None:
    """The second look enlarges a photo whose card was left unread; enlarging adds no
    detail, and this simplistic 3h, 82 px tall, was read 3d from the enlarged photo. A
    card that small stays unread (vision/photo_scales.py ``unnamed_small``)."""
    img, truth = table_photo([Card("3h")], "simplistic", seed=6, size=(400, 300),
                             card_height=(82.12, 82.12))
    assert len(truth) == 1
    named = [c.card for c in read_photo(img) if c.card is not None]
    assert named in ([], [Card("3h")])


@pytest.mark.parametrize("cards,style,seed", [("9d 8h", "noto-serif-bold", 6184),
                                               ("5c 2h", "noto-serif", 6585),
                                               ("9h Kh 9s", "open-sans", 6012)])
def test_a_card_shaded_across_is_read_through_its_own_outline(cards: str, style: str,
                                                              seed: int) -> None:
    """Webcam frames (640 x 480) of decks printed in typefaces never trained on, a
    shadow across one card: the 8h's margin in the shade is 183-189 bright, its lit
    edge 254, so its own outline had no paper margin by the photo's brightest paper
    (0.75 of it), was read only surely, and the card went unfound. Its margin is as
    bright as its middle, shaded alike, so it is the card's own (``_margin_is_paper``,
    ``own``): both cards are read, each on its own outline. (An Open Sans 9h, its thin
    9 not read surely at 150 px, was passed over as a blank rectangle; the Kh falls off
    the frame.)"""
    img, truth = table_photo(parse_cards(cards), style, seed=seed, size=(640, 480),
                             card_height=(150.0, 230.0), harsh=True)
    assert len(truth) == 2
    found = read_photo(img)
    assert sorted(str(c.card) for c in found) == sorted(str(c) for c, _ in truth)
    for f in found:
        (corners,) = [w for c, w in truth if c == f.card]
        assert _near(f.corners, corners, tol=8)


def _pale_under(style: str, wash: float = 0.6) -> tuple[np.ndarray, np.ndarray]:
    """A Qh whose print is washed out toward the paper (a webcam's pale pink index),
    most of it under a 9s; the photo and the Qh's corners."""
    img, card = _scene("Qh", style, angle=-12, centre=(330, 300), table=(40, 60, 90))
    inside = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(inside, [card.round().astype(np.int32)], 1)
    pale = (img * (1 - wash) + 250 * wash).astype(np.uint8)
    img[inside > 0] = pale[inside > 0]
    over, over_card = _scene("9s", style, angle=-12, centre=(420, 320), table=(40, 60, 90))
    on_top = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(on_top, [over_card.round().astype(np.int32)], 1)
    img[on_top > 0] = over[on_top > 0]
    return img, card


@pytest.mark.parametrize("style", ["four-colour", "nicu-ornamental"])
def test_pale_red_index_of_a_covered_card_is_found_where_it_lies(style: str) -> None:
    """Issue 4 (still photos: webcam frames, cards touching others; cards-dev's Qh under
    a 9h, its faded Q only 30-40% darker than the paper): a red index too pale for the
    usual ink level is still far redder than paper, so it is found (four-colour's was
    not, before) and the covered card is read from it, placed where it lies; a pale
    fringe is never added to a glyph found already (nicu-ornamental's frame flourish
    beside its rank then looked like a ten's second digit and hid the index)."""
    img, card = _pale_under(style)
    found = read_photo(img)
    assert sorted(str(c.card) for c in found) == ["9s", "Qh"]
    (queen,) = [c for c in found if c.card is Card("Qh")]
    # placed from its index at a guessed size: within 8% of its length, 19 px (nicu-
    # ornamental's far corner 16.0 px off, 17.2 once the reader sampled alike from
    # either end of a card)
    length = float(np.linalg.norm(card[3] - card[0]))
    assert _near(queen.corners, [tuple(p) for p in card], tol=0.08 * length)


@pytest.mark.parametrize("card,angle,style", [("As", 174, "four-colour"),
                                              ("Kd", 8, "nicu-ornamental"), ("7c", -5, "tango")])
def test_card_half_under_a_box_is_completed_where_it_lies(card: str, angle: float,
                                                          style: str) -> None:
    """Issue 4 (still photos: cards under books and boxes; cards-dev's As under a game
    box): a box over the far 40% of a card leaves a visible part squarer than any card,
    not cut by the photo's edge. Its covered end lies on the box's straight edge, which
    runs on past the card, so it is completed to the whole card under the box: read,
    and placed where it lies (before, placed from its index at a usual size, a quarter
    or twice the card)."""
    img, corners = _scene(card, style, angle=angle, centre=(400, 330), table=(120, 130, 125))
    box = cv2.boxPoints(((400, 230), (320, 140), -angle)).astype(np.int32)
    cv2.fillPoly(img, [box], (40, 70, 40))
    found = read_photo(img)
    assert [str(c.card) for c in found] == [card]
    assert _near(found[0].corners, [tuple(p) for p in corners], tol=10)


@pytest.mark.parametrize("card,angle,part", [("Ah", 8, 0.35), ("Kc", -15, 0.5)])
def test_card_parted_by_a_shadow_is_reported_once_where_it_lies(card: str, angle: float,
                                                                part: float) -> None:
    """Issue 4 (still photos: one reading per card; cards-dev's Ah under a jacket's
    shadow and a Th in a crop were each reported twice): a shadow over a card's lower
    right parts its top-left corner from the rest, and the reader names the card
    through that corner alone as well as through the whole card. The part, lying less
    on real edges than the whole card it lies in, is not a second card."""
    img, corners = _scene(card, "four-colour", angle=angle, centre=(400, 300),
                          table=(150, 160, 150))
    along, across = corners[3] - corners[0], corners[1] - corners[0]
    c = corners[0] + (across + along) * part
    shade = np.array([c, c + across * 2, c + (across + along) * 2, c + along * 2])
    dark = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(dark, [shade.round().astype(np.int32)], 1)
    img[dark > 0] = (img[dark > 0] * 0.45).astype(np.uint8)
    found = [c for c in read_photo(img) if c.card is not None]
    assert [str(c.card) for c in found] == [card]
    assert _near(found[0].corners, [tuple(p) for p in corners], tol=8)


@pytest.mark.parametrize("style,card", [("tango", "Kh"), ("standard", "9h"),
                                        ("four-colour", "Kh")])
def test_an_index_is_its_rank_over_its_suit_never_the_other_way(style: str, card: str) -> None:
    """Issue 4 (still photos; cards-dev's Kh in a row of cards, read as a sure Ad through
    its heart taken for a rank over its K taken for a suit): two glyphs make one index
    one way round only. The card's index (rank over suit, pointing down the card) is
    found at its corner; the same two glyphs paired backwards (pointing up, off the card)
    are not."""
    from vision.decks import CARD_H, CARD_W, STYLES, face_on, render_face
    from vision.photo_index_find import find_indexes

    height = 240
    k = height / CARD_H
    face = cv2.resize(render_face(STYLES[style], Card(card)), None, fx=k, fy=k,
                      interpolation=cv2.INTER_AREA)
    img = np.full((height + 80, round(CARD_W * k) + 80, 3), (60, 95, 140), np.uint8)
    on = face_on(face, (60, 95, 140))
    img[40:40 + on.shape[0], 40:40 + on.shape[1]] = on
    corner = [i for i in find_indexes(img)
              if np.abs(i.rank - 40).max() < 0.3 * height]  # the top-left index corner
    assert any(i.down[1] > 0.9 for i in corner)
    assert not any(i.down[1] < -0.8 for i in corner)


def _row_of_two(angle: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 9s with a Td lying over its right half (cards-dev's 9s and Td on wood); the
    photo, the 9s's corners and an outline spanning both cards and table above them."""
    img, under = _scene("9s", "four-colour", angle=angle, centre=(330, 330), table=(40, 75, 120))
    over, card = _scene("Td", "four-colour", angle=angle, centre=(450, 315), table=(40, 75, 120))
    on_top = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(on_top, [card.round().astype(np.int32)], 1)
    img[on_top > 0] = over[on_top > 0]
    from vision.photo_find import order_corners

    spread = np.concatenate([under, card, card - (0, 60)]).astype(np.float32)
    return img, under, order_corners(cv2.boxPoints(cv2.minAreaRect(spread)))


@pytest.mark.parametrize("angle", [-8, 14])
def test_index_inside_an_outline_spanning_two_cards_is_found(angle: float) -> None:
    """Issue 4 (still photos: cards touching each other in a row; cards-dev's 9s under a
    Td and 9d beside a Kh, lost): an outline read as one card may span it, the card
    it lies over and some table. Its inside was never searched for indexes (its pips
    and picture are its own), so the covered card was lost. Only an outline with every
    side on a real edge (the card's own) keeps its inside to itself: the 9s is found by
    its index corner, where its corner lies."""
    from vision.photo import THRESHOLD
    from vision.photo_by_index import by_index
    from vision.photo_fit import Edges, held_sides
    from vision.photo_model import photo_reader

    img, nine, both = _row_of_two(angle)
    edges = Edges(img)
    assert min(held_sides(edges, both)) < 0.9  # not on the cards' edges all round
    found = by_index(img, [both], photo_reader(), THRESHOLD, edges, [])
    (read,) = [q for r, q in found if r.card is Card("9s")]
    width = float(np.linalg.norm(nine[1] - nine[0]))
    assert min(float(np.linalg.norm(read[0] - p)) for p in nine) < 0.12 * width


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_an_index_on_paper_darkening_toward_its_picture_is_found() -> None:
    """Issue 4, photo Done-when line (at least 97% read): cards-dev's IMG_2518 (in the
    half never tuned on) shows a Kh half under a book, found by its one index in view.
    The paper round that index darkens smoothly toward the picture's yellow frame, and
    judged against one brightness for the whole patch it looked like a table's texture,
    so the index was passed over. Judged against a plane through the paper
    (photo_index_find._on_paper; made for a rendered card across a light's edge), it is
    paper, and the Kh is read."""
    found = read_photo(load_image(CARDS_DEV / "images" / "edje_train_IMG_2518.jpg"))
    assert [str(r.card) for r in found if r.card is not None] == ["Kh"], found


@pytest.mark.skipif(not (CARDS_DEV / "scenes").exists(), reason="cards-dev not available")
def test_an_outline_inside_a_cards_own_is_not_read_as_a_card() -> None:
    """Issue 4 (still photos: never confidently wrong; cards-dev's IMG_2562 shrunk to 0.8
    of its size): the outline of a ten's block of pips, inside the ten's own outline
    (paper margin, every side on a real edge) that the reader could not name, was read
    as a sure As. An outline inside a card's own is a part of that card (its pips, its
    picture), not another card: nothing on the photo is named but its four cards, and
    the ten, read at the second look's size, is named where it lies."""
    img = load_image(CARDS_DEV / "scenes" / "edje_train_IMG_2562.jpg")
    img = cv2.resize(img, None, fx=0.8, fy=0.8, interpolation=cv2.INTER_CUBIC)
    found = [c for c in read_photo(img) if c.card is not None]
    assert {str(c.card) for c in found} <= {"Kc", "Ks", "Qs", "Tc"}
    (ten,) = [c for c in found if c.card is Card("Tc")]
    low, high = np.array([208, 190]) * 0.8, np.array([350, 338]) * 0.8  # its labelled box
    corners = np.array(ten.corners)
    assert (corners >= low - 8).all() and (corners <= high + 8).all()
    assert (corners.max(axis=0) - corners.min(axis=0) > 0.8 * (high - low)).all()


def test_fanned_hand_rank_with_a_nearer_suit_names_nothing_farther() -> None:
    """Issue 4 (still photos: never confidently wrong; a fanned hand of a held-out deck):
    a glyph paired with a nearer mark is that mark's index only, even where that pairing
    is dropped as the reverse of a clearer index; its pairing with a farther mark named
    a 7h on this hand (9h Th Jd 4h) when the dropped pairing no longer held it back.
    Nothing but the hand's own cards is named, each once."""
    hand = parse_cards("9h Th Jd 4h")
    img, _ = fan_photo(hand, "four-colour", seed=2026 + 20, card_height=207.03, spread=0.3777)
    named = [c.card for c in read_photo(img) if c.card is not None]
    assert all(c in hand for c in named) and len(named) == len(set(named))
    assert len(named) >= 3


def test_cards_placed_from_their_index_take_the_size_two_corners_span() -> None:
    """Issue 4 (still photos: where each card lies; the bench's held-out pile 17): with
    no card whole in view, the Jc's two index corners, read the same, span it: that is
    the photo's card size (one deck, one size; photo_by_index._resize_to_spans). Before,
    the Ts was placed at the width of an outline spanning three cards, and the Th at
    the jumbo index-to-card ratio, a third of its size. Every index found on the pile,
    placed at that outline's width and read as its card, is placed again where its card
    lies; and the pile is read, every card named once and right.

    (Since session 47 the four-colour Jc prints a court's picture, not its rank large:
    the pile's outline is read as the Ad, disputed by the Jc's index inside it, so
    read_photo no longer finds the Jc's corners spanning it here, and places the Ad and
    the Ts at that outline's size, though it names them right.)"""
    from vision.classify import Reading
    from vision.photo_by_index import _IndexRead, _resize_to_spans
    from vision.photo_fit import Edges

    img, truth = pile_photo(parse_cards("Jc Ad Ts Th"), "four-colour", seed=2026 + 17,
                            card_height=221.3693461370459)
    where = {card: corners for card, corners in truth}
    width = float(np.linalg.norm(np.subtract(truth[0][1][1], truth[0][1][0])))
    assert sorted(str(c.card) for c in read_photo(img) if c.card is not None) == sorted(
        str(c) for c in where)
    tried = []
    for idx in find_indexes(img, skip=[]):  # each the card whose corner it lies at
        owner = [c for c, q in truth if min(np.linalg.norm(np.subtract(q, idx.corner), axis=1))
                 < 0.1 * width]
        card = owner[0] if len(owner) == 1 else None
        tried.append(_IndexRead(idx, Reading(card, 0.99), None, idx.quad(1.6 * width)))
    named = [r for r in tried if r.reading.card is not None]
    assert sorted(str(r.reading.card) for r in named) == ["Ad", "Jc", "Jc", "Th", "Ts"]
    _resize_to_spans(tried, Edges(img))
    for r in named:
        assert _near([tuple(p) for p in r.quad], where[r.reading.card], tol=0.2 * width)


@pytest.mark.skipif(not (CARDS_DEV / "scenes").exists(), reason="cards-dev not available")
def test_index_beside_a_thin_shadow_edge_over_another_card_is_found() -> None:
    """Issue 4 (still photos: cards touching each other in a row; cards-dev's IMG_2650):
    a Js lies between an Ad over its left side and a Qh under its right. Its only index
    in view is by its edge over the Qh, and just past that edge is the Qh's picture
    frame: ink beside the index, so no index. The edge is a thin shadow line between
    two cards' paper, which the paper's closing fills; now such a line is the card's
    edge, the frame past it the Qh's, and the Js is found and read where it lies."""
    img = load_image(CARDS_DEV / "scenes" / "edje_train_IMG_2650.jpg")
    found = [c for c in read_photo(img) if c.card is not None]
    assert sorted(str(c.card) for c in found) == ["Ad", "Js", "Qh"]
    (js,) = [c for c in found if c.card is Card("Js")]
    corners = np.array(js.corners)
    # its visible index corner is the labelled box's lower right (181..281, 203..415)
    assert min(float(np.linalg.norm(p - (281, 415))) for p in corners) < 12
    assert corners[:, 0].max() < 290 and corners[:, 1].min() > 195


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_card_spanned_by_its_index_corners_inside_an_unread_outline_is_read() -> None:
    """Issue 4 (still photos: cards touching each other; cards-dev's IMG_2667_card2): a
    Td lies over a card whose strip is cut by the photo's edge. The only outline found
    holds the Td and that strip; its side on the photo's edge is on no card's edge, the
    Td's own edge there (white on white) is too faint to move it onto, and through it
    the Td's index lies off its corner: the reader was unsure (0.985). The Td's two
    index corners inside that outline span the card: read through that, it is named,
    where it lies (its labelled box is 18..138 x 25..195)."""
    img = load_image(CARDS_DEV / "images" / "edje_train_IMG_2667_card2.jpg")
    found = [c for c in read_photo(img) if c.card is not None]
    assert [str(c.card) for c in found] == ["Td"]
    corners = np.array(found[0].corners)
    assert (corners.min(axis=0) > (8, 12)).all() and (corners.max(axis=0) < (148, 208)).all()
    assert (corners.max(axis=0) - corners.min(axis=0) > (95, 150)).all()


def _turned(name: str, quarters: int) -> np.ndarray:
    """A cards-dev photo turned ``quarters`` quarter turns clockwise (any rotation)."""
    img = load_image(CARDS_DEV / "images" / name)
    for _ in range(quarters):
        img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    return img


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_an_index_at_the_corner_of_a_card_read_by_its_outline_is_that_cards() -> None:
    """Issue 4 (still photos, any rotation, never a wrong card: cards-dev's IMG_2600_card1
    turned half round): the Jc is read by its outline; the index finder found its corner
    too and, its rank and suit paired otherwise, read a sure 3c there, placed as a second
    card. An index at the corner of a card read by its outline is that card's own: read
    as another card, neither is named from that look."""
    found = read_photo(_turned("edje_test_IMG_2600_card1.jpg", 2))
    assert {str(c.card) for c in found if c.card is not None} <= {"Jc"}


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_an_enlarged_look_adds_no_card_at_the_corner_of_one_named() -> None:
    """Issue 4 (still photos, any rotation; cards-dev's webcam cam_image27 turned a
    quarter): the first look named the Jc; an outline left unread sent the photo to an
    enlarged second look, which read the Jc's corner alone as a sure 3c and placed it at
    a guessed size half over the Jc: a card lying over it, by the merge's rules. A card
    the second look places from its index at a corner of a card the first named is that
    card's index read again: the first look's reading stands."""
    found = read_photo(_turned("edje_train_cam_image27.jpg", 1))
    assert [str(c.card) for c in found if c.card is not None] == ["Jc"]


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_a_photo_is_not_read_again_smaller_for_an_outline_round_more_than_a_card() -> None:
    """Issue 4 (still photos, a webcam frame with the card about 150x210 px; cards-dev's
    cam_image25 turned half round): the first look found the pale Kh's outline (226 px
    long) and one round more than a card (470 px), both unread; sized by the bigger, the
    photo was read again at 0.43, the Kh 127 px tall, and both its corners read as a 7h
    (0.88). A photo is read again smaller only when most outlines left unread are big."""
    found = read_photo(_turned("edje_train_cam_image25.jpg", 2))
    assert {str(c.card) for c in found if c.card is not None} <= {"Kh"}


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_a_print_far_bigger_than_an_index_beside_it_is_no_index() -> None:
    """Issue 4 (still photos, any rotation; cards-dev's IMG_2611_card4 turned a quarter):
    the Ts, its outline run into its neighbour's, is read by its index and placed a
    third too small; two of its pips, printed 1.6 times its index, were read as a sure
    4s beside it, neither index on the other's card. Two indexes naming different cards
    within a card's length of each other are printed alike (one deck): the far bigger
    print is no index."""
    found = read_photo(_turned("edje_train_IMG_2611_card4.jpg", 1))
    assert [str(c.card) for c in found if c.card is not None] == ["Ts"]


def test_a_photo_is_read_again_at_the_size_of_the_cards_it_left_unread() -> None:
    """Issue 4 (still photos, a phone photo; the benchmark's phone-size row): a tango Qs
    (407 px long) is read on the first look, the Th beside it (554 px, 352 px in the
    image searched) is not. The second look is for the Th: sized by the cards left unread
    it is read smaller, and the Th named; sized by the lower of the two cards found it
    was read larger, and the Th left unread."""
    img, _ = table_photo(parse_cards("Th Qs"), "tango", seed=2530, size=(2016, 1512),
                         card_height=(450.0, 750.0), harsh=True)
    found = read_photo(img)
    assert sorted(str(c.card) for c in found) == ["Qs", "Th"]


def test_a_card_warped_from_either_end_is_the_same_picture_turned() -> None:
    """Issue 4 (still photos, any rotation): a photo turned half round lists the same
    outline from its other corner, and the card is read from the picture warped so. The
    warp maps the outline's corners to the picture's outer pixel edges, so each pixel
    samples the same spot of the card from either end; mapped to the first pixels'
    centres, the two pictures lay a pixel apart, and cards-dev's IMG_2477 Qs, read by its
    outline upright, was unread turned half round."""
    from vision.photo_places import warp_card

    rng = np.random.default_rng(1)
    img = cv2.GaussianBlur(rng.integers(0, 255, (300, 400, 3), np.uint8), (5, 5), 1.5)
    quad = np.float32([[100, 60], [190, 72], [176, 200], [86, 188]])
    h, w = img.shape[:2]
    # the same outline on the photo turned half round, listed from its other end
    other_end = np.roll(np.float32([[w - 1 - x, h - 1 - y] for x, y in quad]), 2, axis=0)
    upright = warp_card(img, quad).astype(int)
    turned = cv2.rotate(warp_card(cv2.rotate(img, cv2.ROTATE_180), other_end), cv2.ROTATE_180)
    assert np.abs(upright - turned.astype(int)).max() <= 1


def test_the_papers_edge_is_found_alike_on_a_photo_turned_half_round() -> None:
    """Issue 4 (still photos, any rotation; cards-dev's IMG_2553 Jh turned half round):
    how far the paper runs past an index decides which of its two glyphs is its rank.
    Sampled at truncated pixels (up and left of each point), the margins measured
    upright and turned half round differed, the turned Jh's heart-over-J pairing scored
    clearer than its J-over-heart, and the card was left unread. At the nearest pixel
    they are the same."""
    from vision.photo_index_find import _edge

    paper = np.full((60, 80), 200, np.uint8)
    yy, xx = np.mgrid[0:60, 0:80]
    paper[(xx * 0.8 + yy * 0.6) > 52.3] = 60  # the paper ends along a slanted line
    turned = np.ascontiguousarray(paper[::-1, ::-1])
    away = np.array([0.8, 0.6])
    rng = np.random.default_rng(4)
    for start in rng.uniform((18, 12), (24, 18), (200, 2)):
        far = np.array([79, 59]) - start  # the same point on the turned photo
        assert _edge(paper, start, away, 40) == _edge(turned, far, -away, 40)


@pytest.mark.parametrize("first", [0, 1])
def test_a_tens_digits_are_paired_whichever_was_found_first(first: int) -> None:
    """Issue 4 (still photos, any rotation): a ten's "1" and "0" are one glyph, a Jh's J
    and its heart below it are not, whichever the photo lists first (cards-dev's
    IMG_2553 turned half round lists the heart first; judged by the first glyph's size
    alone, the heart and the J were a ten, and the Jh was lost). Sizes and places as
    measured: a four-colour fan's Th, and the Jh."""
    from vision.photo_index_find import _Glyph, _tens

    def glyph(x: float, y: float, size: float, red: bool, part: int) -> _Glyph:
        box = np.float32([[x - size / 3, y - size / 2], [x + size / 3, y - size / 2],
                          [x + size / 3, y + size / 2], [x - size / 3, y + size / 2]])
        return _Glyph(np.array([x, y]), box, size, red, (part,), box)

    one, zero = glyph(594.9, 353.4, 16.0, True, 1), glyph(593.5, 368.6, 15.0, True, 2)
    jack, heart = glyph(152.0, 261.0, 14.1, True, 3), glyph(162.0, 278.0, 20.0, True, 4)
    ten = [one, zero][::1 - 2 * first]
    assert [t.parts for t in _tens(ten)] in ([(1, 2)], [(2, 1)])
    assert _tens([jack, heart][::1 - 2 * first]) == []


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
@pytest.mark.parametrize("name,card", [("edje_train_IMG_2477.jpg", "Qs"),
                                       ("edje_train_IMG_2553.jpg", "Jh")])
def test_a_photo_turned_half_round_is_read_as_it_is_upright(name: str, card: str) -> None:
    """Issue 4 (still photos, any rotation): the reader does not care which way up a
    photo is. cards-dev's Qs (read by its outline upright, the outline unread turned:
    the card picture warped a pixel apart) and Jh (found upright, lost turned: its
    paper's edge sampled at truncated pixels) are named alike both ways up, placed on
    the same spot of the photo."""
    upright = read_photo(_turned(name, 0))
    turned = read_photo(_turned(name, 2))
    h, w = _turned(name, 0).shape[:2]
    assert [str(c.card) for c in upright if c.card is not None] == [card]
    assert [str(c.card) for c in turned if c.card is not None] == [card]
    (a,) = [c for c in upright if c.card is not None]
    (b,) = [c for c in turned if c.card is not None]
    back = [(w - 1 - x, h - 1 - y) for x, y in b.corners]  # the turned reading, turned back
    assert _near(a.corners, back, tol=3)


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
@pytest.mark.parametrize("quarters", [0, 2])
def test_a_sure_black_corner_with_a_red_index_at_the_other_is_no_card(quarters: int) -> None:
    """Issue 4 (still photos, never a wrong card; cards-dev's IMG_2662_card2): the Kh's
    outline, a little too big, holds table and its neighbour at one corner, which the
    glyph models read as a sure 2s; the other corner is the Kh's own red index. A card's
    two indexes are printed in one colour, so the 2s is not named."""
    found = read_photo(_turned("edje_test_IMG_2662_card2.jpg", quarters))
    assert {str(c.card) for c in found if c.card is not None} <= {"Kh"}


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_an_enlarged_look_names_no_card_inside_one_the_first_look_named() -> None:
    """Issue 4 (still photos, never a wrong card; cards-dev's cam_image27): the first
    look names the webcam Jc by its outline and leaves an outline on the table unread,
    so the photo is read again 2.1 times larger. That look read a detail of the Jc's
    picture as a sure 6d, placed from that "index" inside the Jc. A card the second look
    places from its index inside a card the first look named is that card's print."""
    found = read_photo(_turned("edje_train_cam_image27.jpg", 0))
    assert [str(c.card) for c in found if c.card is not None] == ["Jc"]


@pytest.mark.skipif(not (CARDS_DEV / "scenes").exists(), reason="cards-dev not available")
def test_an_index_printed_bigger_inside_another_card_is_that_cards_print() -> None:
    """Issue 4 (still photos, never a wrong card; cards-dev's scene cam_image3, four
    kings): a detail of the Ks's picture, lying well inside the Ks (placed from its
    index) and printed 1.47 times the Ks's index, was read as a sure 4d. A card lying
    over another shows an index printed the same size; a third bigger, inside the
    other card, it is that card's print."""
    found = read_photo(load_image(CARDS_DEV / "scenes" / "edje_train_cam_image3.jpg"))
    assert sorted(str(c.card) for c in found if c.card is not None) == ["Kc", "Kd", "Kh", "Ks"]


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_a_sure_six_whose_pixels_read_a_nine_is_no_card() -> None:
    """Issue 4 (still photos, any rotation, never a wrong card; cards-dev's
    IMG_2580_card2 turned three quarters): the 9h, cut by the photo's edge and read
    through a twisted outline, was a sure 6h by the glyph models while the network read
    that corner as the 9h. A 6 is a 9 upside down: such a corner names neither."""
    found = read_photo(_turned("edje_test_IMG_2580_card2.jpg", 3))
    assert {str(c.card) for c in found if c.card is not None} <= {"9h"}


def test_a_cards_big_centre_print_is_no_index_of_another_card() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on decks never seen.
    The held-out four-colour deck printed its rank and suit big in its middle until
    session 47 (as a large-print deck does). A phone-like photo's 5c, unread, had that
    "5 club" paired as an index and a card placed from it off the 5c, over the table,
    read as a sure 4s: the middle of a card whole in view is its own print
    (photo.MIDDLE), though the card is unread. (Drawn now with pips, as a real
    four-colour deck is, the photo still names nothing but its cards.)"""
    img, _ = table_photo([Card("5c"), Card("6h"), Card("6d")], "four-colour", seed=10135,
                         harsh=True, card_height=(150.0, 300.0))
    named = {str(r.card) for r in read_photo(img) if r.card is not None}
    assert named <= {"5c", "6h", "6d"}, named


def _covered_joker(style: str, cover_from: int) -> np.ndarray:
    """A joker on the table with a book over its lower part (its outline no card's)."""
    from controller.cards import JOKER
    from vision.decks import STYLES, face_on, render_face

    table = np.full((600, 700, 3), (40, 110, 40), np.uint8)
    table[90:510, 200:500] = face_on(render_face(STYLES[style], JOKER), (40, 110, 40))
    table[cover_from:, 150:560] = (60, 40, 30)
    return table


@pytest.mark.parametrize("cover_from,turns", [(230, 0), (330, 1), (400, 2)])
def test_a_jokers_column_of_letters_is_no_index(cover_from: int, turns: int) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. A joker prints JOKER
    letter over letter down its side (the held-out four-colour deck, as many real decks
    do). With a book over the joker its outline is no card's and the index finder looks
    at those letters: the K over the E was read as a sure club king. Letters in a column
    are no rank over a suit (photo_index_find.COLUMN)."""
    img = np.ascontiguousarray(np.rot90(_covered_joker("four-colour", cover_from), turns))
    named = {str(r.card) for r in read_photo(img) if r.card is not None}
    assert named <= {"Jk"}, named


def test_no_index_is_found_inside_a_column_of_letters() -> None:
    """Issue 4 (still photos): of the four-colour joker's JOKER, letter over letter, only
    the column's ends can pass for a rank over a suit (nothing in line past them); the
    O, the K and the E, each with a letter in line above and below, are no index's rank."""
    from vision.photo_index_find import find_indexes

    table = _covered_joker("four-colour", 600)  # nothing over it
    on_face = [i.rank - (200, 90) for i in find_indexes(table)]
    letters = [r for r in on_face if r[0] < 70 and r[1] < 200]  # its top-left JOKER
    assert letters, "the column's first letter is still found, as the joker's index"
    # on the face, J's centre lies 32 px down, O 61, K 90, E 119, R 148
    assert all(not 50 < y < 135 for _, y in letters), letters


@pytest.mark.skipif(not (CARDS_DEV / "images").exists(), reason="cards-dev not available")
def test_only_a_card_shaped_outline_has_a_middle_that_is_its_print() -> None:
    """Issue 4 (still photos; cards-dev's Ad lying over a 9h, cropped): a pip's outline
    is a narrow trapezoid, every side on a real edge, whose surrounding rectangle has a
    card's proportions. Its "middle" held the Ad's index, and the Ad was not found: only
    an outline shaped like a card (photo_places.card_like) is a card whose middle is its own."""
    found = read_photo(load_image(CARDS_DEV / "images" / "edje_test_IMG_2598_card2.jpg"))
    assert [str(c.card) for c in found if c.card is not None] == ["Ad"]


def test_bridge_size_cards_are_drawn_and_placed_narrower() -> None:
    """Issue 4 (the benchmark's bridge-size row): a bridge card is 57 x 88 mm; its true
    corners are those of the face drawn, and a width no card has is refused."""
    from vision.table_photo import BRIDGE

    def aspect(width: float) -> float:  # one seed: the same slant and the same camera
        _, truth = table_photo([Card("Ah")], "standard", seed=3, width=width)
        corners = np.array(truth[0][1])
        return float(np.linalg.norm(corners[3] - corners[0])
                     / np.linalg.norm(corners[1] - corners[0]))

    assert aspect(BRIDGE) / aspect(1.0) == pytest.approx(63 / 57, rel=0.01)
    with pytest.raises(ValueError, match="share of a poker card's width"):
        table_photo([Card("Ah")], "standard", width=0.0)


@pytest.mark.parametrize("cards,style,seed", [
    ("4d", "four-colour", 2752),
    ("Jc Td Tc 2h", "nicu-ornamental", 2750),
])
def test_a_bridge_size_card_at_a_slant_is_found(cards: str, style: str, seed: int) -> None:
    """Issue 4, photo Done-when line (any rotation, some perspective; a home game's deck
    may be bridge size): a bridge card (57 x 88 mm) seen at a slant is longer for its
    width (1.69 and 1.73 here) than any poker card's outline (photo_find.ASPECT_RANGE
    ends at 1.65), and was not found. Such a long outline is tried last, and kept only
    when it names a card (photo_find.LONG): a poker card covered along its length leaves
    one too. The bench's bridge-size row, photos 26 and 24."""
    from vision.table_photo import BRIDGE

    hand = parse_cards(cards)
    img, truth = table_photo(hand, style, seed=seed, width=BRIDGE)
    found = read_photo(img)
    assert sorted(str(c.card) for c in found) == sorted(str(c) for c in hand)
    for card, corners in truth:
        (read,) = [c for c in found if c.card is card]
        assert _near(read.corners, corners, 0.15 * np.linalg.norm(
            np.array(corners[2]) - np.array(corners[0])))


def test_a_card_placed_from_its_index_over_the_bare_table_is_not_named() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. A ceiling light's
    reflection (glare) over a four-colour 2d's index corner left the 2d's outline
    unread; its big centre "2 diamond" was then paired as an index and a card placed
    from it out over the felt was read as a sure Qd, a card nobody held. A card placed
    from its index lies on paper (its own, or the cards over it): one mostly over the
    bare table is no card (photo.PLACED_PAPER)."""
    from vision.table_photo import glare, index_spot

    cards = parse_cards("2d 4d Jc")
    img, truth = table_photo(cards, "four-colour", seed=51053, harsh=True,
                             card_height=(150.0, 300.0))
    centre = index_spot(truth[0][1], far=True)  # the 2d, glare by its far index corner
    img = glare(img, (float(centre[0]), float(centre[1])), (32.5, 20.2), 2.866, 0.739)
    named = {str(r.card) for r in read_photo(img) if r.card is not None}
    assert named <= {"2d", "4d", "Jc"}, named
    assert named >= {"4d", "Jc"}


def test_a_joker_with_glare_on_its_letters_is_no_club_king() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong (the bench's glare
    row, photo 26). Glare washed out the J and the O of a four-colour joker's JOKER,
    leaving its K over its E with only the R past them: one letter of the word's colour
    a step past the suit is enough to make the two letters, not an index
    (photo_index_find.SPACING)."""
    from vision.table_photo import glare

    cards = parse_cards("Js Jk 5c Qc")  # the 5c finds no room on the table
    img, truth = table_photo(cards, "four-colour", seed=2026 + 800 + 26)
    img = glare(img, (788.45, 204.57), (28.32, 31.32), 0.0587, 0.7866)
    named = {str(r.card) for r in read_photo(img) if r.card is not None}
    assert named <= {str(c) for c, _ in truth}, named


def test_a_dim_photo_is_read_brightened() -> None:
    """Issue 4, photo Done-when line (a phone photo, a webcam frame): a photo whose
    paper shows as dark grey (a third of its brightness, and a dim sensor's noise) is
    read as a camera's automatic exposure would show it (photo.exposed). Read as it
    was, three of these five cards were found nowhere: the finder's levels and its
    paper tests are set for paper that looks like paper."""
    cards = parse_cards("8d 7s 7c Tc 4d")
    img, _ = table_photo(cards, "four-colour", seed=64065, harsh=True,
                         card_height=(150.0, 300.0))
    found = read_photo(dimmed(img, 0.32, 6.0, 1))
    named = [str(r.card) for r in found if r.card is not None]
    assert len(set(named)) == len(named) and set(named) <= {str(c) for c in cards}, named
    assert len(named) >= 4, named  # (its 7c, 120 px tall, may stay unread)


def test_a_dim_photos_noise_makes_no_index_look_sharp() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. A photo at 29% of
    its brightness is brightened 3.5 times, and its sensor's noise with it: steep
    enough that the blur check saw the four-colour Qd's index, 100 px wide and soft,
    as sharp, and its small blue diamond was read as a spade (Qs, 0.98). Smoothed after
    brightening (photo.exposed), as a camera would, it reads as the Qd it is."""
    cards = parse_cards("Qd 5d")
    img, truth = table_photo(cards, "four-colour", seed=3155, harsh=True,
                             card_height=(150.0, 300.0))
    found = read_photo(dimmed(img, 0.2884071335422419, 5.194602225461345, 7014067))
    named = [str(r.card) for r in found if r.card is not None]
    assert "Qs" not in named and set(named) <= {"Qd", "5d"}, named
    for card, corners in truth:
        near = [r for r in found if np.linalg.norm(
            np.mean(r.corners, axis=0) - np.mean(corners, axis=0)) < 40]
        assert [str(r.card) for r in near] == [str(card)], (str(card), near)


@pytest.mark.parametrize("cards,style,seed,length,angle", [
    ("6c Tc 2d", "tango", 65055, 10, 62.0152),  # the Tc was named Ts
    ("6h 4s 8s 6c 7s", "four-colour", 65050, 8, 104.0803),  # the 8s was named Ts
])
def test_a_shaken_photo_names_no_card_wrongly(cards: str, style: str, seed: int,
                                              length: int, angle: float) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. A camera moved while
    the photo was taken smears each index one way; its edges along the smear stay
    sharp, so the blur check read the index as sharp (photo_card.edge_width) and a card
    was named as another of its rank or colour. An index smeared one way is judged by
    its edges across the smear: too smeared, it is left unread."""
    img, truth = table_photo(parse_cards(cards), style, seed=seed)
    found = read_photo(shaken(img, length, angle))
    named = [str(r.card) for r in found if r.card is not None]
    assert set(named) <= {str(c) for c, _ in truth}, named


def test_a_shaken_cards_corners_are_judged_alike() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. A phone-like photo
    taken as the camera moved 5 px: a small four-colour 9h's index smeared to a blob,
    its edges 1.45 and 1.43 times wider one way than another on its two corners. The
    first was judged smeared (across the smear, 12.3 canonical px: too blurred to name
    on the glyphs' word), the second by all its edges (7.9, under BLUR_NET), and the
    glyphs of both named it a Th (0.97, 0.99). The camera moved for the whole card:
    when one corner is smeared, both are judged across the smear, and the 9h is left
    unread; the other cards are still read."""
    img, truth = table_photo(parse_cards("3s 6c 9h 9d 8s"), "four-colour", seed=8017,
                             harsh=True, card_height=(150.0, 300.0))
    found = read_photo(shaken(img, 5, 101.91))
    named = [str(r.card) for r in found if r.card is not None]
    assert set(named) <= {str(c) for c, _ in truth}, named
    assert {"3s", "6c", "9d"} <= set(named)


@pytest.mark.parametrize("cards,seed,bend", [
    ("Th Kc 7h", 36, 10.0),  # the Th was named Ah
])
def test_a_bowed_ten_whose_one_the_outline_cuts_is_named_no_ace(cards: str, seed: int,
                                                                 bend: float) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. Cards not lying flat
    (vision.table_photo.bowed): a tango ten's outline, fitted to its bent edges, fell a
    little inside the card and cut the ten's "1" to a stub, which, joined to the "0",
    the glyph models read as a sure ace (0.99). A rank glyph whose ink runs on off the
    card image (photo_card.runs_off) is read only when the corner network names its
    rank too."""
    img, _truth = table_photo(parse_cards(cards), "tango", seed=seed,
                              card_height=(200.0, 300.0))
    found = read_photo(bowed(img, bend, seed=seed))
    named = [str(r.card) for r in found if r.card is not None]
    assert set(named) <= set(cards.split()), named
    assert len(named) >= 2, named  # the cards whose outlines fit are still read


@pytest.mark.parametrize("style,cards,seed,bend", [
    # (the bench's bowed row, photos 25 and 27, bent as there)
    ("nicu-ornamental", "6d 4h 7h 3d", 3650, 8.998094277344936),  # 4h named Ah by the glyphs
    ("four-colour", "Ts 8h Qh 4s", 3652, 10.800123028389098),  # 4s named As by the network
])
def test_a_bowed_four_is_named_no_ace(style: str, cards: str, seed: int, bend: float) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. Cards not lying flat
    (the bench's bowed row, photos 25 and 27): a closed 4, bent, and a small blurred 4
    were named aces. An ace stands on two feet; a card named an ace whose rank glyph's
    bottom rows have no left foot, only a 4's stem, is not named (vision.rank_shape)."""
    img, _truth = table_photo(parse_cards(cards), style, seed=seed, card_height=(200.0, 300.0))
    found = read_photo(bowed(img, bend, seed=seed))
    named = [str(r.card) for r in found if r.card is not None]
    assert set(named) <= set(cards.split()), named
    assert len(named) >= 2, named  # the cards whose outlines fit are still read


def test_an_overexposed_ace_whose_thin_stroke_faded_is_named_no_king() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. The bench's
    overexposed row, photo 21 (brightened 1.67 times and clipped): a four-colour Ac
    whose thin left stroke faded away was named Kc by both glyph corners (0.83, 0.88).
    A king stands on its stem; a card named a king whose rank glyph has no left foot
    at any ink level of either corner is not named (vision.rank_shape)."""
    img, _truth = table_photo(parse_cards("Kd Ac 9s"), "four-colour", seed=3546,
                              card_height=(200.0, 300.0))
    bright = np.clip(img.astype(np.float32) * 1.6700177687685918, 0, 255).astype(np.uint8)
    named = [str(r.card) for r in read_photo(bright) if r.card is not None]
    assert set(named) <= {"Kd", "Ac", "9s"}, named
    assert {"Kd", "9s"} <= set(named), named  # the true king is still read


def test_a_king_read_through_a_slanting_outline_keeps_its_stem() -> None:
    """Issue 4, photo Done-when line: at least 97% read. The bench's piles row, photo 13:
    a Kh whose outline slants its index, so that its stem starts 0.16 of the glyph's
    width in at the bottom. The king's stem witness allows for a lean
    (vision.rank_shape.STEMLESS): the Kh is read where it lies."""
    img, truth = pile_photo(parse_cards("As Jk 2h Kh 8d Jh"), "nicu-ornamental", seed=2038,
                            card_height=232.93216031284175)
    where = np.mean(next(w for c, w in truth if str(c) == "Kh"), axis=0)
    kings = [r for r in read_photo(img) if str(r.card) == "Kh"]
    assert [np.linalg.norm(np.mean(r.corners, axis=0) - where) < 60 for r in kings] == [True]


def test_a_card_whose_index_is_smeared_away_lends_no_index_from_its_middle() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. In a phone-like photo
    taken as the camera moved 7 px, a four-colour 2d's outline was found, but the smear
    took its paper margin and its small indexes: the group's outline read was a strip of
    the card with no index on it, and the group was dropped as "no face-up card". Its
    big centre "2" and diamond, side by side, were then placed as an index, the "2" on
    its side, and read as a sure Qd (0.999). An outline whole in view and card-shaped,
    though no index was found on it, is a card's: its middle is no card's index. (The
    As, smeared past BLUR_NET, is named only when the corner network reads it too; the
    networks fitted in session 43 read its black spade, smeared, as the four-colour
    deck's club, 0.5 to 0.7, and it is left unread.) Since the network reads the blue
    diamond by its shape (no negative redness, vision.photo_cnn), the 2d is read right,
    by its own outline's smeared index corners: named there, it is named as the whole
    card."""
    cards = parse_cards("4h 3s As 2d")
    img, truth = table_photo(cards, "four-colour", seed=3031, harsh=True,
                             card_height=(150.0, 300.0))
    found = read_photo(shaken(img, 7, 94.72113831343019))
    named = [str(r.card) for r in found if r.card is not None]
    assert set(named) <= {str(c) for c in cards}, named
    two = np.float32(dict((str(c), w) for c, w in truth)["2d"])
    near = [r for r in found if r.card is not None
            and np.linalg.norm(np.mean(r.corners, axis=0) - two.mean(axis=0)) < 100]
    assert all(str(r.card) == "2d"
               and cv2.contourArea(np.float32(r.corners)) > 0.8 * cv2.contourArea(two)
               for r in near), near
    assert "4h" in named, named  # the sharpest card is still read


@pytest.mark.parametrize("style,dealt,seed,harsh", [
    # a checkerboard back: one corner's squares were a sure Tc
    ("simplistic", [None, None, "Qs", None, None, "4d"], 4006, False),
    # a back printed with a fan of four aces: its As, whole on the back, was read
    ("nicu-white", ["Qh", "6s", "9d", None, None], 4024, False),
    # ... and in a phone-like photo its Ac, the back's outline placed around it
    ("nicu-white", ["9s", None, "Td"], 4013, True),
])
def test_cards_face_down_on_the_table_name_no_card(style: str, dealt: list[str | None],
                                                   seed: int, harsh: bool) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong (a phantom counts).
    A showdown photo shows folded hands and the deck face down beside the cards turned
    up. A back's pattern is no index: the network reading both corners as no index
    stops one sure glyph corner (vision.photo_card.decide), and a card wholly on a card
    whole in view with no index is a picture printed on it (vision.photo._printed_on).
    The cards face up are still read."""
    cards = [None if c is None else Card(c) for c in dealt]
    img, truth = table_photo(cards, style, seed=seed, harsh=harsh,
                             card_height=(150.0, 300.0) if harsh else (200.0, 300.0))
    named = [str(r.card) for r in read_photo(img) if r.card is not None]
    up = [c for c in dealt if c is not None]
    assert sorted(named) == sorted(up), named
    assert len(truth) == len(up)


@pytest.mark.parametrize("style,dealt,seed,harsh,named", [
    # a Dutch jack's B read as an 8h, its queen's V as a Td
    ("dutch-letters", "Jh Qs Kd Tc", 3, False, ["Tc"]),
    # a German jack's B, in a phone-like photo, as an 8s
    ("german-letters", "Js 8d Qc Ah", 5, True, ["8d", "Ah"]),
    # a Russian jack's В as an 8d
    ("russian-letters", "Jd 8c Ks", 7, False, ["8c", "Ks"]),
    # a Polish jack's W as a 10 (the network reading it as one on one corner), another
    # in a phone-like photo as an 8
    ("polish-letters", "Js Kd 5h", 13, False, ["Kd", "5h"]),
    ("polish-letters", "Jh Jc Ad", 14, True, ["Ad"]),
])
def test_a_deck_lettered_in_another_language_names_no_court_card_wrong(
        style: str, dealt: str, seed: int, harsh: bool, named: list[str]) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on printed decks never
    seen. A German or Dutch jack is printed B, a Dutch queen V and king H, a Russian
    jack В, a Polish one W (vision.owndecks.LETTERS): letters no model was shown, read
    surely as the ranks they look like. A glyph read as a 10 or an 8 with no counter in
    it (unless the corner network reads it so on both corners), or as an 8 with a
    stem's square corners, names no card (vision.rank_shape); the cards whose letters
    are the English ones (a K, an A) and the number cards are still read."""
    img, _ = table_photo(parse_cards(dealt), style, seed=seed, harsh=harsh,
                         card_height=(150.0, 300.0) if harsh else (200.0, 300.0))
    assert sorted(str(r.card) for r in read_photo(img) if r.card is not None) == sorted(named)


@pytest.mark.parametrize("style,dealt,seed,harsh,named", [
    # a Russian queen's Д read as an Ac, its ace's Т as a 7h
    ("russian-letters", "Qc Ah 6h", 112, False, ["6h"]),
    # two aces' Т, in a phone-like photo, as a 7c and a 7s
    ("russian-letters", "Ac As 4h", 113, True, ["4h"]),
    # a Swedish ace's E read as a 6s
    ("swedish-letters", "As Qc Kd 2h", 212, False, ["2h"]),
    # a Swedish queen's D, in a phone-like photo, as a 6s
    ("swedish-letters", "Qc Qs Kh 3d", 213, True, ["3d", "Kh"]),
    # a Swedish jack's "Kn", its "K" parted from its "n", as a Kc; in a phone-like
    # photo as a Kd
    ("swedish-letters", "Kh Jc 4h", 200, False, ["4h", "Kh"]),
    ("swedish-letters", "Ks Jd 6s", 201, True, ["6s", "Ks"]),
])
def test_a_russian_or_swedish_deck_names_no_letter_as_the_rank_it_looks_like(
        style: str, dealt: str, seed: int, harsh: bool, named: list[str]) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on printed decks never
    seen. A Russian deck prints its queen Д and its ace Т, a Swedish one its queen D and
    its ace E (vision.owndecks.LETTERS); the glyph models and the corner network, shown
    no letters, read them surely as an A, a 7, a 6. The letter model (vision.letters),
    trained on such letters in every installed typeface but these decks' DejaVu, calls
    them letters, and no card is named for them. A Swedish jack's "Kn" parted into its
    "K" and its "n" is read as a king; a rank glyph with a lowercase letter beside it
    begins a word (vision.rank_shape.begins_a_word). The number cards and the kings are
    still read."""
    img, _ = table_photo(parse_cards(dealt), style, seed=seed, harsh=harsh,
                         card_height=(150.0, 300.0) if harsh else (200.0, 300.0))
    assert sorted(str(r.card) for r in read_photo(img) if r.card is not None) == sorted(named)


def test_an_out_of_focus_ten_whose_zero_closed_is_named_when_the_network_reads_it() -> None:
    """Issue 4, photo Done-when line: at least 97% read. Blur fills a small 10's "0": a
    standard Th out of focus, its glyph one piece with no counter at every ink level, is
    still named, since the corner network reads it as the Th on both corners
    (vision.photo_card.NET_COUNTER); a V or an H it reads as no 10."""
    img, _ = table_photo(parse_cards("Th Ts"), "standard", seed=9006, harsh=True,
                         card_height=(150.0, 300.0))
    found = read_photo(cv2.GaussianBlur(img, (0, 0), 2.0))
    assert sorted(str(r.card) for r in found if r.card is not None) == ["Th", "Ts"]


def test_a_small_blurred_ten_is_two_pieces_though_its_zero_closed() -> None:
    """Issue 4, photo Done-when line: at least 97% read. The bench's phone-like photo 30
    of the held-out four-colour deck: its Th's blurred "0" encloses a counter only 0.1 to
    0.18 deep, and the network does not read it; its "1" and "0" are two pieces, which
    no V or H is, so it is still named (vision.rank_shape.no_counter)."""
    img, _ = table_photo(parse_cards("Th 3c Tc"), "four-colour", seed=2055, harsh=True,
                         card_height=(150.0, 300.0))
    assert sorted(str(r.card) for r in read_photo(img) if r.card is not None) == [
        "3c", "Tc", "Th"]


def test_an_overexposed_eight_whose_waist_faded_is_named_no_ten() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. A photo brightened
    2.5 times and clipped (a webcam exposing for a dark table): a four-colour 8c's thin
    waist and the inner curves of its loops faded away, and the glyph models named the
    two brackets left a Tc on both corners (0.98, 0.87). Parted at a pale ink level,
    where the faded strokes are ink again, the index reads as a sure 8 (0.95 to 1.0):
    another rank read so twice or more names no card (vision.photo_card.faded). The 4d
    beside it, its thin slant and bar faded to a speck, was read Jd by the glyph models
    (0.9 and 0.6) and the network (once it read the deck's blue ink by its shape, no
    longer vetoing): the corner under AGREE read 4d at a pale level (0.77), and
    another rank read so once on such a corner names no card either."""
    img, _truth = table_photo(parse_cards("Jc 4s 4d 8c"), "four-colour", seed=5110,
                              card_height=(200.0, 300.0))
    bright = np.clip(img.astype(np.float32) * 2.489076729708672, 0, 255).astype(np.uint8)
    named = [str(r.card) for r in read_photo(bright) if r.card is not None]
    assert set(named) <= {"Jc", "4s", "4d", "8c"}, named
    assert "Jc" in named, named  # the jack, its thin hook faded too, is still read


def test_a_faded_four_read_as_a_jack_at_one_ink_level_only_is_named_no_jack() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. The bench's
    overexposed row (seed 5150, photo 17, phone-like, brightened 2.14 times): a
    four-colour 4s's slant and bar faded to a speck. One corner's glyphs read a J at one
    ink level and a 4 at another (0.59, 0.70), the other corner a J (0.80), and the
    corner network a J on both (0.55): named Js. Ink levels reading two ranks make no
    reading and a clash (vision.photo_card._read_levels), so the network may not name
    the card on that corner's say."""
    img, _truth = table_photo(parse_cards("2d Kc 4s 5c 2c"), "four-colour", seed=6667,
                              harsh=True, card_height=(150.0, 300.0))
    bright = np.clip(img.astype(np.float32) * 2.1371000943335274, 0, 255).astype(np.uint8)
    named = [str(r.card) for r in read_photo(bright) if r.card is not None]
    assert set(named) <= {"2d", "Kc", "4s", "5c", "2c"}, named
    assert "Kc" in named, named  # the king, whole, is still read


def test_a_five_whose_corners_disagree_is_not_named_by_the_network_as_a_three() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. The bench's main
    held-out row (seed 5150, photo 77, phone-like): a small blurred four-colour 5h, its
    top bar faint, read 5h (0.96) and 3h (0.57) by its two corners' glyphs and 3h by the
    corner network on both (0.83, 0.85), was named 3h. Contradicting glyph corners leave
    the network to name the card alone, but never a rank a corner's glyphs read
    otherwise AGREE-surely (vision.photo_card._second_reading)."""
    img, _truth = table_photo(parse_cards("6h Qh 8s 5h"), "four-colour", seed=5227,
                              harsh=True, card_height=(150.0, 300.0))
    named = [str(r.card) for r in read_photo(img) if r.card is not None]
    assert set(named) <= {"6h", "Qh", "8s", "5h"}, named
    assert {"6h", "Qh", "8s"} <= set(named), named


def test_a_leaning_ten_whose_zero_faded_is_named_no_seven() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong. In an overexposed
    phone-like photo (brightened 2.7 times, a pale table), a four-colour Th's outline was
    found wrong, so that its index leaned, and its "0" faded: the leaning "1" alone was
    named a 7 by one sure glyph corner (0.999). A 7 has a bar across its top; a glyph
    whose top rows span less than SEVEN_BAR of its width at every ink level is no 7
    (vision.rank_shape.top_bar)."""
    img, _truth = table_photo(parse_cards("Tc Th Ts Kh"), "four-colour", seed=6523,
                              harsh=True, card_height=(150.0, 300.0))
    bright = np.clip(img.astype(np.float32) * 2.7366845753317133, 0, 255).astype(np.uint8)
    named = [str(r.card) for r in read_photo(bright) if r.card is not None]
    assert set(named) <= {"Tc", "Th", "Ts", "Kh"}, named
    assert {"Tc", "Ts", "Kh"} <= set(named), named
