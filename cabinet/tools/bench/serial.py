"""Bench group ``serial``: a serial panel's button edge to the engine, through a real pty.

The path measured is the real one on a laptop: the simulated panel (the firmware's own
``Panel`` logic, ``firmware_bridge.sim``) writes an Edge frame into the master side of a
pty; ``PanelLink``'s pyserial reader thread reads the slave side, decodes the frame, maps
the panel timestamp to host time and puts the edge on the inbox; the cabinet loop thread
wakes, debounces, turns the press into a command and the engine applies it.

* ``serial_to_engine_us``: from the moment the panel side starts writing the frame into
  the pty to the engine having applied the command (``CabinetLoop.on_applied``);
* ``serial_floor_us``: in the same run, the same frame written into another pty and read
  by a thread blocked on its other side: what the pty costs by itself.

As in the ``press`` group, each measured press is a LEFT press playing a card picked by a
(not measured) SLOT1 tap; the table makes every play a rejected non-adjacent play with the
lockout off, so the game never ends and every press does the same work. Debounce is 0 on
both sides so presses can follow each other quickly. The panel-to-host clock mapping runs
throughout (its heartbeat is live), so its cost is included.

Every wait is ``wait_s``, the link's liveness limits (``dead_after``, ``hello_timeout``)
too: a machine too busy to answer a heartbeat in time only makes a run slower. A link that
drops all the same (pyserial's write timeout) loses the edges in flight with its port, so
the run stops at once with ``LinkDropped`` rather than wait for a press that cannot come.
"""

from __future__ import annotations

import gc
import os
import pty
import queue
import threading
import time
import tty
from collections.abc import Mapping

from cabinet.adapters.serial import InboxFeed, SerialLights
from cabinet.config import parse_config
from cabinet.errors import CabinetError
from cabinet.inputs import Inbox, InboxItem, LinkChanged
from cabinet.loop import CabinetLoop, Table
from cabinet.tools.bench.figures import S_TO_US, Figures, distribution
from cabinet.tools.bench.press import bench_seats, bench_state
from engine.commands import Command
from firmware_bridge import protocol as P
from firmware_bridge.link import PanelLink
from firmware_bridge.sim import PanelSim

PRESSES = 2_000
WAIT_S = 2.0

SERIAL_BENCH_CONFIG: Mapping[str, object] = {
    "seed": 1,
    "cabinet": {"pin_factory": "mock"},
    "rules": {"lockout_ms": 0},
    "seat": [
        {"controls": "serial", "serial": {"path": "/dev/null"}},  # replaced by the sim's pty
        {"controls": "keyboard"},
    ],
}


class _PtyFloor:
    """A pty with a reader thread blocked on the slave side: write -> read, one way."""

    def __init__(self, wait_s: float) -> None:
        self.wait_s = wait_s
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.seen: queue.SimpleQueue[float] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._read, name="pty-floor", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.slave, 256)
            except OSError:
                return
            if not data:
                return
            self.seen.put(time.monotonic())

    def once(self, frame: bytes) -> float:
        t0 = time.monotonic()
        os.write(self.master, frame)
        return self.seen.get(timeout=self.wait_s) - t0

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)
        self._thread.join(self.wait_s)


def _has_left_press(data: bytes) -> bool:
    return any(
        isinstance(m, P.Edge) and m.button == "left" and m.pressed
        for _seq, m in P.Decoder().feed(data)
    )


class LinkDropped(CabinetError, RuntimeError):
    """The link went offline during a run: the edges in flight went with its port, and what
    followed would measure a reconnection, not the path."""


