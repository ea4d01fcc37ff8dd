"""Odds for every game of the house book (seed 004), checked against a brute force that
deals each possible card with the real engine (``apply``) and scores it with the
engine's showdown (``controller.engine.showdown.evaluate``).

The brute force shares nothing with the odds engine's plan or completion: it
replays the logged events with the unknown card substituted (a board slot still
face down) or deals it from the shoe, then drives the hand on with check/call
and the dealer's first turn choice until the next decision, and splits the pot
by hand (cards speak: best high and best low share, seed 003 "Seven Card Stud
High-Low"; a hand that reaches the showdown is read off the engine's own result).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from controller.cards import Card
from controller.engine import (
    Act,
    BoardTurn,
    CardDealt,
    Event,
    HandState,
    PlayerAction,
    apply,
    expected,
    new_hand,
)
from controller.engine.board import turn_slot
from controller.engine.randomplay import random_event
from controller.engine.showdown import evaluate
from controller.engine.state import evolve
from controller.odds import equity
from controller.odds.completion import Completion
from controller.odds.deals import sample_deals
from controller.odds.from_state import spec_from_state
from controller.odds.future import no_peek, read_plan
from controller.odds.shares import pot_shares
from controller.variants.catalogue import find_game
from controller.variants.game import PotRule

SEATS = [(1, "Ann", 4000), (2, "Bo", 4000), (3, "Cy", 4000)]


def _show_but(state: HandState, last: Card) -> HandState:
    """Every hidden card but ``last`` shown early: a face-down slot turned (the engine's
    ``turn_slot``), a card its owner may not see seen. Railroad and Judge Getz turn two
    slots at once, Garbage Pie deals every player a card nobody sees: this leaves one
    unknown card, so every deal can be checked."""
    for card in read_plan(state).hidden:
        if card == last:
            continue
        slot = next((n for n, c in state.slots if c == card), None)
        if slot is not None:
            state = turn_slot(state, slot, False)
        else:
            state = evolve(state, unseen=tuple(c for c in state.unseen if c != card))
    return state


def _one_card_to_come(game_id: str, seeds: int = 30) -> tuple[HandState, HandState]:
    """(start, state) of a random hand of ``game_id`` at the first moment one unknown
    card is left (a slot face down, or one card still owed), or two face-down cards of
    which one is then shown (:func:`_show_but`); nobody has declared."""
    for seed in range(seeds):
        rng = random.Random(seed)
        start = new_hand(game_id, SEATS, dealer=3)
        state = start
        while state.result is None:
            live = [p for p in state.players if p.live]
            if len(live) >= 2 and not any(p.declared for p in live):
                plan = read_plan(state)
                if len(plan.deliveries) == 1 and len(plan.hidden) <= 1:
                    return start, state
                if len(plan.deliveries) == len(plan.hidden) == 2:
                    return start, _show_but(state, plan.hidden[-1])
            state = apply(state, random_event(state, rng))
    raise AssertionError(f"no state of {game_id} with one card to come")


def _passive(state: HandState) -> Event | None:
    """The next event that deals no choice: check or call, the first slot to turn."""
    nxt = expected(state)
    if nxt.kind == "action":
        legal = {a.action for a in nxt.legal}
        act = next(a for a in (Act.CHECK, Act.CALL, Act.BRING_IN) if a in legal)
        return PlayerAction(nxt.seat, act)
    if nxt.kind == "turn":
        return BoardTurn(nxt.choices[0])
    return None


def _finish(state: HandState, cards: list[Card]) -> HandState:
    while state.result is None:
        if expected(state).kind == "card":
            if not cards:
                break
            state = apply(state, CardDealt(cards.pop(0)))
            continue
        event = _passive(state)
        if event is None:
            break
        state = apply(state, event)
    return state


def _winners(keys: Sequence[tuple[int, ...]]) -> list[float]:
    best = max(keys)
    if not best:
        return [0.0] * len(keys)
    won = [k == best for k in keys]
    return [w / sum(won) for w in won]


def _shares(state: HandState) -> list[float]:
    """Each live player's share of the pot in ``state``, as the engine scores it."""
    live = [i for i, p in enumerate(state.players) if p.live]
    r = state.result
    if r is not None and r.reason == "showdown" and len(r.pots) == 1:
        pot = r.pots[0]
        seats = [state.players[i].seat for i in live]
        high = [(s in pot.high) / len(pot.high) if pot.high else 0.0 for s in seats]
        low = [(s in pot.low) / len(pot.low) if pot.low else 0.0 for s in seats]
        return [(h + lo) / 2 for h, lo in zip(high, low, strict=True)] if pot.low else high
    scored = [evaluate(state, i) for i in live]
    high = _winners([s[2] for s in scored])
    low = _winners([s[3] for s in scored])
    rule = state.game.showdown.pot
    if rule is PotRule.HIGH:
        return high
    if rule is PotRule.LOW:
        return low
    if not any(low):
        return high
    return [(h + lo) / 2 for h, lo in zip(high, low, strict=True)]


