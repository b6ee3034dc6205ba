"""The scratch copy every game's ``step`` edits, and the step around it.

Every game steps the same way: once the game is decided nothing happens, time never goes
backwards, and a Tick that fires no timer only moves the clock; any other command goes to
a mutable ``Work`` copy of the state, which fires the timers due, takes the command, fires
what the command made due, and is frozen into the next state.

``Work`` holds what every game's copy shares (the clock from ``engine.clock``, lockouts,
ready players, the ending of a game); each game's ``_Work`` (speed.py, spit.py,
california.py) adds its zones and its own rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Generic, TypedDict, TypeVar

from engine.clock import Clocked
from engine.commands import Command, Pause, Resume, Slam, Tick
from engine.errors import EngineError
from engine.events import Event, GameTied, GameWon, Reason, Stalled
from engine.rules import Rules
from engine.state import GameState, Phase, Timer, TimerKind

S = TypeVar("S", bound=GameState)

OPENING_FIRES = 256
"""Timers a game's start fires at most: a 0 ms stall delay re-dealing up to ``round_limit``
at t = 0 would otherwise hold every event of the chain at once (docs/scenario.md)."""


class Frozen(TypedDict):
    """The fields of a frozen state that every game's ``freeze`` takes from ``Work``."""

    rules: Rules
    phase: Phase
    now: int
    timers: tuple[Timer, ...]
    timer_seq: int
    ready: frozenset[int]
    paused_at: int | None
    winner: int | None
    seed: int
    rng_state: Any
    stalls: int
    deadlocks: int


def moved(state: S, t: int) -> S:
    """``state`` with its clock at ``t``, nothing else changed."""
    return replace(state, now=t)


def run_step(
    state: S,
    cmd: Command,
    work: Callable[[S], Work[S]],
    at: Callable[[S, int], S] = moved,
) -> tuple[S, list[Event]]:
    """Apply one command at ``cmd.t`` through a ``work`` copy of ``state``: timers due at or
    before it fire first, in due order. A Tick that fires nothing only moves the clock, with
    ``at`` (a game may pass a faster constructor than ``dataclasses.replace``).

    Once the game is decided nothing happens. Time never goes backwards (EngineError).
    """
    if state.phase.is_over:
        return state, []
    if cmd.t < state.now:
        raise EngineError(f"time went backwards: {cmd.t} < {state.now}")
    if isinstance(cmd, Tick) and (
        state.paused_at is not None or not any(tm.due <= cmd.t for tm in state.timers)
    ):
        return at(state, cmd.t), []
    return work(state).run(cmd)


