"""``spec_from_state(state)``: the odds question for a rules-engine hand in progress.

The engine (``controller.engine``) knows every card the shoe camera has read;
this adapter turns its :class:`~controller.engine.HandState` into an
:class:`~controller.odds.OddsSpec`:

* live players' down and up cards are known (``public=True`` hides every down
  card, discard and burn, as the audience would see them: they are then drawn
  from the unseen deck);
* cards to come: the deliveries the shoe still owes in the current deal
  round, then one card per live player for each later deal step whose option
  is on; when the pack cannot give every live player a card the burned cards
  come back, and failing that one community card is dealt face up for all
  (seed 003 "Running Out of Cards");
* dead cards: folded players' cards, burns, discards (burns only until they
  would be needed again);
* draws and exchanges to come are decisions, not cards: they are priced as
  the hands stand (seed 002's Five Card Draw before the draw);
* the showdown rule, wild cards and deck come from the game definition
  (:func:`controller.odds.games.rule_for_game`); a declare game is priced as
  cards speak until every live player has declared, then by the declarations.

>>> from controller.engine import new_hand, apply, event_from_dict
>>> s = new_hand("stud", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2)
>>> for c in "As Kd 2c 3d 9h Tc".split():
...     s = apply(s, event_from_dict({"card": c}))
>>> spec = spec_from_state(s)
>>> [(len(h.cards), h.to_come, h.to_come_down) for h in spec.players]
[(3, 4, 1), (3, 4, 1)]
"""

from __future__ import annotations

from controller.cards import Card
from controller.engine.state import BOARD, HandState
from controller.odds.errors import OddsError
from controller.odds.games import rule_for_game
from controller.odds.spec import Holding, OddsSpec
from controller.variants.steps import Bet, Deal, Declare, Draw, Exchange

# Steps whose cards and showdown this adapter understands; the house book's board
# layouts (named slots, turns, compositions by line, arm or pile: seed 004) are not
# read from a state yet (build an OddsSpec with BoardGroups by hand for them).
_KNOWN_STEPS = (Bet, Deal, Declare, Draw, Exchange)

__all__ = ["spec_from_state"]


def _owed(state: HandState, live: list[int]) -> tuple[dict[int, list[bool]], int]:
    """Cards still owed: per live player a list of face-up flags; and board cards."""
    owed: dict[int, list[bool]] = {i: [] for i in live}
    board = 0
    for target, face_up in state.queue:
        if target == BOARD:
            board += 1
        elif target in owed:
            owed[target].append(face_up)
    return owed, board


def _future_rounds(state: HandState, live: list[int], left: int, burned: int,
                   owed: dict[int, list[bool]]) -> tuple[int, bool]:
    """Add the later deal steps to ``owed``; returns (board cards, burns reclaimed)."""
    board, reclaimed = 0, False
    for step in state.game.steps[state.step + 1:]:
        if not isinstance(step, Deal) or (step.when and not state.rules.flag(step.when)):
            continue
        if left < len(live) and burned and not reclaimed:
            left, reclaimed = left + burned, True
        if left >= len(live):
            for i in live:
                owed[i].append(step.face == "up")
            left -= len(live)
        elif left:
            board += 1
            left -= 1
    return board, reclaimed


def _check_supported(state: HandState) -> None:
    game = state.game
    layout = (getattr(game.showdown, "compose", ()) or getattr(game.showdown, "low_compose", ())
              or getattr(state, "slots", ()))
    if layout or not all(isinstance(s, _KNOWN_STEPS) for s in game.steps):
        raise OddsError(f"{game.name} uses a board layout (seed 004) that the odds engine "
                        "cannot read from a hand state yet", "unsupported_game")


def _dead(state: HandState, public: bool, reclaimed: bool) -> tuple[Card, ...]:
    """Cards out of play. The public sees only folded players' up cards: their down
    cards, the discards and the burns are as unknown to it as the pack."""
    folded = [p for p in state.players if not p.live]
    if public:
        return tuple(c for p in folded for c in p.up)
    # folded hands stay with their players (older states also kept a ``mucked`` pile)
    dead = [*(c for p in folded for c in p.cards), *getattr(state, "mucked", ()),
            *state.discards, *(() if reclaimed else state.burned)]
    return tuple(dict.fromkeys(dead))


def _pack_left(state: HandState, deck: int, centre: tuple[Card, ...]) -> int:
    """Cards still in the pack, whoever knows what."""
    out = {c for p in state.players for c in p.cards} | set(state.board) | set(centre)
    out |= {*getattr(state, "mucked", ()), *state.discards, *state.burned}
    return deck - len(out)


def spec_from_state(state: HandState, public: bool = False) -> OddsSpec:
    """The odds spec of ``state`` (see the module docstring); raises
    ``OddsError('unsupported_game')`` for games with board layouts."""
    _check_supported(state)
    rule, deck, centre = rule_for_game(state.game)
    live = [i for i, p in enumerate(state.players) if p.live]
    owed, board_owed = _owed(state, live)
    left = _pack_left(state, deck, centre) - sum(len(v) for v in owed.values()) - board_owed
    board_later, reclaimed = _future_rounds(state, live, left, len(state.burned), owed)
    holdings = []
    for i in live:
        p = state.players[i]
        down_owed = sum(1 for up in owed[i] if not up)
        if public:
            holdings.append(Holding((), p.up, len(owed[i]) + len(p.down),
                                    down_owed + len(p.down), p.declared))
        else:
            holdings.append(Holding(p.down, p.up, len(owed[i]), down_owed, p.declared))
    board: tuple[Card | None, ...] = (*state.board, *[None] * (board_owed + board_later),
                                      *centre)
    return OddsSpec(tuple(holdings), board, _dead(state, public, reclaimed), deck, rule)