class _Run:
    """One run: the simulated panel, its link, and the cabinet loop reading the link."""

    def __init__(self, wait_s: float) -> None:
        self.wait_s = wait_s
        self.inbox = Inbox()
        self.statuses: queue.SimpleQueue[LinkChanged] = queue.SimpleQueue()
        self.dropped: LinkChanged | None = None
        self.done = threading.Event()
        self.applied = 0.0
        self.writes: list[tuple[float, bytes]] = []
        self.to_engine: list[float] = []
        self.to_floor: list[float] = []
        self.sim = PanelSim("bench", debounce_us=0)
        # Every limit of the link is the run's wait: a starved thread on a busy machine
        # (a write not taken within 100 ms) makes the run slower, never a dropped link.
        self.link = PanelLink(
            self.sim.path,
            InboxFeed(self._put),
            dead_after=wait_s,
            hello_timeout=wait_s,
            write_timeout=wait_s,
        )

    def _put(self, item: InboxItem) -> None:
        # The link's statuses aside (the run waits for the first; a drop ends it and wakes
        # a waiting press), its edges to the loop.
        if type(item) is LinkChanged:
            if not item.up:
                self.dropped = item
                self.done.set()
            self.statuses.put(item)
        else:
            self.inbox.put(item)

    def _on_applied(self, cmd: Command) -> None:
        self.applied = time.monotonic()

    def _on_write(self, data: bytes) -> None:
        self.writes.append((time.monotonic(), data))  # the stamp first; nothing else here

    def connect(self) -> CabinetLoop:
        """Wait for the link to come up; the loop on the bench table, not yet running."""
        status = self.statuses.get(timeout=self.wait_s)
        if not status.up:
            raise LinkDropped(f"bench serial: {status.detail}")
        config = parse_config(SERIAL_BENCH_CONFIG, source="<bench>")
        seats = bench_seats(config, SerialLights(self.link, 0))
        table = Table(bench_state(config), seats, on_applied=self._on_applied)
        self.sim.on_write = self._on_write
        return CabinetLoop(table, self.inbox, tie_seed=1, on_batch_done=self.done.set)

    def press(self, button: str, pressed: bool) -> None:
        """One edge from the panel, answered by the loop (a batch handled)."""
        self.done.clear()
        self.sim.press(button, pressed=pressed)
        answered = self.dropped is None and self.done.wait(self.wait_s)
        if self.dropped is not None:
            raise LinkDropped(f"bench serial: {self.dropped.detail} during the run")
        if not answered:
            raise RuntimeError(
                f"bench serial: the cabinet loop did not answer within {self.wait_s:g} s"
            )

    def cycle(self, floor: _PtyFloor, edge_frame: bytes, measure: bool) -> None:
        """A SLOT1 tap (the pick), then a LEFT press (measured if MEASURE) and release."""
        self.press("slot1", True)
        self.press("slot1", False)
        self.applied = 0.0
        self.writes.clear()
        self.press("left", True)
        if self.applied == 0.0:
            raise RuntimeError("bench serial: the LEFT press did not reach the engine")
        if measure:
            # The write that carried the LEFT edge (heartbeat Pongs write too).
            t = next(t for t, data in list(self.writes) if _has_left_press(data))
            self.to_engine.append(self.applied - t)
        self.press("left", False)
        if measure:
            self.to_floor.append(floor.once(edge_frame))

    def close(self) -> None:
        self.link.close()
        self.sim.close()


def _measure(run: _Run, floor: _PtyFloor, presses: int) -> None:
    """Warm-up cycles, then PRESSES measured ones, with the loop on its own thread."""
    loop = run.connect()
    runner = threading.Thread(
        target=loop.run, kwargs={"stop_when_over": False}, name="cabinet-loop", daemon=True
    )
    edge_frame = P.encode(P.Edge(0, "left", True, 0), 0)
    gc.collect()
    runner.start()
    try:
        for _ in range(min(100, presses)):
            run.cycle(floor, edge_frame, measure=False)
        for _ in range(presses):
            run.cycle(floor, edge_frame, measure=True)
    finally:
        loop.stop()
        runner.join(run.wait_s)


def serial_figures(presses: int = PRESSES, *, wait_s: float = WAIT_S) -> Figures:
    """p50 / p99 / max in µs of panel frame -> engine applied, and the pty floor; every
    wait ``wait_s`` (``LinkDropped`` if the link drops during the run)."""
    run = _Run(wait_s)
    try:
        floor = _PtyFloor(wait_s)
        try:
            _measure(run, floor, presses)
        finally:
            floor.close()
        stats = run.link.stats()
    finally:
        run.close()
    rtt_us = stats["rtt_us"]
    if rtt_us is None:  # every press is answered: a link this busy has measured one
        raise RuntimeError("bench serial: the link measured no round trip")
    return {
        "serial_to_engine_us": distribution(run.to_engine, S_TO_US),
        "serial_floor_us": distribution(run.to_floor, S_TO_US),
        "serial_presses": len(run.to_engine),
        "serial_rtt_us": rtt_us,
        "serial_bad_frames": sum(
            stats["counts"][k] for k in ("bad_frame", "bad_crc", "too_long", "bad_payload", "lost")
        ),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(serial_figures(), indent=1))
