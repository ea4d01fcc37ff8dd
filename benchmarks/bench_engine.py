"""Rules-engine speed: events applied per second, one full hand per game, and
six-handed stud, razz and stud/8 played with random legal actions side by side
with PokerKit doing the same (issue 3: target at least 5x PokerKit's hands/s).

    .venv/bin/python benchmarks/bench_engine.py [--seconds 2]

Both sides play fixed-limit hands (ante 1, bring-in 2, bets 5/10, cap of a bet
and three raises also heads-up, stacks 200, a burn card before each later
street, no big bet on an open pair: :func:`like_pokerkit`) with the same action mix (fold weight
1, call/check 3, bet/raise/complete 3; bring-in or complete half and half) and
deal their own random cards; PokerKit automates dealing, antes, bet
collection, showdown and pot pushing. After a short untimed warm-up of each
side, runs are interleaved in slices so a busy machine slows both sides alike;
each slice deals new hands (its own seed, the same on both sides), so no cache
on either side sees the same hand twice.

What is timed (CPU time, ``time.process_time``), alike on both sides: whole
hands from a new hand (antes posted) to the pot pushed, after a fold or at
showdown; for every event, asking the engine what is legal now, choosing a
random legal action or an unseen card with ``random.Random``, and applying it.
Not timed: imports and lookup tables. PokerKit builds its hand lookup tables
when imported; pitboss's seven-card high and ace-to-five tables fill lazily
(one entry per rank multiset), so they are filled before timing
(:func:`warm_tables`) rather than timing their first fill in one side only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from controller.engine import Event, apply, new_hand
from controller.engine.randomplay import random_event
from controller.hands import tables
from controller.variants.catalogue import GAMES, find_game
from controller.variants.game import GameDef

STACK = 200


def _seats(game: GameDef, n: int = 6) -> list[tuple[int, str, int]]:
    n = max(game.min_players, min(n, game.max_players))
    return [(s, f"P{s}", STACK) for s in range(1, n + 1)]


def record_hands(game: GameDef, count: int, seed: int = 1) -> list[list[Event]]:
    """Event lists of ``count`` random hands (for timing replay alone)."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        state = new_hand(game, _seats(game), dealer=1)
        events: list[Event] = []
        while not state.complete:
            event = random_event(state, rng)
            state = apply(state, event)
            events.append(event)
        hands.append(events)
    return hands


def time_replay(game: GameDef, hands: list[list[Event]]) -> tuple[float, int]:
    """Seconds to replay every hand, and the number of events applied."""
    seats = _seats(game)
    start = time.process_time()
    for events in hands:
        state = new_hand(game, seats, dealer=1)
        for event in events:
            state = apply(state, event)
    return time.process_time() - start, sum(len(h) for h in hands)


def warm_tables() -> None:
    """Fill the seven-card high and ace-to-five low tables (one entry per rank
    multiset), as PokerKit fills its lookups on import."""
    tables.warm()
    for ranks in combinations_with_replacement(range(13), 7):
        held = [ranks.count(r) for r in range(13)]
        if max(held) <= 4:  # distinct cards: the k-th card of a rank takes suit k
            tables.eval_low_a5_7([4 * r + k for r in range(13) for k in range(held[r])])


def like_pokerkit(game: GameDef) -> tuple[GameDef, dict[str, object]]:
    """The game and options that make a pitboss stud hand the hand PokerKit plays:
    a burn card before each deal round (PokerKit burns before 4th to 7th street;
    pitboss also before the first deal, one card more), no big bet on an open pair
    and the cap kept heads-up (PokerKit has neither rule)."""
    options: dict[str, object] = {"burns": True}
    if "big_bet_on_pair" in game.defaults:
        options["big_bet_on_pair"] = False
    return replace(game, heads_up_uncapped=False), options


