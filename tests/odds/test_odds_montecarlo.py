"""Seeded Monte Carlo within its stated error bar (issue 11, "Done when" line 1).

The reference is the exact enumeration of the same spec (itself checked
against brute force in test_odds_exact.py), on cases small enough to
enumerate but priced here by sampling.
"""

from __future__ import annotations

import pytest

from controller.errors import HandError
from controller.odds import OddsError, OddsSpec, ShowdownRule, centre_joker, equity
from controller.odds.equity import FIRST_BATCH, FIRST_BATCH_SLOW
from controller.variants.game import PotRule

STUD_8 = ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8)


def numbers(result: object) -> list[tuple[float, float]]:
    """(value, error bar) of every number reported, player by player."""
    out = []
    for p in result.players:  # type: ignore[attr-defined]
        out.append((p.equity, p.error))
        if p.high is not None:
            out += [(p.high, p.high_error), (p.low, p.low_error), (p.scoop, p.scoop_error)]
    return out


def stud8_seventh_street() -> OddsSpec:
    """Seed 003 "Seven Card Stud High-Low": one hand complete, the other shows four up
    cards; its two down cards are unknown and its last card is still to come."""
    return OddsSpec.build(["Ah 2d 3c 9s 9h Kd Ks", "4h 5h 6d Qc ? ? ?"], rule=STUD_8)


def test_monte_carlo_is_within_its_error_bar_of_the_exact_answer() -> None:
    spec = stud8_seventh_street()
    exact = equity(spec)
    assert exact.method == "exact" and exact.deals == 10_660
    mc = equity(spec, seed=3, max_error=0.01, method="monte-carlo")
    assert mc.method == "monte-carlo" and mc.stopped == "error"
    assert mc.max_error <= 0.01
    for (value, bar), (truth, _) in zip(numbers(mc), numbers(exact), strict=True):
        assert abs(value - truth) <= bar


def test_error_bars_cover_the_exact_answer_about_95_percent_of_the_time() -> None:
    """The bar is a 95% interval: over 40 seeds it must cover the truth most times
    (a bar that is too narrow fails this; the expected miss count is 2 of 40)."""
    spec = stud8_seventh_street()
    truth = equity(spec).players[1].equity
    covered = 0
    for seed in range(40):
        mc = equity(spec, seed=seed, max_error=0.03, method="monte-carlo")
        p = mc.players[1]
        covered += abs(p.equity - truth) <= p.error
    assert covered >= 34


def test_same_seed_same_answer_and_other_seeds_differ() -> None:
    spec = OddsSpec.build(["As Ks Qs", "9h 9d 2c", "7c 8c 9c"], to_come=4)
    a = equity(spec, seed=5, max_error=0.02)
    b = equity(spec, seed=5, max_error=0.02)
    c = equity(spec, seed=6, max_error=0.02)
    assert a == b
    assert [p.equity for p in a.players] != [p.equity for p in c.players]


def test_a_smaller_error_bar_takes_more_samples() -> None:
    """Halving the bar takes about four times the samples (the error falls as 1/sqrt(n))."""
    spec = OddsSpec.build(["As Ks Qs", "9h 9d 2c", "7c 8c 9c"], to_come=4)
    coarse = equity(spec, seed=1, max_error=0.02)
    fine = equity(spec, seed=1, max_error=0.01)
    assert coarse.max_error <= 0.02 and fine.max_error <= 0.01
    assert 2.5 < fine.samples / coarse.samples < 6


def test_max_time_stops_after_one_batch_and_says_so() -> None:
    spec = OddsSpec.build(["As Ks Qs", "9h 9d 2c"], to_come=4)
    r = equity(spec, seed=1, max_error=0.0001, max_time=0)
    assert r.stopped == "max_time" and r.samples == FIRST_BATCH
    assert r.max_error > 0.0001
    # the card-by-card path (deuce-to-seven here) samples in small batches, so it stops
    # soon too
    low27 = ShowdownRule("", "low-27", PotRule.LOW)
    r = equity(OddsSpec.build(["As Ks Qs", "9h 9d 2c"], to_come=4, rule=low27), seed=1,
               max_time=0)
    assert r.stopped == "max_time" and r.samples == FIRST_BATCH_SLOW


def test_aces_straights_flushes_fourth_street_six_players_sums_to_one() -> None:
    """Seed 000: six players on fourth street, two cards each to come, the joker shared.
    Every deal's pot is fully shared out, so the equities add up to 1."""
    hands = ["As Kd 7h 7c", "Qs Qd 2h 9c", "Jh Th 8h 3s", "5d 5s Kc 4h", "9s 8s 6s 2d",
             "Ad Ac 3c 4d"]
    spec = OddsSpec.build(hands, to_come=2, board=centre_joker(), deck=53,
                          rule=ShowdownRule(high="high-bug"))
    r = equity(spec, seed=2)
    assert r.method == "monte-carlo" and r.max_error <= 0.005
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    # the pair of aces with the bug (three aces) is the favourite
    assert max(r.players, key=lambda p: p.equity) is r.players[5]


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"hands": ["As Ks", "As Qd"]}, "duplicate_card"),
    ({"hands": ["As Ks", "Qd Jk"]}, "joker_not_in_deck"),
    ({"hands": ["As Ks ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?",
                "? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?"]}, "deck_too_small"),
    ({"hands": []}, "no_players"),
    ({"hands": ["As Ks"], "deck": 54}, "bad_deck"),
])
def test_bad_specs_are_refused_with_a_code(kwargs: dict, code: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(OddsError) as err:
        OddsSpec.build(**kwargs)
    assert err.value.code == code and str(err.value)


def test_bad_requests_are_refused_with_a_code() -> None:
    spec = OddsSpec.build(["As Ks", "Qd Qc"], board_to_come=5)
    with pytest.raises(OddsError) as err:
        equity(spec, max_error=0)
    assert err.value.code == "bad_max_error"
    with pytest.raises(OddsError) as err:
        equity(spec, method="guess")
    assert err.value.code == "bad_method"
    # an unknown third hand and the whole board: 1.2e9 deals, too many to list
    with pytest.raises(OddsError) as err:
        equity(OddsSpec.build(["As Ks", "Qd Qc", "? ?"], board_to_come=5), method="exact")
    assert err.value.code == "too_many_deals"
    # a hand too short for the ranking: the rankings' own error and code
    with pytest.raises(HandError) as herr:
        equity(OddsSpec.build(["As Ks", "Qd Qc"]))
    assert herr.value.code == "too_few_cards"
    # the joker under plain high rules (deck with the joker in the pack)
    with pytest.raises(HandError) as herr:
        equity(OddsSpec.build(["As Ks Jk", "Qd Qc Qh"], board="2c 3d 4h 9s", deck=53))
    assert herr.value.code == "joker_not_allowed"
    # ... also when the joker is only somewhere in the pack (it could be dealt)
    with pytest.raises(HandError) as herr:
        equity(OddsSpec.build(["As Ks", "Qd Qc"], board_to_come=5, deck=53))
    assert herr.value.code == "joker_not_allowed"
