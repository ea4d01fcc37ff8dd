"""The dealer's-choice book of seed 004: every game, each a declarative definition.

House betting (every entry's "The Betting"): a 25c bet, and 50c once the
entry's trigger holds (``big_when``: a pair in one player's up cards, a pair
anywhere on the board, a number of board turns, a named slot turned...).
Chips are cents. The book names no ante; the house default here is 25c (an
option). Where the entry pays the royal/straight flush bonus, each other
player pays the ``bonus`` option (default $1) to the winner. Where the book's
name is crude the display name is clean and the original is an alias.

>>> find = {g.id: g for g in HOUSE_GAMES}
>>> find["forty-second-street"].name, find["forty-second-street"].players
('42nd Street', '2-8')
>>> find["the-l-game"].aliases
('fucked-up-l', 'l-game')
>>> find["the-english-patient"].playable
False
"""

from __future__ import annotations

from controller.variants.game import GameDef, PotRule, ShowdownSpec, Take, Use, WildRule
from controller.variants.steps import (
    Arrange,
    Bet,
    Coins,
    Deal,
    Decide,
    Declare,
    Exchange,
    Expose,
    FirstToAct,
    Guts,
    Layout,
    Market,
    NoPeek,
    Pass,
    Push,
    Repeat,
    Reveal,
    Roll,
    Step,
    Turn,
    Unseen,
)

__all__ = ["HOUSE_GAMES"]

SRC = "004"
HOUSE = {"ante": 25, "small_bet": 25, "big_bet": 50}
BONUS = {**HOUSE, "bonus": 100}

LEFT = Bet("small", FirstToAct.LEFT_OF_DEALER)  # nothing showing yet: dealer's left opens
HIGH = Bet("small", FirstToAct.HIGH_EXPOSED)  # up cards showing: the best of them opens
DOWN = Deal("down", burn=False)
UP = Deal("up", burn=False)
DECLARE = Declare("simultaneous")
DECLARE_SHOWDOWN = ShowdownSpec(pot=PotRule.DECLARE, high="high", low="low-a5")


def _game(gid: str, name: str, steps: tuple[Step, ...], **kw: object) -> GameDef:
    kw.setdefault("defaults", HOUSE)
    return GameDef(id=gid, name=name, source=SRC, steps=steps, **kw)  # type: ignore[arg-type]


def _later(gid: str, name: str, why: str, **kw: object) -> GameDef:
    """A game of the book whose definition is not finished: listed, cannot be dealt."""
    return _game(gid, name, (), playable=False, note=f"not yet playable: {why}", **kw)


def _blind(gid: str, name: str, steps: tuple[Step, ...], **kw: object) -> GameDef:
    """A No Peek game: "Players may NOT look at their cards" (seed 004), so not even
    a player's own phone shows his face-down cards."""
    return _game(gid, name, steps, no_peek=True, **kw)


def _stud(final_down: bool = True) -> tuple[Step, ...]:
    """The book's "Stud": two down and one up, bet; up, bet (x3); down, bet."""
    return (DOWN, DOWN, UP, HIGH, UP, HIGH, UP, HIGH, UP, HIGH,
            *((DOWN, HIGH) if final_down else ()))


