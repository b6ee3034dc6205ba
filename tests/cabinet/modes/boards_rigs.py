"""The boards for the screens' tests: ``FixedBoards``, a ``BoardsSource`` (cabinet/kiosk/
records/board_model.py) over fixed ``Board`` values, and a few boards to put on it. The
screens only read the port; the records' own boards are the records' tests'."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cabinet.kiosk.records.board_model import (
    Board,
    BoardEntry,
    BoardKey,
    BoardKind,
    BoardMetric,
    BoardWindow,
    Placing,
)

SPEED_2_CASUAL = BoardKind("speed", 2, "standard", "casual")
SPEED_4_PEOPLE = BoardKind("speed", 4, "decks 1", "people")


def key(
    window: BoardWindow = BoardWindow.TODAY,
    metric: BoardMetric = BoardMetric.FASTEST_WIN,
    kind: BoardKind = SPEED_2_CASUAL,
) -> BoardKey:
    return BoardKey(window, metric, kind)


def entry(
    place: int, initials: str, seconds: float, game_id: int | None = None, handicapped: bool = False
) -> BoardEntry:
    """A fastest-win entry: ``seconds`` as ms, shown "41.2 s"."""
    return BoardEntry(place, initials, seconds * 1000, f"{seconds:.1f} s", game_id, handicapped)


def fastest(window: BoardWindow, kind: BoardKind, *entries: BoardEntry) -> Board:
    return Board(key(window, BoardMetric.FASTEST_WIN, kind), entries)


TODAY = fastest(
    BoardWindow.TODAY,
    SPEED_2_CASUAL,
    entry(1, "JAS", 41.2, game_id=7),
    entry(2, "ZOE", 44.0, game_id=5, handicapped=True),
    entry(3, "MAX", 52.9, game_id=3),
)
EVENT_WINS = Board(
    key(BoardWindow.EVENT, BoardMetric.MOST_WINS, SPEED_4_PEOPLE),
    (BoardEntry(1, "AMY", 3, "3 wins"), BoardEntry(2, "BOB", 1, "1 win")),
)
ALL_TIME = replace(
    fastest(
        BoardWindow.ALL_TIME,
        SPEED_2_CASUAL,
        entry(1, "ZOE", 39.5, game_id=2),
        entry(2, "JAS", 41.2, game_id=7),
    ),
    champion=entry(1, "KIM", 33.3, game_id=1),
    reset_wall="2026-12-02 06:00",
    plays=40,
)
BOARDS = (ALL_TIME, TODAY, EVENT_WINS)
"""Out of window order, as a source may give them: today's card must still come first."""


@dataclass
class FixedBoards:
    """A ``BoardsSource`` over fixed boards: ``placings`` answer for any game; a cleared
    board and a hidden entry are noted and taken off what it gives next (the records keep
    them as records of their own); ``broken``: every read raises."""

    boards_now: list[Board] = field(default_factory=lambda: list(BOARDS))
    placings_now: list[Placing] = field(default_factory=list)
    cleared: list[BoardKey] = field(default_factory=list)
    hidden: list[tuple[BoardKey, str, int | None]] = field(default_factory=list)
    asked: list[int] = field(default_factory=list)
    """The game ids ``placings`` was asked for."""
    broken: bool = False

    def _read(self) -> None:
        if self.broken:
            raise OSError("disk I/O error")

    def boards(self) -> tuple[Board, ...]:
        self._read()
        return tuple(self.boards_now)

    def placings(self, game_id: int) -> tuple[Placing, ...]:
        self._read()
        self.asked.append(game_id)
        return tuple(self.placings_now)

    def clear_board(self, key: BoardKey) -> None:
        self._read()
        self.cleared.append(key)
        self.boards_now = [b for b in self.boards_now if b.key != key]

    def hide_entry(self, key: BoardKey, initials: str, game_id: int | None) -> None:
        self._read()
        self.hidden.append((key, initials, game_id))
        self.boards_now = [
            replace(b, entries=tuple(e for e in b.entries if e.initials != initials))
            if b.key == key
            else b
            for b in self.boards_now
        ]


__all__ = [
    "ALL_TIME",
    "BOARDS",
    "EVENT_WINS",
    "SPEED_2_CASUAL",
    "SPEED_4_PEOPLE",
    "TODAY",
    "FixedBoards",
    "entry",
    "fastest",
    "key",
]
