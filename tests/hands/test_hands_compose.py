"""Which cards combine (DESIGN.md "Variants are data"; seed 004 "Omaha", "42nd Street",
"Cross") and the showdown helper (seed 000 section 05: equal hands share; seed 003
"Eight or Better": no qualifying low, the high hand takes all)."""

from itertools import combinations

import pytest

from controller.errors import HandError
from controller.hands import AnyFive, BoardGroups, HoleAndBoard, get_ranking, showdown

HIGH = get_ranking("high")


def test_omaha_exactly_two_hole_and_three_board_cards() -> None:
    # Four hearts on board and one in the hand is no flush in Omaha (needs two from the hand)
    hole, board = "Ah Kc Qd Js", "2h 5h 8h Th 3c"
    assert HIGH.best(hole, board, AnyFive()).category == "flush"
    omaha = HIGH.best(hole, board, HoleAndBoard(2, 3))
    assert omaha.category != "flush"
    assert sum(1 for c in omaha.cards if str(c) in hole.split()) == 2


def test_omaha_board_quads_need_the_hand() -> None:
    v = HIGH.best("As Ah Kd Qc", "Ac Ad 7h 8h 9h", HoleAndBoard(2, 3))
    assert v.describe() == "four aces"
    assert HIGH.best("2s 3h Kd Qc", "Ac Ad Ah As 9h", HoleAndBoard(2, 3)).category == (
        "three of a kind")


def test_seed004_42nd_street_two_from_hand_two_from_the_row_of_four_one_from_two() -> None:
    row4, row2 = (0, 1, 2, 3), (4, 5)
    groups = tuple((*a, b) for a in combinations(row4, 2) for b in row2)
    rule = BoardGroups(groups, from_hole=2)
    v = HIGH.best("Ah Kh 2c", "Qh Jh 3d 4s Th 5c", rule)
    assert v.describe() == "royal flush"
    v2 = HIGH.best("Ah Kh 2c", "Qh Jh Th 4s 3d 5c", rule)  # Th now in the row of four
    assert v2.category != "straight flush"


def test_seed004_cross_player_uses_one_line_of_the_board() -> None:
    lines = ((0, 1, 2), (3, 1, 4))  # a row and a column crossing in the centre card
    v = HIGH.best("As Ad", "Ah 7c 2d Ac 9s", BoardGroups(lines))
    assert v.describe() == "three aces"  # Ah and Ac are in different lines
    assert HIGH.best("As Ad", "Ah 7c Ac 2d 9s", BoardGroups(lines)).describe() == "four aces"


def test_bad_compositions_are_refused() -> None:
    with pytest.raises(HandError) as err:
        HoleAndBoard(2, 2)
    assert err.value.code == "bad_composition"
    with pytest.raises(HandError) as err:
        HIGH.best("As Ad", "Ah 7c", BoardGroups(((0, 5),)))
    assert err.value.code == "bad_composition"
    with pytest.raises(HandError) as err:
        HIGH.best("As", "Ah 7c 2d 3d 4d", HoleAndBoard(2, 3))
    assert err.value.code == "too_few_cards"


def test_seed000_s05_equal_hands_share_the_pot() -> None:
    s = showdown(["Ah Kh", "Ac Kc", "4s 6c"], "high", board="2d 7s 9c Jd 3h")
    assert s.winners == [0, 1]
    assert s.values[0] == s.values[1] and s.values[2].describe() == "jack high"


def test_seed003_eight_or_better_no_qualifying_low_means_no_low_winner() -> None:
    s = showdown(["9h 9d Kc Qs", "Th Td Qc Ks"], "low-a5-8", board="2d 7s 9c Jh 3h")
    assert s.winners == [] and not any(v.qualifies for v in s.values)
    s = showdown(["Ah 4d Kc Qs", "8h 6d Tc Ks"], "low-a5-8", board="2d 7s 9c Jh 3h")
    assert s.winners == [0] and [v.qualifies for v in s.values] == [True, True]


def test_showdown_refuses_a_card_seen_twice() -> None:
    with pytest.raises(HandError) as err:
        showdown(["Ah Kh", "Ah Qc"], "high", board="2d 7s 9c Jd 3h")
    assert err.value.code == "duplicate_card"


def test_showdown_with_omaha_composition() -> None:
    s = showdown(["Ah Kc Qd Js", "9h 8h 2c 2d"], "high", board="2h 5h 8c Th 3c",
                 composition=HoleAndBoard(2, 3))
    assert s.winners == [1] and s.values[1].category == "flush"
