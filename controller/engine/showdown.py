"""Who wins what: cards speak, pots split, declarations honoured.

* high only / low only; high-low split with the odd chip to high; eight or
  better, where high scoops when nobody has a qualifying low (seed 003);
* declare: the best "high" shares with the best "low"; a "both" player must
  win both ways outright or gets nothing (seed 003 "With Declare");
* ties split, the odd chip to the first tied winner clockwise after the
  dealer (seed 000 section 05);
* a pot is awarded without a showdown when one player remains, and then no
  down card is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.cards import Card, Rank
from controller.engine.firsts import clockwise
from controller.engine.layout import compose_best
from controller.engine.pots import build_pots, split
from controller.engine.state import HandState, Player, PotResult, Result, evolve, remake
from controller.engine.wilds import follow_rank, low_card_in_hole, molly_choices
from controller.hands.base import Ranking
from controller.hands.flush import straight_flush_length
from controller.hands.registry import get_ranking
from controller.hands.value import HandValue
from controller.hands.wild import WildSpec
from controller.variants.game import PotRule, WildRule

__all__ = ["award_uncontested", "return_chips", "showdown", "showdown_order"]

Key = tuple[int, ...]


def _wild_spec(rule: WildRule, down: Sequence[Card], state: HandState | None = None,
               hole_rank: Rank | None = None) -> WildSpec | None:
    if not rule.any:
        return None
    ranks = {Rank.from_char(ch) for ch in rule.ranks}
    extra: set[Card] = set()
    if state is not None and rule.follow:
        follow = follow_rank(state.exposed, rule.follow)
        if follow is not None:
            ranks.add(follow)
    if state is not None and rule.suit_of:
        single = low_card_in_hole(state, rule.suit_of)
        if single is not None:
            extra.add(single)
    if hole_rank is not None:
        ranks.add(hole_rank)
    elif rule.low_hole:
        # Seed 003 "Low Hole": the lowest concealed card's rank (ace high) is wild.
        hole = [c.rank for c in down if c.rank is not None]
        if hole:
            ranks.add(min(hole))
    cards = frozenset(Card(t) for t in rule.cards.split()) if rule.cards else frozenset()
    return WildSpec(jokers=False, ranks=frozenset(ranks), cards=cards | extra)


_RANKINGS: dict[str, Ranking] = {}


def ranking(name: str) -> Ranking:
    """The named ranking, built once (rankings are stateless). A suffix sets the
    ranking's option: ``"low-a5:4"`` is a four-card low (seed 004 5-4 Buy 2),
    ``"points-3-30:low"`` the low side of a points game."""
    found = _RANKINGS.get(name)
    if found is None:
        base, _, option = name.partition(":")
        if not option:
            found = get_ranking(base)
        elif option.isdigit():
            found = get_ranking(base, hand_size=int(option))
        else:
            found = get_ranking(base, side=option)
        _RANKINGS[name] = found
    return found


def _cards(state: HandState, i: int) -> list[Card]:
    p = state.players[i]
    common = [c for n, c in state.slots if n in state.turned]  # seed 004: Madonna's card
    return [*p.down, *p.up, *state.board, *state.table.centre, *common]


def _value(rank: Ranking, cards: list[Card], wild: WildSpec | None) -> HandValue | None:
    """The best hand of ``cards``, None when there are too few (a 3-30 hand may have
    discarded every card; a points ranking still counts nothing as 0)."""
    if len(cards) < rank.min_cards:
        if cards and rank.name in ("high", "high-wild"):  # seed 004 No Peek: dead cards
            from controller.engine.nopeek import short_high  # left a hand of 1-4 cards

            return short_high(cards, wild)
        return None
    return rank.evaluate(cards, wild=wild)


def _natural_sevens(state: HandState, i: int, wild: WildSpec | None) -> int:
    sevens = [c for c in _cards(state, i) if c.rank == Rank.SEVEN]
    return 1 if len([c for c in sevens if wild is None or not wild.is_wild(c)]) >= 2 else 0


def evaluate(state: HandState, i: int) -> tuple[HandValue | None, HandValue | None, Key, Key]:
    """(high value, low value, high key, low key) of player ``i``; keys: bigger is better."""
    spec = state.game.showdown
    down = state.players[i].down
    if not spec.wild.ace_choice:
        return _evaluate(state, i, _wild_spec(spec.wild, down, state))
    # Molly: each wild the player may choose is tried; the better high and low are kept.
    tries = [_evaluate(state, i, _wild_spec(spec.wild, down, state, r))
             for r in molly_choices(down)] or [_evaluate(state, i, None)]
    high = max(tries, key=lambda t: t[2])
    low = max(tries, key=lambda t: t[3])
    return high[0], low[1], high[2], low[3]


def _evaluate(state: HandState, i: int, wild: WildSpec | None,
              ) -> tuple[HandValue | None, HandValue | None, Key, Key]:
    spec = state.game.showdown
    if spec.compose:
        high = (compose_best(state, i, ranking(spec.high), spec.compose, wild)
                if spec.high else None)
        low = (compose_best(state, i, ranking(spec.low), spec.low_compose or spec.compose, wild)
               if spec.low else None)
    else:
        cards = _cards(state, i)
        high = _value(ranking(spec.high), cards, wild) if spec.high else None
        low = _value(ranking(spec.low), cards, wild) if spec.low else None
    high_key: Key = high.key if high is not None else ()
    if spec.top_hand == "natural-pair-7":
        high_key = (_natural_sevens(state, i, wild), *high_key)
    low_key: Key = low.key if low is not None and low.qualifies else ()
    return high, low, high_key, low_key


def _best(keys: dict[int, Key], among: Sequence[int]) -> list[int]:
    scored = [i for i in among if keys.get(i)]
    if not scored:
        return []
    top = max(keys[i] for i in scored)
    return [i for i in scored if keys[i] == top]


def _declare_winners(state: HandState, elig: Sequence[int], highs: dict[int, Key],
                     lows: dict[int, Key]) -> tuple[list[int], list[int]]:
    way = {i: state.players[i].declared for i in elig}
    high_side = [i for i in elig if way[i] in ("high", "both")]
    low_side = [i for i in elig if way[i] in ("low", "both")]
    best_high, best_low = _best(highs, high_side), _best(lows, low_side)
    for i in elig:
        if way[i] == "both" and best_high == [i] and best_low == [i]:
            return [i], []  # won both ways outright: scoops
    # Seed 003: a "both" player who loses or ties either way wins no part of the pot.
    high_only = [i for i in elig if way[i] == "high"]
    low_only = [i for i in elig if way[i] == "low"]
    if not high_only and not low_only:
        # Every claimant failed: nobody can be left without the chips, so the
        # cards speak among the eligible players (a documented house ruling).
        return _best(highs, elig), _best(lows, elig)
    return _best(highs, high_only), _best(lows, low_only)


def _pot_winners(state: HandState, elig: Sequence[int], highs: dict[int, Key],
                 lows: dict[int, Key]) -> tuple[list[int], list[int]]:
    rule = state.game.showdown.pot
    if rule is PotRule.HIGH:
        return _best(highs, elig), []
    if rule is PotRule.LOW:
        return [], _best(lows, elig)
    if rule is PotRule.DECLARE:
        high, low = _declare_winners(state, elig, highs, lows)
        if not high and not low:
            # Every claim failed (seed 004 Omaha: no qualifying low and nobody went
            # high): the pot cannot stay on the table, so the best high hand takes it.
            return _best(highs, elig) or [], _best(lows, elig) if not highs else []
        return high, low
    return _best(highs, elig), _best(lows, elig)


def _odd_chip_order(state: HandState, winners: list[int],
                    played: dict[int, tuple[Card, ...]]) -> list[int]:
    """Tied winners in the order odd chips go: clockwise after the dealer (seed 000),
    or by the highest card as played, suits breaking ties (``odd_chip = "suit"``)."""
    dealer, n = state.table.dealer, len(state.players)
    if state.game.odd_chip == "suit":
        return sorted(winners, key=lambda i: (-max((c.index for c in played.get(i, ())),
                                                   default=0), (i - dealer - 1) % n))
    return sorted(winners, key=lambda i: (i - dealer - 1) % n)


def _share_pot(state: HandState, amount: int, high: list[int], low: list[int],
               played: tuple[dict[int, tuple[Card, ...]], dict[int, tuple[Card, ...]]],
               ) -> list[tuple[int, int]]:
    dealer, n = state.table.dealer, len(state.players)
    high = _odd_chip_order(state, high, played[0])
    low = _odd_chip_order(state, low, played[1])
    if high and low:
        low_half = amount // 2  # the odd chip goes to high
        return (split(amount - low_half, high, dealer, n, ranked=True)
                + split(low_half, low, dealer, n, ranked=True))
    return split(amount, high or low, dealer, n, ranked=True)


def showdown_order(state: HandState) -> tuple[int, ...]:
    """Seed 002: the last player to bet or raise shows first; if everyone checked,
    the opener (who made the hand's first bet), else the first to act in the last
    round; then clockwise (seat numbers)."""
    first = state.aggressor
    if first < 0:
        first = state.opener if state.opener >= 0 else state.last_opener
    if first < 0 or not state.players[first].live:
        first = next(i for i in clockwise(state, state.table.dealer + 1)
                     if state.players[i].live)
    return tuple(state.players[i].seat for i in clockwise(state, first)
                 if state.players[i].live)


def _pay(state: HandState, shares: dict[int, int], result: Result) -> HandState:
    players = []
    for i, p in enumerate(state.players):
        d = p.__dict__.copy()
        d["stack"] = p.stack + shares.get(i, 0)
        d["bet"], d["acted"] = 0, -1
        players.append(remake(Player, d))
    return evolve(state, players=tuple(players), result=result, betting=None, queue=(), turn=())


def _payouts(state: HandState, shares: dict[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple((state.players[i].seat, c) for i, c in sorted(shares.items()) if c)


def showdown(state: HandState) -> HandState:
    """Evaluate every live hand and pay every pot."""
    live = [i for i, p in enumerate(state.players) if p.live]
    highs: dict[int, Key] = {}
    lows: dict[int, Key] = {}
    hands: list[tuple[int, str, str]] = []
    played: tuple[dict[int, tuple[Card, ...]], dict[int, tuple[Card, ...]]] = ({}, {})
    values: dict[tuple[int, str], HandValue] = {}
    for i in live:
        high, low, highs[i], lows[i] = evaluate(state, i)  # the values too, for the log
        seat = state.players[i].seat
        if high is not None:
            values[i, "high"] = high
        if low is not None:
            values[i, "low"] = low
        if low is not None:
            played[1][i] = low.cards
        if high is not None:
            played[0][i] = high.cards
            hands.append((seat, "high", high.describe()))
        if low is not None:
            hands.append((seat, "low", low.describe() if low.qualifies else "no qualifying low"))
    if state.game.showdown.top_hand == "straight-flush-near-longest":
        _straight_flush_exception(state, highs)
    shares: dict[int, int] = {}
    pots = []
    seat_of = [p.seat for p in state.players]
    for amount, elig in build_pots([p.committed for p in state.players],
                                   [p.live for p in state.players],
                                   [p.all_in for p in state.players]):
        high_won, low_won = _pot_winners(state, elig, highs, lows)
        pot_shares = _share_pot(state, amount, high_won, low_won, played)
        for i, chips in pot_shares:
            shares[i] = shares.get(i, 0) + chips
        pots.append(PotResult(amount, tuple(seat_of[i] for i in elig),
                              tuple((seat_of[i], c) for i, c in pot_shares),
                              tuple(seat_of[i] for i in high_won),
                              tuple(seat_of[i] for i in low_won)))
    bonuses = _bonuses(state, pots, values)
    result = Result("showdown", tuple(pots), _payouts(state, shares), tuple(hands),
                    showdown_order(state), bonuses)
    state = _pay(state, shares, result)
    return _pay_bonuses(state, bonuses) if bonuses else state


def showdown_keys(state: HandState, live: Sequence[int]
                  ) -> tuple[dict[int, Key], dict[int, Key]]:
    """Each of the ``live`` players' (by index) high and low showdown keys, compared as
    the showdown compares them (greater wins; games whose top hand depends on the
    other hands, seed 004 Highest Flush, already ruled on). The odds price hands by
    these keys without paying any pot."""
    highs: dict[int, Key] = {}
    lows: dict[int, Key] = {}
    for i in live:
        _, _, highs[i], lows[i] = evaluate(state, i)
    if state.game.showdown.top_hand == "straight-flush-near-longest":
        _straight_flush_exception(state, highs)
    return highs, lows


def _straight_flush_exception(state: HandState, highs: dict[int, Key]) -> None:
    """Seed 004 Highest Flush showdown 3: "If a player has a straight flush that is
    equal in size or one less than the size of the Longest Flush then they are the
    winner" (the longer straight flush first)."""
    longest = max((k[0] for k in highs.values() if k), default=0)
    for i, key in highs.items():
        run = straight_flush_length(_cards(state, i))
        won = run and run >= longest - 1
        highs[i] = (1, run, *key) if won else (0, 0, *key)


def _bonuses(state: HandState, pots: list[PotResult],
             values: dict[tuple[int, str], HandValue]) -> tuple[tuple[int, int, int], ...]:
    """Seed 004 "Royal Flush Payout": each other player pays the ``bonus`` to a winner
    whose winning hand is a royal or straight flush ("natural": no wild card in it)."""
    amount, kind = state.rules.bonus, state.game.bonus
    if not kind or not amount:
        return ()
    paid: list[int] = []
    for pot in pots:
        for way, seats in (("high", pot.high), ("low", pot.low)):
            for seat in seats:
                value = values.get((state.index_of(seat), way))
                if value is None or value.category != "straight flush" or seat in paid:
                    continue
                if kind == "natural" and value.substitutes:
                    continue
                paid.append(seat)
    out: list[tuple[int, int, int]] = []
    stacks = {p.seat: p.stack + sum(c for s, c in _shares_of(pots) if s == p.seat)
              for p in state.players}
    for winner in paid:
        for p in state.players:
            if p.seat != winner:
                chips = min(amount, stacks[p.seat])
                if chips:
                    stacks[p.seat] -= chips
                    stacks[winner] += chips
                    out.append((p.seat, winner, chips))
    return tuple(out)


def _shares_of(pots: list[PotResult]) -> list[tuple[int, int]]:
    return [share for pot in pots for share in pot.shares]


def _pay_bonuses(state: HandState, bonuses: tuple[tuple[int, int, int], ...]) -> HandState:
    delta: dict[int, int] = {}
    for payer, winner, chips in bonuses:
        delta[payer] = delta.get(payer, 0) - chips
        delta[winner] = delta.get(winner, 0) + chips
    players = tuple(evolve(p, stack=p.stack + delta.get(p.seat, 0)) for p in state.players)
    return evolve(state, players=players)


def award_uncontested(state: HandState) -> HandState:
    """One player remains: they take every pot, and nobody's down cards are shown."""
    winner = next(i for i, p in enumerate(state.players) if p.live)
    total = sum(p.committed for p in state.players)
    seat = state.players[winner].seat
    pot = PotResult(total, (seat,), ((seat, total),), (seat,))
    return _pay(state, {winner: total}, Result("uncontested", (pot,), ((seat, total),)))


def return_chips(state: HandState, reason: str) -> HandState:
    """Misdeal (or no opener): the hand is void and every chip goes back to its owner."""
    shares = {i: p.committed for i, p in enumerate(state.players)}
    return _pay(state, shares, Result(reason, (), _payouts(state, shares)))
