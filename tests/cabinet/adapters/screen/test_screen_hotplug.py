"""Issue 18 item 1: the kiosk's screen missing at boot, late, or lost mid-game.

The kiosk is built as ``speed-cabinet run --config`` builds it (GPIO panels on gpiozero's
mock pins, the player's flow, the service menu) and run with its window side. The screen
is SDL's dummy driver behind ``FlakyScreen``, a driver that is there only while the test
says so (opening fails without it; an open screen's next flip fails once it goes); the real
path runs SDL itself failing (a video driver SDL does not have) and then starting (the
dummy driver). Retries come every 50 ms here (the kiosk's ``RETRY_S`` is seconds)."""

from __future__ import annotations

import io
import itertools
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.adapters.screen.driver import NoScreen, PygameScreen, ScreenLost
from cabinet.adapters.screen.watch import ScreenRetry, ScreenWatch
from cabinet.run import run_cabinet
from cabinet.seating import RunMode
from tests.cabinet.adapters.screen.screen_rigs import (
    DEADLINE_S,
    RETRY,
    FlakyScreen,
    PaperScreen,
    Recorder,
    ScreenLinesStub,
    StepClock,
    kiosk,
    kiosk_config,
    led_changes,
    led_pins,
    wait_for,
)
from tests.cabinet.kiosk.wiring_rigs import Listener

pytestmark = pytest.mark.filterwarnings("ignore:no fast renderer available")
"""SDL's dummy driver has no vsync renderer (the window then opens without vsync)."""

"""The bound on every wait here (a healthy run is done far sooner)."""


@pytest.fixture(autouse=True)
def dummy_sdl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)


