"""PHH export read back by PokerKit (issue 7, "Done when" 3).

Stud, stud eight-or-better and razz exports are parsed by
``pokerkit.notation.HandHistory`` and replayed to the final stacks worked out by
hand; a game PHH has no code for loads with its ``_``-prefixed fields.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory

from controller.log.errors import LogError
from controller.log.hand_record import Action, HandRecord, Verb
from controller.log.phh import dumps_phh, phh_actions

sys.path.insert(0, str(Path(__file__).parent))
import log_hands

RECORDS = {k: v for k, v in vars(log_hands).items() if isinstance(v, HandRecord)}


def _load(text: str) -> HandHistory:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an unexpected (non-underscore) field would warn
        return HandHistory.loads(text)


@pytest.mark.parametrize("name", ["SEVEN_CARD_STUD", "STUD_HI_LO", "RAZZ"])
def test_pokerkit_replays_stud_family_exports_to_the_same_final_stacks(name: str) -> None:
    """seeds/003 "Seven Card Stud", "stud high-low", "Razz": bring-in, limits, showdown."""
    record = RECORDS[name]
    history = _load(dumps_phh(record))
    assert history.variant in {"F7S", "F7S/8", "FR"}
    assert history.players == [s.player for s in record.seats]
    *_, final = list(history)
    assert not final.status, "PokerKit did not reach the end of the hand"
    assert tuple(final.stacks) == record.final_stacks
    assert history.finishing_stacks == list(record.final_stacks or ())


@pytest.mark.parametrize("name", ["SEVEN_CARD_STUD", "STUD_HI_LO", "RAZZ",
                                  "DEUCE_SEVEN_TRIPLE_DRAW"])
def test_every_exported_action_is_legal_for_pokerkit(name: str) -> None:
    """PokerKit skips (and "repairs" around) an action it finds illegal: none may be skipped."""
    record = RECORDS[name]
    applied = [a for _, a in _load(dumps_phh(record)).state_actions if a is not None]
    assert applied == phh_actions(record)


def test_stud_actions_read_as_phh() -> None:
    actions = phh_actions(RECORDS["SEVEN_CARD_STUD"])
    assert actions[:5] == ["d dh p1 AsKs7h", "d dh p2 2c3c4d", "d dh p3 5c6cQh", "p2 pb",
                           "p3 cbr 5"]
    assert actions[-2:] == ["p1 sm AsKs7hAhKd2h3s", "p3 sm 5c6cQhJdJcTs9c"]


def test_a_draw_game_with_blinds_and_discards_replays_too() -> None:
    """Blinds (``blinds_or_straddles``, p1 = small blind) and ``sd`` discards as PHH writes them."""
    record = RECORDS["DEUCE_SEVEN_TRIPLE_DRAW"]
    history = _load(dumps_phh(record))
    assert history.variant == "F2L3D" and history.blinds_or_straddles == [1, 2, 0]
    *_, final = list(history)
    assert tuple(final.stacks) == record.final_stacks
    assert "p2 sd Kh" in history.actions


def test_a_wrong_stack_in_the_record_is_caught_by_the_replay() -> None:
    """The comparison above can fail: a hand with a wrong final stack does not match."""
    record = RECORDS["RAZZ"]
    *_, final = list(_load(dumps_phh(record)))
    assert tuple(final.stacks) != (48, 52)


def test_games_without_a_phh_code_load_with_their_underscore_fields() -> None:
    record = RECORDS["ACES_STRAIGHTS_FLUSHES"]
    history = _load(dumps_phh(record))
    assert history.variant == "aces-straights-flushes"
    assert history.user_defined_fields["_pitboss_game"] == "aces-straights-flushes"
    assert json.loads(history.user_defined_fields["_pitboss_rules"])["reserve"] == 25
    assert history.actions == ["d dh p1 AsJk", "d dh p2 7h7c", "p1 cbr 1", "p2 f"]


def test_names_with_quotes_and_accents_survive() -> None:
    record = RECORDS["RAZZ"]
    odd = HandRecord(**{**record.__dict__, "table": "O'Brien's \"kitchen\" ♠"})
    assert _load(dumps_phh(odd)).table == "O'Brien's \"kitchen\" ♠"


def test_time_fields_are_phh_time_and_date() -> None:
    history = _load(dumps_phh(RECORDS["SEVEN_CARD_STUD"]))
    assert (str(history.time), history.day, history.month, history.year) == \
        ("21:05:00", 29, 11, 2026)


def test_a_bet_without_an_amount_is_a_bad_record() -> None:
    record = RECORDS["RAZZ"]
    broken = HandRecord(**{**record.__dict__, "showdown": (Action(2, Verb.BET_RAISE_TO),)})
    with pytest.raises(LogError) as err:
        dumps_phh(broken)
    assert err.value.code == "bad_hand_record"


def test_records_round_trip_through_json() -> None:
    for record in RECORDS.values():
        assert HandRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
