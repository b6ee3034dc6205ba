"""The window: the cabinet loop on its thread, the frame loop here.

Threads: the cabinet loop keeps the game state on its own thread and publishes after every
batch; ``ScreenFeed`` (cabinet/adapters/screen_feed.py, an observer on the loop thread)
builds one frozen view per publish and hands it over by reference. The main thread owns
pygame: it pumps window events (keys go onto the same queue as every other input, as
``ButtonEdge`` / ``ServiceEdge`` items), draws the newest view at up to 60 fps and flips.
Drawing never holds the loop: the loop waits on its queue, not on frames, and the
interpreter's switch interval is lowered so a press thread gets the GIL back from a
drawing thread within half a millisecond (measured by the ``press`` bench with
the display running: ``cabinet/tools/bench/frame.py``).

The display is reached only through a ``ScreenDriver`` (cabinet/adapters/screen_driver.py).
The kiosk's loop starts before its screen and never waits for one: with none, the main
thread keeps the watchdog and tries to open it every few seconds
(cabinet/adapters/screen_watch.py), and a screen lost mid-game is closed and tried again
the same way while the game plays on. On the Pi's ``kmsdrm`` driver, where SDL cannot see an
HDMI cable pulled out, the kernel's DRM connectors tell (cabinet/adapters/drm_connectors.py).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from cabinet.adapters.keyboard import SeatKey, key_edge
from cabinet.adapters.screen_driver import display_available
from cabinet.inputs import ServiceSource, Wake
from display.view import PhotoFinish, TableView
from engine.events import GameWon

if TYPE_CHECKING:
    import pygame

    from cabinet.adapters.drm_connectors import DrmConnectors
    from cabinet.adapters.headless import ScreenLines
    from cabinet.adapters.screen_driver import ScreenDriver
    from cabinet.adapters.screen_feed import Frame, ScreenFeed
    from cabinet.adapters.screen_watch import ScreenRetry
    from cabinet.app import Cabinet
    from cabinet.loop import CabinetLoop
    from display.renderer import Renderer
    from display.sound import SoundBoard
    from engine.state import GameState

log = logging.getLogger("speed_cabinet.screen")

SWITCH_INTERVAL_S = 0.0005
"""The GIL hand-over time while the window draws (Python's default is 5 ms)."""


SCREENSHOT = "speed-cabinet-screenshot.png"
"""F12's file name (``$SPEED_CABINET_SCREENSHOT`` overrides it), numbered from 1."""


def screenshot_path(base: str | os.PathLike[str] | None = None) -> Path:
    """The next free numbered file for ``base`` (default: $SPEED_CABINET_SCREENSHOT, else
    ``SCREENSHOT``): ``shot.png`` gives ``shot-1.png``, then ``shot-2.png``, never one
    already there, so each F12 keeps the earlier shots."""
    path = Path(
        base if base is not None else os.environ.get("SPEED_CABINET_SCREENSHOT", SCREENSHOT)
    )
    suffix = path.suffix or ".png"
    n = 1
    while (numbered := path.with_name(f"{path.stem}-{n}{suffix}")).exists():
        n += 1
    return numbered


def save_screenshot(
    screen: pygame.Surface, base: str | os.PathLike[str] | None = None
) -> Path | None:
    """Save ``screen`` to the next numbered file and log where; None (logged) if it
    cannot be written (a read-only kiosk)."""
    import pygame

    shot = screenshot_path(base)
    try:
        pygame.image.save(screen, str(shot))
    except (OSError, pygame.error) as exc:
        log.warning("screenshot %s not saved: %s", shot, exc)
        return None
    log.info("screenshot saved to %s", shot.resolve())
    return shot


class TableFrames:
    """What the frame loop keeps while one screen is open: the renderer for its size, the
    animations, the last frame drawn; a new screen (or a failed frame) starts it afresh."""

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


FALLBACK_FILL = (16, 16, 24)
"""The plain card drawn right after a frame failed (until a frame draws normally again)."""
FALLBACK_TEXT = (220, 220, 230)

FRAME_STEP_S = 0.25
"""The longest the frame loop's thread waits while there is no screen (a watchdog ping
or a try to open may fall due meanwhile)."""


def run_window(
    loop: CabinetLoop,
    feed: ScreenFeed,
    bindings: Mapping[str, SeatKey | ServiceSource],
    *,
    fullscreen: bool = False,
    size: tuple[int, int] | None = None,
    until: float | None = None,
    sound: SoundBoard | None = None,
    fps: int = 60,
    on_frame: Callable[[int], None] | None = None,
    esc_quits: bool = True,
    driver: ScreenDriver | None = None,
    retry: ScreenRetry | None = None,
    lines: ScreenLines | None = None,
    connectors: DrmConnectors | None = None,
) -> GameState:
    """Run the cabinet loop on a thread and the screen here until ESC, the window closes,
    ``until``, or the loop ends. Returns the final state. ``esc_quits`` False (kiosk mode):
    Esc does nothing, so a guest's USB keyboard cannot stop the cabinet. ``driver``: the
    display (cabinet/adapters/screen_driver.py; default the real one).

    ``retry`` None (laptop mode): the screen opens before the loop starts (raising
    ``NoScreen`` if it cannot), and a screen lost (closed, or its display calls failing)
    ends the run. ``retry`` set (the kiosk, issue 18): the loop starts at once and the game
    never waits for a screen; a missing or lost one is tried again every
    ``retry.every_s`` (cabinet/adapters/screen_watch.py), ``lines`` (the journal's screen
    log) speaks meanwhile, and a screen that opens draws the table as it is then.
    ``connectors`` (the kiosk on ``kmsdrm`` only): the kernel's word on the monitor, read
    every ``retry.every_s``, closes an unplugged screen and holds the tries until one is
    plugged in.

    systemd (cabinet/adapters/sdnotify.py): READY once the loop runs (the inputs were built
    before; in laptop mode the window is open too); the watchdog is pinged from this
    thread, with or without a screen, and only while the cabinet loop keeps passing too
    (its ``iterations`` grew since the last ping; each ping wakes it for the next), so a
    frozen frame loop or a frozen cabinet loop both stop the pings.

    The failsafe (issue 9): a frame whose drawing or sound fails is logged with its
    traceback and reported to the loop (``CabinetLoop.report_fault``: the loop's failsafe
    resets the table, its fault budget gives up with ``CabinetFailed``, raised here once
    the loop has ended); this loop starts clean (a fresh renderer and animations) and shows
    a plain "resetting" card until a frame draws normally again. A display call that fails
    (``ScreenLost``) is not a drawing fault: it is the screen going away."""
    from cabinet.adapters import sdnotify
    from cabinet.adapters.screen_driver import PygameScreen, ScreenLost
    from cabinet.adapters.screen_watch import ScreenWatch
    from display.animations import Animations
    from display.renderer import Renderer

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame as pg

    display = PygameScreen() if driver is None else driver
    watch: ScreenWatch | None = None
    frames: TableFrames | None = None
    if retry is None:
        frames = TableFrames(display.open(size, fullscreen), fresh=False)
    else:
        watch = ScreenWatch(
            display, retry, size=size, fullscreen=fullscreen, lines=lines, connectors=connectors
        )
    notifier = sdnotify.Notifier()
    clock = pg.time.Clock()
    feed.prime(loop.state)
    errors: list[BaseException] = []
    old_switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL_S)

    def run_loop() -> None:
        try:
            loop.run(until=until, stop_when_over=False)
        except BaseException as exc:  # handed to the main thread
            errors.append(exc)

    runner = threading.Thread(target=run_loop, name="cabinet-loop", daemon=True)
    # The loop and the inputs are built (the loop starts next): the kiosk does not wait
    # for a screen to say so.
    sdnotify.ready("the table is up" if frames is not None else "the cabinet is up")
    runner.start()
    seen = -1
    drawn = 0
    last = time.monotonic()

    def fallback(frames: TableFrames) -> None:
        """The plain "resetting" card, with the simplest calls; a failure here is ignored."""
        try:
            screen = frames.screen
            screen.fill(FALLBACK_FILL)
            font = pg.font.Font(None, max(24, frames.size[1] // 10))
            text = font.render("resetting\u2026", True, FALLBACK_TEXT)
            screen.blit(text, text.get_rect(center=screen.get_rect().center))
            display.flip()
        except Exception:
            log.debug("the fallback card failed too", exc_info=True)

    def handle(frames: TableFrames, ev: pygame.event.Event) -> None:
        """One window event; raises ``ScreenLost`` when the kiosk's window was closed."""
        if ev.type in (pg.QUIT, pg.WINDOWCLOSE):
            if watch is not None:  # nobody closes a kiosk's screen on purpose
                raise ScreenLost("the window was closed")
            loop.stop()
        elif ev.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED):
            if frames.resized(display.surface()):  # lay the table out for its new size
                log.info("window resized to %dx%d", *frames.size)
        elif ev.type in (pg.KEYDOWN, pg.KEYUP):
            if ev.key == pg.K_ESCAPE:
                if esc_quits and ev.type == pg.KEYDOWN:
                    loop.stop()
                return
            if ev.type == pg.KEYDOWN and ev.key == pg.K_F12:
                save_screenshot(frames.screen)
                return
            bound = bindings.get(pg.key.name(ev.key))
            if bound is not None:
                loop.inbox.put(key_edge(bound, time.monotonic(), ev.type == pg.KEYDOWN))

    def draw(frames: TableFrames, frame: Frame, dt: float) -> bool:
        """Draw and show ``frame`` if it differs from the last; True if it was shown."""
        if frames.fresh:  # the table as it is now, not what happened while unseen
            frames.fresh = False
            frame.events, frame.before, frame.claims, frame.penalties = [], None, 0, []
            frames.heard = frame.view.photo
        frames.broken = None
        if sound is not None and frame.view.sound is not None:
            sound.set_levels(frame.view.sound)  # the menu's volumes, at once
        if frames.renderer is None:  # a new screen or size, or after a failure: clean
            frames.renderer, frames.anims = Renderer(frames.size), Animations()
        renderer, anims = frames.renderer, frames.anims
        layout = renderer.layout_of(frame.view)
        if frame.events:
            anims.start(
                frame.events,
                frame.before,
                layout,
                {s.index: s.picked for s in frame.view.seats},
                frame.penalties,
            )
            if sound is not None:
                if frame.claims:  # the "SPEED!" claim, instead of the plain win
                    sound.play("speed")
                sound.play_events(
                    [e for e in frame.events if not (frame.claims and isinstance(e, GameWon))]
                )
        if sound is not None and frame.view.photo not in (None, frames.heard):
            frames.heard = frame.view.photo  # the photo finish's click, once
            sound.play("photo")
        anims.advance(dt)
        now_ms = loop.ms(time.monotonic())
        key = renderer.frame_key(frame.view, anims, now_ms)
        if key == frames.last_key:
            return False
        frames.last_key = key
        renderer.draw(frames.screen, frame.view, anims, now_ms)
        display.flip()
        return True

    try:
        while runner.is_alive():
            if notifier.watchdog_due(time.monotonic()) and loop.iterations != seen:
                seen = loop.iterations
                notifier.ping(time.monotonic())
                loop.inbox.put(Wake(time.monotonic()))  # pass again
            if frames is None:
                assert watch is not None
                surface = watch.try_open()
                if surface is None:  # still none: wait for the next try (or a ping)
                    step = min(watch.wait_s(), FRAME_STEP_S)
                    if notifier.period is not None:
                        step = min(step, notifier.period / 4)
                    runner.join(step)
                    continue
                frames = TableFrames(surface)
                last = time.monotonic()
            elif watch is not None and watch.unplugged():  # kmsdrm: SDL cannot tell
                frames = None
                continue
            try:
                for ev in display.events():
                    handle(frames, ev)
                frame = None
                try:
                    frame = feed.take()
                    now = time.monotonic()
                    dt, last = now - last, now
                    new_view = frame is not None and frame.view is not frames.broken
                    if new_view and frame is not None and draw(frames, frame, dt):
                        drawn += 1
                        if on_frame is not None:
                            on_frame(drawn)
                        if drawn == 1 and sound is not None:
                            sound.prepare()  # made after the first frame, not before it
                except ScreenLost:
                    raise
                except Exception as exc:  # not KeyboardInterrupt / SystemExit: those unwind
                    log.error(
                        "the window's frame failed; reported to the cabinet loop", exc_info=exc
                    )
                    loop.report_fault(exc, logged=True)
                    frames.failed(frame)
                    fallback(frames)
            except ScreenLost as exc:
                if watch is None:
                    log.warning("the window is gone (%s): stopping", exc)
                    loop.stop()
                    break
                watch.lost(str(exc))
                frames = None
                continue
            clock.tick(fps)
    finally:
        sys.setswitchinterval(old_switch)
        loop.stop()
        runner.join(5.0)
        display.close()
    if errors:
        raise errors[0]
    return loop.state


def try_display() -> str | None:
    """None if SDL's video starts on a display (the window can open), else why not."""
    from cabinet.adapters.screen_driver import NoScreen, start_video

    reason = display_available()
    if reason is not None:
        return reason
    try:
        start_video()
    except NoScreen as exc:
        return f"SDL video did not start ({exc})"
    except ImportError as exc:
        return f"pygame-ce is not installed ({exc})"
    return None


def run_display(
    cab: Cabinet,
    *,
    until: float | None = None,
    laptop: bool = True,
    out: TextIO | None = None,
    driver: ScreenDriver | None = None,
    retry: ScreenRetry | None = None,
) -> GameState:
    """Run a cabinet built with the window (``cab.window``: its feed of views, its keys);
    returns the final state.

    Seats without a panel are drawn with the LEDs they would show; ``laptop`` also draws
    each seat's panel and keys. With the player's flow (``cab.flow``) it runs the table
    (attract mode, join, countdown, match: cabinet/modes/flow/).

    The kiosk (``laptop`` False) never waits for its screen: the cabinet plays at once and
    the screen opens when it can, missing, late or lost (``retry``, default every
    ``RETRY_S``; ``cab.lines`` writes the screen to the journal meanwhile); on ``kmsdrm``
    it also watches the kernel's DRM connectors (``kiosk_connectors``). ``driver``: the
    display (tests put a failing one in front of the real one).
    """
    from cabinet.adapters.drm_connectors import kiosk_connectors
    from cabinet.adapters.screen_watch import ScreenRetry
    from display.sound import SoundBoard

    assert cab.window is not None
    config = cab.config
    sound = SoundBoard(config.display.volume / 100, config.display.mute, later=True)
    if out is not None:
        mode = "fullscreen" if config.display.fullscreen else "a window"
        if laptop:
            print(f"speed-cabinet: the table is in {mode} (ESC quits)", file=out, flush=True)
        else:
            print(
                f"speed-cabinet: the table is in {mode} once a screen opens, tried every "
                f"{(retry or ScreenRetry()).every_s:g} s (a keyboard's ESC does nothing)",
                file=out,
                flush=True,
            )
        if cab.flow is not None:
            print(
                "speed-cabinet: attract mode: a bot demo until a player presses SLAM",
                file=out,
                flush=True,
            )
    start = time.monotonic()

    def first_frame(n: int) -> None:
        if n == 1:  # the frame bench's startup_ms waits for this line
            print(
                f"speed-cabinet: first frame {(time.monotonic() - start) * 1000:.0f} ms "
                f"after the cabinet was built",
                file=out or sys.stdout,
                flush=True,
            )

    return run_window(
        cab.loop,
        cab.window.feed,
        cab.window.keys,
        fullscreen=config.display.fullscreen,
        size=None if config.display.window is None else config.display.window.tuple(),
        until=until,
        sound=sound,
        on_frame=first_frame,
        esc_quits=laptop,
        driver=driver,
        retry=None if laptop else retry or ScreenRetry(),
        lines=None if laptop else cab.lines,
        connectors=None if laptop else kiosk_connectors(),
    )


__all__ = [
    "FRAME_STEP_S",
    "SWITCH_INTERVAL_S",
    "TableFrames",
    "display_available",
    "run_display",
    "run_window",
    "save_screenshot",
    "screenshot_path",
    "try_display",
]
