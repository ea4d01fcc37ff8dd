"""Exact hand counts by full enumeration (checks the evaluator against the known tables).

* all 2,598,960 five-card hands of the 52-card deck, per category, and the
  number of distinct values (7,462);
* all 2,869,685 five-card hands of the 53-card deck with the joker as the bug
  (seed 002: five aces above straight flushes);
* ``--seven``: all 133,784,560 seven-card hands (best five of seven), through
  the numpy batch path (takes a minute or two).

    .venv/bin/python benchmarks/count_hands.py [--seven]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from itertools import combinations
from math import comb

from controller.hands import tables
from controller.hands.value import CATEGORY_NAMES

STANDARD_FIVE = {
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552, "pair": 1_098_240,
    "high card": 1_302_540,
}
STANDARD_SEVEN = {
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184,
    "flush": 4_047_644, "straight": 6_180_020, "three of a kind": 6_461_620,
    "two pair": 31_433_400, "pair": 58_627_800, "high card": 23_294_460,
}
ROYAL = tables.high_strength((8, 14, 13, 12, 11, 10))


def _table(title: str, strengths: Counter[int], expected: dict[str, int] | None) -> bool:
    by_cat: Counter[str] = Counter()
    for strength, n in strengths.items():
        by_cat[CATEGORY_NAMES[tables.high_key(strength)[0]]] += n
    total = sum(by_cat.values())
    print(f"\n{title}")
    print(f"{'category':<18} {'hands':>14} {'probability':>12} {'expected':>14}")
    ok = True
    for cat in reversed(CATEGORY_NAMES):
        if not by_cat[cat] and (expected is None or cat not in expected):
            continue
        want = expected.get(cat) if expected is not None else None
        mark = "" if want is None else f"{want:>14,}" + ("" if want == by_cat[cat] else "  !!")
        ok &= want is None or want == by_cat[cat]
        print(f"{cat:<18} {by_cat[cat]:>14,} {by_cat[cat] / total:>12.8f} {mark}")
    print(f"{'  of which royal':<18} {strengths[ROYAL]:>14,}")
    print(f"{'total':<18} {total:>14,}")
    print(f"distinct values: {len(strengths):,}")
    return ok


def five_card(bug: bool) -> Counter[int]:
    """Strength -> number of five-card hands (with the joker too when ``bug``)."""
    counts: Counter[int] = Counter()
    evaluate = tables.eval_bug if bug else tables.eval_high
    for hand in combinations(range(52), 5):
        counts[evaluate(hand)] += 1
    if bug:
        for four in combinations(range(52), 4):
            counts[evaluate((*four, 52))] += 1
    return counts


def seven_card() -> Counter[int]:
    """Strength -> number of seven-card hands, by the numpy batch path."""
    import numpy as np

    from controller.hands.batch import eval_high_batch

    rest = {n: np.array(list(combinations(range(n), 5)), np.int8) for n in range(5, 51)}
    counts = np.zeros(len(tables.HIGH_KEYS), np.int64)
    for a in range(52):
        for b in range(a + 1, 47):
            tail = rest[51 - b] + (b + 1)
            block = np.empty((len(tail), 7), np.int8)
            block[:, 0], block[:, 1], block[:, 2:] = a, b, tail
            counts += np.bincount(eval_high_batch(block), minlength=len(counts))
    return Counter({i: int(n) for i, n in enumerate(counts) if n})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seven", action="store_true", help="also all 133,784,560 7-card hands")
    args = parser.parse_args()
    start = time.perf_counter()
    five = five_card(bug=False)
    ok = _table("five-card hands, 52-card deck", five, STANDARD_FIVE)
    ok &= len(five) == 7462 and sum(five.values()) == comb(52, 5)
    bug = five_card(bug=True)
    ok &= sum(bug.values()) == comb(53, 5)
    _table("five-card hands, 53-card deck, joker as the bug (seed 002)", bug, None)
    if args.seven:
        seven = seven_card()
        ok &= _table("seven-card hands (best five of seven)", seven, STANDARD_SEVEN)
        ok &= sum(seven.values()) == comb(52, 7)
    print(f"\n{'all counts match' if ok else 'COUNTS DIFFER'} "
          f"({time.perf_counter() - start:.1f} s)")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
