"""Issue 18 item 1, the kmsdrm gap: an HDMI unplug/replug seen through the kernel's DRM
connector status (cabinet/adapters/screen/drm.py).

The connectors are a fake ``/sys/class/drm`` tree in tmp_path (a Pi 4's: two HDMI sockets
and the writeback connector, which reads ``unknown``); the screen is the hot-plug tests'
``FlakyScreen`` on SDL's dummy driver, always there as far as SDL can tell, so only the
connectors can close it (as on kmsdrm). The watch's clock is the test's: an interval passes
when the test says so, whatever the machine's load."""

from __future__ import annotations

import io
import logging
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.adapters.screen import drm as drm_connectors
from cabinet.adapters.screen.drm import (
    Connector,
    ConnectorStatus,
    DrmConnectors,
    Monitor,
    kiosk_connectors,
)
from cabinet.adapters.screen.watch import ScreenRetry, ScreenWatch
from tests.cabinet.adapters.screen.screen_rigs import (
    DEADLINE_S,
    RETRY,
    FlakyScreen,
    PaperScreen,
    Recorder,
    ScreenLinesStub,
    StepClock,
    kiosk,
    led_changes,
    led_pins,
    wait_for,
)

pytestmark = [
    pytest.mark.filterwarnings("ignore:no fast renderer available"),
    pytest.mark.usefixtures("dummy_sdl"),
]

EVERY = 3.0


def connector(root: Path, name: str, status: str | None) -> Path:
    """One connector as sysfs lists it: ``root/name``, a link to its device's folder
    (``devices/.../drm/card1/card1-HDMI-A-1``), holding ``status`` (None: no file)."""
    card = name.split("-", 1)[0]
    folder = root.parent / f"{root.name}-devices" / "gpu" / "drm" / card / name
    folder.mkdir(parents=True, exist_ok=True)
    root.mkdir(parents=True, exist_ok=True)
    if not (root / name).exists():
        (root / name).symlink_to(folder, target_is_directory=True)
    if status is not None:
        (folder / "status").write_text(f"{status}\n")
    return root / name / "status"


def pi4(root: Path, hdmi1: str = "connected", hdmi2: str = "disconnected") -> Path:
    """A Pi 4's DRM class: the cards (no status of their own), two HDMI sockets, the
    writeback connector; returns HDMI-A-1's status file."""
    for card in ("card0", "card1"):
        (root / card).mkdir(parents=True, exist_ok=True)
    (root / "version").write_text("drm 1.1.0 20060810\n")
    connector(root, "card1-Writeback-1", "unknown")
    connector(root, "card1-HDMI-A-2", hdmi2)
    return connector(root, "card1-HDMI-A-1", hdmi1)


# The reading ----------------------------------------------------------------------------


def test_connected_disconnected_and_unknown_read_as_the_kernel_words_them(
    tmp_path: Path,
) -> None:
    pi4(tmp_path)
    reading = DrmConnectors(tmp_path).read()
    assert reading.connectors == (
        Connector("card1-HDMI-A-1", ConnectorStatus.CONNECTED),
        Connector("card1-HDMI-A-2", ConnectorStatus.DISCONNECTED),
        Connector("card1-Writeback-1", ConnectorStatus.UNKNOWN),
    )
    assert reading.monitor is Monitor.PLUGGED  # one of two sockets is enough
    assert reading.connectors[0].output == "HDMI-A-1"


def test_no_connector_connected_is_an_unplugged_monitor_named_in_its_words(
    tmp_path: Path,
) -> None:
    pi4(tmp_path, hdmi1="disconnected")
    reading = DrmConnectors(tmp_path).read()
    assert reading.monitor is Monitor.UNPLUGGED
    assert reading.why() == "HDMI-A-1, HDMI-A-2 disconnected"
    connector(tmp_path / "one", "card1-HDMI-A-1", "disconnected")
    assert DrmConnectors(tmp_path / "one").read().why() == "HDMI-A-1 disconnected"


