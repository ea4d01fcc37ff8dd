"""Issue 6 item 4: every refusal through the API is ``{"error": {"code", "message"}}``
with a 4xx status, and changes nothing (``Tablet.refused`` compares the dealer's whole
view before and after)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.anyio


async def test_session_and_seat_refusals(tablet: Any) -> None:
    await tablet.refused("/api/seats", {"seat": 1, "name": "Anna", "buy_in": 100}, 409,
                         "no_session")
    await tablet.refused("/api/hands", {}, 409, "no_session")
    await tablet.setup(players=2)
    await tablet.refused("/api/session", {"table": "again"}, 409, "session_open")
    await tablet.refused("/api/seats", {"seat": 1, "name": "Cleo", "buy_in": 50}, 409,
                         "seat_taken")
    await tablet.refused("/api/seats", {"seat": 3, "name": "p1", "buy_in": 50}, 409,
                         "player_seated")
    await tablet.refused("/api/seats", {"seat": 3, "name": "Cleo", "buy_in": 0}, 422,
                         "bad_request")
    await tablet.refused("/api/seats", {"seat": 11, "name": "Cleo", "buy_in": 5}, 422,
                         "bad_request")
    await tablet.refused("/api/seats/7/rebuy", {"chips": 5}, 404, "empty_seat")
    await tablet.refused("/api/seats/7", None, 404, "empty_seat", method="DELETE")
    await tablet.refused("/api/button", {"seat": 7}, 404, "empty_seat")
    await tablet.refused("/api/games", {"games": ["tiddlywinks"]}, 422, "unknown_game")
    await tablet.refused("/api/games", {"games": ["asf"], "options": {"antes": 2}}, 422,
                         "bad_option")
    await tablet.refused("/api/table/resume", None, 409, "not_paused")
    await tablet.refused("/api/irregularities/3/dismiss", None, 404, "unknown_irregularity")


async def test_seed000_reserve_refusal(tablet: Any) -> None:
    """Seed 000 s01: a new deal needs a 25-chip reserve; the engine refuses the start."""
    await tablet.setup(players=2, stack=24)
    out = await tablet.refused("/api/hands", {}, 409, "insufficient_reserve")
    assert "25" in out["error"]["message"]


async def test_hand_refusals(tablet: Any) -> None:
    await tablet.setup(players=2, button=2)
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "bet"}, 409, "no_hand")
    await tablet.refused("/api/hand/undo", None, 409, "no_hand")
    await tablet.post("/api/hands", {})
    await tablet.refused("/api/hands", {}, 409, "hand_in_progress")
    await tablet.refused("/api/seats/1", None, 409, "in_hand", method="DELETE")
    await tablet.refused("/api/seats/1/rebuy", {"chips": 10}, 409, "in_hand")
    await tablet.refused("/api/session/end", None, 409, "hand_in_progress")
    await tablet.refused("/api/hand/undo", None, 409, "nothing_to_undo")
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "bet"}, 409,
                         "card_expected")
    await tablet.refused("/api/hand/cards", {"card": "Zz"}, 422, "bad_card")
    await tablet.refused("/api/hand/cards", {"card": "Jk"}, 409, "joker_not_in_pack")
    for c in ["As", "9c", "Ks", "9h", "7s", "5c"]:
        await tablet.camera(c)
    await tablet.refused("/api/hand/cards", {"card": "2d"}, 409, "card_not_expected")
    await tablet.refused("/api/hand/actions", {"seat": 2, "action": "bet"}, 409,
                         "out_of_turn")
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "bet", "amount": 2},
                         409, "wrong_amount")
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "call"}, 409,
                         "illegal_action")
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "shove"}, 422,
                         "bad_request")
    await tablet.refused("/api/hand/cards/replace", {"old": "2h", "new": "2d",
                                                     "reason": "misread"}, 409,
                         "card_not_dealt")
    await tablet.refused("/api/hand/cards/replace", {"old": "Ks", "new": "As",
                                                     "reason": "misread"}, 409,
                         "duplicate_card")
    await tablet.refused("/api/hand/cards/replace", {"old": "Ks", "new": "Kd",
                                                     "reason": "   "}, 422, "reason_required")
    await tablet.refused("/api/hand/cards/expose", {"seat": 1, "card": "9c"}, 409,
                         "card_not_held")
    await tablet.post("/api/table/pause")
    await tablet.refused("/api/table/pause", {}, 409, "already_paused")


async def test_seed000_s01_raise_cap(tablet: Any) -> None:
    """Seed 000 s01: one bet plus three raises per round."""
    await tablet.setup(players=2, button=2)
    await tablet.post("/api/hands", {})
    for c in ["As", "9c", "Ks", "9h", "7s", "5c"]:
        await tablet.camera(c)
    for seat, action in [(1, "bet"), (2, "raise"), (1, "raise"), (2, "raise")]:
        await tablet.post("/api/hand/actions", {"seat": seat, "action": action})
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "raise"}, 409,
                         "raise_cap_reached")


async def test_http_level_errors_have_the_same_shape(tablet: Any) -> None:
    out = await tablet.call("GET", "/api/no-such-thing", expect=404)
    assert out["error"]["code"] == "not_found"
    out = await tablet.call("PUT", "/api/hands", {}, expect=405)
    assert out["error"]["code"] == "method_not_allowed"
    r = await tablet.client.post("/api/hands", content=b"{not json", headers={
        **tablet.auth, "content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"


async def test_a_log_that_cannot_be_written_is_503_and_changes_nothing(tablet: Any) -> None:
    """Log first (DESIGN.md): if the append fails, the action is refused, nothing moves."""
    from controller.log.errors import LogError

    await tablet.setup(players=2, button=2)
    await tablet.post("/api/hands", {})
    store = await tablet.in_table(lambda t: t.store)
    real = store.append

    def broken(event: Any) -> Any:
        raise LogError("db_error", "the hand log could not be written (disk full)")

    store.append = broken
    try:
        await tablet.refused("/api/hand/cards", {"card": "As"}, 503, "db_error")
    finally:
        store.append = real
    await tablet.post("/api/hand/cards", {"card": "As"})
