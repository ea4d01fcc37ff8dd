"""The table screen's renderer on pictures the live games do not reach yet: a seed-004
board layout (named slots, rows, face-down slots) drawn from a view of that shape, in the
real page's modules (Chromium)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

DRAW_JS = """async (view) => {
  const { drawTable } = await import("/static/js/board.js");
  const root = document.createElement("div");
  drawTable(root, view, null);
  const slot = (name) => root.querySelector(`[data-slot="${name}"] .card`);
  return {
    rows: [...root.querySelectorAll(".layout-row")].map((r) => r.dataset.row),
    turned: slot("r4.1").dataset.card ?? null,
    down: slot("r4.2").className,
    empty: slot("r2.1").className,
    cards: [...root.querySelectorAll("[data-card]")].map((c) => c.dataset.card),
  };
}"""


def _player(seat: int, name: str) -> dict[str, Any]:
    return {"seat": seat, "name": name, "stack": 98, "bet": 0, "committed": 2, "folded": False,
            "all_in": False, "up": [], "down_count": 4}


def test_board_layout_slots(pages: Any, server: Any) -> None:
    """Seed 004 (42nd Street: a row of four and a row of two): turned slots show their
    card, dealt face-down slots their back, undealt slots an empty place."""
    layout = [{"slot": "r4.1", "card": "As", "dealt": True},
              {"slot": "r4.2", "card": None, "dealt": True},
              {"slot": "r2.1", "card": None, "dealt": False}]
    view = {"version": 1, "hand_no": 1, "session": None, "seats": [], "button": 1,
            "paused": False,
            "hand": {"name": "42nd Street", "dealer": 1, "players": [_player(1, "Anna"),
                                                                    _player(2, "Ben")],
                     "board": [], "centre": [], "layout": layout,
                     "pots": [{"amount": 4, "eligible": [1, 2]}], "pot_total": 4,
                     "next": {"kind": "turn", "choices": ["r4.2"], "text": "turn"},
                     "status": "in_progress"}}
    tv = pages.open("/table", {"width": 1920, "height": 1080})
    out = tv.evaluate(DRAW_JS, view)
    assert out["rows"] == ["r4", "r2"]
    assert out["turned"] == "As" and out["cards"] == ["As"]
    assert "back" in out["down"] and "empty" in out["empty"]


ROWS_JS = """async (layout) => {
  const { drawTable } = await import("/static/js/board.js");
  const root = document.createElement("div");
  const hand = { name: "x", dealer: 1, players: [], board: [], centre: [], layout,
                 pots: [], pot_total: 0, next: { kind: "turn" }, status: "in_progress" };
  drawTable(root, { version: 1, hand_no: 1, seats: [], paused: false, hand }, null);
  return { rows: [...root.querySelectorAll(".layout-row")].map((r) =>
             [...r.querySelectorAll("[data-slot]")].map((s) => s.dataset.slot)),
           cross: [...root.querySelectorAll(".layout-cross [data-slot]")].map((s) =>
             [s.dataset.slot, s.style.gridArea]) };
}"""


LAYOUTS = [
    (["c1", "c2", "c3", "c4", "c5"], [["c1", "c2", "c3", "c4", "c5"]]),  # 3-30's centre
    (["a1", "a2", "b1", "b2"], [["a1", "a2"], ["b1", "b2"]]),  # the L game
    (["tl", "tc", "bl", "bc"], [["tl", "tc"], ["bl", "bc"]]),  # Two Touch
    (["L.1", "L.2", "R.1"], [["L.1", "L.2"], ["R.1"]]),  # Railroad
]


def test_layout_rows(pages: Any, server: Any) -> None:
    """Seed 004's slot names grouped into the rows their games lay out."""
    tv = pages.open("/table", {"width": 1920, "height": 1080})
    for names, rows in LAYOUTS:
        layout = [{"slot": n, "card": None, "dealt": True} for n in names]
        assert tv.evaluate(ROWS_JS, layout)["rows"] == rows, names


def test_cross_layout_is_a_cross(pages: Any, server: Any) -> None:
    """Seed 004 Cross: top, left, centre, right, bottom in the shape of a cross."""
    tv = pages.open("/table", {"width": 1920, "height": 1080})
    names = ["top", "left", "right", "bottom", "centre"]
    out = tv.evaluate(ROWS_JS, [{"slot": n, "card": None, "dealt": True} for n in names])
    assert out["rows"] == [] and {a for _, a in out["cross"]} >= {"top", "centre", "bottom"}
    assert all(slot == area.split(" ")[0] for slot, area in out["cross"])