@pytest.mark.parametrize(
    "tree",
    [
        {},  # no DRM at all (a laptop's container, a Pi without the KMS overlay)
        {"card0": None},  # a card without connectors
        {"card1-Writeback-1": "unknown"},
        {"card1-Composite-1": "unknown", "card1-Writeback-1": "unknown"},
        {"card1-HDMI-A-1": "sleepy"},  # a word the kernel does not use
    ],
)
def test_connectors_that_say_nothing_leave_the_monitor_unknown(
    tmp_path: Path, tree: dict[str, str | None]
) -> None:
    for name, status in tree.items():
        connector(tmp_path, name, status)
    assert DrmConnectors(tmp_path).read().monitor is Monitor.UNKNOWN
    assert DrmConnectors(tmp_path / "missing").read().connectors == ()


def test_an_unreadable_status_is_unknown_and_said_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    status = pi4(tmp_path, hdmi2="connected")
    status.unlink()
    status.mkdir()  # reading it fails (IsADirectoryError), as root's chmod 000 cannot
    connectors = DrmConnectors(tmp_path)
    with caplog.at_level(logging.DEBUG, logger="speed_cabinet.screen"):
        for _ in range(3):
            reading = connectors.read()
            assert reading.connectors[0].status is ConnectorStatus.UNKNOWN
            assert reading.monitor is Monitor.PLUGGED  # HDMI-A-2 still says connected
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1
    assert warnings[0].startswith("DRM connector card1-HDMI-A-1 unreadable (")
    assert warnings[0].endswith("): unknown")


def test_only_the_kiosk_on_kmsdrm_watches_the_connectors(tmp_path: Path) -> None:
    """X11, Wayland, dummy: the window's own system decides, so a laptop's unused HDMI
    socket reading disconnected never closes its window."""

    def watched(env: dict[str, str], platform: str = "linux") -> bool:
        return kiosk_connectors(env, platform, tmp_path) is not None

    assert watched({"SDL_VIDEODRIVER": "kmsdrm"})  # the unit's setting
    assert watched({"SDL_VIDEODRIVER": "KMSDRM,x11"})
    assert watched({})  # SDL picks on a Linux console: kmsdrm is all there is
    assert not watched({"SDL_VIDEODRIVER": "x11", "DISPLAY": ":0"})
    assert not watched({"SDL_VIDEODRIVER": "wayland"})
    assert not watched({"SDL_VIDEODRIVER": "dummy"})
    assert not watched({"SDL_VIDEODRIVER": "x11,kmsdrm"})  # X11 first
    assert not watched({"DISPLAY": ":0"})  # a desktop session
    assert not watched({"WAYLAND_DISPLAY": "wayland-0"})
    assert not watched({"SDL_VIDEODRIVER": "kmsdrm"}, platform="darwin")
    assert not watched({}, platform="win32")


# The watch -------------------------------------------------------------------------------


def test_the_watch_closes_an_unplugged_screen_and_waits_for_a_connected_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    status = pi4(tmp_path)
    clock = StepClock()
    paper = PaperScreen()
    paper.present = True  # as far as SDL can tell, always
    lines = ScreenLinesStub()
    watch = ScreenWatch(
        paper,
        ScreenRetry(every_s=EVERY, clock=clock),
        size=None,
        fullscreen=True,
        lines=lines,
        connectors=DrmConnectors(tmp_path),
    )
    with caplog.at_level(logging.DEBUG, logger="speed_cabinet.screen"):
        assert watch.try_open() is not None
        status.write_text("disconnected\n")
        clock.t += EVERY - 0.1
        assert not watch.unplugged()  # not read before its interval
        assert paper.open_now
        clock.t += 0.1
        assert watch.unplugged()
        paper = paper  # mypy: the unplug closed it (drop the narrowing of paper.open_now)
        assert not paper.open_now
        assert lines.active
        for _ in range(3):  # no monitor: no SDL start, however often asked
            clock.t += EVERY
            assert watch.try_open() is None
        assert paper.opens == 1
        status.write_text("connected\n")
        clock.t += EVERY
        assert watch.try_open() is not None  # within one interval of the replug
        paper, lines = paper, lines  # mypy: the open changed both (drop the narrowings above)
        assert paper.opens == 2
        assert not lines.active
    assert [r.getMessage() for r in caplog.records] == [
        "screen opened (64x48)",
        "screen unplugged (HDMI-A-1, HDMI-A-2 disconnected): the game plays on with the "
        "panels and LEDs, the journal shows what the screen would; trying to open it again "
        "every 3 s",
        "still no screen (HDMI-A-1, HDMI-A-2 disconnected)",
        "still no screen (HDMI-A-1, HDMI-A-2 disconnected)",
        "still no screen (HDMI-A-1, HDMI-A-2 disconnected)",
        "screen opened (64x48) after 12.0 s without one",
    ]