def _names(prefix: str, n: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{k}" for k in range(1, n + 1))


def _with_hand(k: int, source: str, m: int) -> Use:
    return (Take("hand", k, k), Take(source, m, m))


# ------------------------------------------------------------------ stud family

HOUSE_STUD = _game(
    "house-stud", "Stud (house book)", _stud(), aliases=("stud-004", "book-stud"),
    big_when=("pair-hand",), bonus="win", defaults=BONUS, max_players=7,
    note="Seven card stud, highest hand wins; 50c once a pair shows in one hand.")

DECLARE_STUD = _game(
    "stud-declare-house", "Seven Card Declare", (*_stud(), DECLARE), aliases=("pussy",),
    showdown=DECLARE_SHOWDOWN, big_when=("pair-hand",), bonus="win", defaults=BONUS,
    max_players=7, note='The book\'s "Pussy": stud, declare high, low or both.')

COMMON_DECLARE = _game(
    "common-card-declare", "Common Card Declare",
    (DOWN, DOWN, UP, HIGH, UP, HIGH, Layout(("common",), "up"), HIGH, UP, HIGH, DOWN, HIGH,
     DECLARE),
    aliases=("common-pussy", "madonna"), showdown=DECLARE_SHOWDOWN, big_when=("pair-hand",),
    bonus="win", defaults=BONUS, max_players=8,
    note="The book's Common Pussy (Madonna): the third up card is one common card.")

# ------------------------------------------------------------------ exchanges

_FIVE_UP = (DOWN, UP, HIGH, UP, HIGH, UP, HIGH, DOWN, HIGH)

FIVE_FOUR_BUY_TWO = _game(
    "five-four-buy-two", "5-4 Buy 2",
    (*_FIVE_UP, Exchange(price=50), HIGH, Exchange(price=100), HIGH, DECLARE),
    aliases=("5-4-buy-2", "54b2"),
    showdown=ShowdownSpec(pot=PotRule.DECLARE, high="high", low="low-a5:4"),
    big_when=("pair-hand",), bonus="win", defaults=BONUS, max_players=7,
    note="Exchange one card for 50c, then for $1; the best four-card low wins low.")

FIVE_FIVE_BUY_ONE = _game(
    "five-five-buy-one", "5-5 Buy 1", (*_FIVE_UP, Exchange(price=100), HIGH, DECLARE),
    aliases=("5-5-buy-1", "55b1"), showdown=DECLARE_SHOWDOWN, big_when=("pair-hand",),
    bonus="win", defaults=BONUS, note="Exchange one card for $1; five-card high and low.")

ACEY_DEUCEY = _game(
    "acey-deucey", "Acey Deucey",
    (DOWN, UP, HIGH, Exchange(), HIGH, Exchange(), HIGH, Exchange(), HIGH, DECLARE),
    aliases=("acey-deucy",),
    showdown=ShowdownSpec(pot=PotRule.DECLARE, high="high-pairs", low="low-a5:2"),
    big_when=("always",),
    note="Two cards; replace one three times; pairs or high cards (no straights, flushes).")

# ------------------------------------------------------------------ boards

_FOUR, _TWO = _names("r4.", 4), _names("r2.", 2)
_42_STEPS: tuple[Step, ...] = (
    DOWN, DOWN, DOWN, Layout(_FOUR + _TWO), LEFT,
    Turn(("r4.1",)), LEFT, Turn(("r4.2",)), LEFT, Turn(("r2.1",)), LEFT,
    Turn(("r4.3",)), LEFT, Turn(("r4.4",)), LEFT, Turn(("r2.2",)), LEFT)
_42_COMPOSE = ((Take("hand", 2, 2), Take(" ".join(_FOUR), 2, 2), Take(" ".join(_TWO), 1, 1)),)

FORTY_SECOND_STREET = _game(
    "forty-second-street", "42nd Street", (*_42_STEPS, DECLARE),
    aliases=("42nd-street", "42nd"),
    showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5", compose=_42_COMPOSE),
    big_when=("pair-board", "slot:r4.4"), bonus="win", defaults=BONUS,
    note="Two from the hand, two from the row of four, one from the row of two.")

FORTY_SECOND_STREET_EXTRA = _game(
    "forty-second-street-extra", "42nd Street, extra card", (*_42_STEPS, DOWN, LEFT, DECLARE),
    aliases=("42nd-street-extra",),
    showdown=FORTY_SECOND_STREET.showdown, big_when=FORTY_SECOND_STREET.big_when,
    bonus="win", defaults=BONUS,
    note="The book's variant: an extra card to each player after the rows are turned.")

_EIGHT = _names("b", 8)
_ADJACENT = tuple(" ".join(_EIGHT[k:k + 3]) for k in range(6))
ROW_OF_EIGHT = _game(
    "row-of-eight", "Row of Eight",
    (DOWN, DOWN, DOWN, Layout(_EIGHT), LEFT,
     *(s for k in (1, 5, 3, 7, 2, 6, 4, 8) for s in (Turn((f"b{k}",)), LEFT)),
     DOWN, LEFT, DECLARE),
    aliases=("butthole",),
    showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5",
                          compose=tuple(_with_hand(2, adj, 3) for adj in _ADJACENT)),
    big_when=("pair-board",), bonus="win", defaults=BONUS,
    note="The book's Butthole: two from the hand and three adjacent board cards.")

