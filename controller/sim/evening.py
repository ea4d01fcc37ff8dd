"""A whole evening with nobody at the table: bots, dealer's choice, the real pipeline.

Every card leaves the synthetic shoe as frames and is read by the real shoe reader
into the table's queue; every bot's move goes to the table as the dealer's tablet
would send it; every event is logged (SQLite or PostgreSQL) before the LED display
(the real firmware in the emulator, over the real serial link) and the screens
show it. What a dealer does when the camera fails is done too: an unreadable card is
entered by hand, a misread one replaced (both logged as corrections).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.cards import Card
from controller.config import TableConfig
from controller.engine import expected
from controller.sim.bots import BOT_NAMES, bot_move
from controller.sim.shoe import DealResult, SimShoe, deal_next
from controller.table import commands as cmd

__all__ = ["DEMO_GAMES", "Evening", "HandReport", "fast_shoe", "play_evening"]

# Dealer's choice: stud, draw, lowball, a joker game, a split game.
DEMO_GAMES = ("seven-card-stud", "five-card-draw", "razz", "five-card-draw-bug",
              "stud-hi-lo-8", "aces-straights-flushes")
BUY_IN = 200


def fast_shoe() -> Any:
    """A brisk dealer and a well-lit shoe: fewer, cleaner frames per card for the same
    reader (about half the rendering of the default shoe)."""
    from vision.synthetic import Degrade

    return Degrade(level=0.3, speed=(90.0, 110.0))


@dataclass
class HandReport:
    """One hand of the evening, for the progress display and the summary."""

    number: int
    game: str
    pot: int
    winners: list[str]
    cards: int
    fixes: int
    led: str
    seconds: float


@dataclass
class Evening:
    """What the evening did."""

    session: str = ""
    db: str = ""
    hands: list[HandReport] = field(default_factory=list)
    cards: int = 0
    misread: int = 0
    events: int = 0
    seconds: float = 0.0
    stacks: dict[str, int] = field(default_factory=dict)


async def _fix(loop: Any, result: DealResult) -> int:
    """The dealer's correction when the reader did not read the card that left the shoe."""
    if result.read == str(result.card):
        return 0
    if result.read not in ("nothing", "unreadable", "together"):
        seen = await loop.call(lambda t: t.state.seen >> Card(result.read).index & 1)
        if seen:
            await loop.submit(cmd.ReplaceCard(Card(result.read), result.card,
                                              "the shoe camera misread it"))
            return 1
    await loop.submit(cmd.EnterCard(result.card))
    for found in await loop.call(lambda t: [i.number for i in t.irregularities]):
        await loop.submit(cmd.DismissIrregularity(found))
    return 1


async def _play_hand(loop: Any, sim: SimShoe, rng: random.Random,
                     tick: Callable[[int], None]) -> tuple[int, int]:
    """Deal one hand to the end; returns (cards dealt, corrections)."""
    await loop.submit(cmd.StartHand())
    cards = fixes = 0
    while True:
        kind = await loop.call(lambda t: expected(t.state).kind)
        if kind == "complete":
            return cards, fixes
        if kind == "card":
            result = await deal_next(loop, sim)
            cards += 1
            tick(cards)
            fixes += await _fix(loop, result)
        else:
            move = await loop.call(lambda t: bot_move(t.state, rng))
            await loop.submit(cmd.TabletAction(move))


async def _rebuy_short_stacks(loop: Any) -> None:
    short = await loop.call(lambda t: [s.seat for s in t.seats.values() if s.stack < BUY_IN // 2])
    for seat in short:
        await loop.submit(cmd.Rebuy(seat, BUY_IN))


def _report(table: Any, number: int, cards: int, fixes: int, led: str,
            seconds: float) -> HandReport:
    state = table.state
    names = {p.seat: p.name for p in state.players}
    result = state.result
    return HandReport(number, state.game.name, sum(p.amount for p in result.pots),
                      [names[s] for s in result.winners], cards, fixes, led, seconds)


async def _evening(app: Any, parts: Any, hands: int, players: int, seed: int,
                   games: tuple[str, ...], progress: Callable[[HandReport], None],
                   tick: Callable[[int, int], None]) -> Evening:
    loop, sim = app.state.table_loop, parts.sim
    rng = random.Random(seed)
    out = Evening()
    await loop.submit(cmd.OpenSession("Demo evening", "0.25", "1/2", "EUR"))
    for seat in range(1, players + 1):
        await loop.submit(cmd.SeatPlayer(seat, BOT_NAMES[seat - 1], BUY_IN))
    await loop.submit(cmd.ChooseGame(games))
    for number in range(1, hands + 1):
        started = time.perf_counter()
        await _rebuy_short_stacks(loop)
        cards, fixes = await _play_hand(loop, sim, rng, lambda c, n=number: tick(n, c))
        led = await _led_pot(parts)
        report = await loop.call(lambda t, n=number, c=cards, f=fixes, s=started, d=led:
                                 _report(t, n, c, f, d, time.perf_counter() - s))
        out.hands.append(report)
        out.cards += cards
        out.misread += fixes
        progress(report)
    out.session = await loop.call(lambda t: t.log.info.session)
    out.stacks = await loop.call(lambda t: {s.name: s.stack for s in t.seats.values()})
    await loop.submit(cmd.EndSession())
    out.events = await loop.call(lambda t: len(t.store.events(out.session)))
    return out


async def _led_pot(parts: Any, timeout: float = 2.0) -> str:
    """What the emulated POT module shows once the link has caught up."""
    import asyncio

    if parts.emulator is None:
        return ""
    await asyncio.to_thread(parts.display.flush)
    await asyncio.to_thread(parts.link.wait_synced, timeout)
    for _ in range(40):  # the hand-over picture blinks: catch it lit
        text = " ".join(parts.emulator.module_texts()[0].split())
        if text:
            return text
        await asyncio.sleep(0.025)
    return ""


async def play_evening(hands: int = 20, seed: int = 0, db: str | None = None,
                       players: int = 4, games: tuple[str, ...] = DEMO_GAMES,
                       progress: Callable[[HandReport], None] = lambda r: None,
                       tick: Callable[[int, int], None] = lambda hand, cards: None) -> Evening:
    """Play ``hands`` hands of dealer's choice among ``players`` bots; see the module doc.
    ``progress`` hears of each finished hand, ``tick`` of each card (hand, cards so far)."""
    from controller.api import create_app
    from controller.log.store import default_db_path
    from controller.sim.wiring import build_parts, install

    started = time.perf_counter()
    parts = build_parts(TableConfig(db=db, seed=seed), degrade=fast_shoe())
    try:
        app = install(create_app(db=db, pin="0000", display=parts.display,
                                 display_status=parts.link.status, resume=False), parts)
        async with app.router.lifespan_context(app):
            out = await _evening(app, parts, hands, players, seed, games, progress, tick)
    finally:
        parts.close()
    out.db = str(db or default_db_path())
    out.seconds = time.perf_counter() - started
    return out