def test_connectors_that_say_nothing_leave_the_watch_as_without_them(tmp_path: Path) -> None:
    """Unknown (only the writeback connector) or gone: SDL alone decides, as before."""
    connector(tmp_path, "card1-Writeback-1", "unknown")
    clock = StepClock()
    paper = PaperScreen()
    watch = ScreenWatch(
        paper,
        ScreenRetry(every_s=EVERY, clock=clock),
        size=None,
        fullscreen=True,
        connectors=DrmConnectors(tmp_path),
    )
    assert watch.try_open() is None
    clock.t += EVERY
    assert watch.try_open() is None
    assert paper.opens == 2  # SDL is tried every interval
    paper.present = True
    clock.t += EVERY
    assert watch.try_open() is not None
    for _ in range(5):
        clock.t += EVERY
        assert not watch.unplugged()
    assert paper.open_now


@given(
    st.lists(
        st.tuples(st.sampled_from(["wait", "plug", "unplug"]), st.floats(0.0, 10.0)),
        max_size=20,
    )
)
def test_with_the_connectors_the_screen_follows_the_cable_within_one_interval(
    steps: list[tuple[str, float]],
) -> None:
    """SDL always willing (as kmsdrm is while a monitor was found once): whatever the
    plugging, SDL is started only while a connector reads connected, an unplugged screen
    is closed and a plugged one open within one interval of the frame loop asking, and
    the journal's lines switch with it."""
    step = 0.05
    with tempfile.TemporaryDirectory() as tmp:
        status = pi4(Path(tmp) / "drm")
        clock = StepClock()
        paper = PaperScreen()
        paper.present = True
        lines = ScreenLinesStub()
        watch = ScreenWatch(
            paper,
            ScreenRetry(every_s=EVERY, clock=clock),
            size=None,
            fullscreen=True,
            lines=lines,
            connectors=DrmConnectors(Path(tmp) / "drm"),
        )
        plugged, since = True, clock.t
        is_open = False

        def frame() -> None:
            nonlocal is_open
            if is_open:
                is_open = not watch.unplugged()
                return
            before = paper.opens
            is_open = watch.try_open() is not None
            if paper.opens > before:
                assert plugged  # SDL is never started without a monitor

        frame()
        assert is_open
        for action, seconds in steps:
            if action in ("plug", "unplug") and plugged is (action == "unplug"):
                plugged, since = action == "plug", clock.t
                status.write_text("connected\n" if plugged else "disconnected\n")
            end = clock.t + seconds
            while clock.t < end:
                clock.t = min(end, clock.t + step)
                frame()
                if clock.t - since > EVERY + step:
                    assert is_open is plugged
            assert lines.active is (not is_open)


# The kiosk -------------------------------------------------------------------------------


def run_kiosk(cab: Any, screen: FlakyScreen, retry: ScreenRetry, out: io.StringIO) -> Any:
    from cabinet.run import run_display

    return threading.Thread(
        target=run_display,
        args=(cab,),
        kwargs={
            "until": time.monotonic() + 3 * DEADLINE_S,
            "out": out,
            "driver": screen,
            "retry": retry,
        },
        name="kiosk-main",
    )


