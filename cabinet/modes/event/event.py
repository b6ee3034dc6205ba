"""An event: the fold of its log (docs/party.md, "The log"). ``open_event`` starts one,
``Event.then`` records a change at this cabinet and ``replay`` folds a log read back
(a restart) to the same point. Every change is checked: one the event refuses raises
``EventError`` with the line to show, and nothing is recorded."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from cabinet.modes.event.calls import Call, Entrant, PlayedGame
from cabinet.modes.event.fold import fold
from cabinet.modes.event.formats import Format, Standing
from cabinet.modes.event.log import Change, EndReason, EventRecord, Opened
from cabinet.modes.event.names import NameCheck, check_name
from cabinet.modes.event.queue import WinnerStays
from cabinet.modes.event.rules import EventError, EventFormat, EventRules
from cabinet.modes.event.strikes import FairStrikes


@dataclass(frozen=True, slots=True)
class Event:
    cabinet: str
    rules: EventRules
    seed: int
    format: Format
    entrants: tuple[Entrant, ...] = ()
    games: tuple[PlayedGame, ...] = ()
    dealt: Call | None = None
    """The game dealt: its players fixed from its first deal until it is decided (an
    abandoned game waits to be dealt again to them)."""
    on_table: bool = False
    """``dealt`` is being played now (False after it was abandoned, until dealt again)."""
    attempt: int = 0
    forfeited: tuple[str, ...] = ()
    sent_back: frozenset[str] = frozenset()
    paused_at: int | None = None
    paused_ms: int = 0
    clock_ms: int = 0
    ended: EndReason | None = None
    log: tuple[EventRecord, ...] = ()
    upcoming: Call | None = None
    """The game to call next, worked out once per record (``call`` reads it)."""

    def then(self, change: Change, at_ms: int) -> Event:
        """The event after ``change`` at this cabinet, ``at_ms`` into the event."""
        return self.apply(EventRecord(len(self.log), self.cabinet, at_ms, change))

    def apply(self, record: EventRecord) -> Event:
        """The event with ``record`` folded in (EventError if it refuses the change)."""
        changed = fold(self, record.change, record.at_ms)
        clock = max(self.clock_ms, record.at_ms)
        # Worked out here once the event has started; during sign-up (a round planned
        # per join) only when asked.
        upcoming = _next_call(changed, clock) if changed.started else None
        return replace(changed, clock_ms=clock, log=(*self.log, record), upcoming=upcoming)

    @property
    def active(self) -> tuple[Entrant, ...]:
        return tuple(e for e in self.entrants if not e.removed)

    def entrant(self, name: str) -> Entrant:
        for e in self.entrants:
            if e.name == name:
                return e
        raise EventError(f"{name} is not in this event")

    def check_name(self, initials: str) -> NameCheck:
        """``initials`` as the sign-up screen checks them (removed players' names stay
        theirs)."""
        return check_name(initials, [e.name for e in self.entrants])

    def play_ms(self, now_ms: int) -> int:
        """Time played by ``now_ms``, pauses left out."""
        paused = self.paused_ms + (now_ms - self.paused_at if self.paused_at is not None else 0)
        return max(0, now_ms - paused)

    def time_up(self, now_ms: int) -> bool:
        """Has a set time run out by ``now_ms`` (the caller then records ``Ended``)?"""
        limit = self.rules.time_limit_ms
        return limit is not None and self.play_ms(now_ms) >= limit

    @property
    def end_reason(self) -> EndReason | None:
        return _end_reason(self, self.clock_ms)

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def started(self) -> bool:
        return bool(self.games) or self.dealt is not None

    @property
    def call(self) -> Call | None:
        """The game to play now (None: paused, over, or too few players yet)."""
        if self.dealt is not None:
            return None if self.paused_at is not None and not self.on_table else self.dealt
        return self.upcoming if self.started else _next_call(self, self.clock_ms)

    def standings(self) -> tuple[Standing, ...]:
        """Every entrant, best first; hidden names marked, removed ones last."""
        signed = [e.name for e in self.entrants]
        rows = self.format.standings(signed)
        hidden = {e.name for e in self.entrants if e.hidden}
        removed = {e.name for e in self.entrants if e.removed}
        kept = [r for r in rows if r.name not in removed] + [r for r in rows if r.name in removed]
        return tuple(
            replace(
                r,
                place=i + 1,
                hidden=r.name in hidden,
                removed=r.name in removed,
                standing=r.standing and r.name not in removed,
            )
            for i, r in enumerate(kept)
        )

    def podium(self) -> tuple[str, ...]:
        """The first three (fewer with fewer players), once the event is over."""
        if not self.over or not self.games:
            return ()
        return tuple(r.name for r in self.standings() if not r.removed)[:3]

    @property
    def winner(self) -> str | None:
        podium = self.podium()
        return podium[0] if podium else None


def _end_reason(event: Event, clock_ms: int) -> EndReason | None:
    if event.ended is not None:
        return event.ended
    if event.format.over:
        fair = event.rules.format is EventFormat.FAIR_STRIKES
        return EndReason.DECIDED if fair else EndReason.GAMES
    if event.dealt is None and event.games and event.time_up(clock_ms):
        return EndReason.TIME
    return None


def _next_call(event: Event, clock_ms: int) -> Call | None:
    """The game ``event`` calls next at ``clock_ms`` (None: the one dealt, paused,
    over, or too few players yet)."""
    if event.dealt is not None or event.paused_at is not None:
        return None
    if _end_reason(event, clock_ms) is not None:
        return None
    if not event.started and len(event.active) < event.rules.min_entrants:
        return None
    players = event.format.next_players()
    if len(players) < 2:
        return None
    present = tuple(p for p in players if p not in event.forfeited)
    return Call(len(event.games) + 1, event.attempt, players, present, event.seed)


def new_format(rules: EventRules, seed: int) -> Format:
    if rules.format is EventFormat.WINNER_STAYS:
        return WinnerStays(rules.seats, rules.streak_cap, rules.max_games)
    return FairStrikes(rules.seats, seed, rules.strikes_out)


def open_event(rules: EventRules, seed: int, cabinet: str, at_ms: int = 0) -> Event:
    """A new event at ``cabinet``: its log starts with ``Opened``."""
    return replay([EventRecord(0, cabinet, at_ms, Opened(rules, seed))])


def replay(records: Iterable[EventRecord]) -> Event:
    """The event a log holds (its first record ``Opened``), folded record by record."""
    it = iter(records)
    first = next(it, None)
    if first is None or not isinstance(first.change, Opened):
        raise EventError("an event's log starts with the record that opened it")
    opened = first.change
    fmt = new_format(opened.rules, opened.seed)
    event = Event(first.cabinet, opened.rules, opened.seed, fmt, clock_ms=first.at_ms, log=(first,))
    for record in it:
        event = event.apply(record)
    return event


__all__ = ["Call", "Entrant", "Event", "PlayedGame", "new_format", "open_event", "replay"]
