"""``pitboss demo``: an evening of dealer's choice played by bots through the real pipeline.

Cards leave the synthetic shoe as camera frames and are read by the real shoe reader;
the bots' moves are legal actions from the rules engine; the LED display is the real
firmware in the emulator, driven over a real serial link; every event lands in the
hand log, which is left behind to browse (``pitboss history``, ``pitboss replay``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from controller.commands._common import fail, print_json
from controller.errors import PitbossError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demo", help="bots play an evening through the whole table; "
                       "leaves a hand log", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=20, help="hands to play (default 20)")
    p.add_argument("--seed", type=int, default=0, help="seed for the shuffles and the bots")
    p.add_argument("--players", type=int, default=4, help="bots at the table, 2-6 (default 4)")
    p.add_argument("--games", help="comma-separated game ids for the dealer's choice "
                   "(default: a stud, draw, razz, bug, hi-lo and ASF rotation)")
    p.add_argument("--db", help="hand log: a SQLite path or postgresql://... "
                   "(default: $XDG_DATA_HOME/pitboss/pitboss.sqlite3)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(handler=_demo)


def _line(report: object) -> str:
    from controller.sim.evening import HandReport

    assert isinstance(report, HandReport)
    won = " & ".join(report.winners) or "-"
    fixed = f"  ({report.fixes} fixed by hand)" if report.fixes else ""
    return (f"hand {report.number:>3}  {report.game[:34]:<34} pot {report.pot:>5}  "
            f"{won:<12} {report.cards:>2} cards  LED [{report.led:<8}]  "
            f"{report.seconds:5.2f}s{fixed}")


def _demo(args: argparse.Namespace) -> int:
    from controller.sim.evening import DEMO_GAMES, play_evening
    from controller.variants.catalogue import find_game

    try:
        if not 1 <= args.hands <= 10_000:
            raise PitbossError("--hands must be 1..10000", "bad_hands")
        if not 2 <= args.players <= 6:
            raise PitbossError("--players must be 2..6 (the draw games seat six)",
                               "bad_players")
        games = tuple(g.strip() for g in args.games.split(",")) if args.games else DEMO_GAMES
        games = tuple(find_game(g).id for g in games)
    except PitbossError as err:
        return fail(err)
    quiet = args.json
    if not quiet:
        print(f"pitboss demo: {args.hands} hands, {args.players} bots, dealer's choice of "
              f"{', '.join(games)}", flush=True)

    live = not quiet and sys.stdout.isatty()  # a line that counts the cards as they come

    def progress(report: object) -> None:
        if not quiet:
            print(("\r\033[K" if live else "") + _line(report), flush=True)

    def tick(hand: int, cards: int) -> None:
        if live:
            print(f"\rhand {hand:>3}  dealing... {cards} cards", end="", flush=True)

    try:
        evening = asyncio.run(play_evening(args.hands, args.seed, args.db, args.players,
                                           games, progress, tick))
    except PitbossError as err:
        return fail(err)
    summary = {"session": evening.session, "db": evening.db, "hands": len(evening.hands),
               "cards": evening.cards, "fixed_by_hand": evening.misread,
               "events": evening.events, "seconds": round(evening.seconds, 2),
               "stacks": evening.stacks}
    if quiet:
        print_json(summary)
        return 0
    rate = evening.cards / evening.seconds if evening.seconds else 0.0
    print(f"\n{len(evening.hands)} hands, {evening.cards} cards read from frames "
          f"({rate:.1f}/s), {evening.misread} fixed by hand, {evening.events} events "
          f"logged in {evening.seconds:.1f} s", flush=True)
    print("stacks: " + ", ".join(f"{n} {s}" for n, s in evening.stacks.items()))
    print(f"hand log: {evening.db} (session {evening.session})\n"
          f"browse it: pitboss history list --db {evening.db}\n"
          f"           pitboss history show --db {evening.db} {evening.session} 1",
          flush=True)
    return 0
