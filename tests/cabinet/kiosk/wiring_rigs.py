"""The kiosk's shared rigs (for tests/cabinet/kiosk/test_kiosk_wiring.py and the tests built on
it): systemd's side of NOTIFY_SOCKET, and the flow on a fake clock (tests/cabinet/rigs.py)
with the failsafe and sd_notify's status."""

from __future__ import annotations

import socket
import threading
import time

from cabinet.adapters import sdnotify
from cabinet.kiosk.records import Records
from cabinet.loop import CabinetLoop, Observer
from cabinet.modes.flow.director import FlowDirector
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config


class Listener:
    """systemd's side of NOTIFY_SOCKET: a thread receiving every datagram as it comes
    (the kernel queues only a few: net.unix.max_dgram_qlen)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.got: list[str] = []
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        self.sock.settimeout(0.02)
        while not self.done.is_set():
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            with self.lock:
                self.got.append(data.decode())

    def take(self) -> list[str]:
        time.sleep(0.05)  # whatever is in flight
        with self.lock:
            out, self.got = self.got, []
        return out

    def close(self) -> None:
        self.done.set()
        self.thread.join(2)
        self.sock.close()


def rig(
    records: Records | None = None,
    match: str = "single",
    takeover_s: int = 1,
    observers: tuple[Observer, ...] = (),
    kind: type[FlowDirector] = FlowDirector,
) -> tuple[CabinetLoop, FlowDirector, FakeClock]:
    config = flow_config(idle_return_s=600, bot_takeover_s=takeover_s, match=match)
    clock = FakeClock()
    director = kind(config, clock=clock, records=records, status=sdnotify.status)
    loop = cabinet_loop(config, clock, flow=director, failsafe=True, observers=observers)
    return loop, director, clock
