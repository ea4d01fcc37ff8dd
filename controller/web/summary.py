"""A game's rules summary, as data the tablet renders in the dealer's language.

The catalogue holds each game as a definition (steps, deck, limits); the
tablet shows the dealer what the next game is before it is dealt. Consecutive
deal steps are merged into one street (``["down", "down", "up"]``), so the
summary reads like the rule books' "two down and one up, then bet".

>>> from controller.variants.catalogue import find_game
>>> s = game_summary(find_game("asf"))
>>> s["streets"][:3]
[{'deal': ['down', 'down', 'up']}, {'bet': 'small'}, {'deal': ['up']}]
>>> s["deck"], s["players"], s["options"]["reserve"]
('52+centre-joker', '2-7', 25)
"""

from __future__ import annotations

from typing import Any

from controller.variants.game import GameDef
from controller.variants.steps import Bet, Deal, Declare, Draw, Exchange, Step

__all__ = ["game_summary", "streets"]


def _street(step: Step) -> dict[str, Any]:
    if isinstance(step, Deal):
        out: dict[str, Any] = {"deal": [step.face]}
    elif isinstance(step, Bet):
        out = {"bet": step.size}
    elif isinstance(step, Draw):
        out = {"draw": True}
    elif isinstance(step, Exchange):
        out = {"exchange": step.cost}
    elif isinstance(step, Declare):
        out = {"declare": step.mode}
    else:  # a step type this summary does not know yet: name it rather than hide it
        out = {"other": type(step).__name__}
    if getattr(step, "when", ""):
        out["when"] = step.when
    return out


def streets(steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    """The steps as streets, consecutive unconditional deals merged.

    >>> streets((Deal("down"), Deal("up"), Bet("big"), Draw()))
    [{'deal': ['down', 'up']}, {'bet': 'big'}, {'draw': True}]
    """
    out: list[dict[str, Any]] = []
    for step in steps:
        item = _street(step)
        last = out[-1] if out else None
        if "deal" in item and last is not None and set(last) == {"deal"} and "when" not in item:
            last["deal"].extend(item["deal"])
        else:
            out.append(item)
    return out


def game_summary(game: GameDef) -> dict[str, Any]:
    """What the tablet shows about ``game``: name, players, deck, limits, streets, pot rule."""
    return {
        "id": game.id, "name": game.name, "aliases": list(game.aliases),
        "players": game.players, "deck": game.deck.value, "source": game.source,
        "playable": game.playable, "note": game.note, "limit": game.limit,
        "options": dict(game.defaults), "streets": streets(game.steps),
        "pot": game.showdown.pot.value, "ranking": game.showdown.high,
        "low": game.showdown.low, "wild": game.showdown.wild.any,
    }
