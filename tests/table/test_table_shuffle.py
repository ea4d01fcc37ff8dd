"""Issue 6 item 1: a shoe that looks unshuffled raises an irregularity. The statistic
(controller/table/shuffle.py) is checked on real shuffles and on stacked packs."""

from __future__ import annotations

import random

from controller.cards import DECK_52, Card, parse_cards
from controller.table.shuffle import ShuffleMemory, binomial_tail, shuffle_check


def _checked_after_every_card(cards: list[Card], memory: ShuffleMemory | None = None) -> bool:
    return any(shuffle_check(cards[:n], memory) for n in range(1, len(cards) + 1))


def test_fair_shuffles_almost_never_raise_an_alarm() -> None:
    """2,000 seeded shuffles, 42 cards each (seven ASF players), checked after every card:
    the documented threshold keeps false alarms under one hand in a thousand."""
    rng = random.Random(6)
    alarms = 0
    for _ in range(2000):
        pack = list(DECK_52)
        rng.shuffle(pack)
        alarms += _checked_after_every_card(pack[:42])
    assert alarms <= 2


def test_a_new_pack_order_is_caught_within_a_few_cards() -> None:
    pack = list(DECK_52)  # 2c 2d 2h 2s 3c ...: ranks together, suits rotating
    by_suit = sorted(DECK_52, key=lambda c: (c.suit, c.rank))  # 2c 3c 4c ...: a new pack
    first = next(n for n in range(1, 53) if shuffle_check(by_suit[:n]))
    assert first <= 6
    assert shuffle_check(by_suit[:first]).code == "unshuffled_runs"  # type: ignore[union-attr]
    alarm = shuffle_check(pack[:12])  # 2c 2d 2h 2s 3c ...: gathered by rank
    assert alarm is not None and "same rank" in alarm.message


def test_gathered_cards_of_a_previous_hand_are_recognised() -> None:
    """The same order as an earlier hand (a pack put back or only cut) is flagged."""
    rng = random.Random(3)
    pack = list(DECK_52)
    rng.shuffle(pack)
    memory = ShuffleMemory()
    memory.remember(pack[:30])
    assert not _checked_after_every_card(pack[30:], memory)
    cut = pack[10:30] + pack[:10]  # cut, not shuffled
    alarm = shuffle_check(cut[:8], memory)
    assert alarm is not None and alarm.code == "same_order"


def test_suit_runs_alone_are_caught() -> None:
    """Runs of one suit far beyond chance (12/51 per neighbour) even without rank order."""
    hearts = parse_cards("Kh 3h 9h 5h Qh 7h Th 2h Ah 6h")
    alarm = shuffle_check(hearts)
    assert alarm is not None and "same suit" in alarm.message


def test_binomial_tail_matches_direct_enumeration() -> None:
    n, p = 6, 0.3
    for k in range(n + 1):
        direct = sum(p ** sum(bits) * (1 - p) ** (n - sum(bits))
                     for bits in _all_bits(n) if sum(bits) >= k)
        assert abs(binomial_tail(k, n, p) - direct) < 1e-12


def _all_bits(n: int) -> list[tuple[int, ...]]:
    return [tuple((i >> j) & 1 for j in range(n)) for i in range(2 ** n)]