_OUTER = ("top", "left", "right", "bottom")
_CROSS_STEPS: tuple[Step, ...] = (
    DOWN, UP, Layout((*_OUTER, "centre")), HIGH,
    Turn(among=_OUTER, choose=1), HIGH, Turn(among=_OUTER, choose=1), HIGH, UP, HIGH,
    Turn(among=_OUTER, choose=1), HIGH, Turn(among=_OUTER, choose=1), HIGH, DOWN, HIGH,
    Turn(("centre",)), HIGH, DECLARE)


def _cross(lines: tuple[str, ...]) -> ShowdownSpec:
    uses = tuple((Take("hand", 2, 4), Take(line, 1, 3)) for line in lines)
    return ShowdownSpec(PotRule.DECLARE, "high", "low-a5", compose=uses)


CROSS = _game(
    "cross", "Cross", _CROSS_STEPS, showdown=_cross(("top centre bottom", "left centre right")),
    big_when=("pair-hand",), bonus="win", defaults=BONUS,
    note="Up to three common cards in one straight line of the cross.")

CORNER = _game(
    "corner", "Corner", _CROSS_STEPS,
    showdown=_cross(("top left centre", "top right centre", "bottom left centre",
                     "bottom right centre")),
    big_when=("pair-hand",), bonus="win", defaults=BONUS,
    note="Cross, but the three common cards must not be in a straight line.")

_ARM_A, _ARM_B = _names("a", 4), _names("b", 4)
THE_L_GAME = _game(
    "the-l-game", "The L Game",
    (DOWN, DOWN, Layout((*_ARM_A, *_ARM_B, "corner")), LEFT,
     *(s for k in range(1, 5) for s in (Turn((f"a{k}", f"b{k}")), LEFT)),
     Turn(("corner",)), LEFT, DECLARE),
    aliases=("fucked-up-l", "l-game"),
    showdown=ShowdownSpec(
        PotRule.DECLARE, "high", "high",
        compose=((Take("hand", 0, 2), Take(" ".join((*_ARM_A, "corner")), 3, 5)),),
        low_compose=((Take("hand", 0, 2), Take(" ".join((*_ARM_B, "corner")), 3, 5)),)),
    big_when=("pair-board",), bonus="win", defaults=BONUS,
    note="Declare 'high' for the marked arm (a), 'low' for the other arm (b), or both.")


def _getz(piles: int, size: int, trigger: int, gid: str, name: str) -> GameDef:
    slots = tuple(f"p{p}.{k}" for p in range(1, piles + 1) for k in range(1, size + 1))
    turns: list[Step] = []
    for p in range(1, piles + 1):
        turns += [Turn(tuple(f"p{p}.{k}" for k in range(1, size + 1))), LEFT]
    uses: tuple[Use, ...] = ((Take("hand", 5, 5),), *(
        _with_hand(3, " ".join(f"p{p}.{k}" for k in range(1, size + 1)), 2)
        for p in range(1, piles + 1)))
    return _game(gid, name, (*(DOWN,) * 5, Layout(slots), LEFT, *turns, DECLARE),
                 showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5", compose=uses),
                 big_when=("pair-pile", f"turns:{trigger}"), bonus="win", defaults=BONUS,
                 note=f"{piles} piles of {size}: all five from the hand, or three and two "
                 "of one pile.")


