"""Rows and text for browsing the log: session list, hand list, one hand, statistics.

Pure functions over a store; the CLI (``pitboss history``) and the tablet
print or serve what they return.
"""

from __future__ import annotations

from typing import Any

from controller.log.errors import LogError
from controller.log.events import SESSION_STREAM, Kind, LogEvent
from controller.log.export import hand_record_of, session_info
from controller.log.replay import HandLog, hand_logs
from controller.log.session import HandEnd, HandStart, SessionInfo
from controller.log.stats import TableStats
from controller.log.store import EventStore
from controller.log.text import hand_text

__all__ = ["hand_rows", "session_rows", "show_hand", "stats_text"]


def session_rows(store: EventStore) -> list[dict[str, Any]]:
    """One row per session: id, table, opened, closed, number of hands."""
    rows = []
    for sid in store.sessions():
        stream = store.events(sid, SESSION_STREAM)
        if not stream or stream[0].kind != Kind.SESSION_OPEN:
            continue
        info = SessionInfo.from_events(stream)
        rows.append({"session": sid, "table": info.table, "stakes": info.stakes,
                     "opened": _when(info.opened),
                     "closed": _when(info.closed) if info.closed else None,
                     "hands": len(store.hands(sid))})
    return rows


def hand_rows(store: EventStore, session: str) -> list[dict[str, Any]]:
    """One row per hand of a session: game, players, pot, winners, finished or not."""
    session_info(store, session)
    return [_hand_row(log) for log in hand_logs(store, session)]


def _hand_row(log: HandLog) -> dict[str, Any]:
    start = HandStart.from_payload(log.start.payload)
    end = HandEnd.from_payload(log.end.payload) if log.end else None
    return {"hand": log.hand, "game": start.variant, "started": _when(log.start.time),
            "players": [start.players[s] for s in sorted(start.players)],
            "events": len(log.events), "pot": end.pot if end else None,
            "winners": [start.players.get(s, f"seat {s}") for s in end.winners] if end else None,
            "finished": end is not None}


def show_hand(store: EventStore, session: str, hand: int) -> dict[str, Any]:
    """A hand street by street: from its hand record when it has one, else its events."""
    session_info(store, session)
    logs = {log.hand: log for log in hand_logs(store, session)}
    if hand not in logs:
        raise LogError("unknown_hand", f"session {session!r} has no hand {hand}")
    log = logs[hand]
    row = _hand_row(log)
    if log.end is not None and isinstance(log.end.payload.get("record"), dict):
        text = hand_text(hand_record_of(store, session, hand))
    else:
        text = _events_text(log)
    return {**row, "events": [e.to_dict() for e in log.events], "text": text}


def _events_text(log: HandLog) -> str:
    """Events grouped by the street named in their payload (when the engine names one)."""
    lines = [f"hand {log.hand}: {_hand_row(log)['game']}"]
    street = None
    for e in log.events:
        named = e.payload.get("street")
        if isinstance(named, str) and named != street:
            street = named
            lines.append(f"*** {street} ***")
        lines.append(_event_line(e))
    if log.end is None:
        lines.append("(hand in progress)")
    return "\n".join(lines)


def _event_line(e: LogEvent) -> str:
    detail = ", ".join(f"{k}={v}" for k, v in sorted(e.payload.items()) if k != "street")
    return f"  {e.seq:>3}  {e.time:%H:%M:%S}  {e.source.value:<10} {e.kind}  {detail}".rstrip()


def stats_text(table: TableStats) -> str:
    """Statistics as a small table."""
    lines = [f"{table.hands} hands"]
    if table.biggest_pot is not None:
        b = table.biggest_pot
        lines.append(f"biggest pot: {b.pot} chips ({b.variant}, session {b.session} "
                     f"hand {b.hand})")
    lines.append(f"{'player':<16}{'played':>7}{'won':>5}{'at sd':>7}{'net':>8}  by game")
    for p in table.players:
        games = ", ".join(f"{g} {n:+d}" for g, n in sorted(p.net_by_variant.items()))
        lines.append(f"{p.player:<16}{p.played:>7}{p.won:>5}{p.won_at_showdown:>7}"
                     f"{p.net:>+8d}  {games}")
    return "\n".join(lines)


def _when(t: Any) -> str:
    return t.strftime("%Y-%m-%d %H:%M") if t is not None else ""
