"""cabinet/adapters/sdnotify.py against a real AF_UNIX datagram socket (what systemd listens on)."""

from __future__ import annotations

import itertools
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from cabinet.adapters import sdnotify


@pytest.fixture
def notify_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[socket.socket]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    sock.settimeout(5)  # a missing datagram fails the test instead of hanging it
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    try:
        yield sock
    finally:
        sock.close()


def _received(sock: socket.socket) -> str:
    return sock.recv(4096).decode()


def test_ready_watchdog_status_stopping_send_their_messages(notify_socket: socket.socket) -> None:
    assert sdnotify.ready()
    assert _received(notify_socket) == "READY=1"
    assert sdnotify.watchdog()
    assert _received(notify_socket) == "WATCHDOG=1"
    assert sdnotify.status("game 2\nbest-of-3  1-0")
    assert _received(notify_socket) == "STATUS=game 2 best-of-3 1-0"
    assert sdnotify.ready("attract")
    assert _received(notify_socket) == "READY=1\nSTATUS=attract"
    assert sdnotify.stopping()
    assert _received(notify_socket) == "STOPPING=1"


def test_abstract_socket_address(monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"speed-cabinet-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert sdnotify.watchdog()
        assert sock.recv(64) == b"WATCHDOG=1"


def test_no_socket_is_a_no_op(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert sdnotify.ready() is False
    assert sdnotify.watchdog() is False
    # A socket that has gone away, or a nonsense address: still no exception.
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "gone"))
    assert sdnotify.status("x") is False
    monkeypatch.setenv("NOTIFY_SOCKET", "relative/path")
    assert sdnotify.stopping() is False


def test_watchdog_period_from_the_environment() -> None:
    pid = str(os.getpid())
    assert sdnotify.watchdog_period({"WATCHDOG_USEC": "5000000"}) == 5.0
    assert sdnotify.watchdog_period({"WATCHDOG_USEC": "5000000", "WATCHDOG_PID": pid}) == 5.0
    assert sdnotify.watchdog_period({"WATCHDOG_USEC": "5000000", "WATCHDOG_PID": "1"}) is None
    assert sdnotify.watchdog_period({}) is None
    assert sdnotify.watchdog_period({"WATCHDOG_USEC": "0"}) is None
    assert sdnotify.watchdog_period({"WATCHDOG_USEC": "soon"}) is None


def test_notifier_pings_at_most_every_half_period(notify_socket: socket.socket) -> None:
    notifier = sdnotify.Notifier(period=5.0)
    pings = []
    for frame in range(600):  # ten seconds of frames at 60 fps, on a made-up clock
        now = 100.0 + frame / 60
        if notifier.watchdog_due(now):
            assert notifier.ping(now)
            pings.append(now)
    assert len(pings) == 4  # t = 0, 2.5, 5, 7.5
    assert all(b - a >= 2.5 - 1e-9 for a, b in itertools.pairwise(pings))
    notify_socket.settimeout(0)
    assert [notify_socket.recv(64) for _ in pings] == [b"WATCHDOG=1"] * 4


def test_notifier_without_watchdog_never_pings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    notifier = sdnotify.Notifier()
    assert notifier.period is None
    assert not notifier.watchdog_due(1e9)
    assert notifier.ping(1e9) is False


def test_an_extended_watchdog_is_put_back_at_the_next_ready(
    notify_socket: socket.socket, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17: a start-up after READY (the kiosk leaving "needs the operator") gets the
    start timeout; the cabinet's READY puts the unit's WatchdogSec back, once."""
    monkeypatch.setenv("WATCHDOG_USEC", "5000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    assert sdnotify.extend_watchdog(90)
    assert _received(notify_socket) == "WATCHDOG=1\nWATCHDOG_USEC=90000000"
    assert sdnotify.ready("attract")
    assert _received(notify_socket) == "READY=1\nSTATUS=attract\nWATCHDOG_USEC=5000000"
    assert sdnotify.ready()
    assert _received(notify_socket) == "READY=1"
    monkeypatch.delenv("WATCHDOG_USEC")
    assert not sdnotify.extend_watchdog(90)  # no watchdog: nothing to extend or put back
    assert sdnotify.ready()
    assert _received(notify_socket) == "READY=1"