JUDGE_GETZ = _getz(4, 2, 3, "judge-getz", "Judge Getz")
JUDGE_GETZ_MORE = _getz(5, 2, 4, "judge-getz-more", "Judge Getz More")
JUDGE_GETZ_EVEN_MORE = _getz(4, 3, 3, "judge-getz-even-more", "Judge Getz Even More")

_GRID = ("tl", "tc", "tr", "bl", "bc", "br")
_TOUCHING = ("tl tc", "tc tr", "bl bc", "bc br", "tl bl", "tc bc", "tr br")
TWO_TOUCH = _game(
    "two-touch", "Two Touch",
    (DOWN, DOWN, UP, Layout(_GRID), HIGH, Turn(("tl",)), HIGH, Turn(("tr",)), HIGH,
     Turn(("bc",)), HIGH, UP, HIGH, Turn(("bl",)), HIGH, Turn(("br",)), HIGH,
     Turn(("tc",)), HIGH, DOWN, HIGH, DECLARE),
    showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5", compose=(
        (Take("hand", 5, 5),), (Take("hand", 4, 4), Take("board", 1, 1)),
        *(_with_hand(3, pair, 2) for pair in _TOUCHING))),
    big_when=("pair-hand",), bonus="win", defaults=BONUS,
    note="Five from the hand, four and one table card, or three and two touching by an edge.")

_LEFT_COL, _RIGHT_COL = _names("L.", 5), _names("R.", 5)
RAILROAD = _game(
    "railroad", "Railroad",
    (*(DOWN,) * 4, Layout(_LEFT_COL + _RIGHT_COL), LEFT,
     *(s for k in range(1, 6) for s in (Turn((f"L.{k}", f"R.{k}")), LEFT)), DECLARE),
    showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5", compose=(
        (Take("hand", 0, 4), Take("red", 0, 5)), (Take("hand", 0, 4), Take("black", 0, 5)))),
    big_when=("pair-board",),
    note="The left column takes its first card's colour; only cards of their column's "
    "colour are active.")

_COMMON4 = _names("c", 4)
COLINOSCOPY = _game(
    "colinoscopy", "Colinoscopy",
    (DOWN, DOWN, UP, Layout(_COMMON4), HIGH, Turn(among=_COMMON4, choose=1), HIGH,
     Turn(among=_COMMON4, choose=1), HIGH, UP, HIGH, Turn(among=_COMMON4, choose=1), HIGH,
     Turn(among=_COMMON4, choose=1), HIGH, DOWN, HIGH, DECLARE),
    showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5",
                          compose=((Take("hand", 3, 5), Take("board", 0, 2)),)),
    big_when=("pair-hand",), bonus="win", defaults=BONUS,
    note="The five own cards and any two of the four common cards.")

_OMAHA_COMMON = ("c1", "c2", "c3")
OMAHA_DECLARE = _game(
    "omaha-declare", "Omaha (declare, 8 qualifier)",
    (DOWN, DOWN, Layout(_OMAHA_COMMON), LEFT, Turn(("c1",)), LEFT, Turn(("c2",)), LEFT,
     Turn(("c3",)), LEFT, DOWN, LEFT, DOWN, LEFT, Layout(("c4",), "up"), LEFT,
     Layout(("c5",), "up"), LEFT, DECLARE),
    aliases=("omaha-004", "book-omaha"),
    showdown=ShowdownSpec(PotRule.DECLARE, "high", "low-a5-8",
                          compose=(_with_hand(2, "board", 3),)),
    big_when=("pair-board", "down:3"), bonus="win", defaults=BONUS,
    note="Two from the hand and three common cards; a low must be eight or better.")

