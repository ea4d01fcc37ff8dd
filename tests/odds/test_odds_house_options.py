"""Seed 003 "Hand Rankings with Wild Cards", the house options: double-ace flush and
natural beats wild. They are priced card by card (the vectorised strengths cannot hold
them: see ``controller.odds.score.ranking_for``), exactly, as a brute force says."""

from __future__ import annotations

import pytest

from controller.cards import Rank
from controller.hands import WildSpec, get_ranking
from controller.odds import OddsError, OddsSpec, ShowdownRule, equity, parse_holding

DEUCES = WildSpec(jokers=False, ranks=frozenset({Rank.TWO}))
ANN = "Ah Kh 7h 4h 2c 9s"  # the deuce stands in for a second ace of hearts, if allowed
BO = "Ad Kd Qd Jd 9d 3s 3c"  # an ace-high flush


def _spec(option: str) -> OddsSpec:
    rule = ShowdownRule(f"high-wild{option}", wild=DEUCES)
    return OddsSpec((parse_holding(ANN, to_come=1), parse_holding(BO)), rule=rule)


def _brute_force(spec: OddsSpec, **options: bool) -> float:
    """Ann's share over every card she can still get, each hand ranked directly."""
    ranking = get_ranking("high-wild", wild=DEUCES, **options)
    bo = ranking.evaluate(list(spec.players[1].cards)).key
    total = 0.0
    for card in spec.unseen():
        ann = ranking.evaluate([*spec.players[0].cards, card]).key
        total += 1.0 if ann > bo else 0.5 if ann == bo else 0.0
    return total / len(spec.unseen())


@pytest.mark.parametrize(("option", "flags"), [
    ("", {}),
    (":double-ace-flush", {"double_ace_flush": True}),
    (":natural-beats-wild", {"natural_beats_wild": True}),
    (":double-ace-flush+natural-beats-wild",
     {"double_ace_flush": True, "natural_beats_wild": True}),
])
def test_house_options_exact_against_brute_force(option: str, flags: dict[str, bool]) -> None:
    """Seed 003: "double-ace flush" (a wild card may be an ace the flush already holds)
    and "natural beats wild" (of two equal hands the one with fewer wild cards wins)."""
    spec = _spec(option)
    r = equity(spec)
    assert r.method == "exact" and r.deals == len(spec.unseen())
    assert r.players[0].equity == pytest.approx(_brute_force(spec, **flags), abs=1e-12)


def test_double_ace_flush_changes_who_is_ahead() -> None:
    """Ann's deuce makes A-A-K-7-4 of hearts only under the double-ace flush option,
    which then beats Bo's A-K-Q-J-9 flush."""
    plain, double = equity(_spec("")), equity(_spec(":double-ace-flush"))
    assert double.players[0].equity > 0.9 > 0.5 > plain.players[0].equity


def test_an_unknown_house_option_is_refused() -> None:
    with pytest.raises(OddsError) as err:
        equity(_spec(":aces-wild"))
    assert err.value.code == "bad_option"
