"""Time to a 0.5%-accurate equity: pitboss beside PokerKit (and eval7 for hold'em).

Issue 11's cases, all cards known to the table as the shoe camera sees them:

(a) Aces, Straights and Flushes (seed 000), six players on fourth street
    (two down and two up each, two cards each to come, the bug in the centre);
(b) Seven Card Stud (seed 003), four players on third street (four cards each
    to come);
(c) Omaha high-low eight or better (seed 004), four players on the flop;
(d) hold'em heads-up before the flop, for eval7, which only plays hold'em;
(e) the wild-card studs of seed 003 (deuces wild, Low Hole, the Man with the
    Axe), four players on third street: no peer plays them;
(f) seed 004's Cross, four players after two arms of the cross are turned (the
    others and the centre face down, unknown), and No Peek Sequential, four
    players when the first player has turned (every face-down card unknown, its
    owner's too): beyond the issue's cases. Cross's pools come from the
    engine's own composition and every deal is scored in one numpy pass (about
    10,000 deals a second); No Peek takes the vectorised tables while every hand
    can still make five cards (controller/odds/completion.py). These stop at
    ``--layout-time`` seconds and print the bar they reached.

"0.5%-accurate" means every reported number's 95% error bar is at most 0.005
(exact answers have none). pitboss is timed to that answer, best of
``--rounds`` runs with the tables already built (the build time, paid once
per process, is printed apart); "cold s" is the first answer in a fresh
process, which fills the table entries it needs as it goes. A Monte Carlo
peer needs as many independent samples as pitboss did for the same bar (the
same estimator), so PokerKit is timed on ``--pk-samples`` samples and its
time to the bar is that rate times the samples needed; eval7 is timed on the
full sample count. The
"max z" columns check the answers agree: the largest difference between
pitboss's and the peer's equity over the two standard errors combined
(below 3 agrees; PokerKit's few samples make its error the larger one).
PokerKit has no joker, so case (a) has no peer. numpy runs on one thread.

    .venv/bin/python benchmarks/bench_odds.py [--rounds 3] [--pk-samples 300] [--seed 7]
                                              [--no-cold] [--layout-time 1.0]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import math
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from controller.hands import HoleAndBoard
from controller.odds import Equity, OddsSpec, ShowdownRule, centre_joker, equity, fast, wild
from controller.variants.game import PotRule

TARGET = 0.005
LAYOUT_TIME = 1.0  # seconds the engine-scored cases (f) may sample (--layout-time)
Z95 = 1.96


@dataclass
class Case:
    name: str
    spec: OddsSpec
    method: str = "auto"
    max_time: float | None = None
    pokerkit: Callable[[int], list[float]] | None = None
    eval7: Callable[[int], list[float]] | None = None


def _pk_cards(text: str) -> list[Any]:
    from pokerkit import Card

    return list(Card.parse(text.replace(" ", "")))


def _pokerkit(hands: list[str], board: str, hole: int, board_total: int,
              types: tuple[str, ...]) -> Callable[[int], list[float]] | None:
    try:
        import pokerkit
    except ImportError:
        return None
    hand_types = tuple(getattr(pokerkit, t) for t in types)

    def run(samples: int) -> list[float]:
        return list(pokerkit.calculate_equities(
            [[_pk_cards(h)] for h in hands], _pk_cards(board) if board else [], hole,
            board_total, pokerkit.Deck.STANDARD, hand_types, sample_count=samples))

    return run


def _eval7(hero: str, villain: str) -> Callable[[int], list[float]] | None:
    try:
        import eval7
    except ImportError:
        return None

    def run(samples: int) -> list[float]:
        mine = [eval7.Card(c) for c in hero.split()]
        share = eval7.py_hand_vs_range_monte_carlo(
            mine, eval7.HandRange(villain.replace(" ", "")), [], samples)
        return [share, 1 - share]

    return run


def cases() -> list[Case]:
    asf = ["As Kd 7h 7c", "Qs Qd 2h 9c", "Jh Th 8h 3s", "5d 5s Kc 4h", "9s 8s 6s 2d",
           "Ad Ac 3c 4d"]
    stud = ["As Ks Qs", "9h 9d 2c", "7c 8c 9c", "Jd Td 4h"]
    omaha = ["As 2s Kd Qd", "3h 4h Jc Jh", "Ac 3c Tc Td", "6h 7h 8d 9h"]
    omaha_rule = ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8,
                              composition=HoleAndBoard(2, 3))
    omaha_spec = OddsSpec.build(omaha, board="5c 9d Jd ? ?", rule=omaha_rule)
    omaha_pk = _pokerkit(omaha, "5c 9d Jd", 4, 5,
                         ("OmahaHoldemHand", "OmahaEightOrBetterLowHand"))
    return [
        Case("(a) ASF 6p 4th street", OddsSpec.build(
            asf, to_come=2, board=centre_joker(), deck=53, rule=ShowdownRule(high="high-bug"))),
        Case("(b) stud 4p 3rd street", OddsSpec.build(stud, to_come=4),
             pokerkit=_pokerkit(stud, "", 7, 0, ("StandardHighHand",))),
        Case("(c) Omaha/8 4p flop", omaha_spec, pokerkit=omaha_pk),
        Case("(c') same, forced MC", omaha_spec, method="monte-carlo", pokerkit=omaha_pk),
        *wild_cases(stud),
        Case("(d) hold'em 2p preflop", OddsSpec.build(["As Ks", "Qd Qc"], board_to_come=5),
             pokerkit=_pokerkit(["As Ks", "Qd Qc"], "", 2, 5, ("StandardHighHand",)),
             eval7=_eval7("As Ks", "Qd Qc")),
        Case("(f) Cross 4p 2 arms turned", _house_spec("cross", 3), max_time=LAYOUT_TIME),
        Case("(f) No Peek Seq. 4p 1st turn", _house_spec("no-peek-sequential", 1),
             max_time=LAYOUT_TIME),
    ]


def _house_spec(game: str, bets: int) -> OddsSpec:
    """A seed-004 hand dealt at random (seeded), everyone checking or calling, priced when
    its ``bets``-th betting round opens."""
    from controller.engine import Act, BoardTurn, PlayerAction, apply, expected, new_hand
    from controller.engine.randomplay import random_event
    from controller.odds.from_state import spec_from_state

    rng = random.Random(11)
    state = new_hand(game, [(i, f"P{i}", 4000) for i in range(1, 5)], dealer=4)
    opened = 0
    while state.result is None:
        nxt = expected(state)
        if nxt.kind == "action":
            if state.betting is not None and all(p.acted < 0 for p in state.players):
                opened += 1
                if opened == bets:
                    return spec_from_state(state)
            legal = {a.action for a in nxt.legal}
            act = next(a for a in (Act.CHECK, Act.CALL, Act.BRING_IN) if a in legal)
            state = apply(state, PlayerAction(nxt.seat, act))
        elif nxt.kind == "turn":
            state = apply(state, BoardTurn(nxt.choices[0]))
        else:
            state = apply(state, random_event(state, rng))
    raise AssertionError(f"{game} ended before betting round {bets}")


def wild_cases(hands: list[str]) -> list[Case]:
    from controller.odds.games import rule_for_game
    from controller.variants.catalogue import find_game

    out = []
    for game in ("deuces-wild", "low-hole", "axe"):
        rule = rule_for_game(find_game(game))[0]
        spec = OddsSpec.build(hands, to_come=4, to_come_down=1, rule=rule)
        out.append(Case(f"(e) {game} 4p 3rd street", spec))
    return out


def warm() -> float:
    start = time.perf_counter()
    for ranking, sizes in (("high", (5, 7)), ("high-bug", (7,)), ("low-a5-8", (5,))):
        fast.warm(ranking, sizes)
    wild.warm()
    return time.perf_counter() - start


def time_pitboss(case: Case, rounds: int, seed: int) -> tuple[float, Equity]:
    best, result = math.inf, None
    for r in range(rounds):
        start = time.perf_counter()
        result = equity(case.spec, seed=seed + r, max_error=TARGET, method=case.method,
                        max_time=case.max_time)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def needed_samples(result: Equity) -> int:
    """Independent samples any Monte Carlo needs for a 0.005 bar on the same numbers."""
    if result.method == "monte-carlo":
        return result.samples
    return math.ceil((Z95 * 0.5 / TARGET) ** 2)  # exact: the worst case p = 1/2


def agreement(result: Equity, theirs: list[float], samples: int) -> float:
    """Largest |difference| over the combined standard error, across the players."""
    worst = 0.0
    for mine, their in zip(result.players, theirs, strict=True):
        se = math.hypot(mine.error / Z95, math.sqrt(max(their * (1 - their), 1e-4) / samples))
        worst = max(worst, abs(mine.equity - their) / se)
    return worst


def cold_seconds(index: int, seed: int) -> float:
    """The first answer of case ``index`` in a fresh process (tables filled as needed)."""
    code = ("import sys, time; sys.path.insert(0, 'benchmarks'); import bench_odds as b; "
            f"c = b.cases()[{index}]; t = time.perf_counter(); "
            f"b.equity(c.spec, seed={seed}, max_error=b.TARGET, method=c.method, "
            "max_time=c.max_time); "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pk-samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-cold", action="store_true", help="skip the fresh-process runs")
    parser.add_argument("--layout-time", type=float, default=LAYOUT_TIME,
                        help="seconds of sampling for the engine-scored cases (f)")
    args = parser.parse_args()
    random.seed(args.seed)
    colds = [None if args.no_cold else cold_seconds(i, args.seed)
             for i in range(len(cases()))]
    print(f"tables built in {warm():.2f} s (once per process)\n")
    head = (f"{'case':<29} {'method':<11} {'samples':>8} {'bar':>7} {'cold s':>6} "
            f"{'pitboss s':>9} {'PokerKit s':>10} {'x faster':>8} {'max z':>6} {'eval7 s':>8} "
            f"{'max z':>6}")
    print(head)
    print("-" * len(head))
    for case, cold in zip(cases(), colds, strict=True):
        if case.max_time is not None:
            case.max_time = args.layout_time
        seconds, result = time_pitboss(case, args.rounds, args.seed)
        cold_s = "n/a" if cold is None else f"{cold:.2f}"
        need = needed_samples(result)
        pk_s = pk_ratio = pk_agree = "n/a"
        if case.pokerkit is not None:
            start = time.perf_counter()
            theirs = case.pokerkit(args.pk_samples)
            per = (time.perf_counter() - start) / args.pk_samples
            pk_s, pk_ratio = f"{per * need:.1f}", f"{per * need / seconds:.0f}"
            pk_agree = f"{agreement(result, theirs, args.pk_samples):.2f}"
        e7_s = e7_agree = "n/a"
        if case.eval7 is not None:
            start = time.perf_counter()
            theirs = case.eval7(need)
            e7_s = f"{time.perf_counter() - start:.3f}"
            e7_agree = f"{agreement(result, theirs, need):.2f}"
        print(f"{case.name:<29} {result.method:<11} {result.samples:>8} "
              f"{result.max_error:>7.4f} {cold_s:>6} {seconds:>9.3f} {pk_s:>10} {pk_ratio:>8} "
              f"{pk_agree:>6} {e7_s:>8} {e7_agree:>6}")


if __name__ == "__main__":
    main()
