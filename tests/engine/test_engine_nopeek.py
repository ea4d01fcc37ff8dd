"""No Peek Sequential and No Peek Follow The Bitch (seed 004, issue 10): the NoPeek step.

Whole hands live in tests/scenarios/house_no_peek_*.json; these tests pin the
refusals, what the engine waits for, and that nothing it decides depends on a
card nobody has turned.
"""

from __future__ import annotations

import copy
import json

import pytest

from controller.cards import Card, parse_cards
from controller.cli import main
from controller.engine import (
    Act,
    CardDealt,
    HandState,
    PlayerAction,
    apply,
    expected,
    new_hand,
    public_view,
)
from controller.engine.events import Choice
from controller.engine.nopeek import leader, short_high, showing_key
from controller.errors import RuleViolation

SEATS = [(1, "Anna", 1000), (2, "Ben", 1000), (3, "Cara", 1000)]
NO_PEEK = ("no-peek-sequential", "no-peek-follow-the-queen", "no-peek-follow-the-queen-black",
           "no-peek-follow-the-queen-suicide-king",
           "no-peek-follow-the-queen-black-suicide-king")


def _dealt(game: str, hands: list[str], beat: str, seats=SEATS) -> HandState:
    """Seven cards to each seat from the dealer's left (seat 1: the dealer is the last
    seat), then the card to beat face up."""
    state = new_hand(game, seats[:len(hands)], dealer=len(hands))
    cards = [parse_cards(h) for h in hands]
    for r in range(7):
        for hand in cards:
            state = apply(state, CardDealt(hand[r]))
    return apply(state, CardDealt(Card(beat)))


def _turn(state: HandState, seat: int, cards: str) -> HandState:
    for card in parse_cards(cards):
        state = apply(state, Choice(seat, "turn-card", (card,)))
    return state


def _checks(state: HandState) -> HandState:
    while state.betting is not None:
        state = apply(state, PlayerAction(expected(state).seat, Act.CHECK))
    return state


def _refused(state: HandState, event: object, code: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, event)  # type: ignore[arg-type]
    assert info.value.code == code, info.value.message
    assert state == before  # a refusal changes nothing


ANNA = "Kd Ks Kh Ah Qh Jh Th"
BEN = "2s 3h 4d 5s 7c 7d Qc"
CARA = "8s 8h 9c Tc Jd 6h 3s"


def test_games_lists_every_no_peek_game_as_dealable(capsys) -> None:
    """Issue 10 "Done when": `pitboss games` shows No Peek Sequential and the three No Peek
    Follow the Queen versions (seed 004) with their source and as playable."""
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)}
    for gid in NO_PEEK:
        assert games[gid]["playable"] and games[gid]["source"] == "004", gid
        assert games[gid]["players"] == "2-7"
    assert "don-imus-kills-himself-version" in games[NO_PEEK[-1]]["aliases"]


def test_step_2_the_first_player_turns_until_he_beats_the_face_up_card() -> None:
    """Sequential step 2: the dealer's left turns; "Hoyle is not considered": a nine does
    not beat the nine face up (no suit breaks the tie), the king does."""
    state = _dealt("no-peek-sequential", ["9s Kd 2c 3c 4c 5d 6d", BEN, CARA], "9d")
    need = expected(state)
    assert (need.kind, need.seat, need.choices) == ("choice", 1, ("turn-card",))
    state = _turn(state, 1, "9s")
    assert state.betting is None and expected(state).seat == 1  # a tie: still turning
    state = _turn(state, 1, "Kd")
    assert state.betting is not None and expected(state).seat == 1  # beat it: she bets first


def test_step_4_refusals_out_of_turn_already_highest_and_not_held() -> None:
    """Sequential steps 4-5: only the player whose turn it is turns, the leader does not,
    and only a card of one's own face-down cards."""
    state = _checks(_turn(_dealt("no-peek-sequential", [ANNA, BEN, CARA], "9d"), 1, "Kd"))
    assert expected(state).seat == 2
    _refused(state, Choice(1, "turn-card", (Card("Ks"),)), "already_highest")
    _refused(state, Choice(3, "turn-card", (Card("8s"),)), "out_of_turn")
    _refused(state, Choice(2, "turn-card", (Card("8s"),)), "card_not_held")
    _refused(state, Choice(2, "hold"), "must_turn")
    _refused(state, PlayerAction(2, Act.CHECK), "illegal_action")
    _refused(state, Choice(2, "turn-card", (Card("Kd"),)), "card_not_held")  # already up


