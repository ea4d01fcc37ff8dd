"""The bug: seed 000 sections 04-05, seed 002 articles 2 and 5, seed 003 "The Bug"."""

from controller.cards import parse_cards
from controller.hands import get_ranking, showdown

BUG = get_ranking("high-bug")


def _cards(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text)]


def test_seed000_s05_anna_beats_ben_worked_example() -> None:
    """Seed 000 section 05: Anna's bug is the J♠ (A-K-Q-J-7 flush, no royal); Ben's is
    an ace kicker (two pair, not a full house). Anna wins."""
    result = showdown(["As Ks Qs 7s 9d 2c", "9c 9h 5c 5d Kd 3h"], BUG, board="Jk")
    anna, ben = result.values
    assert result.winners == [0]
    assert anna.category == "flush" and [str(c) for c in anna.cards] == _cards("As Ks Qs Js 7s")
    assert anna.describe() == "flush, ace high" and anna.substitutes == (3,)
    assert str(anna.physical[3]) == "Jk"
    assert ben.category == "two pair" and ben.describe() == "two pair, nines and fives"
    assert [str(c.rank.char) for c in ben.cards if c.rank] == ["9", "9", "5", "5", "A"]


def test_seed000_s04_four_aces_and_bug_are_five_aces_above_royal_flush() -> None:
    five_aces = BUG.evaluate("As Ah Ad Ac Jk 2c 3d")
    royal = BUG.evaluate("As Ks Qs Js Ts 2c 3d")
    assert five_aces.category == "five of a kind" and five_aces.describe() == "five aces"
    assert five_aces > royal
