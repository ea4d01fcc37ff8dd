"""Where each card from the shoe goes, draws and exchanges, and exposed-card corrections.

Cards come out of the shoe in order and the engine decides where each one
goes from the deal script: singly clockwise from the dealer's left, skipping
folded players (seed 000 section 03: "Folded players receive no more cards").
When the pack cannot give every live player a card, the burned cards are
shuffled back in, and failing that a single community card is dealt face up
for everyone (seed 003 "Running Out of Cards").
"""

from __future__ import annotations

from controller.cards import Card
from controller.engine.events import CardExposed, Discard
from controller.engine.state import (
    BOARD,
    BURN,
    MARKET_BASE,
    OFFER,
    SLOT_BASE,
    UNSEEN_BASE,
    Delivery,
    HandState,
    Player,
    evolve,
    mask,
    remake,
)
from controller.errors import RuleViolation
from controller.variants.game import Deck
from controller.variants.steps import Bet, Deal, Draw, Exchange

__all__ = ["apply_discard", "apply_exposed", "deal_queue", "place_card", "wild_fee"]


def live_order(state: HandState) -> list[int]:
    """Live player indexes clockwise from the dealer's left."""
    players = state.players
    n = len(players)
    first = state.table.dealer + 1
    return [k % n for k in range(first, first + n) if not players[k % n].folded]


def deal_queue(state: HandState, step: Deal) -> HandState:
    """Enter a deal round: queue one card per live player (and a burn when burning)."""
    order = live_order(state)
    burn = state.table.rules.burns and step.burn
    owed = False
    for i in order:
        owed = owed or state.players[i].owed_down
    if state.pack_left >= len(order) + burn and not owed:
        face_up = step.face == "up"  # the usual round: the pack suffices, nothing owed
        cards = tuple([(i, face_up) for i in order])
        return evolve(state, queue=((BURN, False), *cards) if burn else cards)
    if state.pack_left < len(order) + burn and state.burned:
        # Retrieve the burned cards and shuffle them with the rest of the pack.
        state = evolve(state, seen=state.seen & ~mask(state.burned), burned=(),
                        reshuffles=state.reshuffles + 1)
        burn = False
    if state.pack_left < len(order) + burn:
        burn = False
    if state.pack_left < len(order):
        return evolve(state, queue=((BOARD, True),)) if state.pack_left else state
    face_up = step.face == "up"
    queue: list[Delivery] = [(BURN, False)] if burn else []
    players = list(state.players)
    for i in order:
        p = players[i]
        if face_up and p.owed_down:
            players[i] = evolve(p, owed_down=False)
            queue.append((i, False))
        else:
            queue.append((i, face_up))
    return evolve(state, queue=tuple(queue), players=tuple(players))


def _check_card(state: HandState, card: Card) -> None:
    if card.is_joker and state.game.deck is not Deck.WITH_JOKER:
        where = ("it is exposed in the centre" if state.game.deck is Deck.CENTRE_JOKER
                 else "this game uses a 52-card pack")
        raise RuleViolation("joker_not_in_pack", f"The joker cannot come out of the shoe: {where}.")
    if state.seen >> card.index & 1 or card in state.table.centre:
        raise RuleViolation("duplicate_card", f"{card} has already been dealt in this hand; "
                            "check the shoe for a second deck's card.")


def wild_fee(state: HandState, card: Card) -> int:
    """Chips owed to the pot when ``card`` is dealt face up (seed 003, the Man with the Axe)."""
    total = 0
    wild = state.game.showdown.wild
    for fee in state.game.fees:
        if fee.match == "wild":
            by_rank = card.rank is not None and card.rank.char in wild.ranks
            hit = by_rank or str(card) in wild.cards.split()
        else:
            hit = card.rank is not None and card.rank.char == fee.match
        if hit:
            total += fee.antes * state.rules.ante
    return total


def _pay_fee(p: Player, fee: int) -> Player:
    paid = min(fee, p.stack)
    return evolve(p, stack=p.stack - paid, committed=p.committed + paid)


