"""The composition root: config -> pin factory, panels, keyboard, bots, the table
(``cabinet/seating.py``); then the mode that runs it (one game, or the player's flow with
the service menu in front), the observers (text view, window feed, the headless screen
log) and the loop.

The only place that decides which adapters and modes run (``cabinet/run.py`` runs what is
built here). Built in two steps so the run can say what it seated before the first deal:
``seat_cabinet`` (hardware, seats, table, records), then ``compose`` (modes, loop).
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from cabinet.adapters import sdnotify
from cabinet.adapters.gpio import GpioPanel
from cabinet.adapters.headless import ScreenLines
from cabinet.adapters.keyboard import SeatKey, key_bindings
from cabinet.adapters.textview import TextView
from cabinet.config import CabinetConfig, Inputs
from cabinet.inputs import ServiceSource
from cabinet.kiosk.records import RecordBoards, Records
from cabinet.kiosk.records.base import SYNC_FLAG
from cabinet.kiosk.state_dir import service_paths
from cabinet.loop import (
    CabinetLoop,
    FaultBudget,
    Observer,
    SeatRuntime,
)
from cabinet.modes.flow.day_clock import CabinetDay
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.flow.replays import since_power_on
from cabinet.modes.party.mode import EventMode, party_policy
from cabinet.modes.service.director import ServiceDirector
from cabinet.modes.single import SingleGame
from cabinet.modes.stack import ModeStack
from cabinet.seating import DEMO, RunMode, Seated, seat_cabinet

if TYPE_CHECKING:
    from cabinet.adapters.screen.feed import ScreenFeed

SERVICE_KEY = "f2"
"""Laptop mode's service button in the window (the cabinet's is ``[cabinet] service_pin``);
in kiosk mode a USB keyboard's F2 opens only the operator code prompt."""


@dataclass(frozen=True, slots=True)
class FlowModes:
    """The player's flow, a party's event over it and the service menu over both, and
    their stack."""

    players: FlowDirector
    menu: ServiceDirector
    stack: ModeStack
    party: EventMode | None = None
    """A party's event (docs/party.md); also the operator's ``EventDesk`` (the service
    menu's event pages)."""


@dataclass(frozen=True, slots=True)
class WindowParts:
    """What the window needs: the feed of views, and what each key presses."""

    feed: ScreenFeed
    keys: dict[str, SeatKey | ServiceSource]


@dataclass
class Cabinet:
    """Everything built from a config, ready to run; ``close`` puts the hardware safe."""

    config: CabinetConfig
    loop: CabinetLoop
    seats: list[SeatRuntime]
    panels: list[GpioPanel]
    factory: Any
    stack: ExitStack
    records: Records | None
    state_dir: Path | None
    flow: FlowModes | None = None
    """The player's flow and the service menu, when they run the table."""
    single: SingleGame | None = None
    """The one game, when nothing runs around it."""
    window: WindowParts | None = None
    lines: ScreenLines | None = None
    """The kiosk's screen log (an observer too): always on without a window; with one,
    only while its screen is missing (cabinet/adapters/screen/watch.py)."""
    mode: RunMode = DEMO
    """How it runs (cabinet/seating.py): the run ladder in cabinet/run.py reads it."""

    @property
    def power(self) -> str | None:
        """The service menu's "poweroff" / "reboot" / "restart", done once closed."""
        return None if self.flow is None else self.flow.menu.power

    def finish(self) -> None:
        """After the loop: the game still on is recorded (finished or abandoned)."""
        if self.flow is not None:
            self.flow.stack.close()
        if self.single is not None:
            self.single.close()

    def close(self) -> None:
        try:
            self.loop.all_off()
        finally:
            self.stack.close()


def compose(
    seated: Seated,
    mode: RunMode = DEMO,
    *,
    table_view: bool = False,
    observers: Sequence[Observer] = (),
) -> Cabinet:
    """The mode that runs the table and the loop around it. ``mode.flow``: the player's
    flow with the service menu (the window, the kiosk), else the one game dealt.
    ``mode.window``: a feed of views for it (the kiosk's also gets the screen log, for while
    its screen is missing). ``table_view``: the text view prints the table."""
    config, table = seated.config, seated.table
    faults = FaultBudget()
    modes, single, stack = _modes(seated, mode, faults)
    # Attract mode: a bot demo until a seat presses SLAM. An exception: the flow's
    # "resetting", then attract; the single game recorded abandoned, a fresh deal.
    stack.attach(table)
    views = _views(seated, mode, modes, table_view, observers)
    loop = CabinetLoop(
        table,
        seated.inbox,
        modes=stack,
        service_inputs=None if modes is None else modes.menu,
        failsafe=stack.failsafe(),
        links=seated.links,
        faults=faults,
        power=seated.power,
        observers=views.observers,
        notifier=None if mode.window else sdnotify.Notifier(),  # the window pings itself
        tie_seed=config.seed or 0,
    )
    return _cabinet(seated, mode, loop, views, modes, single)


def _cabinet(
    seated: Seated,
    mode: RunMode,
    loop: CabinetLoop,
    views: Views,
    modes: FlowModes | None,
    single: SingleGame | None,
) -> Cabinet:
    return Cabinet(
        seated.config,
        loop,
        seated.table.seats,
        seated.panels,
        seated.factory,
        seated.stack,
        seated.records,
        seated.state_dir,
        flow=modes,
        single=single,
        window=views.window,
        lines=views.lines,
        mode=mode,
    )


