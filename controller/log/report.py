"""The ledger as people read it: results, bank check and settle-up as text and CSV.

>>> from decimal import Decimal
>>> from controller.log.ledger import BUY_IN, CASH_OUT, Ledger, LedgerEntry
>>> from controller.log.session import SessionInfo
>>> info = SessionInfo("fri", "Friday game", Decimal("0.25"), "1/2", "EUR")
>>> E = LedgerEntry
>>> led = Ledger.from_entries([E("Anna", BUY_IN, 100), E("Ben", BUY_IN, 100),
...                            E("Anna", CASH_OUT, 160), E("Ben", CASH_OUT, 40)])
>>> print(ledger_text(info, led))
Friday game (session fri), stakes 1/2, 1 chip = 0.25 EUR
player  bought  rebuys  cashed out  net chips   net money
Anna       100       0         160        +60  +15.00 EUR
Ben        100       0          40        -60  -15.00 EUR
bank balances: 200 chips sold, 200 paid back
settle up (1 transfer):
  Ben pays Anna 15.00 EUR (60 chips)
>>> print(transfers_csv(info, led), end="")
payer,payee,chips,money,currency
Ben,Anna,60,15.00,EUR
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from controller.log.ledger import Ledger
from controller.log.session import SessionInfo
from controller.log.settle import Transfer, settle

__all__ = ["ledger_dict", "ledger_text", "results_csv", "transfers_csv"]


def _money(info: SessionInfo, chips: int, sign: bool = False) -> str:
    amount = info.money(chips).quantize(Decimal("0.01"))
    text = f"{amount:+}" if sign else f"{amount}"
    return f"{text} {info.currency}".rstrip()


def _transfers(led: Ledger) -> list[Transfer]:
    bank = led.bank()
    return settle(led.nets()) if bank.balanced else []


def ledger_text(info: SessionInfo, led: Ledger) -> str:
    """Results per player, the bank check, and (once it balances) who pays whom."""
    unit = f", 1 chip = {info.chip_unit} {info.currency}".rstrip()
    stakes = f", stakes {info.stakes}" if info.stakes else ""
    rows = [("player", "bought", "rebuys", "cashed out", "net chips", "net money")]
    rows += [(r.player, str(r.bought), str(r.rebuys), str(r.cashed_out), f"{r.net:+d}",
              _money(info, r.net, sign=True)) for r in led.results()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [f"{info.table} (session {info.session}){stakes}{unit}"]
    lines += ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
              for row in rows]
    bank = led.bank()
    lines.append(bank.describe())
    if bank.balanced:
        transfers = _transfers(led)
        plural = "" if len(transfers) == 1 else "s"
        lines.append(f"settle up ({len(transfers)} transfer{plural}):")
        lines += [f"  {t.payer} pays {t.payee} {_money(info, t.chips)} ({t.chips} chips)"
                  for t in transfers]
    return "\n".join(lines)


def ledger_dict(info: SessionInfo, led: Ledger) -> dict[str, object]:
    """JSON form (for the CLI and the tablet)."""
    bank = led.bank()
    return {
        "session": info.session, "table": info.table, "chip_unit": str(info.chip_unit),
        "currency": info.currency, "stakes": info.stakes,
        "results": [{"player": r.player, "bought": r.bought, "rebuys": r.rebuys,
                     "cashed_out": r.cashed_out, "net": r.net,
                     "net_money": str(info.money(r.net)), "seated": r.seated}
                    for r in led.results()],
        "bank": {"balanced": bank.balanced, "chips_sold": bank.chips_sold,
                 "chips_paid": bank.chips_paid, "still_seated": list(bank.still_seated),
                 "message": bank.describe()},
        "transfers": [{"payer": t.payer, "payee": t.payee, "chips": t.chips,
                       "money": str(info.money(t.chips))} for t in _transfers(led)],
    }


def results_csv(info: SessionInfo, led: Ledger) -> str:
    """One row per player: chips bought, rebought, cashed out, net chips and money."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["session", "player", "bought", "rebuys", "cashed_out", "net_chips", "net_money",
                "currency"])
    for r in led.results():
        w.writerow([info.session, r.player, r.bought, r.rebuys, r.cashed_out, r.net,
                    f"{info.money(r.net).quantize(Decimal('0.01'))}", info.currency])
    return out.getvalue()


def transfers_csv(info: SessionInfo, led: Ledger) -> str:
    """One row per transfer of the settle-up (refused until the bank balances)."""
    led.check_bank()
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["payer", "payee", "chips", "money", "currency"])
    for t in _transfers(led):
        w.writerow([t.payer, t.payee, t.chips,
                    f"{info.money(t.chips).quantize(Decimal('0.01'))}", info.currency])
    return out.getvalue()
