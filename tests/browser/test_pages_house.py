"""The dealer's tablet runs whole hands of the house book (seed 004) by itself: every
card decision is a tap on the control the engine's expected decision asks for (in or
out, keep or push, pass, buy, exchange, turn a card up, a card or coins, a board turn,
declare), in headless Chromium. Cards come from the shoe (the camera thread's events).

Each hand is a checked scenario of tests/scenarios/ (the engine's own proof of the
book's rule, with its final payouts and stacks): here the same events are entered by
clicks on the tablet, and the table must end exactly where the scenario says. At the
first decision the dealer also taps something illegal; the tablet shows the engine's
refusal (message and code) and the table does not change.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SCENARIOS = Path(__file__).parents[1] / "scenarios"
TV = {"width": 1920, "height": 1080}


def _scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / f"{name}.json").read_text())  # type: ignore[no-any-return]


def _seat_scenario(server: Any, sc: dict[str, Any]) -> None:
    """The evening's set-up (not the hand): a cents table, the scenario's seats and button."""
    server.call("POST", "/api/session", {"table": "House game", "chip_unit": "0.01",
                                         "currency": "$"})
    for s in sc["seats"]:
        server.call("POST", "/api/seats", {"seat": s["seat"], "name": s["name"],
                                           "buy_in": s["stack"]})
    server.call("POST", "/api/button", {"seat": sc["dealer"]})
    body: dict[str, Any] = {"games": [sc["variant"]]}
    if sc.get("options"):
        body["options"] = sc["options"]
    server.call("POST", "/api/games", body)


def _shoe(server: Any, card: str) -> None:
    """A card read by the shoe, reported as a shoe in its own process does (the reply
    comes once the table has taken it, so the table's version is then exact)."""
    server.call("POST", "/api/shoe", {"card": card})


def _drawn(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version ?? -1)"))


def _tap(page: Page, selector: str) -> None:
    """One tap that the table accepts: wait until the page draws the next picture."""
    before = _drawn(page)
    page.click(selector, timeout=5000)
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before,
                           timeout=5000)
    page.wait_for_selector("#error:empty", state="attached", timeout=1000)


def _controls(event: dict[str, Any]) -> list[str]:
    """The taps on the tablet that send ``event`` (the last one sends it)."""
    seat, action = event.get("seat"), event.get("action")
    if "turn" in event:
        return [f'#decision button[data-option="turn-{event["turn"]}"]']
    if action in ("check", "call", "fold"):
        return [f'#turn-title[data-seat="{seat}"] ~ #actions button[data-action="{action}"]']
    if action in ("bet", "raise", "complete", "bring-in"):
        return [f'#turn-title[data-seat="{seat}"] ~ #actions '
                f'button[data-action="{action}"][data-amount="{event["amount"]}"]']
    if action in ("exchange", "draw"):
        thrown = event.get("discard", [])
        if not thrown:
            return [f'#turn-title[data-seat="{seat}"] ~ #actions button[data-action="stand-pat"]']
        return [f'#actions button[data-key="exchange-{thrown[0]}"]']
    if action == "declare":
        return [f'#actions [data-key="declare-{seat}-{event["way"]}"]']
    row = f'#decision .decision-row[data-seat="{seat}"]'
    cards = event.get("cards", [])
    if action in ("pass", "order") and (len(cards) > 1 or action == "order"):
        return [*(f'{row} [data-key="pick-{seat}-{c}"]' for c in cards),
                f'{row} [data-key="confirm-{seat}"]']
    if cards:
        return [f'{row} [data-key="choice-{seat}-{action}-{cards[0]}"]']
    option = event["value"] if action == "buy" else (
        f'coins-{event["value"]}' if action == "coins" else action)
    return [f'{row} [data-key="choice-{seat}-{option}"]']