def _brute_force(start: HandState, state: HandState) -> list[float]:
    plan = read_plan(state)
    unseen = spec_from_state(state).unseen()
    total = [0.0] * sum(1 for p in state.players if p.live)
    for card in unseen:
        if plan.hidden:  # the face-down slot held ``card``: replay the hand so
            s = start
            for event in state.log:
                if isinstance(event, CardDealt) and event.card == plan.hidden[0]:
                    event = CardDealt(card)
                s = apply(s, event)
            final = _finish(_show_but(s, card), [])
        else:
            final = _finish(state, [card])
        for k, share in enumerate(_shares(final)):
            total[k] += share
    return [t / len(unseen) for t in total]


FAMILIES = [
    "cross",  # lines of a cross (seed 004 Cross)
    "corner",  # corners
    "the-l-game",  # arms, a 'low' that is the other arm's high hand
    "judge-getz",  # piles
    "two-touch",  # touching cards of a grid
    "row-of-eight",  # adjacent cards of a row
    "forty-second-street",  # two rows
    "colinoscopy",  # dealer-chosen turns
    "omaha-declare",  # Omaha's two and three with slots
    "railroad",  # active cards by colour
    "three-thirty",  # turned centre cards take matching cards out of every hand; points
    "follow-the-queen",  # the wild card after the last queen
    "low-card-in-the-hole",  # the suit card names the wild card
    "molly",  # lowest hole card wild for its owner, the ace choice
    "highest-flush",  # longest flush, the straight-flush exception
    "common-card-declare",  # a face-up common slot
    "push-em",  # push rounds
    "buy-happiness",  # market rounds
    "garbage-pie",  # push, pass, follow the queen, a card nobody may see
]


@pytest.mark.parametrize("game_id", FAMILIES)
def test_exact_odds_match_the_engine_dealing_every_card(game_id: str) -> None:
    """Seed 004 (each game's "The Deal" and "The Showdown"): with one unknown card left,
    the exact equity is the average over every unseen card of the engine's own result."""
    start, state = _one_card_to_come(game_id)
    r = equity(spec_from_state(state), method="exact")
    assert r.method == "exact" and r.deals == len(spec_from_state(state).unseen())
    want = _brute_force(start, state)
    got = [p.equity for p in r.players]
    assert got == pytest.approx(want, abs=1e-9)
    assert sum(got) == pytest.approx(1.0)


def test_a_face_down_slot_is_unknown_even_though_the_shoe_read_it() -> None:
    """Seed 004 Cross: the centre card is dealt face down and turned last; until then the
    odds draw it from the unseen cards (the camera's reading is not used)."""
    _, state = _one_card_to_come("cross")
    plan = read_plan(state)
    centre = dict(state.slots)["centre"]
    assert "centre" not in state.turned and plan.hidden == (centre,)
    spec = spec_from_state(state)
    assert centre in spec.unseen() and centre not in spec.known()


