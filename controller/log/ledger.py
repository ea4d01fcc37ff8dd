"""The evening's money: buy-ins, rebuys and cash-outs per player, the bank check.

Ledger entries are events of the session's own stream (hand 0): kinds
``buy_in``, ``rebuy`` and ``cash_out`` with payload ``{"player", "chips"}``.
Amounts are whole chips; the session's chip unit turns them into money.

* A player's **result** is chips cashed out minus chips bought (buy-ins and
  rebuys).
* The **bank check** balances when every player who bought chips has cashed
  out and the chips cashed out equal the chips sold. A session cannot close
  until it does (``bank_unbalanced``).
* The bank never pays out more chips than it sold (``bad_ledger_entry``).

>>> led = Ledger.from_entries([LedgerEntry("Anna", BUY_IN, 100), LedgerEntry("Ben", BUY_IN, 100),
...                            LedgerEntry("Ben", REBUY, 50), LedgerEntry("Anna", CASH_OUT, 180),
...                            LedgerEntry("Ben", CASH_OUT, 70)])
>>> [(r.player, r.net) for r in led.results()]
[('Anna', 80), ('Ben', -80)]
>>> led.bank().balanced
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from controller.log.errors import LogError
from controller.log.events import Kind, LogEvent
from controller.log.players import canonical_player

__all__ = ["BUY_IN", "CASH_OUT", "REBUY", "BankCheck", "Ledger", "LedgerEntry", "PlayerResult"]

BUY_IN, REBUY, CASH_OUT = Kind.BUY_IN, Kind.REBUY, Kind.CASH_OUT


@dataclass(frozen=True)
class LedgerEntry:
    """One movement of chips between the bank and a player."""

    player: str
    kind: str
    chips: int

    def __post_init__(self) -> None:
        if self.kind not in Kind.LEDGER:
            raise LogError("bad_ledger_entry", f"unknown ledger entry {self.kind!r}: use "
                           "buy_in, rebuy or cash_out")
        if not " ".join(str(self.player).split()):
            raise LogError("bad_ledger_entry", "a ledger entry needs the player's name")
        if isinstance(self.chips, bool) or not isinstance(self.chips, int) or self.chips < 0:
            raise LogError("bad_ledger_entry", f"{self.kind.replace('_', '-')} of "
                           f"{self.player}: chips must be a whole number, 0 or more, "
                           f"not {self.chips!r}")
        if self.kind != CASH_OUT and self.chips == 0:
            raise LogError("bad_ledger_entry", f"a {self.kind.replace('_', '-')} of 0 chips "
                           f"for {self.player} buys nothing")

    def payload(self) -> dict[str, object]:
        """The event payload this entry is stored as."""
        return {"player": self.player, "chips": self.chips}

    @classmethod
    def from_event(cls, event: LogEvent) -> LedgerEntry:
        """Read a ``buy_in``/``rebuy``/``cash_out`` event back."""
        return cls(str(event.payload.get("player", "")), event.kind,
                   event.payload.get("chips"))  # type: ignore[arg-type]


@dataclass(frozen=True)
class PlayerResult:
    """One player's evening: chips bought, chips cashed out, and the difference."""

    player: str
    bought: int
    rebuys: int
    cashed_out: int
    seated: bool
    """True while the player holds chips not yet cashed out."""

    @property
    def net(self) -> int:
        """Chips won (positive) or lost (negative)."""
        return self.cashed_out - self.bought - self.rebuys


@dataclass(frozen=True)
class BankCheck:
    """Chips sold against chips paid back, and who still holds chips."""

    chips_sold: int
    chips_paid: int
    still_seated: tuple[str, ...]

    @property
    def balanced(self) -> bool:
        """True when the bank is square and nobody holds chips."""
        return self.chips_sold == self.chips_paid and not self.still_seated

    def describe(self) -> str:
        """One sentence for the dealer."""
        if self.balanced:
            return f"bank balances: {self.chips_sold} chips sold, {self.chips_paid} paid back"
        parts = [f"{self.chips_sold} chips sold but {self.chips_paid} paid back"]
        if self.still_seated:
            parts.append("not cashed out yet: " + ", ".join(self.still_seated))
        return "bank does not balance: " + "; ".join(parts)


@dataclass(frozen=True)
class Ledger:
    """A session's ledger entries, with players merged through their aliases."""

    entries: tuple[LedgerEntry, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_entries(cls, entries: Iterable[LedgerEntry],
                     aliases: Mapping[str, str] | None = None) -> Ledger:
        """Build and validate (the bank never pays more than it sold)."""
        ledger = cls(tuple(entries), dict(aliases or {}))
        ledger._validate()
        return ledger

    @classmethod
    def from_events(cls, events: Iterable[LogEvent],
                    aliases: Mapping[str, str] | None = None) -> Ledger:
        """The ledger of a session from its events (other kinds are skipped)."""
        return cls.from_entries((LedgerEntry.from_event(e) for e in events
                                 if e.kind in Kind.LEDGER), aliases)

    def with_entry(self, entry: LedgerEntry) -> Ledger:
        """This ledger plus one entry, validated; raises and changes nothing if refused."""
        return Ledger.from_entries((*self.entries, entry), self.aliases)

    def player(self, name: str) -> str:
        """The canonical name a spelling resolves to."""
        return canonical_player(name, self.aliases)

    def results(self) -> list[PlayerResult]:
        """Per player (canonical names, alphabetical): bought, rebuys, cashed out, net."""
        totals: dict[str, list[int]] = {}
        holding: dict[str, bool] = {}
        for e in self.entries:
            who = self.player(e.player)
            t = totals.setdefault(who, [0, 0, 0])
            t[(BUY_IN, REBUY, CASH_OUT).index(e.kind)] += e.chips
            holding[who] = e.kind != CASH_OUT
        return [PlayerResult(p, t[0], t[1], t[2], seated=holding[p]) for p, t in
                sorted(totals.items(), key=lambda kv: kv[0].casefold())]

    def bank(self) -> BankCheck:
        """The bank check."""
        results = self.results()
        return BankCheck(sum(r.bought + r.rebuys for r in results),
                         sum(r.cashed_out for r in results),
                         tuple(r.player for r in results if r.seated))

    def check_bank(self) -> BankCheck:
        """The bank check, raising ``bank_unbalanced`` when it does not balance."""
        bank = self.bank()
        if not bank.balanced:
            raise LogError("bank_unbalanced", bank.describe() + "; the session stays open")
        return bank

    def nets(self) -> dict[str, int]:
        """``{player: net chips}`` for the settle-up."""
        return {r.player: r.net for r in self.results()}

    def _validate(self) -> None:
        sold = paid = 0
        bought: set[str] = set()
        for e in self.entries:
            who = self.player(e.player)
            if e.kind == CASH_OUT:
                _check_cash_out(e, who, bought, sold - paid)
                paid += e.chips
            else:
                if e.kind == REBUY and who not in bought:
                    raise LogError("bad_ledger_entry", f"{who} has not bought in yet; "
                                   "record a buy-in first, not a rebuy")
                bought.add(who)
                sold += e.chips


def _check_cash_out(e: LedgerEntry, who: str, bought: set[str], in_play: int) -> None:
    if who not in bought:
        raise LogError("bad_ledger_entry", f"{who} never bought in, so cannot cash out")
    if e.chips > in_play:
        raise LogError("bad_ledger_entry", f"{who} cannot cash out {e.chips} chips: only "
                       f"{in_play} chips are out of the bank")