def _illegal_card_tap(page: Page, server: Any) -> None:
    """The dealer taps a card in the quick picker while a player's decision is due: the
    engine refuses it (shown with its code) and the table is unchanged."""
    before = server.call("GET", "/api/state/dealer")
    page.click('#ranks button[data-rank="A"]')
    page.click('#suits button[data-suit="s"]')
    page.wait_for_selector('#error[data-code="card_not_expected"]')
    text = page.inner_text("#error")
    assert "No card is due from the shoe" in text and "[card_not_expected]" in text
    after = server.call("GET", "/api/state/dealer")
    assert after["version"] == before["version"] and after["hand"] == before["hand"]


def _play(page: Page, server: Any, sc: dict[str, Any],
          labels: dict[str, str]) -> dict[str, Any]:
    """Deal the scenario's hand from the tablet: cards from the shoe, every player's
    decision by taps; ``labels`` (selector -> text) are checked when they first show.
    Returns the final dealer view."""
    labels = dict(labels)
    _tap(page, "#deal")
    refused = False
    events = sc["events"]
    for k, event in enumerate(events):
        if "card" in event and "action" not in event:
            _shoe(server, event["card"])
            if k + 1 < len(events) and "card" in events[k + 1]:
                continue  # the shoe deals on; the page catches up after the run
            page.wait_for_function("v => Number(document.body.dataset.version) >= v",
                                   arg=server.version(), timeout=5000)
            continue
        kind = page.get_attribute("#turn-title", "data-kind")
        if not refused and kind not in ("action", "card"):
            _illegal_card_tap(page, server)
            refused = True
        taps = _controls(event)
        page.wait_for_selector(taps[0], timeout=5000)
        for selector, text in list(labels.items()):
            if page.query_selector(selector) is not None:
                assert text in page.inner_text(selector), (selector, text)
                del labels[selector]
        for selector in taps[:-1]:
            page.click(selector, timeout=5000)
        _tap(page, taps[-1])
    assert refused, "no player decision to tap an illegal card at"
    assert not labels, f"never shown: {labels}"
    page.wait_for_selector('#turn-title[data-kind="complete"]')
    return server.call("GET", "/api/state/dealer")  # type: ignore[no-any-return]


def _check_outcome(view: dict[str, Any], sc: dict[str, Any]) -> None:
    """The pot went where the scenario (the book's rule) says, and every chip is there."""
    hand, expect = view["hand"], sc["expect"]
    assert hand["status"] == "complete"
    assert hand["result"]["payouts"] == expect["payouts"]
    if "reason" in expect:
        assert hand["result"]["reason"] == expect["reason"]
    stacks = {str(s["seat"]): s["stack"] for s in view["seats"]}
    assert stacks == expect["stacks"]
    assert sum(stacks.values()) == sum(s["stack"] for s in sc["seats"])


# What the dealer reads, in poker terms and the table's money (a cent a chip).
LABELS: dict[str, dict[str, str]] = {
    "house_guts_losers_match_then_one_holder": {
        '.decision-row[data-seat="1"] .who': "Anna (seat 1): in or out?",
        '[data-key="choice-1-hold"]': "In", '[data-key="choice-3-drop"]': "Out"},
    "house_push_em_push_keep_and_dealers_buried_push": {
        '.decision-row[data-seat="1"] .who': "Anna (seat 1): keep or push",
        '[data-key="choice-1-push"]': "Push: $0.25", '[data-key="choice-1-keep"]': "Keep"},
    "house_pass_em_pass_arrange_roll_ace_high_both_ways": {
        '.decision-row[data-seat="1"][data-ask="pass"] .who': "passes 3 to the left",
        '[data-key="confirm-1"]': "Pass 3"},
    "house_5_4_buy_2_paid_exchanges_four_card_low": {
        '#turn-title[data-kind="exchange"]': "Anna (seat 1) buys a card: $0.50"},
    "house_no_peek_simultaneous_cards_speak": {
        '.decision-row[data-seat="1"] .who': "Anna (seat 1) turns a card up: tap it"},
    "house_buy_happiness_market_prices_and_blind": {
        '[data-option="near"]': "Buy: $0.75", '[data-option="far"]': "Buy: $0.25",
        '[data-option="blind"]': "Blind card: free"},
    "house_7_27_cards_or_coins_variant_1": {
        '[data-key="choice-1-card"]': "Take a card",
        '[data-key="choice-1-coins-3"]': "Add 3 coins"},
    "house_no_peek_follow_the_queen_halt_on_queen_and_hold": {
        '[data-key="choice-1-hold"]': "Keep them face down (dead)",
        '.decision-row[data-seat="1"][data-ask="turn-card"] .who': "turns a card up: tap it"},
    "house_3_30_matching_discard_and_50c_after_fourth_turn": {
        '#decision [data-option="turn-c3"]': "Turn c3"},
}

