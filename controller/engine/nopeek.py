"""No Peek's turning (seed 004 "No Peek Sequential" and "No Peek Follow The Bitch").

Seven cards face down each, nobody looks; the next card is dealt face up (the
board slot ``beat``). The player on the dealer's left turns his cards until his
hand beats it (step 2), a betting round (3); then the next player turns until he
has the highest hand or has turned all his cards (4), a betting round (5), and so
on (6). A turn is ``Choice(seat, "turn-card", (card,))``: the card the player
turned, as the camera or the dealer reads it.

How the engine reads the book where it is loose:

* **The engine knows the face-down cards** (the shoe read them), but nothing it
  decides or offers depends on them before they are turned: whose turn it is,
  the step-7 ruling and the choices offered use only what is face up, so no
  face-down card leaks through the tablet or the table screen.
* **"Better" and "highest" are by poker rank alone** ("Hoyle is not
  considered"): no suit breaks a tie, so a tie never beats. Fewer than five
  cards rank as an incomplete hand (quads, trips, two pair, a pair, high cards;
  a missing card is lower than any card: seed 003 "Incomplete Hands"); five or
  more play their best five, straights and flushes included. In Follow the Queen
  the wild card in force counts.
* **"Highest" means the high hand even though high and low share the pot**: the
  turning rule names only the highest hand, and step 7 names the low as a
  separate reason to turn. The face-up card stays the hand to beat until
  someone beats it; it is nobody's card and is put away when the turning ends.
* **The next player** is the first live player clockwise after the last one to
  turn who has face-down cards and does not hold the highest hand alone.
* **Every turn is followed by a betting round**, opened by the highest hand
  showing (the hand everybody now has to beat).
* **Step 7**: the last player with face-down cards may turn them only while
  they could change the outcome, judged on what is showing (an unseen card may
  be any card not face up): he does not hold the high hand alone (so turning
  could make it), or they could make or tie the best low (ace-to-five: the
  lowest ranks not showing), or in Follow the Queen they could move the wild
  card (a queen last up, or a moving queen not yet seen) or kill the hand (the
  king of hearts not yet seen, in the suicide king versions). Otherwise they
  are dead: taken away face down, never shown, never played (so they can earn
  no straight flush bonus). A player already holding the high hand who may
  turn turns one card a turn; a bet follows each.
* **Step 8** (Follow the Queen): at the start of his turn the last player may
  hold his cards instead (``Choice(seat, "hold")``); held cards are dead.
* **Suicide king**: nobody knows a face-down card, so the king of hearts is
  "dealt" when it is seen: the card to beat, or a card turned. The hand is
  dead; the pot stays and the cards are dealt again from a fresh pack to every
  player who has not folded. In the Don Imus Kills Himself version the hand
  stays live if both black queens were turned up before the king.

>>> from controller.cards import parse_cards
>>> showing_key(tuple(parse_cards("9c 9d"))) > showing_key(tuple(parse_cards("As Kd")))
True
>>> showing_key(tuple(parse_cards("9c"))) == showing_key(tuple(parse_cards("9s")))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.cards import DECK_52, Card, Rank
from controller.engine.betting import start_round
from controller.engine.events import Choice, Event
from controller.engine.expect import Expected
from controller.engine.firsts import clockwise
from controller.engine.showdown import ranking
from controller.engine.state import HandState, Player, evolve
from controller.engine.wilds import follow_rank
from controller.errors import RuleViolation, VariantError
from controller.hands.partial import exposed_key
from controller.hands.value import CATEGORY_NAMES, HandValue
from controller.hands.wild import WildSpec
from controller.variants.steps import Bet, NoPeek

__all__ = ["BEAT", "NoPeekRunner", "leader", "short_high", "showing_key"]

BEAT = "beat"  # the board slot of the card to beat (step 2)
BEAT_HAND = -2  # leader(): the card to beat is still the best hand showing
NO_LEADER = -1  # leader(): nobody holds the highest hand alone
KING_OF_HEARTS = Card("Kh")
BLACK_QUEENS = (Card("Qs"), Card("Qc"))
_NO_WILD = WildSpec.none()


# ---------------------------------------------------------------- hands showing

def showing_key(cards: Sequence[Card], wild: WildSpec = _NO_WILD) -> tuple[int, ...]:
    """How good the ``cards`` face up are, by rank alone (bigger is better; ``()``
    for none). Keys of incomplete and five-card hands compare with each other:
    category first, then ranks in order of significance."""
    if not cards:
        return ()
    if len(cards) >= 5:
        if wild.ranks or wild.cards:
            return ranking("high-wild").evaluate(list(cards), wild=wild).key
        return ranking("high").evaluate(list(cards)).key
    return exposed_key(list(cards), "high", wild=wild)


def short_high(cards: Sequence[Card], wild: WildSpec | None = None) -> HandValue:
    """The high value of a hand of one to four cards (a No Peek hand whose last
    cards were dead: seed 004 No Peek Sequential step 7), ranked as an incomplete hand.

    >>> from controller.cards import parse_cards
    >>> short_high(parse_cards("Kc Kd Ks")).describe()
    'three kings'
    """
    key = exposed_key(list(cards), "high", wild=wild or _NO_WILD)
    ranks = tuple(r for r in key[1:] if r)
    return HandValue(key, CATEGORY_NAMES[key[0]], tuple(cards), tuple(cards), "high", True,
                     ranks)


def _wild(state: HandState) -> WildSpec:
    """Follow the Queen: the wild rank in force now (the card after the last queen up)."""
    follow = state.game.showdown.wild.follow
    rank = follow_rank(state.exposed, follow) if follow else None
    return WildSpec(jokers=False, ranks=frozenset({rank})) if rank is not None else _NO_WILD


def _beat_card(state: HandState) -> Card | None:
    if BEAT not in state.turned:
        return None
    return next((c for name, c in state.slots if name == BEAT), None)


def leader(state: HandState) -> int:
    """The player index holding the highest hand showing alone; ``BEAT_HAND`` while the
    card to beat is still best; ``NO_LEADER`` when the best hand is tied."""
    wild = _wild(state)
    hands = [(i, showing_key(p.up, wild)) for i, p in enumerate(state.players)
             if p.live and p.up]
    beat = _beat_card(state)
    if beat is not None:
        hands.append((BEAT_HAND, showing_key((beat,), wild)))
    if not hands:
        return NO_LEADER
    top = max(key for _, key in hands)
    best = [i for i, key in hands if key == top]
    return best[0] if len(best) == 1 else NO_LEADER


# ---------------------------------------------------------------- whose turn

def _last_turner(state: HandState) -> int:
    """The player who turned the last card up (-1 before anybody has)."""
    for card in reversed(state.exposed):
        for i, p in enumerate(state.players):
            if card in p.up:
                return i
    return -1


def _next_turner(state: HandState) -> int:
    """Step 4: clockwise after the last to turn, the first live player with face-down
    cards who does not hold the highest hand alone; else the leader, when only he has
    face-down cards left (step 7); else -1: the turning is over."""
    lead = leader(state)
    last = _last_turner(state)
    start = last + 1 if last >= 0 else state.table.dealer + 1
    for i in clockwise(state, start):
        p = state.players[i]
        if p.live and p.down and i != lead:
            return i
    if lead >= 0 and state.players[lead].down:
        return lead
    return -1


def _last_with_cards(state: HandState, i: int) -> bool:
    """Step 7: ``i`` is the only live player with face-down cards."""
    return all(not p.down for j, p in enumerate(state.players) if p.live and j != i)


def _mid_turn(state: HandState, i: int) -> bool:
    """``i`` has turned a card this turn: a turn ends as soon as its player leads, so a
    player who turned the last card up and does not lead is still turning."""
    return _last_turner(state) == i and leader(state) != i


# ---------------------------------------------------------------- step 7

def _shown(state: HandState) -> set[Card]:
    cards = set(state.exposed)
    for p in state.players:
        cards.update(p.up)
    return cards


def _moves_wild(card: Card, follow: str) -> bool:
    if card.rank != Rank.QUEEN or card.suit is None:
        return False
    return follow == "queen" or card.suit.char in "sc"


def _wild_may_move(state: HandState, follow: str) -> bool:
    """A queen last up makes the next card wild; an unseen moving queen may be turned."""
    if state.exposed and _moves_wild(state.exposed[-1], follow):
        return True
    shown = _shown(state)
    return any(_moves_wild(c, follow) and c not in shown for c in DECK_52)


def _king_kills(state: HandState, step: NoPeek) -> bool:
    """The king of hearts is up and kills the hand (the suicide king versions)."""
    if not step.suicide_king or KING_OF_HEARTS not in state.exposed:
        return False
    if step.suicide_king != "unless-black-queens":
        return True
    before = state.exposed[:state.exposed.index(KING_OF_HEARTS)]
    return not all(q in before for q in BLACK_QUEENS)


def _king_may_kill(state: HandState, step: NoPeek) -> bool:
    if not step.suicide_king or KING_OF_HEARTS in _shown(state):
        return False
    return step.suicide_king != "unless-black-queens" or not all(
        q in state.exposed for q in BLACK_QUEENS)


def _low_key(state: HandState, cards: Sequence[Card]) -> tuple[int, ...] | None:
    rank = ranking(state.game.showdown.low)
    if len(cards) < rank.min_cards:
        return None
    wild = _wild(state) if state.game.showdown.wild.any else None
    value = rank.evaluate(list(cards), wild=wild)
    return value.key if value.qualifies else None


def _low_order(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank or 0)


def _could_make_low(state: HandState, i: int) -> bool:
    """Could ``i``'s face-down cards make (or tie) the best low, judged on the cards
    showing: an unseen card may be any card not face up (the lowest ranks help most)."""
    if not state.game.showdown.low:
        return False
    p = state.players[i]
    others = [k for j, q in enumerate(state.players) if q.live and j != i
              if (k := _low_key(state, q.up)) is not None]
    best_other = max(others) if others else None
    mine = _low_key(state, p.up)
    if mine is not None and (best_other is None or mine > best_other):
        return False  # he holds the low alone already; more cards cannot lose it
    shown = _shown(state)
    have = {c.rank for c in p.up}
    unseen = sorted((c for c in DECK_52 if c not in shown), key=_low_order)
    fresh: list[Card] = []
    for card in unseen:  # one card of each rank he lacks, lowest first
        if card.rank not in have:
            have.add(card.rank)
            fresh.append(card)
    fill = (fresh + [c for c in unseen if c not in fresh])[:len(p.down)]
    best = _low_key(state, (*p.up, *fill))
    return best is not None and (best_other is None or best >= best_other)


def _could_change(state: HandState, i: int, step: NoPeek) -> bool:
    """Step 7: could the last player's face-down cards change the outcome?"""
    if _king_may_kill(state, step):
        return True
    follow = state.game.showdown.wild.follow
    if follow and _wild_may_move(state, follow):
        return True
    if leader(state) != i:
        return True  # he does not hold the high hand alone: turning could make it
    return _could_make_low(state, i)


