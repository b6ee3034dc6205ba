"""The service menu's event page, its state (docs/party.md, "The operator's event page"):
the start form's choices (format, game, seats, the format's limits) and where the
operator is on the page. Pure: ``event_page.py`` steps it, ``event_view.py`` shows it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from cabinet.modes.event.desk import DeskPlayer, DeskView
from cabinet.modes.event.rules import TWO_SEAT_GAMES, EventFormat, EventRules
from engine.rules import Game

STREAK_CAPS = tuple(range(1, 10))
STRIKES_OUT = tuple(range(1, 7))
GAME_COUNTS = (5, 8, 10, 12, 15, 20, 25, 30, 40, 50)
MINUTES = (15, 20, 30, 45, 60, 90, 120, 180)
FORMAT_LABELS = {EventFormat.WINNER_STAYS: "winner stays", EventFormat.FAIR_STRIKES: "fair strikes"}


class Ending(Enum):
    """How a winner-stays event ends (fair strikes ends when one player is left)."""

    OPERATOR = "by the operator"
    GAMES = "after a set number of games"
    TIME = "after a set time"


class Stage(Enum):
    """Where the operator is on the event page."""

    SUMMARY = "summary"
    """The event that is on and what may be done to it (or, with none, "start one")."""
    FORM = "form"
    """The start form's rows."""
    PICK = "pick"
    """A player to remove or a name to hide."""
    CONFIRM = "confirm"
    """SLAM again to do it (end, remove, hide); any other button: back."""


class DeskAction(Enum):
    """What the page may ask of the event (``EventDesk``'s actions)."""

    START = "start an event"
    PAUSE = "pause the event"
    RESUME = "resume the event"
    REMOVE = "remove a player"
    HIDE = "hide a name"
    END = "end the event"


class Row(Enum):
    """A row of the start form."""

    FORMAT = "format"
    GAME = "game"
    SEATS = "seats per game"
    STREAK = "wins in a row, then to the back"
    ENDING = "ends"
    GAMES = "games"
    MINUTES = "minutes of play"
    STRIKES = "strikes out"


@dataclass(frozen=True, slots=True)
class EventForm:
    """The start form's values (indexes into the offered values where they are lists)."""

    format: EventFormat = EventFormat.WINNER_STAYS
    game: int = 0
    """Index into the cabinet's playable games."""
    seats: int = 2
    streak_cap: int = 3
    ending: Ending = Ending.OPERATOR
    games: int = 10
    minutes: int = 60
    strikes_out: int = 3


@dataclass(frozen=True, slots=True)
class EventPage:
    """The event page: what the desk showed last, and the operator's place on the page."""

    games: tuple[Game, ...] = (Game.SPEED,)
    """The cabinet's playable games (``cabinet.modes.games.playable_games``)."""
    available: bool = False
    """The cabinet has an event desk (False: the page says events are not available)."""
    view: DeskView | None = None
    """The event that is on, as the desk showed it last (None: none)."""
    stage: Stage = Stage.SUMMARY
    choice: int = 0
    """The summary's chosen action."""
    form: EventForm = EventForm()
    row: int = 0
    """The start form's chosen row."""
    action: DeskAction | None = None
    """The action being picked for (remove, hide) or confirmed (end, remove, hide)."""
    pick: int = 0
    """The chosen player (``picks``)."""
    name: str = ""
    """The player the confirm step names ("" for end)."""

    @property
    def on(self) -> bool:
        """Is an event on (and not over)?"""
        return self.view is not None and not self.view.over

    @property
    def actions(self) -> tuple[DeskAction, ...]:
        """The summary's actions, in order."""
        if not self.available:
            return ()
        view = self.view
        if view is None or view.over:
            return (DeskAction.START,)
        pause = DeskAction.RESUME if view.paused else DeskAction.PAUSE
        return (pause, DeskAction.REMOVE, DeskAction.HIDE, DeskAction.END)

    @property
    def picks(self) -> tuple[DeskPlayer, ...]:
        """The players the pick offers: those still in (remove), or not hidden yet (hide)."""
        players = self.view.players if self.view is not None else ()
        if self.action is DeskAction.REMOVE:
            return tuple(p for p in players if not p.removed)
        return tuple(p for p in players if not p.hidden)


