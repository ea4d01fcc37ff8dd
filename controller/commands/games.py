"""``pitboss games``: the game catalogue (id, name, players, deck, source seed, playable)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("games", help="list the games pitboss can deal")
    p.add_argument("--json", action="store_true", help="print a JSON list of objects")
    p.add_argument("--load", metavar="TOML", action="append", default=[],
                   help="also load game definitions from this TOML file")
    p.set_defaults(handler=_run)


_DECKS = {"52": "52", "53": "52+joker", "52+centre-joker": "52, joker in the centre"}


def _run(args: argparse.Namespace) -> int:
    from controller.commands._common import fail, print_json
    from controller.errors import PitbossError
    from controller.variants.catalogue import GAMES
    from controller.variants.catalogue import register as add_game
    from controller.variants.loader import load_games

    try:
        for path in args.load:
            with open(path, "rb") as fh:
                for game in load_games(fh):
                    add_game(game)
    except PitbossError as err:
        return fail(err)
    rows = [{"id": g.id, "name": g.name, "aliases": list(g.aliases), "players": g.players,
             "deck": _DECKS[g.deck.value], "source": g.source, "playable": g.playable}
            for g in GAMES]
    if args.json:
        print_json(rows)
        return 0
    width = max(len(r["id"]) for r in rows)  # type: ignore[arg-type]
    print(f"{'id':<{width}}  {'players':<7}  {'deck':<23}  seed  playable  name")
    for r in rows:
        print(f"{r['id']:<{width}}  {r['players']:<7}  {r['deck']:<23}  {r['source']:<4}  "
              f"{'yes' if r['playable'] else 'no':<8}  {r['name']}")
    return 0
