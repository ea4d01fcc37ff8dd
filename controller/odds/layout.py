"""Where each card of a deal lands: the players' final hands and the board's slots.

A deal row (see :mod:`controller.odds.deals`) gives each live player its
``to_come`` cards in order (the first ``to_come_down`` of them are down
cards), then fills the board's empty slots in slot order.

>>> from controller.odds.spec import OddsSpec
>>> lay = Layout.of(OddsSpec.build(["As Ks", "Qd ?"], board="2c 7d ?"))
>>> lay.groups
[0, 1, 1]
>>> deal = np.array([[4, 14]])  # 3c to the second player, 5h to the board
>>> lay.hole(1, deal).tolist(), lay.board(deal).tolist()
([[41, 4]], [[0, 21, 14]])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from controller.odds.spec import OddsSpec

__all__ = ["Layout"]

Cards = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Layout:
    """Column offsets of each player's new cards and of the board's slots to come."""

    known: tuple[tuple[int, ...], ...]  # each player's known card indexes
    columns: tuple[tuple[int, ...], ...]  # each player's columns in a deal row
    slots: tuple[int, ...]  # per board slot: a card index (>= 0) or -1 - column
    groups: list[int]
    unseen: Cards

    @classmethod
    def of(cls, spec: OddsSpec) -> Layout:
        """The layout of ``spec``'s deals."""
        known, columns, col = [], [], 0
        for h in spec.players:
            known.append(tuple(c.index for c in h.cards))
            columns.append(tuple(range(col, col + h.to_come)))
            col += h.to_come
        slots = []
        for card in spec.board:
            if card is None:
                slots.append(-1 - col)
                col += 1
            else:
                slots.append(card.index)
        groups = [h.to_come for h in spec.players] + [spec.board_to_come]
        unseen = np.array([c.index for c in spec.unseen()], np.int64)
        return cls(tuple(known), tuple(columns), tuple(slots), groups, unseen)

    def hole(self, player: int, deals: Cards) -> Cards:
        """``(N, cards)`` card indexes of ``player``'s final hand, known cards first."""
        known = np.broadcast_to(np.array(self.known[player], np.int64),
                                (len(deals), len(self.known[player])))
        return np.concatenate([known, deals[:, list(self.columns[player])]], axis=1)

    def board(self, deals: Cards) -> Cards:
        """``(N, slots)`` card indexes of the final board in slot order."""
        cols = [np.full(len(deals), s, np.int64) if s >= 0 else deals[:, -1 - s]
                for s in self.slots]
        if not cols:
            return np.zeros((len(deals), 0), np.int64)
        return np.stack(cols, axis=1)
