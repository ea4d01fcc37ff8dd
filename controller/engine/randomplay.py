"""Random legal events for any game: property tests, the benchmark and demos.

The random source is passed in (``random.Random``), so the engine stays pure
and a seed replays the same hand.

>>> import random
>>> from controller.engine.rules import new_hand
>>> state = play_hand(new_hand("razz", [(1, "A", 200), (2, "B", 200)], dealer=1),
...                   random.Random(7))
>>> state.complete
True
"""

from __future__ import annotations

import random

from controller.cards import DECK_52, DECK_53, Card
from controller.engine.betting import LegalAction, legal_actions
from controller.engine.events import (
    FOLD,
    BoardTurn,
    CardDealt,
    Choice,
    Declaration,
    Discard,
    Event,
    PlayerAction,
    Way,
)
from controller.engine.expect import Expected
from controller.engine.rules import apply, expected
from controller.engine.state import HandState
from controller.variants.game import Deck

__all__ = ["pack", "play_hand", "random_event"]

_DEALT = tuple(CardDealt(card) for card in DECK_53)  # by card index
_WITH_JOKER = Deck.WITH_JOKER  # (an Enum member lookup costs a metaclass call)


def pack(state: HandState) -> list[Card]:
    """The cards still in the pack (the shoe could give any of them next)."""
    deck = DECK_53 if state.game.deck is Deck.WITH_JOKER else DECK_52
    seen = state.seen
    return [c for c in deck if not seen >> c.index & 1]


def _amount(option: LegalAction, rng: random.Random) -> int | None:
    amounts = option.amounts
    if amounts:
        return amounts[int(rng.random() * len(amounts))] if len(amounts) > 1 else amounts[0]
    if option.high:
        return rng.randint(option.low, option.high)
    return None


_ACTIONS: dict[tuple[int, int, int | None], PlayerAction] = {}  # events are values: reuse


def _action(seat: int, legal: tuple[LegalAction, ...], rng: random.Random) -> PlayerAction:
    # Folding (always listed first when possible) is a third as likely as any other
    # button, for hands of a natural length.
    pick = rng.random()
    n = len(legal)
    if legal[0].action is FOLD:
        weight = 3 * n - 2
        k = 0 if pick * weight < 1 else 1 + int((pick * weight - 1) / 3)
    else:
        k = int(pick * n)
    option = legal[k if k < n else n - 1]
    act = option.action
    amounts = option.amounts
    amount = amounts[0] if len(amounts) == 1 else _amount(option, rng)
    key = (seat, id(act), amount)  # (an Enum member lives for good; it hashes in Python)
    event = _ACTIONS.get(key)
    if event is None:
        event = PlayerAction(seat, act, amount)
        if len(_ACTIONS) < 4096:
            _ACTIONS[key] = event
    return event


def _choice(state: HandState, need: Expected, rng: random.Random) -> Event:
    """A seed-004 card decision: the first seat that owes one, a random answer."""
    seat = need.seats[0] if need.seats else need.seat
    p = state.players[state.index_of(seat)]
    if need.choices == ("hold", "drop"):  # Guts: about one holder a deal, so games end
        hold = rng.random() < 1 / max(len(need.seats), 1)
        return Choice(seat, "hold" if hold else "drop")
    if "blind" in need.choices:  # Buy Happiness: what to buy is the value
        return Choice(seat, "buy", value=rng.choice(need.choices))
    if any(c.startswith("coins") for c in need.choices):  # 7-27
        word, _, n = rng.choice(need.choices).partition(" ")
        return Choice(seat, word, value=n)
    kind = rng.choice(need.choices)
    if kind in ("show", "turn-card"):
        return Choice(seat, kind, (rng.choice(p.down),))
    if kind == "order":
        keep = rng.sample(list(p.down), len(p.down) - need.limit)
        return Choice(seat, kind, tuple(keep))
    if kind == "pass":
        mine = [c for c in p.down if c not in state.unseen]
        return Choice(seat, kind, tuple(rng.sample(mine, need.limit)))
    return Choice(seat, kind)


def random_event(state: HandState, rng: random.Random) -> Event:
    """One event the engine accepts now (the hand must not be complete)."""
    if state.queue:  # the two commonest cases read the state directly (benchmark speed)
        deck = DECK_53 if state.table.game.deck is _WITH_JOKER else DECK_52
        seen = state.seen
        size = len(deck)
        while True:  # cheaper than listing the pack: most draws hit an unseen card
            k = int(rng.random() * size)
            if not seen >> k & 1:  # deck[k].index == k
                return _DEALT[k]
    b = state.betting
    if b is not None and state.result is None:
        return _action(state.players[b.to_act].seat, legal_actions(state), rng)
    need = expected(state)
    if need.kind == "turn":
        return BoardTurn(rng.choice(need.choices))
    if need.kind == "choice":
        return _choice(state, need, rng)
    if need.kind == "declare":
        seat = need.seats[0] if state.rules.declare == "sequential" else rng.choice(need.seats)
        return Declaration(seat, rng.choice(list(Way)))
    p = state.players[state.index_of(need.seat)]
    held = list(p.down) if need.kind == "draw" else list(p.cards)
    n = rng.randint(0, 3 if need.kind == "draw" else 1)
    return Discard(need.seat, tuple(rng.sample(held, min(n, len(held)))))


def play_hand(state: HandState, rng: random.Random, limit: int = 1000) -> HandState:
    """Apply random legal events until the hand is complete."""
    for _ in range(limit):
        if state.complete:
            break
        state = apply(state, random_event(state, rng))
    return state
