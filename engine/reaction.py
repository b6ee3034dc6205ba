"""Reaction times: how long each accepted play waited after it became legal.

The cabinet's records keep a mean reaction time per seat and per initials (from the press
timestamps). This module replays a finished game from its first state and its commands and
measures, for every play the engine accepted, the time from the moment that exact play
became legal to the command's ``t``.

"That exact play" is, per game:

- Speed: (the physical card, the centre pile) as ``speed.legal_plays`` lists it, plus the
  once-per-deadlock rank-free play of any held card onto the player's own LEFT pile (rule 8),
  which ``legal_plays`` leaves out but the engine accepts; ``played`` events are the plays.
- Spit: (the stock top, the spit pile) as ``spit.legal_plays`` lists it; ``played`` events.
  Moves into an empty stock slot are housekeeping, not reactions to the table, and are not
  measured (a move can still reveal a card, which becomes legal at the move).
- California: the visible top covered, as ``california.legal_covers`` lists it for that
  player; ``covered`` events.

When a play became legal: every play legal in the state after a step became legal at that
step's time, unless it was already legal before the step (then it keeps its older time).
Timers (a stall's flip, a call timeout, a slap timeout) fire inside ``step`` when a later
command passes their due time, and the cabinet records no Ticks; so before each command
every timer due by its ``t`` is fired by a ``Tick`` at the timer's own due time. The plays
a flip makes legal thus date from the flip (the time of the events it emitted), not from
the next press, and the result is the same with or without the Ticks in ``commands``.

A paused game has no legal play, so a play legal at a resume dates from the resume. A
lockout does not make a play illegal (it is the player's own doing, as in ``legal_plays``):
a player locked out by a wrong press keeps counting. Rejected presses are no reactions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine import california, speed, spit
from engine.cards import Card
from engine.commands import Command, Tick
from engine.events import ActionRejected, CardPlayed, Covered, Event, PlayRejected
from engine.game import GameState, step
from engine.state import Phase, SpeedState

_REJECTIONS = (PlayRejected, ActionRejected)

_Key = tuple[Card, int] | Card
"""One play: (card, pile) in Speed and Spit; the covered top in California."""


def reaction_times(first: GameState, commands: Sequence[Command]) -> tuple[tuple[int, ...], ...]:
    """Per seat, the reaction time (ms) of each accepted play, in order.

    ``first`` is the game as dealt (before any command), ``commands`` every command applied
    to it in order (Ticks may be left out). A reaction is the play's ``t`` minus the time
    the play became legal and stayed legal until it was made (see the module docstring);
    never negative, and zero for a play legal only from the same millisecond.
    """
    out: list[list[int]] = [[] for _ in range(first.rules.players)]
    for player, t, since in _replay(first, commands):
        out[player].append(t - (t if since is None else since))
    return tuple(map(tuple, out))


def _replay(first: GameState, commands: Sequence[Command]) -> Iterator[tuple[int, int, int | None]]:
    """Each accepted play as (player, t, since): when its play became legal, or None if
    the engine accepted a play this module did not find legal (a gap in ``_legal``)."""
    seats = range(first.rules.players)
    state = first
    since = [dict.fromkeys(_legal(state, p), state.now) for p in seats]

    def track(at: int) -> None:
        for p in seats:
            old = since[p]
            since[p] = {key: old.get(key, at) for key in _legal(state, p)}

    for cmd in commands:
        if state.is_over:
            break
        # Fire due timers at their own time, so what they make legal dates from then.
        while state.paused_at is None and not state.is_over:
            due = min((tm.due for tm in state.timers), default=None)
            if due is None or due > cmd.t:
                break
            state, _ = step(state, Tick(due))
            track(due)
        state, events = step(state, cmd)
        for event in events:
            played = _played(event)
            if played is not None:
                p, key = played
                yield p, event.t, since[p].get(key)
        # Every change to the cards, the phase or a pause is told by an event; a rejection
        # changes at most a lockout, which ``_legal`` leaves aside.
        if any(type(event) not in _REJECTIONS for event in events):
            track(cmd.t)


def _played(event: Event) -> tuple[int, _Key] | None:
    """The player and play of an accepted play event, else None."""
    if isinstance(event, CardPlayed):
        return event.player, (event.card, event.to)
    if isinstance(event, Covered):
        return event.player, event.on
    return None


def _legal(state: GameState, player: int) -> set[_Key]:
    """The plays ``player`` may make now, lockouts aside; none while paused or over."""
    if state.paused_at is not None or state.is_over:
        return set()
    if isinstance(state, SpeedState):
        keys: set[_Key] = set(speed.legal_plays(state, player))
        if state.phase is Phase.DEADLOCKED and player not in state.deadlock_played:
            # Rule 8's free play onto the own LEFT pile (pile index = seat).
            keys.update((card, player) for card in state.players[player].hand)
        return keys
    if isinstance(state, spit.SpitState):
        return set(spit.legal_plays(state, player))
    return set(california.legal_covers(state, player))
