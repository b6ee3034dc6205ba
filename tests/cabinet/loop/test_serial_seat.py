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
        "seat": [
            {"controls": "bot", "difficulty": "beginner"},
            {"controls": "serial", "serial": {"path": path}},
        ],
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
        cab = build_cabinet(
            parse_config(_config(sim.path)), out=io.StringIO(), seed=3, observers=[seen.append]
        )
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
    cab = build_cabinet(
        parse_config(_config(str(tmp_path / "nowhere"))),
        out=io.StringIO(),
        seed=3,
        observers=[seen.append],
    )
    try:
        _run_until(cab, lambda: cab.loop.state.paused)
        offline = [n for p in seen for n in p.notes if n.kind == "offline"]
        assert "not found" in offline[0].detail
        assert offline[0].seat == 1
    finally:
        cab.close()


def _events(seen: list[Published]) -> list[str]:
    return [e.type for p in seen for e in p.events if e.type in ("paused", "resumed")]


def test_a_panel_plugged_in_after_start_up_resumes_the_game(tmp_path: Path) -> None:
    """Before its Hello the panel is named after its seat, after it by its id: the offline
    entry is the seat's, so the panel that turns up late clears it (issue 13, item 1)."""
    seen: list[Published] = []
    path = str(tmp_path / "panel")
    cab = build_cabinet(
        parse_config(_config(path)), out=io.StringIO(), seed=3, observers=[seen.append]
    )
    try:
        _run_until(cab, lambda: cab.loop.state.paused)
        with PanelSim("p2", link=path):
            _run_until(cab, lambda: not cab.loop.state.paused)
            assert _events(seen) == ["paused", "resumed"]
            assert cab.loop.links.offline == {}
    finally:
        cab.close()


def test_a_panel_that_answers_its_first_hello_late_resumes_the_game(tmp_path: Path) -> None:
    seen: list[Published] = []
    with PanelSim("p2", hung=True) as sim:  # a Pico still booting: the port is there, silent
        cab = build_cabinet(
            parse_config(_config(sim.path)), out=io.StringIO(), seed=3, observers=[seen.append]
        )
        try:
            _run_until(cab, lambda: cab.loop.state.paused)
            offline = [n.detail for p in seen for n in p.notes if n.kind == "offline"]
            assert offline[0] == "panel seat[2] (seat 2) offline: no hello within 500 ms"
            sim.hang(False)
            _run_until(cab, lambda: not cab.loop.state.paused)
            assert _events(seen) == ["paused", "resumed"]
        finally:
            cab.close()


def test_two_panels_with_the_same_id_never_resume_each_others_seats(tmp_path: Path) -> None:
    """Both panels keep the firmware's default id: the one unplugged keeps the game paused
    while the other comes and goes, and the cabinet says which seats to rename."""
    seen: list[Published] = []
    with PanelSim("p1") as first, PanelSim("p1") as second:
        config = _config(first.path)
        seats = config["seat"]
        assert isinstance(seats, list)
        config["seat"] = [*seats, {"controls": "serial", "serial": {"path": second.path}}]
        cab = build_cabinet(
            parse_config(config), out=io.StringIO(), seed=3, observers=[seen.append]
        )
        try:
            links = [cab.seats[i].panel.link for i in (1, 2)]  # type: ignore[union-attr]
            assert all(link.up.wait(WAIT_S) for link in links)
            first.unplug()
            _run_until(cab, lambda: cab.loop.state.paused)
            second.unplug()
            _run_until(cab, lambda: not links[1].up.is_set())
            second.replug()
            assert links[1].up.wait(WAIT_S)
            deadline = time.monotonic() + 0.3
            while time.monotonic() < deadline:
                cab.loop.run_once(until=deadline)
            assert cab.loop.state.paused  # seat 2's panel is still unplugged
            assert cab.loop.offline_names() == ("p1",)
            first.replug()
            _run_until(cab, lambda: not cab.loop.state.paused)
            assert _events(seen) == ["paused", "resumed"]
            note = next(n for p in seen for n in p.notes if n.kind == "panel id")
            assert "seats 2, 3 all call themselves p1" in note.detail
        finally:
            cab.close()


def test_a_panel_sending_garbage_pauses_the_game_once(tmp_path: Path) -> None:
    """A bad cable (random bytes at 1 MB/s, frames mixed in) pauses the game once with one
    note naming the cable, and resumes it once after it is clean (issue 13, item 12)."""
    seen: list[Published] = []
    with PanelSim("p2") as sim:
        cab = build_cabinet(
            parse_config(_config(sim.path)), out=io.StringIO(), seed=3, observers=[seen.append]
        )
        try:
            link = cab.seats[1].panel.link  # type: ignore[union-attr]
            assert link.up.wait(WAIT_S)
            sim.garbage(1_000_000)
            _run_until(cab, lambda: cab.loop.state.paused)
            deadline = time.monotonic() + 2.5
            while time.monotonic() < deadline:
                cab.loop.run_once(until=deadline)
            sim.garbage(0)
            _run_until(cab, lambda: not cab.loop.state.paused)
            assert _events(seen) == ["paused", "resumed"]
            notes = [
                (n.kind, n.detail) for p in seen for n in p.notes if n.kind in ("online", "offline")
            ]
            online = ("online", "panel p2 (seat 2) online: connected")
            assert notes == [
                online,
                ("offline", "panel p2 (seat 2) sends garbage: check the cable"),
                online,
            ]
        finally:
            cab.close()
