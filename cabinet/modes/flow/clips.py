"""Watch it again (issue 28 item 5): a stored game's replay cut into a clip, pure data.

A game's replay is a scenario (``engine.scenario.record``: its rules, the table as dealt,
the seed, every command and the clock it reached), and a stored game replays to the same
result (docs/architecture.md, "The engine"). ``replay_steps`` plays it again as
``engine.scenario.play`` does, keeping every state on the way: each command, and each
engine timer at its own due time, is one ``ClipStep``. ``cut`` keeps the game's last
``CLIP_MS`` (or that long centred on the game's closest photo finish), and ``clip_of``
does both after checking the replay against the record: a replay whose replayed winner
or length differs from the stored one, or one that cannot be read, is refused
(``ClipRefused``, its one line for the log).

Built between games only (a whole game's replay, a few ms): never on a press's path.
The flow director plays a clip on the loop's thread (cabinet/modes/flow/replays.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from cabinet.errors import CabinetError
from display.moments import WIN_MS, PhotoFinishes
from display.view import PhotoFinish
from engine import game
from engine.commands import Command, Tick
from engine.errors import EngineError
from engine.events import Event
from engine.game import GameState
from engine.scenario import Scenario, parse
from engine.scenario_io import ScenarioError

CLIP_MS = 10_000
"""How much of a game watch it again shows: its last 10 s, or 10 s centred on its closest
photo finish (issue 28 item 5)."""


END_HOLD_MS = WIN_MS + 700
"""A clip's last state stays up this long after its end: a win's moment plays out and
the winner's line shows before the screen goes back."""


class ClipRefused(CabinetError, ValueError):
    """A stored replay that cannot be shown: its line for the log says why."""


@dataclass(frozen=True, slots=True)
class ClipStep:
    """One change of the replayed game: the state after it, at engine time ``t``, with the
    events and the command (none for a timer) that made it."""

    t: int
    state: GameState
    events: tuple[Event, ...]
    commands: tuple[Command, ...]


@dataclass(frozen=True, slots=True)
class Clip:
    """A piece of a stored game to show again: the table at ``start_ms`` (``opening``),
    then every step up to ``end_ms`` (the game's end, unless the clip is centred on a
    photo finish well before it). ``photo``: the photo finish it is centred on."""

    opening: GameState
    steps: tuple[ClipStep, ...]
    start_ms: int
    end_ms: int
    photo: PhotoFinish | None = None

    @property
    def length_ms(self) -> int:
        return self.end_ms - self.start_ms

    @property
    def shown_s(self) -> float:
        """How long the clip is on screen: its length, then its end held a moment."""
        return (self.length_ms + END_HOLD_MS) / 1000

    @property
    def final(self) -> GameState:
        """The state the clip ends on."""
        return self.steps[-1].state if self.steps else self.opening


@dataclass(frozen=True, slots=True)
class Stored:
    """What the records say of a game: its winner (None: a draw) and length (ms)."""

    winner: int | None
    duration_ms: int | None


def _first(scenario: Scenario) -> tuple[GameState, list[Event]]:
    rng = random.Random(scenario.seed)
    if scenario.table is None:
        return game.new_game(scenario.rules, rng, scenario.seed)
    return game.start_table(scenario.rules, scenario.table, rng, scenario.seed)


def _timers(state: GameState, t: int) -> Iterator[ClipStep]:
    """Each timer due by ``t`` fired at its own time (as the live loop fires them)."""
    while not state.is_over and state.paused_at is None and state.timers:
        due = min(tm.due for tm in state.timers)
        if due > t:
            return
        state, events = game.step(state, Tick(max(due, state.now)))
        yield ClipStep(state.now, state, tuple(events), ())


def replay_steps(scenario: Scenario) -> tuple[GameState, tuple[ClipStep, ...]]:
    """The game as dealt and every step of its replay, in time order (the same states as
    ``engine.scenario.play``, which fires the timers before each input the same way)."""
    first, _ = _first(scenario)
    steps: list[ClipStep] = []
    state = first
    for cmd in scenario.inputs:
        for timer in _timers(state, cmd.t):
            steps.append(timer)
            state = timer.state
        state, events = game.step(state, cmd)
        steps.append(ClipStep(state.now, state, tuple(events), (cmd,)))
    if scenario.until is not None:
        for timer in _timers(state, scenario.until):
            steps.append(timer)
            state = timer.state
        if state.now < scenario.until and not state.is_over:
            state, events = game.step(state, Tick(scenario.until))
            steps.append(ClipStep(state.now, state, tuple(events), ()))
    return first, tuple(steps)


def closest_photo(steps: tuple[ClipStep, ...]) -> PhotoFinish | None:
    """The game's closest photo finish (the smallest margin; the later of equals), by the
    screen's own rule (``display.moments.PhotoFinishes``)."""
    spot = PhotoFinishes()
    best: PhotoFinish | None = None
    for step in steps:
        found = spot.see(step.commands, step.events)
        if found is not None and (best is None or found.margin_ms <= best.margin_ms):
            best = found
    return best


def cut(
    first: GameState, steps: tuple[ClipStep, ...], length_ms: int = CLIP_MS, *, centre: bool = True
) -> Clip:
    """The clip of a replayed game: ``length_ms`` centred on its closest photo finish if it
    had one (and ``centre``), else its last ``length_ms``; always inside the game (a short
    game is shown whole). ``Clip.photo``: the game's closest photo finish, either way."""
    end = steps[-1].t if steps else first.now
    photo = closest_photo(steps)
    if photo is None or not centre:
        start = max(0, end - length_ms)
    else:
        start = max(0, min(photo.t - length_ms // 2, end - length_ms))
    stop = min(end, start + length_ms)
    opening = first
    for step in steps:
        if step.t > start:
            break
        opening = step.state
    shown = tuple(s for s in steps if start < s.t <= stop)
    return Clip(opening, shown, start, stop, photo)


def clip_of(
    replay: Mapping[str, object], stored: Stored, length_ms: int = CLIP_MS, *, centre: bool = True
) -> Clip:
    """The clip of a stored game, checked: its replay must end where the record says the
    game ended (the same winner, the same length); ``ClipRefused`` names what differs or
    why the replay cannot be read."""
    try:
        scenario = parse(replay)
        first, steps = replay_steps(scenario)
    except (ScenarioError, EngineError) as exc:
        raise ClipRefused(f"its replay cannot be played: {exc}") from None
    final = steps[-1].state if steps else first
    if not final.is_over:
        raise ClipRefused("its replay does not reach the game's end")
    if final.winner != stored.winner:
        raise ClipRefused(
            f"its replay is won by {_seat(final.winner)}, the record says {_seat(stored.winner)}"
        )
    if final.now != stored.duration_ms:
        raise ClipRefused(
            f"its replay lasts {final.now} ms, the record says {stored.duration_ms} ms"
        )
    return cut(first, steps, length_ms, centre=centre)


def _seat(winner: int | None) -> str:
    return "nobody" if winner is None else f"P{winner + 1}"


__all__ = [
    "CLIP_MS",
    "END_HOLD_MS",
    "Clip",
    "ClipRefused",
    "ClipStep",
    "Stored",
    "clip_of",
    "cut",
    "replay_steps",
]
