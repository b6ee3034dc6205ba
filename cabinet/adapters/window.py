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
from cabinet.adapters.screen_feed import ScreenFeed
from cabinet.inputs import ServiceSource, Wake
from display.view import PhotoFinish, TableView
from engine.events import GameWon

if TYPE_CHECKING:
    import pygame

    from cabinet.app import Cabinet
    from cabinet.loop import CabinetLoop
    from display.sound import SoundBoard
    from engine.state import GameState

log = logging.getLogger("speed_cabinet.screen")

SWITCH_INTERVAL_S = 0.0005
"""The GIL hand-over time while the window draws (Python's default is 5 ms)."""


def display_available(env: dict[str, str] | None = None) -> str | None:
    """None if a window can be tried, else why not (no display server, no SDL driver)."""
    env = dict(os.environ) if env is None else env
    if env.get("SDL_VIDEODRIVER"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return "no DISPLAY or WAYLAND_DISPLAY and no SDL_VIDEODRIVER"


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


DEFAULT_SIZE = (1280, 720)
"""Laptop mode's window at the start (``run --size`` or ``--fullscreen`` change it)."""


class Window:
    """The pygame window on the main thread: events in, frames out."""

    def __init__(
        self,
        size: tuple[int, int] | None,
        *,
        fullscreen: bool,
        title: str = "speed-cabinet",
    ) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pg = pygame
        pygame.display.init()
        pygame.font.init()
        # A window may be resized (the table is laid out again for its new size).
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        if size is None:
            size = (0, 0) if fullscreen else DEFAULT_SIZE
        try:
            self.screen = pygame.display.set_mode(size, flags, vsync=1)
        except pygame.error:
            self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(title)
        self.size = self.screen.get_size()

    def resized(self) -> bool:
        """Take the window's new size after a resize event; True if it changed."""
        surface = self.pg.display.get_surface()
        if surface is None:
            return False
        self.screen = surface
        size = surface.get_size()
        changed, self.size = size != self.size, size
        return changed

    def close(self) -> None:
        self.pg.display.quit()


FALLBACK_FILL = (16, 16, 24)
"""The plain card drawn right after a frame failed (until a frame draws normally again)."""
FALLBACK_TEXT = (220, 220, 230)


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
) -> GameState:
    """Run the cabinet loop on a thread and the window here until ESC, the window closes,
    ``until``, or the loop ends. Returns the final state. ``esc_quits`` False (kiosk mode):
    Esc does nothing, so a guest's USB keyboard cannot stop the cabinet.

    systemd (cabinet/adapters/sdnotify.py): READY once the window is open (the inputs were built
    before); the watchdog is pinged from this frame loop, and only while the cabinet loop
    keeps passing too (its ``iterations`` grew since the last ping; each ping wakes it for
    the next), so a frozen frame loop or a frozen cabinet loop both stop the pings.

    The failsafe (issue 9): a frame whose drawing or sound fails is logged with its
    traceback and reported to the loop (``CabinetLoop.report_fault``: the loop's failsafe
    resets the table, its fault budget gives up with ``CabinetFailed``, raised here once
    the loop has ended); this loop starts clean (a fresh renderer and animations) and shows
    a plain "resetting" card until a frame draws normally again."""
    from cabinet.adapters import sdnotify
    from display.animations import Animations
    from display.renderer import Renderer

    window = Window(size, fullscreen=fullscreen)
    notifier = sdnotify.Notifier()
    pg = window.pg
    renderer: Renderer | None = Renderer(window.size)
    anims = Animations()
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

    sdnotify.ready("the table is up")  # the window is open, the inputs were built
    runner = threading.Thread(target=run_loop, name="cabinet-loop", daemon=True)
    runner.start()
    seen = -1
    last_key: tuple[object, ...] | None = None
    frames = 0
    last = time.monotonic()
    broken: TableView | None = None
    """The view a frame failed on: not drawn again (the loop publishes after its reset)."""
    heard: PhotoFinish | None = None
    """The last photo finish sounded."""

    def fallback() -> None:
        """The plain "resetting" card, with the simplest calls; a failure here is ignored."""
        try:
            screen = window.screen
            screen.fill(FALLBACK_FILL)
            font = pg.font.Font(None, max(24, window.size[1] // 10))
            text = font.render("resetting\u2026", True, FALLBACK_TEXT)
            screen.blit(text, text.get_rect(center=screen.get_rect().center))
            pg.display.flip()
        except Exception:
            log.debug("the fallback card failed too", exc_info=True)

    try:
        while runner.is_alive():
            if notifier.watchdog_due(time.monotonic()) and loop.iterations != seen:
                seen = loop.iterations
                notifier.ping(time.monotonic())
                loop.inbox.put(Wake(time.monotonic()))  # pass again
            for ev in pg.event.get():
                if ev.type == pg.QUIT:
                    loop.stop()
                elif ev.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED):
                    if window.resized():  # lay the table out for the size it has now
                        log.info("window resized to %dx%d", *window.size)
                        renderer, last_key = Renderer(window.size), None
                elif ev.type in (pg.KEYDOWN, pg.KEYUP):
                    if ev.key == pg.K_ESCAPE:
                        if esc_quits and ev.type == pg.KEYDOWN:
                            loop.stop()
                        continue
                    if ev.type == pg.KEYDOWN and ev.key == pg.K_F12:
                        save_screenshot(window.screen)
                        continue
                    bound = bindings.get(pg.key.name(ev.key))
                    if bound is not None:
                        loop.inbox.put(key_edge(bound, time.monotonic(), ev.type == pg.KEYDOWN))
            frame = None
            try:
                frame = feed.take()
                now = time.monotonic()
                dt, last = now - last, now
                if frame is not None and frame.view is not broken:
                    broken = None
                    if sound is not None and frame.view.sound is not None:
                        sound.set_levels(frame.view.sound)  # the menu's volumes, at once
                    if renderer is None:  # after a failure: start clean
                        renderer, anims = Renderer(window.size), Animations()
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
                                [
                                    e
                                    for e in frame.events
                                    if not (frame.claims and isinstance(e, GameWon))
                                ]
                            )
                    if sound is not None and frame.view.photo not in (None, heard):
                        heard = frame.view.photo  # the photo finish's click, once
                        sound.play("photo")
                    anims.advance(dt)
                    now_ms = loop.ms(now)
                    key = renderer.frame_key(frame.view, anims, now_ms)
                    if key != last_key:
                        last_key = key
                        renderer.draw(window.screen, frame.view, anims, now_ms)
                        pg.display.flip()
                        frames += 1
                        if on_frame is not None:
                            on_frame(frames)
            except Exception as exc:  # not KeyboardInterrupt / SystemExit: those unwind
                log.error("the window's frame failed; reported to the cabinet loop", exc_info=exc)
                loop.report_fault(exc, logged=True)
                renderer, last_key = None, None  # its caches may be what broke
                broken = frame.view if frame is not None else None
                fallback()
            clock.tick(fps)
    finally:
        sys.setswitchinterval(old_switch)
        loop.stop()
        runner.join(5.0)
        window.close()
    if errors:
        raise errors[0]
    return loop.state


