"""``speed-cabinet panel-sim`` in a terminal, and the ``serial`` bench group."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

from firmware_bridge.events import Button, ButtonChanged, LedMode, PanelStatus
from firmware_bridge.link import PanelLink

WAIT = 5.0


def test_panel_sim_command_plays_keys_and_prints_leds(tmp_path: Path) -> None:
    link_path = str(tmp_path / "panel")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cabinet.cli", "panel-sim", "--id", "cli", "--link", link_path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    lines: queue.SimpleQueue[str] = queue.SimpleQueue()
    out = proc.stdout

    def read_lines() -> None:
        for x in out:
            lines.put(x.decode())

    threading.Thread(target=read_lines, daemon=True).start()
    edges: queue.SimpleQueue[ButtonChanged] = queue.SimpleQueue()
    statuses: queue.SimpleQueue[PanelStatus] = queue.SimpleQueue()

    class Listener:
        def button_changed(self, event: ButtonChanged) -> None:
            edges.put(event)

        def status_changed(self, status: PanelStatus) -> None:
            statuses.put(status)

    try:
        assert lines.get(timeout=WAIT).startswith(f"panel cli on {link_path}")
        link = PanelLink(link_path, Listener(), backoff=(0.01, 0.05))
        try:
            status = statuses.get(timeout=WAIT)
            while not status.up:
                status = statuses.get(timeout=WAIT)
            proc.stdin.write(b"3 ")  # slot3, then slam: each a press and a release
            proc.stdin.flush()
            got = [(e.button, e.pressed) for e in (edges.get(timeout=WAIT) for _ in range(4))]
            assert got == [
                (Button.SLOT3, True),
                (Button.SLOT3, False),
                (Button.SLAM, True),
                (Button.SLAM, False),
            ]
            link.set_leds(0, [LedMode.ON] + [LedMode.OFF] * 7)
            while True:
                line = lines.get(timeout=WAIT)
                if "slot1[@]" in line:
                    break
            proc.stdin.write(b"g")  # a bad cable: garbage between the frames
            proc.stdin.flush()
            while "garbage 1,000,000 bytes/s" not in lines.get(timeout=WAIT):
                pass
            status = statuses.get(timeout=WAIT)
            assert str(status) == "panel cli (seat 1) sends garbage: check the cable"
            proc.stdin.write(b"g")
            proc.stdin.flush()
            while "garbage off" not in lines.get(timeout=WAIT):
                pass
            assert statuses.get(timeout=WAIT).up
        finally:
            link.close()
        proc.stdin.write(b"q")
        proc.stdin.flush()
        assert proc.wait(WAIT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serial_bench_group_figures() -> None:
    """The figures' shape, not this machine's speed: the bench's own 2 s waits (link up, a
    press answered, and the link's liveness limits) become 20 s here, so a loaded machine
    (issue 25 item 12: both cores busy) only makes the run slower. A run in which the link
    dropped all the same (pyserial's write timeout, a starved thread past 100 ms) stops at
    once, as it would measure a reconnection: it is run again, five runs at most."""
    from cabinet.tools.bench import serial as serial_bench

    for attempt in range(5):
        try:
            figures = serial_bench.serial_figures(presses=30, wait_s=20.0)
        except serial_bench.LinkDropped:
            if attempt == 4:
                raise
            continue
        break
    for key in ("serial_to_engine_us", "serial_floor_us"):
        dist = figures[key]
        assert isinstance(dist, dict)
        assert set(dist) == {"p50", "p99", "max"}
        assert 0 < dist["p50"] <= dist["p99"] <= dist["max"]
    assert figures["serial_presses"] == 30
    assert figures["serial_bad_frames"] == 0
