"""The frame loop: the cabinet loop on its thread, the screen on this one.

Threads: the cabinet loop keeps the game state on its own thread and publishes after every
batch; ``ScreenFeed`` (cabinet/adapters/screen/feed.py, an observer on the loop thread)
builds one frozen view per publish and hands it over by reference. The main thread owns
pygame: ``FrameLoop`` pumps window events (keys go onto the same queue as every other
input, as ``ButtonEdge`` / ``ServiceEdge`` items), draws the newest view at up to 60 fps
and flips. Drawing never holds the loop: the loop waits on its queue, not on frames, and
the interpreter's switch interval is lowered so a press thread gets the GIL back from a
drawing thread within half a millisecond (measured by the ``press`` bench with the display
running: ``cabinet/tools/bench/frame.py``).

One method per job (docs/architecture.md, "The frame loop"): ``run`` (the screen's life and
the loop's thread), ``_ping`` (systemd's watchdog), ``_open`` / ``_lost`` (a missing or lost
screen, the kiosk's: cabinet/adapters/screen/watch.py), ``_handle`` (window events and
keys), ``_frame`` (one frame and its failsafe); ``Painter`` draws (animations, the table) and
sounds.

systemd (cabinet/adapters/sdnotify.py): READY once the loop runs (the inputs were built
before; in laptop mode the window is open too); the watchdog is pinged from this thread,
with or without a screen, and only while the cabinet loop keeps passing too (its
``iterations`` grew since the last ping; each ping wakes it for the next), so a frozen frame
loop or a frozen cabinet loop both stop the pings.

The failsafe (issue 9): a frame whose drawing or sound fails is logged with its traceback
and reported to the loop (``CabinetLoop.report_fault``: the loop's failsafe resets the
table, its fault budget gives up with ``CabinetFailed``, raised from ``run`` once the loop
has ended); the frame loop starts clean (a fresh renderer and animations) and shows a plain
"resetting" card until a frame draws normally again. A display call that fails
(``ScreenLost``) is not a drawing fault: it is the screen going away.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cabinet.adapters import sdnotify
from cabinet.adapters.keyboard import SeatKey, key_edge
from cabinet.adapters.screen.driver import PygameScreen, ScreenLost
from cabinet.adapters.screen.watch import ScreenRetry, ScreenWatch
from cabinet.adapters.screen.window import (
    FALLBACK_FILL,
    FALLBACK_TEXT,
    FRAME_STEP_S,
    SWITCH_INTERVAL_S,
    save_screenshot,
)
from cabinet.inputs import ServiceSource, Wake
from display.view import PhotoFinish, TableView
from engine.events import GameWon

if TYPE_CHECKING:
    import pygame

    from cabinet.adapters.headless import ScreenLines
    from cabinet.adapters.screen.driver import ScreenDriver
    from cabinet.adapters.screen.drm import DrmConnectors
    from cabinet.adapters.screen.feed import Frame, ScreenFeed
    from cabinet.loop import CabinetLoop
    from display.renderer import Renderer
    from display.sound import SoundBoard
    from engine.state import GameState

log = logging.getLogger("speed_cabinet.screen")


@dataclass(frozen=True, slots=True)
class ScreenSetup:
    """How the window opens and what its keys may do. ``esc_quits`` False (the kiosk): Esc
    does nothing, so a guest's USB keyboard cannot stop the cabinet."""

    fullscreen: bool = False
    size: tuple[int, int] | None = None
    fps: int = 60
    esc_quits: bool = True


@dataclass(frozen=True, slots=True)
class ScreenCare:
    """The kiosk's screen care (issue 18): a missing or lost screen is tried again every
    ``retry.every_s``; ``lines`` (the journal's screen log) speaks meanwhile;
    ``connectors`` (``kmsdrm`` only) is the kernel's word on the monitor."""

    retry: ScreenRetry
    lines: ScreenLines | None = None
    connectors: DrmConnectors | None = None


