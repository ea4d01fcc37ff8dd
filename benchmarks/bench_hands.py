"""Seven-card hand evaluation speed: pitboss beside treys, phevaluator, eval7, PokerKit.

All evaluators see the same seeded random seven-card hands in one run (best
five of seven, high). The machine is shared, so the evaluators take turns:
every round times one pass of each, and each row reports its best round, in
evaluations per second, with the ratio to treys and to pitboss's own
single-call path. A peer that is not installed is skipped and named. Each
peer's answers are checked to order the hands exactly as pitboss does.
pitboss's bug path (every hand holds the joker) and ace-to-five low path run
on hands from the same generator.

    .venv/bin/python benchmarks/bench_hands.py [--hands 200000] [--rounds 3] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from controller.cards import card_from_index
from controller.hands import get_ranking, tables
from controller.hands.batch import _tables, eval_high_batch

POKERKIT_HANDS = 3000  # PokerKit evaluates about 5k hands a second


@dataclass
class Entry:
    """One evaluator: ``run(items)`` evaluates them all and returns its answers."""

    library: str
    path: str
    run: Callable[[Any], Sequence[Any]]
    items: Any
    count: int
    lower_is_better: bool | None = None  # None: do not compare orders
    best: float = 0.0
    answers: Sequence[Any] = field(default_factory=list)


def _deal(n: int, seed: int, joker: bool = False) -> list[list[int]]:
    rng = random.Random(seed)
    deck = list(range(52))
    return [[*rng.sample(deck, 6), 52] if joker else rng.sample(deck, 7) for _ in range(n)]


def _text(idx: list[int]) -> list[str]:
    return [str(card_from_index(i)) for i in idx]


def _each(fn: Callable[..., Any], star: bool = False) -> Callable[[Any], list[Any]]:
    if star:
        return lambda items: [fn(*x) for x in items]
    return lambda items: [fn(x) for x in items]


def _pitboss(hands: list[list[int]], seed: int) -> list[Entry]:
    tables.warm()
    _tables()  # the batch tables are built once, before timing
    bug_hands = _deal(len(hands), seed + 1, joker=True)
    for h in bug_hands:  # fill the lazy bug and low tables too, as warm() does for high
        tables.eval_bug7(h)
    for h in hands:
        tables.eval_low_a5_7(h)
    high = get_ranking("high")
    few = [[card_from_index(i) for i in h] for h in hands[:20000]]
    arr = np.array(hands, dtype=np.int8)
    return [
        Entry("pitboss", "eval_high7 (single call)", _each(tables.eval_high7), hands, len(hands)),
        Entry("pitboss", "eval_high_batch (numpy)", lambda a: eval_high_batch(a).tolist(), arr,
              len(hands), False),
        Entry("pitboss", "get_ranking('high').evaluate", _each(high.evaluate), few, len(few)),
        Entry("pitboss", "eval_bug7 (joker in every hand)", _each(tables.eval_bug7), bug_hands,
              len(bug_hands)),
        Entry("pitboss", "eval_low_a5_7 (ace-to-five)", _each(tables.eval_low_a5_7), hands,
              len(hands)),
    ]


def _peers(hands: list[list[int]]) -> tuple[list[Entry], list[str]]:
    entries: list[Entry] = []
    missing: list[str] = []
    try:
        import treys

        ev = treys.Evaluator()
        th = [[treys.Card.new(t) for t in _text(h)] for h in hands]
        entries.append(Entry("treys", "evaluate(board, hand)",
                             _each(lambda h: ev.evaluate(h[:2], h[2:])), th, len(th), True))
    except ImportError:
        missing.append("treys")
    try:
        from phevaluator import evaluate_cards

        entries.append(Entry("phevaluator", "evaluate_cards(7 ints)",
                             _each(evaluate_cards, star=True), hands, len(hands), True))
    except ImportError:
        missing.append("phevaluator")
    try:
        import eval7

        eh = [[eval7.Card(t) for t in _text(h)] for h in hands]
        entries.append(Entry("eval7", "evaluate(7 cards)", _each(eval7.evaluate), eh, len(eh),
                             False))
    except ImportError:
        missing.append("eval7")
    try:
        from pokerkit import StandardHighHand

        ph = [("".join(_text(h[:2])), "".join(_text(h[2:]))) for h in hands[:POKERKIT_HANDS]]
        entries.append(Entry("PokerKit", "StandardHighHand.from_game",
                             _each(StandardHighHand.from_game, star=True), ph, len(ph), False))
    except ImportError:
        missing.append("PokerKit")
    return entries, missing


def _same_order(ours: Sequence[int], theirs: Sequence[Any], lower_is_better: bool) -> str:
    """Share of consecutive hand pairs both evaluators order the same way."""
    same = 0
    for i in range(len(theirs) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        b = (theirs[i] > theirs[i + 1]) - (theirs[i] < theirs[i + 1])
        same += a == (-b if lower_is_better else b)
    return f"{100 * same / max(1, len(theirs) - 1):.2f}%"


def _time(entries: list[Entry], rounds: int) -> None:
    for _ in range(rounds):
        for e in entries:
            start = time.perf_counter()
            e.answers = e.run(e.items)
            e.best = max(e.best, e.count / (time.perf_counter() - start))


def _report(entries: list[Entry], missing: list[str], n: int, seed: int) -> None:
    rate = {e.path.split()[0]: e.best for e in entries}
    plain = entries[0].best
    ours = [int(v) for v in entries[0].answers]
    treys_rate = next((e.best for e in entries if e.library == "treys"), 0.0)
    print(f"{n:,} seeded random 7-card hands (seed {seed}); best five of seven; "
          f"PokerKit on the first {POKERKIT_HANDS:,}\n")
    print(f"{'library':<12} {'path':<34} {'evals/s':>12} {'x treys':>8} {'x pitboss':>9} "
          f"{'same order':>10}")
    for e in entries:
        vs_treys = f"{e.best / treys_rate:8.2f}" if treys_rate else f"{'-':>8}"
        agree = "" if e.lower_is_better is None else _same_order(ours, e.answers,
                                                                  e.lower_is_better)
        print(f"{e.library:<12} {e.path:<34} {e.best:>12,.0f} {vs_treys} "
              f"{e.best / plain:9.3f} {agree:>10}")
    for name in missing:
        print(f"{name:<12} {'not installed: skipped':<34}")
    checks = [  # (target, our path, factor, the path it is measured against)
        ("single call >= 3x treys", "eval_high7", 3.0, "evaluate(board,"),
        ("single call >= 50x PokerKit", "eval_high7", 50.0, "StandardHighHand.from_game"),
        ("batch >= 2x eval7", "eval_high_batch", 2.0, "evaluate(7"),
        ("bug >= 0.5x plain", "eval_bug7", 0.5, "eval_high7"),
        ("ace-to-five >= 0.5x plain", "eval_low_a5_7", 0.5, "eval_high7"),
    ]
    print("\ntargets (issue 2):")
    for label, ours_key, factor, base in checks:
        if base not in rate:
            print(f"  {label:<30} peer skipped")
            continue
        print(f"  {label:<30} {'met' if rate[ours_key] >= factor * rate[base] else 'NOT MET'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    hands = _deal(args.hands, args.seed)
    peers, missing = _peers(hands)
    entries = [*_pitboss(hands, args.seed), *peers]
    _time(entries, args.rounds)
    _report(entries, missing, args.hands, args.seed)


if __name__ == "__main__":
    main()
