"""Ranking a board (docs/boards.md, "Boards"): one kind's numbers per initials, added up
over the segments after the board's restart, into places. Pure: the numbers come from
``board_queries.tallies``; the game behind a fastest win or a longest run from a
``Lookup`` (the records')."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cabinet.kiosk.records.board_model import BoardEntry, BoardKind, BoardMetric
from cabinet.kiosk.records.board_queries import Tally

BOARD_PLACES = 10
"""Entries a board keeps (the screens show as many as they have room for)."""
REACTION_GAMES = 5
"""Games a set of initials needs in a board's games before its mean reaction counts (one
lucky game won't)."""

Lookup = Callable[[BoardMetric, str, int], "tuple[int, bool] | None"]
"""The game behind an entry: (metric, initials, value) -> (its id, handicapped)."""


@dataclass(frozen=True, slots=True)
class Totals:
    """One set of initials' numbers in one board's games."""

    initials: str
    games: int = 0
    wins: int = 0
    handicap_wins: int = 0
    fastest_ms: int | None = None
    longest_run: int | None = None
    reaction_sum_ms: float = 0.0
    reactions: int = 0
    reaction_games: int = 0
    handicapped_games: int = 0

    def plus(self, t: Tally) -> Totals:
        return Totals(
            self.initials,
            self.games + t.games,
            self.wins + t.wins,
            self.handicap_wins + t.handicap_wins,
            _least(self.fastest_ms, t.fastest_ms),
            _most(self.longest_run, t.longest_run),
            self.reaction_sum_ms + t.reaction_sum_ms,
            self.reactions + t.reactions,
            self.reaction_games + t.reaction_games,
            self.handicapped_games + t.handicapped_games,
        )


def _least(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


def _most(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


def totals(tallies: Iterable[Tally], kind: BoardKind, first: int) -> list[Totals]:
    """``kind``'s numbers per initials, over its segments from ``first`` on."""
    out: dict[str, Totals] = {}
    for t in tallies:
        if t.kind == kind and t.segment >= first:
            out[t.initials] = out.get(t.initials, Totals(t.initials)).plus(t)
    return list(out.values())


@dataclass(frozen=True, slots=True)
class _Line:
    initials: str
    value: float
    shown: str
    handicapped: bool = False


def _lines(metric: BoardMetric, people: Iterable[Totals]) -> list[_Line]:
    """Each set of initials' line on a ``metric`` board, best first."""
    if metric is BoardMetric.FASTEST_WIN:
        found = [
            _Line(p.initials, p.fastest_ms, _seconds(p.fastest_ms))
            for p in people
            if p.fastest_ms is not None
        ]
        return sorted(found, key=lambda x: (x.value, x.initials))
    if metric is BoardMetric.LONGEST_RUN:
        found = [
            _Line(p.initials, p.longest_run, _cards(p.longest_run)) for p in people if p.longest_run
        ]
        return sorted(found, key=lambda x: (-x.value, x.initials))
    if metric is BoardMetric.BEST_REACTION:
        found = [
            _Line(p.initials, mean, f"{mean / 1000:.2f} s", p.handicapped_games > 0)
            for p in people
            if p.reactions and p.reaction_games >= REACTION_GAMES
            for mean in (p.reaction_sum_ms / p.reactions,)
        ]
        return sorted(found, key=lambda x: (x.value, x.initials))
    found = [
        _Line(
            p.initials, p.wins, f"{p.wins} {'win' if p.wins == 1 else 'wins'}", p.handicap_wins > 0
        )
        for p in people
        if p.wins
    ]
    return sorted(found, key=lambda x: (-x.value, x.initials))


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.1f} s"


def _cards(run: int) -> str:
    return f"{run} {'card' if run == 1 else 'cards'}"


RECORD_METRICS = frozenset({BoardMetric.FASTEST_WIN, BoardMetric.LONGEST_RUN})
"""Metrics whose entry is one game (the others count over games)."""


def entries(
    metric: BoardMetric,
    people: Iterable[Totals],
    hidden: frozenset[str],
    lookup: Lookup,
    places: int = BOARD_PLACES,
) -> tuple[BoardEntry, ...]:
    """A board's entries: its best ``places`` lines, equal values sharing a place; a set
    of initials in ``hidden`` (a count board's hidden entry) left out."""
    lines = [line for line in _lines(metric, people) if line.initials not in hidden]
    out: list[BoardEntry] = []
    for i, line in enumerate(lines[:places]):
        place = out[-1].place if out and out[-1].value == line.value else i + 1
        game_id, handicapped = None, line.handicapped
        if metric in RECORD_METRICS:
            found = lookup(metric, line.initials, int(line.value))
            if found is not None:
                game_id, handicapped = found
        out.append(BoardEntry(place, line.initials, line.value, line.shown, game_id, handicapped))
    return tuple(out)


__all__ = [
    "BOARD_PLACES",
    "REACTION_GAMES",
    "RECORD_METRICS",
    "Lookup",
    "Totals",
    "entries",
    "totals",
]