HANDS = [
    # (scenario, what it proves on the tablet)
    ("house_guts_losers_match_then_one_holder", "Guts: in/out rows, losers match, redeal"),
    ("house_push_em_push_keep_and_dealers_buried_push", "Push 'Em: keep or push the offer"),
    ("house_pass_em_pass_arrange_roll_ace_high_both_ways", "Pass 'Em: pass three, play, order"),
    ("house_pass_em_too_few_play_redeal", "Pass 'Em redeal: too few play"),
    ("house_5_4_buy_2_paid_exchanges_four_card_low", "5-4 Buy 2: paid exchanges, declare"),
    ("house_no_peek_simultaneous_cards_speak", "No Peek Simultaneous: turn a card up"),
    ("house_buy_happiness_market_prices_and_blind", "Buy Happiness: market and blind card"),
    ("house_7_27_cards_or_coins_variant_1", "7-27: a card or coins, declare"),
    ("house_3_30_matching_discard_and_50c_after_fourth_turn", "3-30: the dealer turns a card"),
    ("house_garbage_pie_push_pass_follow_unseen", "Garbage Pie: push, pass one, unseen card"),
    ("house_no_peek_sequential_turn_until_highest_and_dead_cards",
     "No Peek Sequential: turn until highest"),
    ("house_no_peek_follow_the_queen_halt_on_queen_and_hold",
     "No Peek Follow the Queen: turn or hold"),
]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.split(":")[0].lower()).strip("-")


@pytest.mark.parametrize("name", [h[0] for h in HANDS], ids=[_slug(h[1]) for h in HANDS])
def test_house_hand_from_the_tablet(pages: Any, server: Any, name: str) -> None:
    """Seed 004, the scenario's rule (see its "rule" line): the whole hand from the tablet
    alone ends with the scenario's payouts and stacks."""
    sc = _scenario(name)
    _seat_scenario(server, sc)
    tablet = pages.tablet()
    view = _play(tablet, server, sc, LABELS.get(name, {}))
    _check_outcome(view, sc)
    if sc["expect"].get("reason") == "redeal":  # Pass 'Em step 4: "the deal returns to step 2"
        assert "Too few players stayed in" in tablet.inner_text("#turn-detail")


def test_stale_tablet_tap_is_refused_and_changes_nothing(pages: Any, server: Any) -> None:
    """Seed 004 Guts step 2 ("each player holds or drops"): a second tablet whose picture
    has gone stale still shows Cleo's In / Out; Cleo already dropped on the first, so the
    tap is refused with the engine's message and code, and the table does not change."""
    sc = _scenario("house_guts_losers_match_then_one_holder")
    _seat_scenario(server, sc)
    first, second = pages.tablet(), pages.tablet()
    _tap(first, "#deal")
    for event in sc["events"][:6]:
        _shoe(server, event["card"])
    for page in (first, second):
        page.wait_for_selector('#decision [data-key="choice-3-hold"]')
    second.evaluate("window.pitboss.live.stop()")  # its network drops: the picture stays
    _tap(first, '[data-key="choice-3-drop"]')
    before = server.call("GET", "/api/state/dealer")
    assert [r["seat"] for r in server.call("GET", "/api/hand/decision")["rows"]] == [1, 2]
    second.click('[data-key="choice-3-hold"]')
    second.wait_for_selector('#error[data-code="out_of_turn"]')
    assert "Seat 3 has already chosen. [out_of_turn]" in second.inner_text("#error")
    after = server.call("GET", "/api/state/dealer")
    assert after["version"] == before["version"] and after["hand"] == before["hand"]
    first.click("#lang")  # the rows in French
    first.wait_for_selector('[data-key="choice-1-hold"]:has-text("Dedans")')
    assert "(place 1) : dedans ou dehors ?" in first.inner_text(
        '.decision-row[data-seat="1"] .who')


