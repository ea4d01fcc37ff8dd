"""The numbers the regulars ask for, from hand-end summaries alone.

For each player (aliases merged): hands played, hands won, hands won at
showdown, net chips per game variant, and the biggest pot they won; for the
table: hands dealt and the biggest pot. Works per session or across every
session, and needs nothing from the rules engine: only ``hand_start`` (who sat
where, which game) and ``hand_end`` (net per seat, winners, showdown, pot).

>>> s = HandSummary("fri", 1, "razz", {1: "Anna", 2: "Ben"}, {1: 6, 2: -6}, (1,), True, 12)
>>> t = compute_stats([s])
>>> a = t.player("anna")
>>> (a.played, a.won, a.won_at_showdown, a.net_by_variant, a.biggest_pot_won)
(1, 1, 1, {'razz': 6}, 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from controller.log.events import Kind
from controller.log.players import canonical_player, normalize_alias
from controller.log.session import HandEnd, HandStart
from controller.log.store import EventStore

__all__ = ["HandSummary", "PlayerStats", "TableStats", "compute_stats", "hand_summaries"]


@dataclass(frozen=True)
class HandSummary:
    """One finished hand, as the statistics see it."""

    session: str
    hand: int
    variant: str
    players: Mapping[int, str]
    net: Mapping[int, int]
    winners: tuple[int, ...]
    showdown: bool
    pot: int


@dataclass
class PlayerStats:
    """Running totals for one player."""

    player: str
    played: int = 0
    won: int = 0
    won_at_showdown: int = 0
    net_by_variant: dict[str, int] = field(default_factory=dict)
    biggest_pot_won: int = 0

    @property
    def net(self) -> int:
        """Net chips over every variant."""
        return sum(self.net_by_variant.values())

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {"player": self.player, "played": self.played, "won": self.won,
                "won_at_showdown": self.won_at_showdown, "net": self.net,
                "net_by_variant": dict(self.net_by_variant),
                "biggest_pot_won": self.biggest_pot_won}


@dataclass(frozen=True)
class TableStats:
    """Every player's totals plus the table's."""

    players: tuple[PlayerStats, ...]
    hands: int
    biggest_pot: HandSummary | None
    aliases: Mapping[str, str] = field(default_factory=dict)

    def player(self, name: str) -> PlayerStats:
        """One player's totals (any spelling or alias that resolves to them, any case)."""
        key = normalize_alias(canonical_player(name, self.aliases))
        for p in self.players:
            if normalize_alias(p.player) == key:
                return p
        return PlayerStats(name)

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        big = self.biggest_pot
        return {"hands": self.hands, "players": [p.to_dict() for p in self.players],
                "biggest_pot": None if big is None else
                {"session": big.session, "hand": big.hand, "variant": big.variant,
                 "pot": big.pot}}


def compute_stats(hands: Iterable[HandSummary],
                  aliases: Mapping[str, str] | None = None) -> TableStats:
    """Fold summaries into statistics (pure)."""
    table: dict[str, PlayerStats] = {}
    count, biggest = 0, None
    for h in hands:
        count += 1
        if biggest is None or h.pot > biggest.pot:
            biggest = h
        for seat, name in h.players.items():
            who = canonical_player(name, aliases or {})
            _count_hand(table.setdefault(normalize_alias(who), PlayerStats(who)), h, seat)
    ordered = sorted(table.values(), key=lambda p: (-p.net, p.player.casefold()))
    return TableStats(tuple(ordered), count, biggest, dict(aliases or {}))


def _count_hand(p: PlayerStats, h: HandSummary, seat: int) -> None:
    p.played += 1
    p.net_by_variant[h.variant] = p.net_by_variant.get(h.variant, 0) + h.net.get(seat, 0)
    if seat in h.winners:
        p.won += 1
        p.won_at_showdown += h.showdown
        p.biggest_pot_won = max(p.biggest_pot_won, h.pot)


def hand_summaries(store: EventStore, session: str | None = None) -> list[HandSummary]:
    """Every finished hand in the store (or one session), oldest first."""
    starts = {(e.session, e.hand): HandStart.from_payload(e.payload)
              for e in store.events_of_kind(Kind.HAND_START, session)}
    out = []
    for e in store.events_of_kind(Kind.HAND_END, session):
        start = starts.get((e.session, e.hand))
        if start is None:
            continue
        end = HandEnd.from_payload(e.payload)
        out.append(HandSummary(e.session, e.hand, start.variant, start.players, end.net,
                               end.winners, end.showdown, end.pot))
    return out
