"""A table process for the SIGKILL test: writes a session of hands, resuming after kills.

TEST ONLY. ``ChipPassingStandIn`` is a tiny deterministic stand-in for the
rules engine (seats bet chips into a pot, one seat takes it) so the crash
test can check recovery before the real engine is wired to the log. It keeps
the engine's contract: state is rebuilt purely by folding events.

Run as ``python log_crash_writer.py DB_URL SESSION HANDS``; prints
``ack HAND SEQ`` after each durable append, ``resume HAND SEQ`` when it picks
up a hand in progress, and ``done`` after closing the session.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from controller.log.events import LogEvent
from controller.log.replay import replay, resume
from controller.log.session import HandEnd, HandStart, TableLog
from controller.log.store import open_store

PLAYERS = {1: "Anna", 2: "Ben", 3: "Chloé", 4: "Dev"}
BUY_IN = 100


@dataclass(frozen=True)
class ChipPassingStandIn:
    """State of one stand-in hand: stacks at the start and now, the pot, steps taken."""

    start: dict[int, int]
    stacks: dict[int, int]
    pot: int = 0
    step: int = 0

    @classmethod
    def from_start(cls, event: LogEvent) -> ChipPassingStandIn:
        stacks = HandStart.from_payload(event.payload).stacks
        return cls(dict(stacks), dict(stacks))

    def apply(self, event: LogEvent) -> ChipPassingStandIn:
        p, stacks, pot = event.payload, dict(self.stacks), self.pot
        if event.kind == "bet":
            stacks[p["seat"]] -= p["chips"]
            pot += p["chips"]
        elif event.kind == "award":
            stacks[p["seat"]] += pot
            pot = 0
        return replace(self, stacks=stacks, pot=pot, step=self.step + 1)

    def next_event(self, hand: int) -> tuple[str, dict[str, Any]] | None:
        """The deterministic next action of this hand, None when it is over."""
        bets = 4 + hand % 5
        if self.step < bets:
            seat = (hand + self.step) % 4 + 1
            return "bet", {"seat": seat,
                           "chips": min(self.stacks[seat], 1 + (hand * 7 + self.step * 3) % 5)}
        if self.step == bets:
            return "award", {"seat": (hand * 3) % 4 + 1}
        return None

    def result(self) -> HandEnd:
        net = {s: self.stacks[s] - self.start[s] for s in self.stacks}
        return HandEnd(net, winners=tuple(s for s, n in net.items() if n > 0), pot=sum(
            max(0, -n) for n in net.values()))


def standin_start(event: LogEvent) -> ChipPassingStandIn:
    return ChipPassingStandIn.from_start(event)


def standin_apply(state: ChipPassingStandIn, event: LogEvent) -> ChipPassingStandIn:
    return state.apply(event)


def play(url: str, session: str, hands: int, say: Callable[[str], None]) -> None:
    """Write (or finish) the session: ``hands`` hands, then cash everyone out and close."""
    with open_store(url) as store:
        if session in store.sessions():
            log = TableLog(store, session)
        else:
            log = TableLog.open_session(store, "crash table", session_id=session)
            say("ack 0 1")
        for name in PLAYERS.values():  # also finishes buy-ins cut short by a kill
            if name not in {r.player for r in log.ledger.results()}:
                say(f"ack 0 {log.buy_in(name, BUY_IN).seq}")
        if log.closed:
            say("done")
            return
        state = _resume_point(store, session, log, say)
        while True:
            if state is None:
                if log.hand >= hands:
                    break
                stacks = _stacks_after_last_hand(store, session)
                e = log.start_hand(HandStart("stand-in", PLAYERS, stacks, dealer=log.hand % 4 + 1))
                say(f"ack {e.hand} {e.seq}")
                state = standin_start(e)
            step = state.next_event(log.hand)
            if step is None:
                e = log.end_hand(state.result())
                say(f"ack {e.hand} {e.seq}")
                state = None
                continue
            e = log.record(*step)
            say(f"ack {e.hand} {e.seq}")
            state = standin_apply(state, e)
        final = _stacks_after_last_hand(store, session)
        for seat, name in PLAYERS.items():
            if not any(r.player == name and not r.seated for r in log.ledger.results()):
                say(f"ack 0 {log.cash_out(name, final[seat]).seq}")
        say(f"ack 0 {log.close_session().seq}")
        say("done")


def _resume_point(store: Any, session: str, log: TableLog,
                  say: Callable[[str], None]) -> ChipPassingStandIn | None:
    point = resume(store, session, standin_start, standin_apply)
    if point is None:
        return None
    say(f"resume {point.hand} {point.next_seq}")
    return point.state


def _stacks_after_last_hand(store: Any, session: str) -> dict[int, int]:
    hands = list(replay(store, session, standin_start, standin_apply))
    return dict(hands[-1].state.stacks) if hands else {s: BUY_IN for s in PLAYERS}


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    play(sys.argv[1], sys.argv[2], int(sys.argv[3]), _say)
