"""The same equities as PokerKit on standard stud and Omaha hands (issue 11, "Done when").

Two kinds of check: exact enumerations scored by PokerKit's own hand classes
(every deal, the equity formula of ``pokerkit.analysis``: each hand type is
an equal part of the pot, shared among the tied best, and a hand type nobody
qualifies for drops out), and PokerKit's Monte Carlo ``calculate_equities``
against ours within the two error bars together.
"""

from __future__ import annotations

import math
import random
from itertools import permutations

import pytest
from pokerkit import (
    Card as PkCard,
)
from pokerkit import (
    Deck,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    StandardHighHand,
    calculate_equities,
)

from controller.cards import DECK_52, parse_cards
from controller.hands import HoleAndBoard
from controller.odds import OddsSpec, ShowdownRule, equity
from controller.variants.game import PotRule

OMAHA_8 = ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8, composition=HoleAndBoard(2, 3))
STUD_8 = ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8)


def pk(cards: str) -> list[PkCard]:
    return list(PkCard.parse(cards.replace(" ", "")))


def pokerkit_shares(holes: list[list[PkCard]], board: list[PkCard],
                    hand_types: tuple[type, ...]) -> list[float]:
    """PokerKit's split for one complete deal (as ``pokerkit.analysis`` computes it)."""
    shares = [0.0] * len(holes)
    qualified = 0
    for hand_type in hand_types:
        hands = [hand_type.from_game_or_none(h, board) for h in holes]
        scored = [h for h in hands if h is not None]
        if not scored:
            continue
        qualified += 1
        best = max(scored)
        winners = [i for i, h in enumerate(hands) if h is not None and h == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    return [s / qualified for s in shares]


def left_after(text: str) -> list[str]:
    known = set(parse_cards(text))
    return [str(c) for c in DECK_52 if c not in known]


def test_omaha_high_low_river_equals_pokerkit_hand_by_hand() -> None:
    """Seed 004 "Omaha" with the eight-or-better split of seed 003."""
    hands, board = ["As 2s Kd Qd", "3h 4h Jc Jh", "Ac 3c Tc Td"], "5c 9d Jd 8s"
    rivers = left_after(" ".join([*hands, board]))
    total = [0.0] * 3
    for river in rivers:
        shares = pokerkit_shares([pk(h) for h in hands], pk(f"{board} {river}"),
                                 (OmahaHoldemHand, OmahaEightOrBetterLowHand))
        total = [t + s for t, s in zip(total, shares, strict=True)]
    got = equity(OddsSpec.build(hands, board=f"{board} ?", rule=OMAHA_8))
    assert [p.equity for p in got.players] == pytest.approx([t / len(rivers) for t in total],
                                                            abs=1e-9)


def test_omaha_high_turn_and_river_equals_pokerkit() -> None:
    """Omaha high on the flop, heads up: all 820 turn-and-river pairs, PokerKit-scored."""
    hands, board = ["Ah Ad 7c 8c", "Ks Qs Js Th"], "9s 6c 2d"
    left = left_after(" ".join([*hands, board]))
    total, count = [0.0, 0.0], 0
    for i, turn in enumerate(left):
        for river in left[i + 1:]:
            shares = pokerkit_shares([pk(h) for h in hands], pk(f"{board} {turn} {river}"),
                                     (OmahaHoldemHand,))
            total = [t + s for t, s in zip(total, shares, strict=True)]
            count += 1
    rule = ShowdownRule("high", composition=HoleAndBoard(2, 3))
    got = equity(OddsSpec.build(hands, board=f"{board} ? ?", rule=rule))
    assert got.samples == count == 820
    assert [p.equity for p in got.players] == pytest.approx([t / count for t in total],
                                                            abs=1e-9)


def test_stud_seventh_street_equals_pokerkit() -> None:
    """Seed 003 "The Play": sixth street, one down card each to come, every pair of cards."""
    hands = ["Kh Kd 7c 8c 9c 2s", "Qs Qd Jc Tc 3h 3d"]
    left = left_after(" ".join(hands))
    total, count = [0.0, 0.0], 0
    for a, b in permutations(left, 2):
        shares = pokerkit_shares([pk(f"{hands[0]} {a}"), pk(f"{hands[1]} {b}")], [],
                                 (StandardHighHand,))
        total = [t + s for t, s in zip(total, shares, strict=True)]
        count += 1
    got = equity(OddsSpec.build(hands, to_come=1))
    assert got.samples == count
    assert [p.equity for p in got.players] == pytest.approx([t / count for t in total],
                                                            abs=1e-9)


def test_stud_high_low_eight_seventh_street_equals_pokerkit() -> None:
    """Seed 003 "Seven Card Stud High-Low": split, low only eight or better."""
    done, drawing = "Ah 2d 3c 9s 9h Kd Ks", "4h 5h 6d Qc Qh 7s"
    total = [0.0, 0.0]
    left = left_after(f"{done} {drawing}")
    for card in left:
        shares = pokerkit_shares([pk(done), pk(f"{drawing} {card}")], [],
                                 (StandardHighHand, EightOrBetterLowHand))
        total = [t + s for t, s in zip(total, shares, strict=True)]
    got = equity(OddsSpec.build([done, f"{drawing} ?"], rule=STUD_8))
    assert [p.equity for p in got.players] == pytest.approx([t / len(left) for t in total],
                                                            abs=1e-9)


def test_stud_third_street_monte_carlo_agrees_with_pokerkit_monte_carlo() -> None:
    """Third street, three players, four cards each to come: both are Monte Carlo, so they
    must agree within the combined error (3.3 standard errors: 99.9%)."""
    hands = ["As Ks Qs", "9h 9d 2c", "7c 8c 9c"]
    random.seed(11)
    samples = 1_500
    theirs = calculate_equities([[pk(h)] for h in hands], [], 7, 0, Deck.STANDARD,
                                (StandardHighHand,), sample_count=samples)
    ours = equity(OddsSpec.build(hands, to_come=4), seed=11, max_error=0.005)
    assert ours.method == "monte-carlo" and ours.max_error <= 0.005
    for mine, their in zip(ours.players, theirs, strict=True):
        se_theirs = math.sqrt(max(their * (1 - their), 0.01) / samples)
        se_mine = mine.error / 1.96
        assert abs(mine.equity - their) <= 3.3 * math.hypot(se_mine, se_theirs)