class Work(Clocked, Generic[S]):
    """A mutable scratch copy of one state: ``step`` edits it, then freezes a new state."""

    rules: Rules
    n: int
    """How many players."""
    ready: set[int]
    winner: int | None
    seed: int
    rng_state: Any
    stalls: int
    deadlocks: int

    def __init__(self, s: S) -> None:
        self.rules = s.rules
        self.n = len(s.players)
        self.locked = [p.locked_until for p in s.players]
        self.phase = s.phase
        self.now = s.now
        self.timers = list(s.timers)
        self.timer_seq = s.timer_seq
        self.ready = set(s.ready)
        self.paused_at = s.paused_at
        self.winner = s.winner
        self.seed = s.seed
        self.rng_state = s.rng_state
        self.stalls = s.stalls
        self.deadlocks = s.deadlocks
        self.events = []

    def frozen(self) -> Frozen:
        """The shared fields of the next state; the game's ``freeze`` adds its zones."""
        # A dict display: calling ``Frozen(...)`` costs more on every slow step.
        return {
            "rules": self.rules,
            "phase": self.phase,
            "now": self.now,
            "timers": tuple(self.timers),
            "timer_seq": self.timer_seq,
            "ready": frozenset(self.ready),
            "paused_at": self.paused_at,
            "winner": self.winner,
            "seed": self.seed,
            "rng_state": self.rng_state,
            "stalls": self.stalls,
            "deadlocks": self.deadlocks,
        }

    # What each game says.

    def freeze(self) -> S:
        raise NotImplementedError

    def act(self, cmd: Command) -> None:
        """The game's own commands (a play, a move, a slap, a cover); others do nothing."""
        raise NotImplementedError

    def settle(self) -> None:
        """Detect a stall (or the game's other consequences) after the table changed."""
        raise NotImplementedError

    def flip(self) -> None:
        """The stall's flip."""
        raise NotImplementedError

    def cards(self, p: int) -> int:
        """Cards ``p`` still has to shed."""
        raise NotImplementedError

    # The frame of ``start`` and ``step``.

    def opened(self) -> tuple[S, list[Event]]:
        """The table at t = 0, after the game's own opening checks: a stall is found and
        timers due at once fire, up to ``OPENING_FIRES`` of them; any more (only 0 ms
        delays make them) stay due at t = 0 and fire at the next step, a Tick(0) say, in
        the same order (``engine.scenario.play`` runs them out in slices)."""
        self.settle()
        self.fires_left = OPENING_FIRES
        self.advance(0)
        self.fires_left = -1
        return self.freeze(), self.events

    def run(self, cmd: Command) -> tuple[S, list[Event]]:
        """``cmd`` at ``cmd.t``: timers due at or before it fire first, in due order."""
        if type(cmd) is Tick and cmd.fires is not None:
            self.fires_left = cmd.fires
        self.advance(cmd.t)
        if not self.is_over():
            match cmd:
                case Slam():
                    self.slam(cmd.player)
                case Pause():
                    self.pause(cmd.player)
                case Resume():
                    self.resume(cmd.player)
                case Tick():
                    pass
                case _:
                    self.act(cmd)
            # Timers set by the command itself may already be due (a delay of 0 ms).
            self.advance(cmd.t)
        return self.freeze(), self.events

    # Rules every game shares.

    def rng(self) -> random.Random:
        """The shuffle stream where it stands; store ``getstate()`` back after a shuffle."""
        rng = random.Random()
        rng.setstate(self.rng_state)
        return rng

    def lock_out(self, p: int, reason: Reason) -> None:
        """A rejection for ``reason`` blocks ``p``'s plays for its lockout (``lockout_ms``,
        or the seat's handicap), if it locks."""
        lockout = self.rules.lockout_for(p)
        if reason.locks_out and lockout:
            self.locked[p] = self.now + lockout

    def stall(self, deadlock: bool = False, announce: bool = True) -> None:
        """Nobody can play: nobody is ready yet, the flip is due ``stall_delay_ms`` on."""
        self.phase = Phase.DEADLOCKED if deadlock else Phase.STALLED
        self.stalls += 1
        self.deadlocks += deadlock
        self.ready.clear()
        self.set_timer(self.now + self.rules.stall_delay_ms, TimerKind.FLIP)
        if announce:
            self.events.append(Stalled(self.now, deadlock))

    def slam(self, p: int) -> None:
        """Spit and California: ready at a stall; slams outside a stall are ignored (Speed
        adds its claims and false calls)."""
        if self.paused_at is not None or self.phase is not Phase.STALLED:
            return
        self.ready_up(p)

    def ready_up(self, p: int) -> None:
        """A slam at a stall: ``p`` is ready; the flip comes once every player holding cards
        is ready (the players with none cannot play and are not waited for)."""
        if self.cards(p) and p not in self.ready:
            self.ready.add(p)
            self.flip_if_all_ready()

    def flip_if_all_ready(self) -> None:
        """The stall's flip now if every player still holding cards is ready: checked at a
        ready slam and when a player runs out of cards during the stall (they no longer
        count, so such a play can bring the flip at once)."""
        if all(q in self.ready for q in range(self.n) if self.cards(q)):
            self.cancel(TimerKind.FLIP)
            self.flip()

    def win(self, p: int) -> None:
        self.phase, self.winner, self.timers = Phase.WON, p, []
        self.events.append(GameWon(self.now, p))

    def tie(self) -> None:
        self.phase, self.timers = Phase.TIED, []
        self.events.append(GameTied(self.now))

    def fewest(self, counts: list[int]) -> None:
        """Won by the one player with the fewest (cards, or points); shared: tied."""
        low = min(counts)
        leaders = [p for p, count in enumerate(counts) if count == low]
        if len(leaders) == 1:
            self.win(leaders[0])
        else:
            self.tie()