def test_broadcast_odds_button(pages: Any, server: Any) -> None:
    """Issue 11 item 2 from the tablet: one tap puts the live odds on the table screen,
    another takes them off (broadcast mode is off until the dealer asks)."""
    server.call("POST", "/api/session", {"table": "Odds", "chip_unit": "1"})
    for seat, name in ((1, "Ann"), (2, "Bo")):
        server.call("POST", "/api/seats", {"seat": seat, "name": name, "buy_in": 100})
    server.call("POST", "/api/games", {"games": ["stud"]})
    tablet = pages.tablet()
    tv = pages.open("/table", TV)
    _tap(tablet, "#deal")
    for card in ("As", "Kd", "2c", "3d", "Ah", "7c"):  # Bo (seat 2, dealt first): two aces
        _shoe(server, card)
    pages.caught_up(tv, server.version())
    assert tv.locator("#odds").is_hidden()
    assert tablet.get_attribute("#broadcast", "aria-pressed") == "false"
    tablet.click("#broadcast")
    tablet.wait_for_selector('#broadcast[aria-pressed="true"]')
    assert "shows the odds" in tablet.inner_text("#broadcast-state")
    tv.wait_for_selector("#odds:not([hidden]) li[data-seat]")
    equities = dict(tv.eval_on_selector_all(
        "#odds li", "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.equity)])"))
    assert sorted(equities) == [1, 2] and equities[2] > equities[1]
    tablet.click("#broadcast")
    tablet.wait_for_selector('#broadcast[aria-pressed="false"]')
    assert server.http.get(f"{server.url}/api/odds/broadcast").json()["on"] is False
    assert "no odds" in tablet.inner_text("#broadcast-state")


def _a11y_checks() -> Any:
    """The tablet's WCAG checks of tests/browser/test_pages_a11y.py (one definition)."""
    import importlib.util

    path = Path(__file__).with_name("test_pages_a11y.py")
    spec = importlib.util.spec_from_file_location("pitboss_a11y_checks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name, cards, row, owed", [
    ("house_push_em_push_keep_and_dealers_buried_push", 7, '[data-key="choice-1-push"]',
     "a card face up offered to Anna (seat 1): keep or push"),
    ("house_pass_em_pass_arrange_roll_ace_high_both_ways", 14, '[data-key="confirm-1"]',
     "a card face down for Ben (seat 2)"),
], ids=["push", "pass"])
def test_decision_rows_accessible(pages: Any, server: Any, artifacts: Path, name: str,
                                  cards: int, row: str, owed: str) -> None:
    """WCAG 1.4.3 contrast, 4.1.2 names, 2.1.1/2.4.7 keyboard and focus on the house-book
    rows (a card on offer with keep / push; cards to pick with a confirm button); before
    the last card the tablet says what the shoe owes (Push 'Em step 2: the offered card)."""
    checks = _a11y_checks()
    sc = _scenario(name)
    _seat_scenario(server, sc)
    tablet = pages.tablet()
    _tap(tablet, "#deal")
    for event in sc["events"][:cards - 1]:
        _shoe(server, event["card"])
    pages.caught_up(tablet, server.version())
    assert tablet.inner_text("#turn-detail") == owed
    _shoe(server, sc["events"][cards - 1]["card"])
    tablet.wait_for_selector(f"#decision {row}")
    checks._contrast_and_names(tablet, name)
    checks._tab_through(tablet, name)
    tablet.screenshot(path=str(artifacts / f"tablet-house-{name.split('_')[1]}.png"))


