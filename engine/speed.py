"""Speed for 2-4 players: the deal, the table at t = 0, and ``step``.

Every rule here is numbered as in the scenario contract's Speed section (rule 1-10);
rules.md labels (SPD-*, J-*, E*) are given where they add a reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cards import Card, shuffle_stream, shuffled_deck
from engine.commands import Command, Play, Slam
from engine.errors import EngineError as EngineError
from engine.errors import InvalidPosition as InvalidPosition
from engine.events import (
    CardDrawn,
    CardFlipped,
    CardPlayed,
    CenterReshuffled,
    Event,
    PenaltyTaken,
    PlayRejected,
    Reason,
    Stalled,
)
from engine.rules import CallMode, Deadlock, FalseCall, Game, Reshuffle, Rules
from engine.state import (
    GameTable,
    Phase,
    SpeedPlayer,
    SpeedState,
    Timer,
    TimerKind,
    new_speed_player,
    new_speed_state,
    positional_new,
)
from engine.work import Work, run_step

HAND_SIZE = 5

_PLAYING, _STALLED = Phase.PLAYING, Phase.STALLED
_FLIP = TimerKind.FLIP
_CALL, _EITHER = CallMode.CALL, CallMode.EITHER
_new_played = positional_new(CardPlayed)


@dataclass(frozen=True, slots=True)
class SpeedTable(GameTable):
    """A Speed layout as dealt or as written down (every pile top first)."""

    hands: tuple[tuple[Card, ...], ...]
    draws: tuple[tuple[Card, ...], ...]
    center: tuple[tuple[Card, ...], ...]
    side: tuple[tuple[Card, ...], ...]
    burned: tuple[Card, ...] = ()


class Held(Protocol):
    """Anything that counts a player's cards still to shed (a player, a scratch count)."""

    @property
    def cards(self) -> int: ...


def claims(call: CallMode, p: int, players: Sequence[Held]) -> bool:
    """Rule 9: is a SLAM by ``p`` now a claim of the win? With ``call``, when ``p`` is out;
    with ``either``, once any player is out (``auto`` wins at once: nothing to claim)."""
    if call is _CALL:
        return not players[p].cards
    return call is _EITHER and any(not q.cards for q in players)


def joker_barred(cards: int, side: Sequence[Card]) -> bool:
    """Rule 1: a joker may not be a player's last card (``cards`` to shed, the joker
    among them) while their side pile (``side``) still holds cards."""
    return cards == 1 and bool(side)


@dataclass(frozen=True, slots=True)
class _Count:
    cards: int


def deal(rules: Rules, rng: random.Random) -> SpeedTable:
    """Rule 10: side piles, one starter per centre pile, the rest split evenly into draw
    piles whose first five cards form the hand; a remainder is burned."""
    n = rules.players
    deck = shuffled_deck(rules.decks, rules.jokers, rng)
    k = rules.side_size
    side = tuple(tuple(deck[i * k : (i + 1) * k]) for i in range(n))
    pos = n * k
    center = tuple((deck[pos + i],) for i in range(n))
    pos += n
    each = (len(deck) - pos) // n
    draws = [deck[pos + i * each : pos + (i + 1) * each] for i in range(n)]
    burned = tuple(deck[pos + n * each :])
    hands = tuple(tuple(d[:HAND_SIZE]) for d in draws)
    return SpeedTable(hands, tuple(tuple(d[HAND_SIZE:]) for d in draws), center, side, burned)


def new_game(rules: Rules, rng: random.Random, seed: int = 0) -> tuple[SpeedState, list[Event]]:
    """Deal with ``rng`` and start play at t = 0. Later shuffles use ``cards.shuffle_stream``."""
    return start(rules, deal(rules, rng), rng, seed)


