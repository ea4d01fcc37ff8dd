"""The bug: seed 000 sections 04-05, seed 002 articles 2 and 5, seed 003 "The Bug"."""

import pytest

from controller.cards import parse_cards
from controller.hands import get_ranking, showdown
from controller.hands.tables import eval_bug7, high_key

BUG = get_ranking("high-bug")


def _texts(cards: object) -> list[str]:
    return [str(c) for c in cards]  # type: ignore[attr-defined]


def test_seed000_s05_anna_beats_ben_worked_example() -> None:
    """Seed 000 section 05: Anna's bug is the J♠ (A-K-Q-J-7 flush, no royal); Ben's is
    an ace kicker (two pair, not a full house). Anna wins."""
    result = showdown(["As Ks Qs 7s 9d 2c", "9c 9h 5c 5d Kd 3h"], BUG, board="Jk")
    anna, ben = result.values
    assert result.winners == [0]
    assert anna.category == "flush" and _texts(anna.cards) == ["As", "Ks", "Qs", "Js", "7s"]
    assert anna.describe() == "flush, ace high" and anna.substitutes == (3,)
    assert str(anna.physical[3]) == "Jk"
    assert ben.category == "two pair" and ben.describe() == "two pair, nines and fives"
    assert [c.rank.char for c in ben.cards if c.rank] == ["9", "9", "5", "5", "A"]
    assert str(ben.physical[4]) == "Jk"


def test_seed000_s05_anna_cannot_claim_a_royal_flush_one_bug_replaces_one_card() -> None:
    anna = BUG.evaluate("As Ks Qs 7s 9d 2c Jk")
    assert anna.category != "straight flush"
    assert anna < BUG.evaluate("As Ks Qs Js 9d 2c Jk")  # with J♠ held the bug is the T♠


def test_seed000_s04_four_aces_and_bug_are_five_aces_above_royal_flush() -> None:
    five_aces = BUG.evaluate("As Ah Ad Ac Jk 2c 3d")
    royal = BUG.evaluate("As Ks Qs Js Ts 2c 3d")
    assert five_aces.category == "five of a kind" and five_aces.describe() == "five aces"
    assert five_aces > royal


def test_seed002_art5_five_aces_beat_a_royal_flush_made_with_the_bug() -> None:
    assert BUG.evaluate("As Ah Ad Ac Jk") > BUG.evaluate("Ks Qs Js Ts Jk")
    assert BUG.evaluate("Ks Qs Js Ts Jk").describe() == "royal flush"


@pytest.mark.parametrize(("cards", "words", "key"), [
    # 2.3(a): two pairs + bug = two pairs with an ace kicker, not a full house
    ("9s 9h 7c 7d Jk", "two pair, nines and sevens", (2, 9, 9, 7, 7, 14)),
    # 2.3(b): a pair of aces + bug = three aces; three aces + bug = four aces
    ("As Ah 4c 7d Jk", "three aces", (3, 14, 14, 14, 7, 4)),
    ("As Ah Ad 7d Jk", "four aces", (7, 14, 14, 14, 14, 7)),
    # 2.3: it cannot pair a king (seed 000 s04: "cannot make paired kings, trip sevens")
    ("Ks Qh 4c 7d Jk", "ace high", (0, 14, 13, 12, 7, 4)),
    ("Ks Kh 4c 7d Jk", "pair of kings", (1, 13, 13, 14, 7, 4)),
    ("7s 7h 2c 4d Jk", "pair of sevens", (1, 7, 7, 14, 4, 2)),
    # seed 003 "The Bug": with any other four of a kind the joker is an ace kicker
    ("Ks Kh Kc Kd Jk", "four kings", (7, 13, 13, 13, 13, 14)),
    # a natural full house with the bug unused
    ("9s 9h 9c 7d 7h Jk", "full house, nines full of sevens", (6, 9, 9, 9, 7, 7)),
])
def test_seed002_art2_bug_never_pairs_anything_but_aces(
        cards: str, words: str, key: tuple[int, ...]) -> None:
    v = BUG.evaluate(cards)
    assert v.describe() == words and v.key == key


@pytest.mark.parametrize(("cards", "words"), [
    ("As Ah Kc Kd Jk", "full house, aces full of kings"),
    ("Ks Kh Kc Ad Jk", "full house, kings full of aces"),
])
def test_seed002_art2_3b_the_bug_as_an_ace_may_complete_a_full_house_with_aces(
        cards: str, words: str) -> None:
    """2.3(b) "a pair of aces plus the bug is three aces": the bug is an ace, so aces may
    fill a full house; only a non-ace full house is out of its reach (2.3(a))."""
    assert BUG.evaluate(cards).describe() == words


@pytest.mark.parametrize(("cards", "bug_as"), [
    ("Ah 9h 7h 4h 2c Jk", "Kh"),  # holds the ace: the bug is the king
    ("Ah Kh 7h 4h 2c Jk", "Qh"),  # holds ace and king: the queen
    ("Kh 9h 7h 4h 2c Jk", "Ah"),
])
def test_seed002_art2_bug_in_a_flush_is_the_highest_missing_card_of_the_suit(
        cards: str, bug_as: str) -> None:
    v = BUG.evaluate(cards)
    assert v.category == "flush"
    (pos,) = v.substitutes
    assert str(v.cards[pos]) == bug_as


@pytest.mark.parametrize(("cards", "top"), [
    ("9c 8d 7h 6s 2c Jk", 10),   # 6-7-8-9 + bug: T-high, not 5-high
    ("Ac 2d 3h 4s Kc Jk", 5),    # A-2-3-4 + bug: the wheel, five-high
    ("Kc Qd Jh 9s 2c Jk", 13),   # gap filler: K-Q-J-T-9
])
def test_seed002_art2_bug_in_a_straight_takes_the_rank_making_the_highest(
        cards: str, top: int) -> None:
    v = BUG.evaluate(cards)
    assert v.category == "straight" and v.ranks[0] == top


def test_seed000_s05_k_a_2_3_4_is_no_straight() -> None:
    v = BUG.evaluate("Kc Ad 2h 3s Jk")
    assert v.category == "pair" and v.describe() == "pair of aces"


def test_seed002_jacks_or_better_ace_and_bug_are_a_pair_of_aces() -> None:
    assert BUG.evaluate("Ac 9d 6h 3s Jk").describe() == "pair of aces"


def test_seed000_s04_each_player_uses_the_shared_joker_differently() -> None:
    s = showdown(["Ts 9s 8s 7s 2d 3c", "Ah Ad Kc Qd 5h 4c"], BUG, board="Jk")
    sf, aces = s.values
    assert sf.describe() == "straight flush, jack high" and aces.describe() == "three aces"
    assert s.winners == [0]


def test_seed002_straight_flush_with_the_bug_beats_four_aces() -> None:
    assert BUG.evaluate("9h 8h 7h 5h 2c Jk") > BUG.evaluate("As Ah Ad Ac 2c 3c 4c")


def test_fast_seven_card_bug_path_matches_evaluate() -> None:
    cards = parse_cards("As Ks Qs 7s 9d 2c Jk")
    assert high_key(eval_bug7([c.index for c in cards])) == BUG.evaluate(cards).key


def test_bug_hand_without_the_joker_is_a_plain_high_hand() -> None:
    assert BUG.evaluate("As Ks Qs 7s 9d").key == get_ranking("high").evaluate("As Ks Qs 7s 9d").key
