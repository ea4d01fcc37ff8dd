"""Five-card hand counts (issue 2 item 7): the standard table for the 52-card deck and the
bug table for the 53-card deck (seed 002), counted through the evaluator itself.

Full enumeration lives in benchmarks/count_hands.py; here each rank pattern is evaluated
once per suit pattern that matters and weighted by how many hands share it, so the test
takes a fraction of a second yet counts every one of the 2,598,960 / 2,869,685 hands."""

from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

from controller.hands.tables import eval_bug, eval_high, high_key
from controller.hands.value import CATEGORY_NAMES

STANDARD = {
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552, "pair": 1_098_240,
    "high card": 1_302_540,
}
# benchmarks/count_hands.py by full enumeration; docs/hand-rankings.md
BUG = {
    "five of a kind": 1, "straight flush": 204, "four of a kind": 828, "full house": 4_368,
    "flush": 7_804, "straight": 20_532, "three of a kind": 63_360, "two pair": 138_600,
    "pair": 1_215_024, "high card": 1_418_964,
}


def _count(size: int, evaluate, joker: bool) -> tuple[Counter[str], set[int]]:  # type: ignore[no-untyped-def]
    by_cat: Counter[str] = Counter()
    values: set[int] = set()

    def add(cards: list[int], weight: int) -> None:
        v = evaluate([*cards, 52] if joker else cards)
        values.add(v)
        by_cat[CATEGORY_NAMES[high_key(v)[0]]] += weight

    for ranks in combinations_with_replacement(range(13), size):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        # give each rank its lowest suits: never all one suit unless all ranks differ
        cards, seen = [], Counter[int]()
        for r in ranks:
            cards.append(4 * r + seen[r])
            seen[r] += 1
        ways = prod(comb(4, c) for c in counts.values())
        if len(counts) == size:  # all distinct: 4 one-suit hands + the rest
            add([4 * r for r in ranks], 4)
            mixed = [*cards[:-1], 4 * ranks[-1] + 1]
            add(mixed, ways - 4)
        else:
            add(cards, ways)
    return by_cat, values


def test_issue2_five_card_standard_table_and_7462_values() -> None:
    by_cat, values = _count(5, eval_high, joker=False)
    assert dict(by_cat) == STANDARD and sum(by_cat.values()) == comb(52, 5)
    assert len(values) == 7462


def test_seed002_five_card_bug_table_53_card_deck() -> None:
    plain, _ = _count(5, eval_bug, joker=False)
    with_bug, values = _count(4, eval_bug, joker=True)
    total = plain + with_bug
    assert dict(total) == BUG and sum(total.values()) == comb(53, 5)
    assert max(values) == 7463  # five aces, above the royal flush
