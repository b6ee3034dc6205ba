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

    def __init__(self) -> None:
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
        return self.seen.get(timeout=WAIT_S) - t0

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)
        self._thread.join(WAIT_S)


def _has_left_press(data: bytes) -> bool:
    return any(
        isinstance(m, P.Edge) and m.button == "left" and m.pressed
        for _seq, m in P.Decoder().feed(data)
    )


def serial_figures(presses: int = PRESSES) -> Figures:
    """p50 / p99 / max in µs of panel frame -> engine applied, and the pty floor."""
    config = parse_config(SERIAL_BENCH_CONFIG, source="<bench>")
    inbox = Inbox()
    sim = PanelSim("bench", debounce_us=0)
    statuses: queue.SimpleQueue[LinkChanged] = queue.SimpleQueue()

    def put(item: InboxItem) -> None:
        # The link's statuses aside (the bench waits for the first), its edges to the loop.
        if type(item) is LinkChanged:
            statuses.put(item)
        else:
            inbox.put(item)

    link = PanelLink(sim.path, InboxFeed(put))
    floor = _PtyFloor()
    try:
        status = statuses.get(timeout=WAIT_S)
        if not status.up:
            raise RuntimeError(f"bench serial: {status.detail}")
        lights = SerialLights(link, 0)
        seats = bench_seats(config, lights)
        state = bench_state(config)
        applied = [0.0]
        writes: list[tuple[float, bytes]] = []
        done = threading.Event()

        def on_applied(cmd: Command) -> None:
            applied[0] = time.monotonic()

        def on_write(data: bytes) -> None:
            writes.append((time.monotonic(), data))  # the stamp first; nothing else here

        table = Table(state, seats, on_applied=on_applied)
        loop = CabinetLoop(table, inbox, tie_seed=1, on_batch_done=done.set)
        sim.on_write = on_write
        runner = threading.Thread(
            target=loop.run, kwargs={"stop_when_over": False}, name="cabinet-loop", daemon=True
        )
        edge_frame = P.encode(P.Edge(0, "left", True, 0), 0)
        to_engine: list[float] = []
        to_floor: list[float] = []

        def press(button: str, pressed: bool) -> None:
            done.clear()
            sim.press(button, pressed=pressed)
            if not done.wait(WAIT_S):
                raise RuntimeError(
                    f"bench serial: the cabinet loop did not answer within {WAIT_S:g} s"
                )

        def cycle(measure: bool) -> None:
            press("slot1", True)
            press("slot1", False)
            applied[0] = 0.0
            writes.clear()
            done.clear()
            sim.press("left", pressed=True)
            if not done.wait(WAIT_S) or applied[0] == 0.0:
                raise RuntimeError("bench serial: the LEFT press did not reach the engine")
            if measure:
                # The write that carried the LEFT edge (heartbeat Pongs write too).
                t = next(t for t, data in list(writes) if _has_left_press(data))
                to_engine.append(applied[0] - t)
            press("left", False)
            if measure:
                to_floor.append(floor.once(edge_frame))

        gc.collect()
        runner.start()
        try:
            for _ in range(min(100, presses)):
                cycle(False)
            for _ in range(presses):
                cycle(True)
        finally:
            loop.stop()
            runner.join(WAIT_S)
        stats = link.stats()
        rtt_us = stats["rtt_us"]
        if rtt_us is None:  # every press is answered: a link this busy has measured one
            raise RuntimeError("bench serial: the link measured no round trip")
    finally:
        link.close()
        sim.close()
        floor.close()
    return {
        "serial_to_engine_us": distribution(to_engine, S_TO_US),
        "serial_floor_us": distribution(to_floor, S_TO_US),
        "serial_presses": len(to_engine),
        "serial_rtt_us": rtt_us,
        "serial_bad_frames": sum(
            stats["counts"][k] for k in ("bad_frame", "bad_crc", "too_long", "bad_payload", "lost")
        ),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(serial_figures(), indent=1))
