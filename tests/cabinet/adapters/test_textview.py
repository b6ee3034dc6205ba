"""The text view: events and the table printed for a terminal."""

from __future__ import annotations

import io
import random

from cabinet.adapters.textview import TextView, table_text
from cabinet.config import Control, laptop_config
from cabinet.loop import Published, seat_runtime
from engine.events import CardPlayed
from engine.games.speed import start
from engine.games.speed.notation import parse_table


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