# ---------------------------------------------------------------- state changes

def _put(state: HandState, i: int, p: Player) -> tuple[Player, ...]:
    return (*state.players[:i], p, *state.players[i + 1:])


def _dead(state: HandState, i: int) -> HandState:
    """Step 7: the cards cannot be played: taken away face down, never shown."""
    p = state.players[i]
    return evolve(state, players=_put(state, i, evolve(p, down=())),
                  discards=(*state.discards, *p.down))


def _put_away(state: HandState) -> HandState:
    """The turning is over: the card to beat is nobody's card, so it leaves the board."""
    beat = _beat_card(state)
    if beat is None:
        return state
    return evolve(state, slots=tuple(s for s in state.slots if s[0] != BEAT),
                  turned=tuple(n for n in state.turned if n != BEAT),
                  discards=(*state.discards, beat))


def _redeal(state: HandState) -> HandState:
    """Suicide king: the hand is dead; a fresh pack to everyone not folded, pot kept."""
    players = tuple(evolve(p, down=(), up=()) for p in state.players)
    return evolve(state, players=players, seen=0, discards=(), burned=(), slots=(),
                  turned=(), exposed=(), turn=(), step=-1, rounds=state.rounds + 1)


def _frame(state: HandState) -> tuple[int, int, int]:
    """Indexes of the first NoPeek step, its betting round and the NoPeek it loops at."""
    steps = state.game.steps
    first = next(k for k, s in enumerate(steps) if isinstance(s, NoPeek))
    if not (first + 2 < len(steps) and isinstance(steps[first + 1], Bet)
            and isinstance(steps[first + 2], NoPeek)):
        raise VariantError(f"{state.game.name}: a NoPeek step must be followed by a Bet "
                           "and a second NoPeek (where the turns come back round)",
                           "bad_variant")
    return first, first + 1, first + 2