_CENTRE5 = _names("c", 5)
THREE_THIRTY = _game(
    "three-thirty", "3-30",
    (*(DOWN,) * 5, Layout(_CENTRE5), LEFT,
     *(s for _ in range(5) for s in (Turn(among=_CENTRE5, choose=1, discard_matches=True),
                                     LEFT)), DECLARE),
    aliases=("3-30", "330"),
    showdown=ShowdownSpec(PotRule.DECLARE, "points-3-30", "points-3-30:low",
                          compose=((Take("hand", 0, 52),),)),  # centre cards never count
    big_when=("pair-board", "turns:4"),
    note="Each turned centre card takes every matching card out of every hand; "
    "closest to 30 (high) or 3 (low).")

# ------------------------------------------------------------------ wilds from the deal

# The best five of the player's own cards (spelled out so that tools which cannot
# read a deal-time wild card, such as the odds engine, see a composition and refuse).
_OWN_FIVE = ((Take("hand", 5, 5),),)


def _wild_declare(wild: WildRule, low: str = "low-a5") -> ShowdownSpec:
    return ShowdownSpec(PotRule.DECLARE, "high-wild", low, wild, compose=_OWN_FIVE)


FOLLOW_THE_QUEEN = _game(
    "follow-the-queen", "Follow the Queen", (*_stud(), DECLARE),
    aliases=("follow-the-bitch", "ftb"), showdown=_wild_declare(WildRule(follow="queen")),
    big_when=("pair-hand",), max_players=7,
    note="The rank of the up card after the last queen is wild; a queen as the last up "
    "card leaves no wild card. The book names no royal flush payout.")

LOW_CARD_IN_THE_HOLE = _game(
    "low-card-in-the-hole", "Low Card in the Hole",
    (DOWN, DOWN, UP, Layout(("suit",), "up"), HIGH, UP, HIGH, UP, HIGH, UP, HIGH, DOWN, HIGH,
     DECLARE),
    showdown=_wild_declare(WildRule(suit_of="suit"), "low-27"), big_when=("pair-hand",),
    max_players=7,
    note="The centre card names a suit; the lowest hole card of that suit (deuce low, ace "
    "high) is the one wild card for everybody.")

_TURN_UP: tuple[Step, ...] = (
    DOWN, DOWN, DOWN, Expose(), HIGH, DOWN, Expose(), HIGH, DOWN, Expose(), HIGH,
    DOWN, Expose(), HIGH, DOWN, HIGH)

MOLLY = _game(
    "molly", "Molly", (*_TURN_UP, DECLARE),
    showdown=_wild_declare(WildRule(low_hole=True, ace_choice=True)), big_when=("pair-hand",),
    bonus="natural", defaults=BONUS, max_players=7,
    note="Players choose which card to turn up; the lowest hole card is wild for its "
    "owner (an ace in the hole may be the wild card instead).")

HIGHEST_FLUSH = _game(
    "highest-flush", "Highest Flush", _TURN_UP,
    showdown=ShowdownSpec(PotRule.HIGH, "longest-flush", compose=((Take("hand", 7, 7),),),
                          top_hand="straight-flush-near-longest"),
    big_when=("suit-pair",), max_players=7,
    note="The longest flush wins (a straight flush one card shorter beats it); players "
    "choose which card to turn up.")

NO_PEEK_SIMULTANEOUS = _blind(
    "no-peek-simultaneous", "No Peek Simultaneous",
    ((DOWN,) * 7 + tuple(s for _ in range(7) for s in (Expose(), HIGH))),
    showdown=ShowdownSpec(PotRule.SPLIT, "high", "low-a5"), big_when=("pair-hand",),
    bonus="win", defaults=BONUS, max_players=7,
    note="Seven cards nobody may look at; every round each player turns one; cards speak, "
    "high and low share.")

# No Peek Sequential and No Peek Follow The Bitch (seed 004 steps 1-7/8): seven cards
# nobody looks at, a card to beat face up, then each player turns until he has the
# highest hand showing, a betting round after every turn (controller/engine/nopeek.py).
_NO_PEEK_DEAL: tuple[Step, ...] = (*(DOWN,) * 7, Layout(("beat",), "up"))


