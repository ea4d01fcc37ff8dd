"""``pitboss games``: the game catalogue (id, name, players, deck, source seed, playable)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("games", help="list the games pitboss can deal")
    p.add_argument("--json", action="store_true", help="print a JSON list of objects")
    p.add_argument("--load", metavar="TOML", action="append", default=[],
                   help="also load game definitions from this TOML file")
    p.set_defaults(handler=_run)


def load_files(paths: list[str]) -> None:
    """Add the games of each TOML file to the catalogue (``--load``)."""
    from controller.errors import VariantError
    from controller.variants.catalogue import register as add_game
    from controller.variants.loader import load_games

    for path in paths:
        try:
            with open(path, "rb") as fh:
                games = load_games(fh)
        except OSError as err:
            raise VariantError(f"cannot read {path}: {err.strerror}", "bad_file") from None
        for game in games:
            add_game(game)


_DECKS = {"52": "52", "53": "52+joker", "52+centre-joker": "52, joker in the centre"}


def _run(args: argparse.Namespace) -> int:
    from controller.commands._common import fail, print_json
    from controller.errors import PitbossError
    from controller.variants.catalogue import GAMES

    try:
        load_files(args.load)
    except PitbossError as err:
        return fail(err)
    rows = [{"id": g.id, "name": g.name, "aliases": list(g.aliases), "players": g.players,
             "deck": _DECKS[g.deck.value], "source": g.source, "playable": g.playable,
             "note": g.note}
            for g in GAMES]
    if args.json:
        print_json(rows)
        return 0
    width = max(len(r["id"]) for r in rows)  # type: ignore[arg-type]
    print(f"{'id':<{width}}  {'players':<7}  {'deck':<23}  {'seed':<5}  playable  name")
    for r in rows:
        print(f"{r['id']:<{width}}  {r['players']:<7}  {r['deck']:<23}  {r['source']:<5}  "
              f"{'yes' if r['playable'] else 'no':<8}  {r['name']}")
    return 0
