"""``spec_from_state(state)``: the odds question for a rules-engine hand in progress.

The engine (``controller.engine``) knows every card the shoe camera has read;
this adapter turns its :class:`~controller.engine.HandState` into an
:class:`~controller.odds.OddsSpec`, for every game the engine deals:

* live players' down and up cards are known (``public=True`` hides every down
  card, discard and burn, as the audience would see them: they are then drawn
  from the unseen deck); a card nobody may look at (No Peek, Garbage Pie's
  unseen card) and a board slot still face down (seed 004) are unknown to all;
* the cards to come are the plan of :mod:`controller.odds.future`: what the
  current step still owes, then what every later step deals (running out of
  cards as seed 003 says); a decision (a draw, an exchange, a pass, a buy, a
  push, coins) is not a card: it is priced as the hands stand plus the cards
  still to be dealt (docs/odds.md);
* dead cards: folded players' cards, burns, discards (burns only until they
  would be needed again), the market and the offered card;
* the showdown: the vectorised tables where the game's rule fits them
  (:func:`controller.odds.games.rule_for_game`), else the engine's own
  showdown finishes the hand for every deal (:mod:`controller.odds.completion`:
  seed 004 board layouts, wild cards decided during the deal); a declare game
  is priced as cards speak until every live player has declared, then by the
  declarations.

>>> from controller.engine import new_hand, apply, event_from_dict
>>> s = new_hand("stud", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2)
>>> for c in "As Kd 2c 3d 9h Tc".split():
...     s = apply(s, event_from_dict({"card": c}))
>>> spec = spec_from_state(s)
>>> [(len(h.cards), h.to_come, h.to_come_down) for h in spec.players]
[(3, 4, 1), (3, 4, 1)]
"""

from __future__ import annotations

from dataclasses import replace

from controller.cards import Card
from controller.engine.state import BOARD, SLOT_BASE, HandState
from controller.odds.completion import Completion
from controller.odds.future import Plan, no_peek, read_plan, target_player
from controller.odds.games import needs_engine, showdown_rule
from controller.odds.score import ranking_for
from controller.odds.spec import Holding, OddsSpec
from controller.variants.game import Deck

__all__ = ["spec_from_state"]


def _dead(state: HandState, plan: Plan, public: bool) -> tuple[Card, ...]:
    """Cards out of play. The public sees only folded players' up cards, the market
    and the offered card: down cards, discards and burns are as unknown to it as the
    pack. Nobody has seen a No Peek player's down cards."""
    folded = [p for p in state.players if not p.live]
    shown = [*(c for c in state.market if c is not None), *state.offer, *plan.put_away]
    if public:
        return tuple(dict.fromkeys([*(c for p in folded for c in p.up), *shown]))
    blind = no_peek(state.game) and state.result is None
    # folded hands stay with their players (older states also kept a ``mucked`` pile)
    dead = [*(c for p in folded for c in (p.up if blind else p.cards)
              if c not in state.unseen), *getattr(state, "mucked", ()), *state.discards,
            *(() if plan.reclaimed else state.burned), *shown]
    return tuple(dict.fromkeys(dead))


def _holdings(plan: Plan) -> tuple[Holding, ...]:
    base = plan.base
    owed: dict[int, list[bool]] = {i: [] for i, p in enumerate(base.players) if p.live}
    for target, face_up in plan.deliveries:
        player = target_player(target)
        if player is not None:
            owed[player].append(face_up)
    return tuple(Holding(base.players[i].down, base.players[i].up, len(ups),
                         sum(1 for up in ups if not up), base.players[i].declared)
                 for i, ups in owed.items())


def _board(plan: Plan, engine: bool) -> tuple[Card | None, ...]:
    """Known common cards, then one empty place per card the board is still owed. A slot
    that stays face down to the end is no common card: only the engine's showdown,
    which deals every slot, counts it."""
    base, layout = plan.base, plan.base.game.layout
    turned = plan.turned_at_end()
    owed = 0
    for target, _ in plan.deliveries:
        if target == BOARD or (target <= SLOT_BASE and target_player(target) is None and (
                engine or layout[SLOT_BASE - target] in turned)):
            owed += 1
    face_up = [c for n, c in base.slots if n in base.turned]
    return (*base.board, *face_up, *[None] * owed, *base.table.centre)


def base_common(plan: Plan) -> tuple[Card, ...]:
    """The common cards every hand plays (seed 003's community card, a face-up slot,
    the centre joker) already out."""
    base = plan.base
    return (*base.board, *(c for n, c in base.slots if n in base.turned), *base.table.centre)


def spec_from_state(state: HandState, public: bool = False) -> OddsSpec:
    """The odds spec of ``state`` (see the module docstring)."""
    game = state.game
    plan = read_plan(state, public)
    holdings = _holdings(plan)
    # A hand short of what the ranking needs (No Peek's dead cards, step 7; the last
    # player in with four cards in Push 'Em) is ranked by the engine's showdown, which
    # ranks any hand; the tables need five cards.
    engine = needs_engine(game) or len(holdings) == 1 or any(
        h.size + len(base_common(plan)) < ranking_for(name).min_cards
        for h in holdings for name in (game.showdown.high, game.showdown.low) if name)
    deck = 52 if game.deck is Deck.STANDARD else 53
    spec = OddsSpec(holdings, _board(plan, engine), _dead(state, plan, public), deck,
                    showdown_rule(game))
    # the engine's showdown finishes the hand for each deal (unseen cards stand in once
    # to read a static layout's pools)
    return replace(spec, finisher=Completion(plan, spec.unseen())) if engine else spec
