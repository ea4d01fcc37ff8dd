"""A game definition: deck, seats, forced bets, steps, showdown, options.

Definitions are frozen data; :func:`resolve_options` turns a definition's
defaults plus the dealer's choices for one hand into typed :class:`Rules`.

>>> from controller.variants.catalogue import find_game
>>> r = resolve_options(find_game("stud"), {"bring_in": 0})
>>> r.bring_in, r.small_bet, r.big_bet
(0, 5, 10)
>>> resolve_options(find_game("stud"), {"antes": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
controller.errors.VariantError: unknown option 'antes' for Seven Card Stud; known options: ante, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from controller.errors import VariantError
from controller.variants.steps import Step

__all__ = [
    "Deck",
    "Fee",
    "GameDef",
    "OptionValue",
    "PotRule",
    "Rules",
    "ShowdownSpec",
    "Take",
    "Use",
    "WildRule",
    "resolve_options",
]

OptionValue = int | bool | str

TRIGGERS = ("always", "pair-hand", "pair-board", "pair-pile", "suit-pair", "turns:N",
            "slot:NAME", "down:N", "up:N")
"""Seed 004 house betting triggers a game's ``big_when`` may name (engine/layout.py)."""


class Deck(Enum):
    """Which cards are in play (DESIGN.md: 52, 52 + joker, joker exposed in the centre)."""

    STANDARD = "52"
    WITH_JOKER = "53"  # the joker is shuffled into the pack (seed 002)
    CENTRE_JOKER = "52+centre-joker"  # joker exposed in the centre, never in the pack (seed 000)


class PotRule(Enum):
    """How a pot is divided at showdown (seed 003 "Seven Card Stud High-Low")."""

    HIGH = "high"
    LOW = "low"
    SPLIT = "high-low"  # best high and best low share; odd chip to high
    SPLIT_8 = "high-low-8"  # low must qualify (8 or better) or high scoops
    DECLARE = "declare"  # high/low/both declarations decide who competes


@dataclass(frozen=True, slots=True)
class WildRule:
    """Which cards are wild: ``ranks`` (e.g. ``"2J"``), single ``cards``
    (e.g. ``"Kd"``) and/or ``low_hole`` (each player's lowest down card's rank,
    ace high, is wild for that player: Low Hole, seed 003)."""

    ranks: str = ""
    cards: str = ""
    low_hole: bool = False
    follow: str = ""  # seed 004 Follow the Queen: "queen" or "black-queen" moves the wild rank
    suit_of: str = ""  # seed 004 Low Card in the Hole: the slot whose card names the suit
    ace_choice: bool = False  # seed 004 Molly: an ace in the hole may be the wild card

    @property
    def any(self) -> bool:
        return bool(self.ranks or self.cards or self.low_hole or self.follow or self.suit_of)


@dataclass(frozen=True, slots=True)
class Take:
    """Part of a showdown composition (seed 004): ``least``..``most`` cards from
    ``source``: ``"hand"`` (the player's own cards), ``"board"`` (every board card),
    slot names separated by spaces (a line, an arm, a pile), or ``"red"`` /
    ``"black"`` (Railroad: the active cards of the column of that colour).

    >>> Take("hand", 2, 2)
    Take(source='hand', least=2, most=2)
    """

    source: str
    least: int
    most: int


Use = tuple[Take, ...]
"""One allowed way to build a five-card hand: every part taken together."""


@dataclass(frozen=True, slots=True)
class ShowdownSpec:
    """Rankings (names understood by :func:`controller.hands.get_ranking`), the
    pot rule and wild cards. ``top_hand`` names a special hand that beats all
    (``"natural-pair-7"``: Deuces and Jacks and the Man with the Axe)."""

    pot: PotRule = PotRule.HIGH
    high: str = "high"
    low: str = ""
    wild: WildRule = WildRule()
    top_hand: str = ""
    compose: tuple[Use, ...] = ()  # ways to build a hand; () = any five of all the cards
    low_compose: tuple[Use, ...] = ()  # the low (or second arm)'s ways; () = as ``compose``


@dataclass(frozen=True, slots=True)
class Fee:
    """A payment to the pot whenever a matching card is dealt face up (not a bet):
    seed 003 "Deuces and Jacks and the Man with the Axe" ("1 ante for each wild
    card and 5x the ante for each Seven"). ``match`` is ``"wild"`` or a rank
    letter; the amount is ``antes`` times the hand's ante."""

    match: str
    antes: int = 1


