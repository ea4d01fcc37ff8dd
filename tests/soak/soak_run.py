"""An evening under fire: bots play the whole playable catalogue through the real table
while faults land on a seeded schedule (issue 12).

The pipeline is the one a home game runs: card frames from the synthetic shoe are read
by the real shoe reader and reported to ``pitboss serve`` (a child process) through
``POST /api/shoe``; the dealer's moves are the tablet's requests; every event goes
into the SQLite hand log before the LED display (the real firmware in the emulator,
over a real pty with pyserial) and the WebSocket streams show it. Vision is slow (about
0.2 s a card on this machine), so every card of one hand in ``vision_every`` goes
through frames and the other cards are reported as readings (``{"card": ...}``), as a
shoe in another process would report them.

The bots' moves come from the rules engine (``random_event`` on the harness's own copy
of the hand, a *mirror* kept by applying every acknowledged event); each reply's
``next`` must equal what the mirror expects, so a lost or doubled event is caught at
the next step. Faults (see :data:`FAULTS`) are planned per hand from the seed. At the
end :meth:`Soak.finish` checks the evening (see its docstring).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from soak_parts import (
    CARD,
    CameraLost,
    Controller,
    Listener,
    Refused,
    Shoe,
    StalledSocket,
    rss_kb,
)

from controller.cards import DECK_52, DECK_53, Card
from controller.engine import (
    BoardTurn,
    CardDealt,
    HandState,
    Misdeal,
    apply,
    event_from_dict,
    event_to_dict,
    expected,
    new_hand,
)
from controller.engine.randomplay import random_event
from controller.engine.views import may_look
from controller.log import HandEnd, HandStart, hand_logs, open_store
from controller.log.events import Kind
from controller.table.core import Table, replace_card
from controller.table.display import display_state
from controller.table.recovery import latest_open_session, resume_session
from controller.table.views import dealer_view
from controller.variants.catalogue import GAMES
from controller.variants.game import Deck
from firmware_bridge.display import Layout, render
from firmware_bridge.emulator import Emulator
from firmware_bridge.firmware import segments
from firmware_bridge.messages import Blink, SetLamp, SetText

FAULTS = ("display_unplug", "display_reset", "serial_noise", "camera_lost",
          "duplicate_request", "out_of_order_request", "stalled_websocket", "controller_kill")
NAMES = ("Ada", "Bo", "Cleo", "Dev", "Eli", "Fay")
BUY_IN = 200
PHONE_SEAT = 2  # whose phone the soak watches (not the first to act, not the last seat)
CHAINS = (2, 5, 5)  # the reference display: POT, BET and ten seats
LAMPS = 20


def hand_deck(seed: int, session: str, hand: int, joker: bool = False,
              redeal: int = 0) -> list[Card]:
    """The shoe's order for one hand, seeded (the pack is shuffled between hands, and
    again for each redeal of a hand: Guts, the Suicide King)."""
    deck = list(DECK_53 if joker else DECK_52)
    random.Random(f"soak/{seed}/{session}/{hand}" + (f"/{redeal}" if redeal else "")
                  ).shuffle(deck)
    return deck


def playable_games() -> list[str]:
    """The catalogue ``pitboss games --json`` lists as playable."""
    return [g.id for g in GAMES if g.playable]


@dataclass
class SoakConfig:
    hands: int
    seed: int = 12
    players: int = 4
    vision_every: int = 30  # every card of one hand in this many goes through frames
    faults_each: int = 1  # how many times each fault kind lands
    misdeal_every: int = 60
    camera_seconds: float = 1.5
    kill_in_flight: float = 0.5
    progress: int = 0  # print a line every this many hands (0: quiet)


@dataclass
class SoakReport:
    hands: int = 0
    misdeals: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    recoveries: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    events: int = 0
    requests: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    vision_cards: int = 0
    vision_fixed: int = 0
    direct_cards: int = 0
    hand_entered: int = 0
    games: Counter[str] = field(default_factory=Counter)
    public_messages: int = 0
    phone_messages: int = 0
    peak_rss_kb: int = 0
    rss_samples: list[list[int]] = field(default_factory=list)
    harness_peak_kb: int = 0
    seconds: float = 0.0

    def table(self) -> str:
        """The summary table ``make soak`` prints."""
        rows = [("hands played", self.hands), ("  voided by a misdeal", self.misdeals),
                ("games of the catalogue dealt", len(self.games)),
                ("cards read from frames (vision)", self.vision_cards),
                ("  of them fixed by the dealer", self.vision_fixed),
                ("cards reported as readings", self.direct_cards),
                ("cards entered by hand (camera lost)", self.hand_entered),
                ("tablet requests", self.requests),
                ("events in the hand log", self.events),
                ("public stream messages checked", self.public_messages),
                ("a player's phone messages checked", self.phone_messages)]
        rows += [(f"fault {k}", f"{self.faults[k]} injected, {self.recoveries[k]} recovered")
                 for k in FAULTS]
        rows += [("refusals (expected)", ", ".join(f"{k} {v}" for k, v in
                                                   sorted(self.refused.items())) or "-"),
                 ("controller peak RSS", f"{self.peak_rss_kb / 1024:.1f} MB"),
                 ("harness peak RSS", f"{self.harness_peak_kb / 1024:.1f} MB"),
                 ("wall time", f"{self.seconds:.1f} s"),
                 ("problems", len(self.problems))]
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


# ---------------------------------------------------------------- what the public saw

def _cards_in(hand: dict[str, Any], own: int | None = None) -> tuple[set[str], set[int],
                                                                      set[str]]:
    """Every card a picture of a hand shows, the seats whose down cards it lists, and
    (on seat ``own``'s phone) that seat's own down cards, which it may see first."""
    cards: set[str] = set()
    downs: set[int] = set()
    mine: set[str] = set()
    for p in hand.get("players", []):
        cards.update(p.get("up", []))
        if "down" in p:
            if int(p["seat"]) == own:
                mine.update(p["down"])
                continue
            downs.add(int(p["seat"]))
            cards.update(p["down"])
    cards.update(hand.get("board", []))
    cards.update(hand.get("centre", []))
    cards.update(s["card"] for s in hand.get("layout", []) if s.get("card"))
    return ({c for c in cards if CARD.match(str(c))}, downs,
            {c for c in mine if CARD.match(str(c))})


Stamp = tuple[int, int]  # (controller life, table version): the order of pictures


class PublicWatch:
    """A stream of pictures, checked hand by hand against the mirror: a card may
    appear only in a picture as new as the event that turned it face up, and down cards
    only at a showdown. Pictures are ordered by (controller life, version): a restarted
    controller counts versions afresh. With ``own`` it watches that seat's phone: the
    seat's own down cards may show as soon as it was dealt them (never a card it may
    not look at), nobody else's before the showdown."""

    def __init__(self, own: int | None = None) -> None:
        self.own = own
        self.lock = threading.Lock()
        self.seen: dict[int, list[tuple[Stamp, str, str, set[str], set[int],
                                        set[str]]]] = {}
        self.messages = 0

    def on_message(self, message: dict[str, Any], life: int) -> None:
        view = message.get("view", {})
        hand = view.get("hand")
        if not hand:
            return
        cards, downs, mine = _cards_in(hand, self.own)
        reason = (hand.get("result") or {}).get("reason", "")
        with self.lock:
            self.messages += 1
            self.seen.setdefault(int(view.get("hand_no", 0)), []).append(
                ((life, int(message.get("version", 0))), str(hand.get("status")), reason,
                 cards, downs, mine))

    def check(self, hand_no: int, public: dict[str, Stamp],
              shown: dict[int, set[str]], private: dict[str, Stamp] | None = None
              ) -> list[str]:
        """Problems in what the stream showed of ``hand_no``; ``public``: when each card
        was first face up, ``shown``: each showdown seat's down cards, ``private``: when
        each of the watched seat's down cards became one it may look at."""
        with self.lock:
            seen = self.seen.pop(hand_no, [])
        name = "the public stream" if self.own is None else f"seat {self.own}'s phone"
        problems = []
        for stamp, status, reason, cards, downs, mine in seen:
            showdown = status == "complete" and reason == "showdown"
            allowed = {c for c, first in public.items() if first <= stamp}
            if showdown:
                for cards_of_seat in shown.values():
                    allowed |= cards_of_seat
            leaked = cards - allowed
            if leaked or (downs and not showdown) or (downs - set(shown)):
                problems.append(f"hand {hand_no}: {name} showed {sorted(leaked)} "
                                f"(down cards of seats {sorted(downs)}) while {status} "
                                f"at {stamp}")
            own = allowed | {c for c, first in (private or {}).items() if first <= stamp}
            if mine - own:
                problems.append(f"hand {hand_no}: {name} showed its own {sorted(mine - own)} "
                                f"before it was dealt them or while it may not look, at "
                                f"{stamp}")
        return problems


