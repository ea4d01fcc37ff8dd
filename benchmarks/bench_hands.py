"""Seven-card hand evaluation speed: pitboss beside treys, phevaluator, eval7, PokerKit.

All evaluators see the same seeded random seven-card hands in one run; each
row is evaluations per second (best five of seven, high) and the ratio to
treys and to pitboss's own single-call path. A peer that is not installed is
skipped and named. pitboss's bug (every hand holds the joker) and ace-to-five
low paths are timed on hands from the same generator. Each peer's answers are
also checked to order hands the same way pitboss does.

    .venv/bin/python benchmarks/bench_hands.py [--hands 200000] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from controller.cards import card_from_index
from controller.hands import get_ranking, tables
from controller.hands.batch import _tables, eval_high_batch

Row = tuple[str, str, float, str]


def _deal(n: int, seed: int, joker: bool = False) -> list[list[int]]:
    rng = random.Random(seed)
    deck = list(range(52))
    hands = []
    for _ in range(n):
        if joker:
            hands.append([*rng.sample(deck, 6), 52])
        else:
            hands.append(rng.sample(deck, 7))
    return hands


def _rate(fn: Callable[[Any], object], items: Sequence[Any]) -> tuple[float, list[object]]:
    start = time.perf_counter()
    out = [fn(x) for x in items]
    return len(items) / (time.perf_counter() - start), out


def _agrees(ours: Sequence[int], theirs: Sequence[Any], lower_is_better: bool) -> str:
    """Share of consecutive hand pairs both evaluators order the same way."""
    same = 0
    for i in range(len(ours) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        t1, t2 = theirs[i], theirs[i + 1]
        b = (t1 > t2) - (t1 < t2)
        same += a == (-b if lower_is_better else b)
    return f"{100 * same / max(1, len(ours) - 1):.2f}%"


def _text(idx: list[int]) -> list[str]:
    return [str(card_from_index(i)) for i in idx]


def _peers(hands: list[list[int]], ours: list[int]) -> list[Row]:
    rows: list[Row] = []
    try:
        import treys

        ev = treys.Evaluator()
        th = [[treys.Card.new(t) for t in _text(h)] for h in hands]
        rate, out = _rate(lambda h: ev.evaluate(h[:2], h[2:]), th)
        rows.append(("treys", "evaluate(board, hand)", rate, _agrees(ours, out, True)))
    except ImportError:
        rows.append(("treys", "not installed: skipped", 0.0, ""))
    try:
        from phevaluator import evaluate_cards

        rate, out = _rate(lambda h: evaluate_cards(*h), hands)
        rows.append(("phevaluator", "evaluate_cards(7 ints)", rate, _agrees(ours, out, True)))
    except ImportError:
        rows.append(("phevaluator", "not installed: skipped", 0.0, ""))
    try:
        import eval7

        eh = [[eval7.Card(t) for t in _text(h)] for h in hands]
        rate, out = _rate(eval7.evaluate, eh)
        rows.append(("eval7", "evaluate(7 cards)", rate, _agrees(ours, out, False)))
    except ImportError:
        rows.append(("eval7", "not installed: skipped", 0.0, ""))
    try:
        from pokerkit import StandardHighHand

        few = hands[:3000]
        ph = [("".join(_text(h[:2])), "".join(_text(h[2:]))) for h in few]
        rate, out = _rate(lambda h: StandardHighHand.from_game(*h), ph)
        rows.append(("PokerKit", "StandardHighHand.from_game", rate,
                     _agrees(ours[:3000], out, False)))
    except ImportError:
        rows.append(("PokerKit", "not installed: skipped", 0.0, ""))
    return rows


def _ours(hands: list[list[int]], seed: int) -> tuple[list[Row], list[int]]:
    tables.warm()
    _tables()
    rate, out = _rate(tables.eval_high7, hands)
    ours = [int(v) for v in out]  # type: ignore[call-overload]
    rows: list[Row] = [("pitboss", "eval_high7 (single call)", rate, "")]
    import numpy as np

    arr = np.array(hands, dtype=np.int8)
    eval_high_batch(arr[:1000])
    start = time.perf_counter()
    batch = eval_high_batch(arr)
    rows.append(("pitboss", "eval_high_batch (numpy)", len(arr) / (time.perf_counter() - start),
                 _agrees(ours, batch.tolist(), False)))
    high = get_ranking("high")
    few = [[card_from_index(i) for i in h] for h in hands[:20000]]
    rows.append(("pitboss", "get_ranking('high').evaluate", _rate(high.evaluate, few)[0], ""))
    bug_hands = _deal(len(hands), seed + 1, joker=True)
    for h in bug_hands:  # fill the lazy bug tables before timing, as warm() does for high
        tables.eval_bug7(h)
    rows.append(("pitboss", "eval_bug7 (joker in every hand)",
                 _rate(tables.eval_bug7, bug_hands)[0], ""))
    for h in hands:
        tables.eval_low_a5_7(h)
    rows.append(("pitboss", "eval_low_a5_7 (ace-to-five)",
                 _rate(tables.eval_low_a5_7, hands)[0], ""))
    return rows, ours


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    hands = _deal(args.hands, args.seed)
    rows, ours = _ours(hands, args.seed)
    peers = _peers(hands, ours)
    treys_rate = next((r[2] for r in peers if r[0] == "treys" and r[2]), 0.0)
    plain = rows[0][2]
    print(f"{args.hands:,} seeded random 7-card hands (seed {args.seed}); best five of seven\n")
    print(f"{'library':<12} {'path':<34} {'evals/s':>12} {'x treys':>8} {'x pitboss':>9} "
          f"{'same order':>10}")
    for name, path, rate, agree in [*rows, *peers]:
        if not rate:
            print(f"{name:<12} {path:<34} {'-':>12}")
            continue
        vs_treys = f"{rate / treys_rate:8.2f}" if treys_rate else f"{'-':>8}"
        print(f"{name:<12} {path:<34} {rate:>12,.0f} {vs_treys} {rate / plain:9.3f} "
              f"{agree:>10}")
    by = {r[1].split()[0]: r[2] for r in [*rows, *peers] if r[2]}
    print("\ntargets: single call >= 3x treys and >= 50x PokerKit; batch >= 2x eval7;"
          " bug and ace-to-five >= 0.5x pitboss single call")
    checks = [
        ("single >= 3x treys", by.get("eval_high7", 0) >= 3 * by.get("evaluate(board,", 1e18)),
        ("single >= 50x PokerKit",
         by.get("eval_high7", 0) >= 50 * by.get("StandardHighHand.from_game", 1e18)),
        ("batch >= 2x eval7", by.get("eval_high_batch", 0) >= 2 * by.get("evaluate(7", 1e18)),
        ("bug >= 0.5x plain", by.get("eval_bug7", 0) >= 0.5 * plain),
        ("a5 >= 0.5x plain", by.get("eval_low_a5_7", 0) >= 0.5 * plain),
    ]
    for label, ok in checks:
        print(f"  {label:<26} {'met' if ok else 'NOT MET'}")


if __name__ == "__main__":
    main()
