"""Unit tests of the engine's edges: event codec, table setup, views, corrections."""

from __future__ import annotations

import pytest

from controller.cards import Card
from controller.engine import (
    Act,
    CardDealt,
    CardExposed,
    Declaration,
    Discard,
    Misdeal,
    PlayerAction,
    Undo,
    Way,
    apply,
    event_from_dict,
    event_to_dict,
    expected,
    legal_actions,
    new_hand,
    public_view,
    seat_view,
)
from controller.errors import RuleViolation, VariantError
from controller.variants.catalogue import GAMES


def _deal(state, text: str):
    for token in text.split():
        state = apply(state, CardDealt(Card(token)))
    return state


@pytest.mark.parametrize("event", [
    CardDealt(Card("As")), PlayerAction(3, Act.RAISE, 12), PlayerAction(1, Act.BRING_IN),
    Discard(2, (Card("7c"), Card("2d"))), Discard(4, ()), Declaration(3, Way.BOTH),
    Misdeal(), Undo(), CardExposed(1, Card("Jk")),
])
def test_event_codec_round_trip(event) -> None:
    """Issue 3 replay format: every event survives dict -> event -> dict."""
    assert event_from_dict(event_to_dict(event)) == event


@pytest.mark.parametrize("raw", [
    {"seat": "one", "action": "bet"}, {"seat": 1, "action": "bet", "amount": -2},
    {"seat": 1, "action": "declare", "way": "sideways"}, {"card": "Zz"}, {"nothing": 1}, [1, 2],
])
def test_bad_event_is_refused_with_code(raw) -> None:
    with pytest.raises(RuleViolation) as info:
        event_from_dict(raw)
    assert info.value.code == "bad_event"
    assert info.value.message


@pytest.mark.parametrize(("game", "seats", "dealer", "options", "code"), [
    ("asf", [(1, "A", 100)], 1, {}, "wrong_player_count"),
    ("asf", [(s, "P", 100) for s in range(1, 9)], 1, {}, "wrong_player_count"),
    ("stud", [(1, "A", 100), (1, "B", 100)], 1, {}, "bad_seat"),
    ("stud", [(1, "A", 100), (2, "B", 100)], 5, {}, "unknown_seat"),
    ("stud", [(1, "A", 100), (2, "B", 0)], 1, {}, "empty_stack"),
    ("asf", [(1, "A", 25), (2, "B", 24)], 1, {}, "insufficient_reserve"),
])
def test_table_setup_refusals(game, seats, dealer, options, code) -> None:
    """Seed 000 section 01 (2-7 players, the 25-chip reserve) and plain seat checks."""
    with pytest.raises(RuleViolation) as info:
        new_hand(game, seats, dealer, options)
    assert info.value.code == code


def test_unknown_game_and_option() -> None:
    with pytest.raises(VariantError) as info:
        new_hand("snap", [(1, "A", 9), (2, "B", 9)], 1)
    assert info.value.code == "unknown_game"
    with pytest.raises(VariantError) as info:
        new_hand("stud", [(1, "A", 9), (2, "B", 9)], 1, {"draw_limit": "5"})
    assert info.value.code == "bad_option"
    with pytest.raises(VariantError):
        new_hand("draw-bug", [(1, "A", 9), (2, "B", 9)], 1, {"draw_limit": "7"})


def test_public_view_hides_down_cards_until_showdown() -> None:
    """DESIGN.md: down cards are never sent to the table screen before showdown."""
    s = _deal(new_hand("stud", [(1, "A", 50), (2, "B", 50)], 2), "As Kd 2c 3d 9h Tc")
    view = public_view(s)
    assert all("down" not in p for p in view["players"])
    assert view["players"][0]["up"] == ["9h"] and view["players"][0]["down_count"] == 2
    own = seat_view(s, 1)
    assert own["players"][0]["down"] == ["As", "2c"] and "down" not in own["players"][1]


def test_uncontested_hand_reveals_nothing() -> None:
    """Seed 000 section 03: a pot won without a showdown shows no down card."""
    s = _deal(new_hand("stud", [(1, "A", 50), (2, "B", 50)], 2), "As Kd 2c 3d 9h Tc")
    s = apply(s, PlayerAction(1, Act.BRING_IN))
    s = apply(s, PlayerAction(2, Act.FOLD))
    assert s.result is not None and s.result.reason == "uncontested"
    assert all("down" not in p for p in public_view(s)["players"])
    assert public_view(s)["result"]["winners"] == [1]


def test_simultaneous_declarations_stay_hidden_until_all_are_in() -> None:
    """Seed 003 With Declare: simultaneous declarations are revealed together."""
    s = new_hand("stud-declare", [(1, "A", 50), (2, "B", 50)], 2, {"bring_in": 0})
    s = _deal(s, "2c 3c 4d 5d Kc 7h")
    for street in ("8c 9c", "Tc Jd", "Qd Ks", "As Ah"):
        while expected(s).kind == "action":
            s = apply(s, PlayerAction(expected(s).seat, Act.CHECK))
        s = _deal(s, street)
    while expected(s).kind == "action":
        s = apply(s, PlayerAction(expected(s).seat, Act.CHECK))
    assert expected(s).kind == "declare" and expected(s).seats == (1, 2)
    s = apply(s, Declaration(2, Way.LOW))
    assert "declared" not in public_view(s)["players"][1]
    s = apply(s, Declaration(1, Way.HIGH))
    assert s.complete and public_view(s)["players"][1]["declared"] == "low"


