"""Fast paths on card indexes: table lookups instead of trying every five cards.

The odds engine calls these plain functions millions of times; the rankings'
``evaluate`` uses them too and then builds a :class:`HandValue` from the result.

Each card has one integer key, and a hand's key is the **sum** of its cards'
keys (cards are distinct, so sums never carry between fields)::

    bits  0..15   four 4-bit suit counters (clubs lowest)
    bits 16..67   four 13-bit masks of the ranks held in each suit
    bits 68..     sum of 5**(rank-2): the rank multiset (at most 4 of a rank)

Adding 3 to every suit counter sets bit 3 of a counter exactly when that suit
holds five or more cards, so one add and one mask detect a flush. The rank
multiset indexes a lazily filled table of the best non-flush hand; a suit's
13-bit mask indexes a table of the best flush / straight flush. The joker's
key is 0; bug tables are keyed by the natural cards alone.

Return values: ``eval_high*`` and ``eval_bug*`` give a *strength*, 1..7462 for
the standard hand classes (7462 is a royal flush) and 7463 for five aces;
:func:`high_key` turns it back into the key ``(category, r1..r5)``.
``eval_low_a5*`` give a packed low key (bigger is the better low; see
:func:`unpack`).

>>> from controller.cards import parse_cards
>>> idx = lambda text: [c.index for c in parse_cards(text)]
>>> high_key(eval_high7(idx("Ah Kh Qh Jh Th 2c 3d")))
(8, 14, 13, 12, 11, 10)
>>> eval_high7(idx("Ah Kh Qh Jh Th 2c 3d")), FIVE_ACES
(7462, 7463)
>>> high_key(eval_bug7(idx("9c 9h 5c 5d Kd 3h Jk")))
(2, 9, 9, 5, 5, 14)
>>> unpack(eval_low_a5_7(idx("8h 6c 4d 3s Ah Kc Kd")))
(9, 7, 9, 11, 12, 14)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement

from controller.hands.core import ACE_FIVE, HIGH, classify, low_key

__all__ = [
    "CARD_KEY",
    "HIGH_KEYS",
    "eval_bug",
    "eval_bug7",
    "eval_high",
    "eval_high7",
    "eval_low_a5",
    "eval_low_a5_7",
    "high_key",
    "high_strength",
    "pack",
    "unpack",
]

RANK_SHIFT = 68
SUIT_MASK_SHIFT = 16
FIVE_PLUS = 0x3333  # added to the suit counters: bit 3 set <=> five or more of a suit
FOUR_PLUS = 0x4444
COUNTER_TOP = 0x8888

Key = tuple[int, ...]


def _card_key(index: int) -> int:
    if index == 52:
        return 0
    rank, suit = divmod(index, 4)
    suited_rank = 1 << (SUIT_MASK_SHIFT + 13 * suit + rank)
    return (int(5**rank) << RANK_SHIFT) | suited_rank | (1 << 4 * suit)


CARD_KEY: list[int] = [_card_key(i) for i in range(53)]
_SUIT_OF_TOP = {8 << 4 * s: SUIT_MASK_SHIFT + 13 * s for s in range(4)}

# ---------------------------------------------------------------- hand classes


def _all_high_keys() -> list[Key]:
    """Every distinct five-card high value, weakest first (7462 + five aces)."""
    keys: set[Key] = set()
    suits = [0, 1, 2, 3, 0]
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            cat, ordered, _ = classify(list(zip(ranks, suits, strict=True)), HIGH)
            keys.add((cat, *ordered))
    for ranks in combinations(range(2, 15), 5):
        cat, ordered, _ = classify([(r, 0) for r in ranks], HIGH)
        keys.add((cat, *ordered))
    keys.add((9, 14, 14, 14, 14, 14))
    return [(-1,), *sorted(keys)]  # strength 0 is "no hand"


HIGH_KEYS: list[Key] = _all_high_keys()
_STRENGTH: dict[Key, int] = {k: i for i, k in enumerate(HIGH_KEYS)}
FIVE_ACES = _STRENGTH[(9, 14, 14, 14, 14, 14)]


def high_key(strength: int) -> Key:
    """The key ``(category, r1..r5)`` of a strength."""
    return HIGH_KEYS[strength]


def high_strength(key: Key) -> int:
    """The strength of a standard high key (inverse of :func:`high_key`)."""
    return _STRENGTH[key]


# ---------------------------------------------------------------- rank multisets


def counts_of(rank_key: int) -> list[int]:
    """Counts per rank (index 2..14) from a sum of ``5**(rank-2)``."""
    counts = [0, 0]
    for _ in range(13):
        rank_key, c = divmod(rank_key, 5)
        counts.append(c)
    return counts


def _straight_top(present: set[int]) -> int:
    for top in range(14, 5, -1):
        if all(top - i in present for i in range(5)):
            return top
    return 5 if {14, 2, 3, 4, 5} <= present else 0


def _straight_key(top: int) -> Key:
    return (4, 5, 4, 3, 2, 1) if top == 5 else (4, *range(top, top - 5, -1))


def best_plain_key(counts: list[int]) -> Key:
    """Best non-flush high key of a rank multiset of five or more cards."""
    if counts[14] >= 5:
        return (9, 14, 14, 14, 14, 14)
    present = [r for r in range(14, 1, -1) if counts[r]]
    quads = [r for r in present if counts[r] >= 4]
    if quads:
        q = quads[0]
        return (7, q, q, q, q, next(r for r in present if r != q))
    trips = [r for r in present if counts[r] >= 3]
    pairs = [r for r in present if counts[r] >= 2]
    if trips:
        t = trips[0]
        p = next((r for r in pairs if r != t), 0)
        if p:
            return (6, t, t, t, p, p)
    top = _straight_top(set(present))
    if top:
        return _straight_key(top)
    if trips:
        return (3, t, t, t, *[r for r in present if r != t][:2])
    if len(pairs) >= 2:
        a, b = pairs[:2]
        return (2, a, a, b, b, next(r for r in present if r not in (a, b)))
    if pairs:
        p = pairs[0]
        return (1, p, p, *[r for r in present if r != p][:3])
    return (0, *present[:5])


def best_bug_key(counts: list[int]) -> Key:
    """Best non-flush key of natural cards plus the bug (an ace or a straight's gap)."""
    with_ace = counts.copy()
    with_ace[14] += 1
    best = best_plain_key(with_ace)
    present = {r for r in range(2, 15) if counts[r]}
    for top in range(14, 4, -1):
        window = set(range(top - 4, top + 1)) if top > 5 else {14, 2, 3, 4, 5}
        if len(window - present) <= 1:
            return max(best, _straight_key(top))
    return best


class _Lazy(dict[int, int]):
    """A table filled on first use of each entry (the misses are few and cached)."""

    def __init__(self, compute: Callable[[int], int]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> int:
        value = self[key] = self.compute(key)
        return value


HIGH_NF = _Lazy(lambda rk: _STRENGTH[best_plain_key(counts_of(rk))])
BUG_NF = _Lazy(lambda rk: _STRENGTH[best_bug_key(counts_of(rk))])

# ---------------------------------------------------------------- suited masks


# (top rank, 13-bit window) from the royal down to the wheel A-2-3-4-5
_WINDOWS = [(top, 0x1F << (top - 6)) for top in range(14, 5, -1)] + [(5, 0x100F)]


def _top_five(mask: int) -> Key:
    return tuple(b + 2 for b in range(12, -1, -1) if mask >> b & 1)[:5]


def _flush_key(mask: int) -> Key:
    for top, window in _WINDOWS:
        if mask & window == window:
            return (8, *_straight_key(top)[1:])
    return (5, *_top_five(mask))


def _bug_flush_key(mask: int) -> Key:
    """The bug fills the gap of a straight flush, else is the highest card missing."""
    for top, window in _WINDOWS:
        if (mask & window).bit_count() >= 4:
            return (8, *_straight_key(top)[1:])
    gap = next(b for b in range(12, -1, -1) if not mask >> b & 1)
    return (5, *_top_five(mask | 1 << gap))


FLUSH_TOP: list[int] = [
    _STRENGTH[_flush_key(m)] if m.bit_count() >= 5 else 0 for m in range(8192)]
BUG_FLUSH_TOP: list[int] = [
    _STRENGTH[_bug_flush_key(m)] if 4 <= m.bit_count() <= 12 else 0 for m in range(8192)]

# ---------------------------------------------------------------- evaluators


def eval_high7(idx: Sequence[int], K: list[int] = CARD_KEY, T: _Lazy = HIGH_NF,
               F: list[int] = FLUSH_TOP, S: dict[int, int] = _SUIT_OF_TOP) -> int:
    """Strength of the best high hand of exactly seven card indexes (no joker)."""
    a, b, c, d, e, f, g = idx
    k = K[a] + K[b] + K[c] + K[d] + K[e] + K[f] + K[g]
    t = (k + FIVE_PLUS) & COUNTER_TOP
    if t:
        return F[(k >> S[t]) & 0x1FFF]
    return T[k >> RANK_SHIFT]


def _eval_keyed(idx: Sequence[int], no_flush: _Lazy, flush: list[int], plus: int) -> int:
    """Best of the rank-multiset value and every suit that reaches flush length
    (``plus`` makes a suit counter overflow at five cards, or four with the bug)."""
    k = 0
    for i in idx:
        k += CARD_KEY[i]
    v = no_flush[k >> RANK_SHIFT]
    t = (k + plus) & COUNTER_TOP
    if t:
        for top, shift in _SUIT_OF_TOP.items():
            if t & top:
                v = max(v, flush[(k >> shift) & 0x1FFF])
    return v


def eval_high(idx: Sequence[int]) -> int:
    """Strength of the best high hand of 5..10 card indexes (no joker)."""
    return _eval_keyed(idx, HIGH_NF, FLUSH_TOP, FIVE_PLUS)


def eval_bug7(idx: Sequence[int], K: list[int] = CARD_KEY, T: _Lazy = BUG_NF,
              F: list[int] = BUG_FLUSH_TOP, S: dict[int, int] = _SUIT_OF_TOP) -> int:
    """Strength of seven card indexes where 52 is the bug (seed 000 section 04)."""
    if 52 not in idx:
        return eval_high7(idx)
    a, b, c, d, e, f, g = idx
    k = K[a] + K[b] + K[c] + K[d] + K[e] + K[f] + K[g]
    t = (k + FOUR_PLUS) & COUNTER_TOP
    if t:  # six naturals hold at most one suit four times
        return max(T[k >> RANK_SHIFT], F[(k >> S[t]) & 0x1FFF])
    return T[k >> RANK_SHIFT]


def eval_bug(idx: Sequence[int]) -> int:
    """Strength of 5..10 card indexes where 52 (at most once) is the bug."""
    if 52 not in idx:
        return eval_high(idx)
    return _eval_keyed(idx, BUG_NF, BUG_FLUSH_TOP, FOUR_PLUS)


# ---------------------------------------------------------------- ace-to-five


def pack(key: Key) -> int:
    """A low key (six small ints) as one comparable int."""
    v = 0
    for part in key:
        v = v << 4 | part
    return v


def unpack(value: int) -> Key:
    """Inverse of :func:`pack` for six-part keys."""
    return tuple(value >> 4 * (5 - i) & 0xF for i in range(6))


def best_a5_key(counts: list[int], wilds: int = 0) -> Key:
    """Best ace-to-five low of a rank multiset (plus wild "fitters"), seed 003."""
    lows = [1 if r == 14 else r for r in range(2, 15) for _ in range(counts[r])]
    if wilds:
        free = sorted({1, *range(2, 14)} - set(lows))[:wilds]
        lows += free
    distinct = sorted(set(lows))
    if len(distinct) >= 5:
        return low_key(0, tuple(reversed(distinct[:5])))
    best: Key | None = None
    for five in set(combinations(sorted(lows), 5)):
        cat, ranks, _ = classify([(14 if r == 1 else r, 0) for r in five], ACE_FIVE)
        key = low_key(cat, ranks)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


LOW_A5 = _Lazy(lambda rk: pack(best_a5_key(counts_of(rk))))
LOW_A5_WILD = _Lazy(lambda rk: pack(best_a5_key(counts_of(rk), 1)))


def eval_low_a5_7(idx: Sequence[int], K: list[int] = CARD_KEY, T: _Lazy = LOW_A5) -> int:
    """Packed ace-to-five low of exactly seven card indexes (52, the joker, is a fitter)."""
    a, b, c, d, e, f, g = idx
    k = K[a] + K[b] + K[c] + K[d] + K[e] + K[f] + K[g]
    if 52 in idx:
        return LOW_A5_WILD[k >> RANK_SHIFT]
    return T[k >> RANK_SHIFT]


def eval_low_a5(idx: Sequence[int]) -> int:
    """Packed ace-to-five low of 5..10 card indexes (52, the joker, is a fitter)."""
    k = 0
    for i in idx:
        k += CARD_KEY[i]
    return (LOW_A5_WILD if 52 in idx else LOW_A5)[k >> RANK_SHIFT]


def warm(seven: bool = True) -> None:
    """Fill the seven-card high table now (benchmarks; the odds engine before a run)."""
    if not seven:
        return
    for ranks in combinations_with_replacement(range(13), 7):
        if max(ranks.count(r) for r in set(ranks)) <= 4:
            _ = HIGH_NF[sum(5**r for r in ranks)]
