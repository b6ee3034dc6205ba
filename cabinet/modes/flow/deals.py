"""Deals that are not the match's own (issue 28 item 4; docs/menus.md): the same deal again
with the seats turned, and the deal of the day. Pure: the day comes in as its key."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from cabinet.kiosk.records.board_kind import DealKind
from engine.strategy import DEFAULT_PRESET


@dataclass(frozen=True, slots=True)
class Deal:
    """A game's deal: its seed, how many seats it is turned (``engine.turn``), and its
    mark (None: the match's own deal)."""

    seed: int
    turn: int = 0
    mark: DealKind | None = None


DayKey = str
"""The cabinet day as a key ("2026-12-02", or whatever the cabinet-day clock names the
time since power-on): the same key all day, another the next."""

DayClock = Callable[[], DayKey]
"""Where the cabinet day comes from (the cabinet-day clock, wired in by cabinet/app.py)."""

POWER_ON: DayKey = "since power-on"
"""The day key with no cabinet-day clock wired in."""

DAILY_BOT = DEFAULT_PRESET
"""The deal of the day is played against this bot preset, always (the same for everyone,
so its board compares like with like)."""


def daily_seed(day: DayKey) -> int:
    """The deal of the day's seed: the same for the whole cabinet day, another the next
    (a hash, so it is the same on every cabinet and after a restart)."""
    digest = hashlib.sha256(f"speed-cabinet daily {day}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def daily_deal(day: DayKey) -> Deal:
    return Deal(daily_seed(day), 0, DealKind.DAILY)


def same_deal_words(seats: int) -> str:
    """What the result screen's slot 2 deals, in the players' words."""
    return "same deal, hands swapped" if seats == 2 else "same deal, hands passed on"
