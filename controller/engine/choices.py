"""Runners for the players' card decisions of seed 004.

* :class:`ExposeRunner`: "When the dealer calls 'turn' each player turns a card of
  their choice face up" (Molly, Highest Flush); every live player answers once,
  in any order, with ``Choice(seat, "show", (card,))``.
"""

from __future__ import annotations

from typing import Any

from controller.cards import Card
from controller.engine.events import Choice, Event
from controller.engine.expect import Expected
from controller.engine.state import (
    MARKET_BASE,
    OFFER,
    UNSEEN_BASE,
    Delivery,
    HandState,
    Player,
    evolve,
)
from controller.engine.together import NeverWaits, all_at_once, answer_of
from controller.errors import RuleViolation

__all__ = [
    "ArrangeRunner",
    "CoinsRunner",
    "DecideRunner",
    "ExposeRunner",
    "MarketRunner",
    "PassRunner",
    "PushRunner",
    "RepeatRunner",
    "RevealRunner",
    "RollRunner",
    "UnseenRunner",
]


def _live(state: HandState) -> tuple[int, ...]:
    from controller.engine.dealing import live_order

    return tuple(i for i in live_order(state) if state.players[i].down)


class ExposeRunner:
    """Expose: each live player turns one of their down cards face up."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, turn=_live(state))

    def expected(self, state: HandState, step: Any) -> Expected:
        return all_at_once(state, ("show",))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i, rest = answer_of(state, event, ("show",), "Each player turns one down card face "
                            "up now (show).", "Seat {seat} has no card to turn now.")
        assert isinstance(event, Choice)
        p = state.players[i]
        if len(event.cards) != 1 or event.cards[0] not in p.down:
            raise RuleViolation("card_not_held", f"Seat {event.seat} must turn exactly one of "
                                "their own down cards.")
        card = event.cards[0]
        p = evolve(p, down=tuple(c for c in p.down if c is not card), up=(*p.up, card))
        return evolve(state, players=_put(state, i, p), turn=rest,
                      exposed=(*state.exposed, card))


def _penalty(state: HandState, step: Any) -> int:
    return int(state.rules.push_penalty or step.penalty)


class PushRunner:
    """Push 'Em (seed 004 steps 2-5): keep the offered up card, or pay the penalty to
    push it to the next player and take the next card from the deck."""

    def enter(self, state: HandState, step: Any) -> HandState:
        order = _live_all(state)
        if not order or state.pack_left < 2 * len(order):
            return state  # (the book's seven players never run the pack out)
        return evolve(state, turn=order, queue=((OFFER, True),))

    def expected(self, state: HandState, step: Any) -> Expected:
        p = state.players[state.turn[0]]
        can_push = p.stack >= _penalty(state, step)
        return Expected("choice", seat=p.seat, choices=("keep", "push") if can_push
                        else ("keep",), cost=_penalty(state, step))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i = state.turn[0]
        p = state.players[i]
        if not isinstance(event, Choice) or event.kind not in ("keep", "push"):
            raise RuleViolation("illegal_action", f"Seat {p.seat} keeps or pushes the "
                                "offered card now.")
        if event.seat != p.seat:
            raise RuleViolation("out_of_turn", f"It is seat {p.seat}'s turn to keep or push, "
                                f"not seat {event.seat}'s.")
        card = state.offer[0]
        rest = state.turn[1:]
        if event.kind == "keep":
            p = evolve(p, up=(*p.up, card))
            queue: tuple[Delivery, ...] = ((OFFER, True),) if rest else ()
            return evolve(state, players=_put(state, i, p), offer=(), turn=rest, queue=queue)
        cost = _penalty(state, step)
        if p.stack < cost:
            raise RuleViolation("insufficient_chips", f"Seat {p.seat} cannot pay the {cost} "
                                "penalty to push.")
        p = evolve(p, stack=p.stack - cost, committed=p.committed + cost)
        if rest:  # the pushed card is the next player's offer
            return evolve(state, players=_put(state, i, p), turn=rest, queue=((i, True),))
        # "If the dealer pushes a card then that card is buried face down."
        return evolve(state, players=_put(state, i, p), offer=(), turn=rest,
                      queue=((i, True),), burned=(*state.burned, card))


def _put(state: HandState, i: int, p: Player) -> tuple[Player, ...]:
    return (*state.players[:i], p, *state.players[i + 1:])


def _live_all(state: HandState) -> tuple[int, ...]:
    from controller.engine.dealing import live_order

    return tuple(live_order(state))


class PassRunner:
    """Pass: each live player chooses ``count`` down cards; when all have chosen, every
    choice moves to the next live player on the left at once."""

    def enter(self, state: HandState, step: Any) -> HandState:
        order = tuple(i for i in _live_all(state) if len(state.players[i].down) >= step.count)
        return evolve(state, turn=order, passing=()) if len(order) > 1 else state

    def expected(self, state: HandState, step: Any) -> Expected:
        return all_at_once(state, ("pass",), limit=step.count)

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i, turn = answer_of(state, event, ("pass",), f"Players pass {step.count} down "
                            "card(s) to the left now.", "Seat {seat} has nothing to pass now.")
        assert isinstance(event, Choice)
        p = state.players[i]
        cards = event.cards
        if (len(cards) != step.count or len(set(cards)) != len(cards)
                or any(c not in p.down or c in state.unseen for c in cards)):
            raise RuleViolation("card_not_held", f"Seat {event.seat} must pass exactly "
                                f"{step.count} of their own down cards.")
        passing = (*state.passing, (i, cards))
        if turn:
            return evolve(state, passing=passing, turn=turn)
        return _make_passes(evolve(state, passing=(), turn=()), passing)


def _make_passes(state: HandState, passing: tuple[tuple[int, tuple[Card, ...]], ...],
                 ) -> HandState:
    givers = [i for i, _ in passing]
    order = [i for i in _live_all(state) if i in givers]
    players = list(state.players)
    for i, cards in passing:
        players[i] = evolve(players[i], down=tuple(c for c in players[i].down
                                                   if c not in cards))
    for i, cards in passing:
        left = order[(order.index(i) + 1) % len(order)]
        players[left] = evolve(players[left], down=(*players[left].down, *cards))
    return evolve(state, players=tuple(players))


class UnseenRunner(NeverWaits):
    """Unseen: a down card to every live player that they may not look at."""

    waiting = "The unseen cards are being dealt."

    def enter(self, state: HandState, step: Any) -> HandState:
        order = _live_all(state)
        if state.pack_left < len(order):
            return state
        return evolve(state, queue=tuple((UNSEEN_BASE - i, False) for i in order))



class RevealRunner(NeverWaits):
    """Reveal: every unseen card is turned face up in front of its owner."""

    waiting = "Reveal never waits."

    def enter(self, state: HandState, step: Any) -> HandState:
        players = list(state.players)
        shown: list[Card] = []
        for i, p in enumerate(players):
            mine = tuple(c for c in p.down if c in state.unseen)
            if mine and p.live:
                players[i] = evolve(p, down=tuple(c for c in p.down if c not in mine),
                                    up=(*p.up, *mine))
                shown.extend(mine)
        return evolve(state, players=tuple(players), unseen=(),
                      exposed=(*state.exposed, *shown))



class DecideRunner:
    """Decide: play or drop, all at once; too few players in voids the deal (redeal)."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, turn=_live_all(state), passing=())

    def expected(self, state: HandState, step: Any) -> Expected:
        return all_at_once(state, ("play", "drop"))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i, turn = answer_of(state, event, ("play", "drop"), "Each player plays or drops now.",
                            "Seat {seat} has already decided.")
        assert isinstance(event, Choice)
        # choices stay secret until all are in ("passing" holds the players who drop)
        drops = (*state.passing, (i, ())) if event.kind == "drop" else state.passing
        if turn:
            return evolve(state, turn=turn, passing=drops)
        players = tuple(evolve(p, folded=True) if any(j == k for j, _ in drops) else p
                        for k, p in enumerate(state.players))
        state = evolve(state, turn=(), passing=(), players=players)
        if sum(1 for p in players if p.live) < max(state.rules.min_play, 1):
            from controller.engine.showdown import return_chips

            return return_chips(state, "redeal")
        return state


