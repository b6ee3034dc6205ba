"""A serial seat in the cabinet: its presses reach the game through the same queue as GPIO,
and the game is paused while its panel is offline (issue 8)."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from pathlib import Path

from cabinet.app import build_cabinet
from cabinet.config import parse_config
from cabinet.loop import Published
from firmware_bridge import protocol as P
from firmware_bridge.sim import PanelSim

WAIT_S = 3.0


def _config(path: str) -> dict[str, object]:
    return {
        "cabinet": {"pin_factory": "mock"},
        "rules": {"call": "call", "stall_delay_ms": 60_000},
        "seat": [{"controls": "bot", "difficulty": "beginner"},
                 {"controls": "serial", "serial": {"path": path}}],
    }


def _run_until(cab: object, done: Callable[[], bool]) -> None:
    loop = cab.loop  # type: ignore[attr-defined]
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, "timed out"
        loop.run_once(until=min(deadline, time.monotonic() + 0.05))


def test_serial_panel_presses_reach_the_game_and_offline_pauses_it(tmp_path: Path) -> None:
    seen: list[Published] = []
    with PanelSim("p2", ((0, P.BUTTONS),)) as sim:
        cab = build_cabinet(parse_config(_config(sim.path)), out=io.StringIO(), seed=3,
                            observers=[seen.append])
        try:
            link = cab.seats[1].panel.link  # type: ignore[union-attr]
            assert link.up.wait(WAIT_S)

            def events() -> list[str]:
                return [f"{e.type}:{getattr(e, 'player', '')}" for p in seen for e in p.events]

            # SLAM outside a stall from the panel is a false call by seat 2.
            sim.press("slam")
            sim.press("slam", pressed=False)
            _run_until(cab, lambda: "penalty:1" in events())

            sim.unplug()
            _run_until(cab, lambda: cab.loop.state.paused)
            notes = [n for p in seen for n in p.notes]
            assert any(n.kind == "offline" and "p2" in n.detail for n in notes)

            sim.replug()
            _run_until(cab, lambda: not cab.loop.state.paused)
            assert events()[-2:] == ["paused:1", "resumed:0"]
        finally:
            cab.close()


def test_a_missing_panel_starts_the_game_paused(tmp_path: Path) -> None:
    seen: list[Published] = []
    cab = build_cabinet(parse_config(_config(str(tmp_path / "nowhere"))), out=io.StringIO(),
                        seed=3, observers=[seen.append])
    try:
        _run_until(cab, lambda: cab.loop.state.paused)
        offline = [n for p in seen for n in p.notes if n.kind == "offline"]
        assert "not found" in offline[0].detail
        assert offline[0].seat == 1
    finally:
        cab.close()
