"""Low hands: seed 003 "Low Poker Hand Ranking" (ace-to-five, deuce-to-seven, ace-to-six),
"Eight or Better", "Razz", "London Lowball", "Wild Cards - Low Poker"; seed 004 "5-4 Buy 2"."""

import pytest

from controller.cards import Rank
from controller.hands import WildSpec, get_ranking

A5, A5_8 = get_ranking("low-a5"), get_ranking("low-a5-8")
D27, A6 = get_ranking("low-27"), get_ranking("low-a6")


def test_seed003_ace_to_five_wheel_is_best_and_ace_is_low() -> None:
    wheel = A5.evaluate("5h 4d 3c 2s Ah")
    assert wheel.category == "five low" and wheel.describe() == "five low: 5-4-3-2-A"
    assert wheel > A5.evaluate("6h 4d 3c 2s Ah")


def test_seed003_ace_to_five_compares_from_the_top_card() -> None:
    """"6-4-3-2-A beats 6-5-3-2-A AND beats 7-4-3-2-A"."""
    best = A5.evaluate("6h 4d 3c 2s Ah")
    assert best > A5.evaluate("6h 5d 3c 2s Ah") and best > A5.evaluate("7h 4d 3c 2s Ah")


def test_seed003_ace_to_five_ignores_straights_and_flushes() -> None:
    assert A5.evaluate("5h 4h 3h 2h Ah").category == "five low"


def test_seed003_ace_to_five_best_pair_hand_is_a_a_4_3_2() -> None:
    pair = A5.evaluate("Ah Ad 4c 3s 2h")
    assert pair.category == "pair" and pair > A5.evaluate("2h 2d 4c 3s 5h")
    assert pair < A5.evaluate("Kh Qd Jc 9s 8h")  # any unpaired low beats any pair


def test_seed003_eight_or_better_qualifier() -> None:
    worst = A5_8.evaluate("8h 7d 6c 5s 4h")
    assert worst.qualifies and worst.describe() == "eight low: 8-7-6-5-4"
    assert not A5_8.evaluate("9h 7d 6c 5s 4h").qualifies
    assert not A5_8.evaluate("Ah Ad 4c 3s 2h").qualifies
    assert A5_8.evaluate("9h 7d 6c 5s 4h Ac Kd").qualifies  # best of seven: 7-6-5-4-A


def test_seed003_razz_best_of_seven_skips_pairs() -> None:
    v = A5.evaluate("Kh Kd 2c 2s 4h 6c 7d")
    assert v.describe() == "king low: K-7-6-4-2"


def test_seed003_deuce_to_seven_best_is_7_5_4_3_2_ace_high() -> None:
    best = D27.evaluate("7c 5d 4h 3s 2c")
    assert best.category == "seven low" and best > D27.evaluate("8c 5d 4h 3s 2c")
    wheel = D27.evaluate("Ac 2d 3h 4s 5c")  # not a straight: ace-high
    assert wheel.category == "ace low" and wheel < D27.evaluate("Kc Qd Jh 9s 8c")


def test_seed003_deuce_to_seven_straights_and_flushes_count() -> None:
    assert D27.evaluate("6c 5d 4h 3s 2c").category == "straight"
    assert D27.evaluate("7c 5c 4c 3c 2c").category == "flush"
    assert D27.evaluate("6c 5d 4h 3s 2c") < D27.evaluate("Ac Ad Kh Qs Jc")


def test_seed003_deuce_to_seven_best_pair_2_2_5_4_3_beaten_by_a_k_q_j_9() -> None:
    pair = D27.evaluate("2c 2d 5h 4s 3c")
    assert pair > D27.evaluate("3c 3d 5h 4s 2c")
    assert pair < D27.evaluate("Ac Kd Qh Js 9c")


def test_seed003_ace_to_six_wheel_is_a_straight_best_is_6_4_3_2_a() -> None:
    assert A6.evaluate("5h 4d 3c 2s Ah").category == "straight"
    best = A6.evaluate("6h 4d 3c 2s Ah")
    assert best.category == "six low" and best > A6.evaluate("5h 4d 3c 2s Ah")


def test_seed003_ace_to_six_a_k_q_j_t_is_king_low_and_aces_are_low() -> None:
    assert A6.evaluate("Ah Kd Qc Js Th").category == "king low"
    assert A6.evaluate("Kh Qd Jc Ts Ah") > A6.evaluate("Kh Qd Jc Ts 2h")
    assert A6.evaluate("Ah Ad 7c 5s 3h") > A6.evaluate("2h 2d 7c 5s 3h")


def test_seed003_wild_low_card_is_the_best_fitter_per_system() -> None:
    """"6-5-3-2-joker ... in ace-to-five the wild card would be an ace, and deuce-to-seven
    the wild card would be a 7"."""
    a5 = A5.evaluate("6h 5d 3c 2s Jk")
    assert a5.describe() == "six low: 6-5-3-2-A" and a5.substitutes == (4,)
    d27 = D27.evaluate("6h 5d 3c 2s Jk")
    assert d27.describe() == "seven low: 7-6-5-3-2"


def test_wild_fitter_steps_around_a_straight_in_deuce_to_seven() -> None:
    assert D27.evaluate("6h 5d 4c 3s Jk").describe() == "eight low: 8-6-5-4-3"
    assert A6.evaluate("5h 4d 3c 2s Jk").describe() == "seven low: 7-5-4-3-2"


def test_seed003_low_hole_ace_in_the_hole_makes_aces_wild_for_low() -> None:
    r = get_ranking("low-a5", wild=WildSpec.none())
    cards = "As Ad 2c 3h 4d 9s Kc"
    assert r.evaluate(cards).describe() == "nine low: 9-4-3-2-A"
    aces_wild = WildSpec(jokers=False, ranks=frozenset({Rank.ACE}))
    assert r.evaluate(cards, wild=aces_wild).describe() == "five low: 5-4-3-2-A"


def test_seed004_four_card_low_hand_size() -> None:
    r = get_ranking("low-a5", hand_size=4)
    v = r.evaluate("Ah 2d 3c 4s 5h")
    assert len(v.cards) == 4 and v.describe() == "four low: 4-3-2-A"
    assert v > r.evaluate("Ah 2d 3c 5s 6h")


def test_a_joker_that_is_not_wild_is_refused() -> None:
    from controller.errors import HandError

    for name in ("low-a5", "low-27"):
        with pytest.raises(HandError) as err:
            get_ranking(name, wild=WildSpec.none()).evaluate("Jk 2c 3d 4h 5s")
        assert err.value.code == "joker_not_allowed"


@pytest.mark.parametrize("name", ["low-a5", "low-a5-8", "low-27", "low-a6"])
def test_too_few_cards_for_a_low(name: str) -> None:
    from controller.errors import HandError

    with pytest.raises(HandError) as err:
        get_ranking(name).evaluate("Ah 2d 3c")
    assert err.value.code == "too_few_cards"
