"""One reading per card on a still photo (issue 4, "Still photos": never a wrong card):
outlines that are not a card's own must not name one. Real OpenCV on rendered photos."""

from __future__ import annotations

import cv2
import numpy as np

from controller.cards import JOKER, Card
from vision.decks import CARD_H, CARD_W, STYLES, render_face
from vision.photo import THRESHOLD, Reading, _by_index, _Fit, _one_per_card, read_photo
from vision.photo_model import photo_reader
from vision.table_photo import table_photo

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
    assert [r.card for r, _ in _by_index(img, [], clf, THRESHOLD, fit.edges, [])] == [Card("Jc")]
    assert _by_index(img, [], clf, THRESHOLD, fit.edges, [CARD]) == []


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
    kept = _one_per_card(found, fit.edges, outlined=[CARD, oversize])
    assert [r.card for r, _ in kept] == [Card("Jc"), None]
    bigger_alone = _one_per_card([(Reading(Card("Qh"), 0.98), oversize)], fit.edges,
                                 outlined=[oversize])
    assert [r.card for r, _ in bigger_alone] == [Card("Qh")]  # nothing to compare it with
    # the whole card placed from its index (not read by its outline) sets no card size
    # (a webcam Ts's index-placed quarter, snapped onto its pips, blanked its outline)
    placed = _one_per_card(found, fit.edges, outlined=[oversize])
    assert [r.card for r, _ in placed] == [Card("Jc"), Card("Qh")]


def test_a_joker_lying_on_a_table_is_still_read() -> None:
    """A joker read through an outline that paper runs on past is a court card's picture
    frame (``_picture_joker``); a joker lying on a table, its outline the card's own, is
    still named."""
    img, truth = table_photo([JOKER, Card("Qd")], "nicu-white", seed=0)
    assert len(truth) == 2
    assert sorted(str(c.card) for c in read_photo(img)) == sorted(str(c) for c, _ in truth)