def _no_peek(turning: NoPeek) -> tuple[Step, ...]:
    return (*_NO_PEEK_DEAL, turning, HIGH, turning)


NO_PEEK_SEQUENTIAL = _blind(
    "no-peek-sequential", "No Peek Sequential", _no_peek(NoPeek()),
    showdown=ShowdownSpec(PotRule.SPLIT, "high", "low-a5"), big_when=("pair-hand",),
    bonus="win", defaults=BONUS, max_players=7,
    note="Seven cards nobody may look at and a card to beat face up; each player in turn "
    "turns cards until his hand is the highest showing; the last player's cards play only "
    "if they could change the outcome; cards speak, high and low share.")


def _no_peek_queen(gid: str, name: str, follow: str, king: str, aliases: tuple[str, ...],
                   what: str) -> GameDef:
    return _blind(
        gid, name, (*_no_peek(NoPeek(may_hold=True, suicide_king=king)), DECLARE),
        aliases=aliases,
        showdown=ShowdownSpec(PotRule.DECLARE, "high-wild", "low-a5", WildRule(follow=follow)),
        big_when=("pair-hand",), bonus="natural", defaults=BONUS, max_players=7,
        note="No Peek Sequential with Follow the Queen's wild card (the card after the last "
        f"queen turned up; a queen cancels it); {what}; the last player may hold his cards; "
        "declare high, low or both.")


NO_PEEK_FOLLOW_THE_QUEEN = _no_peek_queen(
    "no-peek-follow-the-queen", "No Peek Follow the Queen", "queen", "",
    ("no-peek-follow-the-bitch",), "any queen moves the wild card")
NO_PEEK_FOLLOW_THE_QUEEN_BLACK = _no_peek_queen(
    "no-peek-follow-the-queen-black", "No Peek Follow the Queen, black queens only",
    "black-queen", "", ("don-imus-version",), "only black queens move the wild card")
NO_PEEK_SUICIDE_KING = _no_peek_queen(
    "no-peek-follow-the-queen-suicide-king", "No Peek Follow the Queen, suicide king",
    "queen", "always", ("suicide-king-version",),
    "the king of hearts turned up kills the hand: redealt to the players still in, pot kept")
NO_PEEK_BLACK_SUICIDE_KING = _no_peek_queen(
    "no-peek-follow-the-queen-black-suicide-king",
    "No Peek Follow the Queen, black queens and suicide king", "black-queen",
    "unless-black-queens", ("don-imus-kills-himself-version",),
    "only black queens move the wild card; the king of hearts turned up kills the hand "
    "unless both black queens are already up")

PUSH_EM = _game(
    "push-em", "Push 'Em",
    (DOWN, DOWN, Push(), HIGH, Push(), HIGH, Push(), HIGH, Push(), HIGH, DOWN, HIGH, DECLARE),
    showdown=DECLARE_SHOWDOWN, big_when=("pair-hand",), max_players=7,
    defaults={**HOUSE, "push_penalty": 25},
    note="Keep the offered up card or pay 25c (push_penalty) to push it on; the dealer's "
    "push is buried.")

GARBAGE_PIE = _game(
    "garbage-pie", "Garbage Pie",
    (DOWN, UP, HIGH, DOWN, HIGH, Push(), HIGH, DOWN, Pass(1), HIGH, UP, HIGH, Unseen(),
     DECLARE, HIGH, Reveal(), HIGH),
    showdown=_wild_declare(WildRule(follow="queen")), big_when=("pair-hand",),
    bonus="natural", defaults={**BONUS, "push_penalty": 25}, max_players=6,
    note="A round of Push 'Em, pass one of three down cards left, a Follow the Queen up "
    "card, then a down card nobody may look at; declare before the last two bets.")

