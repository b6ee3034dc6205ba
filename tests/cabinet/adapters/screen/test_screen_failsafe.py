"""Issue 9's failsafe around the window: a frame that fails to draw is logged with its
traceback and reported to the cabinet loop (``CabinetLoop.report_fault``), whose failsafe
resets the table ("resetting", then attract with a fresh demo) while the window starts
clean; failures on every frame give up with ``CabinetFailed`` (exit status 70) with every
LED off. The window runs in this process on SDL's dummy drivers; the only fake is the
injected fault (``Renderer.draw`` raising)."""

from __future__ import annotations

import io
import logging
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from cabinet.app import build_cabinet, flow_seats
from cabinet.config import CabinetConfig, laptop_config, parse_config
from cabinet.inputs import Inbox
from cabinet.loop import CabinetFailed, CabinetLoop, Table, seat_runtime
from cabinet.run import FAILED_EXIT, run_cabinet
from cabinet.seating import RunMode, seat_cabinet
from engine.game import new_game

pytestmark = [
    pytest.mark.filterwarnings("ignore:no fast renderer available"),
    pytest.mark.usefixtures("dummy_sdl"),
]
"""SDL's dummy driver has no vsync renderer (the window then opens without vsync)."""

DEADLINE_S = 20.0
"""The bound on every window run here (a healthy run ends far sooner)."""


def two_panels() -> CabinetConfig:
    """Two GPIO panels on mock pins (their seats get bots) with every LED wired."""
    return parse_config(
        {
            "cabinet": {"pin_factory": "mock"},
            "seat": [
                {
                    "controls": "gpio",
                    "assist": "cards",
                    "buttons": {
                        "slot1": 5,
                        "slot2": 6,
                        "slot3": 13,
                        "slot4": 19,
                        "slot5": 26,
                        "left": 20,
                        "right": 21,
                        "slam": 16,
                    },
                    "leds": {
                        "slot1": 4,
                        "slot2": 17,
                        "slot3": 7,
                        "slot4": 14,
                        "slot5": 15,
                        "left": 12,
                        "right": 25,
                        "slam": 24,
                    },
                },
                {
                    "controls": "gpio",
                    "assist": "cards",
                    "buttons": {
                        "slot1": 2,
                        "slot2": 3,
                        "slot3": 27,
                        "slot4": 22,
                        "slot5": 10,
                        "left": 9,
                        "right": 11,
                        "slam": 8,
                    },
                    "leds": {"slam": 18},
                },
            ],
        }
    )


# The window.


