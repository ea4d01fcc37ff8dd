"""The replay page and the table screen's broadcast odds (issue 11 items 2 and 3), in
Debian's Chromium against the real app on uvicorn (fixtures: tests/browser/conftest.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SHOE = "As Kd 2c 3d Ah 7c 5d 8s 9d 9h Qh Jc 4s 6h"  # stud, seat 2 first (button seat 1)
TV = {"width": 1920, "height": 1080}


def _deal(server: Any, cards: list[str], finish: bool = True) -> None:
    """Feed the shoe and tap check/call/bring-in until the hand ends (or the cards do)."""
    while True:
        hand = server.call("GET", "/api/state/dealer")["hand"]
        if hand["status"] == "complete":
            return
        nxt = hand["next"]
        if nxt["kind"] == "card":
            if not cards:
                assert not finish, "the shoe ran out"
                return
            server.call("POST", "/api/shoe", {"card": cards.pop(0)})
            continue
        legal = [a["action"] for a in nxt["legal"]]
        act = next(a for a in ("check", "call", "bring-in") if a in legal)
        server.call("POST", "/api/hand/actions", {"seat": nxt["seat"], "action": act})


def _open(server: Any) -> str:
    session = server.call("POST", "/api/session", {"table": "Replay", "chip_unit": "1",
                                                   "stakes": "1/2"})["result"]["session"]
    for seat, name in ((1, "Ann"), (2, "Bo")):
        server.call("POST", "/api/seats", {"seat": seat, "name": name, "buy_in": 100})
    return str(session)


def test_replay_page_streets_equities_and_saved_chart(pages: Any, server: Any,
                                                      artifacts: Any) -> None:
    """Issue 11 item 3: street by street (seed 003 third to seventh street), cards,
    actions, pot, each player's equity as the API gives it, and the chart inline as SVG
    with a link that saves the same SVG."""
    session = _open(server)
    server.call("POST", "/api/hands", {"game": "stud"})
    _deal(server, SHOE.split())
    data = server.http.get(f"{server.url}/api/history/{session}/1/replay").json()
    page = pages.open(f"/replay/{session}/1", TV)
    page.wait_for_selector('body[data-ready="yes"]')
    streets = page.eval_on_selector_all("section.street", "els => els.map(e => e.dataset.street)")
    assert streets == [s["name"] for s in data["streets"]]
    assert streets[0] == "third street" and streets[-1] == "showdown"
    shown = page.eval_on_selector_all(
        "section.street td.equity[data-equity]",
        "els => els.map(e => Number(e.dataset.equity))")
    wanted = [o["equity"] for s in data["streets"] for o in s["odds"] if not o["folded"]]
    assert shown == pytest.approx(wanted)
    third = page.locator('section.street[data-street="third street"]')
    assert third.locator("[data-card]").count() == 6 and "pot" in third.inner_text()
    assert third.locator("ol.actions li").count() == len(data["streets"][0]["actions"]) > 0
    assert page.locator("#chart svg polyline").count() == 2
    assert page.locator("#chart svg circle").count() == 2 * len(streets)
    save = page.locator("#save-svg")
    assert save.get_attribute("download") == "hand-1-equity.svg"
    with page.expect_download() as got:
        save.click()
    saved = got.value.path().read_text()
    assert ET.fromstring(saved).tag.endswith("svg") and saved.count("<polyline") == 2
    page.screenshot(path=str(artifacts / "replay-stud.png"), full_page=True)


def test_replay_page_refuses_a_hand_in_progress(pages: Any, server: Any) -> None:
    """A replay shows every down card: not before the hand is over (DESIGN.md)."""
    session = _open(server)
    server.call("POST", "/api/hands", {"game": "stud"})
    _deal(server, SHOE.split()[:4], finish=False)
    page = pages.open(f"/replay/{session}/1", TV)
    page.wait_for_selector('body[data-ready="error"]')
    assert page.locator("#error").get_attribute("data-code") == "hand_in_progress"
    assert page.locator("[data-card]").count() == 0
    r = server.http.get(f"{server.url}/api/history/{session}/1/chart.svg")
    assert r.status_code == 409 and r.json()["error"]["code"] == "hand_in_progress"
    assert server.http.get(f"{server.url}/api/history/nope/1/replay").status_code == 404


def test_table_screen_shows_odds_only_in_broadcast_mode(pages: Any, server: Any,
                                                        artifacts: Any) -> None:
    """Issue 11 item 2: the TV shows no odds by default; with broadcast mode on, the
    panel shows each player's equity for the hand in progress."""
    _open(server)
    tv = pages.open("/table", TV)
    server.call("POST", "/api/hands", {"game": "stud"})
    cards = SHOE.split()
    _deal(server, cards[:6], finish=False)
    pages.caught_up(tv, server.version())
    tv.wait_for_timeout(700)
    assert tv.locator("#odds").is_hidden()
    server.call("POST", "/api/odds/broadcast", {"on": True, "delay": 0})
    tv.wait_for_selector("#odds:not([hidden]) li[data-seat]")
    equities = tv.eval_on_selector_all("#odds li", "els => els.map(e => [Number(e.dataset.seat),"
                                       " Number(e.dataset.equity)])")
    assert sorted(s for s, _ in equities) == [1, 2]
    assert sum(e for _, e in equities) == pytest.approx(1.0, abs=1e-3)
    assert dict(equities)[2] > dict(equities)[1]  # Bo's aces
    tv.screenshot(path=str(artifacts / "table-odds.png"))
    server.call("POST", "/api/odds/broadcast", {"on": False})
    _deal(server, cards[6:])  # the hand goes on and ends: the panel goes away
    tv.wait_for_selector("#odds", state="hidden")


def test_replay_page_in_french_with_split_pot_shares(pages: Any, server: Any) -> None:
    """Seed 001 (the rules in French): the replay's words come from the i18n table, in
    French for a French browser; a split game (seed 003 "Seven Card Stud High-Low")
    shows each half's share and the chance to scoop beside the equity."""
    session = _open(server)
    server.call("POST", "/api/hands", {"game": "stud8"})
    _deal(server, SHOE.split())
    page = pages.open(f"/replay/{session}/1", TV, lang="fr-FR")
    page.wait_for_selector('body[data-ready="yes"]')
    assert page.locator("#title").inner_text() == "Main 1"
    assert page.locator("#save-svg").inner_text() == "Enregistrer le SVG"
    third = page.locator('section.street[data-street="third street"]')
    assert "joueur" in third.locator("thead").inner_text()
    actions = third.locator("ol.actions li").all_inner_texts()
    assert actions and all(("suit" in a or "parle" in a or "ouvre" in a) for a in actions)
    halves = third.locator("td.equity small.halves").all_inner_texts()
    assert len(halves) == 2 and all(h.startswith("haut ") and " tout " in h for h in halves)