class ArrangeRunner:
    """Arrange: each live player names the cards they keep, in rolling order."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, turn=_live_all(state))

    def expected(self, state: HandState, step: Any) -> Expected:
        return Expected("choice", seats=tuple(state.players[i].seat for i in state.turn),
                        choices=("order",), limit=step.discard)

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        if not isinstance(event, Choice) or event.kind != "order":
            raise RuleViolation("illegal_action", "Each player discards and orders their "
                                "cards now (order: the kept cards, first to roll first).")
        i = state.index_of(event.seat)
        if i not in state.turn:
            raise RuleViolation("out_of_turn", f"Seat {event.seat} has already arranged.")
        p = state.players[i]
        keep = event.cards
        if (len(keep) != len(p.down) - step.discard or len(set(keep)) != len(keep)
                or any(c not in p.down for c in keep)):
            raise RuleViolation("card_not_held", f"Seat {event.seat} keeps exactly "
                                f"{len(p.down) - step.discard} of their own down cards.")
        gone = tuple(c for c in p.down if c not in keep)
        return evolve(state, players=_put(state, i, evolve(p, down=keep)),
                      discards=(*state.discards, *gone),
                      turn=tuple(j for j in state.turn if j != i))


class RollRunner(NeverWaits):
    """Roll: the top card of every live player's stack is turned up."""

    waiting = "A roll never waits."

    def enter(self, state: HandState, step: Any) -> HandState:
        players = list(state.players)
        shown: list[Card] = []
        for i, p in enumerate(players):
            if p.live and p.down:
                players[i] = evolve(p, down=p.down[1:], up=(*p.up, p.down[0]))
                shown.append(p.down[0])
        return evolve(state, players=tuple(players), exposed=(*state.exposed, *shown))



