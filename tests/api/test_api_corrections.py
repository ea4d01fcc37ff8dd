"""Issue 6 item 3 through the API: each dealer correction, each an event in the hand log."""

from __future__ import annotations

from typing import Any

import pytest

from controller.log import open_store

pytestmark = pytest.mark.anyio

DEAL = ["As", "9c", "Ks", "9h", "7s", "5c"]  # seed 000 s05: Anna (seat 1) and Ben (seat 2)


async def _dealt(tablet: Any, cards: list[str] = DEAL) -> None:
    await tablet.setup(players=2, button=2)
    await tablet.post("/api/hands", {})
    for c in cards:
        await tablet.camera(c)


def _log_tail(tablet: Any, db: Any, n: int) -> list[tuple[str, str, dict[str, Any]]]:
    with open_store(db) as store:
        session = store.sessions()[-1]
        hand = store.hands(session)[-1]
        return [(e.source.value, e.kind, dict(e.payload))
                for e in store.events(session, hand)][-n:]


@pytest.fixture
def db(tmp_path: Any) -> Any:
    return tmp_path / "log.sqlite3"


async def test_unreadable_card_is_entered_by_hand(tablet: Any, db: Any) -> None:
    await tablet.setup(players=2, button=2)
    await tablet.post("/api/hands", {})
    out = await tablet.post("/api/shoe", {"problem": "unreadable"})
    number = out["result"]["irregularity"]["number"]
    view = await tablet.dealer()
    assert [i["code"] for i in view["irregularities"]] == ["card_unreadable"]
    await tablet.post("/api/hand/cards", {"card": "As"})
    view = await tablet.dealer()
    assert view["irregularities"] == [] and view["hand"]["players"][0]["down"] == ["As"]
    assert _log_tail(tablet, db, 2) == [
        ("camera", "irregularity", {"number": number, "code": "card_unreadable", "card": "",
                                    "hand": 1, "message": out["result"]["irregularity"]
                                    ["message"]}),
        ("correction", "engine", {"card": "As"})]


async def test_misread_card_is_replaced_with_its_reason(tablet: Any, db: Any) -> None:
    await _dealt(tablet)
    await tablet.post("/api/hand/cards/replace", {"old": "Ks", "new": "Kd",
                                                  "reason": "glare on the corner"})
    view = await tablet.dealer()
    assert view["hand"]["players"][0]["down"] == ["As", "Kd"]
    assert _log_tail(tablet, db, 1) == [("correction", "replace", {
        "old": "Ks", "new": "Kd", "reason": "glare on the corner"})]


async def test_undo_last_action(tablet: Any, db: Any) -> None:
    await _dealt(tablet)
    before = (await tablet.dealer())["hand"]
    await tablet.post("/api/hand/actions", {"seat": 1, "action": "bet"})
    await tablet.post("/api/hand/undo")
    assert (await tablet.dealer())["hand"] == before
    assert _log_tail(tablet, db, 2) == [("tablet", "engine", {"seat": 1, "action": "bet"}),
                                        ("correction", "engine", {"correction": "undo"})]


async def test_misdeal_returns_every_chip(tablet: Any, db: Any) -> None:
    await _dealt(tablet)
    await tablet.post("/api/hand/actions", {"seat": 1, "action": "bet"})
    await tablet.post("/api/hand/misdeal")
    view = await tablet.dealer()
    assert view["hand"]["result"]["reason"] == "misdeal"
    assert [s["stack"] for s in view["seats"]] == [100, 100]
    source, kind, payload = _log_tail(tablet, db, 2)[0]
    assert (source, kind, payload) == ("correction", "engine", {"correction": "misdeal"})
    assert _log_tail(tablet, db, 1)[0][1] == "hand_end"


async def test_exposed_card(tablet: Any) -> None:
    await _dealt(tablet)
    await tablet.post("/api/hand/cards/expose", {"seat": 1, "card": "As"})
    public = await tablet.call("GET", "/api/state", headers={})
    assert "As" in public["hand"]["players"][0]["up"]


async def test_pause_and_resume_are_logged(tablet: Any, db: Any) -> None:
    await _dealt(tablet)
    await tablet.post("/api/table/pause", {"reason": "spilled drink"})
    assert (await tablet.call("GET", "/api/state", headers={}))["paused"] is True
    await tablet.refused("/api/hand/actions", {"seat": 1, "action": "bet"}, 409,
                         "table_paused")
    await tablet.post("/api/table/resume")
    await tablet.post("/api/hand/actions", {"seat": 1, "action": "bet"})
    kinds = [k for _, k, _ in _log_tail(tablet, db, 3)]
    assert kinds == ["pause", "resume", "engine"]


async def test_dismiss_an_irregularity(tablet: Any, db: Any) -> None:
    await _dealt(tablet)
    reply = await tablet.camera("Qh")  # during betting: seed 000 s02
    number = reply["irregularity"]["number"]
    await tablet.post(f"/api/irregularities/{number}/dismiss")
    assert (await tablet.dealer())["irregularities"] == []
    assert _log_tail(tablet, db, 1)[0][1] == "dismiss"
