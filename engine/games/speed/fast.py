"""Speed's fast path: a play, or a ready slam at a stall, judged on the frozen state,
building only what it changes (the sim's hot path). Whatever it cannot judge it hands back
(None) to the general path, ``engine.games.speed.step._Work``; the differential test
(tests/engine/playout.py, run by tests/engine/test_properties.py) checks the two agree on
every step of random playouts.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.commands import Play, Slam
from engine.events import CardFlipped, CardPlayed, Event, PlayRejected, Reason, Stalled
from engine.games.speed.rules import claims, joker_barred
from engine.games.speed.state import SpeedPlayer, SpeedState, new_speed_player, new_speed_state
from engine.rules import Rules
from engine.state import Phase, Timer, TimerKind, positional_new

_PLAYING, _STALLED = Phase.PLAYING, Phase.STALLED
_FLIP = TimerKind.FLIP
_new_played = positional_new(CardPlayed)


@dataclass(frozen=True, slots=True)
class Lookups:
    """What the fast paths look up in the rules on every step, derived once per rules."""

    adjacent: tuple[tuple[bool, ...], ...]
    """adjacent[top rank][card rank], as ``Rules.adjacent``."""
    accepts: tuple[int, ...]
    """accepts[top rank], as ``Rules.accepts``."""
    reach: tuple[tuple[int, int], ...]
    """reach[player], as ``Rules.reach``."""


LOOKUPS: dict[int, tuple[Rules, Lookups]] = {}
"""By ``id(rules)``; each entry keeps its rules alive, so an id is never reused for another.
(Hashing a Rules hashes all its fields: slower than the lookups it would save.)"""


def lookups(rules: Rules) -> Lookups:
    found = LOOKUPS.get(id(rules))
    if found is None:
        if len(LOOKUPS) >= 256:  # a long test run makes many rules; the sim one
            LOOKUPS.clear()
        found = LOOKUPS[id(rules)] = (
            rules,
            Lookups(
                tuple(tuple(rules.adjacent(c, top) for c in range(14)) for top in range(14)),
                tuple(rules.accepts(top) for top in range(14)),
                tuple(rules.reach(p) for p in range(rules.players)),
            ),
        )
    return found[1]


def stuck(
    look: Lookups,
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


def evolve(
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


def play_fast(state: SpeedState, cmd: Play) -> tuple[SpeedState, list[Event]] | None:
    """A play that fires no timer, in a phase with no deadlock rule: judged on the frozen
    state, building only what it changes. None hands the play to the general path: a play
    that puts its player out, or starts a stall whose flip is due at once."""
    p, to, t = cmd.player, cmd.to, cmd.t
    rules = state.rules
    look = lookups(rules)
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
        lockout = rules.lockout_for(p)
        if reason.locks_out and lockout:
            locked = new_speed_player(hand, me.draw, t + lockout)
            players = (*players[:p], locked, *players[p + 1 :])
        return evolve(state, now=t, players=players), [PlayRejected(t, p, reason, cmd.card, to)]
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
    if state.phase is _PLAYING and stuck(look, players, center, state.side):
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
    return evolve(state, now=t, players=players, center=center), played


def ready_fast(state: SpeedState, cmd: Slam) -> tuple[SpeedState, list[Event]] | None:
    """A slam at a stall (not a deadlock) that fires no timer and is neither a claim nor
    the last player's ready (which flips): rule 5's ready, or nothing for one already
    ready. None hands it to the general path (``_Work.slam``)."""
    p = cmd.player
    players = state.players
    me = players[p]
    if not (me.hand or me.draw):
        return None  # an out player's slam: a claim, or nothing
    if claims(state.rules.call, False, players):
        return None  # a claim for someone out
    ready = state.ready
    if p not in ready:
        ready = ready | {p}
        for q, other in enumerate(players):
            if q not in ready and (other.hand or other.draw):
                break
        else:
            return flip_fast(state, cmd.t)  # every player holding cards is ready
    return evolve(state, now=cmd.t, ready=ready), []


def flip_fast(state: SpeedState, t: int) -> tuple[SpeedState, list[Event]] | None:
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
    if any(me.hand for me in players) and stuck(lookups(rules), players, after_center, after_side):
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
