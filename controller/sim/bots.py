"""Bots: players who choose a legal action for whatever the hand waits on.

A bot's choice comes from the rules engine itself
(:func:`controller.engine.randomplay.random_event`: a button from
``legal_actions``, a draw, a declaration, a house-book choice such as in or out or keep
or push, and the dealer's board turns), so a bot can never do what a player may not;
the random source is passed in, so a seed replays the same evening.

>>> import random
>>> from controller.engine import new_hand, apply, expected, CardDealt
>>> from controller.cards import parse_cards
>>> s = new_hand("razz", [(1, "Ada", 50), (2, "Bo", 50)], dealer=2)
>>> for c in parse_cards("As Kd 2c 3d 9h Tc"):
...     s = apply(s, CardDealt(c))
>>> event = bot_move(s, random.Random(1))
>>> type(event).__name__, event.seat == expected(s).seat   # the bring-in's seat
('PlayerAction', True)
"""

from __future__ import annotations

import random

from controller.engine import (
    BoardTurn,
    Choice,
    Declaration,
    Discard,
    HandState,
    PlayerAction,
    expected,
)
from controller.engine.randomplay import random_event
from controller.errors import PitbossError

__all__ = ["BOT_NAMES", "bot_move"]

BOT_NAMES = ("Ada", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")


Move = PlayerAction | Discard | Declaration | Choice | BoardTurn  # what a bot (or the dealer) does


def bot_move(state: HandState, rng: random.Random) -> Move:
    """The move of the seat the hand waits on (the hand must wait on a player, or on
    the dealer turning a board card)."""
    need = expected(state)
    if need.kind in ("card", "complete"):
        raise PitbossError(f"the hand waits on {need.describe()}, not on a player",
                           "not_a_players_turn")
    event = random_event(state, rng)
    assert isinstance(event, Move)
    return event