def test_the_kiosk_closes_its_screen_when_hdmi_is_pulled_and_reopens_it_when_plugged(
    tmp_path: Path,
    mock_factory: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The kiosk as ``run --config`` builds it, its screen watching a fake DRM tree (as on
    kmsdrm): HDMI-A-1 going ``disconnected`` mid-game closes the screen at the next
    interval (one warning; the game and LEDs go on), ``connected`` again opens a new one
    within one interval."""
    drm = tmp_path / "drm"
    status = pi4(drm)
    monkeypatch.setattr(drm_connectors, "kiosk_connectors", lambda: DrmConnectors(drm))
    out = io.StringIO()
    recorder = Recorder()
    cab = kiosk(mock_factory, tmp_path, out, recorder)
    leds = led_pins(cab.config)
    screen = FlakyScreen()
    screen.present.set()  # SDL never notices anything
    clock = StepClock()
    runner = run_kiosk(cab, screen, ScreenRetry(every_s=EVERY, clock=clock), out)
    with caplog.at_level(logging.DEBUG, logger="speed_cabinet"):
        runner.start()
        try:
            wait_for(lambda: len(screen.flips) >= 5, "frames on the screen")
            status.write_text("disconnected\n")
            flips = len(screen.flips)
            wait_for(lambda: len(screen.flips) >= flips + 5, "frames before the interval")
            assert screen.closes == 0  # read only every interval

            clock.t += EVERY  # the next read finds it unplugged
            wait_for(lambda: screen.closes == 1, "the unplugged screen closed")
            at_unplug = recorder.last()
            flips, opens, leds_at_unplug = (
                len(screen.flips),
                screen.opens,
                led_changes(mock_factory, leds),
            )
            wait_for(lambda: recorder.last().now >= at_unplug.now + 300, "play without it")
            wait_for(lambda: "speed-cabinet: screen:" in out.getvalue(), "the journal's lines")
            wait_for(
                lambda: led_changes(mock_factory, leds) > leds_at_unplug, "the LEDs to play on"
            )
            clock.t += EVERY  # due, but no monitor: SDL is not started
            wait_for(lambda: "still no screen (HDMI-A-1" in caplog.text, "the held try")
            assert screen.opens == opens
            assert len(screen.flips) == flips

            status.write_text("connected\n")
            clock.t += EVERY  # one interval after the replug
            wait_for(lambda: len(screen.flips) > flips + 3, "frames on the replugged screen")
            assert screen.opens == opens + 1
            assert recorder.last().seed == at_unplug.seed  # the same game all along
            assert runner.is_alive()
        finally:
            cab.loop.stop()
            runner.join(DEADLINE_S)
            cab.close()
    assert not runner.is_alive()
    screen_lines = [r for r in caplog.records if r.name == "speed_cabinet.screen"]
    warnings = [r.getMessage() for r in screen_lines if r.levelno >= logging.WARNING]
    assert len(warnings) == 1
    assert warnings[0].startswith("screen unplugged (HDMI-A-1, HDMI-A-2 disconnected): ")
    opened = [r.getMessage() for r in screen_lines if r.getMessage().startswith("screen opened")]
    assert opened == [
        "screen opened (1280x720)",
        "screen opened (1280x720) after 6.0 s without one",
    ]
    assert len(cab.loop.faults.times) == 0  # an unplug is no fault
    assert not pygame.display.get_init()


def test_a_kiosk_not_on_kmsdrm_ignores_the_connectors(
    tmp_path: Path,
    mock_factory: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """SDL's dummy driver here (X11 or Wayland likewise): every connector of the machine
    reading disconnected neither holds the screen's opening nor closes it."""
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    drm = tmp_path / "drm"
    pi4(drm, hdmi1="disconnected")
    monkeypatch.setattr(drm_connectors, "SYS_CLASS_DRM", drm)
    assert DrmConnectors().read().monitor is Monitor.UNPLUGGED  # what kmsdrm would act on
    out = io.StringIO()
    cab = kiosk(mock_factory, tmp_path, out, Recorder())
    screen = FlakyScreen()
    screen.present.set()
    runner = run_kiosk(cab, screen, RETRY, out)  # an interval every 50 ms: many reads due
    with caplog.at_level(logging.DEBUG, logger="speed_cabinet"):
        runner.start()
        try:
            wait_for(lambda: len(screen.flips) >= 10, "frames on the screen")
            time.sleep(5 * RETRY.every_s)
            wait_for(lambda: len(screen.flips) >= 15, "frames after several intervals")
        finally:
            cab.loop.stop()
            runner.join(DEADLINE_S)
            cab.close()
    assert not runner.is_alive()
    assert screen.opens == 1
    assert screen.closes == 1
    assert "unplugged" not in caplog.text
    assert "disconnected" not in caplog.text
