"""The hand log: every event kept (SQLite or PostgreSQL), replayed, exported, settled.

* :mod:`~controller.log.events`: the generic :class:`LogEvent` record.
* :mod:`~controller.log.store`: :func:`open_store` and the append-only store
  (:mod:`~controller.log.sqlite`, :mod:`~controller.log.postgres`, :mod:`~controller.log.schema`).
* :mod:`~controller.log.session`: :class:`TableLog`, sessions and hands as events.
* :mod:`~controller.log.replay`: recovery by folding an ``apply`` function.
* :mod:`~controller.log.ledger` and :mod:`~controller.log.settle`: the evening's money.
* :mod:`~controller.log.stats`: the numbers the regulars ask for.
* :mod:`~controller.log.hand_record`, :mod:`~controller.log.phh`: exports.
"""

from controller.log.errors import LogError
from controller.log.events import Kind, LogEvent, Source
from controller.log.replay import HandLog, hand_logs, replay, resume
from controller.log.session import HandEnd, HandStart, SessionInfo, TableLog
from controller.log.store import EventStore, default_db_path, open_store

__all__ = [
    "EventStore",
    "HandEnd",
    "HandLog",
    "HandStart",
    "Kind",
    "LogError",
    "LogEvent",
    "SessionInfo",
    "Source",
    "TableLog",
    "default_db_path",
    "hand_logs",
    "open_store",
    "replay",
    "resume",
]
