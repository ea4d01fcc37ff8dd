"""``pitboss odds``: each player's equity for a hand in progress, printed as JSON.

``pitboss odds --rules high --hand "As Ks" --hand "Qd Qc" --board "2c 7d 9h" --board-to-come 2``
prints ``{"method": "exact", "samples": 990, ..., "players": [{"hand": "As Ks",
"equity": 0.27..., "error": 0.0}, ...]}``. A ``?`` in a hand or on the board is a
card the table does not know (an opponent's down card, a board slot to come);
``--to-come N`` gives every hand N more cards (stud streets still to deal), of
which ``--to-come-down`` are down; ``/`` splits a hand into down / up cards.
``--game NAME`` takes the showdown rule and deck from the game catalogue
(``--game asf`` puts the shared joker on the board). Split games add
``high``, ``low`` and ``scoop`` (and their error bars) per player; in a
declare game ``--declared high,both`` prices the declarations made.
Bad input exits 2 with ``{"error": {"code": ..., "message": ...}}``.
"""

from __future__ import annotations

import argparse
from typing import Any

from controller.commands._common import fail, print_json
from controller.errors import PitbossError

POTS = ("high", "low", "high-low", "high-low-8", "declare")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("odds", help="each player's chance to win a hand in progress (JSON)")
    p.add_argument("--game", help="take rules and deck from a catalogue game (asf, stud8, ...)")
    p.add_argument("--rules", help="high ranking: high, high-bug, high-wild, ... ('' for none)")
    p.add_argument("--low", default="", help="low ranking for split or low games: low-a5-8, ...")
    p.add_argument("--pot", choices=POTS, help="pot rule (default: high, or high-low-8 with --low)")
    p.add_argument("--wild", default=None, help="wild cards: Jk, ranks (2) or cards (Kd)")
    p.add_argument("--low-hole", action="store_true",
                   help="each player's lowest down card is wild for them (Low Hole)")
    p.add_argument("--omaha", action="store_true", help="exactly two hole + three board cards")
    p.add_argument("--hand", action="append", default=[], metavar="CARDS",
                   help='one live player\'s cards, "?" for an unknown down card, down / up '
                   '(e.g. "? 3c / 9h 9s"); repeat per player')
    p.add_argument("--board", default="", metavar="CARDS", help='board cards, "?" for a slot')
    p.add_argument("--board-to-come", type=int, default=0, metavar="N",
                   help="board cards still to be dealt")
    p.add_argument("--to-come", type=int, default=0, metavar="N",
                   help="cards every hand still gets")
    p.add_argument("--to-come-down", type=int, default=0, metavar="N",
                   help="how many of the --to-come cards are down (Low Hole's wild)")
    p.add_argument("--declared", default="", metavar="WAYS",
                   help="declare games: each hand's way in order, e.g. high,both,low")
    p.add_argument("--dead", default="", metavar="CARDS", help="folded, burned, discarded cards")
    p.add_argument("--deck", type=int, choices=(52, 53), default=None,
                   help="52, or 53 with the joker in the pack")
    p.add_argument("--centre-joker", action="store_true",
                   help="the joker is exposed in the centre for everyone (seed 000)")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed (reported if drawn)")
    p.add_argument("--max-error", type=float, default=0.005,
                   help="95%% error bar to reach (default 0.005)")
    p.add_argument("--max-time", type=float, default=None, help="stop sampling after seconds")
    p.add_argument("--method", choices=("auto", "exact", "monte-carlo"), default="auto")
    p.set_defaults(handler=_run)


def _rule(args: argparse.Namespace) -> tuple[Any, int, tuple[Any, ...]]:
    from controller.cards import JOKER
    from controller.hands import HoleAndBoard, parse_wild
    from controller.odds import OddsError, ShowdownRule
    from controller.odds.games import rule_for_game
    from controller.variants.catalogue import find_game
    from controller.variants.game import PotRule

    if args.game:
        rule, deck, centre = rule_for_game(find_game(args.game))
    else:
        if args.rules is None and not args.low:
            raise OddsError("give --rules (and --low for a split game) or --game",
                            "missing_rules")
        high = args.rules or ""
        pot = args.pot or ("high-low-8" if args.low and high else "low" if args.low else "high")
        wild = parse_wild(args.wild) if args.wild is not None else None
        rule = ShowdownRule(high, args.low, PotRule(pot), wild=wild, low_hole=args.low_hole)
        deck, centre = 52, ()
    if args.omaha:
        from dataclasses import replace

        rule = replace(rule, composition=HoleAndBoard(2, 3))
    if args.centre_joker:
        deck, centre = 53, (JOKER,)
    return rule, args.deck or deck, centre


def _declared(spec: Any, text: str) -> Any:
    from dataclasses import replace

    from controller.odds import OddsError

    ways = [w.strip() for w in text.split(",")]
    if len(ways) != len(spec.players):
        raise OddsError(f"--declared names {len(ways)} ways for {len(spec.players)} hands",
                        "bad_declaration")
    players = tuple(replace(h, declared=w) for h, w in zip(spec.players, ways, strict=True))
    return replace(spec, players=players)


def _run(args: argparse.Namespace) -> int:
    from controller.odds import OddsError, OddsSpec, equity, parse_board

    try:
        if not args.hand:
            raise OddsError("give at least one --hand", "no_players")
        rule, deck, centre = _rule(args)
        board = (*parse_board(args.board), *[None] * args.board_to_come, *centre)
        spec = OddsSpec.build(args.hand, board=board, dead=args.dead, deck=deck,
                              to_come=args.to_come, to_come_down=args.to_come_down, rule=rule)
        if args.declared:
            spec = _declared(spec, args.declared)
        result = equity(spec, seed=args.seed, max_error=args.max_error,
                        max_time=args.max_time, method=args.method)
    except PitbossError as err:
        return fail(err)
    out = result.as_dict()
    for entry, hand in zip(out["players"], args.hand, strict=True):
        entry["hand"] = " ".join(hand.replace(",", " ").split())
    out["players"] = [{"hand": e.pop("hand"), **e} for e in out["players"]]
    print_json(out)
    return 0
