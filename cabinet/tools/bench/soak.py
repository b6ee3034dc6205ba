"""Bench group ``soak``: does the cabinet keep its memory over a long night?

Plays ``GAMES`` 2-player quick-bot Speed games on simulated time with the display drawing
one frame per event (1920x1080, SDL's dummy driver, slides running), and reads the
process's resident memory:

* ``rss_mb``: after the last game;
* ``rss_growth_mb``: between game 30 (caches warm) and the last game. Target: under 5 MB.

Then the kiosk's own path for as many match games (``kiosk_figures``): the cabinet loop
with the player's flow and the records (SQLite in a temporary folder), a player joining
from attract, a bot taking the quiet seat over, each game recorded with its replay and
reaction times, the attract demo playing between:

* ``kiosk_rss_growth_mb``: between match game 30 and the last. Target: under 5 MB.
* ``kiosk_records_ms``: the mean time of the between-games records pass (the finished
  game's replay, reaction times and writes), never on a press's path.

It takes a few minutes, which is why ``bench`` runs it only when asked (``--only soak``).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from cabinet.tools.bench.figures import Figures
from cabinet.tools.bench.table import SIZE, BotTable, dummy_display

GAMES = 300
WARM = 30
STEP_MS = 100

if TYPE_CHECKING:  # imported when run: the bench's start stays light
    from cabinet.config import CabinetConfig
    from cabinet.loop import CabinetLoop
    from cabinet.modes.flow.director import FlowDirector


def rss_mb() -> float:
    """Resident memory now (Linux ``/proc``), in MB."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def soak_figures(games: int = GAMES, warm: int = WARM) -> Figures:
    """The ``soak`` group: the display half here, then ``kiosk_figures``."""
    dummy_display()
    import pygame

    from display.animations import Animations
    from display.renderer import Renderer

    screen = pygame.display.set_mode(SIZE)
    renderer = Renderer(SIZE)
    anims = Animations()
    table = BotTable()
    played, frames = 0, 0
    seed = table.seed
    warm_rss = None
    while played < games:
        span = table.advance(STEP_MS)
        view, events = span.view, span.events
        layout = renderer.layout_of(view)
        if events:
            anims.start(events, span.before, layout, {s.index: s.picked for s in view.seats})
        for _ in events:  # one frame per event
            anims.advance(STEP_MS / 1000 / len(events))
            renderer.draw(screen, view, anims, table.t)
            pygame.display.flip()
            frames += 1
        if table.seed != seed:  # BotTable dealt the next game
            seed = table.seed
            played += 1
            if played == warm:
                gc.collect()
                warm_rss = rss_mb()
    gc.collect()
    end = rss_mb()
    return {
        "rss_mb": round(end, 1),
        "rss_growth_mb": round(end - (warm_rss if warm_rss is not None else end), 2),
        "soak_games": played,
        "soak_frames": frames,
        **kiosk_figures(games, warm),
    }


class _SimClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def kiosk_figures(games: int = GAMES, warm: int = WARM) -> Figures:
    """``games`` recorded match games through the loop, the flow and the records."""
    import tempfile

    from cabinet.kiosk.records import Records

    config = _kiosk_config()
    clock = _SimClock()
    flushes: list[float] = []
    with tempfile.TemporaryDirectory() as folder, Records.open(folder) as records:
        director = _timed_flow(flushes)(config, clock=clock, records=records)
        loop = _kiosk_loop(config, clock, director)
        warm_rss = _play_match_games(loop, director, clock, games, warm)
        director.close()
        finished = records.bookkeeping().finished
    gc.collect()
    end = rss_mb()
    return {
        "kiosk_rss_growth_mb": round(end - (warm_rss if warm_rss is not None else end), 2),
        "kiosk_records_ms": round(1000 * sum(flushes) / max(1, len(flushes)), 2),
        "kiosk_games_recorded": finished,
    }


def _kiosk_config() -> CabinetConfig:
    """Two quick-bot seats on a laptop config, with a flow that hands a quiet seat to a bot
    after a second."""
    from dataclasses import replace

    from cabinet.config import FlowConfig, laptop_config

    return replace(
        laptop_config(2, 2, "quick", seed=1),
        flow=FlowConfig(idle_return_s=600, bot_takeover_s=1, countdown_s=1),
    )


def _kiosk_loop(config: CabinetConfig, clock: _SimClock, director: FlowDirector) -> CabinetLoop:
    """The loop on a first deal, on CLOCK, with DIRECTOR attached as its flow."""
    import random

    from cabinet.inputs import Inbox
    from cabinet.loop import CabinetLoop, Table, seat_runtime
    from cabinet.modes.stack import ModeStack
    from engine.game import new_game

    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2_000, two_hand=False)
        for sc in config.seats
    ]
    state, _ = new_game(config.rules, random.Random(1), 1)
    table = Table(state, seats, clock=clock)
    modes = ModeStack(director)
    modes.attach(table)
    return CabinetLoop(table, Inbox(), modes=modes, failsafe=director.reset)


def _timed_flow(flushes: list[float]) -> type[FlowDirector]:
    """The flow, its records passes that had work timed into ``flushes`` (a subclass: the
    director is slotted, so its method cannot be swapped on the instance)."""
    import time

    from cabinet.modes.flow.director import FlowDirector

    class TimedFlow(FlowDirector):
        def flush(self) -> None:
            start = time.perf_counter()
            busy = bool(self.keeper.later)
            super().flush()
            if busy:
                flushes.append(time.perf_counter() - start)

    return TimedFlow


def _play_match_games(
    loop: CabinetLoop, director: FlowDirector, clock: _SimClock, games: int, warm: int
) -> float | None:
    """Seat 0 joins (and readies) whenever the flow waits for it, until GAMES games have
    ended; the resident memory after game WARM (None if there were fewer)."""
    from cabinet.config import Control
    from cabinet.inputs import ButtonEdge
    from cabinet.modes.flow import FlowPhase

    played, warm_rss, was_playing = 0, None, False
    while played < games:
        phase = director.flow.phase
        if phase in (FlowPhase.ATTRACT, FlowPhase.JOIN, FlowPhase.RESULT):
            for _ in range(2):  # SLAM to join (or ready), SLAM to ready
                for down in (True, False):
                    clock.t += 0.05
                    loop.process([ButtonEdge(clock.t, 0, Control.SLAM, down)])
        playing = director.flow.phase is FlowPhase.PLAYING
        if was_playing and not playing:
            played += 1
            if played == warm:
                gc.collect()
                warm_rss = rss_mb()
        was_playing = playing
        due = loop.next_deadline()
        clock.t = max(clock.t + 0.001, due if due is not None else clock.t + 0.1)
        loop.catch_up(clock.t)
    return warm_rss


if __name__ == "__main__":
    import json

    print(json.dumps(soak_figures(), indent=1))
