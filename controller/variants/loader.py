"""Load house games from a TOML file, validated with clear ``VariantError`` messages.

A file holds ``[[game]]`` tables. ``based_on`` copies a built-in game and
overrides what is given; otherwise ``steps`` is required::

    [[game]]
    id = "stud-sevens-wild"
    name = "Seven Card Stud, Sevens Wild"
    based_on = "seven-card-stud"
    showdown = { high = "high-wild", wild_ranks = "7" }

>>> import io
>>> game, = load_games(io.BytesIO(b'''
... [[game]]
... id = "mini-stud"
... name = "Mini Stud"
... players = [2, 5]
... steps = [{deal = "down"}, {deal = "up"}, {bet = "small", first = "high-exposed"}]
... options = {ante = 1, small_bet = 2, big_bet = 4}
... '''))
>>> game.id, game.players, len(game.steps)
('mini-stud', '2-5', 3)
>>> load_games(io.BytesIO(b'[[game]]\\nid = "x"\\nname = "X"\\nsteps = [{deal = "sideways"}]'))
Traceback (most recent call last):
...
controller.errors.VariantError: game 'x', step 1: deal must be "down" or "up", not 'sideways'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import IO, Any

from controller.errors import VariantError
from controller.hands.registry import RANKING_NAMES
from controller.variants.catalogue import find_game
from controller.variants.game import (
    KNOWN_OPTIONS,
    TRIGGERS,
    Deck,
    Fee,
    GameDef,
    PotRule,
    ShowdownSpec,
    Take,
    Use,
    WildRule,
    resolve_options,
)
from controller.variants.steps import (
    Bet,
    Deal,
    Declare,
    Draw,
    Exchange,
    FirstToAct,
    Layout,
    Step,
    Turn,
)

__all__ = ["load_games", "parse_game"]

_GAME_KEYS = {"id", "name", "aliases", "source", "based_on", "players", "deck", "limit", "cap",
              "heads_up_uncapped", "all_in", "tie_break", "odd_chip", "exposed_card", "steps",
              "showdown", "options", "fees", "playable", "note", "big_when", "bonus",
              "no_peek"}
_SHOWDOWN_KEYS = {"pot", "high", "low", "wild_ranks", "wild_cards", "low_hole", "top_hand",
                  "compose", "low_compose"}


def _fail(where: str, message: str) -> VariantError:
    return VariantError(f"{where}: {message}", "bad_variant")


def _choice(where: str, key: str, value: object, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        shown = " or ".join(f'"{a}"' for a in allowed)
        raise _fail(where, f"{key} must be {shown}, not {value!r}")
    return str(value)


def _step(where: str, raw: object, options: set[str]) -> Step:
    if not isinstance(raw, Mapping):
        raise _fail(where, f"a step must be a table such as {{deal = \"up\"}}, not {raw!r}")
    when = str(raw.get("when", ""))
    if when and when not in options:
        raise _fail(where, f"'when' names option {when!r}, which the game does not declare")
    if "deal" in raw:
        face = _choice(where, "deal", raw["deal"], ("down", "up"))
        return Deal(face, bool(raw.get("burn", True)), when)
    if "bet" in raw:
        size = _choice(where, "bet", raw["bet"], ("small", "big"))
        firsts = tuple(f.value for f in FirstToAct)
        first = _choice(where, "first", raw.get("first", "high-exposed"), firsts)
        return Bet(size, FirstToAct(first), bool(raw.get("big_on_pair", False)), when)
    if "draw" in raw:
        return Draw(when)
    if "exchange" in raw:
        price = raw.get("price", 0)
        if isinstance(price, bool) or not isinstance(price, int) or price < 0:
            raise _fail(where, f"an exchange price is a whole number of chips, not {price!r}")
        return Exchange(_choice(where, "exchange", raw["exchange"], ("none", "bet")), when, price)
    if "declare" in raw:
        return Declare(_choice(where, "declare", raw["declare"], ("sequential", "simultaneous")),
                       when)
    if "layout" in raw:
        face = _choice(where, "face", raw.get("face", "down"), ("down", "up"))
        return Layout(_names(where, "layout", raw["layout"]), face, when)
    if "turn" in raw or "turn_any" in raw:
        return Turn(_names(where, "turn", raw.get("turn", [])),
                    _names(where, "turn_any", raw.get("turn_any", [])),
                    int(raw.get("choose", 1 if "turn_any" in raw else 0)),
                    bool(raw.get("discard_matches", False)), when)
    raise _fail(where, f"unknown step {dict(raw)!r}: use deal, bet, draw, exchange, declare, "
                "layout or turn")


def _names(where: str, key: str, raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(n, str) and n for n in raw):
        raise _fail(where, f"{key} must be a list of slot names, not {raw!r}")
    return tuple(raw)


def _compose(where: str, raw: object) -> tuple[Use, ...]:
    """``[[{source = "hand", take = 3}, {source = "p1.1 p1.2", take = 2}], ...]``: each
    inner list is one allowed way; ``take`` is a count or ``[least, most]``."""
    if not isinstance(raw, list):
        raise _fail(where, f"compose must be a list of ways (lists of parts), not {raw!r}")
    uses: list[Use] = []
    for way in raw:
        if not isinstance(way, list) or not way:
            raise _fail(where, f"each way to compose a hand is a list of parts, not {way!r}")
        parts: list[Take] = []
        for part in way:
            take = part.get("take") if isinstance(part, Mapping) else None
            if isinstance(take, int):
                take = [take, take]
            if (not isinstance(part, Mapping) or not isinstance(part.get("source"), str)
                    or not isinstance(take, list) or len(take) != 2
                    or not all(isinstance(n, int) and n >= 0 for n in take)):
                raise _fail(where, f"a part is {{source = \"hand\", take = 2}}, not {part!r}")
            parts.append(Take(part["source"], take[0], take[1]))
        uses.append(tuple(parts))
    return tuple(uses)


def _showdown(where: str, raw: Mapping[str, Any], base: ShowdownSpec) -> ShowdownSpec:
    extra = set(raw) - _SHOWDOWN_KEYS
    if extra:
        raise _fail(where, f"unknown showdown keys {sorted(extra)}")
    pot = PotRule(_choice(where, "pot", raw.get("pot", base.pot.value),
                          tuple(r.value for r in PotRule)))
    high, low = str(raw.get("high", base.high)), str(raw.get("low", base.low))
    for name in (high, low):
        if name and name.partition(":")[0] not in RANKING_NAMES:
            raise _fail(where, f"unknown ranking {name!r}; choose from {', '.join(RANKING_NAMES)}")
    if pot in (PotRule.SPLIT, PotRule.SPLIT_8, PotRule.DECLARE, PotRule.LOW) and not low:
        raise _fail(where, f"pot rule {pot.value!r} needs a low ranking")
    if pot is not PotRule.LOW and not high:
        raise _fail(where, f"pot rule {pot.value!r} needs a high ranking")
    wild = WildRule(str(raw.get("wild_ranks", base.wild.ranks)),
                    str(raw.get("wild_cards", base.wild.cards)),
                    bool(raw.get("low_hole", base.wild.low_hole)))
    compose = _compose(where, raw["compose"]) if "compose" in raw else base.compose
    low_compose = (_compose(where, raw["low_compose"]) if "low_compose" in raw
                   else base.low_compose)
    return ShowdownSpec(pot, high, low, wild, str(raw.get("top_hand", base.top_hand)),
                        compose, low_compose)


def _players(where: str, raw: object, base: GameDef) -> tuple[int, int]:
    if raw is None:
        return base.min_players, base.max_players
    if (not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(n, int) for n in raw)
            or not 2 <= raw[0] <= raw[1] <= 10):
        raise _fail(where, f"players must be [min, max] between 2 and 10, not {raw!r}")
    return raw[0], raw[1]


def _fee(where: str, raw: object) -> Fee:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("antes", 1), int):
        raise _fail(where, f"a fee is {{match = \"wild\" or a rank, antes = N}}, not {raw!r}")
    match = str(raw.get("match", ""))
    if match != "wild" and (len(match) != 1 or match not in "23456789TJQKA"):
        raise _fail(where, f"a fee matches \"wild\" or a rank letter, not {match!r}")
    return Fee(match, int(raw.get("antes", 1)))


_BLANK = GameDef(id="", name="", source="", steps=())


def parse_game(raw: Mapping[str, Any]) -> GameDef:
    """One game from its TOML table (raises ``VariantError`` saying what is wrong)."""
    gid = raw.get("id")
    where = f"game {gid!r}"
    if not isinstance(gid, str) or not gid or not isinstance(raw.get("name"), str):
        raise _fail(where, "every game needs an 'id' and a 'name' (text)")
    extra = set(raw) - _GAME_KEYS
    if extra:
        raise _fail(where, f"unknown keys {sorted(extra)}")
    base = find_game(str(raw["based_on"])) if "based_on" in raw else _BLANK
    options = dict(base.defaults)
    for key, value in dict(raw.get("options", {})).items():
        if key not in KNOWN_OPTIONS:
            raise _fail(where, f"unknown option {key!r}; known: {', '.join(sorted(KNOWN_OPTIONS))}")
        options[key] = value
    steps = base.steps
    if "steps" in raw:
        steps = tuple(_step(f"{where}, step {k + 1}", s, set(options))
                      for k, s in enumerate(raw["steps"]))
    if not steps:
        raise _fail(where, "a game needs 'steps' (or 'based_on' a built-in game)")
    lo, hi = _players(where, raw.get("players"), base)
    decks = tuple(d.value for d in Deck)
    deck = Deck(_choice(where, "deck", raw.get("deck", base.deck.value), decks))
    game = replace(
        base, id=gid, name=raw["name"], aliases=tuple(raw.get("aliases", ())),
        source=str(raw.get("source", "house")), steps=steps, min_players=lo, max_players=hi,
        deck=deck, limit=_choice(where, "limit", raw.get("limit", base.limit),
                                    ("fixed", "spread", "pot")),
        cap=int(raw.get("cap", base.cap)),
        heads_up_uncapped=bool(raw.get("heads_up_uncapped", base.heads_up_uncapped)),
        all_in=bool(raw.get("all_in", base.all_in)),
        tie_break=_choice(where, "tie_break", raw.get("tie_break", base.tie_break),
                          ("suit", "position")),
        odd_chip=_choice(where, "odd_chip", raw.get("odd_chip", base.odd_chip),
                         ("position", "suit")),
        exposed_card=_choice(where, "exposed_card", raw.get("exposed_card", base.exposed_card),
                             ("stud", "keep")),
        showdown=_showdown(where, raw.get("showdown", {}), base.showdown),
        fees=tuple(_fee(where, f) for f in raw.get("fees", ()))
        or base.fees,
        defaults=options, playable=bool(raw.get("playable", True)), note=str(raw.get("note", "")),
        big_when=_triggers(where, raw.get("big_when", list(base.big_when))),
        bonus=_choice(where, "bonus", raw.get("bonus", base.bonus), ("", "win", "natural")),
        no_peek=bool(raw.get("no_peek", base.no_peek)),
    )
    _check_consistent(where, game)
    resolve_options(game, {})  # the defaults themselves must be valid
    return game


def _triggers(where: str, raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise _fail(where, f"big_when must be a list of triggers, not {raw!r}")
    for t in raw:
        word, _, arg = t.partition(":")
        known = {k.partition(":")[0]: k for k in TRIGGERS}
        if word not in known or (":" in known[word]) != bool(arg) or (
                known[word].endswith(":N") and not arg.isdigit()):
            raise _fail(where, f"unknown betting trigger {t!r}; use {', '.join(TRIGGERS)}")
    return tuple(raw)


def _check_consistent(where: str, game: GameDef) -> None:
    if game.showdown.pot is PotRule.DECLARE and not any(isinstance(s, Declare) for s in game.steps):
        raise _fail(where, "pot rule 'declare' needs a declare step")
    if not any(isinstance(s, Bet) for s in game.steps):
        raise _fail(where, "a game needs at least one betting round")
    layout = game.layout
    if len(set(layout)) != len(layout):
        raise _fail(where, "two layout slots have the same name")
    for s in game.steps:
        if isinstance(s, Turn):
            unknown = [n for n in (*s.slots, *s.among) if n not in layout]
            if unknown:
                raise _fail(where, f"a turn names slots no layout deals: {', '.join(unknown)}")


def load_games(fh: IO[bytes]) -> list[GameDef]:
    """Every ``[[game]]`` in an open TOML file (binary mode, as ``tomllib`` wants)."""
    try:
        data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as err:
        raise VariantError(f"not valid TOML: {err}", "bad_variant") from None
    games = data.get("game", [])
    if not isinstance(games, list) or not games:
        raise VariantError("the file has no [[game]] tables", "bad_variant")
    return [parse_game(g) for g in games]
