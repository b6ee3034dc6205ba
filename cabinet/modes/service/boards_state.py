"""The service menu's boards page as it stands (issue 28 item 6; docs/boards-screens.md):
the boards as last read, which one (and which entry) is chosen, and the step the operator
is at. Kept in ``ServiceMenu.boards``; its presses are ``boards_page.py``'s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cabinet.kiosk.records.board_model import Board, BoardEntry


class BoardsStage(Enum):
    LIST = "list"
    """Every board, one chosen: SLAM shows its entries, slot 1 clears it."""
    ENTRIES = "entries"
    """The chosen board's entries, one chosen: SLAM hides it."""
    CLEAR = "clear"
    """Clear the chosen board? SLAM again does it."""
    HIDE = "hide"
    """Hide the chosen entry? SLAM again does it."""


@dataclass(frozen=True, slots=True)
class BoardsPage:
    boards: tuple[Board, ...] = ()
    """The boards as last read."""
    available: bool = True
    """False: this cabinet has no boards (no records): the page says so."""
    read: bool = False
    """The boards were read since the page opened (before: "reading the boards")."""
    stage: BoardsStage = BoardsStage.LIST
    board: int = 0
    """The chosen board (an index into ``boards``)."""
    entry: int = 0
    """The chosen entry of the chosen board."""

    @property
    def chosen(self) -> Board | None:
        return self.boards[self.board] if self.board < len(self.boards) else None

    @property
    def chosen_entry(self) -> BoardEntry | None:
        b = self.chosen
        return b.entries[self.entry] if b is not None and self.entry < len(b.entries) else None


__all__ = ["BoardsPage", "BoardsStage"]