def start(
    rules: Rules, table: SpeedTable, rng: random.Random, seed: int = 0
) -> tuple[SpeedState, list[Event]]:
    """Start play on ``table`` at t = 0: hands under 5 are topped up (no event), then the
    table is checked like any state (a player out, a stall).

    ``rng`` is not drawn from: later shuffles use ``cards.shuffle_stream`` (see there).
    """
    if rules.game is not Game.SPEED:
        raise EngineError(f"speed.start needs Speed rules, not {rules.game}")
    n = rules.players
    shapes = (table.hands, table.draws, table.center, table.side)
    if any(len(zone) != n for zone in shapes):
        raise InvalidPosition(f"a {n}-player table needs {n} hands, draws, centre and side piles")
    if any(len(h) > HAND_SIZE for h in table.hands):
        raise InvalidPosition("a hand holds at most 5 cards")
    if any(not c for c in table.center):
        raise InvalidPosition("every centre pile holds at least one card")
    players = []
    for hand, draw in zip(table.hands, table.draws, strict=True):
        fill = HAND_SIZE - len(hand)
        players.append(SpeedPlayer(hand + draw[:fill], draw[fill:]))
    state = SpeedState(
        rules=rules,
        players=tuple(players),
        center=table.center,
        side=table.side,
        burned=table.burned,
        seed=seed,
        rng_state=shuffle_stream("speed", seed).getstate(),
    )
    work = _Work(state)
    for p in range(n):
        if not work.is_over():
            work.check_out(p)
    return work.opened()


def step(state: SpeedState, cmd: Command) -> tuple[SpeedState, list[Event]]:
    """Apply one command at ``cmd.t``: timers due at or before it fire first, in due order.

    Once the game is decided nothing happens. Time never goes backwards (EngineError).
    """
    # The fast paths: a play, or a ready slam at a stall, in time, unpaused, with no timer
    # due, in play or at a stall (not in a deadlock, nor in a decided game: run_step answers
    # those, and whatever a fast path hands back).
    phase = state.phase
    t = cmd.t
    if (phase is _PLAYING or phase is _STALLED) and t >= state.now and state.paused_at is None:
        for tm in state.timers:
            if tm.due <= t:
                break
        else:
            done = None
            if type(cmd) is Play:
                done = _play_fast(state, cmd)
            elif type(cmd) is Slam and phase is _STALLED:
                done = _ready_fast(state, cmd)
            if done is not None:
                return done
    return run_step(state, cmd, _Work, _evolve)


def _step_slow(state: SpeedState, cmd: Command) -> tuple[SpeedState, list[Event]]:
    """``step`` through the general path: a scratch copy of every zone."""
    return _Work(state).run(cmd)


def _any_legal(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    draws: Sequence[Sequence[Card]],
    center: Sequence[Sequence[Card]],
    side: Sequence[Sequence[Card]],
) -> bool:
    """Rule 5's test: does any player hold a legal play (lockouts ignored)?"""
    accepts = rules.accepts
    masks = [accepts(pile[0].rank) for pile in center]
    for p, hand in enumerate(hands):
        if not hand:
            continue
        left, right = rules.reach(p)
        held = 0
        for card in hand:
            held |= 1 << card.rank
        if held & (masks[left] | masks[right]) & ~1:
            return True
        # A joker (bit 0) is always legal, unless it would be the last card.
        if held & 1 and not joker_barred(len(hand) + len(draws[p]), side[p]):
            return True
    return False


def can_play(state: SpeedState, player: int, card: Card, pile: int) -> bool:
    """Rule 1 without the lockout: may ``player`` put held ``card`` on ``pile``?"""
    rules = state.rules
    if pile not in rules.reach(player):
        return False
    if card.is_joker:
        return not joker_barred(state.players[player].cards, state.side[player])
    return rules.adjacent(card.rank, state.center[pile][0].rank)


def legal_plays(state: SpeedState, player: int) -> list[tuple[Card, int]]:
    """Every (held card, pile) the rules allow now, lockouts aside, in slot then pile order."""
    piles = sorted(set(state.rules.reach(player)))
    return [
        (card, pile)
        for card in state.players[player].hand
        for pile in piles
        if can_play(state, player, card, pile)
    ]


def has_legal_play(state: SpeedState) -> bool:
    """Does any player hold a legal play (rule 5's stall test, lockouts ignored)?"""
    return _any_legal(
        state.rules,
        [p.hand for p in state.players],
        [p.draw for p in state.players],
        state.center,
        state.side,
    )


