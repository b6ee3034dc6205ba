"""Ranking a board (docs/boards.md, "Boards"): one kind's numbers per initials, added up
over the segments after the board's restart, into places. Pure: the numbers come from
``board_queries.tallies`` (a fastest win and a longest run with their game)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from heapq import nlargest, nsmallest

from cabinet.kiosk.records.board_model import BoardEntry, BoardMetric
from cabinet.kiosk.records.board_queries import Tally, fastest, longest

BOARD_PLACES = 10
"""Entries a board keeps (the screens show as many as they have room for)."""
REACTION_GAMES = 5
"""Games a set of initials needs in a board's games before its mean reaction counts (one
lucky game won't)."""


def totals(tallies: Iterable[Tally], first: int) -> list[Tally]:
    """One kind's numbers per initials (``tallies``: that kind's), over its segments from
    the one that follows restart ``first`` on (board_queries.Segments)."""
    out: dict[str, Tally] = {}
    for t in tallies:
        if t.segment >= first:
            held = out.get(t.initials)
            out[t.initials] = t if held is None else held.plus(t)
    return list(out.values())


@dataclass(frozen=True, slots=True)
class _Line:
    initials: str
    value: float
    shown: str
    handicapped: bool = False
    game_id: int | None = None


def _lines(metric: BoardMetric, people: Iterable[Tally], places: int) -> list[_Line]:
    """The best ``places`` lines of a ``metric`` board, best first (only those are
    decoded: a board of years of games has thousands of initials)."""
    if metric is BoardMetric.FASTEST_WIN:
        best = nsmallest(places, (p for p in people if p.fastest is not None), key=_fastest)
        return [
            _Line(p.initials, b.value, _seconds(b.value), b.handicapped, b.game_id)
            for p in best
            for b in (fastest(_fastest(p)),)
        ]
    if metric is BoardMetric.LONGEST_RUN:
        best = nlargest(places, (p for p in people if p.longest is not None), key=_longest)
        return [
            _Line(p.initials, b.value, _cards(b.value), b.handicapped, b.game_id)
            for p in best
            for b in (longest(_longest(p)),)
        ]
    if metric is BoardMetric.BEST_REACTION:
        means = [
            (p.reaction_sum_ms / p.reactions, p.initials, p.handicapped_games > 0)
            for p in people
            if p.reactions and p.reaction_games >= REACTION_GAMES
        ]
        return [
            _Line(initials, mean, f"{mean / 1000:.2f} s", marked)
            for mean, initials, marked in nsmallest(places, means)
        ]
    wins = nsmallest(places, (p for p in people if p.wins), key=lambda p: (-p.wins, p.initials))
    return [
        _Line(
            p.initials, p.wins, f"{p.wins} {'win' if p.wins == 1 else 'wins'}", p.handicap_wins > 0
        )
        for p in wins
    ]


def _fastest(p: Tally) -> int:
    return p.fastest or 0


def _longest(p: Tally) -> int:
    return p.longest or 0


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.1f} s"


def _cards(run: float) -> str:
    return f"{run} {'card' if run == 1 else 'cards'}"


RECORD_METRICS = frozenset({BoardMetric.FASTEST_WIN, BoardMetric.LONGEST_RUN})
"""Metrics whose entry is one game (the others count over games)."""


def entries(
    metric: BoardMetric,
    people: Iterable[Tally],
    hidden: frozenset[str],
    places: int = BOARD_PLACES,
) -> tuple[BoardEntry, ...]:
    """A board's entries: its best ``places`` lines, equal values sharing a place; a set
    of initials in ``hidden`` (a count board's hidden entry) left out. A fastest win or a
    longest run equal to another is placed after it when set in a later game."""
    if hidden:
        people = [p for p in people if p.initials not in hidden]
    out: list[BoardEntry] = []
    for i, line in enumerate(_lines(metric, people, places)):
        place = out[-1].place if out and out[-1].value == line.value else i + 1
        out.append(
            BoardEntry(place, line.initials, line.value, line.shown, line.game_id, line.handicapped)
        )
    return tuple(out)


__all__ = [
    "BOARD_PLACES",
    "REACTION_GAMES",
    "RECORD_METRICS",
    "entries",
    "totals",
]