def test_one_draw_failure_resets_the_table_and_the_window_draws_on(
    mock_factory: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from cabinet.adapters.screen.window import FALLBACK_FILL
    from cabinet.run import run_display
    from display.renderer import Renderer

    config = flow_seats(laptop_config(2, 0, "easy", seed=7))  # as run_cabinet's window
    cab = build_cabinet(
        config,
        mode=RunMode(window=True, keys=True),
        mock=True,
        factory=mock_factory,
        out=io.StringIO(),
    )
    loop = cab.loop
    real = Renderer.draw
    start = time.monotonic()
    failed: list[tuple[Renderer, Any]] = []
    after: list[tuple[Renderer, Any, tuple[int, ...]]] = []

    def draw(self: Renderer, surface: Any, view: Any, anims: Any, now_ms: int) -> None:
        if not failed and view.state.now >= 500:  # the demo is under way (its own clock)
            failed.append((self, view))
            raise ZeroDivisionError("injected draw fault")
        if failed:
            # What is on the screen before this frame draws: the fallback card, at first.
            after.append((self, view, tuple(surface.get_at((0, 0)))[:3]))
            if len(after) >= 10:
                loop.stop()
        real(self, surface, view, anims, now_ms)

    monkeypatch.setattr(Renderer, "draw", draw)
    try:
        with caplog.at_level(logging.DEBUG, logger="speed_cabinet"):
            run_display(cab, until=time.monotonic() + DEADLINE_S, out=io.StringIO())
        director: Any = cab.flow.menu if cab.flow is not None else None
        flow_director = director.below  # the FlowDirector behind the service menu
    finally:
        cab.close()
    elapsed = time.monotonic() - start
    assert elapsed < DEADLINE_S - 1, "the window did not draw on after the failure"

    # Logged with its traceback by the window, then counted and reset by the loop.
    ((broken_renderer, broken_view),) = failed
    screen_logs = [
        r
        for r in caplog.records
        if r.name == "speed_cabinet.screen" and r.exc_info and r.exc_info[0] is ZeroDivisionError
    ]
    assert len(screen_logs) == 1
    assert "Traceback" in caplog.text
    assert "injected draw fault" in caplog.text
    assert any(
        r.name == "speed_cabinet.loop" and "reported failure" in r.getMessage()
        for r in caplog.records
    )
    assert len(loop.faults.times) == 1  # one fault spent, far from giving up

    # The next frame: the "resetting" card over a freshly dealt demo, drawn by a fresh
    # renderer, over the fallback card the failed frame left on the screen.
    renderer, view, pixel = after[0]
    assert pixel == FALLBACK_FILL
    assert renderer is not broken_renderer
    assert view is not broken_view
    assert view.flow is not None
    assert view.flow.screen == "resetting"
    assert view.state.now < broken_view.state.now  # the demo had been playing for a while
    assert flow_director.flow.phase.value == "attract"
    # ...and the window went on drawing, with that renderer, not the fallback.
    assert len(after) >= 10
    assert all(r is renderer for r, _v, _p in after)
    assert after[-1][2] != FALLBACK_FILL


def test_failures_on_every_frame_give_up_with_exit_70_and_the_leds_off(
    mock_factory: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from display.renderer import Renderer

    config = two_panels()
    leds = [p for seat in config.seats for p in seat.leds.values()]
    calls = {"n": 0}

    def draw(self: Renderer, surface: Any, view: Any, anims: Any, now_ms: int) -> None:
        calls["n"] += 1
        raise RuntimeError("the renderer is broken for good")

    monkeypatch.setattr(Renderer, "draw", draw)
    out = io.StringIO()
    start = time.monotonic()
    with caplog.at_level(logging.ERROR, logger="speed_cabinet"):
        code = run_cabinet(
            config,
            mock=True,
            seconds=DEADLINE_S,
            seed=3,
            factory=mock_factory,
            out=out,
            mode=RunMode(window=True),
        )
    elapsed = time.monotonic() - start
    assert "a window" in out.getvalue()  # the window opened (the dummy driver)
    assert code == FAILED_EXIT == 70
    assert elapsed < 10, elapsed  # three faults within a minute, not the --seconds
    assert "giving up (3 failures within 60 s" in out.getvalue()
    assert calls["n"] >= 3
    assert "the renderer is broken for good" in caplog.text
    assert all(not mock_factory.pin(p).state for p in leds)
    # The demo had lit some LED before the cabinet gave up (so "off" means switched off).
    assert any(bool(s.state) for p in leds for s in mock_factory.pin(p).states)


def test_run_window_raises_cabinet_failed_once_the_loop_gives_up(
    mock_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cabinet.adapters.screen.feed import ScreenFeed
    from cabinet.adapters.screen.frame_loop import run_window
    from display.renderer import Renderer

    def draw(self: Renderer, surface: Any, view: Any, anims: Any, now_ms: int) -> None:
        raise RuntimeError("broken")

    monkeypatch.setattr(Renderer, "draw", draw)
    seated = seat_cabinet(
        laptop_config(2, 0, "easy", seed=4),
        mode=RunMode(window=True),
        mock=True,
        factory=mock_factory,
        out=io.StringIO(),
    )
    resets: list[BaseException] = []
    feed = ScreenFeed(seated.seats, laptop=True)
    # The table "reset": only counted here.
    loop = CabinetLoop(seated.table, seated.inbox, failsafe=resets.append, observers=[feed])
    try:
        with pytest.raises(CabinetFailed, match="3 failures within 60 s"):
            run_window(loop, feed, {}, until=time.monotonic() + DEADLINE_S)
    finally:
        loop.all_off()
        seated.stack.close()
    assert len(resets) == 2  # the third failure gave up instead
    assert not any(t.name == "cabinet-loop" and t.is_alive() for t in threading.enumerate())


# report_fault on the loop.


def plain_loop(failsafe: Callable[[Exception], None] | None = None) -> CabinetLoop:
    """No bots, no director: it waits on its queue."""
    config = laptop_config(2, 0, "easy", seed=1)
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
        for sc in config.seats
    ]
    state, _ = new_game(config.rules, random.Random(1), 1)
    return CabinetLoop(Table(state, seats), Inbox(), failsafe=failsafe)


def test_a_reported_fault_without_a_failsafe_ends_run_with_it() -> None:
    loop = plain_loop()
    exc = KeyError("from the frame loop")
    reporter = threading.Timer(0.05, loop.report_fault, (exc,))
    reporter.start()
    start = time.monotonic()
    with pytest.raises(KeyError) as info:
        loop.run(until=start + 10, stop_when_over=False)
    reporter.join()
    assert info.value is exc
    assert time.monotonic() - start < 5


def test_a_reported_fault_runs_the_failsafe_on_the_loop_thread(
    caplog: pytest.LogCaptureFixture,
) -> None:
    calls: list[tuple[Exception, threading.Thread]] = []
    done = threading.Event()

    def failsafe(exc: Exception) -> None:
        calls.append((exc, threading.current_thread()))
        done.set()

    loop = plain_loop(failsafe)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            loop.run(until=time.monotonic() + 10, stop_when_over=False)
        except BaseException as exc:
            errors.append(exc)

    runner = threading.Thread(target=run, name="cabinet-loop", daemon=True)
    exc = ValueError("drawing failed")
    with caplog.at_level(logging.ERROR, logger="speed_cabinet.loop"):
        runner.start()
        loop.report_fault(exc)
        assert done.wait(5)
        assert runner.is_alive()  # reset, and running on
        loop.stop()
        runner.join(5)
    assert not runner.is_alive()
    assert errors == []
    assert calls == [(exc, runner)]
    assert len(loop.faults.times) == 1
    # Not logged by the reporter: the loop logs its traceback.
    assert any(r.exc_info and r.exc_info[1] is exc for r in caplog.records)


def test_reported_faults_spend_the_budget_and_give_up() -> None:
    resets: list[Exception] = []
    loop = plain_loop(resets.append)
    for i in range(3):
        loop.report_fault(RuntimeError(f"frame {i}"), logged=True)
    with pytest.raises(CabinetFailed, match=r"3 failures within 60 s.*frame 2"):
        loop.run(until=time.monotonic() + 10, stop_when_over=False)
    assert [str(e) for e in resets] == ["frame 0", "frame 1"]
