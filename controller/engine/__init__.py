"""The pure rules engine: ``apply(state, event) -> state | RuleViolation``.

* ``new_hand(game, seats, dealer, options)`` posts antes and blinds (checking
  seed 000's reserve) and waits for the first card;
* ``expected(state)`` says what comes next (a card for a seat face up or
  down, a board or burn card, an action with its ``legal_actions``, a draw or
  exchange, declarations, or "complete");
* ``apply(state, event)`` runs ``check`` first, so a refused event changes
  nothing; ``undo`` replays all but the last event; ``replay`` runs a list;
* ``event_from_dict`` / ``event_to_dict``: the replay JSON of issue 3;
* ``public_view`` (the table screen: never a down card before showdown),
  ``seat_view`` (one player's phone) and ``summary`` (the replay CLI).

Modules: ``state`` (frozen records), ``events``, ``betting``, ``dealing``,
``firsts`` (who acts first), ``pots``, ``showdown``, ``runners`` (one runner
per step type of ``controller.variants.steps``), ``rules`` (the flow).

>>> from controller.engine import new_hand, apply, expected, event_from_dict
>>> s = new_hand("stud", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2)
>>> for raw in [{"card": c} for c in "As Kd 2c 3d 9h Tc".split()]:
...     s = apply(s, event_from_dict(raw))
>>> expected(s).describe()
'an action from seat 1'
"""

from controller.engine.betting import LegalAction, legal_actions
from controller.engine.events import (
    Act,
    BoardTurn,
    CardDealt,
    CardExposed,
    Choice,
    Declaration,
    Discard,
    Event,
    Misdeal,
    PlayerAction,
    Undo,
    Way,
    event_from_dict,
    event_to_dict,
)
from controller.engine.rules import Expected, apply, check, expected, new_hand, replay, undo
from controller.engine.state import HandState, Player, Result, chips_in_play
from controller.engine.views import public_view, seat_view, summary

__all__ = [
    "Act",
    "BoardTurn",
    "CardDealt",
    "CardExposed",
    "Choice",
    "Declaration",
    "Discard",
    "Event",
    "Expected",
    "HandState",
    "LegalAction",
    "Misdeal",
    "Player",
    "PlayerAction",
    "Result",
    "Undo",
    "Way",
    "apply",
    "check",
    "chips_in_play",
    "event_from_dict",
    "event_to_dict",
    "expected",
    "legal_actions",
    "new_hand",
    "public_view",
    "replay",
    "seat_view",
    "summary",
    "undo",
]