def _waiting_on(tv: Page) -> tuple[str, list[int], list[int]]:
    """The TV's line naming who the hand waits on, the seats it names, and the seats
    drawn as the ones to act (highlighted, "deciding")."""
    line = tv.locator("#waiting-on")
    text = line.inner_text() if line.count() else ""
    named = [int(s) for s in (line.get_attribute("data-seats") or "").split()] if text else []
    lit = tv.eval_on_selector_all(".seat.to-act", "els => els.map(e => Number(e.dataset.seat))")
    return text, named, sorted(lit)


def _to(pages: Any, server: Any, tv: Page, event: dict[str, Any]) -> None:
    """One event of a scenario entered as the tablet sends it; the TV catches up."""
    if "turn" in event:
        server.call("POST", "/api/hand/turn", {"slot": event["turn"]})
    elif "action" in event:
        server.call("POST", "/api/hand/actions", event)
    else:
        _shoe(server, event["card"])
    pages.caught_up(tv, server.version())


def test_table_screen_names_who_a_house_decision_waits_on(pages: Any, server: Any) -> None:
    """Seed 004 Guts step 2 ("each player holds or drops", every seat at once): the TV
    names the seats still to answer and lights them, one fewer after each answer, in
    either language; before, it showed no one to act and looked stuck."""
    sc = _scenario("house_guts_losers_match_then_one_holder")
    _seat_scenario(server, sc)
    tv = pages.open("/table", TV)
    server.call("POST", "/api/hands", {})
    for event in sc["events"][:6]:
        _to(pages, server, tv, event)
    assert _waiting_on(tv) == ("Waiting for Anna, Ben, Cleo to decide", [1, 2, 3], [1, 2, 3])
    assert "deciding" in tv.inner_text('.seat[data-seat="3"] .name')
    _to(pages, server, tv, sc["events"][6])  # Anna holds
    assert _waiting_on(tv) == ("Waiting for Ben, Cleo to decide", [2, 3], [2, 3])
    tv.click("#lang")
    tv.wait_for_selector("#waiting-on:has-text('En attente de la décision de Ben, Cleo')")
    for event in sc["events"][7:]:
        _to(pages, server, tv, event)
    assert tv.locator("#waiting-on").count() == 0 and _waiting_on(tv)[2] == []


def test_table_screen_names_the_board_turn_and_the_declarations(pages: Any, server: Any) -> None:
    """Seed 004 Colinoscopy: the dealer turns the board's cards one by one (the TV says
    so and lights the dealer's seat), and at the end each player declares high, low or
    both (the TV names who has still to declare)."""
    sc = _scenario("house_colinoscopy_any_two_commons")
    _seat_scenario(server, sc)
    tv = pages.open("/table", TV)
    server.call("POST", "/api/hands", {})
    events = sc["events"]
    turn = next(k for k, e in enumerate(events) if "turn" in e)
    for event in events[:turn]:
        _to(pages, server, tv, event)
    assert _waiting_on(tv) == ("The dealer turns a board card", [sc["dealer"]], [sc["dealer"]])
    _to(pages, server, tv, events[turn])
    assert _waiting_on(tv)[0] == ""  # a bet is due: the seat to act is lit as before
    declare = next(k for k, e in enumerate(events) if e.get("action") == "declare")
    for event in events[turn + 1:declare]:
        _to(pages, server, tv, event)
    assert _waiting_on(tv) == ("Waiting for Anna, Ben to declare high, low or both",
                               [1, 2], [1, 2])
    _to(pages, server, tv, events[declare])
    assert _waiting_on(tv) == ("Waiting for Ben to declare high, low or both", [2], [2])
