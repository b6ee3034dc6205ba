"""The kiosk's "needs the operator" state (issue 17): a start-up that can never succeed
by itself waits under systemd (one line, READY, watchdog pings, the screen, an LED blink)
and starts once fixed, instead of exiting into a restart every second."""

from __future__ import annotations

import ast
import io
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from cabinet.adapters.gpio import make_pin_factory
from cabinet.config import ConfigError
from cabinet.kiosk.operator_wait import (
    Blocked,
    OperatorWait,
    blink_config_leds,
    error_blink,
    raw_led_pins,
)
from tests.fifo import fifo_at, without_blocking

ROOT = Path(__file__).resolve().parents[3]

BAD = 'game = "speed"\n[cabinet]\npin_factory = "mock"\nbogus = 1\n'
GOOD = (
    'game = "speed"\n[cabinet]\npin_factory = "mock"\n'
    '[[seat]]\ncontrols = "bot"\n[[seat]]\ncontrols = "bot"\n'
)


class Notes:
    """systemd's end of NOTIFY_SOCKET, read by a thread as the datagrams come."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.05)
        self.got: list[str] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.done.is_set():
            try:
                self.got.append(self.sock.recv(4096).decode())
            except TimeoutError:
                continue

    def wait_for(self, predicate: Any, timeout: float) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for note in list(self.got):
                if predicate(note):
                    return note
            time.sleep(0.05)
        raise AssertionError(f"no such notification in {timeout} s: {self.got}")

    def close(self) -> None:
        self.done.set()
        self.thread.join(2)
        self.sock.close()


def test_a_kiosk_with_a_bad_config_waits_for_the_operator_and_starts_once_fixed(
    tmp_path: Path,
) -> None:
    """The real process under a stand-in for systemd's notify socket."""
    config = tmp_path / "config.toml"
    config.write_text(BAD, encoding="utf-8")
    notes = Notes(tmp_path / "notify")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "STATE_DIRECTORY")
    }
    env.update(NOTIFY_SOCKET=str(tmp_path / "notify"), WATCHDOG_USEC="1000000")
    child = subprocess.Popen(
        [sys.executable, "-m", "cabinet.cli", "run", "--config", str(config)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        ready = notes.wait_for(lambda n: n.startswith("READY=1"), 30)
        assert "STATUS=needs the operator: " in ready
        assert "cabinet.bogus" in ready
        time.sleep(1.2)
        assert child.poll() is None, "it exited instead of waiting for the operator"
        before = len([n for n in notes.got if n == "WATCHDOG=1"])
        assert before >= 2, notes.got  # pinged while waiting (every half period)
        config.write_text(GOOD, encoding="utf-8")  # the operator's fix
        started = notes.wait_for(lambda n: n.startswith("READY=1") and "operator" not in n, 30)
        assert "STATUS=" in started
        # The start-up after READY had the start timeout, and READY put WatchdogSec back.
        assert "WATCHDOG=1\nWATCHDOG_USEC=90000000" in notes.got
        assert started.endswith("\nWATCHDOG_USEC=1000000")
        assert child.poll() is None
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            _, err = child.communicate(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
            notes.close()
    lines = [line for line in err.splitlines() if "needs the operator" in line]
    assert len(lines) == 1, err  # said once, not once per check
    assert "cabinet.bogus" in lines[0]
    assert "checks again every 5 s" in lines[0]
    assert "the operator's fix is in" in err


def test_outside_systemd_a_bad_kiosk_config_still_exits_with_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(BAD, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "NOTIFY_SOCKET"}
    result = subprocess.run(
        [sys.executable, "-m", "cabinet.cli", "run", "--config", str(config)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    (line,) = [x for x in result.stderr.splitlines() if "cabinet.bogus" in x]
    assert "needs the operator" not in line


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def classify(exc: BaseException) -> Blocked | None:
    return Blocked(str(exc), 2) if isinstance(exc, ConfigError) else None


def test_the_wait_says_each_problem_once_rechecks_and_gives_up_only_at_until() -> None:
    clock = Clock()
    probes: list[float] = []
    problems = iter(["bad key a", "bad key a", "bad key b", "bad key b", "bad key b"])

    def attempt() -> int:
        raise ConfigError("bad key a")

    def probe() -> None:
        probes.append(clock.now)
        raise ConfigError(next(problems))

    out = io.StringIO()
    wait = OperatorWait(
        attempt,
        probe,
        classify,
        out=out,
        until=26.0,
        recheck_s=5.0,
        clock=clock,
        sleep=clock.sleep,
    )
    assert wait.run() == 2
    assert probes == [5.0, 10.0, 15.0, 20.0, 25.0]
    said = out.getvalue().splitlines()
    assert [line.split(": ")[2].split(" (")[0] for line in said] == ["bad key a", "bad key b"]
    assert max(clock.slept) <= 0.5  # the loop stays responsive (watchdog, screen)


def test_the_wait_starts_again_when_the_probe_passes_and_other_errors_propagate() -> None:
    clock = Clock()
    attempts: list[float] = []

    def attempt() -> int:
        attempts.append(clock.now)
        if len(attempts) == 1:
            raise ConfigError("bad")
        return 7

    wait = OperatorWait(
        attempt, lambda: None, classify, out=io.StringIO(), clock=clock, sleep=clock.sleep
    )
    assert wait.run() == 7
    assert attempts == [0.0, 5.0]

    def broken() -> int:
        raise KeyError("not a start-up error")

    with pytest.raises(KeyError):
        OperatorWait(broken, lambda: None, classify, out=io.StringIO()).run()


class Screen:
    def __init__(self) -> None:
        self.shown: list[str] = []
        self.pumps = 0
        self.closed = False

    def show(self, line: str) -> None:
        self.shown.append(line)

    def pump(self) -> None:
        self.pumps += 1

    def close(self) -> None:
        self.closed = True


def test_the_wait_shows_the_line_on_the_screen_and_blinks_until_it_starts() -> None:
    clock = Clock()
    screen = Screen()
    factory = MockFactory(pin_class=MockPWMPin)
    blink: list[Any] = []
    calls = iter([ConfigError("bad"), None])

    def attempt() -> int:
        exc = next(calls)
        if exc is not None:
            raise exc
        return 0

    def leds() -> Any:
        blink.append(error_blink([12], factory, half_period=0.01))
        return blink[-1]

    wait = OperatorWait(
        attempt,
        lambda: time.sleep(0.1),
        classify,
        out=io.StringIO(),
        screen=lambda: screen,
        leds=leds,
        clock=clock,
        sleep=clock.sleep,
    )
    assert wait.run() == 0
    assert screen.shown == ["bad"]
    assert screen.pumps > 0
    assert screen.closed
    pin = factory.pin(12)
    assert pin.state == 0  # off once the cabinet starts
    changes = [s.state for s in pin.states]
    assert changes.count(1) >= 2, changes  # it blinked while waiting
    factory.close()


def test_the_led_pins_are_read_even_from_a_config_that_fails_its_checks(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        '[cabinet]\npin_factory = "mock"\nbogus = 1\n'
        "[[seat]]\nleds = { left = 12, right = 25, slam = 99 }\n"
        '[[seat]]\ncontrols = "serial"\nleds = { left = 7 }\n',
        encoding="utf-8",
    )
    assert raw_led_pins(path) == ("mock", [12, 25])
    path.write_text("not toml [", encoding="utf-8")
    assert raw_led_pins(path) == ("", [])
    assert blink_config_leds(path, make_pin_factory) is None


@pytest.mark.parametrize(
    "text",
    ["x = " + "[" * 500 + "]" * 500, "x = " + "{ a = " * 500 + "1" + " }" * 500],
    ids=["arrays", "inline-tables"],
)
def test_a_config_nested_too_deep_blinks_nothing_and_raises_nothing(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text, encoding="utf-8")
    assert raw_led_pins(path) == ("", [])
    assert blink_config_leds(path, make_pin_factory) is None


def test_a_fifo_as_the_config_blinks_nothing_without_blocking(tmp_path: Path) -> None:
    fifo = fifo_at(tmp_path / "c.toml")
    assert without_blocking(lambda: raw_led_pins(fifo), fifo) == ("", [])


class Systemd:
    """The wait's port to systemd, recording what it is told."""

    def __init__(self, period: float | None) -> None:
        self.period = period
        self.said: list[str] = []

    def ready(self, text: str | None = None) -> bool:
        self.said.append(f"ready {text}")
        return True

    def status(self, text: str) -> bool:
        self.said.append(f"status {text}")
        return True

    def extend_watchdog(self, seconds: float) -> bool:
        self.said.append(f"extend {seconds:g}")
        return True

    def watchdog(self) -> bool:
        self.said.append("ping")
        return True

    def watchdog_period(self, env: dict[str, str] | None = None) -> float | None:
        return self.period


def test_the_wait_tells_systemd_through_its_port() -> None:
    clock = Clock()
    systemd = Systemd(period=2.0)
    calls = iter([ConfigError("bad"), None])

    def attempt() -> int:
        exc = next(calls)
        if exc is not None:
            raise exc
        return 0

    wait = OperatorWait(
        attempt, lambda: None, classify, out=io.StringIO(), clock=clock, sleep=clock.sleep
    )
    wait.systemd = systemd
    assert wait.run() == 0
    assert systemd.said[0] == "ready needs the operator: bad"
    assert systemd.said[-2:] == ["status starting", "extend 90"]
    pings = systemd.said.count("ping")
    assert 5 <= pings <= 6  # every half period (1 s) over the 5 s wait, not every step


def test_the_kiosk_layer_imports_no_adapter() -> None:
    """The kiosk sits below the adapters (docs/architecture.md): the wait takes systemd
    and the GPIO backend as ports, wired in by run.py."""
    tree = ast.parse((ROOT / "cabinet" / "kiosk" / "operator_wait.py").read_text())
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert imported
    assert not [m for m in imported if m and m.startswith("cabinet.adapters")]


def test_the_config_leds_blink_on_the_backend_it_names(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        '[cabinet]\npin_factory = "mock"\nbogus = 1\n[[seat]]\nleds = { slam = 24 }\n',
        encoding="utf-8",
    )
    stack = blink_config_leds(path, make_pin_factory)
    assert stack is not None
    stack.close()
    path.write_text('[cabinet]\npin_factory = "nonesuch"\n[[seat]]\nleds = { slam = 24 }\n')
    # A backend it cannot open: no LED to drive.
    assert blink_config_leds(path, make_pin_factory) is None


def test_the_operator_screen_draws_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from cabinet.adapters.screen.operator import BACKGROUND, open_operator_screen, wrap

    screen = open_operator_screen()
    assert screen is not None
    try:
        screen.show("config.toml: unknown key 'cabinet.bogus' " * 4)
        surface = screen.surface
        width, height = surface.get_size()
        colours = {
            tuple(surface.get_at((x, y)))[:3]
            for x in range(0, width, 4)
            for y in range(height // 6, height // 2, 4)
        }
        assert BACKGROUND in colours
        assert (255, 255, 255) in colours
        screen.pump()
    finally:
        screen.close()
    assert wrap("a bb ccc", len, 4) == ["a bb", "ccc"]
