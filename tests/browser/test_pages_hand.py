"""Issue 8 "Done when": a whole hand of Aces, Straights and Flushes played from the dealer's
tablet in headless Chromium, the shoe's cards injected as the camera thread reports them,
while the table screen and two phones are open.

The hand is seed 000 section 05 (the worked example: Anna's bug flush beats Ben's two pair
with an ace kicker), dealt as tests/scenarios/asf_anna_vs_ben.json; one card comes out
unreadable and the dealer enters it with the quick picker, looking at the shoe's crop.
"""

from __future__ import annotations

import io
import json
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

pytestmark = pytest.mark.browser

SCENARIO = Path(__file__).parents[1] / "scenarios" / "asf_anna_vs_ben.json"
UNREADABLE = "Qs"  # Anna's last down card leaves the shoe with its corner unreadable
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def _crop_png(text: str) -> str:
    """A small corner image, as the shoe's camera would send it (base64 PNG)."""
    import base64

    img = Image.new("RGB", (64, 96), "white")
    ImageDraw.Draw(img).text((18, 20), text, fill="black")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _tv_text(legal: list[dict[str, Any]], action: str) -> tuple[str, str]:
    """The tablet button's label and the table screen's "last action" for ``action``."""
    found = next(a for a in legal if a["action"] == action)
    amount = (found.get("amounts") or [0])[0]
    labels = {"bet": (f"Bet {amount}", f"bets {amount}"),
              "raise": (f"Raise to {amount}", f"raises to {amount}"),
              "call": (f"Call {found.get('chips')}", f"calls {found.get('chips')}"),
              "check": ("Check", "checks"), "fold": ("Fold", "folds")}
    return labels[action]


def _seat_up(pages: Any, server: Any) -> tuple[Any, str, str]:
    """Open the session, seat Anna and Ben, put the button on Ben, fetch both join links."""
    tablet = pages.tablet()
    tablet.click("#tab-seats")
    tablet.fill("#s-table", "Friday game")
    tablet.click("#open-session button[type=submit]")
    tablet.wait_for_selector("#add-seat:not([hidden])")
    for seat, name in ((1, "Anna"), (2, "Ben")):
        tablet.fill("#a-seat", str(seat))
        tablet.fill("#a-name", name)
        tablet.fill("#a-buyin", "100")
        tablet.click("#add-seat button[type=submit]")
        tablet.wait_for_selector(f'.seat-row[data-seat="{seat}"]')
        tablet.wait_for_function("() => document.querySelector('#a-name').value === ''")
    tablet.click('[data-button="2"]')
    tablet.wait_for_function("() => document.querySelector('.seat-row[data-seat=\"2\"]')"
                             ".textContent.includes('Dealer button')")
    links = []
    for seat in (1, 2):
        tablet.click(f'[data-join="{seat}"]')
        tablet.wait_for_selector("#join[open] #join-qr svg")  # not the last seat's code
        links.append(tablet.get_attribute("#join-link", "href"))
        assert _scan(tablet.locator("#join-qr svg").screenshot()) == links[-1]
        tablet.click("#join-close")
    return tablet, links[0], links[1]


def _scan(png: bytes) -> str:
    """Read the join code off the tablet's screen, as a phone's camera would (OpenCV).

    OpenCV's ArUco-based detector: the classic ``QRCodeDetector`` found no code at all in
    about 1 in 40 of these screenshots (the code drawn at 260 px, 5.8 px a module), which a
    phone's scanner reads; the ArUco one read 406 of 406.
    """
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    text, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(image)
    return str(text)


def _choose_asf(tablet: Any) -> None:
    tablet.click("#tab-game")
    tablet.select_option("#game-select", "aces-straights-flushes")
    summary = tablet.inner_text("#game-summary")
    assert "bug" in summary and "25 chips" in summary  # seed 000 sections 01 and 04
    tablet.click("#game-play")
    tablet.click("#tab-hand")


def test_whole_asf_hand_from_the_tablet(pages: Any, server: Any, artifacts: Path) -> None:
    """Seed 000 s05 from the tablet: the TV shows every action within a second, each phone
    only its own down cards, the showdown names the winning hand ("flush, ace high")."""
    sc = json.loads(SCENARIO.read_text())
    tablet, link1, link2 = _seat_up(pages, server)
    assert link1 and "/player/1#token=" in link1 and "/player/2#token=" in link2
    tv = pages.open("/table", TV)
    phones = {1: pages.open(link1, PHONE), 2: pages.open(link2, PHONE)}
    _choose_asf(tablet)
    tablet.click("#deal")
    tablet.wait_for_selector('#turn-title[data-kind="card"]')

    latencies: list[float] = []
    for raw in sc["events"]:
        if "card" in raw and raw["card"] == UNREADABLE:
            _unreadable_card(server, tablet, raw["card"])
        elif "card" in raw:
            before = server.version()
            server.shoe(raw["card"])
            pages.caught_up(tablet, before + 1)
            assert tablet.locator(f'#feed [data-card="{raw["card"]}"]').count() == 1
        else:
            _check_turn_on_phones(pages, server, phones, raw["seat"])
            latencies.append(_tap_action(pages, server, tablet, tv, raw))
        _check_secrecy(pages, server, tv, phones)
        if len(latencies) == 5:
            tv.screenshot(path=str(artifacts / "table-midhand.png"))
            tablet.screenshot(path=str(artifacts / "tablet-midhand.png"))

    _check_showdown(tv, phones)
    assert tablet.inner_text("#turn-detail") == "Anna wins 28: flush, ace high"
    for name, page in (("tablet", tablet), ("table", tv), ("player-1", phones[1]),
                       ("player-2", phones[2])):
        page.screenshot(path=str(artifacts / f"{name}.png"))
    tablet.set_viewport_size({"width": 800, "height": 1280})  # the same tablet held upright
    tablet.screenshot(path=str(artifacts / "tablet-portrait.png"))
    tablet.set_viewport_size({"width": 1280, "height": 800})
    for tab in ("seats", "game", "ledger"):
        tablet.click(f"#tab-{tab}")
        tablet.wait_for_selector(f"#panel-{tab}:not([hidden])")
        tablet.screenshot(path=str(artifacts / f"tablet-{tab}.png"), full_page=True)
    tv.click("#lang")
    assert "couleur hauteur as" in tv.inner_text("#result")  # seed 001 s05, in French
    tv.screenshot(path=str(artifacts / "table-fr.png"))
    _report(latencies, artifacts)
    assert max(latencies) < 1.0


