"""Statistics of one game: one fold of its steps into per-seat and game-wide figures.

The records, the simulator and the result screen all count with ``GameStats``, so they
agree on every figure for the same game. It is fed step by step as a game runs (the
cabinet loop, the sim) or by a replay (``GameStats.replay``), and both give the same
figures. Feeding costs a few attribute updates per event: the sim feeds every step.

What is counted:

- **plays**: accepted plays (Speed, Spit: ``played``; California: ``covered``);
- **longest run**: the most plays a seat made in a row with no other seat playing between;
- **stalls**: every time the game entered a stall (deadlocks included), announced or not:
  a hidden stall (``hidden_stall``) emits no ``stalled``, so the state's own count is read
  (``GameState.stalls``), not the events;
- **rejected** plays, moves and covers; Spit's **moves**, **slaps** (slap phases decided
  by a slap, per seat), **slap timeouts** and slaps that took the smaller pile; Speed's
  **rebuilds** and Spit's **recycles**; the **rounds** played;
- **reaction times**: for every accepted play, the time from the moment that exact play
  (the physical card and the pile, or the covered top) became legal and stayed legal to
  the command's ``t``. Measured lazily (only when asked) from the steps kept, so the sim,
  which does not ask (``GameStats(first, reactions=False)``), pays nothing for them. See
  ``reaction_records`` for the exact rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.commands import Command, Tick
from engine.events import (
    ActionRejected,
    CardMoved,
    CardPlayed,
    CenterReshuffled,
    Covered,
    Event,
    PlayRejected,
    Slapped,
    SpitRecycled,
)
from engine.games import AnyGame, of
from engine.protocol import LegalPlay
from engine.state import GameState, Phase

_SLAP = Phase.SLAP
_REJECTIONS = (PlayRejected, ActionRejected)


@dataclass(frozen=True, slots=True)
class Reaction:
    """One accepted play and when its play became legal (None: the tracker did not find
    it legal before it was made; it then counts 0 ms)."""

    seat: int
    t: int
    since: int | None

    @property
    def ms(self) -> int:
        return self.t - (self.t if self.since is None else self.since)


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's figures for one game."""

    seat: int
    plays: int = 0
    longest_run: int = 0
    """The most plays this seat made in a row with no other seat playing in between."""
    rejected: int = 0
    """Rejected plays, moves and covers."""
    moves: int = 0
    """Spit: stock tops moved to another slot."""
    slaps: int = 0
    """Spit: slap phases this seat won by slapping first."""
    cards_left: int = 0
    """Cards still to shed when the figures were taken."""
    stalls: int = 0
    """The game's stalls (every seat shares them)."""
    reactions_ms: tuple[int, ...] = ()
    """The reaction time of each accepted play, in order (empty unless measured)."""

    @property
    def mean_reaction_ms(self) -> float | None:
        times = self.reactions_ms
        return sum(times) / len(times) if times else None

    @property
    def best_reaction_ms(self) -> int | None:
        return min(self.reactions_ms) if self.reactions_ms else None


@dataclass(frozen=True, slots=True)
class GameTally:
    """One game's figures: per seat, and what the game shares."""

    seats: tuple[SeatStats, ...]
    winner: int | None
    over: bool
    length_ms: int
    """The clock the game reached."""
    commands: int
    """Commands fed (Ticks included)."""
    plays: int
    stalls: int
    """Every stall the game entered, hidden or not, deadlocks included."""
    deadlocks: int
    rebuilds: int
    """Speed: the centre reshuffled into new side piles."""
    recycles: int
    """Spit (``recycle``): a player's own pile turned into spit cards."""
    rejected: int
    moves: int
    slaps: int
    slap_timeouts: int
    """Spit: slap phases given out by the slap timeout."""
    slaps_smaller: int
    """Spit: slaps that took the smaller pile (or one of two equal piles)."""
    rounds: int

    @property
    def slap_wins(self) -> tuple[int, ...]:
        return tuple(seat.slaps for seat in self.seats)

    @property
    def reshuffles(self) -> int:
        """Rebuilds and recycles together (the sim's one figure for both)."""
        return self.rebuilds + self.recycles

    @property
    def cards_left(self) -> tuple[int, ...]:
        return tuple(seat.cards_left for seat in self.seats)


