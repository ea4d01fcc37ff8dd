"""The soak's own judges can fail (issue 12): a down card on the public stream before a
showdown, a card shown before the event that turned it up, and memory that keeps
climbing are each reported (DESIGN.md "Down cards are never sent to the table screen
or to another player before showdown")."""

from __future__ import annotations

from typing import Any

from soak_run import PublicWatch, Soak, SoakReport


def _message(version: int, status: str = "in_progress", reason: str = "",
             down: list[str] | None = None, up: list[str] | None = None) -> dict[str, Any]:
    player: dict[str, Any] = {"seat": 1, "up": up or [], "down_count": 2}
    if down is not None:
        player["down"] = down
    hand: dict[str, Any] = {"players": [player], "board": [], "centre": [], "layout": [],
                            "status": status}
    if reason:
        hand["result"] = {"reason": reason}
    return {"type": "state", "version": version, "view": {"hand_no": 4, "hand": hand}}


def test_a_down_card_on_the_public_stream_before_showdown_is_reported() -> None:
    watch = PublicWatch()
    watch.on_message(_message(5, down=["As", "Kd"]), life=1)
    problems = watch.check(4, public={}, shown={1: {"As", "Kd"}})
    assert len(problems) == 1 and "As" in problems[0]


def test_down_cards_at_a_showdown_are_allowed() -> None:
    watch = PublicWatch()
    watch.on_message(_message(9, "complete", "showdown", down=["As", "Kd"]), life=1)
    assert watch.check(4, public={}, shown={1: {"As", "Kd"}}) == []


def test_a_card_shown_before_it_was_turned_up_is_reported() -> None:
    """The card became public at version 7 (life 1): a picture of version 6 showing
    it leaked it; one of version 7, or of a later controller life, did not."""
    watch = PublicWatch()
    for version, life in ((6, 1), (7, 1), (2, 2)):
        watch.on_message(_message(version, up=["7c"]), life=life)
    problems = watch.check(4, public={"7c": (1, 7)}, shown={})
    assert len(problems) == 1 and "(1, 6)" in problems[0]


def test_memory_that_keeps_climbing_is_reported() -> None:
    soak = Soak.__new__(Soak)
    soak.report = SoakReport(rss_samples=[[60_000 + 2_000 * k for k in range(100)]])
    assert "grew" in (soak.memory_growth() or "")
    soak.report = SoakReport(rss_samples=[[60_000 + (k % 7) * 500 for k in range(100)]])
    assert soak.memory_growth() is None


def _phone(version: int, mine: list[str], theirs: list[str] | None = None) -> dict[str, Any]:
    players: list[dict[str, Any]] = [{"seat": 2, "up": [], "down": mine, "down_count": 2}]
    other: dict[str, Any] = {"seat": 3, "up": [], "down_count": 2}
    if theirs is not None:
        other["down"] = theirs
    players.append(other)
    hand = {"players": players, "board": [], "centre": [], "layout": [],
            "status": "in_progress"}
    return {"type": "state", "version": version, "view": {"hand_no": 4, "hand": hand}}


def test_a_phone_sees_its_own_down_cards_but_no_one_elses() -> None:
    """Seat 2's phone may show seat 2's down cards from the event that dealt them; a
    card shown before it was dealt (or one it may not look at: never stamped), or
    another seat's down card before the showdown, is reported."""
    watch = PublicWatch(own=2)
    watch.on_message(_phone(5, ["As"]), life=1)
    assert watch.check(4, public={}, shown={}, private={"As": (1, 5)}) == []
    watch.on_message(_phone(4, ["As"]), life=1)
    problems = watch.check(4, public={}, shown={}, private={"As": (1, 5)})
    assert len(problems) == 1 and "own ['As']" in problems[0]
    watch.on_message(_phone(6, ["As"], theirs=["Kd"]), life=1)
    problems = watch.check(4, public={}, shown={}, private={"As": (1, 5)})
    assert len(problems) == 1 and "Kd" in problems[0] and "seat 2's phone" in problems[0]


def test_a_redealt_hand_gets_a_freshly_shuffled_pack() -> None:
    """Suicide King (seed 004): the king of hearts kills the hand and it is redealt; with
    the same order again the king would come back at the same place for ever."""
    from soak_run import hand_deck

    first = hand_deck(12, "s", 41)
    assert hand_deck(12, "s", 41) == first  # seeded
    assert hand_deck(12, "s", 41, redeal=1) != first
    assert sorted(hand_deck(12, "s", 41, redeal=1)) == sorted(first)