# ---------------------------------------------------------------- the evening

class Soak:
    """One evening; :meth:`run` plays it, :meth:`finish` checks it."""

    def __init__(self, config: SoakConfig, folder: Path) -> None:
        self.config, self.folder = config, folder
        self.rng = random.Random(config.seed)
        self.bots = random.Random(config.seed + 1)
        self.games = playable_games()
        self.db = str(folder / "soak.sqlite3")
        self.link = folder / "serial-by-id-pitboss"
        self.emulator = Emulator(CHAINS, LAMPS, link=self.link, seed=config.seed)
        self.controller = Controller(self.db, str(self.link), folder)
        self.shoe = Shoe(config.seed)
        self.report = SoakReport()
        self.watch = PublicWatch()
        self.phone_watch = PublicWatch(own=PHONE_SEAT)  # one player's phone, all evening
        self.phone: Listener | None = None
        self.seat_tokens: dict[int, str] = {}
        self.private: dict[str, Stamp] = {}  # the phone's own down cards, when dealt
        self.listener: Listener | None = None
        self.stalled: StalledSocket | None = None
        self.session = ""
        self.seats: dict[int, tuple[str, int]] = {}  # seat -> (name, stack)
        self.mirror: HandState | None = None
        self.start_state: HandState | None = None
        self.hand_no = 0
        self.version = 0
        self.public: dict[str, Stamp] = {}
        self.pending: list[tuple[int, str]] = []  # (step due, action) of running faults
        self.step = 0
        self.plan = self._plan()
        self._force_vision = False  # the camera came back: read the next card from frames
        self._live_rss: list[int] = []

    # ------------------------------------------------------------ the plan
    def _plan(self) -> dict[int, list[str]]:
        """Seeded: each fault kind lands ``faults_each`` times, on hands spread over the
        evening (not the first three hands, nor the last twelve: a fault that lasts a
        while ends before the final checks)."""
        hands, each = self.config.hands, self.config.faults_each
        span = max(1, hands - 15)
        plan: dict[int, list[str]] = {}
        for kind in FAULTS:
            for k in range(each):
                lo = 3 + span * k // each
                hi = 3 + span * (k + 1) // each - 1
                plan.setdefault(self.rng.randint(lo, max(lo, hi)), []).append(kind)
        return plan

    # ------------------------------------------------------------ life
    def run(self) -> SoakReport:
        started = time.perf_counter()
        self.emulator.start()
        try:
            self._open()
            for number in range(1, self.config.hands + 1):
                self._between_hands()
                self._play_hand(number, self.plan.get(number, []))
                if self.config.progress and number % self.config.progress == 0:
                    print(f"soak: {number} hands, {sum(self.report.faults.values())} faults, "
                          f"{time.perf_counter() - started:.0f} s", flush=True)
            self._settle_pending()
            self.finish()
        finally:
            self.report.seconds = time.perf_counter() - started
            self._close()
        return self.report

    def _close(self) -> None:
        self._drop_clients()
        self.controller.stop()
        self.emulator.close()

    def _open(self) -> None:
        self.controller.start()
        self.controller.post("/api/session", {"table": "Soak", "chip_unit": "0.25",
                                              "stakes": "1/2", "currency": "EUR"})
        for seat in range(1, self.config.players + 1):
            seated = self.controller.post("/api/seats", {"seat": seat,
                                                         "name": NAMES[seat - 1],
                                                         "buy_in": BUY_IN})
            self.seat_tokens[seat] = seated["token"]
            self.seats[seat] = (NAMES[seat - 1], BUY_IN)
        self.session = self.controller.get("/api/state")["session"]["id"]
        self._connect_clients()

    def _connect_clients(self) -> None:
        url = self.controller.url.replace("http", "ws")
        life = self.controller.lives
        self.listener = Listener(f"{url}/ws/table",
                                 lambda m: self.watch.on_message(m, life))
        # the seat's token from the start of the evening: it must outlive every restart
        self.phone = Listener(f"{url}/ws/player/{PHONE_SEAT}?token="
                              f"{self.seat_tokens[PHONE_SEAT]}",
                              lambda m: self.phone_watch.on_message(m, life))

    def _drop_clients(self) -> None:
        for listener in (self.listener, self.phone):
            if listener is not None:
                listener.close()
        self.listener = self.phone = None
        if self.stalled is not None:
            self.stalled.close()
            self.stalled = None

    def _sample_memory(self) -> None:
        now, peak = rss_kb(self.controller.pid)
        self.report.peak_rss_kb = max(self.report.peak_rss_kb, peak)
        self._live_rss.append(now)

    # ------------------------------------------------------------ requests
    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        self.report.requests += 1
        return self.controller.post(path, body)

    def _apply(self, event: Any, reply: dict[str, Any]) -> None:
        """The controller acknowledged ``event``: the mirror follows and must agree."""
        assert self.mirror is not None
        self.mirror = apply(self.mirror, event)
        self._agree(reply)
        self._note_public()

    def _agree(self, reply: dict[str, Any]) -> None:
        result = reply.get("result", reply)
        self.version = int(result.get("version", self.version))
        if self.mirror is None or "next" not in result:
            return
        mine = json.loads(json.dumps(expected(self.mirror).as_dict()))
        if mine != result["next"]:
            raise AssertionError(f"hand {self.hand_no}: the table waits on "
                                 f"{result['next']}, the mirror on {mine}")

    def _note_public(self) -> None:
        """Stamp the cards the mirror now shows face up (at the reply's version)."""
        state = self.mirror
        assert state is not None
        up = [c for p in state.players for c in p.up]
        up += [*state.board, *state.table.centre]
        up += [c for name, c in state.slots if name in state.turned]
        stamp = (self.controller.lives, self.version)
        for card in up:
            self.public.setdefault(str(card), stamp)
        i = state.index_of(PHONE_SEAT)
        if i >= 0:
            for card in may_look(state, state.players[i].down):
                self.private.setdefault(str(card), stamp)

    # ------------------------------------------------------------ a hand
    def _between_hands(self) -> None:
        for seat, (name, stack) in sorted(self.seats.items()):
            if stack < BUY_IN // 2:
                self.post(f"/api/seats/{seat}/rebuy", {"chips": BUY_IN})
                self.seats[seat] = (name, stack + BUY_IN)
        self._sample_memory()

    def _play_hand(self, number: int, faults: list[str]) -> None:
        game = self.games[(number - 1) % len(self.games)]
        reply = self.post("/api/hands", {"game": game})["result"]
        self.hand_no = int(reply["hand"])
        players = [(s, n, st) for s, (n, st) in sorted(self.seats.items())]
        self.mirror = self.start_state = new_hand(game, players, int(reply["dealer"]))
        self.public, self.private = {}, {}
        self._agree(reply)
        self._note_public()  # a joker in the centre is face up from the start
        self.report.games[game] += 1
        vision = number % self.config.vision_every == 0
        deck = hand_deck(self.config.seed, self.session, self.hand_no,
                         self.mirror.game.deck is Deck.WITH_JOKER)
        misdeal_at = self.rng.randint(2, 12) if number % self.config.misdeal_every == 0 \
            else -1
        fault_at = {kind: self.rng.randint(0, 12) for kind in faults}
        k = 0
        while self.mirror is not None and self.mirror.result is None:
            for kind, at in list(fault_at.items()):
                if at <= k:
                    del fault_at[kind]
                    self._fault(kind)
            if self.mirror is None:
                break  # a kill is handled: the mirror came back from the log
            if k == misdeal_at:
                self._apply(Misdeal(), self.post("/api/hand/misdeal"))
                self.report.misdeals += 1
                break
            self._step(deck, vision)
            self._run_pending()
            k += 1
        for kind in fault_at:  # the hand was over before the fault's step: the next one
            self.plan.setdefault(number + 1, []).append(kind)
        self._end_hand()

    def _end_hand(self) -> None:
        if self.mirror is None or self.mirror.result is None:
            self._finish_hand()
        assert self.mirror is not None and self.mirror.result is not None
        for p in self.mirror.players:
            name, _ = self.seats[p.seat]
            self.seats[p.seat] = (name, p.stack)
        self.report.hands += 1
        self._check_public(self.hand_no)

    def _finish_hand(self) -> None:
        deck = hand_deck(self.config.seed, self.session, self.hand_no,
                         self.mirror is not None and self.mirror.game.deck is Deck.WITH_JOKER)
        while self.mirror is not None and self.mirror.result is None:
            self._step(deck, False)

    def _check_public(self, hand_no: int) -> None:
        """The table screen's pictures of this hand, once they have all arrived."""
        for listener in (self.listener, self.phone):
            if listener is not None:
                listener.wait_version(self.version, 5.0)
        assert self.mirror is not None
        shown = {}
        if self.mirror.result.reason == "showdown":
            shown = {p.seat: {str(c) for c in p.down} for p in self.mirror.players if p.live}
        self.report.problems += self.watch.check(hand_no, self.public, shown)
        self.report.problems += self.phone_watch.check(hand_no, self.public, shown,
                                                       self.private)

    # ------------------------------------------------------------ one step
    def _step(self, deck: list[Card], vision: bool) -> None:
        self.step += 1
        assert self.mirror is not None
        if expected(self.mirror).kind == "card":
            if self.mirror.rounds:  # a redeal: a freshly shuffled pack, not the same order
                deck = hand_deck(self.config.seed, self.session, self.hand_no,
                                 len(deck) == len(DECK_53), self.mirror.rounds)
            card = next(c for c in deck if not self.mirror.seen >> c.index & 1)
            self._deal(card, vision)
        else:
            self._move(random_event(self.mirror, self.bots))

    def _move(self, event: Any, twice: bool = False) -> None:
        if isinstance(event, BoardTurn):
            path, body = "/api/hand/turn", {"slot": event.slot}
        else:
            path, body = "/api/hand/actions", event_to_dict(event)
        if twice:
            self._double_tap(path, body, event)
            return
        self._apply(event, self.post(path, body))

    def _deal(self, card: Card, vision: bool, cut: float = 1.0) -> None:
        if self.shoe.lost or cut < 1:
            if cut < 1:
                with contextlib.suppress(CameraLost):
                    self.shoe.read_card(card, cut)
            # the camera is gone: the dealer enters the card by hand at the tablet
            self._apply(CardDealt(card), self.post("/api/hand/cards", {"card": str(card)}))
            self.report.hand_entered += 1
            return
        if not vision and not self._force_vision:
            self._apply(CardDealt(card), self.post("/api/shoe", {"card": str(card)}))
            self.report.direct_cards += 1
            return
        self._vision_card(card)

    def _vision_card(self, card: Card) -> None:
        events = self.shoe.read_card(card)
        self.report.vision_cards += 1
        if self._force_vision:
            self._force_vision = False
            if events:  # the camera that came back reads again
                self.report.recoveries["camera_lost"] += 1
        accepted: Card | None = None
        for e in events:
            read = getattr(e, "card", None)
            body = {"card": str(read), "confidence": float(e.confidence)} \
                if isinstance(read, Card) else \
                {"problem": "together" if type(e).__name__ == "CardsTogether" else "unreadable"}
            result = self.post("/api/shoe", body)["result"]
            if "event" in result and accepted is None and isinstance(read, Card):
                accepted = read
                self._apply(CardDealt(read), {"result": result})
            else:
                self._agree({"result": result})
        if accepted == card:
            return
        self.report.vision_fixed += 1
        if accepted is not None:  # misread: the dealer says what the card really was
            reply = self.post("/api/hand/cards/replace", {"old": str(accepted),
                                                          "new": str(card),
                                                          "reason": "the camera misread it"})
            assert self.start_state is not None and self.mirror is not None
            self.mirror = replace_card(self.start_state, self.mirror, accepted, card)
            self._agree(reply)
            self._note_public()
        else:  # unreadable, two at once, or refused: entered by hand
            self._apply(CardDealt(card), self.post("/api/hand/cards", {"card": str(card)}))
        for irregularity in self.controller.get("/api/state/dealer")["irregularities"]:
            self.post(f"/api/irregularities/{irregularity['number']}/dismiss")

    # ------------------------------------------------------------ faults
    def _fault(self, kind: str) -> None:
        self.report.faults[kind] += 1
        getattr(self, f"_fault_{kind}")()

    def _later(self, steps: int, action: str) -> None:
        self.pending.append((self.step + steps, action))

    def _run_pending(self) -> None:
        due = [p for p in self.pending if p[0] <= self.step]
        self.pending = [p for p in self.pending if p[0] > self.step]
        for _, action in due:
            getattr(self, f"_end_{action}")()

    def _settle_pending(self) -> None:
        """The evening is over: end what is still running (the cable goes back first)."""
        while self.pending:
            self.pending.sort(key=lambda p: p[1] != "unplug")
            _, action = self.pending.pop(0)
            getattr(self, f"_end_{action}")()
            time.sleep(0.01)

    def _fault_display_unplug(self) -> None:
        self.emulator.unplug()
        self._later(self.rng.randint(10, 40), "unplug")

    def _end_unplug(self) -> None:
        self.emulator.replug()
        self._display_recovered("display_unplug")

    def _fault_display_reset(self) -> None:
        self.emulator.reset()
        self._end_reset()

    def _end_reset(self) -> None:
        if self._unplugged():  # reset while the cable is out: judged once it is back
            self._later(1, "reset")
            return
        self._display_recovered("display_reset")

    def _unplugged(self) -> bool:
        return any(action == "unplug" for _, action in self.pending)

    def _fault_serial_noise(self) -> None:
        self.emulator.flip_rate = 0.01  # 1% of the bytes each way have a bit flipped
        self._later(self.rng.randint(30, 90), "noise")

    def _end_noise(self) -> None:
        self.emulator.flip_rate = 0.0
        if self._unplugged():  # the cable is out: judged once it is back
            self._later(1, "noise")
            return
        self._display_recovered("serial_noise")

    def _display_recovered(self, kind: str, timeout: float = 15.0) -> None:
        """The dealer stops for a moment: the display must show the table exactly."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.display_differences():
                self.report.recoveries[kind] += 1
                return
            time.sleep(0.05)
        link = self.controller.get("/api/state/dealer")["display"]
        self.report.problems.append(f"{kind}: the display still differs after {timeout} s "
                                    f"(link {link}, tty {self.emulator.tty}): "
                                    f"{self.display_differences()[:6]}")

    def _fault_camera_lost(self) -> None:
        self.shoe.lose(self.config.camera_seconds)
        assert self.mirror is not None
        if expected(self.mirror).kind == "card":  # lost while a card was passing
            deck = hand_deck(self.config.seed, self.session, self.hand_no,
                             self.mirror.game.deck is Deck.WITH_JOKER)
            card = next(c for c in deck if not self.mirror.seen >> c.index & 1)
            self.shoe.lost_until = 0.0
            self._deal(card, True, cut=0.5)
            self.shoe.lose(self.config.camera_seconds)
        self._later(1, "camera_check")

    def _end_camera_check(self) -> None:
        if self.shoe.lost:
            self._later(1, "camera_check")
            return
        self._force_vision = True  # the next card comes through the camera that came back

    def _fault_duplicate_request(self) -> None:
        """The dealer taps twice: the same request twice, at once."""
        assert self.mirror is not None
        if expected(self.mirror).kind == "card":
            deck = hand_deck(self.config.seed, self.session, self.hand_no,
                             self.mirror.game.deck is Deck.WITH_JOKER)
            card = next(c for c in deck if not self.mirror.seen >> c.index & 1)
            self._double_tap("/api/hand/cards", {"card": str(card)}, CardDealt(card))
        else:
            self._move(random_event(self.mirror, self.bots), twice=True)

    def _double_tap(self, path: str, body: dict[str, Any], event: Any) -> None:
        answers: list[Any] = [None, None]

        def tap(i: int) -> None:
            answers[i] = self.controller.fire(path, body)

        taps = [threading.Thread(target=tap, args=(i,)) for i in (0, 1)]
        for t in taps:
            t.start()
        for t in taps:
            t.join()
        self.report.requests += 2
        codes = sorted(a.status_code for a in answers if a is not None)
        ok = [a for a in answers if a is not None and a.status_code == 200]
        if codes != [200, 409] or len(ok) != 1:
            self.report.problems.append(f"a double tap of {path} {body} answered {codes}")
            return
        refused = next(a for a in answers if a.status_code == 409)
        self.report.refused[refused.json()["error"]["code"]] += 1
        self._apply(event, ok[0].json())
        self.report.recoveries["duplicate_request"] += 1

    def _fault_out_of_order_request(self) -> None:
        """A request for a later step arrives first: refused, and nothing changes."""
        assert self.mirror is not None
        before = self.controller.get("/api/state")["version"]
        need = expected(self.mirror)
        if need.kind == "card":
            others = [p.seat for p in self.mirror.players if p.live]
            path, body = "/api/hand/actions", {"seat": others[0], "action": "check"}
        else:
            path, body = "/api/hand/cards", {"card": self._unseen_card()}
            if need.kind == "action":
                wrong = [p.seat for p in self.mirror.players if p.live and p.seat != need.seat]
                if wrong:
                    path, body = "/api/hand/actions", {"seat": wrong[0], "action": "fold"}
        try:
            self.post(path, body)
        except Refused as refused:
            self.report.refused[refused.code] += 1
            after = self.controller.get("/api/state")["version"]
            if after == before:
                self.report.recoveries["out_of_order_request"] += 1
            else:
                self.report.problems.append(f"a refused {path} changed the table")
            return
        self.report.problems.append(f"an out-of-order {path} {body} was accepted")
        raise AssertionError(f"an out-of-order {path} {body} was accepted")

    def _unseen_card(self) -> str:
        assert self.mirror is not None
        deck = hand_deck(self.config.seed, self.session, self.hand_no)
        return str(next(c for c in deck if not self.mirror.seen >> c.index & 1))

    def _fault_stalled_websocket(self) -> None:
        path = f"/ws/dealer?token={self.controller.token}"
        self.stalled = StalledSocket(self.controller.port, path)
        self._later(self.rng.randint(150, 400), "stall")

    def _end_stall(self) -> None:
        if self.stalled is None:  # the controller was killed meanwhile: nothing to read
            self.report.recoveries["stalled_websocket"] += 1
            return
        outcome = self.stalled.catch_up(self.version)
        self.stalled.close()
        self.stalled = None
        if outcome == "stuck":
            self.report.problems.append("the stalled WebSocket never caught up")
        else:
            self.report.recoveries["stalled_websocket"] += 1

    def _fault_controller_kill(self) -> None:
        """SIGKILL, half the time with a request in flight; start again on the log."""
        before = self._picture()
        live = self.mirror is not None and self.mirror.result is None
        events_before = len(self.mirror.log) if self.mirror is not None else 0
        in_flight = self.rng.random() < self.config.kill_in_flight and live
        if in_flight:
            assert self.mirror is not None
            if expected(self.mirror).kind == "card":
                path, body = "/api/shoe", {"card": self._unseen_card()}
            else:
                event = random_event(self.mirror, self.bots)
                path = "/api/hand/turn" if isinstance(event, BoardTurn) else "/api/hand/actions"
                body = {"slot": event.slot} if isinstance(event, BoardTurn) \
                    else event_to_dict(event)
            threading.Thread(target=self.controller.fire, args=(path, body),
                             daemon=True).start()
            time.sleep(self.rng.uniform(0.0, 0.01))
        self._drop_clients()
        self.controller.kill()
        self.report.rss_samples.append(self._live_rss)
        self._live_rss = []
        self.controller.start()
        self._connect_clients()
        table = self.replay()
        after = self._picture()
        mine = {"seats": dealer_view(table)["seats"], "hand": dealer_view(table)["hand"]}
        if after != mine:
            self.report.problems.append(f"hand {self.hand_no}: after a restart the "
                                        "controller's table differs from the log's replay: "
                                        f"{_first_difference(after, mine)}")
        if table.state is not None:  # the hand goes on (or ended with the event in flight)
            self.mirror, self.start_state = table.state, table.start
        elif live:
            self.mirror = self._replayed_hand(self.hand_no)  # the event in flight ended it
        events_after = len(self.mirror.log) if self.mirror is not None else 0
        # the picture is the last acknowledged one; with a request in flight, it may also
        # be exactly one event on (the request was logged before the kill)
        one_on = in_flight and events_after == events_before + 1
        if after == before or one_on:
            self.report.recoveries["controller_kill"] += 1
        else:
            self.report.problems.append(f"hand {self.hand_no}: after a SIGKILL the table "
                                        f"has {events_after} events, {events_before} were "
                                        "acknowledged")
        if self.mirror is not None:
            self._note_public()
        self.seats = {s.seat: (s.name, s.stack) for s in table.seats.values()}
        self.version = int(self.controller.get("/api/state")["version"])
        self.shoe.reader = self.shoe.make_reader()

    def _picture(self) -> dict[str, Any]:
        view = self.controller.get("/api/state/dealer")
        return {"seats": view["seats"], "hand": view["hand"]}

    # ------------------------------------------------------------ the log's view
    def replay(self) -> Table:
        """A table rebuilt from the hand log alone (as a restarted controller does)."""
        table = Table(open_store(self.db))
        session = latest_open_session(table)
        assert session == self.session, (session, self.session)
        resume_session(table, session)
        table.store.close()
        return table

    def display_differences(self) -> list[str]:
        """Where the emulated LED chips differ from the table's picture (from the log)."""
        table = self.replay()
        picture = render(display_state(table), Layout(sum(CHAINS), LAMPS))
        shown = self.emulator.module_patterns()
        lamps = self.emulator.lamps()
        out = []
        for command in picture.values():
            if isinstance(command, SetText):
                want = segments.render(command.text, 8)
                blinking = picture.get(("blink", command.module))
                blinks = isinstance(blinking, Blink) and blinking.period_ms > 0
                got = shown[command.module]
                if got != want and not (blinks and got == bytes(8)):
                    out.append(f"module {command.module} shows {got.hex()} not "
                               f"{command.text!r}")
            elif isinstance(command, SetLamp):
                rgb = (command.red, command.green, command.blue)
                if lamps[command.lamp] != rgb and not (command.blink and lamps[command.lamp]
                                                       == (0, 0, 0)):
                    out.append(f"lamp {command.lamp} is {lamps[command.lamp]}")
        return out

    # ------------------------------------------------------------ the end
    def finish(self) -> None:
        """The evening's checks (each failure is a problem in the report):

        * every hand in the log ended (a result, or voided by a misdeal), and its net
          chips sum to zero;
        * the log replayed by the engine gives each hand's recorded result, and the
          table rebuilt from the log has the stacks the live controller shows;
        * chips are conserved: the stacks are the buy-ins plus rebuys;
        * the LED display shows the final table exactly;
        * the controller's memory did not keep growing (see :meth:`memory_growth`).
        """
        self._check_log()
        table = self.replay()
        live = self.controller.get("/api/state/dealer")
        if live["seats"] != dealer_view(table)["seats"]:
            self.report.problems.append(f"replayed stacks {dealer_view(table)['seats']} "
                                        f"differ from the live table's {live['seats']}")
        mine = {s: st for s, (_, st) in self.seats.items()}
        if {s.seat: s.stack for s in table.seats.values()} != mine:
            self.report.problems.append("the log's stacks differ from the bots' own count")
        self._display_recovered("final")
        self.report.recoveries.pop("final", None)
        self._sample_memory()
        self.report.rss_samples.append(self._live_rss)
        self.report.public_messages = self.watch.messages
        self.report.phone_messages = self.phone_watch.messages
        self.report.harness_peak_kb = rss_kb(os.getpid())[1]
        growth = self.memory_growth()
        if growth is not None:
            self.report.problems.append(growth)

    def _check_log(self) -> None:
        store = open_store(self.db)
        try:
            events = store.events(self.session)
            self.report.events = len(events)
            bought = sum(int(e.payload["chips"]) for e in events
                         if e.kind in (Kind.BUY_IN, Kind.REBUY))
            cashed = sum(int(e.payload["chips"]) for e in events if e.kind == Kind.CASH_OUT)
            for hand in hand_logs(store, self.session):
                self._check_hand(hand)
        finally:
            store.close()
        stacks = sum(st for _, st in self.seats.values())
        if stacks != bought - cashed:
            self.report.problems.append(f"chips: {stacks} in stacks, {bought - cashed} "
                                        "bought in")

    def _replayed_hand(self, number: int) -> HandState:
        """Hand ``number`` as the log has it (its start, then its events)."""
        with open_store(self.db) as store:
            events = store.events(self.session, number)
        start = next(e for e in events if e.kind == Kind.HAND_START)
        return _fold_hand(HandStart.from_payload(start.payload),
                          [e for e in events if e is not start])

    def _check_hand(self, hand: Any) -> None:

        if not hand.complete:
            self.report.problems.append(f"hand {hand.hand} never ended")
            return
        end = HandEnd.from_payload(hand.end.payload)
        if sum(end.net.values()) != 0:
            self.report.problems.append(f"hand {hand.hand}: net chips {end.net} do not add up")
        hs = HandStart.from_payload(hand.start.payload)
        state = _fold_hand(hs, hand.body)
        net = {p.seat: p.stack - hs.stacks[p.seat] for p in state.players}
        if state.result is None or net != end.net:
            self.report.problems.append(f"hand {hand.hand}: the replay gives {net}, the log "
                                        f"recorded {end.net}")

    def memory_growth(self) -> str | None:
        """The longest controller life's resident memory, early against late: it may
        settle (caches, the first hands of each game) but must not keep climbing."""
        life = max(self.report.rss_samples, key=len, default=[])
        if len(life) < 20:
            return None
        quarter = len(life) // 4
        early = max(life[quarter:2 * quarter])
        late = max(life[-quarter:])
        if late > early * 1.25 + 30_000:
            return f"controller memory grew from {early} kB to {late} kB"
        return None


def _fold_hand(hs: HandStart, body: Any) -> HandState:
    """A hand replayed by the engine from its ``hand_start`` and logged events."""
    state = first = new_hand(hs.variant, [(s, hs.players[s], hs.stacks[s])
                                          for s in sorted(hs.players)], hs.dealer,
                             hs.options or None)
    for e in body:
        if e.kind == "engine":
            state = apply(state, event_from_dict(e.payload))
        elif e.kind == "replace":
            state = replace_card(first, state, Card(e.payload["old"]), Card(e.payload["new"]))
    return state


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, for a readable report."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path}: live {str(a)[:120]} / replay {str(b)[:120]}"
