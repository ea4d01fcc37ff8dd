"""``pitboss hand``: evaluate one hand and print it as JSON.

``pitboss hand --rules high-bug As Ks Qs 7s 9d 2c Jk`` prints
``{"rules": "high-bug", "category": "flush", "cards": ["As", "Ks", "Qs", "Js", "7s"],
"value": [5, 14, 13, 12, 11, 7], "description": "flush, ace high"}``; with
``low-a5-8`` the object also carries ``"qualifies"``. Bad input exits 2 with
``{"error": {"code": ..., "message": ...}}``.
"""

from __future__ import annotations

import argparse
from typing import Any

from controller.commands._common import fail, print_json
from controller.errors import HandError, PitbossError

RULES_HELP = ("high, high-bug, high-wild (with --wild), low-a5, low-a5-8, low-27, low-a6, "
              "points-3-30, points-7-27 (with --side)")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("hand", help="evaluate one hand under a ranking and print JSON")
    add_rules_options(p)
    p.add_argument("cards", nargs="*", metavar="CARD", help="cards such as As Td 7c Jk")
    p.set_defaults(handler=_run)


def add_rules_options(p: argparse.ArgumentParser) -> None:
    """The options both ``hand`` and ``showdown`` take to pick a ranking."""
    p.add_argument("--rules", help=RULES_HELP)
    p.add_argument("--wild", default=None,
                   help="wild cards for high-wild / lows: Jk, ranks (2) or cards (Kd), e.g. Jk,2")
    p.add_argument("--double-ace-flush", action="store_true",
                   help="high-wild house rule: a wild card may be an ace already held")
    p.add_argument("--natural-beats-wild", action="store_true",
                   help="high-wild house rule: of equal hands the one with fewer wilds wins")
    p.add_argument("--side", default=None, help="points games: high (default) or low")
    p.add_argument("--hand-size", type=int, default=None, help="lows: cards in a hand (5)")


def ranking_from_args(args: argparse.Namespace) -> Any:
    """Build the ranking the options name; raises HandError on a bad combination."""
    from controller.hands import get_ranking, parse_wild

    if not args.rules:
        raise HandError(f"--rules is required: one of {RULES_HELP}", "missing_rules")
    options: dict[str, Any] = {}
    if args.wild is not None:
        options["wild"] = parse_wild(args.wild)
    if args.double_ace_flush:
        options["double_ace_flush"] = True
    if args.natural_beats_wild:
        options["natural_beats_wild"] = True
    if args.side is not None:
        options["side"] = args.side
    if args.hand_size is not None:
        options["hand_size"] = args.hand_size
    return get_ranking(args.rules, **options)


def _run(args: argparse.Namespace) -> int:
    from controller.cards import parse_cards

    try:
        ranking = ranking_from_args(args)
        value = ranking.evaluate(parse_cards(" ".join(args.cards)))
    except PitbossError as err:
        return fail(err)
    out: dict[str, Any] = {"rules": args.rules, **value.as_dict()}
    if getattr(ranking, "qualifier", None) is not None:
        out["qualifies"] = value.qualifies
    print_json(out)
    return 0
