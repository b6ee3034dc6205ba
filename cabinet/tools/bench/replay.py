"""Watch it again's figures (issue 28 item 5), in the ``frame`` group: what a replay costs.

* ``replay_clip_ms``: building the result's clip from a stored replay (parse, replay the
  whole game keeping its states, check it against the record, cut its last 10 s): what
  the flow director does once between games (cabinet/modes/flow/clips.py), for a
  2-player quick-bot Speed game; attract's moments cost one of these per stored game;
* ``replay_frame_ms``: draw + flip of one frame of a replay (the clip played at 60 fps
  through the screen feed, as the loop publishes it, under the REPLAY mark), over at
  least ``FRAMES`` frames at the size and driver of ``frame_ms``, in the same run: a
  replay frame against a live one.
"""

from __future__ import annotations

import random
import time

from cabinet.adapters.keyboard import key_bindings
from cabinet.adapters.screen.feed import ScreenFeed, seat_keys
from cabinet.config import laptop_config
from cabinet.kiosk.records import JSONObject
from cabinet.loop import Published, seat_runtime
from cabinet.modes.flow.clips import Clip, Stored, clip_of
from cabinet.modes.flow.replays import Showing
from cabinet.modes.flow.watch import RESULT_HINT
from cabinet.tools.bench.figures import Figures, distribution
from cabinet.tools.bench.table import SIZE, dummy_display
from display.view import FlowScreen, FlowView, ReplayMark
from engine.bots import find_profile
from engine.games import speed
from engine.rules import Rules
from engine.scenario import record

FRAMES = 600
FPS = 60
CLIPS = 20


def stored_replay(seed: int = 1) -> tuple[JSONObject, Stored]:
    """A 2-player quick-bot Speed game's replay and its record's winner and length."""
    from cabinet.tools.sim import play_game

    rules = Rules.from_options({"game": "speed"})
    table = speed.deal(rules, random.Random(seed))
    result = play_game(rules, [find_profile("quick")] * 2, seed)
    replay = record(rules, table, seed, result.log, until=result.length_ms)
    return replay, Stored(result.winner, result.length_ms)


def clip_times(runs: int = CLIPS) -> list[float]:
    """Per-clip ms of building the result's clip from the stored replay."""
    replay, stored = stored_replay()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        clip_of(replay, stored)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def _feed(showing: Showing) -> ScreenFeed:
    config = laptop_config(2, 0, "quick", 1)
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
        for sc in config.seats
    ]
    mark = ReplayMark("the last 10 seconds", RESULT_HINT, ("ABC", "XYZ"))
    view = FlowView(screen=FlowScreen.RESULT, replay=mark)
    keys = seat_keys(config.seats, key_bindings(config.seats))
    return ScreenFeed(seats, laptop=True, keys=keys, flow=lambda: (view, None), replay=showing.news)


def replay_frames(frames: int = FRAMES) -> list[float]:
    """Draw ``frames`` frames of a replayed clip, played again when it ends; per-frame ms
    of draw + flip."""
    dummy_display()
    import pygame

    from display.animations import Animations
    from display.renderer import Renderer

    replay, stored = stored_replay()
    clip: Clip = clip_of(replay, stored)
    screen = pygame.display.set_mode(SIZE)
    renderer, anims, showing = Renderer(SIZE), Animations(), Showing()
    feed = _feed(showing)
    length_s = clip.length_ms / 1000
    began = -length_s - 1.0
    times: list[float] = []
    for k in range(frames):
        t = k / FPS
        if t >= began + length_s + 0.5:  # the clip again, once it has ended
            began = t
            showing.play(clip, k, t)
        if showing.advance(t) or began == t:  # a pass that publishes
            feed(Published(clip.final, (), (), ()))
        frame = feed.take()
        assert frame is not None
        assert frame.clock is not None
        layout = renderer.layout_of(frame.view)
        if frame.events:
            picked = {s.index: s.picked for s in frame.view.seats}
            anims.start(frame.events, frame.before, layout, picked, frame.penalties)
        anims.advance(1 / FPS)
        t0 = time.perf_counter()
        renderer.draw(screen, frame.view, anims, frame.clock.ms(t))
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def replay_figures() -> Figures:
    """The replay's figures of the ``frame`` group."""
    replay_frames(60)  # warm caches, as ``frame_ms`` does
    frames = replay_frames()
    return {
        "replay_frame_ms": distribution(frames, digits=3),
        "replay_clip_ms": distribution(clip_times(), digits=2),
    }


__all__ = ["replay_figures", "replay_frames", "stored_replay"]