def place_card(state: HandState, card: Card) -> HandState:
    """Deliver ``card`` to the head of the queue (refusing it when no card is due)."""
    if not state.queue:
        raise RuleViolation("card_not_expected", "No card is due from the shoe now.")
    if card.index == 52 or state.seen >> card.index & 1 or state.table.centre:
        _check_card(state, card)  # the joker, a card seen before, or the seed-000 centre
    (target, face_up), queue = state.queue[0], state.queue[1:]
    seen = state.seen | 1 << card.index
    if target >= 0 and not state.table.game.fees:  # a card to a player (no fees): the common case
        return _to_player(state, target, face_up, card, queue, seen)
    if target == BOARD:
        return evolve(state, queue=queue, seen=seen, board=(*state.board, card))
    if target == BURN:
        return evolve(state, queue=queue, seen=seen, burned=(*state.burned, card))
    if target <= UNSEEN_BASE:
        i = UNSEEN_BASE - target
        p = evolve(state.players[i], down=(*state.players[i].down, card))
        return evolve(state, queue=queue, seen=seen, unseen=(*state.unseen, card),
                      players=(*state.players[:i], p, *state.players[i + 1:]))
    if SLOT_BASE < target <= MARKET_BASE:
        k = MARKET_BASE - target
        market = list(state.market) + [None] * (k + 1 - len(state.market))
        market[k] = card
        return evolve(state, queue=queue, seen=seen, market=tuple(market),
                      exposed=(*state.exposed, card))
    if target == OFFER:
        return evolve(state, queue=queue, seen=seen, offer=(card,),
                      exposed=(*state.exposed, card))
    if target <= SLOT_BASE:
        name = state.game.layout[SLOT_BASE - target]
        if not face_up:
            return evolve(state, queue=queue, seen=seen, slots=(*state.slots, (name, card)))
        return evolve(state, queue=queue, seen=seen, slots=(*state.slots, (name, card)),
                      turned=(*state.turned, name), exposed=(*state.exposed, card))
    p = state.players[target]
    if face_up:
        p = evolve(p, up=(*p.up, card))
        fee = wild_fee(state, card) if state.game.fees else 0
        if fee:
            p = _pay_fee(p, fee)
    else:
        p = evolve(p, down=(*p.down, card))
    players = (*state.players[:target], p, *state.players[target + 1:])
    if face_up:
        return evolve(state, queue=queue, seen=seen, players=players,
                      exposed=(*state.exposed, card))
    return evolve(state, queue=queue, seen=seen, players=players)


def _to_player(state: HandState, i: int, face_up: bool, card: Card,
               queue: tuple[Delivery, ...], seen: int) -> HandState:
    """``place_card`` for a card to player ``i`` with no fee to pay: two dict copies."""
    players = state.players
    p = players[i].__dict__.copy()
    d = state.__dict__.copy()
    if face_up:
        p["up"] = (*p["up"], card)
        d["exposed"] = (*state.exposed, card)
    else:
        p["down"] = (*p["down"], card)
    d["players"] = (*players[:i], remake(Player, p), *players[i + 1:])
    d["queue"] = queue
    d["seen"] = seen
    d.pop("_memo", None)
    return remake(HandState, d)


def _first_bet_started(state: HandState) -> bool:
    steps = state.game.steps
    first_bet = next((k for k, s in enumerate(steps) if isinstance(s, Bet)), len(steps))
    return state.step >= first_bet


def apply_exposed(state: HandState, event: CardExposed) -> HandState:
    """A down card shown by accident becomes an up card. In stud games an exposure on
    the first deal is made good by dealing that player's first up card face down
    (common practice, seed 003 family); in draw games the player keeps it exposed."""
    i = state.index_of(event.seat)
    if i < 0:
        raise RuleViolation("unknown_seat", f"Nobody sits in seat {event.seat}.")
    p = state.players[i]
    if event.card not in p.down:
        raise RuleViolation("card_not_held", f"Seat {event.seat} has no {event.card} face down.")
    owed = state.game.exposed_card == "stud" and not _first_bet_started(state) and not p.up
    p = evolve(p, down=tuple(c for c in p.down if c is not event.card), up=(*p.up, event.card))
    queue = state.queue
    if owed and (i, True) in queue:
        k = queue.index((i, True))
        queue = (*queue[:k], (i, False), *queue[k + 1:])
    elif owed:
        p = evolve(p, owed_down=True)
    return evolve(state, players=(*state.players[:i], p, *state.players[i + 1:]), queue=queue)


