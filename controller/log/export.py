"""Exports of a hand or a whole session: JSON (always), PHH and text (from hand records).

JSON holds every event as stored. PHH and PokerStars-style text are written
from the :class:`HandRecord` that the table puts in each ``hand_end`` payload
(``"record"``); a hand without one (unfinished, or logged before the engine
produced records) cannot be exported in those formats (``export_unavailable``).
A session's PHH export is a ``.phhs`` file: one ``[hand]`` table per hand.
"""

from __future__ import annotations

from typing import Any

from controller.log.errors import LogError
from controller.log.events import SESSION_STREAM, Kind
from controller.log.hand_record import HandRecord
from controller.log.phh import dumps_phh
from controller.log.session import SessionInfo
from controller.log.store import EventStore
from controller.log.text import hand_text

__all__ = ["FORMATS", "export", "hand_record_of", "session_info"]

FORMATS = ("json", "phh", "text")


def session_info(store: EventStore, session: str) -> SessionInfo:
    """The session's open/close details (``unknown_session`` if it is not in the log)."""
    try:
        return SessionInfo.from_events(store.events(session, SESSION_STREAM))
    except LogError:
        raise LogError("unknown_session", f"no session {session!r} in this log; "
                       "`pitboss history list` shows the sessions") from None


def _hands(store: EventStore, session: str, hand: int | None) -> list[int]:
    hands = store.hands(session)
    if hand is None:
        return hands
    if hand not in hands:
        raise LogError("unknown_hand", f"session {session!r} has no hand {hand} "
                       f"(it has hands 1 to {len(hands)})")
    return [hand]


def hand_record_of(store: EventStore, session: str, hand: int) -> HandRecord:
    """The hand record kept in the hand's ``hand_end`` event."""
    events = store.events(session, hand)
    end = events[-1] if events and events[-1].kind == Kind.HAND_END else None
    if end is None:
        raise LogError("export_unavailable", f"hand {hand} of session {session!r} is not "
                       "finished, so it has no hand record to export; use --format json")
    if not isinstance(end.payload.get("record"), dict):
        raise LogError("export_unavailable", f"hand {hand} of session {session!r} was logged "
                       "without a hand record; use --format json")
    record = HandRecord.from_dict(end.payload["record"])
    if record.hand is None:
        record = HandRecord(**{**record.__dict__, "hand": hand})
    return record


def export(store: EventStore, session: str, hand: int | None, fmt: str) -> str:
    """A hand (or, with ``hand=None``, the whole session) in ``fmt``."""
    info = session_info(store, session)
    hands = _hands(store, session, hand)
    if fmt == "json":
        import json

        return json.dumps(_json(store, info, hands, whole=hand is None), ensure_ascii=False,
                          indent=1)
    if fmt not in FORMATS:
        raise LogError("bad_format", f"unknown export format {fmt!r}: use one of "
                       + ", ".join(FORMATS))
    records = [hand_record_of(store, session, h) for h in hands]
    if fmt == "text":
        return "\n\n\n".join(hand_text(r) for r in records)
    if hand is not None:
        return dumps_phh(records[0])
    return "\n\n".join(f"[{r.hand}]\n{dumps_phh(r)}" for r in records)


def _json(store: EventStore, info: SessionInfo, hands: list[int], whole: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"session": info.session, "table": info.table,
                            "chip_unit": str(info.chip_unit), "stakes": info.stakes,
                            "currency": info.currency}
    if whole:
        body["events"] = [e.to_dict() for e in store.events(info.session)]
    else:
        body["hand"] = hands[0]
        body["events"] = [e.to_dict() for e in store.events(info.session, hands[0])]
    return body
