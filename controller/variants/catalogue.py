"""The built-in games (seeds 000-003), each one declarative definition.

>>> find_game("asf").name
'Aces, Straights and Flushes'
>>> [g.id for g in GAMES][:3]
['aces-straights-flushes', 'seven-card-stud', 'five-card-draw-bug']
>>> find_game("Stud/8").id
'stud-hi-lo-8'
>>> find_game("snap")
Traceback (most recent call last):
...
controller.errors.VariantError: unknown game 'snap'; try `pitboss games` for the list
"""

from __future__ import annotations

from controller.errors import VariantError
from controller.variants.game import Deck, Fee, GameDef, PotRule, ShowdownSpec, WildRule
from controller.variants.housebook import HOUSE_GAMES
from controller.variants.steps import Bet, Deal, Declare, Draw, Exchange, FirstToAct, Step

__all__ = ["GAMES", "find_game", "register"]

HIGH = FirstToAct.HIGH_EXPOSED
LOW = FirstToAct.LOW_EXPOSED

# Seed 003 "The Play": two down and one up dealt singly (one burn before the deal
# when burning), then a card per street with a betting round after each.
_STUD_DEAL: tuple[Step, ...] = (Deal("down"), Deal("down", burn=False), Deal("up", burn=False))


def _stud_streets(first: FirstToAct, later: FirstToAct, pair_option: bool = True,
                  big_from: int = 5) -> tuple[Step, ...]:
    """Third to seventh street: the bets after each card (``big_from`` is the first
    street with big bets; fourth street may allow the big bet on an open pair)."""

    def size(street: int) -> str:
        return "big" if street >= big_from else "small"

    return (
        *_STUD_DEAL, Bet("small", first),
        Deal("up"), Bet(size(4), later, big_on_pair=pair_option and big_from > 4),
        Deal("up"), Bet(size(5), later),
        Deal("up"), Bet(size(6), later),
        Deal("down"), Bet(size(7), later),
    )


_STUD_OPTIONS = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "burns": False,
                 "big_bet_on_pair": True}

ACES_STRAIGHTS_FLUSHES = GameDef(
    id="aces-straights-flushes",
    name="Aces, Straights and Flushes",
    aliases=("asf", "aces"),
    source="000",
    min_players=2,
    max_players=7,
    deck=Deck.CENTRE_JOKER,
    # Seed 000 section 02: two down and one up, bet; up, bet; up, bet; down, bet.
    # Section 01: no burns. Limits 1 on the first two rounds, 2 on the last two.
    steps=(
        Deal("down", burn=False), Deal("down", burn=False), Deal("up", burn=False),
        Bet("small", HIGH),
        Deal("up", burn=False), Bet("small", HIGH),
        Deal("up", burn=False), Bet("big", HIGH),
        Deal("down", burn=False), Bet("big", HIGH),
    ),
    showdown=ShowdownSpec(pot=PotRule.HIGH, high="high-bug"),
    heads_up_uncapped=False,  # "capped at one bet plus three raises per round"
    all_in=False,  # the 25-chip reserve "avoids all-ins"
    tie_break="position",  # "Break an exposed-hand tie by clockwise position after the dealer"
    defaults={"ante": 1, "small_bet": 1, "big_bet": 2, "reserve": 25},
    note="Shared joker (a bug) exposed in the centre; highest exposed hand opens every round.",
)

SEVEN_CARD_STUD = GameDef(
    id="seven-card-stud",
    name="Seven Card Stud",
    aliases=("stud", "7cs", "7-card-stud"),
    source="003",
    steps=_stud_streets(FirstToAct.BRING_IN_LOW, HIGH),
    defaults=_STUD_OPTIONS,
    note="bring_in 0 plays without a bring-in (highest exposed hand opens, full bets only).",
)

FIVE_CARD_DRAW_BUG = GameDef(
    id="five-card-draw-bug",
    name="Five Card Draw with a Bug",
    aliases=("draw-bug", "bug", "5cd-bug"),
    source="002",
    min_players=2,
    max_players=6,
    deck=Deck.WITH_JOKER,
    steps=(
        *(Deal("down", burn=False) for _ in range(5)),
        Bet("small", FirstToAct.LEFT_OF_BIG_BLIND),
        Draw(),
        Bet("big", FirstToAct.LEFT_OF_DEALER),
    ),
    showdown=ShowdownSpec(pot=PotRule.HIGH, high="high-bug"),
    exposed_card="keep",
    defaults={"ante": 1, "small_blind": 0, "big_blind": 0, "small_bet": 2, "big_bet": 4,
              "draw_limit": "3", "jacks_or_better": False},
    note="Draw limit (3, 4-ace or 5) is announced before the deal.",
)

FIVE_CARD_DRAW = GameDef(
    id="five-card-draw",
    name="Five Card Draw",
    aliases=("draw", "5cd"),
    source="002",
    min_players=2,
    max_players=6,
    steps=FIVE_CARD_DRAW_BUG.steps,
    exposed_card="keep",
    defaults=FIVE_CARD_DRAW_BUG.defaults,
    note="The game seed 002 builds on, without the bug.",
)

STUD_HI_LO_8 = GameDef(
    id="stud-hi-lo-8",
    name="Seven Card Stud High-Low Eight or Better",
    aliases=("stud8", "stud/8", "7cs8", "stud-hi-lo"),
    source="003",
    steps=_stud_streets(FirstToAct.BRING_IN_LOW, HIGH),
    showdown=ShowdownSpec(pot=PotRule.SPLIT_8, high="high", low="low-a5-8"),
    defaults={**_STUD_OPTIONS, "big_bet_on_pair": False},
)