@dataclass(frozen=True, slots=True)
class _Lookups:
    """What the fast paths look up in the rules on every step, derived once per rules."""

    adjacent: tuple[tuple[bool, ...], ...]
    """adjacent[top rank][card rank], as ``Rules.adjacent``."""
    accepts: tuple[int, ...]
    """accepts[top rank], as ``Rules.accepts``."""
    reach: tuple[tuple[int, int], ...]
    """reach[player], as ``Rules.reach``."""


_LOOKUPS: dict[int, tuple[Rules, _Lookups]] = {}
"""By ``id(rules)``; each entry keeps its rules alive, so an id is never reused for another.
(Hashing a Rules hashes all its fields: slower than the lookups it would save.)"""


def _lookups(rules: Rules) -> _Lookups:
    found = _LOOKUPS.get(id(rules))
    if found is None:
        if len(_LOOKUPS) >= 256:  # a long test run makes many rules; the sim one
            _LOOKUPS.clear()
        found = _LOOKUPS[id(rules)] = (
            rules,
            _Lookups(
                tuple(tuple(rules.adjacent(c, top) for c in range(14)) for top in range(14)),
                tuple(rules.accepts(top) for top in range(14)),
                tuple(rules.reach(p) for p in range(rules.players)),
            ),
        )
    return found[1]


def _stuck(
    look: _Lookups,
    players: tuple[SpeedPlayer, ...],
    center: tuple[tuple[Card, ...], ...],
    side: tuple[tuple[Card, ...], ...],
) -> bool:
    """``not has_legal_play`` on a state's zones (the fast paths' copy of ``_any_legal``)."""
    accepts = look.accepts
    masks = [accepts[pile[0].rank] for pile in center]
    reach = look.reach
    for p, me in enumerate(players):
        hand = me.hand
        if not hand:
            continue
        held = 0
        for card in hand:
            held |= 1 << card.rank
        left, right = reach[p]
        if held & (masks[left] | masks[right]) & ~1:
            return False
        # A joker (bit 0) is always legal, unless it would be the last card.
        if held & 1 and not joker_barred(len(hand) + len(me.draw), side[p]):
            return False
    return True


def _evolve(
    s: SpeedState,
    now: int,
    *,
    players: tuple[SpeedPlayer, ...] | None = None,
    center: tuple[tuple[Card, ...], ...] | None = None,
    ready: frozenset[int] | None = None,
) -> SpeedState:
    """``s`` at ``now`` with new players, centre or ready players (and, with a new centre, a
    play since the last rebuild). ``dataclasses.replace`` costs several times more on the
    hot path."""
    return new_speed_state(
        s.rules,
        s.players if players is None else players,
        s.phase,
        now,
        s.timers,
        s.timer_seq,
        s.ready if ready is None else ready,
        s.paused_at,
        s.winner,
        s.seed,
        s.rng_state,
        s.stalls,
        s.deadlocks,
        s.center if center is None else center,
        s.side,
        s.burned,
        s.deadlock_played,
        s.rebuilt_since_play and center is None,
    )


