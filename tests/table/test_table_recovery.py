"""DESIGN.md "log first": a restart replays the log and resumes mid-hand. A second Table
on the same SQLite file picks up seats, stacks, button and the hand in progress
(corrections included) and plays on; the log stays one gapless story."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.cards import Card
from controller.log.store import EventStore
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.recovery import latest_open_session, resume_session

Feed = Callable[[Table, list[dict[str, Any]]], list[dict[str, Any]]]


def _restart(store: EventStore) -> Table:
    t = Table(store)
    session = latest_open_session(t)
    assert session is not None
    resume_session(t, session)
    return t


def test_resume_mid_hand_with_corrections(table: Table, store: EventStore,
                                          anna_vs_ben: dict[str, Any], feed: Feed) -> None:
    events = anna_vs_ben["events"]
    table.handle(cmd.StartHand())
    feed(table, events[:3])
    table.handle(cmd.ReplaceCard(Card("Ks"), Card("Kh"), "misread"))
    table.handle(cmd.ReplaceCard(Card("Kh"), Card("Ks"), "it was the spade after all"))
    feed(table, events[3:10])
    table.handle(cmd.UndoLast())
    feed(table, events[9:12])
    table.handle(cmd.Pause("phone call"))
    again = _restart(store)
    assert again.state == table.state and again.start == table.start
    assert again.seats == table.seats and again.button == table.button
    assert again.paused
    again.handle(cmd.Resume())
    feed(again, events[12:])
    assert again.state is not None and again.state.result is not None
    assert {s: x.stack for s, x in again.seats.items()} == {1: 114, 2: 86}
    seqs = [e.seq for e in store.events(again.log.session, 1)]  # type: ignore[union-attr]
    assert seqs == list(range(1, len(seqs) + 1))


def test_resume_between_hands_keeps_stacks_button_and_later_buy_ins(
        table: Table, store: EventStore, anna_vs_ben: dict[str, Any], feed: Feed) -> None:
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"])
    table.handle(cmd.Rebuy(2, 30))
    table.handle(cmd.SeatPlayer(3, "Cleo", 60))
    again = _restart(store)
    assert {s: (x.name, x.stack) for s, x in again.seats.items()} == {
        1: ("Anna", 114), 2: ("Ben", 116), 3: ("Cleo", 60)}
    assert again.button == table.button == 1
    assert again.handle(cmd.StartHand())["hand"] == 2


def test_a_closed_session_is_not_resumed(table: Table, store: EventStore) -> None:
    table.handle(cmd.EndSession())
    assert latest_open_session(Table(store)) is None


def test_open_irregularities_and_earlier_shoe_orders_survive_a_restart(
        table: Table, store: EventStore, anna_vs_ben: dict[str, Any], feed: Feed) -> None:
    table.handle(cmd.StartHand())
    feed(table, anna_vs_ben["events"])
    table.handle(cmd.StartHand())
    table.handle(cmd.CameraCard(Card("Jk")))  # seed 000 s01: the joker stays in the centre
    table.handle(cmd.CameraProblem("unreadable"))
    table.handle(cmd.CameraProblem("together"))
    table.handle(cmd.DismissIrregularity(3))
    table.handle(cmd.EnterCard(Card("2d")))  # the unreadable card, entered by hand
    again = _restart(store)
    assert [(i.number, i.code) for i in again.irregularities] == [(1, "joker_not_in_pack")]
    reply = again.handle(cmd.CameraProblem("unreadable"))
    assert reply["irregularity"]["number"] == 4  # numbering carries on
    for c in ["9c", "Ks", "9h", "7s", "5c"]:  # hand 1's order again, after 2d
        again.handle(cmd.CameraCard(Card(c)))
    assert again.irregularities[-1].code == "same_order"