PASS_EM = _game(
    "pass-em", "Pass 'Em",
    ((DOWN,) * 7 + (Pass(3), Decide(), Arrange(2))
     + tuple(s for _ in range(5) for s in (Roll(), HIGH))),
    aliases=("pass-em-004",), showdown=ShowdownSpec(PotRule.SPLIT, "high", "low-a5"),
    big_when=("pair-hand",), defaults={**HOUSE, "min_play": 2}, max_players=7,
    note="Pass three cards left, play or drop (fewer than min_play players in: redeal), "
    "keep five in rolling order, roll one a round; cards speak, high and low share.")

BUY_HAPPINESS = _game(
    "buy-happiness", "Buy Happiness",
    (DOWN, DOWN, LEFT, *(s for _ in range(4) for s in (Market(), HIGH)), DOWN, HIGH, DECLARE),
    showdown=DECLARE_SHOWDOWN, big_when=("pair-hand",), max_players=7,
    note="Buy one of three face-up cards (75c next to the deck, 50c, 25c) or take the next "
    "card blind for free, four times; no royal flush bonus.")

def _seven_27(gid: str, name: str, rotate: bool, aliases: tuple[str, ...]) -> GameDef:
    return _game(
        gid, name, (DOWN, UP, HIGH, Coins(rotate=rotate), HIGH, Repeat(3), DECLARE),
        aliases=aliases,
        showdown=ShowdownSpec(PotRule.DECLARE, "points-7-27", "points-7-27:low"),
        big_when=("up:5",),
        note="Take an up card (coins removed) or add one to three coins until everyone has "
        "three; closest to 27 (high) or 7 (low), face cards a half. "
        + ("The first to choose rotates left each round (variant 2)." if rotate else
           "The dealer's left chooses first every round (variant 1)."))


SEVEN_27 = _seven_27("seven-twenty-seven", "7-27", False, ("7-27", "727"))
SEVEN_27_ROTATING = _seven_27("seven-twenty-seven-rotating", "7-27, rotating first choice", True,
                              ("7-27-variant-2",))

GUTS = _game(
    "guts", "Guts", (DOWN, DOWN, Guts(redeal=0)),
    showdown=ShowdownSpec(PotRule.HIGH, "high-pairs"), defaults={**HOUSE, "guts_cap": 300},
    note="Two cards, hold or drop at once; one holder takes the pot, otherwise the losers "
    "match it (at most $3 each: guts_cap) and the cards are redealt.")

# ------------------------------------------------------------------ not yet

ENGLISH_PATIENT = _game("the-english-patient", "The English Patient", (), playable=False,
                        note="The book has no rules for it: \"Fortunately no-one remembers\".")

HOUSE_GAMES: list[GameDef] = [
    THREE_THIRTY, FIVE_FOUR_BUY_TWO, FIVE_FIVE_BUY_ONE, FORTY_SECOND_STREET,
    FORTY_SECOND_STREET_EXTRA,
    SEVEN_27, SEVEN_27_ROTATING,
    ACEY_DEUCEY, ROW_OF_EIGHT,
    BUY_HAPPINESS,
    COLINOSCOPY, CROSS, CORNER, ENGLISH_PATIENT, FOLLOW_THE_QUEEN, THE_L_GAME,
    GARBAGE_PIE,
    GUTS,
    HIGHEST_FLUSH, JUDGE_GETZ, JUDGE_GETZ_MORE, JUDGE_GETZ_EVEN_MORE, LOW_CARD_IN_THE_HOLE,
    MOLLY,
    NO_PEEK_SEQUENTIAL,
    NO_PEEK_SIMULTANEOUS,
    NO_PEEK_FOLLOW_THE_QUEEN, NO_PEEK_FOLLOW_THE_QUEEN_BLACK, NO_PEEK_SUICIDE_KING,
    NO_PEEK_BLACK_SUICIDE_KING,
    OMAHA_DECLARE,
    PASS_EM,
    PUSH_EM,
    DECLARE_STUD, COMMON_DECLARE, RAILROAD, HOUSE_STUD, TWO_TOUCH,
]
