"""Index segmentation of a shoe corner (issue 4, "Shoe reader": read rank and suit from
the index; DESIGN.md "Vision": CardUnreadable rather than a guess).

A corner crop is cut a few pixels outside the card, so it holds the dark shoe beyond the
card's edge and rounded corner. An index printed close to them (the "1" of a ten) must
not be joined to that dark ground, or the "0" alone is read (as a Q or a 6).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.corner import CORNER_H, CORNER_W, find_index


def _corner(edge: int, radius: int, one_x: int) -> np.ndarray:
    """A grey canonical corner: shoe (dark) beyond a card whose edge is ``edge`` px in
    with a rounded corner, and a ten ("1" at ``one_x``, then "0") over a suit."""
    img = np.full((CORNER_H, CORNER_W), 30, np.uint8)
    paper = np.zeros_like(img)
    cv2.rectangle(paper, (edge + radius, edge), (CORNER_W, CORNER_H), 1, -1)
    cv2.rectangle(paper, (edge, edge + radius), (CORNER_W, CORNER_H), 1, -1)
    cv2.circle(paper, (edge + radius, edge + radius), radius, 1, -1)
    img[paper > 0] = 235
    # the "1": an outlined (hollow) bar whose top-left touches the rounded corner
    cv2.rectangle(img, (one_x, edge + 10), (one_x + 12, edge + 62), 20, 3)
    cv2.ellipse(img, (one_x + 36, edge + 36), (14, 26), 0, 0, 360, 20, 8)  # the "0"
    cv2.circle(img, (one_x + 22, edge + 100), 16, 20, -1)  # a suit
    return cv2.GaussianBlur(img, (0, 0), 1.2)


def test_ten_touching_the_rounded_corner_keeps_both_digits() -> None:
    corner = _corner(edge=9, radius=16, one_x=10)
    glyphs = find_index(corner, measure_edge=True)
    assert glyphs is not None
    x, _y, w, _h = glyphs.rank_box
    # the rank glyph runs from the "1" to the end of the "0"
    assert x <= 12 and x + w >= 10 + 36 + 14 - 2
    # the fixed strip alone joins the "1" to the shoe beyond the corner: only the "0" is left
    plain = find_index(corner)
    assert plain is None or plain.rank_box[0] > 20


def test_measured_edge_changes_nothing_for_an_index_clear_of_the_edge() -> None:
    corner = _corner(edge=4, radius=10, one_x=22)
    a, b = find_index(corner, measure_edge=True), find_index(corner)
    assert a is not None and b is not None
    assert a.rank_box == b.rank_box and a.suit_box == b.suit_box
    assert np.array_equal(a.rank_features, b.rank_features)


def _blank_card_corner() -> np.ndarray:
    """Bright paper with the card's edge and the shoe beyond it, no index."""
    img = np.full((CORNER_H, CORNER_W), 30, np.uint8)
    img[5:, 5:] = 235
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def test_blank_corner_is_told_from_an_index_a_back_and_no_contrast() -> None:
    from controller.cards import Card
    from vision.corner import blank_corner
    from vision.decks import STYLES, face_on, render_face

    assert blank_corner(_blank_card_corner())
    with_index = _corner(edge=4, radius=10, one_x=22)
    assert not blank_corner(with_index)
    # a card back's pattern is no blank corner (the standard deck's back has a wide
    # white border, then its pattern)
    from vision.corner import canonical_corner

    back = canonical_corner(face_on(render_face(STYLES["standard"], None)))
    assert not blank_corner(back)
    # no contrast at all (the crop inside a plain area): not judged blank
    assert not blank_corner(np.full((CORNER_H, CORNER_W), 235, np.uint8))
    # a faint index (washed out) still counts as ink at the lighter level
    faint = _blank_card_corner()
    faint[30:70, 20:40] = 185
    assert not blank_corner(faint)
    assert Card("Jk").is_joker