def test_draw_game_keeps_an_exposed_card() -> None:
    """Draw practice (documented in dealing.py): a card exposed on the deal is kept, face up."""
    s = _deal(new_hand("draw-bug", [(1, "A", 50), (2, "B", 50)], 2), "As Kd")
    s = apply(s, CardExposed(1, Card("As")))
    assert public_view(s)["players"][0]["up"] == ["As"]
    assert expected(s).describe() == "a card face down for seat 1"


def test_pot_limit_range() -> None:
    """Seed 003 London Lowball (pot limit): the biggest raise is the pot after calling."""
    s = _deal(new_hand("london", [(1, "A", 100), (2, "B", 100)], 2), "As 8d 2s 6h 4c Kd")
    s = apply(s, PlayerAction(2, Act.BRING_IN))
    s = apply(s, PlayerAction(1, Act.COMPLETE))
    raise_option = next(a for a in legal_actions(s) if a.action is Act.RAISE)
    assert (raise_option.low, raise_option.high) == (10, 17)


def test_undo_with_nothing_to_undo() -> None:
    s = new_hand("stud", [(1, "A", 50), (2, "B", 50)], 2)
    with pytest.raises(RuleViolation) as info:
        apply(s, Undo())
    assert info.value.code == "nothing_to_undo"


def test_short_all_in_raise_does_not_reopen_betting() -> None:
    """Common all-in practice: a raise for less than a full bet does not re-open the action."""
    s = new_hand("stud", [(1, "A", 100), (2, "B", 100), (3, "C", 9)], 3, {"bring_in": 0})
    s = _deal(s, "As 2c 3c Ad 2d 3d Ah 4h 5h")
    s = apply(s, PlayerAction(1, Act.BET))  # 5
    s = apply(s, PlayerAction(2, Act.CALL))
    s = apply(s, PlayerAction(3, Act.RAISE))  # all-in to 8: short of a full raise to 10
    assert s.players[2].all_in and s.players[2].bet == 8
    assert [a.action for a in legal_actions(s)] == [Act.FOLD, Act.CALL]


def test_call_with_a_wrong_amount_is_refused() -> None:
    """Amounts are round totals ("raise to"); a call that names another total is refused."""
    s = _deal(new_hand("stud", [(1, "A", 50), (2, "B", 50)], 2), "As Kd 2c 3d 9h Tc")
    s = apply(s, PlayerAction(1, Act.BRING_IN))
    with pytest.raises(RuleViolation) as info:
        apply(s, PlayerAction(2, Act.CALL, 5))
    assert info.value.code == "wrong_amount"
    assert apply(s, PlayerAction(2, Act.CALL, 2)).players[1].committed == 3  # ante + 2


def test_six_exposed_cards_still_decide_who_opens() -> None:
    """Seed 003 Order of Betting with two hole cards exposed by accident: six cards
    show, and the best five of them count (found by the property fuzzing)."""
    s = _deal(new_hand("stud", [(1, "A", 90), (2, "B", 90)], 2, {"bring_in": 0}),
              "As Kd Ah 3d 9h Tc")
    s = apply(s, CardExposed(1, Card("As")))
    s = apply(s, CardExposed(1, Card("Ah")))
    for street in ("9c 2d", "9s 4d", "8c 5d"):
        while expected(s).kind == "action":
            s = apply(s, PlayerAction(expected(s).seat, Act.CHECK))
        s = _deal(s, street)
    assert len(s.players[0].up) == 6 and expected(s).seat == 1  # aces full of nines


def test_exposed_wild_and_seven_fees_scale_with_the_ante() -> None:
    """Seed 003 Man with the Axe: 1 ante per exposed wild card, 5 antes per exposed seven."""
    s = new_hand("axe", [(1, "A", 90), (2, "B", 90)], 2, {"ante": 2})
    s = _deal(s, "3c 4c 5d 6d 7h Kd")  # seat 1 shows a seven, seat 2 the king of diamonds
    assert [p.committed for p in s.players] == [2 + 10, 2 + 2]


def test_english_stud_seventh_card_needs_five_or_fewer() -> None:
    """Seed 003 English Stud: "If there are five or fewer players, a seventh
    face-down card can be dealt"."""
    six = [(s, f"P{s}", 90) for s in range(1, 7)]
    with pytest.raises(RuleViolation) as info:
        new_hand("english-stud", six, 1, {"seventh_card": True})
    assert info.value.code == "wrong_player_count"
    assert new_hand("english-stud", six[:5], 1, {"seventh_card": True}).rules.seventh_card


@pytest.mark.parametrize("game", [g.id for g in GAMES if g.playable])
def test_views_and_events_are_json_at_every_step(game) -> None:
    """The live table streams views and logs events as JSON: every step must encode."""
    import json
    import random

    from controller.engine import event_from_dict, summary
    from controller.engine.randomplay import random_event

    rng = random.Random(11)
    s = new_hand(game, [(1, "A", 60), (2, "B", 60), (3, "C", 60)], 1)
    while True:
        json.dumps([public_view(s), seat_view(s, 2), summary(s)])
        if s.complete:
            break
        event = random_event(s, rng)
        assert event_from_dict(json.loads(json.dumps(event_to_dict(event)))) == event
        s = apply(s, event)
