"""Keyboard seats: two players on one keyboard, keys fed as edges, the terminal reader."""

from __future__ import annotations

import os
import pty
import queue
import threading

from cabinet.adapters.keyboard import TerminalKeys, feed_keys, help_lines, key_bindings
from cabinet.config import Control, laptop_config
from cabinet.inputs import ButtonEdge, InboxItem


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
