"""Cards dealt face down: the shoe camera sees a card's back (issue 4, "Done when": a
face-down card gives its event; DESIGN.md "Vision": exactly one event per physical card,
CardUnreadable rather than a guess, so the tablet asks the dealer to turn or enter it).

A back must never be a card (its pattern read as an index) and never nothing (a dark
back not seen as a card at all: a card that leaves unreported is a lost card).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from controller.cards import Card
from vision.calibration import Calibration
from vision.corner import back_pattern, canonical_corner, find_index
from vision.decks import available_styles, face_on, render_face
from vision.events import CardUnreadable
from vision.locate import _thin_rims, find_runs
from vision.owndecks import drawn_backs
from vision.reader import INK_LEVELS, ShoeReader
from vision.sources import image_folder
from vision.synthetic import Degrade, SyntheticShoe

FIXTURES = Path(__file__).with_name("fixtures")


def _events(name: str) -> list[object]:
    reader = ShoeReader()
    out: list[object] = []
    last = (0, 0.0)
    for frame_no, ts, frame in image_folder(FIXTURES / name):
        out += reader.feed(frame_no, ts, frame)
        last = (frame_no, ts)
    return out + reader.flush(*last)


def test_dark_back_is_seen_as_a_card_and_is_one_unreadable() -> None:
    """tigullio's black back (only its pale rim is bright) against the dark shoe: it
    was never taken for a card (no event). It is one CardUnreadable with a crop."""
    events = _events("face-down-tigullio")
    assert [type(e) for e in events] == [CardUnreadable]
    assert events[0].crop.size > 100  # type: ignore[attr-defined]


def test_dark_back_makes_a_card_wide_run_in_mid_window() -> None:
    """The locator sees the whole dark card (its rim's top and bottom a card's height
    apart), not two thin glints at its sides."""
    cal = Calibration()
    frames = [f for _, _, f in image_folder(FIXTURES / "face-down-tigullio")]
    runs = find_runs(frames[len(frames) // 2], cal)
    assert len(runs) == 1
    assert abs(runs[0].width - cal.card_width) < 0.1 * cal.card_width


def test_back_dark_to_its_very_edge_is_one_unreadable() -> None:
    """A back black to its edge but for a 2-pixel pale line (``owndecks.drawn_backs``
    ``black-thin-edge``; full-bleed black backs exist), at the benchmark's roughness:
    nothing of it was bright against the dark shoe, so it left with no event (a lost
    card). Its thin rim, a line brighter than the rows above and below it, is seen now:
    one CardUnreadable."""
    events = _events("face-down-black-thin-edge")
    assert [type(e) for e in events] == [CardUnreadable]


def test_back_dark_to_its_very_edge_makes_one_card_wide_run() -> None:
    """In mid-window the whole dark card is one run about a card wide (its rim's top
    and bottom lines a card's height apart in each column), and the window before the
    card came is empty."""
    cal = Calibration()
    frames = [f for _, _, f in image_folder(FIXTURES / "face-down-black-thin-edge")]
    assert find_runs(frames[0], cal) == []
    widths = [r.width for f in frames for r in find_runs(f, cal)
              if r.lead_visible and r.tail_visible]
    assert widths and all(abs(w - cal.card_width) < 0.1 * cal.card_width for w in widths)


def test_thin_pale_line_on_a_dark_column_is_a_rim_and_a_step_is_not() -> None:
    """``locate._thin_rims``: a line 2 px tall a little brighter than the rows round it
    is a rim; the edge of something bright (a step, no line) is not."""
    roi = np.full((120, 16, 3), 30, np.uint8)
    roi[20:22] = 48
    roi[80:] = 90
    rims = _thin_rims(roi, np.arange(4), 120)
    assert rims[5].all() and rims.sum() == 4


def test_checkerboard_back_is_unreadable_not_the_joker() -> None:
    """simplistic's checkerboard back: two squares, one over the other, were read as the
    joker's "J over O" index in this very pass; it is one CardUnreadable."""
    events = _events("face-down-simplistic")
    assert [type(e) for e in events] == [CardUnreadable]


@pytest.mark.parametrize("path", sorted((FIXTURES / "back-corners").glob("*.png")),
                         ids=lambda p: p.stem)
def test_lattice_back_read_as_a_card_is_known_for_a_back(path: Path) -> None:
    """Corners of the held-out four-colour deck's red lattice back (the pass once
    reported as Td): the glyph model reads a card there with confidence, and
    ``back_pattern`` knows the glyphs for a piece of the back's pattern."""
    crop = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    reader = ShoeReader()
    confident = []
    for level, separate in INK_LEVELS:
        glyphs = find_index(crop, level, separate, measure_edge=True)
        if glyphs is not None and reader.clf.read(glyphs).confidence >= 0.9:
            confident.append(glyphs)
    assert confident, "the corner no longer fools the glyph model: not a test any more"
    assert all(back_pattern(g) for g in confident)


def test_the_glyphs_the_reader_reads_on_a_misread_back_corner_are_known_for_a_back(
        ) -> None:
    """The reader's own pick of glyphs on those corners (the most confident of its ink
    levels, before any veto) reads as a card, and is what ``back_pattern`` catches (the
    reader then drops the reading and counts the corner as a back's)."""
    reader = ShoeReader()
    for path in sorted((FIXTURES / "back-corners").glob("*.png")):
        crop = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
        look = reader._read_crop(crop)
        assert look.reading.card is not None and look.glyphs is not None
        assert back_pattern(look.glyphs)


FACES = [Card(c) for c in ("Ts", "Jh", "Qc", "Kd", "Ad", "8s", "Jk")]


@pytest.mark.parametrize("style", [s.name for s in available_styles()])
def test_no_face_index_is_taken_for_a_back_pattern(style: str) -> None:
    """A face's index (tens, court cards beside their pictures, aces, pips) is never
    taken for a back's pattern, on a clean render of every deck style."""
    deck = next(s for s in available_styles() if s.name == style)
    for card in FACES:
        if card.is_joker and not deck.has_joker:
            continue
        corner = canonical_corner(face_on(render_face(deck, card)))
        glyphs = find_index(corner)
        if glyphs is not None:
            assert not back_pattern(glyphs), f"{style} {card}"


def test_a_back_pattern_of_repeated_blobs_is_a_back_and_an_index_is_not() -> None:
    corner = np.full((190, 96), 235, np.uint8)
    cv2.putText(corner, "7", (14, 50), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 20, 4)
    cv2.circle(corner, (28, 80), 12, 20, -1)
    glyphs = find_index(corner)
    assert glyphs is not None and not back_pattern(glyphs)
    for y in range(100, 180, 24):  # the same blob over and over below it
        for x in range(10, 90, 22):
            cv2.circle(corner, (x + 8, y), 10, 20, -1)
    glyphs = find_index(corner)
    assert glyphs is not None and back_pattern(glyphs)


def test_striped_back_is_unreadable_not_a_blank_cornered_joker() -> None:
    """A back of no deck style (``owndecks.drawn_backs``: red and white stripes): its
    stripes were cleared as "the card's edge" and its corners then read as the blank
    corners of a joker that prints no index (this very pass: CardSeen Jk). Stripes are
    no blank corner: one CardUnreadable."""
    shoe = SyntheticShoe(seed=4, degrade=Degrade(1.0, speed=(25.0, 90.0)),
                         back=drawn_backs()["red-stripes"])
    shoe.deal(None, face_down=True)  # the pass before it
    reader = ShoeReader()
    events = [e for f in shoe.number(shoe.deal(None, face_down=True)) for e in reader.feed(*f)]
    assert [type(e) for e in events] == [CardUnreadable]
