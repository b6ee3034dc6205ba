"""The boards page's messages (issue 28 item 6; docs/boards-screens.md): what it asks of the
records' boards (``BoardsSource``, cabinet/kiosk/records/board_model.py) and their answer.
The director (``board_clerk.py``) asks; the page only ever sees ``BoardsAnswer``."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.kiosk.records.board_model import Board, BoardKey

# Effects.


@dataclass(frozen=True, slots=True)
class ReadBoards:
    """Read the boards (the page opened)."""


@dataclass(frozen=True, slots=True)
class ClearBoard:
    """Restart ``key``'s board now (a record of its own: nothing is deleted)."""

    key: BoardKey


@dataclass(frozen=True, slots=True)
class HideEntry:
    """Hide ``initials``'s entry (from game ``game_id``) from ``key``'s board."""

    key: BoardKey
    initials: str
    game_id: int | None


BoardsAsk = ReadBoards | ClearBoard | HideEntry
"""What the page asks of the boards."""
BoardsAct = ClearBoard | HideEntry
"""What changes them (a read-only menu never gives one)."""

# Input.


@dataclass(frozen=True, slots=True)
class BoardsAnswer:
    """The boards' answer: the boards now (None: they could not be read, the page keeps
    what it had), ``available`` False on a cabinet without them (no records), ``error``
    the one line a read or an act failed with (None: none), ``done`` what was done ("":
    only read)."""

    boards: tuple[Board, ...] | None
    available: bool = True
    error: str | None = None
    done: str = ""


__all__ = ["BoardsAct", "BoardsAnswer", "BoardsAsk", "ClearBoard", "HideEntry", "ReadBoards"]
