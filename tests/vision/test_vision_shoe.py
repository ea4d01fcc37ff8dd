"""The shoe reader on committed fixture frames (rendered once by make_vision_fixtures.py).

Issue 4, "Done when": every deck style the synthetic shoe renders, the joker, an empty
window, a card stuck half-way, two cards overlapping, a face-down card and a foreign
object, each asserting the event (or its absence). The rule behind every case is
DESIGN.md "Vision": exactly one event per physical card, never two for one card, never
one for two cards, and CardUnreadable rather than a guess.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from controller.cards import Card
from vision.calibration import Calibration
from vision.decks import STYLES
from vision.events import CardSeen, CardsTogether, CardUnreadable, VisionEvent
from vision.reader import ShoeReader
from vision.sources import image_folder

FIXTURES = Path(__file__).with_name("fixtures")
CASES: dict[str, list[dict[str, str]]] = json.loads((FIXTURES / "cases.json").read_text())


def run_case(name: str, reader: ShoeReader | None = None, grey: bool = False
             ) -> list[tuple[int, VisionEvent]]:
    """Every event of one fixture, with the frame number that produced it; ``grey``: as
    a camera without colour sees it."""
    reader = reader or ShoeReader()
    out: list[tuple[int, VisionEvent]] = []
    last = (0, 0.0)
    for frame_no, ts, frame in image_folder(FIXTURES / name):
        if grey:
            frame = cv2.cvtColor(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
        out += [(frame_no, e) for e in reader.feed(frame_no, ts, frame)]
        last = (frame_no, ts)
    out += [(last[0], e) for e in reader.flush(*last)]
    return out


def describe(event: VisionEvent) -> dict[str, str]:
    body = {"event": type(event).__name__}
    if isinstance(event, CardSeen):
        body["card"] = str(event.card)
    return body


def test_every_rendered_deck_style_has_a_fixture() -> None:
    """Each style the synthetic shoe renders is covered (held-out ones included)."""
    covered = {name.removeprefix("style-") for name in CASES if name.startswith("style-")}
    assert covered == set(STYLES)


@pytest.mark.parametrize("name", sorted(n for n in CASES if n.startswith("style-")))
def test_deck_style_card_is_read_once(name: str) -> None:
    """One card of each deck style -> exactly one CardSeen of that card, confident."""
    events = run_case(name)
    assert [describe(e) for _, e in events] == CASES[name]
    (_, seen), = events
    assert isinstance(seen, CardSeen) and seen.confidence >= Calibration().threshold


@pytest.mark.parametrize("name", ["joker-jumbo", "joker-nicu-white", "joker-dondorf"])
def test_joker_is_read_as_the_joker(name: str) -> None:
    """The joker (seed 000, the exposed joker; DESIGN.md: Jk) -> one CardSeen(Jk)."""
    events = run_case(name)
    assert [describe(e) for _, e in events] == [{"event": "CardSeen", "card": "Jk"}]


def test_empty_window_gives_no_event() -> None:
    assert run_case("empty-window") == []
    assert CASES["empty-window"] == []


def test_foreign_objects_give_no_event() -> None:
    """A finger or a chip in the window is not a card: nothing is reported."""
    assert run_case("foreign-finger") == []
    assert run_case("foreign-chip") == []


def test_card_stuck_half_way_is_reported_once_after_it_moves_on() -> None:
    """A card that stops in the window for 12 frames is still one card: one event, and
    only once its whole width has been seen (so a second card under it cannot hide)."""
    events = run_case("stuck-half-way")
    assert [describe(e) for _, e in events] == [{"event": "CardSeen", "card": "4c"}]
    frame_no, _ = events[0]
    assert frame_no > 12  # not while it was stuck with its trailing edge out of view


def test_card_pulled_back_before_its_index_shows_gives_no_event() -> None:
    assert run_case("stuck-and-pulled-back") == []


def test_two_cards_overlapping_are_reported_together_not_as_one_card() -> None:
    """Two cards out at once -> one CardsTogether, and no CardSeen for either."""
    events = run_case("two-cards-overlapping")
    assert [type(e) for _, e in events] == [CardsTogether]


def test_face_down_card_is_unreadable_with_a_crop() -> None:
    """A card showing its back passed: the dealer must be asked (CardUnreadable)."""
    events = run_case("face-down")
    assert [type(e) for _, e in events] == [CardUnreadable]
    _, event = events[0]
    assert isinstance(event, CardUnreadable)
    assert event.crop.size > 100 and event.crop_png().startswith(b"\x89PNG")


def test_a_stricter_threshold_turns_reads_into_unreadable_never_into_wrong_cards() -> None:
    """Raising the threshold above any confidence makes the same pass CardUnreadable."""
    events = run_case("style-standard", ShoeReader(Calibration(threshold=1.01)))
    assert [type(e) for _, e in events] == [CardUnreadable]


def test_reader_state_does_not_leak_between_cards() -> None:
    """Two fixtures fed to one reader back to back give both cards, in order."""
    reader = ShoeReader()
    first = [e for _, e in run_case("style-jumbo", reader)]
    second = [e for _, e in run_case("style-standard", reader)]
    assert [e.card for e in first + second if isinstance(e, CardSeen)] == [Card("Ts"),
                                                                          Card("Qh")]


@pytest.mark.parametrize("name", ["two-cards-close-paris", "two-cards-close-tigullio"])
def test_two_cards_in_quick_succession_are_two_events_in_order(name: str) -> None:
    """Two cards dealt a few millimetres apart (DESIGN.md "Vision": exactly one event per
    physical card): pips that cut the second card's run short must not join it to the
    first, and a sliver of the first card missed for a frame must not capture the
    second; so exactly two CardSeen, in the order the cards came out."""
    events = run_case(name)
    assert [describe(e) for _, e in events] == CASES[name]
    assert len(CASES[name]) == 2


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_camera_without_colour_gives_the_same_events(name: str) -> None:
    """A monochrome or infrared shoe camera shows red ink grey: a heart or diamond is
    read by its suit's shape (the ink-colour check, which vetoed every red card as
    "black ink", says nothing there), and every other case (joker, empty window, stuck,
    together, face down, foreign object) gives the events it gives in colour."""
    events = run_case(name, grey=True)
    assert [describe(e) for _, e in events] == CASES[name]