def game_name(game: str) -> str:
    return str(game).title()


def player_label(p: DeskPlayer) -> str:
    """The real initials, marked for the operator (the screens show a hidden name as
    hidden; the menu shows whose it is)."""
    marks = [m for m, on in (("hidden", p.hidden), ("removed", p.removed)) if on]
    return p.name + (f" ({', '.join(marks)})" if marks else "")


def two_seats(page: EventPage) -> bool:
    return chosen_game(page) in TWO_SEAT_GAMES


def chosen_game(page: EventPage) -> Game:
    return page.games[page.form.game % len(page.games)]


def rows_of(page: EventPage) -> tuple[Row, ...]:
    """The form's rows for its format (and, for winner stays, how it ends)."""
    form = page.form
    if form.format is EventFormat.FAIR_STRIKES:
        return (Row.FORMAT, Row.GAME, Row.SEATS, Row.STRIKES)
    ending = {Ending.GAMES: (Row.GAMES,), Ending.TIME: (Row.MINUTES,)}.get(form.ending, ())
    return (Row.FORMAT, Row.GAME, Row.SEATS, Row.STREAK, Row.ENDING, *ending)


def shown(page: EventPage, row: Row) -> str:
    """A row's value in words."""
    form = page.form
    match row:
        case Row.FORMAT:
            return FORMAT_LABELS[form.format]
        case Row.GAME:
            return game_name(chosen_game(page))
        case Row.SEATS:
            return (
                f"2 ({game_name(chosen_game(page))} seats 2)"
                if two_seats(page)
                else str(form.seats)
            )
        case Row.STREAK:
            return str(form.streak_cap)
        case Row.ENDING:
            return form.ending.value
        case Row.GAMES:
            return str(form.games)
        case Row.MINUTES:
            return f"{form.minutes} min"
        case Row.STRIKES:
            return str(form.strikes_out)


def _stepped(values: tuple[int, ...], value: int, by: int) -> int:
    at = values.index(value) if value in values else 0
    return values[(at + by) % len(values)]


def nudged(page: EventPage, row: Row, by: int, max_seats: int) -> EventForm:
    """The form with ``row``'s value one step up (``by`` 1) or down (-1), round the end."""
    form = page.form
    match row:
        case Row.FORMAT:
            formats = tuple(EventFormat)
            fmt = formats[(formats.index(form.format) + by) % len(formats)]
            return replace(form, format=fmt)
        case Row.GAME:
            return replace(form, game=(form.game + by) % len(page.games))
        case Row.SEATS:
            if two_seats(page):
                return form
            return replace(
                form, seats=_stepped(tuple(range(2, max(2, max_seats) + 1)), form.seats, by)
            )
        case Row.STREAK:
            return replace(form, streak_cap=_stepped(STREAK_CAPS, form.streak_cap, by))
        case Row.ENDING:
            endings = tuple(Ending)
            return replace(form, ending=endings[(endings.index(form.ending) + by) % len(endings)])
        case Row.GAMES:
            return replace(form, games=_stepped(GAME_COUNTS, form.games, by))
        case Row.MINUTES:
            return replace(form, minutes=_stepped(MINUTES, form.minutes, by))
        case Row.STRIKES:
            return replace(form, strikes_out=_stepped(STRIKES_OUT, form.strikes_out, by))


def rules_of(page: EventPage) -> EventRules:
    """The rules the form says (``EventError`` with the line to show if they refuse)."""
    form = page.form
    game = chosen_game(page)
    seats = 2 if game in TWO_SEAT_GAMES else form.seats
    if form.format is EventFormat.FAIR_STRIKES:
        return EventRules(form.format, game, seats, strikes_out=form.strikes_out)
    return EventRules(
        form.format,
        game,
        seats,
        streak_cap=form.streak_cap,
        max_games=form.games if form.ending is Ending.GAMES else None,
        time_limit_ms=form.minutes * 60_000 if form.ending is Ending.TIME else None,
    )


__all__ = [
    "FORMAT_LABELS",
    "DeskAction",
    "Ending",
    "EventForm",
    "EventPage",
    "Row",
    "Stage",
    "chosen_game",
    "game_name",
    "nudged",
    "player_label",
    "rows_of",
    "rules_of",
    "shown",
]
