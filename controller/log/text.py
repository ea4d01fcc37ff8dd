"""Export a :class:`HandRecord` as text in the PokerStars hand-history style.

Tracking tools import this layout for stud, razz and draw games: a header
line, the seats with their chips, antes, one ``*** 3rd STREET ***`` (or
``*** FIRST DRAW ***``, ``*** FLOP ***``...) block per street with
``Dealt to`` lines and actions (``brings in for``, ``completes it to``,
``bets``, ``calls``, ``raises X to Y``, ``checks``, ``folds``), the showdown
and a summary with the pot and what each seat collected.

>>> from controller.log.hand_record import *
>>> r = HandRecord(game="razz", seats=(SeatEntry(1, "Anna", 50), SeatEntry(2, "Ben", 50)),
...                ante=1, bring_in=1, small_bet=2, big_bet=4, final_stacks=(52, 48), hand=7,
...                streets=(Street("third", (Deal(1, ("As", "2c", "3d")),
...                                          Deal(2, ("4h", "5h", "Kc")),
...                                          Action(2, Verb.BRING_IN),
...                                          Action(1, Verb.BET_RAISE_TO, 2),
...                                          Action(2, Verb.FOLD))),))
>>> print(hand_text(r))
PokerStars Hand #7: Razz Limit (2/4)
Table 'pitboss' 2-max
Seat 1: Anna (50 in chips)
Seat 2: Ben (50 in chips)
Anna: posts the ante 1
Ben: posts the ante 1
*** 3rd STREET ***
Dealt to Anna [As 2c 3d]
Dealt to Ben [4h 5h Kc]
Ben: brings in for 1
Anna: completes it to 2
Ben: folds
Uncalled bet (1) returned to Anna
Anna collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: Anna collected (4)
Seat 2: Ben folded on the 3rd Street
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from controller.log.hand_record import Action, Deal, HandRecord, Verb

__all__ = ["GAME_NAMES", "hand_text"]

GAME_NAMES = {
    "seven-card-stud": "7 Card Stud Limit",
    "stud-hi-lo-8": "7 Card Stud Hi/Lo Limit",
    "razz": "Razz Limit",
    "five-card-draw": "5 Card Draw Limit",
    "limit-holdem": "Hold'em Limit",
    "no-limit-holdem": "Hold'em No Limit",
    "deuce-to-seven-triple-draw": "Triple Draw 2-7 Lowball Limit",
}
_STUD_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_BOARD_STREETS = ("HOLE CARDS", "FLOP", "TURN", "RIVER")


@dataclass
class _Pot:
    """Chips put in per seat, this street and in all, to word calls and raises."""

    street: dict[int, int] = field(default_factory=dict)
    total: dict[int, int] = field(default_factory=dict)
    last_raiser: int | None = None

    def put(self, seat: int, to: int) -> int:
        added = to - self.street.get(seat, 0)
        self.street[seat] = to
        self.total[seat] = self.total.get(seat, 0) + added
        return added

    @property
    def high(self) -> int:
        return max(self.street.values(), default=0)

    def new_street(self) -> None:
        self.street, self.last_raiser = {}, None


def hand_text(record: HandRecord) -> str:
    """The hand in PokerStars hand-history style."""
    names = {s.seat: s.player for s in record.seats}
    pot = _Pot()
    lines = _header(record)
    for s in record.seats:
        if record.ante:
            pot.total[s.seat] = record.ante
            lines.append(f"{s.player}: posts the ante {record.ante}")
    folded: dict[int, str] = {}
    for i, street in enumerate(record.streets):
        title = _street_title(record, i, street.name)
        lines.append(f"*** {title} ***")
        pot.new_street()
        if i == 0:
            lines.extend(_post_blinds(record, pot))
        for step in street.steps:
            lines.extend(_step_lines(record, step, names, pot, folded, title))
    lines.extend(_showdown_and_summary(record, names, pot, folded))
    return "\n".join(lines)


def _header(record: HandRecord) -> list[str]:
    game = GAME_NAMES.get(record.game, f"{record.game} (house game)")
    limits = (f" ({record.small_bet}/{record.big_bet})"
              if record.small_bet is not None and record.big_bet is not None else "")
    when = ""
    if record.time:
        t = datetime.fromisoformat(record.time)
        when = f" - {t:%Y/%m/%d %H:%M:%S} {t.tzname() or ''}".rstrip()
    return [f"PokerStars Hand #{record.hand or 0}: {game}{limits}{when}",
            f"Table '{record.table or 'pitboss'}' {len(record.seats)}-max",
            *(f"Seat {s.seat}: {s.player} ({s.stack} in chips)" for s in record.seats)]


def _street_title(record: HandRecord, i: int, name: str) -> str:
    if record.bring_in is not None and i < len(_STUD_STREETS):
        return _STUD_STREETS[i]
    has_board = any(isinstance(x, Deal) and x.seat is None for x in record.steps())
    if has_board and i < len(_BOARD_STREETS):
        return _BOARD_STREETS[i]
    return name.upper()


def _post_blinds(record: HandRecord, pot: _Pot) -> list[str]:
    words = ("small blind", "big blind")
    lines = []
    for i, (s, chips) in enumerate(zip(record.seats, record.blinds, strict=False)):
        if chips:
            pot.put(s.seat, chips)
            lines.append(f"{s.player}: posts {words[i] if i < 2 else 'straddle'} {chips}")
    return lines


def _step_lines(record: HandRecord, step: Deal | Action, names: dict[int, str], pot: _Pot,
                folded: dict[int, str], title: str) -> list[str]:
    if isinstance(step, Deal):
        new = " ".join(step.cards)
        if step.seat is None:
            return [f"Board [{new}]"]
        return [f"Dealt to {names[step.seat]} [{new}]"]
    return [_action_line(record, step, names[step.seat], pot, folded, title)]


def _action_line(record: HandRecord, a: Action, name: str, pot: _Pot, folded: dict[int, str],
                 title: str) -> str:
    if a.verb is Verb.FOLD:
        folded[a.seat] = title.replace("STREET", "Street") if "STREET" in title \
            else title.capitalize()
        return f"{name}: folds"
    if a.verb is Verb.BRING_IN:
        pot.put(a.seat, record.bring_in or 0)
        return f"{name}: brings in for {record.bring_in}"
    if a.verb is Verb.CHECK_CALL:
        owed = pot.high - pot.street.get(a.seat, 0)
        pot.put(a.seat, pot.high)
        return f"{name}: calls {owed}" if owed else f"{name}: checks"
    if a.verb is Verb.BET_RAISE_TO:
        return _bet_line(record, a, name, pot)
    if a.verb is Verb.DISCARD:
        return f"{name}: discards {len(a.cards)} cards" if a.cards else f"{name}: stands pat"
    return f"{name}: shows [{' '.join(a.cards)}]" if a.cards else f"{name}: mucks hand"


def _bet_line(record: HandRecord, a: Action, name: str, pot: _Pot) -> str:
    high, to = pot.high, a.amount or 0
    brought_in = record.bring_in is not None and high == record.bring_in and pot.last_raiser is None
    pot.put(a.seat, to)
    pot.last_raiser = a.seat
    if high == 0:
        return f"{name}: bets {to}"
    if brought_in:
        return f"{name}: completes it to {to}"
    return f"{name}: raises {to - high} to {to}"


def _showdown_and_summary(record: HandRecord, names: dict[int, str], pot: _Pot,
                          folded: dict[int, str]) -> list[str]:
    lines: list[str] = []
    uncalled = _uncalled(pot)
    if uncalled:
        seat, chips = uncalled
        pot.total[seat] -= chips
        lines.append(f"Uncalled bet ({chips}) returned to {names[seat]}")
    shown = {a.seat: a.cards for a in record.showdown}
    if record.showdown:
        lines.append("*** SHOW DOWN ***")
        lines.extend(_action_line(record, a, names[a.seat], pot, folded, "")
                     for a in record.showdown)
    collected = _collected(record, pot)
    lines.extend(f"{names[s]} collected {c} from pot" for s, c in collected.items() if c > 0)
    total = sum(pot.total.values())
    lines += ["*** SUMMARY ***", f"Total pot {total} | Rake 0"]
    for s in record.seats:
        outcome = _summary(s.seat, shown, folded, collected, record.final_stacks is not None)
        lines.append(f"Seat {s.seat}: {s.player} {outcome}".rstrip())
    return lines


def _uncalled(pot: _Pot) -> tuple[int, int] | None:
    """The part of the last bet nobody matched (it goes back to the bettor)."""
    if len(pot.street) < 1:
        return None
    ordered = sorted(pot.street.items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ordered[0]
    second = ordered[1][1] if len(ordered) > 1 else 0
    return (top_seat, top - second) if top > second else None


def _collected(record: HandRecord, pot: _Pot) -> dict[int, int]:
    if record.final_stacks is None:
        return {}
    return {s.seat: final - s.stack + pot.total.get(s.seat, 0)
            for s, final in zip(record.seats, record.final_stacks, strict=True)}


def _summary(seat: int, shown: dict[int, tuple[str, ...]], folded: dict[int, str],
             collected: dict[int, int], known: bool) -> str:
    won = collected.get(seat, 0)
    if seat in folded:
        return f"folded on the {folded[seat]}" + (f" and collected ({won})" if won > 0 else "")
    if shown.get(seat):
        cards = " ".join(shown[seat])
        return f"showed [{cards}] and " + (f"won ({won})" if won > 0 else "lost")
    if not known:
        return ""  # no final stacks in the record: say nothing rather than guess
    return f"collected ({won})" if won > 0 else "mucked"
