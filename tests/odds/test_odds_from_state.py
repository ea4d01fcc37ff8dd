"""``spec_from_state``: the odds question read off a real rules-engine hand."""

from __future__ import annotations

import random

import pytest

from controller.cards import JOKER, parse_cards
from controller.engine import apply, event_from_dict, legal_actions, new_hand
from controller.engine.randomplay import play_hand
from controller.engine.state import HandState
from controller.odds import Holding, OddsSpec, ShowdownRule, equity
from controller.odds.from_state import spec_from_state
from controller.variants.catalogue import GAMES
from controller.variants.game import GameDef, PotRule


def deal(state: HandState, cards: str) -> HandState:
    for c in cards.split():
        state = apply(state, event_from_dict({"card": c}))
    return state


def act(state: HandState, seat: int, action: str) -> HandState:
    return apply(state, event_from_dict({"seat": seat, "action": action}))


def test_stud_third_street_with_a_fold() -> None:
    """Seed 003 "The Play": two down, one up; a folded hand is dead, not drawable."""
    s = new_hand("stud", [(1, "Ann", 50), (2, "Bo", 50), (3, "Cy", 50)], dealer=3)
    s = deal(s, "As Kd 2c 3d 9h Tc 7s 7h 4c")
    s = act(s, 3, "bring-in")  # Cy's 4c is the lowest up card
    assert {a.action.value for a in legal_actions(s)} >= {"fold"}
    s = act(s, 1, "fold")
    public = spec_from_state(s, public=True)
    assert set(public.dead) == {parse_cards("7s")[0]}  # only Ann's up card was seen
    spec = spec_from_state(s)
    bo = Holding(tuple(parse_cards("Kd 9h")), tuple(parse_cards("7h")), 4, 1)
    cy = Holding(tuple(parse_cards("2c Tc")), tuple(parse_cards("4c")), 4, 1)
    assert spec.players == (bo, cy)
    assert set(spec.dead) == set(parse_cards("As 3d 7s")) and spec.board == ()
    assert spec == OddsSpec((bo, cy), (), spec.dead, 52, ShowdownRule())
    r = equity(spec, seed=1, max_error=0.02)
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-9 and r.max_error <= 0.02


def test_aces_straights_flushes_has_the_joker_on_the_board() -> None:
    """Seed 000 sections 02 and 04: two down and one up, then up, up, down; the joker is
    exposed in the centre for every player and never comes out of the shoe."""
    s = new_hand("asf", [(1, "Anna", 60), (2, "Ben", 60)], dealer=2)
    s = deal(s, "As 9c Ks 9h Qs 5c")
    spec = spec_from_state(s)
    assert spec.board == (JOKER,) and spec.deck == 53
    assert spec.rule.high == "high-bug" and spec.rule.pot is PotRule.HIGH
    assert [(h.to_come, h.to_come_down) for h in spec.players] == [(3, 1), (3, 1)]
    assert JOKER not in spec.unseen() and len(spec.unseen()) == 52 - 6


def test_eight_players_run_out_of_cards_and_share_a_community_card() -> None:
    """Seed 003 "Running Out of Cards": 8 x 7 = 56 > 52, so the seventh-street card is one
    community card dealt face up."""
    seats = [(i, f"P{i}", 100) for i in range(1, 9)]
    s = new_hand("stud", seats, dealer=8)
    deck = [str(c) for c in parse_cards(
        "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd")]
    s = deal(s, " ".join(deck))
    spec = spec_from_state(s)
    assert [h.to_come for h in spec.players] == [3] * 8
    assert spec.board == (None,) and spec.cards_to_come == 25
    assert len(spec.unseen()) == 28


def test_stud_high_low_rule_and_public_view() -> None:
    """Seed 003 "Seven Card Stud High-Low": split with the eight-or-better qualifier.
    The public view hides the down cards: they are drawn like any unseen card."""
    s = new_hand("stud8", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2)
    s = deal(s, "As Kd 2s Kh 3s Kc")
    spec = spec_from_state(s, public=True)
    assert spec.rule.pot is PotRule.SPLIT_8 and spec.rule.low == "low-a5-8"
    assert [(len(h.cards), h.to_come) for h in spec.players] == [(1, 6), (1, 6)]
    private = equity(spec_from_state(s), seed=2, max_error=0.02)
    public = equity(spec, seed=2, max_error=0.02)
    # knowing Bo holds three kings makes Ann's A-2-3 a clear underdog for high
    assert private.players[0].high < public.players[0].high


def test_five_card_draw_with_the_bug_has_nothing_to_come() -> None:
    """Seed 002: the joker is in the pack; the draw is priced as the hands stand."""
    s = new_hand("draw-bug", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2)
    s = deal(s, "As Kd Ah Kh Jk Kc Ad 2c 3c 4c")
    spec = spec_from_state(s)
    assert spec.deck == 53 and spec.cards_to_come == 0
    r = equity(spec)
    assert r.method == "exact" and r.players[0].equity == 1.0  # four aces with the bug


PLAYABLE = [g for g in GAMES if g.playable]
# games whose random hands reach a one-pot showdown within the seeds tried
SHOWN = {"aces-straights-flushes", "seven-card-stud", "five-card-draw-bug", "five-card-draw",
         "stud-hi-lo-8", "stud-hi-lo-declare", "razz", "london-lowball", "stud-deuces-wild",
         "low-hole", "english-stud", "deuces-jacks-axe", "cross", "corner", "the-l-game",
         "judge-getz", "railroad", "three-thirty", "forty-second-street", "follow-the-queen",
         "molly", "highest-flush"}


@pytest.mark.parametrize("game", PLAYABLE, ids=[g.id for g in PLAYABLE])
def test_every_game_the_engine_plays_pays_what_the_odds_say(game: GameDef) -> None:
    """For random hands of every catalogue game that reach a showdown with one pot, the
    engine's payout (seed 000 section 05 ties, seed 003 splits, declarations, wild cards,
    the bug, the Man with the Axe's sevens, the house book's lows and pairs, seed 004's
    board layouts, deal-time wild cards and No Peek) is what the equity of the final
    state says, to within the odd chip. No game is refused."""
    compared = 0
    seats = [(i, f"P{i}", 400) for i in range(1, 5)]
    for seed in range(40):
        if compared >= 3:
            break
        s = play_hand(new_hand(game, seats, dealer=4), random.Random(seed))
        if s.result is None or s.result.reason != "showdown" or len(s.result.pots) != 1:
            continue
        pot = s.result.pots[0]
        chips: dict[int, int] = {}
        for seat, won in pot.shares:  # a scooper is listed once per half
            chips[seat] = chips.get(seat, 0) + won
        r = equity(spec_from_state(s))
        assert r.method == "exact" and r.deals == 1
        live = [p.seat for p in s.players if p.live]
        for seat, share in zip(live, r.players, strict=True):
            assert abs(share.equity * pot.amount - chips.get(seat, 0)) <= 1, (game.id, seed)
        compared += 1
    assert compared or game.id not in SHOWN

