"""The table core on a real SQLite hand log: check -> log -> apply, irregularities,
session management and every dealer correction (issue 6, items 1-3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from controller.cards import Card
from controller.engine import Act, PlayerAction, chips_in_play, event_from_dict
from controller.errors import PitbossError
from controller.log.store import EventStore
from controller.table import commands as cmd
from controller.table.core import Table

Feed = Callable[[Table, list[dict[str, Any]]], list[dict[str, Any]]]


def _hand_events(store: EventStore, t: Table) -> list[tuple[str, str, dict[str, Any]]]:
    assert t.log is not None
    return [(e.source.value, e.kind, dict(e.payload))
            for e in store.events(t.log.session, t.hand_no)]


def _refused(t: Table, command: cmd.Command, code: str) -> None:
    """The command is refused with ``code`` and nothing changes, in memory or in the log."""
    assert t.log is not None
    before = (t.version, t.state, dict(t.seats), store_count(t))
    with pytest.raises(PitbossError) as err:
        t.handle(command)
    assert err.value.code == code
    assert (t.version, t.state, dict(t.seats), store_count(t)) == before


def store_count(t: Table) -> int:
    return t.store.count()


def test_seed000_s05_worked_example_camera_and_tablet_only(table: Table, store: EventStore,
                                                           anna_vs_ben: dict[str, Any],
                                                           feed: Feed) -> None:
    """Seed 000 s05: Anna's bug flush beats Ben's two pair; driven only by camera cards and
    tablet actions, every event logged before the stacks move."""
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"])
    assert table.state is not None and table.state.result is not None
    assert table.state.result.winners == (1,)
    assert {s: x.stack for s, x in table.seats.items()} == {1: 114, 2: 86}
    logged = _hand_events(store, table)
    assert logged[0][1] == "hand_start" and logged[-1][1] == "hand_end"
    assert logged[-1][2]["net"] == {"1": 14, "2": -14}
    body = logged[1:-1]
    assert [p for _, _, p in body] == [dict(e) for e in anna_vs_ben["events"]]
    assert {src for src, _, p in body if "card" in p} == {"camera"}
    assert {src for src, _, p in body if "action" in p} == {"tablet"}
    assert table.button == 1  # seed 000 s02: deal moves clockwise; the button follows


@pytest.mark.parametrize(("cards", "code"), [
    (["Jk"], "joker_not_in_pack"),  # seed 000 s01: the joker is exposed, not in the pack
    (["As", "As"], "duplicate_card"),  # DESIGN.md Cards: a second sighting is a violation
    (["As", "Kd", "2c", "3d", "9h", "Tc", "Qh"], "card_not_expected"),  # s02: betting now
])
def test_an_unexpected_camera_card_is_an_irregularity_not_applied(
        table: Table, store: EventStore, cards: list[str], code: str) -> None:
    """Seed 000 s02/s01: a card the engine does not expect goes to the dealer, unapplied."""
    table.handle(cmd.StartHand())
    for c in cards[:-1]:
        table.handle(cmd.CameraCard(Card(c)))
    state = table.state
    reply = table.handle(cmd.CameraCard(Card(cards[-1])))
    assert reply["irregularity"]["code"] == code
    assert table.state is state
    assert [i.code for i in table.irregularities] == [code]
    assert _hand_events(store, table)[-1][1] == "irregularity"  # never lose an event


def test_a_card_after_the_hand_or_before_any_hand_is_an_irregularity(
        table: Table, anna_vs_ben: dict[str, Any], feed: Feed) -> None:
    reply = table.handle(cmd.CameraCard(Card("2h")))
    assert reply["irregularity"]["code"] == "card_not_expected"
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"])
    reply = table.handle(cmd.CameraCard(Card("2h")))
    assert reply["irregularity"]["code"] == "card_not_expected"
    assert table.irregularities[-1].hand == 0  # nothing in progress to attach it to


def test_unreadable_card_then_entered_by_hand(table: Table, store: EventStore) -> None:
    """DESIGN.md Vision: below the threshold the tablet asks the dealer to tap the card."""
    table.handle(cmd.StartHand())
    reply = table.handle(cmd.CameraProblem("unreadable"))
    assert reply["irregularity"]["code"] == "card_unreadable"
    table.handle(cmd.EnterCard(Card("As")))
    assert table.irregularities == []
    assert table.state is not None and table.state.players[0].down == (Card("As"),)
    assert _hand_events(store, table)[-1][:2] == ("correction", "engine")


def test_replace_a_misread_card_logs_the_reason_and_replays(table: Table,
                                                            store: EventStore) -> None:
    table.handle(cmd.StartHand())
    for c in ("As", "9c", "Ks"):
        table.handle(cmd.CameraCard(Card(c)))
    _refused(table, cmd.ReplaceCard(Card("Ks"), Card("Kd"), "  "), "reason_required")
    _refused(table, cmd.ReplaceCard(Card("2h"), Card("Kd"), "misread"), "card_not_dealt")
    _refused(table, cmd.ReplaceCard(Card("Ks"), Card("As"), "misread"), "duplicate_card")
    table.handle(cmd.ReplaceCard(Card("Ks"), Card("Kd"), "glare on the corner"))
    assert table.state is not None and table.state.players[0].down == (Card("As"), Card("Kd"))
    assert _hand_events(store, table)[-1] == (
        "correction", "replace", {"old": "Ks", "new": "Kd", "reason": "glare on the corner"})


def test_undo_takes_back_the_last_action_and_is_logged(table: Table, store: EventStore,
                                                       anna_vs_ben: dict[str, Any],
                                                       feed: Feed) -> None:
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"][:7])  # ... Anna bets
    before = table.state
    feed(table, anna_vs_ben["events"][7:8])  # Ben calls
    table.handle(cmd.UndoLast())
    assert table.state == before
    assert _hand_events(store, table)[-1] == ("correction", "engine", {"correction": "undo"})


def test_misdeal_returns_every_chip_and_keeps_the_button(table: Table,
                                                         anna_vs_ben: dict[str, Any],
                                                         feed: Feed) -> None:
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"][:13])
    table.handle(cmd.DeclareMisdeal())
    assert {s: x.stack for s, x in table.seats.items()} == {1: 100, 2: 100}
    assert table.button == 2 and not table.hand_live


def test_exposed_card_becomes_an_up_card(table: Table) -> None:
    table.handle(cmd.StartHand())
    table.handle(cmd.CameraCard(Card("As")))
    table.handle(cmd.ExposeCard(1, Card("As")))
    assert table.state is not None and Card("As") in table.state.players[0].up


def test_pause_refuses_actions_and_cards_until_resumed(table: Table,
                                                       anna_vs_ben: dict[str, Any],
                                                       feed: Feed) -> None:
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"][:6])
    table.handle(cmd.Pause("dispute at seat 2"))
    _refused(table, cmd.TabletAction(PlayerAction(1, Act.BET)), "table_paused")
    _refused(table, cmd.Pause(), "already_paused")
    reply = table.handle(cmd.CameraCard(Card("2h")))
    assert reply["irregularity"]["code"] == "table_paused"
    table.handle(cmd.Resume())
    _refused(table, cmd.Resume(), "not_paused")
    feed(table, anna_vs_ben["events"][6:7])
    assert table.state is not None and table.state.players[0].bet == 1


def test_refusals_change_nothing(table: Table, anna_vs_ben: dict[str, Any],
                                 feed: Feed) -> None:
    _refused(table, cmd.TabletAction(PlayerAction(1, Act.BET)), "no_hand")
    _refused(table, cmd.SeatPlayer(1, "Cleo", 50), "seat_taken")
    _refused(table, cmd.SeatPlayer(3, "anna", 50), "player_seated")
    _refused(table, cmd.SeatPlayer(11, "Cleo", 50), "bad_seat")
    _refused(table, cmd.SeatPlayer(3, "Cleo", 0), "bad_amount")
    _refused(table, cmd.MoveButton(5), "empty_seat")
    _refused(table, cmd.ChooseGame(("no-such-game",)), "unknown_game")
    _refused(table, cmd.OpenSession("again"), "session_open")
    table.handle(cmd.StartHand())
    _refused(table, cmd.StartHand(), "hand_in_progress")
    _refused(table, cmd.UnseatPlayer(1), "in_hand")
    _refused(table, cmd.Rebuy(1, 10), "in_hand")
    _refused(table, cmd.MoveButton(1), "hand_in_progress")
    _refused(table, cmd.EndSession(), "hand_in_progress")
    feed(table, anna_vs_ben["events"][:6])
    _refused(table, cmd.TabletAction(PlayerAction(2, Act.BET)), "out_of_turn")
    _refused(table, cmd.TabletAction(PlayerAction(1, Act.BET, 5)), "wrong_amount")
    _refused(table, cmd.DismissIrregularity(9), "unknown_irregularity")


def test_start_hand_needs_the_seed000_reserve(table: Table) -> None:
    """Seed 000 s01: a new deal needs a 25-chip starting reserve."""
    table.handle(cmd.SeatPlayer(3, "Cleo", 24))
    _refused(table, cmd.StartHand(), "insufficient_reserve")
    table.handle(cmd.SitOut(3))
    assert table.handle(cmd.StartHand())["hand"] == 1


def test_dealers_choice_rotation_and_rebuys_and_the_evening_balances(
        table: Table, store: EventStore, anna_vs_ben: dict[str, Any], feed: Feed) -> None:
    table.handle(cmd.ChooseGame(("asf", "stud")))
    assert table.handle(cmd.StartHand())["game"] == "aces-straights-flushes"
    feed(table, anna_vs_ben["events"])
    assert table.rotation.current == "seven-card-stud"
    table.handle(cmd.Rebuy(2, 50))
    table.handle(cmd.SeatPlayer(4, "Cleo", 80))
    table.handle(cmd.UnseatPlayer(4))
    reply = table.handle(cmd.EndSession())
    assert {r["player"]: r["net"] for r in reply["results"]} == {"Anna": 14, "Ben": -14,
                                                                  "Cleo": 0}
    assert table.log is not None and table.log.closed


def test_chips_are_conserved_through_corrections(table: Table, anna_vs_ben: dict[str, Any],
                                                 feed: Feed) -> None:
    """DESIGN.md quality bar: at every step the chips add up to the chips bought in."""
    table.handle(cmd.StartHand())
    for raw in anna_vs_ben["events"]:
        feed(table, [raw])
        if "action" in raw and table.hand_live:
            table.handle(cmd.UndoLast())
            table.handle(cmd.TabletAction(event_from_dict(raw)))  # type: ignore[arg-type]
        assert table.state is not None and chips_in_play(table.state) == 200
    assert sum(s.stack for s in table.seats.values()) == 200


def test_unshuffled_shoe_raises_one_irregularity(table: Table) -> None:
    """Issue 6: a shoe in new-pack order is flagged (once per hand), and still dealt."""
    table.handle(cmd.StartHand())
    for c in ("2s", "3s", "4s", "5s", "6s", "7s"):
        table.handle(cmd.CameraCard(Card(c)))
    assert [i.code for i in table.irregularities] == ["unshuffled_runs"]
    assert table.state is not None and len(table.state.players[0].cards) == 3


def test_a_finished_hand_exports_as_text_and_phh(table: Table, store: EventStore,
                                                 anna_vs_ben: dict[str, Any],
                                                 feed: Feed) -> None:
    """The table leaves a hand record in hand_end (docs/hand-log.md): seed 000 s05's hand
    exports as PokerStars-style text and as PHH with pitboss's own game id."""
    from controller.log.export import export

    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"])
    assert table.log is not None
    phh = export(store, table.log.session, 1, "phh")
    assert "'d dh p1 AsKs7s'" in phh and "'d dh p2 9c9h5c'" in phh
    # the last round (seed 000 s01: bet plus three raises at 2): to 2, 4, 6, 8, call
    assert "'p2 cbr 2', 'p1 cbr 4', 'p2 cbr 6', 'p1 cbr 8', 'p2 cc'" in phh
    assert "'p1 sm AsKsQs7s9d2c', 'p2 sm 9c9h3h5c5dKd'" in phh
    assert "_pitboss_game = 'aces-straights-flushes'" in phh
    assert "finishing_stacks = [114, 86]" in phh
    text = export(store, table.log.session, 1, "text")
    assert "Anna collected 28 from pot" in text


def test_the_dealer_sees_each_seat_as_that_seat_does(table: Table, anna_vs_ben: dict[str, Any],
                                                     feed: Feed) -> None:
    """The tablet's picture of each player equals that player's own (DESIGN.md: down cards
    go to their owner and the dealer only)."""
    from controller.engine import public_view, seat_view
    from controller.table.views import dealer_view, public_table_view

    table.handle(cmd.StartHand())
    for k in range(len(anna_vs_ben["events"])):
        feed(table, anna_vs_ben["events"][k:k + 1])
        assert table.state is not None
        players = dealer_view(table)["hand"]["players"]
        for i, p in enumerate(table.state.players):
            assert players[i] == seat_view(table.state, p.seat)["players"][i]
        assert public_table_view(table)["hand"] == public_view(table.state)