@dataclass(frozen=True, slots=True)
class Views:
    """The loop's observers: the text view, the caller's, the window's feed of views and
    the screen log (``window`` and ``lines`` also kept on the ``Cabinet``)."""

    observers: list[Observer]
    window: WindowParts | None
    lines: ScreenLines | None


def _views(
    seated: Seated,
    mode: RunMode,
    modes: FlowModes | None,
    table_view: bool,
    observers: Sequence[Observer],
) -> Views:
    watchers: list[Observer] = [
        TextView(seated.out, seated.table.seats, table=table_view),
        *observers,
    ]
    parts = lines = None
    if mode.window:
        parts = _window_parts(seated, modes, mode)
        watchers.append(parts.feed)
    if modes is not None and not mode.joins:
        # No screen (or, for the kiosk's window, while its screen is missing): what it
        # would show, in the log. The kiosk's screen watch switches it on and off.
        lines = ScreenLines(modes.stack, seated.out, active=not mode.window)
        watchers.append(lines)
    return Views(watchers, parts, lines)


def _modes(
    seated: Seated, mode: RunMode, faults: FaultBudget
) -> tuple[FlowModes | None, SingleGame | None, ModeStack]:
    """The modes' stack over the seat controls: the service menu over the player's flow,
    or a single game (a stack with no flow mode)."""
    config, out = seated.config, seated.out
    if not mode.flow:
        single = SingleGame(
            seated.table, seed=config.seed or 0, bots=seated.bots, records=seated.records, out=out
        )
        return None, single, ModeStack(single)
    base, settings = service_paths(config, mode.laptop, seated.state_dir)
    records = seated.records
    boards = None if records is None else RecordBoards(records, config.boards)
    day = CabinetDay(  # the deal of the day's seed, attract's moments (docs/boards.md)
        config.boards.day_start,
        SYNC_FLAG if records is None else records.sync_flag,
        since_power_on(records),
    )
    players = FlowDirector(
        config,
        out=out,
        records=records,
        status=sdnotify.status,
        policy=party_policy(),
        boards=boards,
        day=day.key,
        moments_day=day.window,
    )
    # A party's event between the menu and the flow; it is the operator's EventDesk too
    # (the service menu's event page).
    party = EventMode(players, cabinet=socket.gethostname() or "cabinet")
    menu = ServiceDirector(
        players,
        out=out,
        records=seated.records,
        base_path=base,
        settings_path=settings,
        laptop=mode.laptop,
        links=seated.links,
        faults=faults,
        stop=seated.inbox.request_stop,
        power=seated.power,
        desk=party,
        boards=boards,
    )
    stack = ModeStack(menu, party, players)
    return FlowModes(players, menu, stack, party), None, stack


def _window_parts(seated: Seated, modes: FlowModes | None, mode: RunMode) -> WindowParts:
    from cabinet.adapters.screen.feed import ScreenFeed, seat_keys

    config = seated.config
    seat_bindings = {k: v for k, v in key_bindings(config.seats).items() if not k.isupper()}
    keys: dict[str, SeatKey | ServiceSource] = dict(seat_bindings)
    if modes is not None:
        # Laptop: F2 is the service button; kiosk: only the code prompt (a guest's keyboard).
        keys[SERVICE_KEY] = ServiceSource.PIN if mode.laptop else ServiceSource.KEY
    feed = ScreenFeed(
        seated.seats,
        laptop=mode.laptop,  # the display's layout fact: draw each seat's panel and keys
        keys=seat_keys(config.seats, seat_bindings),
        four_colour=config.display.four_colour,
        offline=seated.links.offline_names,
        flow=None if modes is None else modes.stack.flow_view,
        service=None if modes is None else modes.stack.service_view,
        sound=None if modes is None else modes.stack.sound_levels,
        replay=None if modes is None else modes.players.replays.news,  # watch it again
    )
    return WindowParts(feed, keys)


def build_cabinet(
    config: CabinetConfig,
    mode: RunMode = DEMO,
    *,
    mock: bool = False,
    out: TextIO | None = None,
    seed: int | None = None,
    table: bool | None = None,
    factory: Any = None,
    observers: Sequence[Observer] = (),
    state_dir: Path | None = None,
) -> Cabinet:
    """``seat_cabinet`` then ``compose``, in one call. ``table``: the text view prints the
    table (default: keyboard play on the terminal). ``out``: None is ``sys.stdout`` at the
    call."""
    seated = seat_cabinet(
        config, mode, mock=mock, out=out, seed=seed, factory=factory, state_dir=state_dir
    )
    try:
        return compose(
            seated,
            mode,
            table_view=mode.terminal_keys if table is None else table,
            observers=observers,
        )
    except BaseException:
        seated.stack.close()
        raise


def flow_seats(config: CabinetConfig) -> CabinetConfig:
    """Laptop mode with the flow: the first bot seats become keyboard seats (two at most
    share the keyboard), so players can join there."""
    seats = list(config.seats)
    free = 2 - sum(1 for s in seats if s.inputs is Inputs.KEYBOARD)
    for i, sc in enumerate(seats):
        if free > 0 and sc.inputs is Inputs.BOT:
            seats[i] = replace(sc, inputs=Inputs.KEYBOARD, keys=None)
            free -= 1
    return replace(config, seats=tuple(seats))


__all__ = [
    "Cabinet",
    "FlowModes",
    "RunMode",
    "Views",
    "WindowParts",
    "build_cabinet",
    "compose",
    "flow_seats",
]