def _draw_limit(state: HandState, kept: tuple[Card, ...]) -> int:
    """Seed 002: three cards; four when keeping an ace (a natural ace: the bug is
    not an ace until showdown) under ``4-ace``; five under ``5``."""
    limit = state.rules.draw_limit
    if limit == "5":
        return 5
    if limit == "4-ace" and any(c.rank == 14 for c in kept):
        return 4
    return 3


def exchange_cost(state: HandState) -> int:
    """What an exchange costs now (English Stud's optional price, seed 003)."""
    step = state.game.steps[state.step]
    return _exchange_cost(state, step) if isinstance(step, Exchange) else 0


def _exchange_cost(state: HandState, step: Exchange) -> int:
    if step.price:
        return step.price  # seed 004: "exchange a card for 50 cents"
    cost = state.rules.exchange_cost or step.cost
    if cost != "bet":
        return 0
    steps = state.game.steps[: state.step]
    last = next((s for s in reversed(steps) if isinstance(s, Bet)), None)
    return state.rules.big_bet if last is not None and last.size == "big" else state.rules.small_bet


def apply_discard(state: HandState, event: Discard) -> HandState:
    """Draw (seed 002) or exchange (English Stud, seed 003): discard, owe replacements."""
    step = state.game.steps[state.step] if 0 <= state.step < len(state.game.steps) else None
    if not isinstance(step, (Draw, Exchange)) or not state.turn:
        raise RuleViolation("illegal_action", "Nobody is drawing or exchanging now.")
    if state.queue:
        raise RuleViolation("card_expected", "Deal the replacement cards already owed first.")
    i = state.turn[0]
    p = state.players[i]
    if event.seat != p.seat:
        raise RuleViolation("out_of_turn", f"It is seat {p.seat}'s turn to "
                            f"{'draw' if isinstance(step, Draw) else 'exchange'}, "
                            f"not seat {event.seat}'s.")
    cards = event.cards
    if len(set(cards)) != len(cards):
        raise RuleViolation("duplicate_card", "The same card is listed twice in the discard.")
    held = p.down if isinstance(step, Draw) else p.down + p.up
    missing = [str(c) for c in cards if c not in held]
    if missing:
        raise RuleViolation("card_not_held", f"Seat {p.seat} does not hold {' '.join(missing)}.")
    if isinstance(step, Draw):
        kept = tuple(c for c in p.down if c not in cards)
        limit = _draw_limit(state, kept)
        if len(cards) > limit:
            raise RuleViolation("draw_limit", f"Seat {p.seat} may draw at most {limit} cards "
                                f"(the limit announced before the deal: {state.rules.draw_limit}).")
        p = evolve(p, down=kept)
        queue: tuple[Delivery, ...] = ((i, False),) * len(cards)
    else:
        if len(cards) > 1:
            raise RuleViolation("exchange_limit", f"Seat {p.seat} may exchange one card only.")
        cost = _exchange_cost(state, step) if cards else 0
        face_up = bool(cards) and cards[0] in p.up
        p = evolve(p, down=tuple(c for c in p.down if c not in cards),
                    up=tuple(c for c in p.up if c not in cards))
        if cost:
            p = _pay_fee(p, cost)
        queue = ((i, face_up),) * len(cards)
    state = _refill_pack(state, len(cards))
    players = (*state.players[:i], p, *state.players[i + 1:])
    return evolve(state, players=players, queue=queue, turn=state.turn[1:],
                   discards=(*state.discards, *cards))


def _refill_pack(state: HandState, need: int) -> HandState:
    """Common practice for draw games: when the pack runs short, the earlier discards
    are shuffled to make a new pack (the current player's discards stay out)."""
    if need <= state.pack_left:
        return state
    if state.discards:
        state = evolve(state, seen=state.seen & ~mask(state.discards), discards=(),
                        reshuffles=state.reshuffles + 1)
    if need > state.pack_left:
        raise RuleViolation("pack_empty", "The pack has too few cards for this draw.")
    return state
