"""The replay's equity chart as a standalone SVG image: one line per player, street by street.

Written by hand (no plotting library): the replay page shows it inline, the API
serves it (``GET /api/history/{session}/{hand}/chart.svg``) and ``pitboss history
show --odds --chart FILE.svg`` saves it. Each point carries a ``<title>`` (name,
street, equity) and a ``data-`` record so tests and people can read it back; a
Monte Carlo point draws its 95% error bar.

>>> from controller.odds.replay import HandReplay, SeatOdds, StreetReplay
>>> st = lambda name, a, b: StreetReplay(name, (), (), (), (), 4,
...                                      (SeatOdds(1, "Ann", a), SeatOdds(2, "Bo", b)))
>>> svg = equity_svg(HandReplay("stud", "Seven Card Stud", ((1, "Ann", 50), (2, "Bo", 50)),
...                             (st("third street", 0.8, 0.2), st("showdown", 1.0, 0.0)), None))
>>> svg.startswith("<svg") and svg.count("<polyline") == 2 and 'data-equity="0.8"' in svg
True
"""

from __future__ import annotations

from html import escape

from controller.odds.replay import HandReplay

__all__ = ["PALETTE", "equity_svg"]

# Colour-blind-safe (Okabe-Ito), readable on white and on the TV's dark background.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442",
           "#000000", "#999999", "#882255")
WIDTH, HEIGHT = 720, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 24, 56


def _x(i: int, n: int) -> float:
    inner = WIDTH - LEFT - RIGHT
    return LEFT + (inner * i / (n - 1) if n > 1 else inner / 2)


def _y(equity: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - equity)


def _grid(names: list[str]) -> list[str]:
    out = []
    for pct in (0, 25, 50, 75, 100):
        y = _y(pct / 100)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
                   f'stroke="#ccc" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{pct}%</text>')
    for i, name in enumerate(names):
        out.append(f'<text x="{_x(i, len(names)):.1f}" y="{HEIGHT - BOTTOM + 20}" '
                   f'text-anchor="middle">{escape(name)}</text>')
    return out


def _series(replay: HandReplay, k: int, seat: int, name: str) -> list[str]:
    colour, n = PALETTE[k % len(PALETTE)], len(replay.streets)
    points, marks = [], []
    for i, st in enumerate(replay.streets):
        odds = next((o for o in st.odds if o.seat == seat), None)
        if odds is None or odds.equity is None:
            continue
        x, y = _x(i, n), _y(odds.equity)
        points.append(f"{x:.1f},{y:.1f}")
        label = f"{name}, {st.name}: {odds.equity * 100:.1f}%"
        if odds.error:
            label += f" ± {odds.error * 100:.1f}"
            lo, hi = _y(max(0.0, odds.equity - odds.error)), _y(min(1.0, odds.equity + odds.error))
            marks.append(f'<line x1="{x:.1f}" y1="{lo:.1f}" x2="{x:.1f}" y2="{hi:.1f}" '
                         f'stroke="{colour}" stroke-width="2"/>')
        marks.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}" '
                     f'data-seat="{seat}" data-street="{escape(st.name)}" '
                     f'data-equity="{round(odds.equity, 4)}"><title>{escape(label)}</title>'
                     f'</circle>')
    line = (f'<polyline fill="none" stroke="{colour}" stroke-width="3" data-seat="{seat}" '
            f'points="{" ".join(points)}"/>')
    ly = TOP + 8 + 22 * k
    legend = (f'<rect x="{WIDTH - RIGHT + 16}" y="{ly - 9}" width="14" height="14" '
              f'fill="{colour}"/><text x="{WIDTH - RIGHT + 36}" y="{ly + 3}">'
              f'{escape(name)}</text>')
    return [line, *marks, legend]


def equity_svg(replay: HandReplay, title: str = "") -> str:
    """The chart of ``replay`` as an SVG document (UTF-8 text)."""
    heading = title or (f"Hand {replay.hand}: {replay.game_name}" if replay.hand
                        else replay.game_name)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" font-family="DejaVu Sans, sans-serif" '
             f'font-size="13" class="equity-chart">',
             f"<title>{escape(heading)}: equity by street</title>",
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
             f'<text x="{LEFT}" y="16" font-weight="bold">{escape(heading)}</text>',
             *_grid([st.name for st in replay.streets])]
    for k, (seat, name, _) in enumerate(replay.seats):
        parts.extend(_series(replay, k, seat, name))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
