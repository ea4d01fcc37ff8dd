"""``GET /api/hand/decision``: the house book's card decisions (seed 004) spelled out for
the tablet: one row per seat that owes an answer, each option with the request its
button sends. The rows are checked against the engine's states of the checked
scenarios (tests/scenarios/house_*.json), and each option's request is sent back to
the table to prove the engine accepts it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from controller.api.decisions import decision
from controller.engine import event_from_dict
from controller.engine.events import BoardTurn
from controller.engine.randomplay import random_event
from controller.engine.rules import apply, new_hand
from controller.engine.state import HandState
from controller.variants.catalogue import GAMES, find_game

pytestmark = pytest.mark.anyio

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def _until(name: str, ask: str) -> tuple[HandState, dict[str, Any]]:
    """Replay scenario ``name`` until the decision's first row asks ``ask``."""
    sc = json.loads((SCENARIOS / f"{name}.json").read_text())
    seats = [(s["seat"], s["name"], s["stack"]) for s in sc["seats"]]
    state = new_hand(sc["variant"], seats, dealer=sc["dealer"], options=sc.get("options"))
    for raw in sc["events"]:
        out = decision(state)
        if out["rows"] and out["rows"][0]["ask"] == ask:
            return state, out
        state = apply(state, event_from_dict(raw))
    raise AssertionError(f"{name} never asks {ask}")


def _answers(state: HandState, option: dict[str, Any]) -> HandState:
    """The engine accepts the option's request body as an event."""
    assert option["path"] == "/api/hand/actions"
    return apply(state, event_from_dict(option["body"]))


def test_guts_one_row_per_seat_in_or_out() -> None:
    """Seed 004 Guts step 2 ("each player holds or drops at once"): every live seat has
    a row with hold and drop; after one answers, its row is gone."""
    state, out = _until("house_guts_losers_match_then_one_holder", "hold")
    assert out["kind"] == "choice"
    assert [r["seat"] for r in out["rows"]] == [1, 2, 3]
    assert all([o["key"] for o in r["options"]] == ["hold", "drop"] for r in out["rows"])
    state = _answers(state, out["rows"][1]["options"][0])
    assert [r["seat"] for r in decision(state)["rows"]] == [1, 3]


def test_push_em_names_the_offered_card_and_the_penalty() -> None:
    """Seed 004 Push 'Em step 2: "keep this card or push it ... 25 cent penalty"."""
    state, out = _until("house_push_em_push_keep_and_dealers_buried_push", "push")
    (row,) = out["rows"]
    assert row["card"] == str(state.offer[0])
    costs = {o["key"]: o["cost"] for o in row["options"]}
    assert costs == {"keep": 0, "push": 25}
    pushed = _answers(state, row["options"][1])
    seat = pushed.players[pushed.index_of(row["seat"])]
    assert seat.committed == state.players[state.index_of(row["seat"])].committed + 25


def test_buy_happiness_prices_by_position_and_a_free_blind_card() -> None:
    """Seed 004 Buy Happiness step 4: 75c next to the deck, then 50c, 25c; blind is free."""
    state, out = _until("house_buy_happiness_market_prices_and_blind", "buy")
    (row,) = out["rows"]
    options = {o["key"]: o for o in row["options"]}
    assert {k: o["cost"] for k, o in options.items()} == {"blind": 0, "near": 75,
                                                           "middle": 50, "far": 25}
    assert [options[k]["card"] for k in ("near", "middle", "far")] == [
        str(c) for c in state.market]
    bought = _answers(state, options["far"])
    assert state.market[2] in bought.players[bought.index_of(row["seat"])].up


def test_pass_em_picks_three_to_pass_and_five_in_rolling_order() -> None:
    """Seed 004 Pass 'Em steps 3 and 5: pass three cards; keep five in the order rolled."""
    state, out = _until("house_pass_em_pass_arrange_roll_ace_high_both_ways", "pass")
    row = out["rows"][0]
    own = [str(c) for c in state.players[state.index_of(row["seat"])].down]
    assert row["pick"]["count"] == 3 and not row["pick"]["ordered"]
    assert row["pick"]["from"] == own
    _, out = _until("house_pass_em_pass_arrange_roll_ace_high_both_ways", "order")
    assert out["rows"][0]["pick"]["count"] == 5 and out["rows"][0]["pick"]["ordered"]


