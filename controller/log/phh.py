"""Export a :class:`HandRecord` as PHH, the Poker Hand History format PokerKit reads.

PHH is TOML: game parameters (``variant``, ``antes``, ``bring_in``,
``small_bet``, ``big_bet``, ``starting_stacks``...), then ``actions``, a list
of strings: ``d dh p1 ????7h`` (cards dealt to player 1, two unseen),
``d db 7c8c9c`` (board), ``p2 pb`` (bring-in), ``p1 cbr 10`` (complete, bet
or raise *to* 10), ``p3 cc`` (check or call), ``p2 f`` (fold), ``p1 sd 2c``
(discard), ``p1 sm AsKs`` (show; bare ``sm`` mucks).

Games PHH has a code for get it (:data:`PHH_CODES`: seven card stud
``F7S``, stud eight-or-better ``F7S/8``, razz ``FR``, and the hold'em / draw
codes). Every other game keeps pitboss's game id as its ``variant`` and puts
what PHH cannot say in ``_``-prefixed user-defined fields
(``_pitboss_game``, ``_pitboss_rules``); PokerKit loads such a file but
cannot replay it, because it does not know the game.

>>> from controller.log.hand_record import *
>>> r = HandRecord(game="razz", seats=(SeatEntry(1, "Anna", 50), SeatEntry(2, "Ben", 50)),
...                ante=1, bring_in=1, small_bet=2, big_bet=4,
...                streets=(Street("third", (Deal(1, ("As", "2c", "3d")),
...                                          Deal(2, ("??", "??", "Kc")),
...                                          Action(2, Verb.BRING_IN), Action(1, Verb.FOLD))),))
>>> print(dumps_phh(r))
variant = 'FR'
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 As2c3d', 'd dh p2 ????Kc', 'p2 pb', 'p1 f']
players = ['Anna', 'Ben']
seats = [1, 2]
_pitboss_game = 'razz'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, time
from typing import Any

from controller.log.errors import LogError
from controller.log.hand_record import Action, Deal, HandRecord, Verb

__all__ = ["PHH_CODES", "dumps_phh", "phh_actions", "phh_fields"]

PHH_CODES: Mapping[str, str] = {
    "seven-card-stud": "F7S",
    "stud-hi-lo-8": "F7S/8",
    "razz": "FR",
    "limit-holdem": "FT",
    "no-limit-holdem": "NT",
    "pot-limit-omaha": "PO",
    "omaha-hi-lo-8": "FO/8",
    "deuce-to-seven-single-draw": "N2L1D",
    "deuce-to-seven-triple-draw": "F2L3D",
    "badugi": "FB",
}
"""pitboss game id -> PHH variant code, for the games PHH defines."""


def phh_actions(record: HandRecord) -> list[str]:
    """The PHH action strings of a hand, in order."""
    return [_action_text(record, step) for step in record.steps()]


def _action_text(record: HandRecord, step: Deal | Action) -> str:
    if isinstance(step, Deal):
        cards = "".join(step.cards)
        return f"d db {cards}" if step.seat is None else f"d dh p{record.index(step.seat)} {cards}"
    text = f"p{record.index(step.seat)} {step.verb.value}"
    if step.verb is Verb.BET_RAISE_TO:
        if step.amount is None:
            raise LogError("bad_hand_record", f"seat {step.seat}'s bet has no amount")
        return f"{text} {step.amount}"
    if step.verb in (Verb.DISCARD, Verb.SHOW_MUCK) and step.cards:
        return f"{text} {''.join(step.cards)}"
    return text


def phh_fields(record: HandRecord) -> dict[str, Any]:
    """The PHH fields of a record, in the order PHH files list them."""
    n = len(record.seats)
    code = PHH_CODES.get(record.game)
    fields: dict[str, Any] = {"variant": code or record.game, "antes": [record.ante] * n}
    if record.blinds:
        fields["blinds_or_straddles"] = list(record.blinds) + [0] * (n - len(record.blinds))
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if getattr(record, name) is not None:
            fields[name] = getattr(record, name)
    fields["starting_stacks"] = [s.stack for s in record.seats]
    fields["actions"] = phh_actions(record)
    fields["players"] = [s.player for s in record.seats]
    fields["seats"] = [s.seat for s in record.seats]
    fields.update(_optional_fields(record))
    fields["_pitboss_game"] = record.game
    if record.rules or code is None:
        fields["_pitboss_rules"] = json.dumps(dict(record.rules), sort_keys=True)
    return fields


def _optional_fields(record: HandRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if record.final_stacks is not None:
        out["finishing_stacks"] = list(record.final_stacks)
    if record.table:
        out["table"] = record.table
    if record.hand is not None:
        out["hand"] = record.hand
    if record.time:
        t = datetime.fromisoformat(record.time)
        out.update(time=t.time().replace(microsecond=0), day=t.day, month=t.month, year=t.year)
        if t.tzinfo is not None:
            out["time_zone"] = t.tzname() or "UTC"
    return out


def dumps_phh(record: HandRecord) -> str:
    """The record as PHH text (TOML, one field per line)."""
    return "\n".join(f"{key} = {_toml(value)}" for key, value in phh_fields(record).items())


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, time):
        return value.isoformat()  # a TOML local time, which PHH's ``time`` field is
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise LogError("bad_hand_record", f"cannot write {value!r} in a PHH file")


def _toml_string(text: str) -> str:
    if "'" not in text and "\n" not in text:
        return f"'{text}'"  # literal string: no escapes needed
    return json.dumps(text)  # a JSON string is a valid TOML basic string