_POSITIONS = ("near", "middle", "far")


class MarketRunner:
    """Market: each live player in turn buys a face-up card or takes a blind one."""

    def enter(self, state: HandState, step: Any) -> HandState:
        order = _live_all(state)
        missing = [k for k in range(len(step.prices))
                   if k >= len(state.market) or state.market[k] is None]
        if state.pack_left < len(missing) + 2 * len(order):
            return state  # (the book's table never runs the pack out)
        refill: tuple[Delivery, ...] = tuple((MARKET_BASE - k, True) for k in missing)
        return evolve(state, turn=order, queue=(*state.queue, *refill))

    def expected(self, state: HandState, step: Any) -> Expected:
        p = state.players[state.turn[0]]
        names = [_POSITIONS[k] for k, price in enumerate(step.prices) if p.stack >= price]
        return Expected("choice", seat=p.seat, choices=("blind", *names))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i = state.turn[0]
        p = state.players[i]
        if not isinstance(event, Choice) or event.kind != "buy":
            raise RuleViolation("illegal_action", f"Seat {p.seat} buys a card now (near, "
                                "middle, far or blind).")
        if event.seat != p.seat:
            raise RuleViolation("out_of_turn", f"It is seat {p.seat}'s turn to buy, not seat "
                                f"{event.seat}'s.")
        rest = state.turn[1:]
        if event.value == "blind":  # "the next (blind) card from the deck for no cost"
            return evolve(state, turn=rest, queue=((i, True),))
        if event.value not in _POSITIONS[:len(step.prices)]:
            raise RuleViolation("bad_choice", f"Buy near, middle, far or blind, not "
                                f"{event.value!r}.")
        k = _POSITIONS.index(event.value)
        price = step.prices[k]
        if p.stack < price:
            raise RuleViolation("insufficient_chips", f"Seat {p.seat} cannot pay {price} "
                                f"for the {event.value} card.")
        card = state.market[k]
        assert card is not None
        p = evolve(p, up=(*p.up, card), stack=p.stack - price, committed=p.committed + price)
        market = (*state.market[:k], None, *state.market[k + 1:])
        return evolve(state, players=_put(state, i, p), market=market, turn=rest,
                      queue=((MARKET_BASE - k, True),))


def _coins(state: HandState) -> tuple[int, ...]:
    return state.coins or (0,) * len(state.players)


class CoinsRunner:
    """7-27: take an up card (coins removed) or add one to three coins, in turn."""

    def enter(self, state: HandState, step: Any) -> HandState:
        coins = _coins(state)
        order = list(_live_all(state))
        if step.rotate and order:
            k = state.rounds % len(order)
            order = order[k:] + order[:k]
        waiting = tuple(i for i in order if coins[i] < step.limit)
        return evolve(state, coins=coins, turn=waiting, rounds=state.rounds + 1)

    def expected(self, state: HandState, step: Any) -> Expected:
        p = state.players[state.turn[0]]
        room = step.limit - _coins(state)[state.turn[0]]
        options = (("card",) if state.pack_left > 0 else ()) + tuple(
            f"coins {n}" for n in range(1, room + 1))
        return Expected("choice", seat=p.seat, choices=options, limit=room)

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i = state.turn[0]
        p = state.players[i]
        if not isinstance(event, Choice) or event.kind not in ("card", "coins"):
            raise RuleViolation("illegal_action", f"Seat {p.seat} takes a card or adds coins "
                                "now.")
        if event.seat != p.seat:
            raise RuleViolation("out_of_turn", f"It is seat {p.seat}'s turn to choose, not "
                                f"seat {event.seat}'s.")
        coins = list(_coins(state))
        if event.kind == "card":
            if state.pack_left <= 0:
                raise RuleViolation("pack_empty", "The pack is empty: add coins.")
            coins[i] = 0
            return evolve(state, coins=tuple(coins), turn=state.turn[1:], queue=((i, True),))
        n = int(event.value) if event.value.isdigit() else 0
        if not 1 <= n <= step.limit - coins[i]:
            raise RuleViolation("bad_choice", f"Seat {p.seat} may add 1 to "
                                f"{step.limit - coins[i]} coins, not {event.value!r}.")
        coins[i] += n
        return evolve(state, coins=tuple(coins), turn=state.turn[1:])


class RepeatRunner(NeverWaits):
    """Repeat: back to the coins step while anyone still in has fewer than three coins."""

    waiting = "Repeat never waits."

    def enter(self, state: HandState, step: Any) -> HandState:
        coins = _coins(state)
        target = state.game.steps[step.to]
        limit = getattr(target, "limit", 3)
        if any(p.live and coins[i] < limit for i, p in enumerate(state.players)):
            return evolve(state, step=step.to - 1)
        return state

