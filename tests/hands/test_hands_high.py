"""Standard high hands: seed 003 "Standard Poker Rankings", seed 000 section 05."""

import pytest

from controller.cards import parse_cards
from controller.errors import HandError
from controller.hands import CATEGORY_NAMES, get_ranking

HIGH = get_ranking("high")


def ev(text: str):  # type: ignore[no-untyped-def]
    return HIGH.evaluate(text)


@pytest.mark.parametrize(("better", "worse"), [
    ("Qs Qh Qd 3c 3h", "Ts Th Td Ac Ah"),   # seed 003 #3: the triplet decides first
    ("Ts Th Td Ac Ah", "Ts Th Tc Jc Jh"),   # ... then the pair (separate deals)
    ("Ks Kh 5d 5c 2h", "Qs Qh Td Tc 9h"),   # seed 003 #7: higher pair first, 10 > 5 no matter
    ("Ts Th Td Tc 2h", "5s 5h 5d 5c Jh"),   # seed 003 #2: higher quads win
    ("9s 8h 7d 6c 5h", "5s 4h 3d 2c Ah"),   # seed 003 #5: the wheel is the lowest straight
    ("Ah Kh Qh Jh Th", "9s 9h 9d 9c Ah"),   # royal above quads
    ("2c 3c 4c 5c 7c", "As Ks Qh Jd Tc"),   # flush above straight
])
def test_seed003_standard_ranking_comparisons(better: str, worse: str) -> None:
    assert ev(better) > ev(worse)


def test_seed003_straight_flush_may_not_turn_the_corner() -> None:
    v = ev("3s 2s As Ks Qs")
    assert v.category == "flush" and v.describe() == "flush, ace high"


def test_seed000_s05_wheel_is_five_high_and_k_a_2_3_4_is_invalid() -> None:
    wheel = ev("Ac 2d 3h 4s 5c")
    assert wheel.category == "straight" and wheel.key == (4, 5, 4, 3, 2, 1)
    assert [str(c) for c in wheel.cards] == ["5c", "4s", "3h", "2d", "Ac"]
    assert ev("Kc Ad 2h 3s 4c").category == "high card"


def test_seed000_s05_suits_do_not_decide_equal_hands_tie() -> None:
    a, b = ev("As Kd 9h 7c 3s"), ev("Ah Kc 9d 7s 3h")
    assert a == b and not a < b and not b < a


def test_seed000_s05_kickers_compare_from_highest_down() -> None:
    assert ev("As Ad Kh 7c 3s") > ev("Ah Ac Qh Jc Ts")
    assert ev("As Ad Kh 7c 4s") > ev("Ah Ac Kd 7d 3h")


@pytest.mark.parametrize(("text", "category", "words"), [
    ("Ah Kh Qh Jh Th", "straight flush", "royal flush"),
    ("9h 8h 7h 6h 5h", "straight flush", "straight flush, nine high"),
    ("9s 9h 9d 9c Ah", "four of a kind", "four nines"),
    ("Qs Qh Qd 3c 3h", "full house", "full house, queens full of threes"),
    ("Ah 9h 7h 4h 2h", "flush", "flush, ace high"),
    ("9s 8h 7d 6c 5h", "straight", "straight, nine high"),
    ("7s 7h 7d Kc 3h", "three of a kind", "three sevens"),
    ("9c 9h 5c 5d Ah", "two pair", "two pair, nines and fives"),
    ("6s 6h Ad Kc 3h", "pair", "pair of sixes"),
    ("Ks Jh 9d 7c 3h", "high card", "king high"),
])
def test_seed003_every_category_named(text: str, category: str, words: str) -> None:
    v = ev(text)
    assert v.category == category and v.describe() == words
    assert v.key[0] == CATEGORY_NAMES.index(category)


@pytest.mark.parametrize("n", [5, 6, 7, 8, 9, 10])
def test_best_five_of_n_cards(n: int) -> None:
    extra = ["2c", "3d", "4h", "8s", "9c"][: n - 5]
    v = HIGH.evaluate(["As", "Ks", "Qs", "Js", "Ts", *extra])
    assert v.describe() == "royal flush" and len(v.cards) == 5


def test_ten_cards_with_two_flush_suits_takes_the_better() -> None:
    v = ev("2c 4c 6c 8c Tc 3h 5h 7h 9h Jh")
    assert v.describe() == "flush, jack high"


def test_cards_as_played_are_in_order_of_significance() -> None:
    v = ev("3h 9c Ah 5d 9h 5c 2s")
    assert [str(c) for c in v.cards] == ["9h", "9c", "5d", "5c", "Ah"]
    assert v.substitutes == () and v.physical == v.cards


@pytest.mark.parametrize(("cards", "code"), [
    ("As Kd Qh Jc", "too_few_cards"),
    ("As Kd Qh Jc As", "duplicate_card"),
    ("As Kd Qh Jc Jk", "joker_not_allowed"),
    ("As Kd Qh Jc Tc 2c 3c 4c 5c 6c 7c", "too_many_cards"),
])
def test_bad_hands_raise_hand_error_with_a_stable_code(cards: str, code: str) -> None:
    with pytest.raises(HandError) as err:
        HIGH.evaluate(parse_cards(cards))
    assert err.value.code == code and err.value.message


def test_unknown_rules_and_options() -> None:
    with pytest.raises(HandError) as err:
        get_ranking("high-low")
    assert err.value.code == "unknown_rules"
    with pytest.raises(HandError) as err:
        get_ranking("high", wild=None)
    assert err.value.code == "bad_option"


def test_hand_values_compare_by_key_and_work_with_max() -> None:
    hands = ["9c 9h 5c 5d Ah", "Qs Qh Qd 3c 3h", "Ah 9h 7h 4h 2h"]
    values = [ev(h) for h in hands]
    assert max(values).category == "full house"
    assert sorted(values)[0].category == "two pair"
    assert len({ev("As Kd 9h 7c 3s"), ev("Ah Kc 9d 7s 3h")}) == 1  # equal keys hash alike


def test_hand_value_json_form_and_repr_read_in_poker_words() -> None:
    v = ev("Qs Qh Qd 3c 3h")
    assert v.as_dict() == {"category": "full house", "cards": ["Qs", "Qh", "Qd", "3h", "3c"],
                           "value": [6, 12, 12, 12, 3, 3],
                           "description": "full house, queens full of threes"}
    assert "queens full of threes" in repr(v) and "high" in repr(v)
