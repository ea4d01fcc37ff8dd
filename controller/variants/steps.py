"""The named building blocks a game definition is made of (DESIGN.md "Variants are data").

A game is a tuple of steps run in order by the engine; each step type is a
frozen dataclass, so a new house game is a new *definition*, and new
behaviour is a new *step type*, never a per-game subclass.

>>> Deal("up")
Deal(face='up', burn=True, when='')
>>> Bet("small", first=FirstToAct.BRING_IN_LOW).first.value
'bring-in-low'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "Arrange",
    "Bet",
    "Coins",
    "Deal",
    "Decide",
    "Declare",
    "Draw",
    "Exchange",
    "Expose",
    "FirstToAct",
    "Guts",
    "Layout",
    "Market",
    "NoPeek",
    "Pass",
    "Push",
    "Repeat",
    "Reveal",
    "Roll",
    "Step",
    "Turn",
    "Unseen",
]


class FirstToAct(Enum):
    """Who opens a betting round (seed 003 "Order of Betting", seed 000 section 02)."""

    LEFT_OF_DEALER = "left-of-dealer"
    LEFT_OF_BIG_BLIND = "left-of-big-blind"
    HIGH_EXPOSED = "high-exposed"  # highest exposed hand (pairs count, straights don't)
    LOW_EXPOSED = "low-exposed"  # lowest exposed hand (razz 4th street on)
    BRING_IN_LOW = "bring-in-low"  # lowest up card brings in (seed 003)
    BRING_IN_HIGH = "bring-in-high"  # highest up card brings in (razz)


@dataclass(frozen=True, slots=True)
class Deal:
    """One card to every live player, singly clockwise from the dealer's left.

    ``face`` is ``"down"`` or ``"up"``. ``burn`` says the dealer burns a card
    before this round *when the hand's ``burns`` option is on* (seed 003
    "Running Out of Cards"); rounds inside the first deal set it False.
    """

    face: str
    burn: bool = True
    when: str = ""  # an option that must be on for this step to run ("" = always)


@dataclass(frozen=True, slots=True)
class Bet:
    """A betting round. ``size`` is ``"small"`` or ``"big"`` (fixed-limit increment,
    or the minimum bet under pot limit); ``big_on_pair`` lets anyone bet or raise
    the big bet when a pair is showing, as an option (seed 003 "Size of Bets")."""

    size: str = "small"
    first: FirstToAct = FirstToAct.HIGH_EXPOSED
    big_on_pair: bool = False
    when: str = ""


@dataclass(frozen=True, slots=True)
class Draw:
    """Each active player in turn discards 0..limit cards and gets as many down
    (seed 002). The limit is the hand's ``draw_limit`` option, announced before
    the deal: ``3``, ``"4-ace"`` (four when keeping an ace) or ``5``."""

    when: str = ""


@dataclass(frozen=True, slots=True)
class Exchange:
    """English Stud (seed 003): each player in turn from the dealer's left may
    exchange one card, down for down or up for up, or stand pat. ``cost`` is
    ``"none"`` or ``"bet"`` (the minimum bet at that point, paid to the pot, not
    a bet); the hand's ``exchange_cost`` option overrides it."""

    cost: str = "none"
    when: str = ""
    price: int = 0  # a fixed price in chips (seed 004 5-4 Buy 2: 50c, then $1)


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare high, low or both after the last betting round (seed 003 "With
    Declare"): ``mode`` ``"sequential"`` (around the table from the dealer's left)
    or ``"simultaneous"`` (hidden until everyone has declared)."""

    mode: str = "simultaneous"
    when: str = ""


@dataclass(frozen=True, slots=True)
class Layout:
    """Cards dealt to named board slots (seed 004: rows, arms, columns, piles, a
    cross, a grid), one per slot in order, ``face`` down (turned later by
    :class:`Turn`) or up. The shoe reads every card, so the engine knows a face-down
    slot's card; the views never show it until it is turned.

    >>> Layout(("r4.1", "r4.2"), "down").slots
    ('r4.1', 'r4.2')
    """

    slots: tuple[str, ...]
    face: str = "down"
    when: str = ""


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn board cards face up: ``slots`` at once (the book names them: 42nd
    Street's "first card in the row of four"), then ``choose`` times one slot of
    ``among`` that the dealer names (3-30's "any one of the center cards");
    ``discard_matches``: every player then throws away the cards of the turned
    card's rank (3-30 step 3)."""

    slots: tuple[str, ...] = ()
    among: tuple[str, ...] = ()
    choose: int = 0
    discard_matches: bool = False
    when: str = ""


@dataclass(frozen=True, slots=True)
class Expose:
    """Every live player turns one down card of their choice face up (seed 004 Molly
    and Highest Flush: "When the dealer calls 'turn' each player turns a card of their
    choice face up"); players may answer in any order."""

    when: str = ""


@dataclass(frozen=True, slots=True)
class Push:
    """A round of Push 'Em (seed 004 steps 2-5): from the dealer's left each player is
    offered an up card (the one the player before pushed, else the next from the deck)
    and keeps it or pushes it on for a ``penalty`` (the hand's ``push_penalty`` option
    overrides it), then gets the next card from the deck; the dealer's push is buried."""

    penalty: int = 25
    when: str = ""


@dataclass(frozen=True, slots=True)
class Pass:
    """Every live player passes ``count`` down cards to the player on their left, all
    at once once everyone has chosen (seed 004 Pass 'Em step 3, Garbage Pie step 7)."""

    count: int = 1
    when: str = ""


@dataclass(frozen=True, slots=True)
class Unseen:
    """A card face down to every live player that its owner may NOT look at (seed 004
    Garbage Pie step 11); :class:`Reveal` turns it up."""

    when: str = ""


@dataclass(frozen=True, slots=True)
class Reveal:
    """Every player turns up their unseen card (seed 004 Garbage Pie step 13)."""

    when: str = ""


@dataclass(frozen=True, slots=True)
class Decide:
    """Every player says at once whether they play or drop (fold) their hand; with fewer
    players in than the hand's ``min_play`` option the deal is void and redealt (seed
    004 Pass 'Em steps 1 and 4)."""

    when: str = ""


@dataclass(frozen=True, slots=True)
class Arrange:
    """Each player discards ``discard`` down cards and stacks the rest in the order they
    will be rolled, first card on top (seed 004 Pass 'Em step 5)."""

    discard: int = 2
    when: str = ""


@dataclass(frozen=True, slots=True)
class Roll:
    """Each player rolls (turns up) the top card of their arranged stack (Pass 'Em 6)."""

    when: str = ""


@dataclass(frozen=True, slots=True)
class Market:
    """Buy Happiness (seed 004 step 4): three cards lie face up beside the deck; each
    player in turn buys one (``prices`` from the card next to the deck outwards: 75c,
    50c, 25c) or takes the next card from the deck free ("blind"); the chosen card goes
    up in front of the player and a bought card is replaced face up from the deck."""

    prices: tuple[int, ...] = (75, 50, 25)
    when: str = ""


@dataclass(frozen=True, slots=True)
class Coins:
    """7-27 step 3: each player without three coins in front of them, in turn, takes an
    up card (and removes their coins) or adds one to three coins. ``rotate``: the first
    to choose moves one seat left each round (the book's variant 2); otherwise the
    dealer's left always chooses first (variant 1)."""

    limit: int = 3
    rotate: bool = False
    when: str = ""


@dataclass(frozen=True, slots=True)
class Repeat:
    """Go back to step ``to`` (an index into the game's steps) while any live player has
    fewer than three coins (7-27 step 5: "Repeat steps 3 and 4 until all players have
    three coins in front of them")."""

    to: int
    when: str = ""


@dataclass(frozen=True, slots=True)
class Guts:
    """Guts (seed 004): at "Drop" every player at once holds or drops. One holder takes
    the pot and the game ends; otherwise the best holder takes the pot and the losing
    holders together match it (each at most the hand's ``guts_cap``), or with nobody
    holding the best two cards match it alone; then the cards are redealt (back to step
    ``redeal``)."""

    redeal: int = 0
    when: str = ""


@dataclass(frozen=True, slots=True)
class NoPeek:
    """No Peek's turning (seed 004 No Peek Sequential steps 2-7, No Peek Follow The Bitch
    steps 2-8): after the card to beat is dealt face up, the player on the dealer's left
    turns his face-down cards one at a time until his hand beats it; then each next
    player turns until he has the highest hand showing or runs out, a betting round
    after every turn. A game lists the step twice around that betting round,
    ``NoPeek(), Bet(...), NoPeek()``: the second is where each turn comes back round.
    ``may_hold``: the last player with face-down cards may keep them face down (Follow
    the Queen step 8). ``suicide_king``: the king of hearts turned up kills the hand and
    it is redealt to the players still in, ``"always"`` or ``"unless-black-queens"``
    (not once both black queens are up: the Don Imus Kills Himself version).

    >>> NoPeek(may_hold=True).suicide_king
    ''
    """

    may_hold: bool = False
    suicide_king: str = ""
    when: str = ""


Step = (Deal | Bet | Draw | Exchange | Declare | Layout | Turn | Expose | Push | Pass | Unseen
        | Reveal | Decide | Arrange | Roll | Market | Coins | Repeat | Guts | NoPeek)
