"""``pitboss showdown``: who wins among several hands, printed as JSON.

``pitboss showdown --rules high --hand "Ah Kh" --hand "Ac Kc" --board "2d 7s 9c Jd 3h"``
prints ``{"winners": [0, 1], "hands": [{"category": ..., "cards": [...]}, ...]}``
(indexes in the order the hands were given; ties included). ``--omaha``
plays exactly two hole cards and three board cards. With ``low-a5-8`` each
hand also carries ``"qualifies"``; when no hand qualifies ``winners`` is empty.
"""

from __future__ import annotations

import argparse
from typing import Any

from controller.commands._common import fail, print_json
from controller.commands.hand import add_rules_options, ranking_from_args
from controller.errors import HandError, PitbossError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("showdown", help="rank several hands and name the winners (JSON)")
    add_rules_options(p)
    p.add_argument("--hand", action="append", default=[], metavar="CARDS",
                   help='one player\'s cards, e.g. "As Kd"; repeat per player')
    p.add_argument("--board", default="", metavar="CARDS", help="shared board cards")
    p.add_argument("--omaha", action="store_true",
                   help="use exactly two hole cards and three board cards")
    p.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from controller.hands import AnyFive, HoleAndBoard, showdown

    try:
        ranking = ranking_from_args(args)
        if len(args.hand) < 1:
            raise HandError("give at least one --hand", "no_hands")
        composition = HoleAndBoard(2, 3) if args.omaha else AnyFive()
        result = showdown(args.hand, ranking, board=args.board, composition=composition)
    except PitbossError as err:
        return fail(err)
    hands: list[dict[str, Any]] = []
    for v in result.values:
        entry: dict[str, Any] = v.as_dict()
        if getattr(ranking, "qualifier", None) is not None:
            entry["qualifies"] = v.qualifies
        hands.append(entry)
    print_json({"winners": result.winners, "hands": hands})
    return 0
