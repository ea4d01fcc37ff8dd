"""``pitboss ledger ...``: open and close a session, buy-ins, rebuys, cash-outs, settle-up.

``open`` starts a session and prints its id; ``buy-in``/``rebuy``/``cash-out``
record chips; ``show`` prints results, the bank check and who pays whom;
``export`` writes CSV; ``close`` closes the session once the bank balances;
``alias`` merges two names of one player across sessions.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from controller.commands._common import print_json
from controller.commands.history import db_options, guarded

if TYPE_CHECKING:
    from controller.log.session import TableLog
    from controller.log.store import EventStore


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("ledger", help="buy-ins, rebuys, cash-outs, bank check, settle-up")
    p.set_defaults(handler=lambda args: (p.print_help(), 0)[1])
    verbs = p.add_subparsers(dest="ledger_command", metavar="ACTION")
    common = db_options()
    op = verbs.add_parser("open", parents=[common], help="open a session at a table")
    op.add_argument("table", help="table name, e.g. 'Friday game'")
    op.add_argument("--chip-unit", default="1", help="money per chip, e.g. 0.25")
    op.add_argument("--stakes", default="", help="e.g. 1/2")
    op.add_argument("--currency", default="", help="e.g. EUR")
    op.add_argument("--session", default=None, help="choose the session id")
    op.set_defaults(handler=guarded(_open))
    for verb, what in (("buy-in", "sell chips to a player"), ("rebuy", "sell more chips"),
                       ("cash-out", "buy a player's chips back")):
        e = verbs.add_parser(verb, parents=[common], help=what)
        e.add_argument("session")
        e.add_argument("player")
        e.add_argument("chips", type=int)
        e.set_defaults(handler=guarded(_entry), entry=verb.replace("-", "_"))
    for verb, fn, what in (("show", _show, "results, bank check and settle-up"),
                           ("close", _close, "close the session (the bank must balance)")):
        v = verbs.add_parser(verb, parents=[common], help=what)
        v.add_argument("session")
        v.set_defaults(handler=guarded(fn))
    ex = verbs.add_parser("export", parents=[common], help="results or transfers as CSV")
    ex.add_argument("session")
    ex.add_argument("--what", choices=("results", "transfers"), default="results")
    ex.set_defaults(handler=guarded(_export))
    al = verbs.add_parser("alias", parents=[common], help="ALIAS is the same person as PLAYER")
    al.add_argument("alias")
    al.add_argument("player")
    al.set_defaults(handler=guarded(_alias))


def _open(args: argparse.Namespace) -> int:
    from controller.log.session import TableLog
    from controller.log.store import open_store

    with open_store(args.db) as store:
        log = TableLog.open_session(store, args.table, args.chip_unit, args.stakes,
                                    args.currency, args.session)
    if args.json:
        print_json({"session": log.session, "table": log.info.table})
    else:
        print(log.session)
    return 0


def _writer(store: EventStore, session: str) -> TableLog:
    from controller.log.export import session_info
    from controller.log.session import TableLog

    session_info(store, session)  # an unknown session gets the friendly message
    return TableLog(store, session)


def _entry(args: argparse.Namespace) -> int:
    from controller.log.store import open_store

    with open_store(args.db) as store:
        log = _writer(store, args.session)
        event = getattr(log, args.entry)(args.player, args.chips)
    if args.json:
        print_json(event.to_dict())
    else:
        print(f"{args.player}: {args.entry.replace('_', '-')} {args.chips} chips recorded")
    return 0


def _show(args: argparse.Namespace) -> int:
    from controller.log.report import ledger_dict, ledger_text
    from controller.log.store import open_store

    with open_store(args.db) as store:
        log = _writer(store, args.session)
        info, led = log.info, log.ledger
    if args.json:
        print_json(ledger_dict(info, led))
    else:
        print(ledger_text(info, led))
    return 0


def _export(args: argparse.Namespace) -> int:
    from controller.log.report import results_csv, transfers_csv
    from controller.log.store import open_store

    with open_store(args.db) as store:
        log = _writer(store, args.session)
        info, led = log.info, log.ledger
    write = results_csv if args.what == "results" else transfers_csv
    sys.stdout.write(write(info, led))
    return 0


def _close(args: argparse.Namespace) -> int:
    from controller.log.store import open_store

    with open_store(args.db) as store:
        event = _writer(store, args.session).close_session()
    if args.json:
        print_json(event.to_dict())
    else:
        print(f"session {args.session} closed: {event.payload['chips_sold']} chips sold and "
              "paid back")
    return 0


def _alias(args: argparse.Namespace) -> int:
    from controller.log.store import open_store

    with open_store(args.db) as store:
        store.set_alias(args.alias, args.player)
    if args.json:
        print_json({"alias": args.alias, "player": args.player})
    else:
        print(f"{args.alias} is now counted as {args.player}")
    return 0
