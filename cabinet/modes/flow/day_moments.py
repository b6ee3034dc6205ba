"""The cabinet day's best moments for attract (issue 28 item 5): its closest photo finish
and its fastest win, from the records, each a clip with who played.

"The cabinet day" is the boards' window (issue 28 item 3: from a set hour on a
synchronised clock, else since power-on); it is handed in as ``DayWindow``, a callable
the composition root fills in, read each time the moments are chosen again. Without one
the day is since power-on: the games after the records' last one at start.

The work is done between games only, in attract once its demo is over, one stored game a
pass (a replay, a few
ms: ``busy`` tells the director to come back at once): listing the day's games, folding
each game not yet seen for its closest photo finish (a game the cabinet just played is
seen when its result clip is built: ``seen``), then cutting the two moments' clips. A game
whose replay cannot be shown is logged once and never tried again."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cabinet.kiosk.records import GameRecord, GameStatus, Records, SeatEntry
from cabinet.modes.flow.clips import Clip, Stored, clip_of
from cabinet.modes.flow.watch import Watchable
from display.view import PhotoFinish

log = logging.getLogger("speed_cabinet.replay")

DAY_GAMES = 200
"""At most this many of the day's games (the newest) are looked at for its moments."""


@dataclass(frozen=True, slots=True)
class DayStart:
    """Where the cabinet day starts, as the records are asked: the games after
    ``after_id`` and, when set, started at or after ``wall`` (ISO 8601 UTC, as the records
    write ``started_wall``; only from a synchronised clock)."""

    after_id: int = 0
    wall: str | None = None

    def holds(self, game: GameRecord) -> bool:
        return game.id > self.after_id and (self.wall is None or game.started_wall >= self.wall)


DayWindow = Callable[[], DayStart]
"""The cabinet day's start now (the boards' day clock, wired in by cabinet/app.py)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """A game of the day as its moments need it."""

    game_id: int
    winner: int
    duration_ms: int
    photo: PhotoFinish | None
    names: tuple[str, ...]


def seat_names(seats: Sequence[SeatEntry]) -> tuple[str, ...]:
    """Who played each seat: initials, else "bot" or "P1"."""
    return tuple(s.initials or ("bot" if s.bot else f"P{i + 1}") for i, s in enumerate(seats))


class Moments:
    """The day's moments, worked out a step at a time (loop thread, between games)."""

    __slots__ = ("busy", "chosen", "day", "records", "refused", "seats", "seen_games", "todo")

    def __init__(self, records: Records | None, seats: int, day: DayWindow) -> None:
        self.records, self.seats, self.day = records, seats, day
        self.seen_games: dict[int, Seen] = {}
        self.refused: set[int] = set()
        self.todo: list[int] | None = None
        """The day's games still to fold (None: not listed since the last change)."""
        self.chosen: tuple[tuple[Clip, Watchable], ...] = ()
        self.busy = records is not None
        """More work before the moments are up to date."""

    def seen(self, game_id: int, clip: Clip, game: GameRecord) -> None:
        """A game just played, its clip built for the result: no need to fold it again;
        the moments are chosen again in attract."""
        self._keep(game_id, clip, game)
        self.busy, self.todo = True, None

    def _keep(self, game_id: int, clip: Clip, game: GameRecord) -> None:
        if game.winner is not None and game.duration_ms is not None:
            self.seen_games[game_id] = Seen(
                game_id, game.winner, game.duration_ms, clip.photo, seat_names(game.seats)
            )

    def names_of(self, game_id: int) -> tuple[str, ...]:
        seen = self.seen_games.get(game_id)
        return seen.names if seen is not None else ()

    def offered(self) -> tuple[Watchable, ...]:
        return tuple(shown for _, shown in self.chosen)

    def clip(self, index: int) -> Clip | None:
        return self.chosen[index][0] if 0 <= index < len(self.chosen) else None

    def step(self) -> bool:
        """One step of the work; True when the moments were chosen again."""
        if not self.busy or self.records is None:
            return False
        if self.todo is None:
            self.todo = self._list(self.records)
            return False
        if self.todo:
            self._fold(self.records, self.todo.pop())
            return False
        self.chosen = self._choose(self.records)
        self.busy, self.todo = False, None
        return True

    def _day(self, records: Records) -> list[GameRecord]:
        start = self.day()
        return [
            g
            for g in records.recent_games(DAY_GAMES)
            if start.holds(g)
            and g.status is GameStatus.FINISHED
            and g.winner is not None
            and g.fault is None
            and len(g.seats) == self.seats
        ]

    def _list(self, records: Records) -> list[int]:
        try:
            day = self._day(records)
        except Exception as exc:
            log.warning("attract's moments: the records cannot be read: %s", exc)
            return []
        ids = {g.id for g in day}
        for gone in set(self.seen_games) - ids:  # no longer the day's
            del self.seen_games[gone]
        return sorted(ids - set(self.seen_games) - self.refused)

    def _fold(self, records: Records, game_id: int) -> None:
        clip, game = self._clip(records, game_id, centre=True)
        if clip is not None and game is not None:
            self._keep(game_id, clip, game)

    def _clip(
        self, records: Records, game_id: int, *, centre: bool
    ) -> tuple[Clip | None, GameRecord | None]:
        """A stored game's clip, checked; a game that cannot be shown is logged once."""
        try:
            game = records.game(game_id)
            replay = records.replay(game_id)
            if replay is None:
                raise ValueError("it has no replay")
            return clip_of(replay, Stored(game.winner, game.duration_ms), centre=centre), game
        except Exception as exc:  # a damaged row, a garbled replay: skipped, never raised
            self.refused.add(game_id)
            log.warning("attract's moments: game %d skipped: %s", game_id, exc)
            return None, None

    def _choose(self, records: Records) -> tuple[tuple[Clip, Watchable], ...]:
        """The closest photo finish (its clip centred on it) and the fastest win (its last
        seconds), each once (one game may be both)."""
        games = [g for g in self.seen_games.values() if g.game_id not in self.refused]
        races = [g for g in games if g.photo is not None]
        out: list[tuple[Clip, Watchable]] = []
        if races:
            best = min(races, key=lambda g: (g.photo.margin_ms if g.photo else 0.0, -g.game_id))
            clip, _ = self._clip(records, best.game_id, centre=True)
            if clip is not None and clip.photo is not None:
                out.append((clip, _moment(clip, best, _photo_words(best, clip.photo))))
        if games:
            fastest = min(games, key=lambda g: (g.duration_ms, g.game_id))
            clip, _ = self._clip(records, fastest.game_id, centre=False)
            if clip is not None:
                name = fastest.names[fastest.winner] if fastest.winner < len(fastest.names) else ""
                words = f"fastest win today: {name} in {fastest.duration_ms / 1000:.1f} s"
                out.append((clip, _moment(clip, fastest, words)))
        return tuple(out)


def _photo_words(seen: Seen, photo: PhotoFinish) -> str:
    names = seen.names

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"P{seat + 1}"

    return (
        f"closest photo finish today: {name(photo.winner)} beat {name(photo.loser)} "
        f"by {photo.margin_ms:.0f} ms"
    )


def _moment(clip: Clip, seen: Seen, words: str) -> Watchable:
    return Watchable(clip.shown_s, words, seen.names)


__all__ = ["DAY_GAMES", "DayStart", "DayWindow", "Moments", "Seen", "seat_names"]
