"""Who acts first: seed 003 "Order of Betting", "Incomplete Hands", "Razz", "Running Out of
Cards"; seed 000 section 02 (highest exposed hand opens, pairs and trips count)."""

import pytest

from controller.cards import Rank
from controller.errors import HandError
from controller.hands import WildSpec, bring_in_key, exposed_key


def test_seed003_incomplete_hands_examples_in_order() -> None:
    """"10-10-K beats 10-10-6-2 ... 10-10-6 is beat by 10-10-6-2 ... a 10 alone will beat
    9-6. But, 9-6 beats 9-5-3, and that beats 9-5, which beats 9"."""
    assert exposed_key("Tc Td Kh") > exposed_key("Th Ts 6c 2d")
    assert exposed_key("Th Ts 6c") < exposed_key("Tc Td 6d 2h")
    assert exposed_key("Tc") > exposed_key("9c 6d")
    assert exposed_key("9c 6d") > exposed_key("9h 5d 3s") > exposed_key("9s 5c") > exposed_key("9d")


def test_seed003_order_of_betting_trips_beat_pairs_beat_high_cards() -> None:
    """"with three cards showing 3-3-3 is higher than 7-7-8, which is higher than A-K-Q"."""
    assert exposed_key("3c 3d 3h") > exposed_key("7c 7d 8h") > exposed_key("As Kd Qh")


def test_seed003_quads_and_two_pair_count() -> None:
    assert exposed_key("2c 2d 2h 2s") > exposed_key("Ac Ad Ah Ks") > exposed_key("Kc Kd 3h 3s")
    assert exposed_key("Kc Kd 3h 3s") > exposed_key("Ac Ad Kh Qs")


def test_seed000_s02_unfinished_straights_and_flushes_do_not_count() -> None:
    assert exposed_key("9h Th Jh Qh") < exposed_key("2c 2d 3h 4s")
    assert exposed_key("9h Th Jh Qh") == exposed_key("9c Td Jh Qs")


def test_seed000_s02_ties_are_possible_without_suits_position_breaks_them() -> None:
    assert exposed_key("Kc 7d") == exposed_key("Kh 7s")


def test_seed003_suit_of_the_highest_card_breaks_ties() -> None:
    assert exposed_key("Ks 7d", suits=True) > exposed_key("Kh 7s", suits=True)
    assert exposed_key("Kc Kd 4h", suits=True) < exposed_key("Kh Ks 4c", suits=True)


def test_seed003_razz_lowest_hand_acts_first_ace_low_clubs_first() -> None:
    """"if on fourth street two players tie for lowest with 6-2 and 6-2 the second hand will
    start the betting, because the six of clubs is lower than the diamond"."""
    first, second = exposed_key("6d 2c", "low", suits=True), exposed_key("6c 2d", "low", suits=True)
    assert second > first
    assert exposed_key("Ac 2d", "low") > exposed_key("Kc 2d", "low")
    assert exposed_key("4c 4d", "low") < exposed_key("Kc Qd", "low")  # a pair is a bad low


def test_seed003_eight_players_community_card_five_showing() -> None:
    assert exposed_key("9c 9d 9h 4s 4c") > exposed_key("Tc Td Th 3s 2c")  # full house counts
    assert exposed_key("9c Td Jh Qs Kc") < exposed_key("2c 2d 3h 4s 5c")  # straight does not


def test_wild_cards_count_in_exposed_hands() -> None:
    deuces = WildSpec(jokers=False, ranks=frozenset({Rank.TWO}))
    assert exposed_key("Kc 2d", wild=deuces) == exposed_key("Kc Kd")
    assert exposed_key("2c", wild=deuces) == exposed_key("Ac")


def test_seed003_bring_in_lowest_card_suit_breaks_ties_razz_highest_card() -> None:
    cards = ["3d", "2h", "2c", "As", "Kc"]
    assert max(cards, key=bring_in_key) == "2c"
    assert max(cards, key=lambda c: bring_in_key(c, "low")) == "Kc"
    assert bring_in_key("Ks", "low") > bring_in_key("Kh", "low")


@pytest.mark.parametrize("cards", ["", "Ac Kc Qc Jc Tc 9c"])
def test_exposed_hand_size_is_checked(cards: str) -> None:
    with pytest.raises(HandError) as err:
        exposed_key(cards)
    assert err.value.code == "bad_exposed_hand"