def test_no_peek_down_cards_are_unknown_to_their_owner() -> None:
    """Seed 004 No Peek Sequential step 1: "Players may NOT look at their cards": a
    face-down card is unknown to everyone, its owner too; the card to beat is nobody's
    card (put away when the turning ends) so it is in no hand."""
    game = find_game("no-peek-sequential")
    assert no_peek(game)
    state = new_hand(game, SEATS, dealer=3)
    rng = random.Random(1)
    while expected(state).kind == "card":
        state = apply(state, random_event(state, rng))
    beat = dict(state.slots)["beat"]
    spec = spec_from_state(state)
    assert all(not h.cards and h.to_come == 7 for h in spec.players)
    assert beat in spec.dead and None not in spec.board
    r = equity(spec, seed=3, max_error=0.05, max_time=0.3)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    # by symmetry nobody is favoured (within the error bar)
    assert all(abs(p.equity - 1 / 3) <= p.error + 0.02 for p in r.players)


def test_a_decision_prices_the_cards_as_they_stand() -> None:
    """Seed 004 Pass 'Em step 3 (pass three cards left): a pass is a decision, not a card:
    the hands are priced as they stand (docs/odds.md); nothing is to come before the
    rolls, which only turn cards up."""
    state = new_hand("pass-em", SEATS, dealer=3)
    rng = random.Random(2)
    while expected(state).kind == "card":
        state = apply(state, random_event(state, rng))
    assert expected(state).kind == "choice"
    spec = spec_from_state(state)
    assert [len(h.cards) for h in spec.players] == [7, 7, 7]
    assert spec.cards_to_come == 0
    r = equity(spec)
    assert r.method == "exact" and r.deals == 1


@pytest.mark.parametrize("game_id", ["cross", "the-l-game", "judge-getz-even-more",
                                     "forty-second-street-extra", "omaha-declare"])
def test_static_layout_pools_score_as_the_engine_does(game_id: str) -> None:
    """Seed 004 layouts where which cards combine depends only on where they lie: the
    pools read once from the engine's composition and scored by the tables give every
    deal the same winners as the engine's showdown of that deal."""
    spec = spec_from_state(_layout_out(game_id))
    fast_path = spec.finisher
    assert isinstance(fast_path, Completion) and fast_path.pools
    slow_path = Completion(fast_path.plan)
    assert not slow_path.pools
    rng = np.random.default_rng(4)
    unseen = np.array([c.index for c in spec.unseen()], np.int64)
    deals = sample_deals(rng, unseen, fast_path.cards, 15)
    rule = spec.rule
    for (h1, l1), (h2, l2) in [(fast_path.score(deals), slow_path.score(deals))]:
        for a, b in zip(pot_shares(h1, l1, rule.pot), pot_shares(h2, l2, rule.pot),
                        strict=True):
            assert a.tolist() == b.tolist()


def _layout_out(game_id: str) -> HandState:
    """A random hand of ``game_id`` when its first betting round after the board is laid
    out opens (the layout's slots mostly face down: many cards to come)."""
    state = new_hand(game_id, SEATS, dealer=3)
    rng = random.Random(6)
    while not (state.slots and state.betting is not None and not state.queue):
        event = _passive(state) if expected(state).kind != "card" else None
        state = apply(state, event or random_event(state, rng))
    return state


def test_a_common_card_still_to_come_is_on_the_board() -> None:
    """Seed 004 Common Card Declare (Madonna): "the third up card is one common card":
    before it is dealt it is one board card to come for everybody, not a card each."""
    state = new_hand("common-card-declare", SEATS, dealer=3)
    rng = random.Random(3)
    while not (state.betting is not None and not state.queue):
        state = apply(state, random_event(state, rng))
    spec = spec_from_state(state)  # third street: two down, one up each
    assert spec.board == (None,)
    assert [h.to_come for h in spec.players] == [3, 3, 3]  # two up and one down card each
    r = equity(spec, seed=1, max_error=0.05, max_time=0.3)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