STUD_HI_LO_DECLARE = GameDef(
    id="stud-hi-lo-declare",
    name="Seven Card Stud High-Low with Declare",
    aliases=("stud-declare", "7cs-declare"),
    source="003",
    steps=(*_stud_streets(FirstToAct.BRING_IN_LOW, HIGH), Declare("simultaneous")),
    showdown=ShowdownSpec(pot=PotRule.DECLARE, high="high", low="low-a5"),
    defaults={**_STUD_OPTIONS, "big_bet_on_pair": False, "declare": "simultaneous"},
)

RAZZ = GameDef(
    id="razz",
    name="Razz",
    aliases=("7cs-low",),
    source="003",
    # "In fixed limit games the limits double at fifth street ... Pairs showing
    # have no effect on the size of bets."
    steps=_stud_streets(FirstToAct.BRING_IN_HIGH, LOW, pair_option=False),
    showdown=ShowdownSpec(pot=PotRule.LOW, high="", low="low-a5"),
    defaults={"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "burns": False},
)

LONDON_LOWBALL = GameDef(
    id="london-lowball",
    name="London Lowball",
    aliases=("london", "7cs-a6"),
    source="003",
    steps=_stud_streets(FirstToAct.BRING_IN_HIGH, LOW, pair_option=False),
    showdown=ShowdownSpec(pot=PotRule.LOW, high="", low="low-a6"),
    limit="pot",
    heads_up_uncapped=True,
    cap=0,  # pot limit: no cap on the number of raises
    defaults={"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "burns": False},
    note="Pot limit; small_bet / big_bet are the minimum bets.",
)

STUD_DEUCES_WILD = GameDef(
    id="stud-deuces-wild",
    name="Seven Card Stud, Deuces Wild",
    aliases=("deuces-wild", "deuces-wild-stud"),
    source="003",
    steps=_stud_streets(FirstToAct.BRING_IN_LOW, HIGH),
    showdown=ShowdownSpec(high="high-wild", wild=WildRule(ranks="2")),
    defaults=_STUD_OPTIONS,
)

LOW_HOLE = GameDef(
    id="low-hole",
    name="Low Hole",
    aliases=("late-show",),
    source="003",
    steps=_stud_streets(FirstToAct.BRING_IN_LOW, HIGH),
    showdown=ShowdownSpec(high="high-wild", wild=WildRule(low_hole=True)),
    defaults=_STUD_OPTIONS,
    note="Each player's lowest down card (ace high) is wild for that player only.",
)

ENGLISH_STUD = GameDef(
    id="english-stud",
    name="English Stud",
    aliases=("english",),
    source="003",
    max_players=6,
    # Seed 003: as stud to five cards; exchange; sixth card up, bet; exchange;
    # final bet (with five or fewer players a seventh card down first, as an option).
    steps=(
        *_STUD_DEAL, Bet("small", FirstToAct.BRING_IN_LOW),
        Deal("up"), Bet("small", HIGH, big_on_pair=True),
        Deal("up"), Bet("big", HIGH),
        Exchange(),
        Deal("up"), Bet("big", HIGH),
        Exchange(),
        Deal("down", when="seventh_card"),
        Bet("big", HIGH),
    ),
    defaults={**_STUD_OPTIONS, "exchange_cost": "none", "seventh_card": False},
)

DEUCES_JACKS_AXE = GameDef(
    id="deuces-jacks-axe",
    name="Deuces and Jacks and the Man with the Axe",
    aliases=("man-with-the-axe", "axe"),
    source="003",
    steps=_stud_streets(HIGH, HIGH),
    showdown=ShowdownSpec(high="high-wild", wild=WildRule(ranks="2J", cards="Kd"),
                          top_hand="natural-pair-7"),
    fees=(Fee("wild", 1), Fee("7", 5)),
    defaults={"ante": 1, "small_bet": 5, "big_bet": 10, "burns": False,
              "big_bet_on_pair": True},
    note="Exposed wild cards cost 1 ante, exposed sevens 5 antes; a natural pair of "
    "sevens is the top hand.",
)

GAMES: list[GameDef] = [
    ACES_STRAIGHTS_FLUSHES, SEVEN_CARD_STUD, FIVE_CARD_DRAW_BUG, FIVE_CARD_DRAW,
    STUD_HI_LO_8, STUD_HI_LO_DECLARE, RAZZ, LONDON_LOWBALL, STUD_DEUCES_WILD, LOW_HOLE,
    ENGLISH_STUD, DEUCES_JACKS_AXE, *HOUSE_GAMES,
]


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "-").replace("_", "-")


def find_game(name: str) -> GameDef:
    """The game whose id, alias or name is ``name`` (case and spacing ignored)."""
    key = _key(name)
    for game in GAMES:
        if key == game.id or key == _key(game.name) or key in game.aliases:
            return game
    raise VariantError(f"unknown game {name!r}; try `pitboss games` for the list", "unknown_game")


def register(game: GameDef) -> None:
    """Add a game (e.g. loaded from a user file); an id or alias already taken is refused."""
    taken = {g.id for g in GAMES} | {a for g in GAMES for a in g.aliases}
    for key in (game.id, *game.aliases):
        if key in taken:
            raise VariantError(f"game id or alias {key!r} is already taken", "duplicate_game")
    GAMES.append(game)