def pitboss_hand(game: GameDef, rng: random.Random,
                 options: dict[str, object] | None = None) -> None:
    state = new_hand(game, _seats(game), dealer=1, options=options)
    while state.result is None:  # (PokerKit's loop reads ``status`` alike)
        state = apply(state, random_event(state, rng))


def pokerkit_hand(cls: type, rng: random.Random) -> None:
    from pokerkit import Automation

    auto = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.CARD_BURNING,
            Automation.HOLE_DEALING, Automation.BOARD_DEALING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
    st = cls.create_state(auto, True, 1, 2, 5, 10, STACK, 6)
    while st.status:
        if st.can_post_bring_in():
            if rng.random() < 0.5:
                st.post_bring_in()
            else:
                st.complete_bet_or_raise_to()
            continue
        options = []
        if st.can_fold():
            options.append(st.fold)
        if st.can_check_or_call():
            options += [st.check_or_call] * 3
        if st.can_complete_bet_or_raise_to():
            options += [st.complete_bet_or_raise_to] * 3
        rng.choice(options)()


def hands_per_second(play: Callable[[random.Random], None], seconds: float,
                     seed: int = 7) -> float:
    rng = random.Random(seed)
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        play(rng)
        count += 1
    return count / (time.process_time() - start)


def table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print(f"\n{title}")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(c.rjust(w) if i else c.ljust(w)
                        for i, (c, w) in enumerate(zip(r, widths, strict=True))))


def per_game(count: int) -> None:
    rows = []
    for game in (g for g in GAMES if g.playable):
        hands = record_hands(game, count)
        secs, events = time_replay(game, hands)
        rows.append([game.id, str(len(_seats(game))), f"{events / len(hands):.0f}",
                     f"{secs / len(hands) * 1e6:.0f}", f"{events / secs:,.0f}"])
    table(f"Replay of {count} recorded random hands per game (engine only: check + apply)",
          ["game", "players", "events/hand", "us/hand", "events/s"], rows)


def versus_pokerkit(seconds: float, slices: int = 4) -> None:
    try:
        import pokerkit
    except ImportError:
        print("\nPokerKit is not installed: pip install '.[bench]' for the comparison")
        return
    pairs = [("seven-card-stud", pokerkit.FixedLimitSevenCardStud),
             ("razz", pokerkit.FixedLimitRazz),
             ("stud-hi-lo-8", pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter)]
    rows = []
    for gid, cls in pairs:
        game = find_game(gid)
        same, options = like_pokerkit(game)

        def ours_play(rng: random.Random, g: GameDef = same,
                      o: dict[str, object] = options) -> None:
            pitboss_hand(g, rng, o)

        def theirs_play(rng: random.Random, c: type = cls) -> None:
            pokerkit_hand(c, rng)

        # An untimed warm-up on each side, then slices interleaved so machine load hits
        # both alike; every slice deals new hands (its own seed, the same on both sides),
        # so no cache sees a hand twice.
        hands_per_second(ours_play, seconds / slices / 4, seed=0)
        hands_per_second(theirs_play, seconds / slices / 4, seed=0)
        ours = theirs = 0.0
        for k in range(1, slices + 1):
            ours += hands_per_second(ours_play, seconds / slices, seed=k)
            theirs += hands_per_second(theirs_play, seconds / slices, seed=k)
        ours, theirs = ours / slices, theirs / slices
        rows.append([gid, f"{ours:,.0f}", f"{theirs:,.0f}", f"{ours / theirs:.1f}x"])
    from importlib.metadata import version

    table(f"6-handed random legal play, hands/s (pokerkit {version('pokerkit')}; target 5x)",
          ["game", "pitboss", "pokerkit", "ratio"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per side per game")
    parser.add_argument("--hands", type=int, default=100, help="recorded hands per game")
    args = parser.parse_args()
    warm_tables()
    per_game(args.hands)
    versus_pokerkit(args.seconds)


if __name__ == "__main__":
    main()
