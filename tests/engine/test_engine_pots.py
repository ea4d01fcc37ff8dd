"""Pots and splits (seed 000 section 05 odd chip; issue 3 side pots) as properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from controller.engine.pots import build_pots, split

players = st.lists(st.tuples(st.integers(0, 60), st.booleans(), st.booleans()),
                   min_size=2, max_size=8)


@given(players)
def test_pots_hold_every_chip_and_only_live_players(table) -> None:
    committed = [c for c, _, _ in table]
    live = [alive for _, alive, _ in table]
    all_in = [alive and shove for _, alive, shove in table]
    pots = build_pots(committed, live, all_in)
    assert sum(amount for amount, _ in pots) == sum(committed)
    for amount, eligible in pots:
        assert amount > 0
        assert all(live[i] for i in eligible)
    if any(live):
        assert all(eligible for _, eligible in pots)


def test_all_in_levels_make_side_pots() -> None:
    """Three all-ins at 5, 10 and 20 against a caller of 30 and a fold at 8."""
    committed = [5, 10, 20, 30, 8]
    pots = build_pots(committed, [True, True, True, True, False],
                      [True, True, True, False, False])
    assert pots == [(25, (0, 1, 2, 3)), (18, (1, 2, 3)), (20, (2, 3)), (10, (3,))]


@given(st.integers(0, 1000), st.lists(st.integers(0, 7), min_size=1, max_size=8, unique=True),
       st.integers(0, 7))
def test_split_gives_odd_chips_clockwise_after_the_dealer(amount, winners, dealer) -> None:
    shares = split(amount, winners, dealer, 8)
    assert sum(c for _, c in shares) == amount
    chips = [c for _, c in shares]
    assert max(chips) - min(chips) <= 1
    order = sorted(winners, key=lambda i: (i - dealer - 1) % 8)
    assert [i for i, _ in shares] == order  # the first after the dealer gets an odd chip first
    assert chips == sorted(chips, reverse=True)
