"""Keyboard seats (through a pty, as a terminal), the text view, and the press bench."""

from __future__ import annotations

import io
import os
import pty
import queue
import random
import threading

from cabinet.adapters.keyboard import TerminalKeys, feed_keys, help_lines, key_bindings
from cabinet.adapters.textview import TextView, table_text
from cabinet.config import Control, laptop_config
from cabinet.inputs import ButtonEdge, InboxItem
from cabinet.loop import Published, seat_runtime
from cabinet.tools.bench.press import press_figures
from engine.events import CardPlayed
from engine.games.speed import start
from engine.games.speed.notation import parse_table


def test_two_players_share_one_keyboard() -> None:
    config = laptop_config(players=3, humans=2)
    keys = key_bindings(config.seats)
    assert keys["1"] == (0, Control.SLOT1)
    assert keys["e"] == (0, Control.SLAM)
    assert keys["0"] == (1, Control.SLOT5)
    assert keys["i"] == (1, Control.LEFT)
    assert keys["Q"] == (0, Control.LEFT)  # caps lock does not matter
    assert not any(seat == 2 for seat, _ in keys.values())  # the bot seat has no keys
    assert help_lines(keys)[0] == "P1 keys: slots 1 2 3 4 5, LEFT q, RIGHT w, SLAM e"


def test_feed_keys_press_and_release_at_one_time() -> None:
    keys = key_bindings(laptop_config(humans=2).seats)
    items: list[InboxItem] = []
    assert feed_keys("3x", keys, items.append, clock=lambda: 5.0)
    assert items == [
        ButtonEdge(5.0, 0, Control.SLOT3, True),
        ButtonEdge(5.0, 0, Control.SLOT3, False),
    ]
    assert not feed_keys("\x1b", keys, items.append)


def test_terminal_keys_read_on_a_thread_and_restore_the_terminal() -> None:
    import termios

    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    inbox: queue.SimpleQueue[InboxItem] = queue.SimpleQueue()
    quit_ = threading.Event()
    keys = TerminalKeys(key_bindings(laptop_config(humans=2).seats), inbox.put, quit_.set, fd=slave)
    try:
        os.write(master, b"p")
        first, second = inbox.get(timeout=2), inbox.get(timeout=2)
        assert first == ButtonEdge(first.t, 1, Control.SLAM, True)
        assert second == ButtonEdge(first.t, 1, Control.SLAM, False)
        os.write(master, b"\x1b")
        assert quit_.wait(timeout=2)
    finally:
        keys.close()
    assert termios.tcgetattr(slave) == before
    os.close(master)
    os.close(slave)


def test_text_view_prints_events_and_table() -> None:
    config = laptop_config(humans=2)
    rules = config.rules
    state, _ = start(rules, parse_table("8HKC/8CTD 2H/4C 7D/9S 4D/5D -", rules), random.Random(1))
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2_000, two_hand=False)
        for sc in config.seats
    ]
    seats[0].controller.press(state, Control.SLOT2, 0)
    table = table_text(state, seats)
    assert "centre  0:7D  1:9S" in table
    assert "P1 keyboard 1:8H  2:KC*" in table
    out = io.StringIO()
    view = TextView(out, seats, table=True)
    view(Published(state, (CardPlayed(1250, 0, state.players[0].hand[0], 0),), (), ()))
    assert out.getvalue().splitlines()[0] == "   1.25s  P1 played card=8H to=0"


def test_press_bench_figures_small_run() -> None:
    figures = press_figures(presses=100)
    for name in ("press_to_engine_us", "press_to_led_us", "press_floor_us"):
        dist = figures[name]
        assert 0 < dist["p50"] <= dist["p99"] <= dist["max"]
    assert figures["press_to_led_us"]["p50"] >= figures["press_to_engine_us"]["p50"]
    assert figures["press_count"] == 100
