"""The tablet's draw and declare controls: "draw N" from the seat's own cards and stand
pat (seed 002, Five Card Draw with a Bug), high / low / both for each seat still to
declare (seed 003 "With Declare"); the table screen shows how many cards, never which."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
DECK = [r + s for s in "cdhs" for r in "23456789TJQKA"]


def _seated(server: Any, game: str) -> None:
    server.call("POST", "/api/session", {"table": "Friday game"})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        server.call("POST", "/api/seats", {"seat": seat, "name": name, "buy_in": 200})
    server.call("POST", "/api/button", {"seat": 2})
    server.call("POST", "/api/games", {"games": [game]})
    server.call("POST", "/api/hands", {})


def _drive_until(server: Any, kind: str, shoe: list[str]) -> dict[str, Any]:
    """Deal from ``shoe`` and check (or call, or the first fixed amount) until the hand
    waits for ``kind``; returns the dealer view then."""
    while True:
        view = server.call("GET", "/api/state/dealer")
        nxt = view["hand"]["next"]
        if nxt["kind"] == kind:
            return view
        if nxt["kind"] == "card":
            server.call("POST", "/api/shoe", {"card": shoe.pop(0)})
            continue
        assert nxt["kind"] == "action", nxt
        legal = {a["action"]: a for a in nxt["legal"]}
        pick = next((a for a in ("check", "call") if a in legal), None)
        body = {"seat": nxt["seat"], "action": pick} if pick else {
            "seat": nxt["seat"], "action": nxt["legal"][0]["action"],
            "amount": nxt["legal"][0]["amounts"][0]}
        server.call("POST", "/api/hand/actions", body)


def test_draw_from_the_tablet(pages: Any, server: Any) -> None:
    """Seed 002: Anna throws two cards away on the tablet and gets two; Ben stands pat."""
    _seated(server, "five-card-draw-bug")
    shoe = list(DECK)
    view = _drive_until(server, "draw", shoe)
    anna = next(p for p in view["hand"]["players"] if p["seat"] == 1)
    thrown = anna["down"][:2]
    tablet = pages.tablet()
    tv = pages.open("/table", TV)
    draw = tablet.locator('#actions button[data-action="draw"]')
    assert draw.is_disabled()  # nothing picked yet
    assert tablet.locator('#actions button[data-action="stand-pat"]').is_visible()
    for card in thrown:
        tablet.click(f'#actions [data-key="pick-{card}"]')
    assert draw.inner_text() == "Draw 2"
    draw.click()
    tablet.wait_for_selector('#turn-title[data-kind="card"]')
    server.shoe(shoe.pop(0))
    server.shoe(shoe.pop(0))
    tablet.wait_for_selector('#turn-title[data-kind="draw"][data-seat="2"]')
    tablet.click('#actions button[data-action="stand-pat"]')
    tv.wait_for_function("() => document.querySelector(\".last[data-seat='2']\")"
                         "?.textContent === 'stands pat'")
    assert tv.inner_text('.last[data-seat="1"]') == "draws 2"
    assert not set(thrown) & set(pages.cards_shown(tv))
    after = server.call("GET", "/api/state/dealer")["hand"]
    assert after["next"]["kind"] == "action"
    assert not set(thrown) & set(next(p for p in after["players"] if p["seat"] == 1)["down"])


def test_declare_from_the_tablet(pages: Any, server: Any) -> None:
    """Seed 003 "With Declare": each seat's declaration is a tap; the result follows."""
    _seated(server, "stud-hi-lo-declare")
    _drive_until(server, "declare", list(DECK))
    tablet = pages.tablet()
    tv = pages.open("/table", TV)
    tablet.wait_for_selector('#turn-title[data-kind="declare"]')
    tablet.click('#actions button[data-action="declare"][data-way="high"]'
                 '[data-key="declare-1-high"]')
    tablet.wait_for_selector('[data-key="declare-1-high"]', state="detached")
    tablet.click('[data-key="declare-2-low"]')
    tv.wait_for_selector("#result")
    result = server.call("GET", "/api/state")["hand"]["result"]
    assert result["reason"] == "showdown"
    assert tv.inner_text("#result").count("wins") == len(result["payouts"])