class TableFrames:
    """What the frame loop keeps while one screen is open: the renderer for its size, the
    animations, the last frame drawn; a new screen (or a failed frame) starts it afresh."""

    __slots__ = (
        "anims",
        "broken",
        "deal",
        "fresh",
        "heard",
        "last_key",
        "renderer",
        "screen",
        "size",
    )

    def __init__(self, screen: pygame.Surface, *, fresh: bool = True) -> None:
        from display.animations import Animations

        self.screen = screen
        self.size: tuple[int, int] = screen.get_size()
        self.renderer: Renderer | None = None
        self.anims = Animations()
        self.last_key: tuple[object, ...] | None = None
        self.broken: TableView | None = None
        """The view a frame failed on: not drawn again (the loop publishes after its reset)."""
        self.heard: PhotoFinish | None = None
        """The last photo finish sounded."""
        self.deal = 0
        """The game the animations belong to (the feed's ``Frame.deal``)."""
        self.fresh = fresh
        """No frame drawn yet on a screen that opened while the game ran on without one:
        what happened meanwhile is not animated or sounded now. False for laptop mode's
        window, open before the loop starts: its first events were on screen."""

    def resized(self, surface: pygame.Surface) -> bool:
        """Take the window's new surface; True if its size changed (laid out again)."""
        self.screen = surface
        size = surface.get_size()
        changed, self.size = size != self.size, size
        if changed:
            self.renderer, self.last_key = None, None
        return changed

    def failed(self, frame: Frame | None) -> None:
        """A frame failed: start clean (the renderer's caches may be what broke)."""
        self.renderer, self.last_key = None, None
        self.broken = frame.view if frame is not None else None