def _unreadable_card(server: Any, tablet: Any, card: str) -> None:
    """The shoe cannot read ``card``: the tablet shows its crop; the dealer taps it in."""
    out = server.call("POST", "/api/shoe/unreadable", {"image": _crop_png(card)})
    number = out["result"]["irregularity"]["number"]
    alert = tablet.locator(f'.alert[data-number="{number}"]')
    alert.wait_for()
    assert alert.get_attribute("data-code") == "card_unreadable"
    img = alert.locator("img")
    img.wait_for(state="visible")
    assert img.evaluate("i => i.naturalWidth") == 64  # the very image the shoe sent
    before = server.version()
    tablet.click(f'#ranks [data-rank="{card[0]}"]')
    tablet.click(f'#suits [data-suit="{card[1]}"]')
    pages_version = before + 1
    tablet.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=pages_version)
    alert.wait_for(state="detached")
    assert tablet.locator(f'#feed [data-card="{card}"]').count() == 1


def _tap_action(pages: Any, server: Any, tablet: Any, tv: Any, raw: dict[str, Any]) -> float:
    """Tap ``raw``'s action on the tablet; return how long the TV took to show it."""
    dealer = server.call("GET", "/api/state/dealer")
    nxt = dealer["hand"]["next"]
    assert nxt["kind"] == "action" and nxt["seat"] == raw["seat"]
    label, shown = _tv_text(nxt["legal"], raw["action"])
    pages.caught_up(tablet, dealer["version"])
    buttons = tablet.locator("#actions button")
    offered = sorted(b.get_attribute("data-action") for b in buttons.all())
    assert offered == sorted(a["action"] for a in nxt["legal"])  # exactly the legal actions
    button = tablet.locator(f'#actions button[data-action="{raw["action"]}"]')
    assert button.inner_text() == label
    start = time.perf_counter()
    button.click()
    tv.wait_for_function("([seat, text]) => document.querySelector("
                         "`.last[data-seat='${seat}']`)?.textContent === text",
                         arg=[raw["seat"], shown], timeout=1000)
    took = time.perf_counter() - start
    public = server.http.get(f"{server.url}/api/state").json()
    pages.caught_up(tv, public["version"])
    hand = public["hand"]
    pot = hand["pot_total"] if hand["status"] != "complete" else sum(
        p["amount"] for p in hand["pots"])
    assert tv.inner_text("#pot") == str(pot)
    if hand["next"]["kind"] == "action":
        assert tv.get_attribute(".seat.to-act", "data-seat") == str(hand["next"]["seat"])
    return took


def _check_turn_on_phones(pages: Any, server: Any, phones: dict[int, Any], seat: int) -> None:
    """The phone of the seat to act says so, with what a call costs; the other does not."""
    dealer = server.call("GET", "/api/state/dealer")
    call = next((a for a in dealer["hand"]["next"]["legal"] if a["action"] == "call"), None)
    for s, phone in phones.items():
        pages.caught_up(phone, dealer["version"])
        banner = phone.locator("#your-turn")
        assert banner.is_visible() == (s == seat)
        if s == seat:
            expected = f"Your turn · To call: {call['chips']}" if call else "Your turn"
            assert banner.inner_text() == expected


def _check_secrecy(pages: Any, server: Any, tv: Any, phones: dict[int, Any]) -> None:
    """DESIGN.md: no down card on the TV before showdown; each phone only its own."""
    dealer = server.call("GET", "/api/state/dealer")
    hand = dealer["hand"]
    down = {p["seat"]: set(p.get("down", [])) for p in hand["players"]}
    over = hand["status"] == "complete"
    for page in (tv, *phones.values()):
        pages.caught_up(page, dealer["version"])
    if not over:
        assert not set(pages.cards_shown(tv)) & set().union(*down.values())
    for seat, phone in phones.items():
        shown = set(pages.cards_shown(phone))
        assert down[seat] <= shown
        if not over:
            others = set().union(*(d for s, d in down.items() if s != seat))
            assert not shown & others, f"seat {seat}'s phone shows {shown & others}"


def _check_showdown(tv: Any, phones: dict[int, Any]) -> None:
    result = tv.inner_text("#result")
    assert "Anna wins 28" in result and "flush, ace high" in result
    assert tv.inner_text('.seat[data-seat="1"] .hand-name') == "flush, ace high"
    assert tv.inner_text('.seat[data-seat="2"] .hand-name') == "two pair, nines and fives"
    assert "winner" in (tv.get_attribute('.seat[data-seat="1"]', "class") or "")
    assert phones[1].inner_text("#my-hand") == "flush, ace high"
    assert phones[2].inner_text("#my-hand") == "two pair, nines and fives"


def _report(latencies: list[float], artifacts: Path) -> None:
    ms = sorted(x * 1000 for x in latencies)
    text = (f"tablet tap -> table screen shows the action ({len(ms)} actions): "
            f"median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms\n")
    (artifacts / "latency.txt").write_text(text)
    print(text)