def try_display() -> str | None:
    """None if SDL's video starts (the window can open), else why not."""
    reason = display_available()
    if reason is not None:
        return reason
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame

        pygame.display.init()
    except Exception as exc:  # no X server behind DISPLAY, a driver that will not start
        return f"SDL video did not start ({' '.join(str(exc).split())})"
    return None


def run_display(
    cab: Cabinet, *, until: float | None = None, laptop: bool = True, out: TextIO | None = None
) -> GameState:
    """Run a cabinet built with the window (``cab.window``: its feed of views, its keys);
    returns the final state.

    Seats without a panel are drawn with the LEDs they would show; ``laptop`` also draws
    each seat's panel and keys. With the player's flow (``cab.flow``) it runs the table
    (attract mode, join, countdown, match: cabinet/modes/flow/).
    """
    from display.sound import SoundBoard

    assert cab.window is not None
    config = cab.config
    sound = SoundBoard(config.display.volume / 100, config.display.mute)
    if out is not None:
        mode = "fullscreen" if config.display.fullscreen else "a window"
        quits = "ESC quits" if laptop else "a keyboard's ESC does nothing"
        print(f"speed-cabinet: the table is in {mode} ({quits})", file=out, flush=True)
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
    )


__all__ = [
    "SWITCH_INTERVAL_S",
    "Window",
    "display_available",
    "run_display",
    "run_window",
    "save_screenshot",
    "screenshot_path",
    "try_display",
]