def _bet(state: HandState) -> HandState:
    """Steps 3 and 5: the turn is over; a betting round, the highest hand opening."""
    _, bet, _ = _frame(state)
    state = evolve(state, turn=(), step=bet)
    step = state.game.steps[bet]
    assert isinstance(step, Bet)
    b = start_round(state, step)
    lead = leader(state)
    if b is not None and lead >= 0 and state.players[lead].can_act:
        b = evolve(b, to_act=lead, opener=lead)
    return evolve(state, betting=b)


def _may_hold(state: HandState, step: NoPeek, i: int) -> bool:
    return step.may_hold and _last_with_cards(state, i) and not _mid_turn(state, i)


# ---------------------------------------------------------------- the runner

class NoPeekRunner:
    """NoPeek: whose turn it is to turn, the cards turned, step 7, the bets between."""

    def enter(self, state: HandState, step: Any) -> HandState:
        _, _, loop = _frame(state)
        if _king_kills(state, step):  # the card to beat was the king of hearts
            return _redeal(state)
        i = _next_turner(state)
        if i >= 0 and _last_with_cards(state, i) and not _could_change(state, i, step):
            state, i = _dead(state, i), -1
        if i < 0:  # nothing left to turn: no betting round, on to the showdown
            return evolve(_put_away(state), step=loop)
        return evolve(state, turn=(i,))

    def expected(self, state: HandState, step: Any) -> Expected:
        i = state.turn[0]
        hold = ("hold",) if _may_hold(state, step, i) else ()
        return Expected("choice", seat=state.players[i].seat, choices=("turn-card", *hold))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        i = state.turn[0]
        p = state.players[i]
        if not isinstance(event, Choice) or event.kind not in ("turn-card", "hold"):
            raise RuleViolation("illegal_action", f"Seat {p.seat} turns a face-down card "
                                "now (turn-card).")
        if event.seat != p.seat:
            raise _not_yours(state, event.seat, p.seat)
        if event.kind == "hold":
            if not _may_hold(state, step, i):
                raise RuleViolation("must_turn", f"Seat {p.seat} must turn a card: only "
                                    "the last player with face-down cards may hold them, "
                                    "before turning any (seed 004 No Peek Follow The Bitch "
                                    "step 8).")
            _, bet, _ = _frame(state)
            return evolve(_dead(state, i), turn=(), step=bet)  # nothing new: no bet
        if len(event.cards) != 1 or event.cards[0] not in p.down:
            raise RuleViolation("card_not_held", f"Seat {p.seat} must turn exactly one of "
                                "their own face-down cards.")
        card = event.cards[0]
        p = evolve(p, down=tuple(c for c in p.down if c != card), up=(*p.up, card))
        state = evolve(state, players=_put(state, i, p), exposed=(*state.exposed, card))
        if _king_kills(state, step):
            return _redeal(state)
        if leader(state) == i or not p.down:
            return _bet(state)  # he beat the hand showing, or has turned every card
        if _last_with_cards(state, i) and not _could_change(state, i, step):
            return _bet(_dead(state, i))  # step 7: the rest cannot change the outcome
        return state


def _not_yours(state: HandState, seat: int, turner: int) -> RuleViolation:
    j = state.index_of(seat)
    if j < 0:
        return RuleViolation("unknown_seat", f"Nobody sits in seat {seat}.")
    p = state.players[j]
    if p.live and j == leader(state):
        return RuleViolation("already_highest", f"Seat {seat} already has the highest hand "
                             f"showing and does not turn; seat {turner} turns now (seed 004 "
                             "No Peek step 4).")
    if p.live and not p.down:
        return RuleViolation("no_cards_to_turn", f"Seat {seat} has no face-down cards left "
                             "to turn (turned, or dead under No Peek step 7).")
    return RuleViolation("out_of_turn", f"It is seat {turner}'s turn to turn cards, not "
                         f"seat {seat}'s.")
