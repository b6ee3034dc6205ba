"""Bench group ``frame``: what the display costs, and that it does not slow presses.

* ``frame_ms``: draw + flip of one frame, over at least 600 frames of 2-player hard-bot
  Speed with the slides running, 1920x1080, SDL's dummy video driver. Every frame is drawn
  (the window skips frames whose picture did not change; here none is skipped);
* ``frame_floor_ms``: a bare fill + flip of the same size, in the same run;
* ``startup_ms``: from starting the ``speed-cabinet`` process to its first frame (dummy
  driver, the real command);
* ``press_display_*_us``: the ``press`` bench (``cabinet/tools/bench_press.py``) run while this
  thread renders the bot game at 60 fps, with the interpreter's switch interval the
  window uses (``cabinet.adapters.window.SWITCH_INTERVAL_S``): the GIL cost of drawing to a press.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

FRAMES = 600
SIZE = (1920, 1080)
FPS = 60
PRESSES = 4000


def _dist(xs_ms: list[float]) -> dict[str, float]:
    xs = sorted(xs_ms)

    def at(q: float) -> float:
        return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3)

    return {"p50": at(0.5), "p99": at(0.99), "max": round(xs[-1], 3)}


class BotTable:
    """A 2-player hard-bot Speed game on simulated time, one frame (1/60 s) at a time,
    with the views the cabinet would hand the display."""

    def __init__(self, seed: int = 1) -> None:
        from cabinet.adapters.keyboard import key_bindings
        from cabinet.adapters.window import ScreenFeed, seat_keys
        from cabinet.config import laptop_config
        from cabinet.loop import seat_runtime

        self.config = laptop_config(2, 0, "hard", seed)
        self.seats = [
            seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
            for sc in self.config.seats
        ]
        keys = seat_keys(self.config.seats, key_bindings(self.config.seats))
        self.feed = ScreenFeed(self.seats, laptop=True, keys=keys)
        self.seed = seed
        self._new_game()

    def _new_game(self) -> None:
        from engine.bots import Bot
        from engine.speed import new_game

        self.seed += 1
        self.state, _ = new_game(self.config.rules, random.Random(self.seed), self.seed)
        self.bots = [Bot(p, "hard", self.seed * 10 + p) for p in range(2)]
        self.wake = [b.observe(self.state, 0) for b in self.bots]
        self.t = 0

    def advance(self, ms: int) -> tuple[Any, list[Any], Any]:
        """Play ``ms`` of game time; (view, events, state before the events)."""
        from engine.commands import Tick
        from engine.speed import step

        before = self.state
        events: list[Any] = []
        end = self.t + ms
        while True:
            times = [w for w in self.wake if w is not None]
            times += [tm.due for tm in self.state.timers]
            nxt = min(times) if times else None
            if nxt is None or nxt > end:
                break
            t = max(nxt, self.state.now)
            cmd = None
            for p, w in enumerate(self.wake):
                if w is not None and w <= t:
                    cmd = self.bots[p].act(self.state, t)
                    if cmd is not None:
                        break
            self.state, evs = step(self.state, cmd if cmd is not None else Tick(t))
            events += evs
            self.wake = [b.observe(self.state, self.state.now) for b in self.bots]
            if self.state.is_over:
                break
        self.t = end
        if self.state.is_over and self.t > self.state.now + 1500:
            self._new_game()
        return self.feed.view_of(self.state), events, before


def _dummy_display() -> Any:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.quit()
    pygame.display.init()
    pygame.font.init()
    return pygame


def render_frames(
    frames: int, pace: bool = False, stop: threading.Event | None = None
) -> list[float]:
    """Draw ``frames`` frames of the bot game (or until ``stop``); per-frame ms."""
    pygame = _dummy_display()
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
        view, events, before = table.advance(1000 // FPS)
        layout = renderer.layout_of(view)
        if events:
            anims.start(events, before, layout, {s.index: s.picked for s in view.seats})
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
    pygame = _dummy_display()
    screen = pygame.display.set_mode(SIZE)
    times = []
    for k in range(frames):
        t0 = time.perf_counter()
        screen.fill((12, 66, 40 + k % 2))
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def startup_ms(runs: int = 3) -> float:
    """Best of ``runs``: process start to the first frame of the real command."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    root = Path(__file__).resolve().parents[1]
    best = float("inf")
    for _ in range(runs):
        t0 = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-m", "cabinet.cli", "run", "--seed", "1", "--seconds", "30"],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        try:
            for line in proc.stdout:
                if "first frame" in line:
                    best = min(best, (time.monotonic() - t0) * 1000)
                    break
        finally:
            proc.kill()
            proc.wait()
    if best == float("inf"):
        raise RuntimeError("speed-cabinet never reported its first frame")
    return round(best, 1)


def press_with_display(presses: int = PRESSES) -> dict[str, Any]:
    """The press bench on worker threads while this thread renders at 60 fps."""
    from cabinet.adapters.window import SWITCH_INTERVAL_S
    from cabinet.tools.bench_press import press_figures

    result: dict[str, Any] = {}
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


def frame_figures() -> dict[str, Any]:
    """The ``frame`` group."""
    render_frames(60)  # warm caches (card faces, text) as a running cabinet has them
    frames = render_frames(FRAMES)
    floor = floor_frames(FRAMES)
    figures: dict[str, Any] = {
        "frame_ms": _dist(frames),
        "frame_floor_ms": _dist(floor),
        "frame_count": len(frames),
        "startup_ms": startup_ms(),
    }
    figures.update(press_with_display())
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(frame_figures(), indent=1))
