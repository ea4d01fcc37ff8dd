"""The decision the engine waits on, spelled out for the dealer's tablet.

The engine's ``expected()`` names a card decision by its choice words (``hold``,
``push``, ``pass``, ``blind``, ``coins 2``...). The tablet wants more: which seat
answers, the cards each option names (the offered card, a market card), what it
costs, and the exact request each button sends. :func:`decision` turns the
expected decision into one row per seat that owes an answer (simultaneous
decisions, such as Guts or a pass, have several rows), each with its options.

It is generic over the choice words, never over games: a new game whose steps
ask for known words needs nothing here, and an unknown word still gets a plain
button that sends it (the engine refuses it if it needs more).

An option is ``{"key", "path", "body"}`` plus ``cost`` (chips), ``card`` (the card
it names, to show) and ``slot``. A ``pick`` asks the dealer to tap ``count`` of
the seat's cards (``from``); they go into ``body["cards"]`` in the order tapped
(``ordered``: the order matters, e.g. Pass 'Em's rolling order).

>>> from controller.engine.rules import new_hand
>>> state = new_hand("guts", [(1, "Anna", 500), (2, "Ben", 500)], dealer=1)
>>> decision(state)["rows"]  # the cards are still being dealt
[]
>>> from controller.cards import Card
>>> from controller.engine.events import CardDealt
>>> from controller.engine.rules import apply
>>> for c in ("Ah", "Kd", "2c", "7s"):
...     state = apply(state, CardDealt(Card(c)))
>>> [(r["seat"], r["ask"], [o["key"] for o in r["options"]]) for r in decision(state)["rows"]]
[(1, 'hold', ['hold', 'drop']), (2, 'hold', ['hold', 'drop'])]
>>> decision(state)["rows"][0]["options"][0]["body"]
{'seat': 1, 'action': 'hold'}
"""

from __future__ import annotations

from typing import Any

from controller.engine.expect import Expected
from controller.engine.rules import expected
from controller.engine.state import HandState

__all__ = ["decision"]

ACTIONS = "/api/hand/actions"
TURN = "/api/hand/turn"
_POSITIONS = ("near", "middle", "far")  # Buy Happiness: from the card next to the deck out
_TURN_UP = ("show", "turn-card")  # Molly, Highest Flush, No Peek: the card turned up


def _option(seat: int, key: str, action: str, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"seat": seat, "action": action}
    value = extra.pop("value", "")
    if value:
        body["value"] = value
    cards = extra.pop("cards", None)
    if cards:
        body["cards"] = cards
    return {"key": key, "path": ACTIONS, "body": body, "cost": extra.pop("cost", 0), **extra}


def _own(state: HandState, seat: int) -> list[str]:
    """The seat's down cards it may choose among (Garbage Pie's unseen card excluded)."""
    p = state.players[state.index_of(seat)]
    return [str(c) for c in p.down if c not in state.unseen]


def _step(state: HandState) -> Any:
    steps = state.game.steps
    return steps[state.step] if 0 <= state.step < len(steps) else None


def _buy(state: HandState, seat: int, words: tuple[str, ...]) -> list[dict[str, Any]]:
    """A market (Buy Happiness step 4): each position's card and price, or the blind card."""
    prices = getattr(_step(state), "prices", ())
    out = []
    for word in words:
        if word in _POSITIONS:
            k = _POSITIONS.index(word)
            card = state.market[k] if k < len(state.market) else None
            out.append(_option(seat, word, "buy", value=word,
                               cost=prices[k] if k < len(prices) else 0,
                               card=str(card) if card is not None else None))
        else:
            out.append(_option(seat, word, "buy", value=word))
    return out


def _coins(seat: int, word: str) -> dict[str, Any]:
    """7-27 step 3: ``card`` (take an up card) or ``coins N`` (add N coins)."""
    action, _, n = word.partition(" ")
    return _option(seat, word.replace(" ", "-"), action, value=n, n=int(n) if n else 0)


def _pick(seat: int, action: str, cards: list[str], count: int,
          ordered: bool) -> dict[str, Any]:
    return {"action": action, "count": count, "from": cards, "ordered": ordered,
            "path": ACTIONS, "body": {"seat": seat, "action": action}}


def _row(state: HandState, need: Expected, seat: int) -> dict[str, Any]:
    words = need.choices
    row: dict[str, Any] = {"seat": seat, "ask": "other", "options": []}
    if set(words) <= {"blind", *_POSITIONS} and "blind" in words:
        row.update(ask="buy", options=_buy(state, seat, words))
    elif words and all(w == "card" or w.startswith("coins ") for w in words):
        i = state.index_of(seat)
        row.update(ask="coins", coins=state.coins[i] if i < len(state.coins) else 0,
                   options=[_coins(seat, w) for w in words])
    elif words and words[0] in _TURN_UP:  # one of the seat's down cards goes face up
        word = words[0]  # (No Peek Follow the Queen step 8 may also offer "hold")
        row.update(ask=word, options=[
            *(_option(seat, f"{word}-{c}", word, cards=[c], card=c) for c in _own(state, seat)),
            *(_option(seat, w, w) for w in words[1:])])
    elif words == ("pass",):
        row.update(ask="pass", count=need.limit)
        if need.limit == 1:  # one tap: the card is the button
            row["options"] = [_option(seat, f"pass-{c}", "pass", cards=[c], card=c)
                              for c in _own(state, seat)]
        else:
            row["pick"] = _pick(seat, "pass", _own(state, seat), need.limit, False)
    elif words == ("order",):
        own = _own(state, seat)
        row.update(ask="order", count=len(own) - need.limit,
                   pick=_pick(seat, "order", own, len(own) - need.limit, True))
    else:
        ask = {("keep", "push"): "push", ("keep",): "push", ("hold", "drop"): "hold",
               ("play", "drop"): "play"}.get(words, "other")
        row["ask"] = ask
        offer = str(state.offer[0]) if ask == "push" and state.offer else None
        if offer:
            row["card"] = offer
        row["options"] = [_option(seat, w, w, cost=need.cost if w == "push" else 0,
                                  card=offer if w in ("keep", "push") else None)
                          for w in words]
    return row


def _turn(state: HandState, need: Expected) -> dict[str, Any]:
    """The dealer turns a board card of their choice (3-30 step 3, Colinoscopy, Cross)."""
    return {"seat": need.seat, "ask": "turn", "options": [
        {"key": f"turn-{slot}", "slot": slot, "path": TURN, "body": {"slot": slot}, "cost": 0}
        for slot in need.choices]}


def decision(state: HandState) -> dict[str, Any]:
    """What the engine waits for, as rows of tablet options (``rows`` is empty when it
    waits for a card, a bet, a draw or declarations: the tablet has its own controls for
    those, driven by ``next``)."""
    need = expected(state)
    out: dict[str, Any] = {"kind": need.kind, "rows": []}
    if need.kind == "turn":
        out["rows"] = [_turn(state, need)]
    elif need.kind == "choice":
        seats = need.seats or (need.seat,)
        out["rows"] = [_row(state, need, seat) for seat in seats]
    return out
