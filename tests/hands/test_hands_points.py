"""Point-count hands: seed 004 "3 30" and "7 27" showdowns."""

import pytest

from controller.errors import HandError
from controller.hands import get_ranking, showdown

HIGH_30 = get_ranking("points-3-30")
LOW_3 = get_ranking("points-3-30", side="low")
HIGH_27 = get_ranking("points-7-27", side="high")
LOW_7 = get_ranking("points-7-27", side="low")


def test_seed004_3_30_faces_count_ten_aces_one_or_eleven() -> None:
    v = HIGH_30.evaluate("Kh Qd Ts")
    assert v.describe() == "30 points, 0 from 30" and v.key == (0,)
    assert HIGH_30.evaluate("Ah Kd 9s").describe() == "30 points, 0 from 30"  # 11+10+9
    assert LOW_3.evaluate("Ah 2d").describe() == "3 points, 0 from 3"          # 1+2


def test_seed004_3_30_closest_wins_over_or_under_alike_and_ties_share() -> None:
    over, under = HIGH_30.evaluate("Kh Qd Tc 2s"), HIGH_30.evaluate("Kc Qs 8d")
    assert over == under  # 32 and 28 are equally close to 30
    s = showdown(["Kh Qd Tc 2s", "Kc Qs 8d", "Kd 9h 7c"], HIGH_30)  # 32, 28 and 26
    assert s.winners == [0, 1]


def test_seed004_3_30_number_of_cards_is_no_tie_break() -> None:
    assert LOW_3.evaluate("Ah 2d") == LOW_3.evaluate("3h")


def test_seed004_3_30_a_player_may_have_discarded_every_card() -> None:
    assert LOW_3.evaluate([]).describe() == "0 points, 3 from 3"


def test_seed004_7_27_faces_count_one_half() -> None:
    v = HIGH_27.evaluate("Kh Qd 9s 9c 8d")  # ½ + ½ + 9 + 9 + 8
    assert v.describe() == "27 points, 0 from 27"
    assert LOW_7.evaluate("Ah Kd 5c").describe() == "6½ points, ½ from 7"


def test_seed004_7_27_each_ace_counts_one_or_eleven_whichever_is_closer() -> None:
    assert HIGH_27.evaluate("Ah Ad 5c").describe() == "27 points, 0 from 27"  # 11+11+5
    assert LOW_7.evaluate("Ah Ad 5c").describe() == "7 points, 0 from 7"      # 1+1+5
    assert HIGH_27.evaluate("Ah Ad As 4c").describe() == "27 points, 0 from 27"  # 11+11+1+4


def test_seed004_closer_hand_has_the_bigger_key() -> None:
    assert LOW_7.evaluate("Ah 5c") > LOW_7.evaluate("Ah 4c")  # 6 vs 5 from 7
    assert LOW_7.evaluate("4h 4c") == LOW_7.evaluate("3h 3c")  # 8 and 6: both 1 away


def test_points_refuse_the_joker_and_bad_side() -> None:
    with pytest.raises(HandError) as err:
        HIGH_27.evaluate("Jk 5c")
    assert err.value.code == "joker_not_allowed"
    with pytest.raises(HandError) as err:
        get_ranking("points-7-27", side="both")
    assert err.value.code == "bad_option"
