"""Errors of the hand log, each with a stable ``code`` (see controller/errors.py).

>>> e = LogError("duplicate_event", "Event 3 of hand 7 is already in the log.")
>>> e.as_dict()
{'code': 'duplicate_event', 'message': 'Event 3 of hand 7 is already in the log.'}
"""

from __future__ import annotations

from controller.errors import PitbossError

__all__ = ["LogError"]


class LogError(PitbossError):
    """Anything the hand log refuses; the log is unchanged when it is raised.

    Codes in use: ``bad_event``, ``duplicate_event``, ``sequence_gap``,
    ``bad_db_url``, ``db_unreachable``, ``db_error``, ``schema_too_new``, ``unknown_session``,
    ``unknown_hand``, ``session_exists``, ``session_closed``,
    ``hand_in_progress``, ``no_hand_in_progress``, ``bank_unbalanced``,
    ``bad_ledger_entry``, ``alias_cycle``, ``export_unavailable``,
    ``bad_hand_record``, ``bad_format``.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)
