"""Keys on tty1 (issue 25 item 4): the kiosk takes no signal from a keyboard. The real
command runs on a real pseudo-terminal as its stdin and controlling terminal (as tty1 is
under systemd); Ctrl-C and Ctrl-\\ typed there leave it running, SIGTERM still stops it
cleanly, and the terminal's modes are back afterwards. Laptop mode keeps Ctrl-C quitting."""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cabinet.adapters.tty_signals import KEYBOARD_SIGNALS, no_keyboard_signals
from cabinet.tools.bench.startup import kiosk_config
from tests.cabinet.rigs import wait_for

ROOT = Path(__file__).resolve().parents[3]
START_S = 90.0
"""A generous bound for a kiosk's start on a loaded machine (it is a few seconds idle)."""

ON_A_TTY = """
import fcntl, os, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # stdin, the pty, becomes the controlling terminal
os.execv(sys.executable, [sys.executable, "-m", "cabinet.cli", *sys.argv[1:]])
"""
"""The child, a new session's leader, takes its stdin as its controlling terminal (as
systemd's ``StandardInput=tty-force`` does with tty1), then becomes the cabinet."""


@dataclass
class Terminal:
    """A pseudo-terminal with a process on its slave end; the master end's output kept."""

    master: int
    slave: int
    proc: subprocess.Popen[bytes]
    out: bytearray = field(default_factory=bytearray)

    def read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:  # every slave end closed: the child is gone
                return
            if not data:
                return
            self.out += data

    def type(self, keys: bytes) -> None:
        """Type ``keys`` and a newline, and wait until the line discipline has taken them
        all (the newline is in the slave's input queue: whatever signals the keys make
        have been sent by then)."""
        os.write(self.master, keys + b"\n")
        wait_for(lambda: self.queued() > 0, START_S)

    def queued(self) -> int:
        got = fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0")
        return int(struct.unpack("i", got)[0])


@contextmanager
def on_a_pty(args: list[str], tmp_path: Path) -> Iterator[Terminal]:
    master, slave = os.openpty()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "NOTIFY_SOCKET", "WATCHDOG_USEC")
    }
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["HOME"] = str(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-c", ON_A_TTY, *args],
        cwd=ROOT,
        env=env,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    term = Terminal(master, slave, proc)
    reader = threading.Thread(target=term.read, name="pty-reader", daemon=True)
    reader.start()
    try:
        yield term
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        os.close(slave)
        reader.join(timeout=5)
        os.close(master)


def test_the_kiosk_ignores_ctrl_c_and_ctrl_backslash_on_its_tty(tmp_path: Path) -> None:
    config = kiosk_config(tmp_path / "config.toml")
    args = ["run", "--config", str(config), "--state-dir", str(tmp_path / "state")]
    with on_a_pty(args, tmp_path) as term:
        wait_for(lambda: b" played " in term.out or term.proc.poll() is not None, START_S)
        assert term.proc.poll() is None, bytes(term.out).decode(errors="replace")
        term.type(b"\x03\x1c")  # Ctrl-C and Ctrl-\ (SIGINT and SIGQUIT, were ISIG on)
        assert term.proc.poll() is None
        term.proc.send_signal(signal.SIGTERM)
        status = term.proc.wait(timeout=START_S)
        output = bytes(term.out).decode(errors="replace")
        restored = termios.tcgetattr(term.slave)[3] & termios.ISIG
    # A clean stop: 0, or 128 + SIGTERM, which the unit counts as success
    # (deploy/speed-cabinet.service: SuccessExitStatus=143); not 130 (Ctrl-C) or a kill.
    assert status in (0, 128 + signal.SIGTERM), output[-2000:]
    assert "Traceback" not in output
    assert restored  # the terminal's signal keys are back once it stopped


def test_laptop_mode_keeps_ctrl_c_quitting(tmp_path: Path) -> None:
    args = ["run", "--headless", "--seed", "3", "--state-dir", str(tmp_path / "state")]
    with on_a_pty(args, tmp_path) as term:
        wait_for(lambda: b" played " in term.out or term.proc.poll() is not None, START_S)
        os.write(term.master, b"\x03")  # its demo reads the keys itself: no queue to watch
        assert term.proc.wait(timeout=START_S) == 130


def test_no_keyboard_signals_clears_isig_and_ignores_then_puts_both_back() -> None:
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        handlers = {s: signal.getsignal(s) for s in KEYBOARD_SIGNALS}
        with no_keyboard_signals(kiosk=True, fd=slave):
            assert not termios.tcgetattr(slave)[3] & termios.ISIG
            assert all(signal.getsignal(s) is signal.SIG_IGN for s in KEYBOARD_SIGNALS)
            os.kill(os.getpid(), signal.SIGINT)  # no KeyboardInterrupt
        assert termios.tcgetattr(slave) == before
        assert {s: signal.getsignal(s) for s in KEYBOARD_SIGNALS} == handlers
        with no_keyboard_signals(kiosk=False, fd=slave):  # laptop mode: nothing changes
            assert termios.tcgetattr(slave) == before
            assert signal.getsignal(signal.SIGINT) is handlers[signal.SIGINT]
    finally:
        os.close(slave)
        os.close(master)