def _play_fast(state: SpeedState, cmd: Play) -> tuple[SpeedState, list[Event]] | None:
    """A play that fires no timer, in a phase with no deadlock rule: judged on the frozen
    state, building only what it changes. None hands the play to the general path: a play
    that puts its player out, or starts a stall whose flip is due at once."""
    p, to, t = cmd.player, cmd.to, cmd.t
    rules = state.rules
    look = _lookups(rules)
    players = state.players
    me = players[p]
    hand = me.hand
    code = cmd.card
    slot = -1
    for k, held in enumerate(hand):
        if held.code == code:
            slot = k
            break
    reason: Reason | None = None
    if t < me.locked_until:
        reason = Reason.LOCKED
    elif slot < 0:
        reason = Reason.NOT_HELD
    elif to not in look.reach[p]:
        reason = Reason.OUT_OF_REACH
    elif hand[slot].rank == 0:  # a joker
        if joker_barred(len(hand) + len(me.draw), state.side[p]):
            reason = Reason.JOKER_LAST
    elif not look.adjacent[state.center[to][0].rank][hand[slot].rank]:
        reason = Reason.NOT_ADJACENT
    if reason is not None:
        if reason.locks_out and rules.lockout_ms:
            locked = new_speed_player(hand, me.draw, t + rules.lockout_ms)
            players = (*players[:p], locked, *players[p + 1 :])
        return _evolve(state, now=t, players=players), [PlayRejected(t, p, reason, cmd.card, to)]
    card = hand[slot]
    # Rule 4: the emptied slot takes the draw pile's top, or closes.
    draw = me.draw
    if draw:
        hand = (*hand[:slot], draw[0], *hand[slot + 1 :])
        draw = draw[1:]
    else:
        hand = (*hand[:slot], *hand[slot + 1 :])
        draw = ()
        if not hand:
            return None
    players = (*players[:p], new_speed_player(hand, draw, me.locked_until), *players[p + 1 :])
    center = state.center
    center = (*center[:to], (card, *center[to]), *center[to + 1 :])
    played: list[Event] = [_new_played(t, p, card, to)]
    if state.phase is _PLAYING and _stuck(look, players, center, state.side):
        # Rule 5 (``_Work.settle``): nobody can play, a stall. Never a deadlock (rule 8):
        # this play cleared the rebuild mark and left a centre pile of two cards or more.
        delay = rules.stall_delay_ms
        if not delay:
            return None  # the flip is due at once
        flip = Timer(t + delay, state.timer_seq, _FLIP)
        if not rules.hidden_stall:
            played.append(Stalled(t, False))
        return new_speed_state(
            rules,
            players,
            _STALLED,
            t,
            (*state.timers, flip),
            state.timer_seq + 1,
            frozenset(),
            None,
            None,
            state.seed,
            state.rng_state,
            state.stalls + 1,
            state.deadlocks,
            center,
            state.side,
            state.burned,
            frozenset(),
            False,
        ), played
    return _evolve(state, now=t, players=players, center=center), played


def _ready_fast(state: SpeedState, cmd: Slam) -> tuple[SpeedState, list[Event]] | None:
    """A slam at a stall (not a deadlock) that fires no timer and is neither a claim nor
    the last player's ready (which flips): rule 5's ready, or nothing for one already
    ready. None hands it to the general path (``_Work.slam``)."""
    p = cmd.player
    players = state.players
    me = players[p]
    if not (me.hand or me.draw):
        return None  # an out player's slam: a claim, or nothing
    if claims(state.rules.call, p, players):
        return None  # a claim for someone out
    ready = state.ready
    if p not in ready:
        ready = ready | {p}
        for q, other in enumerate(players):
            if q not in ready and (other.hand or other.draw):
                break
        else:
            return _flip_fast(state, cmd.t)  # every player holding cards is ready
    return _evolve(state, now=cmd.t, ready=ready), []


def _flip_fast(state: SpeedState, t: int) -> tuple[SpeedState, list[Event]] | None:
    """The flip (rule 6) as the last ready slam brings it at ``t``, in its common case: a
    side pile is left (no rebuild), no jokers (no joker draw), and play goes on (no new
    stall). None hands it to the general path (``_Work.ready_up``, ``flip``, ``settle``)."""
    rules = state.rules
    side = state.side
    if rules.jokers or not any(side):
        return None
    center = list(state.center)
    flipped = list(side)
    events: list[Event] = []
    for i, pile in enumerate(side):
        if pile:
            card = pile[0]
            center[i] = (card, *center[i])
            flipped[i] = pile[1:]
            events.append(CardFlipped(t, card, i))
    after_center, after_side = tuple(center), tuple(flipped)
    players = state.players
    if any(me.hand for me in players) and _stuck(
        _lookups(rules), players, after_center, after_side
    ):
        return None  # stalled again
    return new_speed_state(
        rules,
        players,
        _PLAYING,
        t,
        tuple(tm for tm in state.timers if tm.kind is not _FLIP),
        state.timer_seq,
        frozenset(),
        None,
        None,
        state.seed,
        state.rng_state,
        state.stalls,
        state.deadlocks,
        after_center,
        after_side,
        state.burned,
        frozenset(),
        state.rebuilt_since_play,
    ), events


