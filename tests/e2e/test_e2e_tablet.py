"""Issue 9 item 1: in simulation the dealer's tablet has a "deal" button that makes the
synthetic shoe deliver the next card through the real vision pipeline (headless
Chromium against ``pitboss run`` in a subprocess). Screenshots of the tablet, the table
screen and the LED emulator go to ``test-artifacts/e2e/`` for review."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _cards_in_feed(run: Any) -> int:
    view = run.dealer()
    return sum(1 for p in view["hand"]["players"] for _ in p.get("down", []) + p.get("up", []))


def test_the_tablet_deal_button_deals_from_the_synthetic_shoe(pitboss_run: Any) -> None:
    from playwright.sync_api import sync_playwright

    run = pitboss_run
    run.token = run.post("/api/auth/token", {"pin": run.pin})["token"]
    run.post("/api/session", {"table": "Friday"})
    for seat, name in ((1, "Anna"), (2, "Ben"), (3, "Cleo")):
        run.post("/api/seats", {"seat": seat, "name": name, "buy_in": 100})
    run.post("/api/hands", {"game": "seven-card-stud"})
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{run.url}/tablet")
            page.fill("#pin", run.pin)
            page.keyboard.press("Enter")
            button = page.locator("#sim-deal")
            button.wait_for(state="visible", timeout=15000)
            assert "synthetic shoe" in button.inner_text()
            for n in range(1, 10):  # third street: two down and one up each
                button.click()
                deadline = time.monotonic() + 30
                while _cards_in_feed(run) < n:
                    assert time.monotonic() < deadline, f"card {n} never reached the table"
                    time.sleep(0.1)
                page.wait_for_function("() => !document.querySelector('#sim-deal').disabled")
            view = run.dealer()
            assert view["hand"]["next"]["kind"] == "action"  # the bring-in is due
            page.screenshot(path=str(ARTIFACTS / "tablet.png"))
            screen = browser.new_page(viewport={"width": 1920, "height": 1080})
            screen.goto(f"{run.url}/table")
            screen.wait_for_timeout(1500)
            screen.screenshot(path=str(ARTIFACTS / "table-screen.png"))
            (ARTIFACTS / "led.png").write_bytes(run.http.get("/api/sim/display.png").content)
        finally:
            browser.close()
