"""Guts (seed 004): drop or hold, losers match the pot up to a cap, redeal.

"If only one player holds his cards he takes the pot and game ends. If no players
hold their cards then the player with the highest two cards must match the pot up
to a limit of $3. ... If multiple players hold their cards then the player with the
highest hand takes the pot. The losing players must together match the pot with an
individual limit of $3 and cards are then redealt." Example: a $5 pot and two losers
pay $2.50 each; a $7 pot, $3 each. Cards are ranked as pairs or high cards.
"""

from __future__ import annotations

from typing import Any

from controller.engine.events import Choice, Event
from controller.engine.expect import Expected
from controller.engine.showdown import ranking
from controller.engine.state import HandState, Player, evolve
from controller.engine.together import all_at_once, answer_of

__all__ = ["GutsRunner", "match_shares"]


def match_shares(pot: int, losers: int, cap: int) -> list[int]:
    """What each loser pays: the pot shared, each at most ``cap`` (odd chips to the
    first losers); the book's examples, in cents:

    >>> match_shares(500, 2, 300), match_shares(700, 2, 300), match_shares(75, 1, 300)
    ([250, 250], [300, 300], [75])
    """
    if losers <= 0:
        return []
    base, odd = divmod(pot, losers)
    return [min(cap, base + (1 if k < odd else 0)) if cap else base + (k < odd)
            for k in range(losers)]


def _best(state: HandState, among: list[int]) -> int:
    rank = ranking("high-pairs")
    return max(among, key=lambda i: rank.evaluate(list(state.players[i].down)).key)


class GutsRunner:
    """Guts: everyone holds or drops at once; then pay, match and redeal."""

    def enter(self, state: HandState, step: Any) -> HandState:
        live = tuple(i for i, p in enumerate(state.players) if p.live)
        return evolve(state, turn=live, holding=())

    def expected(self, state: HandState, step: Any) -> Expected:
        return all_at_once(state, ("hold", "drop"))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i, turn = answer_of(state, event, ("hold", "drop"), "Each player holds or drops now.",
                            "Seat {seat} has already chosen.")
        assert isinstance(event, Choice)
        holding = (*state.holding, i) if event.kind == "hold" else state.holding
        if turn:
            return evolve(state, turn=turn, holding=holding)
        return _resolve(evolve(state, turn=(), holding=()), step, sorted(holding))


def _resolve(state: HandState, step: Any, holders: list[int]) -> HandState:
    if len(holders) == 1:  # the only holder takes the pot; the game ends
        return evolve(state, players=tuple(p if k == holders[0] else evolve(p, folded=True)
                                           for k, p in enumerate(state.players)))
    pot = state.pot_total
    players: list[Player] = list(state.players)
    if holders:
        winner = _best(state, holders)
        losers = [i for i in holders if i != winner]
        players[winner] = evolve(players[winner], stack=players[winner].stack + pot)
        players = [evolve(p, committed=0) for p in players]
    else:
        losers = [_best(state, [i for i, p in enumerate(players) if p.live])]
    for i, owed in zip(losers, match_shares(pot, len(losers), state.rules.guts_cap),
                       strict=True):
        players[i] = _pay(players[i], owed)
    return _redeal(evolve(state, players=tuple(players)), step)


def _pay(p: Player, chips: int) -> Player:
    paid = min(chips, p.stack)
    return evolve(p, stack=p.stack - paid, committed=p.committed + paid)


def _redeal(state: HandState, step: Any) -> HandState:
    """Collect the cards and deal again from step ``redeal`` (a fresh pack)."""
    players = tuple(evolve(p, down=(), up=()) for p in state.players)
    return evolve(state, players=players, seen=0, discards=(), burned=(),
                  step=step.redeal - 1, rounds=state.rounds + 1)
