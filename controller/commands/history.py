"""``pitboss history list|show|export|stats``: read the hand log.

All sub-commands take ``--db URL`` (default: SQLite in the XDG data folder)
and print text, or JSON with ``--json``. Errors print
``{"error": {"code", "message"}}`` and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from controller.commands._common import fail, print_json
from controller.errors import PitbossError

Handler = Callable[[argparse.Namespace], int]


def db_options() -> argparse.ArgumentParser:
    """The ``--db`` option shared by the log commands."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="URL", default=None,
                        help="hand log: a SQLite file path or postgresql://user:pass@host/db "
                        "(default: $XDG_DATA_HOME/pitboss/pitboss.sqlite3)")
    common.add_argument("--json", action="store_true", help="print JSON instead of text")
    return common


def guarded(handler: Handler) -> Handler:
    """Turn a pitboss error into the CLI's exit-2 JSON error."""
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except PitbossError as err:
            return fail(err)
    return run


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("history", help="list, show and export logged sessions and hands")
    p.set_defaults(handler=lambda args: (p.print_help(), 0)[1])
    verbs = p.add_subparsers(dest="history_command", metavar="ACTION")
    common = db_options()
    ls = verbs.add_parser("list", parents=[common], help="sessions, or the hands of a session")
    ls.add_argument("session", nargs="?", help="list this session's hands")
    ls.set_defaults(handler=guarded(_list))
    show = verbs.add_parser("show", parents=[common], help="one hand, street by street")
    show.add_argument("session")
    show.add_argument("hand", type=int)
    show.add_argument("--odds", action="store_true",
                      help="street by street with each player's equity (issue 11)")
    show.add_argument("--chart", metavar="FILE.svg", help="with --odds: save the equity chart")
    show.set_defaults(handler=guarded(_show))
    exp = verbs.add_parser("export", parents=[common], help="a hand or session as JSON/PHH/text")
    exp.add_argument("session")
    exp.add_argument("hand", type=int, nargs="?", help="one hand (default: the whole session)")
    exp.add_argument("--format", default="json", choices=("json", "phh", "text"))
    exp.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    exp.set_defaults(handler=guarded(_export))
    stats = verbs.add_parser("stats", parents=[common], help="hands played, won, net, pots")
    stats.add_argument("session", nargs="?", help="one session (default: every session)")
    stats.set_defaults(handler=guarded(_stats))


def _list(args: argparse.Namespace) -> int:
    from controller.log.browse import hand_rows, session_rows
    from controller.log.store import open_store

    with open_store(args.db) as store:
        rows = hand_rows(store, args.session) if args.session else session_rows(store)
    if args.json:
        print_json(rows)
    else:
        _print_table(rows)
    return 0


def _show(args: argparse.Namespace) -> int:
    from controller.log.browse import show_hand
    from controller.log.store import open_store

    if args.odds or args.chart:
        return _show_odds(args)
    with open_store(args.db) as store:
        body = show_hand(store, args.session, args.hand)
    if args.json:
        print_json(body)
    else:
        print(body["text"])
    return 0


def _show_odds(args: argparse.Namespace) -> int:
    """``show --odds``: the hand replayed street by street with every player's equity."""
    from controller.log.browse import show_hand
    from controller.log.store import open_store
    from controller.odds.chart import equity_svg
    from controller.odds.replay import replay_logged

    with open_store(args.db) as store:
        show_hand(store, args.session, args.hand)  # unknown session or hand: a clear error
        replay = replay_logged(store.events(args.session, args.hand))
    if args.chart:
        with open(args.chart, "w", encoding="utf-8") as out:
            out.write(equity_svg(replay))
    if args.json:
        print_json(replay.as_dict())
    else:
        print(replay.text())
    return 0


def _export(args: argparse.Namespace) -> int:
    from controller.log.export import export
    from controller.log.store import open_store

    with open_store(args.db) as store:
        text = export(store, args.session, args.hand, args.format)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    else:
        sys.stdout.write(text + "\n")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from controller.log.browse import stats_text
    from controller.log.export import session_info
    from controller.log.stats import compute_stats, hand_summaries
    from controller.log.store import open_store

    with open_store(args.db) as store:
        if args.session:
            session_info(store, args.session)  # unknown session: a clear error
        table = compute_stats(hand_summaries(store, args.session), store.aliases())
    if args.json:
        print_json(table.to_dict())
    else:
        print(stats_text(table))
    return 0


def _print_table(rows: list[dict[str, Any]]) -> None:
    if not rows:
        print("(nothing logged yet)")
        return
    heads = list(rows[0])
    cells = [[_cell(r[h]) for h in heads] for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(heads)]
    print("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
    for c in cells:
        print("  ".join(v.ljust(w) for v, w in zip(c, widths, strict=True)).rstrip())


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)