class _Work(Work[SpeedState]):
    """Speed's scratch copy: hands, draw piles, centre and side piles."""

    def __init__(self, s: SpeedState) -> None:
        super().__init__(s)
        self.hands = [list(p.hand) for p in s.players]
        self.draws = [list(p.draw) for p in s.players]
        self.center = [list(c) for c in s.center]
        self.side = [list(c) for c in s.side]
        self.burned = s.burned
        self.deadlock_played = set(s.deadlock_played)
        self.rebuilt = s.rebuilt_since_play

    def freeze(self) -> SpeedState:
        return new_speed_state(
            self.rules,
            tuple(
                new_speed_player(tuple(h), tuple(d), lk)
                for h, d, lk in zip(self.hands, self.draws, self.locked, strict=True)
            ),
            self.phase,
            self.now,
            tuple(self.timers),
            self.timer_seq,
            frozenset(self.ready),
            self.paused_at,
            self.winner,
            self.seed,
            self.rng_state,
            self.stalls,
            self.deadlocks,
            tuple(map(tuple, self.center)),
            tuple(map(tuple, self.side)),
            self.burned,
            frozenset(self.deadlock_played),
            self.rebuilt,
        )

    def act(self, cmd: Command) -> None:
        if isinstance(cmd, Play):
            self.play(cmd)

    # Small queries.

    def cards(self, p: int) -> int:
        return len(self.hands[p]) + len(self.draws[p])

    def any_legal(self) -> bool:
        return _any_legal(self.rules, self.hands, self.draws, self.center, self.side)

    # Timers.

    def fire(self, timer: Timer) -> None:
        if timer.kind is TimerKind.FLIP:
            self.flip()
        elif self.cards(timer.player) == 0:
            self.penalty(timer.player, missed_call=True)

    # Endings.

    def check_out(self, p: int) -> None:
        """Rule 9: a player with no cards in hand or draw is out."""
        if self.cards(p):
            return
        if self.rules.call is CallMode.AUTO:
            self.win(p)
        elif self.rules.call is CallMode.CALL:
            self.set_timer(self.now + self.rules.call_timeout_ms, TimerKind.CALL, p)

    def settle(self) -> None:
        """Rule 5: detect a stall after anything changed the table."""
        if self.phase is not Phase.PLAYING:
            return
        if not any(self.hands) or self.any_legal():
            return
        # Rule 8: a deadlock is decided when the stall is detected.
        deadlock = not any(self.side) and (
            self.rebuilt or all(len(pile) == 1 for pile in self.center)
        )
        self.deadlock_played.clear()
        self.stall(deadlock, announce=not self.rules.hidden_stall)

    # Moving cards.

    def take_from_hand(self, p: int, slot: int) -> Card:
        """Rule 4: the emptied slot takes the draw pile's top, or closes."""
        hand = self.hands[p]
        card = hand[slot]
        if self.draws[p]:
            hand[slot] = self.draws[p].pop(0)
        else:
            del hand[slot]
        return card

    def penalty(self, p: int, missed_call: bool = False) -> None:
        """The pile penalty: the smallest centre pile with a card under its top gives up
        those cards, under ``p``'s draw pile; the hand then tops up to 5."""
        piles = [i for i, pile in enumerate(self.center) if len(pile) > 1]
        if not piles:
            # Nothing moves and no new call timer: the out player may still call.
            self.events.append(PenaltyTaken(self.now, p, 0))
            return
        i = min(piles, key=lambda k: (len(self.center[k]), k))
        moved = self.center[i][1:]
        del self.center[i][1:]
        self.draws[p] += moved
        while len(self.hands[p]) < HAND_SIZE and self.draws[p]:
            self.hands[p].append(self.draws[p].pop(0))
        self.events.append(PenaltyTaken(self.now, p, len(moved)))
        self.settle()

    # Commands.

    def reject(self, p: int, reason: Reason, cmd: Play) -> None:
        self.events.append(PlayRejected(self.now, p, reason, cmd.card, cmd.to))
        self.lock_out(p, reason)

    def play(self, cmd: Play) -> None:
        p, to = cmd.player, cmd.to
        if self.paused_at is not None:
            return self.reject(p, Reason.PAUSED, cmd)
        if self.now < self.locked[p]:
            return self.reject(p, Reason.LOCKED, cmd)
        hand = self.hands[p]
        slot = next((k for k, c in enumerate(hand) if c.code == cmd.card), None)
        if slot is None:
            return self.reject(p, Reason.NOT_HELD, cmd)
        if to not in self.rules.reach(p):
            return self.reject(p, Reason.OUT_OF_REACH, cmd)
        card = hand[slot]
        pile = self.center[to]
        if card.is_joker:
            if joker_barred(self.cards(p), self.side[p]):
                return self.reject(p, Reason.JOKER_LAST, cmd)
        elif not self.rules.adjacent(card.rank, pile[0].rank):
            # Rule 8: once per deadlock, any held card may go on your own LEFT pile.
            if self.phase is Phase.DEADLOCKED and to == p and p not in self.deadlock_played:
                self.deadlock_played.add(p)
            else:
                return self.reject(p, Reason.NOT_ADJACENT, cmd)
        self.take_from_hand(p, slot)
        pile.insert(0, card)
        self.rebuilt = False
        self.events.append(CardPlayed(self.now, p, card, to))
        self.check_out(p)
        if self.phase.is_stall and not self.is_over() and not self.cards(p):
            # Rule 5: out of cards during a stall (a deadlock play, or a play of cards a
            # missed call gave back): the flip may be due at once. ``_play_fast`` hands
            # every play that empties a hand to this path.
            self.flip_if_all_ready()
        self.settle()
        return None

    def slam(self, p: int) -> None:
        if self.paused_at is not None:
            return
        # Rule 9: a slam that is a claim wins, also during a stall.
        if claims(self.rules.call, p, [_Count(self.cards(q)) for q in range(self.n)]):
            return self.win(p)
        if self.phase.is_stall:
            # Rule 5: ready; the flip comes once every player holding cards is ready.
            return self.ready_up(p)
        if self.rules.false_call is FalseCall.PENALTY:
            self.penalty(p)
        return None

    # The flip.

    def flip(self) -> None:
        if self.phase is Phase.DEADLOCKED:
            self.deadlock_flip()
        else:
            self.stall_flip()
        if not self.is_over():
            self.phase = Phase.PLAYING
            self.ready.clear()
            self.deadlock_played.clear()
            self.settle()

    def stall_flip(self) -> None:
        """Rules 5-7: rebuild if every side pile is empty, jokers-only draws, then flips."""
        if not any(self.side):
            self.rebuild()
        if self.rules.jokers:
            for p in range(self.n):
                held = self.hands[p] + self.draws[p]
                if held and all(c.is_joker for c in held) and self.side[p]:
                    card = self.side[p].pop(0)
                    self.hands[p].append(card)
                    self.events.append(CardDrawn(self.now, p, card))
        for i, side in enumerate(self.side):
            if side:
                card = side.pop(0)
                self.center[i].insert(0, card)
                self.events.append(CardFlipped(self.now, card, i))

    def rebuild(self) -> None:
        """Rule 7: shuffle what lies under the centre tops into new side piles."""
        rng = self.rng()
        if self.rules.reshuffle is Reshuffle.EACH:
            for i, pile in enumerate(self.center):
                under = pile[1:]
                del pile[1:]
                rng.shuffle(under)
                self.side[i] = under
        else:
            under = [card for pile in self.center for card in pile[1:]]
            for pile in self.center:
                del pile[1:]
            rng.shuffle(under)
            self.side = [under[i :: self.n] for i in range(self.n)]
        self.rng_state = rng.getstate()
        self.rebuilt = True
        self.events.append(CenterReshuffled(self.now))

    def deadlock_flip(self) -> None:
        """Rule 8: forced discards onto each player's LEFT pile, in player order."""
        if self.rules.deadlock is Deadlock.END_ROUND:
            return self.fewest([self.cards(p) for p in range(self.n)])
        for p in range(self.n):
            if self.hands[p] and p not in self.deadlock_played:
                card = self.take_from_hand(p, 0)
                self.center[p].insert(0, card)
                self.events.append(CardFlipped(self.now, card, p, player=p))
                self.check_out(p)
                if self.is_over():
                    return None
        return None