@pytest.fixture
def systemd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Listener]:
    """systemd's notify socket, with a 0.1 s watchdog (a ping due every 50 ms)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    monkeypatch.setenv("WATCHDOG_USEC", "100000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    listener = Listener(sock)
    try:
        yield listener
    finally:
        listener.close()


def test_the_kiosk_plays_without_a_screen_opens_it_late_and_survives_losing_it(
    tmp_path: Path,
    mock_factory: Any,
    systemd: Listener,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from cabinet.run import run_display

    out = io.StringIO()
    recorder = Recorder()
    pygame.display.quit()  # as in a fresh kiosk process (an earlier test may have drawn)
    cab = kiosk(mock_factory, tmp_path, out, recorder)
    screen = FlakyScreen()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            run_display(
                cab,
                until=time.monotonic() + 3 * DEADLINE_S,
                out=out,
                driver=screen,
                retry=RETRY,
            )
        except BaseException as exc:
            errors.append(exc)

    runner = threading.Thread(target=run, name="kiosk-main")
    leds = led_pins(cab.config)
    leds_at_start = led_changes(mock_factory, leds)
    notes: list[str] = []
    with caplog.at_level(logging.DEBUG, logger="speed_cabinet"):
        start = time.monotonic()
        runner.start()
        try:
            # 1. No screen at boot: the game advances, the journal says the screen.
            wait_for(lambda: "speed-cabinet: screen: attract" in out.getvalue(), "attract")
            wait_for(lambda: screen.failed_opens >= 3, "retries")
            wait_for(lambda: len(recorder.since(start)) >= 2, "the game to advance")
            wait_for(lambda: recorder.last().now >= 500, "half a second of play")
            assert screen.flips == []
            before_screen = recorder.last()
            assert led_changes(mock_factory, leds) > leds_at_start  # the LEDs play on
            notes += systemd.take()
            assert notes[0].startswith("READY=1")  # not waiting for a screen
            assert notes.count("WATCHDOG=1") >= 3  # pinged with no screen

            # 2. The screen comes: the first frame follows, without a restart.
            plugged = time.monotonic()
            screen.present.set()
            wait_for(lambda: len(screen.flips) >= 5, "frames on the new screen")
            assert screen.flips[0] >= plugged
            assert "first frame" in out.getvalue()
            lines_while_open = out.getvalue().count("speed-cabinet: screen:")
            pings_before_open = len(notes)
            wait_for(lambda: recorder.last().now >= before_screen.now + 300, "play on screen")
            notes += systemd.take()
            assert notes[pings_before_open:].count("WATCHDOG=1") >= 2  # pinged with one

            # 3. It goes away mid-game: logged once, the game plays on, the journal again.
            at_loss = recorder.last()
            assert at_loss.seed == before_screen.seed  # the same game all along
            screen.present.clear()
            wait_for(lambda: "screen lost" in caplog.text, "the loss")
            leds_at_loss = led_changes(mock_factory, leds)
            pings_at_loss = len(notes := notes + systemd.take())
            flips_at_loss = len(screen.flips)
            wait_for(lambda: recorder.last().now >= at_loss.now + 300, "play without it")
            wait_for(
                lambda: out.getvalue().count("speed-cabinet: screen:") > lines_while_open,
                "the journal's screen line",
            )
            # The LEDs play on (the demo's next stall cue: a lockout no longer blinks them,
            # so 300 ms of play may change none).
            wait_for(lambda: led_changes(mock_factory, leds) > leds_at_loss, "the LEDs")
            assert len(screen.flips) == flips_at_loss
            notes += systemd.take()
            assert notes[pings_at_loss:].count("WATCHDOG=1") >= 2

            # 4. It comes back: the same game, its clock moved on, drawn at once.
            back = time.monotonic()
            screen.present.set()
            wait_for(lambda: len(screen.flips) > flips_at_loss + 3, "frames again")
            assert screen.flips[flips_at_loss] >= back
            again = recorder.last()
            assert again.seed == at_loss.seed
            assert again.now > at_loss.now
        finally:
            cab.loop.stop()
            runner.join(DEADLINE_S)
            cab.close()
    assert not runner.is_alive()
    assert errors == []  # nothing escaped
    notes += systemd.take()
    assert sum(n.startswith("READY=1") for n in notes) == 1
    messages = [r.getMessage() for r in caplog.records if r.name == "speed_cabinet.screen"]
    assert sum(m.startswith("no screen (No connected displays found.)") for m in messages) == 1
    assert sum(m.startswith("screen lost (the display went away)") for m in messages) == 1
    opened = [m for m in messages if m.startswith("screen opened (1280x720) after ")]
    assert len(opened) == 2
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)
    assert len(cab.loop.faults.times) == 0  # a lost screen is no fault: no reset
    assert screen.video_after_failed_open == [False] * screen.failed_opens
    assert screen.closes >= 2  # the lost screen and the last one
    assert not pygame.display.get_init()


def test_a_drawing_bug_is_a_fault_for_the_failsafe_not_a_lost_screen(
    tmp_path: Path,
    mock_factory: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An exception from our drawing is the failsafe's (logged with its traceback, one
    fault, the table reset), while the screen stays open; an exception from a display call
    is the screen going away (no fault). A kiosk's window closed (``QUIT``) is a lost
    screen too, tried again, never the end of the cabinet."""
    from cabinet.run import run_display
    from display.renderer import Renderer

    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    out = io.StringIO()
    cab = kiosk(mock_factory, tmp_path, out, Recorder())
    screen = FlakyScreen()
    screen.present.set()
    real = Renderer.draw
    drawn: list[int] = []

    def draw(self: Renderer, surface: Any, view: Any, anims: Any, now_ms: int) -> None:
        drawn.append(now_ms)
        if len(drawn) == 5:
            raise ZeroDivisionError("injected draw fault")
        real(self, surface, view, anims, now_ms)

    monkeypatch.setattr(Renderer, "draw", draw)
    runner = threading.Thread(
        target=run_display,
        args=(cab,),
        kwargs={
            "until": time.monotonic() + 3 * DEADLINE_S,
            "out": out,
            "driver": screen,
            "retry": RETRY,
        },
    )
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        runner.start()
        try:
            wait_for(lambda: len(drawn) >= 10, "frames after the fault")
            assert screen.closes == 0  # the screen stayed open through the drawing fault
            assert len(cab.loop.faults.times) == 1
            assert "screen lost" not in caplog.text
            # The window closed under the kiosk: lost, and opened again.
            opens = screen.opens
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            wait_for(lambda: "screen lost (the window was closed)" in caplog.text, "the loss")
            wait_for(lambda: screen.opens > opens and len(screen.flips) > 0, "a new screen")
            assert runner.is_alive()
        finally:
            cab.loop.stop()
            runner.join(DEADLINE_S)
            cab.close()
    assert not runner.is_alive()
    assert len(cab.loop.faults.times) == 1  # the loss spent nothing
    faults = [r for r in caplog.records if r.exc_info and r.exc_info[0] is ZeroDivisionError]
    assert len(faults) == 1
    assert faults[0].getMessage() == "the window's frame failed; reported to the cabinet loop"