class Painter:
    """Draws and sounds frames on the open screen's ``TableFrames``: the animations of a
    frame's events, its sounds, the table, and the plain card after a failed frame."""

    __slots__ = ("display", "ms", "new_anims", "new_renderer", "pg", "sound")

    def __init__(
        self, display: ScreenDriver, sound: SoundBoard | None, ms: Callable[[float], int]
    ) -> None:
        import pygame as pg

        from display.animations import Animations
        from display.renderer import Renderer

        self.pg = pg
        self.new_renderer, self.new_anims = Renderer, Animations  # imported once, not per frame
        self.display, self.sound, self.ms = display, sound, ms

    def draw(self, frames: TableFrames, frame: Frame, dt: float) -> bool:
        """Draw and show ``frame`` if it differs from the last; True if it was shown."""
        if frames.fresh:  # the table as it is now, not what happened while unseen
            frames.fresh = False
            frame.events, frame.before, frame.claims, frame.penalties = [], None, 0, []
            frames.heard = frame.view.photo
        frames.broken = None
        if self.sound is not None and frame.view.sound is not None:
            self.sound.set_levels(frame.view.sound)  # the menu's volumes, at once
        if frames.renderer is None:  # a new screen or size, or after a failure: clean
            frames.renderer, frames.anims = self.new_renderer(frames.size), self.new_anims()
        if frame.deal != frames.deal:  # a new game: the last one's flights and slides end
            frames.deal = frame.deal
            frames.anims.clear()
        renderer, anims = frames.renderer, frames.anims
        layout = renderer.layout_of(frame.view)
        if frame.events:
            picked = {s.index: s.picked for s in frame.view.seats}
            anims.start(frame.events, frame.before, layout, picked, frame.penalties)
        self._sound(frames, frame)
        anims.advance(dt)
        now, clock = time.monotonic(), frame.clock  # a replay: its own engine time
        now_ms = self.ms(now) if clock is None else clock.ms(now)
        key = renderer.frame_key(frame.view, anims, now_ms)
        if key == frames.last_key:
            return False
        frames.last_key = key
        renderer.draw(frames.screen, frame.view, anims, now_ms)
        self.display.flip()
        return True

    def _sound(self, frames: TableFrames, frame: Frame) -> None:
        """The frame's events heard: the "SPEED!" claim instead of the plain win, and the
        photo finish's click once."""
        sound = self.sound
        if sound is None:
            return
        if frame.events:
            if frame.claims:
                sound.play("speed")
            sound.play_events(
                [e for e in frame.events if not (frame.claims and isinstance(e, GameWon))]
            )
        if frame.view.photo not in (None, frames.heard):
            frames.heard = frame.view.photo
            sound.play("photo")

    def fallback(self, frames: TableFrames) -> None:
        """The plain "resetting" card, with the simplest calls; a failure here is ignored."""
        try:
            screen = frames.screen
            screen.fill(FALLBACK_FILL)
            font = self.pg.font.Font(None, max(24, frames.size[1] // 10))
            text = font.render("resetting\u2026", True, FALLBACK_TEXT)
            screen.blit(text, text.get_rect(center=screen.get_rect().center))
            self.display.flip()
        except Exception:
            log.debug("the fallback card failed too", exc_info=True)


class FrameLoop:
    """The cabinet loop on a thread, the screen here, until ESC, the window closes, ``until``
    or the loop ends (``run``: the final state). ``care`` None (laptop mode): the screen
    opens before the loop starts (``NoScreen`` if it cannot) and a lost one ends the run;
    set (the kiosk): the game never waits for a screen, and one that opens late draws the
    table as it is then. systemd and the failsafe: the module's docstring."""

    __slots__ = (
        "bindings",
        "clock",
        "display",
        "drawn",
        "errors",
        "feed",
        "frames",
        "last",
        "loop",
        "notifier",
        "on_frame",
        "painter",
        "runner",
        "seen",
        "setup",
        "sound",
        "watch",
    )

    def __init__(
        self,
        loop: CabinetLoop,
        feed: ScreenFeed,
        bindings: Mapping[str, SeatKey | ServiceSource],
        *,
        setup: ScreenSetup = ScreenSetup(),
        care: ScreenCare | None = None,
        until: float | None = None,
        sound: SoundBoard | None = None,
        on_frame: Callable[[int], None] | None = None,
        driver: ScreenDriver | None = None,
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame as pg

        self.loop, self.feed, self.bindings = loop, feed, bindings
        self.setup, self.sound, self.on_frame = setup, sound, on_frame
        self.display: ScreenDriver = PygameScreen() if driver is None else driver
        self.watch: ScreenWatch | None = None
        if care is not None:
            self.watch = ScreenWatch(
                self.display,
                care.retry,
                size=setup.size,
                fullscreen=setup.fullscreen,
                lines=care.lines,
                connectors=care.connectors,
            )
        self.painter = Painter(self.display, sound, loop.ms)
        self.frames: TableFrames | None = None
        self.notifier = sdnotify.Notifier()
        self.clock = pg.time.Clock()
        self.errors: list[BaseException] = []
        self.runner = threading.Thread(
            target=self._run_loop, args=(until,), name="cabinet-loop", daemon=True
        )
        self.seen = -1
        self.drawn = 0
        self.last = time.monotonic()

    def run(self) -> GameState:
        """The screen's life: open it (laptop), start the loop, pass frames, close it."""
        if self.watch is None:
            self.frames = TableFrames(
                self.display.open(self.setup.size, self.setup.fullscreen), fresh=False
            )
        self.feed.prime(self.loop.state)
        old_switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        # The loop and the inputs are built (the loop starts next): the kiosk does not wait
        # for a screen to say so.
        sdnotify.ready("the table is up" if self.frames is not None else "the cabinet is up")
        self.runner.start()
        self.last = time.monotonic()
        try:
            while self.runner.is_alive() and self._pass():
                pass
        finally:
            sys.setswitchinterval(old_switch)
            self.loop.stop()
            self.runner.join(5.0)
            self.display.close()
        if self.errors:
            raise self.errors[0]
        return self.loop.state

    def _run_loop(self, until: float | None) -> None:
        try:
            self.loop.run(until=until, stop_when_over=False)
        except BaseException as exc:  # handed to the main thread
            self.errors.append(exc)

    def _pass(self) -> bool:
        """One pass of the frame loop; False ends it (laptop mode's window is gone)."""
        self._ping()
        frames = self.frames
        if frames is None:
            frames = self._open()
            if frames is None:
                return True
        elif self.watch is not None and self.watch.unplugged():  # kmsdrm: SDL cannot tell
            self.frames = None
            return True
        try:
            for ev in self.display.events():
                self._handle(frames, ev)
            self._frame(frames)
        except ScreenLost as exc:
            return self._lost(exc)
        self.clock.tick(self.setup.fps)
        return True

    def _ping(self) -> None:
        """systemd's watchdog, only while the cabinet loop passes too (each ping wakes it)."""
        notifier, loop = self.notifier, self.loop
        if notifier.watchdog_due(time.monotonic()) and loop.iterations != self.seen:
            self.seen = loop.iterations
            notifier.ping(time.monotonic())
            loop.inbox.put(Wake(time.monotonic()))  # pass again

    def _open(self) -> TableFrames | None:
        """The kiosk with no screen: try to open one if a try is due, else wait for the next
        try (or a ping); the new screen's frames, or None."""
        watch, notifier = self.watch, self.notifier
        assert watch is not None
        surface = watch.try_open()
        if surface is None:
            step = min(watch.wait_s(), FRAME_STEP_S)
            if notifier.period is not None:
                step = min(step, notifier.period / 4)
            self.runner.join(step)
            return None
        self.frames = TableFrames(surface)
        self.last = time.monotonic()
        return self.frames

    def _lost(self, exc: ScreenLost) -> bool:
        """The screen went away: laptop mode stops (False), the kiosk tries again."""
        if self.watch is None:
            log.warning("the window is gone (%s): stopping", exc)
            self.loop.stop()
            return False
        self.watch.lost(str(exc))
        self.frames = None
        return True

    def _handle(self, frames: TableFrames, ev: pygame.event.Event) -> None:
        """One window event; raises ``ScreenLost`` when the kiosk's window was closed."""
        pg, loop = self.painter.pg, self.loop
        if ev.type in (pg.QUIT, pg.WINDOWCLOSE):
            if self.watch is not None:  # nobody closes a kiosk's screen on purpose
                raise ScreenLost("the window was closed")
            loop.stop()
        elif ev.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED):
            if frames.resized(self.display.surface()):  # lay the table out for its new size
                log.info("window resized to %dx%d", *frames.size)
        elif ev.type in (pg.KEYDOWN, pg.KEYUP):
            if ev.key == pg.K_ESCAPE:
                if self.setup.esc_quits and ev.type == pg.KEYDOWN:
                    loop.stop()
                return
            if ev.type == pg.KEYDOWN and ev.key == pg.K_F12:
                save_screenshot(frames.screen)
                return
            bound = self.bindings.get(pg.key.name(ev.key))
            if bound is not None:
                loop.inbox.put(key_edge(bound, time.monotonic(), ev.type == pg.KEYDOWN))

    def _frame(self, frames: TableFrames) -> None:
        """Take the newest view and draw it; a failure (not the screen's) is the failsafe's."""
        frame = None
        try:
            frame = self.feed.take()
            now = time.monotonic()
            dt, self.last = now - self.last, now
            new_view = frame is not None and frame.view is not frames.broken
            if new_view and frame is not None and self.painter.draw(frames, frame, dt):
                self.drawn += 1
                if self.on_frame is not None:
                    self.on_frame(self.drawn)
                if self.drawn == 1 and self.sound is not None:
                    self.sound.prepare()  # made after the first frame, not before it
        except ScreenLost:
            raise
        except Exception as exc:  # not KeyboardInterrupt / SystemExit: those unwind
            log.error("the window's frame failed; reported to the cabinet loop", exc_info=exc)
            self.loop.report_fault(exc, logged=True)
            frames.failed(frame)
            self.painter.fallback(frames)


def run_window(
    loop: CabinetLoop,
    feed: ScreenFeed,
    bindings: Mapping[str, SeatKey | ServiceSource],
    *,
    setup: ScreenSetup = ScreenSetup(),
    care: ScreenCare | None = None,
    until: float | None = None,
    sound: SoundBoard | None = None,
    on_frame: Callable[[int], None] | None = None,
    driver: ScreenDriver | None = None,
) -> GameState:
    """``FrameLoop(...).run()``: the final state (see ``FrameLoop``). ``driver``: the
    display (cabinet/adapters/screen/driver.py; default the real one)."""
    frames = FrameLoop(
        loop,
        feed,
        bindings,
        setup=setup,
        care=care,
        until=until,
        sound=sound,
        on_frame=on_frame,
        driver=driver,
    )
    return frames.run()


__all__ = ["FrameLoop", "ScreenCare", "ScreenSetup", "TableFrames", "run_window"]
