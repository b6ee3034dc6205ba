"""Bench group ``frame``: what the display costs, and that it does not slow presses.

* ``frame_ms``: draw + flip of one frame, over at least 600 frames of 2-player quick-bot
  Speed with the slides running, 1920x1080, SDL's dummy video driver. Every frame is drawn
  (the window skips frames whose picture did not change; here none is skipped);
* ``frame_floor_ms``: a bare fill + flip of the same size, in the same run;
* ``replay_frame_ms``, ``replay_clip_ms``: a replay's frame against a live one, and the
  cost of building its clip between games (``cabinet/tools/bench/replay.py``);
* ``startup_ms``: from starting the ``speed-cabinet`` process to its first frame (dummy
  driver, the real command, laptop mode); ``startup_kiosk_*``: the kiosk's start, to READY
  and to its first frame, and where its time goes (``cabinet/tools/bench/startup.py``);
* ``press_display_*_us``: the ``press`` bench (``cabinet/tools/bench/press.py``) run while this
  thread renders the bot game at 60 fps, with the interpreter's switch interval the
  window uses (``cabinet.adapters.screen.window.SWITCH_INTERVAL_S``): the GIL cost of
  drawing to a press.
"""

from __future__ import annotations

import sys
import threading
import time

from cabinet.tools.bench.figures import Figures, distribution
from cabinet.tools.bench.replay import replay_figures
from cabinet.tools.bench.startup import kiosk_figures, startup_ms
from cabinet.tools.bench.table import SIZE, BotTable, dummy_display

FRAMES = 600
FPS = 60
PRESSES = 4000


def render_frames(
    frames: int, pace: bool = False, stop: threading.Event | None = None
) -> list[float]:
    """Draw ``frames`` frames of the bot game (or until ``stop``); per-frame ms."""
    dummy_display()
    import pygame

    from display.animations import Animations
    from display.renderer import Renderer

    screen = pygame.display.set_mode(SIZE)
    renderer = Renderer(SIZE)
    anims = Animations()
    table = BotTable()
    times: list[float] = []
    clock = pygame.time.Clock()
    n = 0
    while n < frames or (stop is not None and not stop.is_set()):
        if stop is not None and stop.is_set():
            break
        span = table.advance(1000 // FPS)
        view = span.view
        layout = renderer.layout_of(view)
        if span.events:
            picked = {s.index: s.picked for s in view.seats}
            anims.start(span.events, span.before, layout, picked)
        anims.advance(1 / FPS)
        t0 = time.perf_counter()
        renderer.draw(screen, view, anims, table.t)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        n += 1
        if pace:
            clock.tick(FPS)
    return times


def floor_frames(frames: int) -> list[float]:
    """Per-frame ms of a bare fill + flip at the same size."""
    dummy_display()
    import pygame

    screen = pygame.display.set_mode(SIZE)
    times = []
    for k in range(frames):
        t0 = time.perf_counter()
        screen.fill((12, 66, 40 + k % 2))
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def press_with_display(presses: int = PRESSES) -> Figures:
    """The press bench on worker threads while this thread renders at 60 fps."""
    from cabinet.adapters.screen.window import SWITCH_INTERVAL_S
    from cabinet.tools.bench.press import press_figures

    result: Figures = {}
    errors: list[BaseException] = []
    done = threading.Event()

    def press() -> None:
        try:
            result.update(press_figures(presses))
        except BaseException as exc:
            errors.append(exc)
        finally:
            done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    try:
        worker = threading.Thread(target=press, name="press-bench")
        worker.start()
        frames = render_frames(0, pace=True, stop=done)
        worker.join()
    finally:
        sys.setswitchinterval(old)
    if errors:
        raise errors[0]
    return {
        "press_display_to_engine_us": result["press_to_engine_us"],
        "press_display_to_led_us": result["press_to_led_us"],
        "press_display_frames": len(frames),
    }


def frame_figures() -> Figures:
    """The ``frame`` group."""
    render_frames(60)  # warm caches (card faces, text) as a running cabinet has them
    frames = render_frames(FRAMES)
    floor = floor_frames(FRAMES)
    figures: Figures = {
        "frame_ms": distribution(frames, digits=3),
        "frame_floor_ms": distribution(floor, digits=3),
        "frame_count": len(frames),
        "startup_ms": startup_ms(),
    }
    figures.update(replay_figures())  # watch it again: a replay's frame and its clip
    figures.update(kiosk_figures())
    figures.update(press_with_display())
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(frame_figures(), indent=1))