def test_no_peek_turns_one_of_the_seats_own_cards() -> None:
    """Seed 004 No Peek Simultaneous step 2: "all players turn a card of their choice"."""
    state, out = _until("house_no_peek_simultaneous_cards_speak", "show")
    for row in out["rows"]:
        own = [str(c) for c in state.players[state.index_of(row["seat"])].down]
        assert [o["card"] for o in row["options"]] == own
    shown = _answers(state, out["rows"][0]["options"][0])
    seat = out["rows"][0]["seat"]
    assert out["rows"][0]["options"][0]["card"] in [str(c) for c in
                                                   shown.players[shown.index_of(seat)].up]


def test_seven_27_a_card_or_one_to_three_coins() -> None:
    """Seed 004 7-27 step 3: "receiving an up card ... or adding one, two or three coins"."""
    state, out = _until("house_7_27_cards_or_coins_variant_1", "coins")
    (row,) = out["rows"]
    assert [o["key"] for o in row["options"]] == ["card", "coins-1", "coins-2", "coins-3"]
    assert row["options"][3]["body"] == {"seat": row["seat"], "action": "coins", "value": "3"}
    _answers(state, row["options"][3])


def test_three_thirty_dealer_turns_any_centre_card() -> None:
    """Seed 004 3-30 step 3: "any one of the center cards is turned over"."""
    _, out = _until("house_3_30_matching_discard_and_50c_after_fourth_turn", "turn")
    (row,) = out["rows"]
    assert [o["body"] for o in row["options"]] == [{"slot": s} for s in
                                                   ("c1", "c2", "c3", "c4", "c5")]
    assert all(o["path"] == "/api/hand/turn" for o in row["options"])


async def test_decision_route_and_its_requests(tablet: Any) -> None:
    """Over HTTP: no rows while cards are due; Guts rows whose requests the table takes;
    the same request again is refused with a code and changes nothing."""
    await tablet.setup(players=3, stack=1000)
    await tablet.post("/api/games", {"games": ["guts"]})
    await tablet.post("/api/hands", {})
    out = await tablet.call("GET", "/api/hand/decision")
    assert out["kind"] == "card" and out["rows"] == []
    for card in ("Ah", "Qc", "2c", "Kh", "Qd", "7d"):
        await tablet.post("/api/hand/cards", {"card": card})
    out = await tablet.call("GET", "/api/hand/decision")
    view = await tablet.dealer()
    assert out["version"] == view["version"] and out["hand_no"] == view["hand_no"]
    assert sorted(r["seat"] for r in out["rows"]) == [1, 2, 3]
    drop = out["rows"][0]["options"][1]
    await tablet.post(drop["path"], drop["body"])
    await tablet.refused(drop["path"], drop["body"], 409, "out_of_turn")


async def test_decision_needs_the_dealer(tablet: Any) -> None:
    """The decision shows every down card: dealer token only."""
    await tablet.call("GET", "/api/hand/decision", expect=401, headers={})


def _tablet_event(state: HandState, rng: random.Random) -> Any:
    """What a dealer could tap now, using only what the tablet is given: the decision's
    rows for card decisions (an option, or ``count`` picks from ``from``), and ``next``
    for cards, bets, draws and declarations."""
    out = decision(state)
    if not out["rows"]:
        return random_event(state, rng)  # cards, bets, draws, declarations: not rows
    row = out["rows"][rng.randrange(len(out["rows"]))]
    if "pick" in row:
        pick = row["pick"]
        return event_from_dict({**pick["body"], "cards": rng.sample(pick["from"],
                                                                    pick["count"])})
    option = row["options"][rng.randrange(len(row["options"]))]
    if option["path"] == "/api/hand/turn":
        return BoardTurn(option["body"]["slot"])
    return event_from_dict(option["body"])


@pytest.mark.parametrize("game", [g.id for g in GAMES if g.playable])
def test_every_dealable_game_runs_from_the_tablets_rows(game: str) -> None:
    """Issue 10 on the tablet: every dealable game's card decisions are answered with the
    rows' own options (nothing game-specific), and whole hands reach their end."""
    g = find_game(game)
    low, high = (int(n) for n in g.players.split("-"))
    seats = [(s, f"P{s}", 5000) for s in range(1, min(max(low, 3), high) + 1)]
    for seed in range(3):
        rng = random.Random(seed)
        state = new_hand(g, seats, dealer=seats[-1][0])
        for _ in range(2000):
            if state.complete:
                break
            state = apply(state, _tablet_event(state, rng))
        assert state.complete, (game, seed, decision(state))
