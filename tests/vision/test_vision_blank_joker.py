"""The joker of a deck that prints no index (dondorf's: a picture in the middle, blank
corners) is read from its blank corners (issue 4, "Shoe reader", the joker; DESIGN.md
"Vision": CardUnreadable rather than a guess): only when both corners are seen blank
and no index was ever found on the card."""

from __future__ import annotations

from controller.cards import JOKER, Card
from vision.classify import Reading
from vision.reader import BLANK_CONF, ShoeReader, _Look, _Pass


def _pass(readings: list[tuple[Card | None, float, str, bool]]) -> _Pass:
    p = _Pass(left=0)
    for card, conf, kind, opposite in readings:
        p.looks.append(_Look(Reading(card, conf), None, kind, opposite))
    return p


def test_blank_on_both_corners_is_the_joker() -> None:
    p = _pass([(JOKER, BLANK_CONF, "blank", False)] * 3 + [(JOKER, BLANK_CONF, "blank", True)])
    assert ShoeReader()._verdict(p)[0] is JOKER


def test_blank_on_one_corner_only_is_unreadable() -> None:
    p = _pass([(JOKER, BLANK_CONF, "blank", False)] * 5 + [(None, 0.0, "none", True)] * 2)
    assert ShoeReader()._verdict(p)[0] is None


def test_blank_frames_of_a_card_with_an_index_do_not_count() -> None:
    """A corner washed out (glare) in some frames of a card whose index was read in
    others: the blank frames are dropped, never read as the joker."""
    five = Card("5h")
    blanks = [(JOKER, BLANK_CONF, "blank", s) for s in (False, True, False, True)]
    p = _pass([*blanks, (five, 0.6, "index", False), (five, 0.5, "index", True)])
    assert ShoeReader()._verdict(p)[0] is None
    p = _pass([*blanks, *[(five, 0.97, "index", s) for s in (False, False, True)]])
    assert ShoeReader()._verdict(p)[0] is five