def test_each_turn_ends_when_the_player_leads_and_the_leader_opens_the_betting() -> None:
    """Steps 4-5: Ben turns until his sevens pair beats Anna's king, then he bets first."""
    state = _checks(_turn(_dealt("no-peek-sequential", [ANNA, BEN, CARA], "9d"), 1, "Kd"))
    state = _turn(state, 2, "2s 3h 4d 5s 7c")
    assert state.betting is None and expected(state).seat == 2
    state = _turn(state, 2, "7d")
    assert leader(state) == 1  # player index of seat 2
    assert state.betting is not None and expected(state).seat == 2


def test_step_7_is_ruled_on_the_cards_showing_not_the_hidden_ones() -> None:
    """Sequential step 7: whether the last player's cards may be turned may not depend on
    cards nobody has seen: two deals alike face up, different face down, get the same
    ruling, and the dead cards never reach the table screen."""
    rulings = []
    for hidden in ("Ah Qh Jh Th", "2h 4h 6c 5d"):
        state = _dealt("no-peek-sequential", ["Kd Ks Kh " + hidden, BEN, CARA], "9d")
        for seat, cards in ((1, "Kd"), (2, "2s 3h 4d 5s 7c 7d"), (3, "8s 8h"), (1, "Ks"),
                            (2, "Qc"), (3, "9c Tc Jd 6h 3s"), (1, "Kh")):
            state = _checks(_turn(_checks(state), seat, cards))
        rulings.append((state.result is not None, len(state.players[0].down)))
        shown = json.dumps(public_view(state))
        for card in hidden.split():
            assert card not in shown
    assert rulings == [(True, 0), (True, 0)]


def test_follow_the_queen_step_8_the_last_player_may_hold() -> None:
    """Follow The Bitch steps 7-8: the last player with face-down cards may turn (an unseen
    queen could still move the wild card) or hold them; others may not hold."""
    state = _dealt("no-peek-follow-the-queen", ["6d 8s 3d Ks As Ah Jd",
                                                "Qh Qc 3h 2s 4c 7d 9h"], "5c", SEATS[:2])
    assert expected(state).choices == ("turn-card",)
    for seat, cards in ((1, "6d"), (2, "Qh"), (1, "8s"), (2, "Qc"), (1, "3d Ks"), (2, "3h"),
                        (1, "As Ah"), (2, "2s 4c 7d 9h")):
        state = _checks(_turn(_checks(state), seat, cards))
    need = expected(state)
    assert (need.seat, need.choices) == (1, ("turn-card", "hold"))
    held = apply(state, Choice(1, "hold"))
    assert held.players[0].down == () and Card("Jd") in held.discards
    assert expected(held).kind == "declare"  # no betting round: nothing new is showing


def test_follow_the_queen_a_queen_cancels_the_wild_and_its_turner_halts_if_highest() -> None:
    """Wildcard Rules: "The player turning the queen must halt if canceling the wildcards
    means that he now has the highest hand": Ben's Qc cancels Anna's wild 8s."""
    state = _dealt("no-peek-follow-the-queen", ["6d 8s 3d Ks As Ah Jd",
                                                "Qh Qc 3h 2s 4c 7d 9h"], "5c", SEATS[:2])
    for seat, cards in ((1, "6d"), (2, "Qh"), (1, "8s")):
        state = _checks(_turn(_checks(state), seat, cards))
    assert leader(state) == 0  # Anna's wild 8s pairs her six
    state = _turn(state, 2, "Qc")
    assert leader(state) == 1 and state.betting is not None  # halted: Ben bets first
    assert expected(state).seat == 2


