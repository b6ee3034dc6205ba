"""A cabinet killed with SIGKILL leaves no serial panel lit (issue 13, item 3): the firmware
darkens its LEDs a second after the host's last frame, and a live host, however idle,
speaks often enough that this never happens while it runs. A real host process and the
firmware's own panel logic (``PanelSim``) over a real pty."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from firmware_bridge.events import ButtonChanged, LedMode, PanelStatus
from firmware_bridge.firmware.panel import HOST_QUIET_US
from firmware_bridge.link import PanelLink
from firmware_bridge.sim import PanelSim

ROOT = Path(__file__).resolve().parents[2]
OFF, DIM, ON = LedMode.OFF, LedMode.DIM, LedMode.ON
LIT_MODES = (ON, OFF, DIM, OFF, OFF, ON, OFF, DIM)
LIT = (255, 0, 38, 0, 0, 255, 0, 38)
"""``LIT_MODES`` on the wire."""


class Deaf:
    """A listener that takes the link's events and does nothing with them."""

    def button_changed(self, event: ButtonChanged) -> None:
        pass

    def status_changed(self, status: PanelStatus) -> None:
        pass


HOST = textwrap.dedent("""
    import sys, time
    from firmware_bridge.events import LedMode
    from firmware_bridge.link import PanelLink
    class Deaf:
        def button_changed(self, event): pass
        def status_changed(self, status): pass
    link = PanelLink(sys.argv[1], Deaf())
    link.up.wait(5)
    link.set_leds(0, [LedMode[name] for name in %r])
    print("lit", flush=True)
    time.sleep(60)
""") % ([m.name for m in LIT_MODES],)


def _state_when(sim: PanelSim, want: dict[int, tuple[int, ...]], wait: float) -> float:
    """Seconds until the simulated panel shows ``want`` (AssertionError after ``wait``).
    Only listens (``led_updates``): asking the sim would wake its loop."""
    t0 = time.monotonic()
    while True:
        left = wait - (time.monotonic() - t0)
        assert left > 0, f"the panel never showed {want}"
        try:
            if sim.led_updates.get(timeout=left) == want:
                return time.monotonic() - t0
        except queue.Empty:
            pass


def test_a_killed_host_leaves_the_panel_dark_within_a_second_or_so() -> None:
    with PanelSim("p1") as sim:
        host = subprocess.Popen(
            [sys.executable, "-c", HOST, sim.path], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        try:
            assert host.stdout is not None
            assert host.stdout.readline().strip() == "lit"
            _state_when(sim, {0: LIT}, 3.0)
            host.send_signal(signal.SIGKILL)
            host.wait(10)
            dark = _state_when(sim, {0: (0,) * 8}, 3.0)
        finally:
            if host.poll() is None:
                host.kill()
                host.wait()
    # The last frame came at most a heartbeat (50 ms) before the kill.
    assert HOST_QUIET_US / 1e6 - 0.1 < dark < HOST_QUIET_US / 1e6 + 0.3


def test_a_live_idle_host_keeps_the_panel_lit() -> None:
    with PanelSim("p1") as sim:
        link = PanelLink(sim.path, Deaf())
        try:
            assert link.up.wait(3)
            link.set_leds(0, LIT_MODES)
            _state_when(sim, {0: LIT}, 3.0)
            time.sleep(2.5 * HOST_QUIET_US / 1e6)  # nothing changes: only the heartbeat
            assert sim.leds() == {0: LIT}
            assert sim.panel is not None
            assert sim.panel.darkened == 0
        finally:
            link.close()
