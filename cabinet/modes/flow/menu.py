"""The join menu's pages: what the table chooses (docs/menus.md).

Slot buttons 1-3 choose a row of the page shown (``JOIN_PAGES``); LEFT/RIGHT change the
chosen row's value, which clears every ready mark; the same row button twice in a row
turns the page (to that slot's row there, or the page's first). Page 1: game, bots,
match; page 2: Speed's call rule, the deal of the day (slot 3; again.py). Slots 4
(initials) and 5 (options) are each seat's own on every page (join.py, options.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from cabinet.modes.flow import again
from cabinet.modes.flow.state import (
    CALL_WORDS,
    CALLS,
    JOIN_PAGES,
    MATCHES,
    Flow,
    JoinRow,
    score_text,
)
from engine.match import MatchRules
from engine.rules import CallMode, Game

T = TypeVar("T")


def rows(flow: Flow) -> tuple[tuple[str, str], ...]:
    """The join menu's page: (row name, value shown)."""
    return tuple(
        ("", "") if row is None else (row.value, row_value(flow, row)) for row in flow.page_rows()
    )


def notes(flow: Flow) -> tuple[str, ...]:
    """The join menu's page: per row its one plain line ("": none)."""
    return tuple(_note(flow, row) for row in flow.page_rows())


def _note(flow: Flow, row: JoinRow | None) -> str:
    if row is JoinRow.CALL:
        return CALL_WORDS[flow.call][1]
    return again.daily_note(flow) if row is JoinRow.DAILY else ""


def row_value(flow: Flow, row: JoinRow) -> str:
    """A join menu row's value as shown."""
    match row:
        case JoinRow.GAME:
            return flow.game.value.capitalize()
        case JoinRow.BOTS:
            bots = len(flow.bot_seats())
            return f"{bots} x {flow.difficulty}" if bots else f"none ({flow.difficulty})"
        case JoinRow.MATCH:
            match = str(flow.match_rules)
            if flow.saved is not None and flow.resumes():
                match += f" (plays on at {score_text(flow.saved)})"
            return match
        case JoinRow.DAILY:
            return "on: play today's deal" if flow.daily else "off"
        case JoinRow.CALL:
            words = CALL_WORDS[flow.call][0]
            return words if flow.game is Game.SPEED else f"{words} (Speed only)"
        case _:
            return "SLAM: sign up players"  # the event mode opens it (docs/party.md)


def choose(flow: Flow, slot: int) -> Flow:
    """A row button (slot index 0-2): that row of the page, or, pressed twice in a row,
    the next page (its row at this slot, or its first). A slot with no row on the page
    chooses nothing (kept for the party and boards issues: docs/menus.md), but twice it
    turns the page like the others."""
    if flow.picked == slot:
        page = (flow.page + 1) % len(JOIN_PAGES)
        row = slot if _has_row(JOIN_PAGES[page], slot) else 0
        return replace(flow, page=page, row=row, picked=None)  # twice more turns it back
    row = slot if _has_row(flow.page_rows(), slot) else flow.row
    return replace(flow, row=row, picked=slot)


def change(flow: Flow, by: int) -> Flow:
    """LEFT/RIGHT in the join menu: the chosen row's next value; every ready mark clears."""
    row = flow.page_rows()[flow.row]
    if row is JoinRow.GAME:
        flow = replace(flow, game=_cycle(flow.games, flow.game, by))
    elif row is JoinRow.BOTS:
        flow = replace(flow, difficulty=_cycle(flow.difficulties, flow.difficulty, by))
    elif row is JoinRow.DAILY:
        flow = replace(flow, daily=not flow.daily)
    elif row is JoinRow.MATCH:
        names = list(MATCHES)
        current = str(flow.match_rules)
        if current not in names:
            names.insert(0, current)
        flow = replace(flow, match_rules=MatchRules.parse(_cycle(names, current, by)))
    elif row is JoinRow.CALL:
        flow = replace(flow, call=_cycle(calls(flow.call), flow.call, by))
    return replace(flow, ready=frozenset(), picked=None)


def _has_row(rows: Sequence[JoinRow | None], slot: int) -> bool:
    return slot < len(rows) and rows[slot] is not None


def calls(first: CallMode) -> tuple[CallMode, ...]:
    """The call rules offered: ``CALLS``, and the cabinet's own first if it is another."""
    return CALLS if first in CALLS else (first, *CALLS)


def _cycle(values: Sequence[T], value: T, by: int) -> T:
    i = values.index(value) if value in values else 0
    return values[(i + by) % len(values)]