def test_don_imus_red_queens_move_nothing() -> None:
    """Don Imus Version: "only black queens trigger the wildcard". Anna's Qd pairs her Qh;
    with any queen moving the wild it cancels Ben's wild nine and she leads (and halts);
    in the Don Imus version the nine stays wild, Ben's queens tie hers and she turns on."""
    hands = ["Qh Qd 9h 7c As Ah Kd", "Qs 9d 2c 3c Jd Ks 8h"]
    for gid, nines_wild in (("no-peek-follow-the-queen-black", True),
                            ("no-peek-follow-the-queen", False)):
        state = _dealt(gid, hands, "5c", SEATS[:2])
        for seat, cards in ((1, "Qh"), (2, "Qs 9d"), (1, "Qd")):
            state = _turn(_checks(state), seat, cards)
        assert (state.betting is None) is nines_wild, gid
        assert leader(state) == (-1 if nines_wild else 0), gid


def test_suicide_king_kills_the_hand_and_redeals_to_the_players_in() -> None:
    """Suicide King Version: the Kh turned up kills the hand; it is redealt to every
    player who had not folded, and the pot stays."""
    state = _dealt("no-peek-follow-the-queen-suicide-king",
                   ["6d Th Tc Ts Td 9h 9s", "Kh Kd Ks Kc Jd Js Jc", "7h 7c 7d 7s 8h 8d 8s"],
                   "5c")
    state = _turn(state, 1, "6d")
    state = apply(state, PlayerAction(1, Act.BET, 25))
    state = apply(state, PlayerAction(2, Act.CALL))
    state = apply(state, PlayerAction(3, Act.FOLD))
    pot = state.pot_total
    state = _turn(state, 2, "Kh")
    assert state.rounds == 1 and state.pot_total == pot == 125
    assert all(p.cards == () for p in state.players)
    assert (expected(state).kind, expected(state).seat) == ("card", 1)
    state = apply(apply(state, CardDealt(Card("Kh"))), CardDealt(Card("2d")))  # fresh pack
    assert expected(state).seat == 1  # Cara, folded, gets no cards


def test_don_imus_kills_himself_the_king_after_both_black_queens_is_harmless() -> None:
    """Don Imus Kills Himself Version: the Kh does not kill the hand once both black
    queens are up; before that it does."""
    hands = ["Qs Kd 9d As Ah Ad Jh", "Qc Kh 2c 3c 4d 6s 8h"]
    state = _dealt("no-peek-follow-the-queen-black-suicide-king", hands, "5c", SEATS[:2])
    state = _turn(_checks(_turn(state, 1, "Qs")), 2, "Qc Kh")
    assert state.rounds == 0 and leader(state) == 1  # the Kh is wild, after the Qc
    hands = ["Qs Kd 9d As Ah Ad Jh", "Kh Qc 2c 3c 4d 6s 8h"]
    state = _dealt("no-peek-follow-the-queen-black-suicide-king", hands, "5c", SEATS[:2])
    state = _turn(_checks(_turn(state, 1, "Qs")), 2, "Kh")
    assert state.rounds == 1  # only one black queen up: the hand is dead


def test_a_hand_stopped_short_ranks_as_an_incomplete_hand() -> None:
    """Step 7 leaves a hand of fewer than five cards: it ranks like the incomplete hands of
    seed 003 (a missing card lower than any card), against five-card hands too."""
    assert showing_key(parse_cards("Kc Kd Ks")) > showing_key(parse_cards("Qs Qd 9c 9d Ah"))
    assert showing_key(parse_cards("Kc Kd Ks")) < showing_key(parse_cards("2c 3d 4s 5h 6h"))
    assert short_high(parse_cards("Ac")).describe() == "ace high"


@pytest.mark.parametrize("game", ("no-peek-simultaneous", *NO_PEEK))
def test_step_1_players_may_not_look_so_no_phone_shows_its_own_down_cards(game: str) -> None:
    """Step 1: "Players may NOT look at their cards": a player's own phone shows how
    many face-down cards he has but not which; the cards he turns show to everyone."""
    from controller.engine import seat_view

    state = new_hand(game, SEATS, dealer=3)
    for card in parse_cards(ANNA + " " + BEN + " " + CARA)[:21]:
        state = apply(state, CardDealt(card))
    mine = seat_view(state, 1)["players"][0]
    assert mine["down_count"] == 7 and mine.get("down", []) == []
    stud = new_hand("seven-card-stud", SEATS, dealer=3)
    for card in parse_cards("As Kd 2c 3c 4c 5d"):
        stud = apply(stud, CardDealt(card))
    assert seat_view(stud, 1)["players"][0]["down"] == ["As", "3c"]  # stud: he may look