@dataclass(frozen=True, slots=True)
class GameDef:
    """One game: everything the engine needs, as data."""

    id: str
    name: str
    source: str
    steps: tuple[Step, ...]
    min_players: int = 2
    max_players: int = 8
    deck: Deck = Deck.STANDARD
    aliases: tuple[str, ...] = ()
    showdown: ShowdownSpec = ShowdownSpec()
    limit: str = "fixed"  # "fixed" | "spread" (small bet up to the round's size) | "pot"
    cap: int = 4  # one bet plus three raises
    heads_up_uncapped: bool = True  # seed 003: cap only with more than two players
    all_in: bool = True  # False where a reserve makes all-ins impossible (seed 000)
    tie_break: str = "suit"  # exposed-hand ties: "suit" (seed 003) or "position" (seed 000)
    odd_chip: str = "position"  # seed 000: first tied winner clockwise after the dealer;
    # "suit": the tied winner with the highest card, suits breaking ties
    exposed_card: str = "stud"  # "stud": first-deal hole card exposed -> next up card dealt down
    fees: tuple[Fee, ...] = ()
    defaults: Mapping[str, OptionValue] = field(default_factory=dict)
    playable: bool = True
    note: str = ""
    big_when: tuple[str, ...] = ()  # seed 004 house betting: triggers allowing the big bet
    bonus: str = ""  # royal/straight flush bonus: "" none, "win", "natural" (no wild used)
    no_peek: bool = False  # seed 004 No Peek: players may not look at their own down cards

    @property
    def layout(self) -> tuple[str, ...]:
        """Every board slot the game deals, in deal order (:class:`Layout` steps)."""
        from controller.variants.steps import Layout

        return tuple(name for s in self.steps if isinstance(s, Layout) for name in s.slots)

    @property
    def players(self) -> str:
        return f"{self.min_players}-{self.max_players}"


@dataclass(frozen=True, slots=True)
class Rules:
    """The options in force for one hand (a definition's defaults + the dealer's choices)."""

    ante: int = 0
    small_bet: int = 1
    big_bet: int = 2
    bring_in: int = 0
    small_blind: int = 0
    big_blind: int = 0
    burns: bool = False
    big_bet_on_pair: bool = False
    jacks_or_better: bool = False
    draw_limit: str = "3"
    declare: str = ""
    exchange_cost: str = ""
    reserve: int = 0
    seventh_card: bool = False
    bonus: int = 0  # seed 004: what each other player pays a royal/straight flush winner
    push_penalty: int = 0  # seed 004 Push 'Em "The penalty to push the card can be varied"
    min_play: int = 0  # seed 004 Pass 'Em: the fewest players who must play to avoid a redeal
    guts_cap: int = 0  # seed 004 Guts: the most one loser pays to match the pot ("$3")

    def flag(self, name: str) -> bool:
        """Whether the option ``name`` is on (used by steps' ``when``)."""
        return bool(getattr(self, name))


_INT = {"ante", "small_bet", "big_bet", "bring_in", "small_blind", "big_blind", "reserve",
        "bonus", "push_penalty", "min_play", "guts_cap"}
_BOOL = {"burns", "big_bet_on_pair", "jacks_or_better", "seventh_card"}
_CHOICE = {
    "draw_limit": ("3", "4-ace", "5"),
    "declare": ("sequential", "simultaneous"),
    "exchange_cost": ("none", "bet"),
}
KNOWN_OPTIONS = frozenset(_INT | _BOOL | set(_CHOICE))


def _coerce(game: GameDef, key: str, value: object) -> OptionValue:
    if key in _INT:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise VariantError(f"option {key} for {game.name} must be a whole number of "
                               f"chips, 0 or more (got {value!r})", "bad_option")
        return value
    if key in _BOOL:
        if not isinstance(value, bool):
            raise VariantError(f"option {key} for {game.name} must be true or false "
                               f"(got {value!r})", "bad_option")
        return value
    text = str(value)
    if text not in _CHOICE[key]:
        raise VariantError(f"option {key} for {game.name} must be one of "
                           f"{', '.join(_CHOICE[key])} (got {value!r})", "bad_option")
    return text


def resolve_options(game: GameDef, options: Mapping[str, object] | None = None) -> Rules:
    """Merge the dealer's ``options`` over the game's defaults, checking every key.

    Only the options the game declares in its defaults can be set, so a typo
    is refused instead of silently ignored.
    """
    merged: dict[str, OptionValue] = dict(game.defaults)
    for key, value in (options or {}).items():
        if key not in game.defaults:
            known = ", ".join(sorted(game.defaults))
            raise VariantError(f"unknown option {key!r} for {game.name}; known options: "
                               f"{known}", "bad_option")
        merged[key] = _coerce(game, key, value)
    rules = Rules(**{k: _coerce(game, k, v) for k, v in merged.items()})  # type: ignore[arg-type]
    if rules.big_bet < rules.small_bet:
        raise VariantError(f"{game.name}: the big bet ({rules.big_bet}) is smaller than the "
                           f"small bet ({rules.small_bet})", "bad_option")
    if rules.small_bet < 1:
        raise VariantError(f"{game.name}: the small bet must be at least 1 chip", "bad_option")
    return rules