class GameStats:
    """The fold: ``GameStats(first)``, then ``add`` every step in order; ``tally()`` at any
    time. ``first`` is the game as started (before any command)."""

    __slots__ = (
        "_commands",
        "_first",
        "_game",
        "_moves",
        "_players",
        "_reactions",
        "_rebuilds",
        "_recycles",
        "_rejected",
        "_slaps",
        "_smaller",
        "_state",
        "_steps",
        "_timeouts",
    )

    def __init__(self, first: GameState, *, reactions: bool = True) -> None:
        """``reactions`` False keeps no steps (the sim's case): reaction times are then
        never measured and every tally leaves them out."""
        n = len(first.players)
        self._first = first
        self._state = first
        self._game = of(first)
        self._players: list[int] = []
        self._rejected = [0] * n
        self._moves = [0] * n
        self._slaps = [0] * n
        self._smaller = 0
        self._timeouts = 0
        self._rebuilds = 0
        self._recycles = 0
        self._commands = 0
        self._steps: list[tuple[Command, GameState, Sequence[Event]]] | None = (
            [] if reactions else None
        )
        """Every step fed: what reaction times are measured from, when asked."""
        self._reactions = _ReactionTracker(self._game, first) if reactions else None

    @classmethod
    def replay(
        cls, first: GameState, commands: Iterable[Command], *, reactions: bool = True
    ) -> GameStats:
        """The fold of ``commands`` applied to ``first`` in order."""
        stats = cls(first, reactions=reactions)
        step = stats._game.step
        state = first
        for cmd in commands:
            state, events = step(state, cmd)
            stats.add(cmd, state, events)
        return stats

    @property
    def state(self) -> GameState:
        """The last state fed."""
        return self._state

    def add(self, cmd: Command, state: GameState, events: Sequence[Event]) -> None:
        """One step: ``cmd`` took the last state fed to ``state``, emitting ``events``."""
        # The sim feeds every step: type identity (events are final classes), in order of
        # frequency; an isinstance costs more, one of a union twice as much.
        before = self._state
        self._state = state
        self._commands += 1
        if self._steps is not None:
            self._steps.append((cmd, state, events))
        for ev in events:
            if type(ev) is CardPlayed or type(ev) is Covered:
                # Seats in play order: plays and runs are counted from it when asked.
                self._players.append(ev.player)
            elif type(ev) is PlayRejected or type(ev) is ActionRejected:
                self._rejected[ev.player] += 1
            elif type(ev) is CardMoved:
                self._moves[ev.player] += 1
            elif type(ev) is CenterReshuffled:
                self._rebuilds += 1
            elif type(ev) is SpitRecycled:
                self._recycles += 1
            elif type(ev) is Slapped:
                self._slaps[ev.player] += 1
                sizes = [pile.depth for pile in self._game.table_cards(before).centre]
                self._smaller += sizes[ev.to] <= sizes[1 - ev.to]
        if before.phase is _SLAP and state.phase is not _SLAP:
            # A slap phase given out with no slap: the slap timeout.
            self._timeouts += not any(isinstance(ev, Slapped) for ev in events)

    def reactions(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the reaction time (ms) of each accepted play, in order (see
        ``reaction_records``)."""
        out: list[list[int]] = [[] for _ in self._first.players]
        for r in self.reaction_records():
            out[r.seat].append(r.ms)
        return tuple(map(tuple, out))

    def reaction_records(self) -> tuple[Reaction, ...]:
        """Every accepted play with the time its play became legal.

        Every play legal in the state after a step became legal at that step's time,
        unless it was already legal before (then it keeps its older time). Timers fire
        inside ``step`` when a later command passes their due time (the cabinet records no
        Ticks), so before each command every timer due by its ``t`` is fired at its own due
        time: what a flip makes legal dates from the flip, with or without Ticks fed. A
        paused game has no legal play, so a play legal at a resume dates from the resume;
        a lockout does not make a play illegal; rejected presses are no reactions.
        """
        tracker = self._reactions
        if tracker is None or self._steps is None:
            return ()
        tracker.advance(self._steps)
        return tuple(tracker.found)

    def tally(self, *, reactions: bool = True) -> GameTally:
        """The figures so far; ``reactions`` False leaves the reaction times out (they are
        measured when asked, by walking the steps fed since the last ask)."""
        state = self._state
        n = len(state.players)
        times = self.reactions() if reactions else ((),) * n
        plays, best = [0] * n, [0] * n
        run_seat, run = -1, 0
        for p in self._players:
            plays[p] += 1
            run = run + 1 if p == run_seat else 1
            run_seat = p
            if run > best[p]:
                best[p] = run
        seats = tuple(
            SeatStats(
                seat=p,
                plays=plays[p],
                longest_run=best[p],
                rejected=self._rejected[p],
                moves=self._moves[p],
                slaps=self._slaps[p],
                cards_left=seat.cards,
                stalls=state.stalls,
                reactions_ms=times[p],
            )
            for p, seat in enumerate(state.players)
        )
        return GameTally(
            seats=seats,
            winner=state.winner,
            over=state.is_over,
            length_ms=state.now,
            commands=self._commands,
            plays=len(self._players),
            stalls=state.stalls,
            deadlocks=state.deadlocks,
            rebuilds=self._rebuilds,
            recycles=self._recycles,
            rejected=sum(self._rejected),
            moves=sum(self._moves),
            slaps=sum(self._slaps),
            slap_timeouts=self._timeouts,
            slaps_smaller=self._smaller,
            rounds=state.round,
        )


class _ReactionTracker:
    """Walks the kept steps once, as far as asked: when each seat's plays became legal."""

    __slots__ = ("done", "found", "game", "since", "state", "stopped")

    def __init__(self, game: AnyGame, first: GameState) -> None:
        self.game = game
        self.state = first
        self.since = [
            dict.fromkeys(game.plays(first, p), first.now) for p in range(len(first.players))
        ]
        self.found: list[Reaction] = []
        self.done = 0
        self.stopped = False

    def track(self, at: int) -> None:
        plays, state = self.game.plays, self.state
        for p, old in enumerate(self.since):
            self.since[p] = {key: old.get(key, at) for key in plays(state, p)}

    def advance(self, steps: Sequence[tuple[Command, GameState, Sequence[Event]]]) -> None:
        step = self.game.step
        while self.done < len(steps) and not self.stopped:
            cmd, after, events = steps[self.done]
            self.done += 1
            state = self.state
            if state.is_over:
                self.stopped = True
                break
            if state.paused_at is None and any(tm.due <= cmd.t for tm in state.timers):
                # Fire due timers at their own time, so what they make legal dates from then.
                while self.state.paused_at is None and not self.state.is_over:
                    due = min((tm.due for tm in self.state.timers), default=None)
                    if due is None or due > cmd.t:
                        break
                    self.state, _ = step(self.state, Tick(due))
                    self.track(due)
                after, events = step(self.state, cmd)
            for event in events:
                played = _played(event)
                if played is not None:
                    p, key = played
                    self.found.append(Reaction(p, event.t, self.since[p].get(key)))
            self.state = after
            # Every change to the cards, the phase or a pause is told by an event; a
            # rejection changes at most a lockout, which legal plays leave aside.
            if any(type(event) not in _REJECTIONS for event in events):
                self.track(cmd.t)


def _played(event: Event) -> tuple[int, LegalPlay] | None:
    """The seat and play of an accepted play event, else None."""
    if isinstance(event, CardPlayed):
        return event.player, LegalPlay(event.card, event.to)
    if isinstance(event, Covered):
        return event.player, LegalPlay(event.on)
    return None


def reaction_times(first: GameState, commands: Sequence[Command]) -> tuple[tuple[int, ...], ...]:
    """Per seat, the reaction time (ms) of each accepted play, in order: how long each
    accepted play waited after it became legal (the cabinet's records keep their mean).

    ``first`` is the game as dealt (before any command), ``commands`` every command applied
    to it in order (Ticks may be left out). Never negative, and zero for a play legal only
    from the same millisecond. "That exact play" is what the game's ``plays`` lists
    (``engine.protocol.GameRules``): the physical card and the centre pile in Speed (a
    deadlock's free play onto the own LEFT pile included) and Spit, the covered top in
    California; Spit's moves into an empty stock slot are housekeeping, not reactions to
    the table, and are not measured (the rule is in ``GameStats.reaction_records``).
    """
    return GameStats.replay(first, commands).reactions()