def test_real_sdl_failing_then_starting_opens_the_kiosks_screen_without_a_restart(
    tmp_path: Path,
    mock_factory: Any,
    systemd: Listener,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``speed-cabinet run --config`` with SDL's own failure: a video driver SDL does not
    have, then (the screen "plugged in") the dummy driver, picked up by the next try."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    out = io.StringIO()
    status: list[int] = []
    runner = threading.Thread(
        target=lambda: status.append(
            run_cabinet(
                kiosk_config(),
                factory=mock_factory,
                seconds=3.0,
                out=out,
                mode=RunMode(kiosk=True, window=True),
                state_dir=tmp_path,
                screen_retry=RETRY,
            )
        )
    )
    with caplog.at_level(logging.INFO, logger="speed_cabinet"):
        runner.start()
        try:
            wait_for(lambda: "no screen (" in caplog.text, "SDL's failure")
            assert not pygame.display.get_init()  # the failed try left nothing started
            wait_for(lambda: "speed-cabinet: screen: attract" in out.getvalue(), "the journal")
            monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
            wait_for(lambda: "first frame" in out.getvalue(), "the first frame")
        finally:
            runner.join(DEADLINE_S)
    assert status == [0]
    assert "no screen (no-such-driver not available)" in caplog.text
    assert "screen opened (1280x720) after " in caplog.text
    assert "a screen whenever one opens (the panels and LEDs play meanwhile)" in out.getvalue()
    notes = systemd.take()
    assert sum(n.startswith("READY=1") for n in notes) == 1
    assert notes[-1] == "STOPPING=1"
    assert not pygame.display.get_init()


def test_a_failed_open_leaves_sdl_video_stopped_and_a_closed_screen_fails_as_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen = PygameScreen()
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    for _ in range(3):
        with pytest.raises(NoScreen, match="no-such-driver not available"):
            screen.open((320, 200), False)
        assert not pygame.display.get_init()
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    surface = screen.open((320, 200), False)
    assert surface.get_size() == (320, 200)
    screen.flip()
    screen.events()
    assert screen.surface().get_size() == (320, 200)
    screen.close()
    with pytest.raises(ScreenLost):
        screen.flip()
    with pytest.raises(ScreenLost):
        screen.surface()
    screen.close()  # twice is fine


def test_opening_loads_no_resource_through_python_so_no_sigterm_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without an icon of ours, ``set_mode`` loads pygame's through Python code whose
    errors it clears: systemd's SIGTERM (a ``SystemExit`` from our handler) landing there
    was lost and the kiosk kept running until killed."""
    import pygame.pkgdata

    loaded: list[str] = []
    real: Callable[[str, str], Any] = pygame.pkgdata.getResource  # pkgdata has no types

    def get_resource(identifier: str, pkgname: str = "pygame") -> Any:
        loaded.append(identifier)
        return real(identifier, pkgname)

    monkeypatch.setattr(pygame.pkgdata, "getResource", get_resource)
    screen = PygameScreen()
    screen.open((320, 200), False)
    screen.close()
    assert loaded == []


def test_no_display_at_all_is_no_screen_not_sdls_offscreen_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(NoScreen, match="no DISPLAY or WAYLAND_DISPLAY and no SDL_VIDEODRIVER"):
        PygameScreen().open(None, True)
    monkeypatch.setenv("DISPLAY", ":4242")  # no X server there
    with pytest.raises(NoScreen, match="SDL fell back to its offscreen driver"):
        PygameScreen().open(None, True)
    assert not pygame.display.get_init()


def test_the_watch_tries_only_when_due_and_says_each_change_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = StepClock()
    screen = FlakyScreen()
    watch = ScreenWatch(
        screen, ScreenRetry(every_s=3.0, clock=clock), size=(320, 200), fullscreen=False
    )
    with caplog.at_level(logging.DEBUG, logger="speed_cabinet.screen"):
        assert watch.try_open() is None  # at once: the first try, failed
        assert watch.wait_s() == 3.0
        clock.t += 2.9
        assert watch.try_open() is None
        assert screen.opens == 1  # not due: no try
        clock.t += 0.1
        assert watch.try_open() is None
        assert screen.opens == 2
        screen.present.set()
        clock.t += 3.0
        assert watch.try_open() is not None
        clock.t += 60.0
        watch.lost("gone")
        assert watch.try_open() is None  # due only a retry later
        clock.t += 3.0
        assert watch.try_open() is not None
    watch.driver.close()
    messages = [r.getMessage() for r in caplog.records]
    assert messages == [
        "no screen (No connected displays found.): the panels and LEDs run the cabinet, "
        "the journal shows what the screen would; trying to open it every 3 s",
        "still no screen (No connected displays found.)",
        "screen opened (320x200) after 6.0 s without one",
        "screen lost (gone): the game plays on with the panels and LEDs, the journal "
        "shows what the screen would; trying to open it again every 3 s",
        "screen opened (320x200) after 3.0 s without one",
    ]
    assert [r.levelname for r in caplog.records] == ["WARNING", "DEBUG", "INFO", "WARNING", "INFO"]


def test_laptop_mode_ends_the_run_when_its_window_is_gone(mock_factory: Any) -> None:
    """Laptop mode as before: the window opens before the loop starts, and a window gone
    (its display calls failing) ends the run instead of retrying."""
    from cabinet.adapters.screen.feed import ScreenFeed
    from cabinet.adapters.screen.frame_loop import run_window
    from cabinet.config import laptop_config
    from cabinet.loop import CabinetLoop
    from cabinet.seating import seat_cabinet

    seated = seat_cabinet(
        laptop_config(2, 0, "easy", seed=4),
        mode=RunMode(window=True),
        mock=True,
        factory=mock_factory,
        out=io.StringIO(),
    )
    feed = ScreenFeed(seated.seats, laptop=True)
    loop = CabinetLoop(seated.table, seated.inbox, observers=[feed])
    screen = FlakyScreen()
    screen.present.set()

    def frame(n: int) -> None:
        if n == 3:
            screen.present.clear()

    start = time.monotonic()
    try:
        run_window(loop, feed, {}, until=start + DEADLINE_S, driver=screen, on_frame=frame)
    finally:
        loop.all_off()
        seated.stack.close()
    assert time.monotonic() - start < DEADLINE_S - 1
    assert screen.opens == 1
    assert len(screen.flips) == 3


@given(
    st.lists(
        st.tuples(st.sampled_from(["wait", "plug", "unplug"]), st.floats(0.0, 10.0)),
        max_size=40,
    )
)
def test_the_watch_never_tries_sooner_than_its_interval_and_finds_a_screen_within_one(
    steps: list[tuple[str, float]],
) -> None:
    """Whatever happens: tries while missing are at least ``every_s`` apart, a screen that
    is there is open within ``every_s`` of the frame loop asking, and the journal lines
    switch with it."""
    every = 3.0
    clock = StepClock()
    paper = PaperScreen()
    lines = ScreenLinesStub()
    watch = ScreenWatch(
        paper, ScreenRetry(every_s=every, clock=clock), size=None, fullscreen=True, lines=lines
    )
    tries: list[float] = []
    is_open = False
    present_since: float | None = None

    def ask() -> None:
        nonlocal is_open
        before = paper.opens
        if watch.try_open() is not None:
            is_open = True
        if paper.opens > before:
            tries.append(clock.t)

    ask()
    for action, seconds in steps:
        if action == "plug" and not paper.present:
            paper.present, present_since = True, clock.t
        elif action == "unplug":
            paper.present, present_since = False, None
            if is_open:  # the frame loop's next flip fails
                watch.lost("unplugged")
                is_open = False
        # The frame loop asks about every 10 ms while there is no screen.
        end = clock.t + seconds
        while clock.t < end:
            clock.t = min(end, clock.t + 0.01)
            if not is_open:
                ask()
            if present_since is not None and not is_open:
                assert clock.t - present_since <= every + 0.02
        assert lines.active is (not is_open)
    assert all(b - a >= every - 1e-9 for a, b in itertools.pairwise(tries))
