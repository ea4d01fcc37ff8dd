"""The vectorised scoring paths against the general rankings, deal by deal.

For each game the same random deals are scored twice: by the tables of
:mod:`controller.odds.fast` / :mod:`controller.odds.wild` and by
``Ranking.best`` card by card (the path every other rule uses). Within each
deal the two must order the players identically, ties included; that is all
the equity depends on.
"""

from __future__ import annotations

import numpy as np
import pytest

from controller.cards import Card, Rank
from controller.hands import HoleAndBoard, WildSpec
from controller.odds import Holding, OddsSpec, ShowdownRule, centre_joker
from controller.odds.deals import sample_deals
from controller.odds.score import Scorer, _SlowScorer
from controller.variants.game import PotRule

DEUCES = WildSpec(jokers=False, ranks=frozenset({Rank.TWO}))
AXE = WildSpec(jokers=False, ranks=frozenset({Rank.TWO, Rank.JACK}),
               cards=frozenset({Card("Kd")}))

CASES = {
    "stud (seed 003)": OddsSpec.build(["As Ks Qs", "9h 9d 2c", "7c 8c 9c"], to_come=4),
    "asf bug (seed 000)": OddsSpec.build(["As Kd 7h", "Qs Qd 2h", "Jh Th 8h"], to_come=3,
                                         board=centre_joker(), deck=53,
                                         rule=ShowdownRule(high="high-bug")),
    "draw, joker in pack (seed 002)": OddsSpec.build(["? ? ? ? ?"] * 4, deck=53,
                                                     rule=ShowdownRule(high="high-bug")),
    "stud/8 (seed 003)": OddsSpec.build(["As 2s 3d", "4h 5h Kd", "Ac 7c 8c"], to_come=4,
                                        rule=ShowdownRule("high", "low-a5-8",
                                                          PotRule.SPLIT_8)),
    "razz (seed 003)": OddsSpec.build(["As 2s 3d", "4h 5h Kd", "Ac 7c 8c"], to_come=4,
                                      rule=ShowdownRule("", "low-a5", PotRule.LOW)),
    "omaha/8 (seed 004)": OddsSpec.build(["As 2s Kd Qd", "? ? ? ?", "? ? ? ?"],
                                         board="5c ? ? ? ?",
                                         rule=ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8,
                                                           composition=HoleAndBoard(2, 3))),
    "deuces wild (seed 003)": OddsSpec.build(["2s Ks Qs", "9h 9d 2c", "7c 8c 9c"], to_come=4,
                                             rule=ShowdownRule("high-wild", wild=DEUCES)),
    "man with the axe (seed 003)": OddsSpec.build(
        ["7s 7d Qs", "9h 9d 2c", "Jc 8c 9c"], to_come=4,
        rule=ShowdownRule("high-wild", wild=AXE, top_hand="natural-pair-7")),
    "low hole (seed 003)": OddsSpec(
        (Holding(down=(), up=(), to_come=7, to_come_down=3),
         Holding(down=(), up=(), to_come=7, to_come_down=3),
         Holding(down=(), up=(), to_come=7, to_come_down=3)),
        rule=ShowdownRule("high-wild", wild=WildSpec.none(), low_hole=True)),
}


def dense(rows: np.ndarray) -> list[list[int]]:
    out = []
    for row in rows.tolist():
        order = {v: i for i, v in enumerate(sorted(set(row)))}
        out.append([order[v] for v in row])
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_fast_path_orders_every_deal_like_the_rankings(name: str) -> None:
    spec = CASES[name]
    scorer = Scorer(spec)
    assert scorer.fast, f"{name} should take a vectorised path"
    lay = scorer.layout
    deals = sample_deals(np.random.default_rng(1), lay.unseen, sum(lay.groups), 100)
    fast_high, fast_low = scorer.score(deals)
    slow_high, slow_low = _SlowScorer(scorer).score(deals)
    assert dense(fast_high) == dense(slow_high)
    assert dense(fast_low) == dense(slow_low)
    # zero (no qualifying low) lines up too
    assert ((fast_low == 0) == (slow_low == 0)).all()


def test_house_options_and_other_lows_take_the_general_path() -> None:
    """Deuce-to-seven and ace-to-six lows (seed 003) have no table here."""
    spec = OddsSpec.build(["As Ks Qs", "9h 9d 2c"], to_come=4,
                          rule=ShowdownRule("", "low-a6", PotRule.LOW))
    assert not Scorer(spec).fast
