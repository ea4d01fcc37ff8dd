"""One reading per card on a still photo (issue 4, "Still photos": never a wrong card):
outlines that are not a card's own must not name one. Real OpenCV on rendered photos."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from controller.cards import JOKER, Card
from vision.decks import CARD_H, CARD_W, STYLES, render_face
from vision.photo import THRESHOLD, Reading, _Fit, read_photo
from vision.photo_by_index import _IndexRead, _unname_pips, by_index
from vision.photo_index_find import Index
from vision.photo_model import photo_reader
from vision.photo_places import one_per_card
from vision.table_photo import pile_photo, table_photo

CARD = np.array([[200, 60], [420, 100], [370, 400], [150, 360]], np.float32)


def _jack_on_a_table() -> np.ndarray:
    """A Jc lying whole in view on a plain table, its four edges all clear."""
    face = render_face(STYLES["standard"], Card("Jc"))
    full = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    warped = cv2.warpPerspective(face, cv2.getPerspectiveTransform(full, CARD), (640, 480),
                                 flags=cv2.INTER_AREA)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    table = np.full((480, 640, 3), 70, np.float32)
    return (warped[:, :, :3] * alpha + table * (1 - alpha)).astype(np.uint8)


def test_ink_inside_a_card_whole_in_view_is_not_looked_at_as_another_index() -> None:
    """A card read through an outline whose every side is a real edge is that card even
    when its margin is not paper (a webcam's pink cast): the indexes inside it are its
    own, so none is reported as a card of its own (a webcam Jc's own index, and a mark
    in its picture read 7c, were reported beside it)."""
    img = _jack_on_a_table()
    fit, clf = _Fit(img), photo_reader()
    assert [r.card for r, _ in by_index(img, [], clf, THRESHOLD, fit.edges, [])] == [Card("Jc")]
    assert by_index(img, [], clf, THRESHOLD, fit.edges, [CARD]) == []


def test_an_outline_far_bigger_than_a_card_whole_in_view_names_no_card() -> None:
    """The cards of one photo are of one size: an outline twice a whole card's area that
    is not on real edges all round spans a card, another over it and table (a Qh's
    index read through an outline across the 9h lying on it placed the Qh on the 9h).
    It is reported unread, and the whole card stays named."""
    img = _jack_on_a_table()
    fit = _Fit(img)
    centre = CARD.mean(axis=0) + np.array([120, 0], np.float32)
    oversize = (centre + (CARD - CARD.mean(axis=0)) * 1.5).astype(np.float32)
    found = [(Reading(Card("Jc"), 0.99), CARD), (Reading(Card("Qh"), 0.98), oversize)]
    kept = one_per_card(found, fit.edges, outlined=[CARD, oversize])
    assert [r.card for r, _ in kept] == [Card("Jc"), None]
    bigger_alone = one_per_card([(Reading(Card("Qh"), 0.98), oversize)], fit.edges,
                                 outlined=[oversize])
    assert [r.card for r, _ in bigger_alone] == [Card("Qh")]  # nothing to compare it with
    # the whole card placed from its index (not read by its outline) sets no card size
    # (a webcam Ts's index-placed quarter, snapped onto its pips, blanked its outline)
    placed = one_per_card(found, fit.edges, outlined=[oversize])
    assert [r.card for r, _ in placed] == [Card("Jc"), Card("Qh")]


def test_a_joker_lying_on_a_table_is_still_read() -> None:
    """A joker read through an outline that paper runs on past is a court card's picture
    frame (``_picture_joker``); a joker lying on a table, its outline the card's own, is
    still named."""
    img, truth = table_photo([JOKER, Card("Qd")], "nicu-white", seed=0)
    assert len(truth) == 2
    assert sorted(str(c.card) for c in read_photo(img)) == sorted(str(c) for c, _ in truth)


def _index_read(x: float, y: float, step: float, card: str, card_at: tuple[float, float]
                ) -> _IndexRead:
    """An index corner at (x, y), ``step`` px from rank to suit, read as ``card`` and
    placed as an upright card 63 x 88 px with its top-left corner at ``card_at``."""
    down, right = np.array([0, 1], np.float32), np.array([1, 0], np.float32)
    idx = Index(np.array([x, y], np.float32), down, right,
                np.array([x - 3, y - 3], np.float32), step)
    cx, cy = card_at
    quad = np.array([[cx, cy], [cx + 63, cy], [cx + 63, cy + 88], [cx, cy + 88]], np.float32)
    return _IndexRead(idx, Reading(Card(card), 0.999), None, quad)


def test_of_two_indexes_each_lying_on_the_others_card_the_bigger_print_is_no_index() -> None:
    """Two flat cards cannot each lie over the other, so two cards read by their indexes,
    each index well inside the other card, are one card's index and a pair of its pips
    (printed bigger): a real 9s's two spade pips were read as the 9c beside its own
    index (cards-dev IMG_2452, a card named that is not on the table)."""
    index = _index_read(10, 10, 8.0, "9s", (7, 7))
    pips = _index_read(30, 50, 14.0, "9c", (0, 0))
    _unname_pips([index, pips])
    assert (index.reading.card, pips.reading.card) == (Card("9s"), None)
    # two indexes printed alike are two cards' (one placed too big reaches the other)
    index, placed_too_big = _index_read(10, 10, 8.0, "9s", (7, 7)), \
        _index_read(30, 50, 8.5, "Td", (0, 0))
    _unname_pips([index, placed_too_big])
    assert (index.reading.card, placed_too_big.reading.card) == (Card("9s"), Card("Td"))
    # two cards near each other, neither index on the other's card (the first placed a
    # third too small): a print half again bigger naming another card is no index
    index, pips = _index_read(10, 10, 8.0, "Ts", (7, 7)), _index_read(60, 5, 13.0, "4s", (80, 0))
    _unname_pips([index, pips])
    assert (index.reading.card, pips.reading.card) == (Card("Ts"), None)
    # a fanned hand: each card over the one before, its index on the card below it and
    # the card below's index in view beside it: both stay
    under, over = _index_read(10, 10, 8.0, "9s", (7, 7)), _index_read(40, 12, 8.0, "Kd", (37, 9))
    _unname_pips([under, over])
    assert (under.reading.card, over.reading.card) == (Card("9s"), Card("Kd"))


def test_a_pip_cards_pips_printed_far_bigger_than_an_index_are_not_read_as_one() -> None:
    """An index is small for its card (a jumbo index's rank-to-suit distance is a
    quarter of the card's width): two of a half-covered 7c's clubs, a card width apart,
    were read as the 4c in a pile of training-style cards, a card named that is not on
    the table (issue 4, "never a wrong one")."""
    hand = [Card("Qs"), Card("7c"), Card("2h"), Card("4s")]
    img, _ = pile_photo(hand, "dondorf", seed=9, card_height=205.8)
    named = {c.card for c in read_photo(img) if c.card is not None}
    assert named and named <= set(hand)


def _index_only_in_view(style: str, card: Card) -> np.ndarray:
    """A card on a plain table with something lying over all of it but its index corner
    (nothing on the photo gives the card size)."""
    face = render_face(STYLES[style], card)
    full = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    warped = cv2.warpPerspective(face, cv2.getPerspectiveTransform(full, CARD), (640, 480),
                                 flags=cv2.INTER_AREA)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    img = (warped[:, :, :3] * alpha + 70 * (1 - alpha)).astype(np.uint8)
    across, down = CARD[1] - CARD[0], CARD[3] - CARD[0]
    cover = [(0.3, -0.1), (1.4, -0.1), (1.4, 1.2), (-0.2, 1.2), (-0.2, 0.32), (0.3, 0.32)]
    cv2.fillPoly(img, [np.array([CARD[0] + a * across + d * down for a, d in cover], np.int32)],
                 (35, 45, 120))
    return img


@pytest.mark.parametrize("card", [Card("9d"), Card("Kc")])
def test_a_card_read_by_its_index_at_an_unread_outlines_corner_is_that_outline(card: Card
                                                                               ) -> None:
    """Issue 4 (still photos: cards-dev's 2477 Qs, its outline found but not read and its
    index read alone): with no card size known on the photo, an index is placed at a
    usual index-to-card ratio, the jumbo one first, a third smaller than a usual card;
    the card's own outline, unread, then stayed beside it as a second card, unread, and
    the card was scored unread. An index at the corner of an outline found and unread is
    that outline's card: it is placed at the outline's size."""
    img = _index_only_in_view("dondorf", card)
    fit = _Fit(img)
    alone = by_index(img, [], photo_reader(), THRESHOLD, fit.edges, [])
    found = by_index(img, [], photo_reader(), THRESHOLD, fit.edges, [], unread=[CARD])
    assert [r.card for r, _ in found] == [r.card for r, _ in alone] == [card]
    width = float(np.linalg.norm(CARD[1] - CARD[0]))
    assert float(np.linalg.norm(alone[0][1][1] - alone[0][1][0])) < 0.8 * width
    placed = found[0][1]
    assert max(float(np.linalg.norm(placed[i] - CARD[i])) for i in range(4)) < 0.05 * width


def test_a_card_placed_at_a_guessed_size_is_judged_by_its_index() -> None:
    """Issue 4 (still photos: cards-dev's 2611_card2 9d, only its index corner in view on
    a small photo): a card placed from its index with nothing on the photo giving its
    size is placed at the jumbo index-to-card ratio, a third smaller than a usual card,
    and read again enlarged it was unnamed as too small to read. Such a card reports the
    size a usual card with its index has (``index_side``), which is what its index's
    legibility is judged by; a card read through its own outline reports none."""
    covered = read_photo(_index_only_in_view("dondorf", Card("9d")))
    assert [c.card for c in covered] == [Card("9d")]
    placed = np.array(covered[0].corners)
    long_side = float(np.linalg.norm(CARD[3] - CARD[0]))
    assert float(np.linalg.norm(placed[3] - placed[0])) < 0.8 * long_side
    assert covered[0].index_side is not None
    assert abs(covered[0].index_side / long_side - 1) < 0.2
    (whole,) = read_photo(_jack_on_a_table())
    assert whole.card is Card("Jc") and whole.index_side is None
