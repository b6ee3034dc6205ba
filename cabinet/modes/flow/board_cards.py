"""The boards in words (issue 28 item 1; docs/boards-screens.md): each board the records
keep (``BoardsSource``, cabinet/kiosk/records/board_model.py) as attract's card
(display/boards.py ``BoardCard``: "FASTEST WIN TODAY", "Speed, 2 players, vs bot casual",
the entries with the handicap mark, the Champion), and the boards a game just recorded
entered as the result screen's lines ("JAS: 2nd fastest today"). Read between games only;
a records fault is logged and the screen keeps what it had."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence

from cabinet.kiosk.records.board_model import (
    Board,
    BoardEntry,
    BoardKey,
    BoardKind,
    BoardMetric,
    BoardsSource,
    BoardWindow,
    Placing,
)
from cabinet.kiosk.records.model import HANDICAP_LEGEND, HANDICAP_MARK
from display.boards import BoardCard, BoardLine

log = logging.getLogger("speed_cabinet.session")

ATTRACT_BOARDS = 12
"""Boards attract shows in turn at most (today's first): each new card's placement is a
search on the window's frame (display/attract.py), and the kept placements are few."""

ATTRACT_ENTRIES = 3
"""Entries a board's card shows (its best): a card that reads at a glance and leaves the
demo in sight; the operator's page shows them all."""

WINDOW_ORDER = (BoardWindow.TODAY, BoardWindow.EVENT, BoardWindow.ALL_TIME)
WINDOW_WORDS = {
    BoardWindow.TODAY: "today",
    BoardWindow.EVENT: "this event",
    BoardWindow.ALL_TIME: "all time",
}
"""A window in words, after the metric ("fastest win today", "2nd fastest all time")."""

PLACE_WORDS = {
    BoardMetric.FASTEST_WIN: ("the fastest win", "fastest"),
    BoardMetric.LONGEST_RUN: ("the longest run", "longest run"),
    BoardMetric.BEST_REACTION: ("the quickest hands", "quickest hands"),
    BoardMetric.MOST_WINS: ("the most wins", "most wins"),
}
"""A placing in words: first place ("JAS: the fastest win today"), any other after its
ordinal ("JAS: 2nd fastest today")."""

PEOPLE = "people"
"""The opponent kind of a game with no bot in it (the records' word)."""
STANDARD = "standard"
"""The variant of a game dealt as the cabinet deals it by default (the records' word)."""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def kind_words(kind: BoardKind) -> str:
    """ "Speed, 2 players, vs bot casual"; a variant other than the standard one is named
    ("Speed, 4 players, decks 1, vs people")."""
    parts = [kind.game.capitalize(), f"{kind.seats} players"]
    if kind.variant and kind.variant != STANDARD:
        parts.append(kind.variant)
    if kind.opponent == PEOPLE:
        parts.append("vs people")
    else:
        presets = kind.opponent.split("+")
        parts.append(("vs bots " if len(presets) > 1 else "vs bot ") + " and ".join(presets))
    return ", ".join(parts)


def key_title(key: BoardKey) -> str:
    """ "FASTEST WIN TODAY", "MOST WINS THIS EVENT"."""
    return f"{key.metric.value} {WINDOW_WORDS[key.window]}".upper()


def title_of(board: Board) -> str:
    return key_title(board.key)


def _line(entry: BoardEntry) -> BoardLine:
    mark = HANDICAP_MARK if entry.handicapped else ""
    return BoardLine(entry.place, entry.initials, entry.shown, mark)


def board_card(board: Board) -> BoardCard:
    """``board`` as attract's card: its best ``ATTRACT_ENTRIES`` entries, its Champion."""
    best = board.entries[:ATTRACT_ENTRIES]
    marked = any(e.handicapped for e in best) or (
        board.champion is not None and board.champion.handicapped
    )
    return BoardCard(
        title=title_of(board),
        kind=kind_words(board.key.kind),
        entries=tuple(_line(e) for e in best),
        champion=None if board.champion is None else _line(board.champion),
        legend=HANDICAP_LEGEND if marked else "",
    )


def attract_cards(boards: Iterable[Board]) -> tuple[BoardCard, ...]:
    """The boards attract shows in turn: today's first, then this event's, then all time's
    (each window in the records' order), at most ``ATTRACT_BOARDS``; a board with nothing
    on it is no card."""
    shown = [b for b in boards if b.entries or b.champion is not None]
    shown.sort(key=lambda b: WINDOW_ORDER.index(b.key.window))  # stable: the records' order
    return tuple(board_card(b) for b in shown[:ATTRACT_BOARDS])


def placing_line(p: Placing) -> str:
    """ "JAS: 2nd fastest today", "JAS: the longest run this event"."""
    first, other = PLACE_WORDS[p.key.metric]
    words = first if p.place == 1 else f"{ordinal(p.place)} {other}"
    return f"{p.initials}: {words} {WINDOW_WORDS[p.key.window]}"


def _rank(p: Placing) -> tuple[int, int, int]:
    """A placing's worth: the better place, then the wider window, then the metric's
    order (a win before a run, before the hands, before the count of wins)."""
    metrics = tuple(BoardMetric)
    return (p.place, -WINDOW_ORDER.index(p.key.window), metrics.index(p.key.metric))


def entered_lines(placings: Sequence[Placing]) -> tuple[str, ...]:
    """The result screen's lines: each seat's best placing, one line a seat, in seat
    order."""
    best: dict[int, Placing] = {}
    for p in placings:
        if p.seat not in best or _rank(p) < _rank(best[p.seat]):
            best[p.seat] = p
    return tuple(placing_line(best[s]) for s in sorted(best))


def read_cards(source: BoardsSource) -> tuple[BoardCard, ...] | None:
    """Attract's board cards from the records (between games); None if they could not
    be read (logged)."""
    try:
        boards = source.boards()
    except Exception:
        log.exception("records: reading the boards failed")
        return None
    return attract_cards(boards)


def read_entered(source: BoardsSource, game_id: int) -> tuple[str, ...] | None:
    """The boards game ``game_id`` entered, as the result screen's lines; None if they
    could not be read (logged)."""
    try:
        placings = source.placings(game_id)
    except Exception:
        log.exception("records: reading the placings of game %d failed", game_id)
        return None
    return entered_lines(placings)


__all__ = [
    "ATTRACT_BOARDS",
    "ATTRACT_ENTRIES",
    "PLACE_WORDS",
    "WINDOW_WORDS",
    "attract_cards",
    "board_card",
    "entered_lines",
    "key_title",
    "kind_words",
    "ordinal",
    "placing_line",
    "read_cards",
    "read_entered",
    "title_of",
]
