"""Players are people, not spellings: aliases merge names across sessions.

``aliases`` maps a normalized name (see :func:`normalize_alias`) to the name it
stands for; chains are followed, so "Bobby" -> "Bob" -> "Robert" all count
as Robert.

>>> canonical_player("bobby ", {"bobby": "Bob", "bob": "Robert"})
'Robert'
>>> canonical_player("Anna", {})
'Anna'
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["canonical_player", "normalize_alias"]


def normalize_alias(name: str) -> str:
    """The key a player name is matched by: trimmed, spaces collapsed, case-folded.

    >>> normalize_alias("  Big   Dave ")
    'big dave'
    """
    return " ".join(name.split()).casefold()


def canonical_player(name: str, aliases: Mapping[str, str]) -> str:
    """The name ``name`` resolves to (itself, tidied, when it is nobody's alias)."""
    current = " ".join(name.split())
    seen: set[str] = set()
    while (key := normalize_alias(current)) in aliases and key not in seen:
        seen.add(key)
        current = aliases[key]
    return current
