"""The cabinet's hardware and seats from a config: the pin factory, each seat's GPIO or
serial panel (or keyboard keys, or a bot), the service button, the terminal's keys, the
records, the watch on the Pi's power flags, and the table with the config's first deal.
``cabinet/app.py`` composes the rest around it (the mode that runs the table, the loop)."""

from __future__ import annotations

import random
import sys
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from cabinet.adapters.gpio import GpioPanel, make_pin_factory, service_button
from cabinet.adapters.keyboard import TerminalKeys, key_bindings
from cabinet.adapters.power_flags import SYSFS, PowerWatch
from cabinet.config import CabinetConfig, Inputs, PinFactoryKind, SeatConfig
from cabinet.inputs import Inbox
from cabinet.kiosk.records import Records
from cabinet.kiosk.state_dir import open_records
from cabinet.loop import PanelLinks, PanelPort, SeatRuntime, Table, seat_runtime
from cabinet.loop.power import PowerHealth
from engine.bots import DEFAULT_PRESET, Bot
from engine.game import new_game

DEFAULT_BOT = DEFAULT_PRESET


@dataclass(frozen=True, slots=True)
class RunMode:
    """How the cabinet runs, decided once at the start (cabinet/run.py) and handed down as
    one value (docs/architecture.md, "The run ladder").

    ``kiosk``: the cabinet under systemd (``--config``), else laptop mode. ``window``: the
    table on a screen (laptop mode: the window that opened; the kiosk: its screen whenever
    one opens), else headless. ``keys``: the keyboard seats are played (from the window,
    else from the terminal); without, bots take them."""

    kiosk: bool = False
    window: bool = False
    keys: bool = False

    @property
    def laptop(self) -> bool:
        return not self.kiosk

    @property
    def flow(self) -> bool:
        """The player's flow and the service menu run the table (the kiosk always, laptop
        mode in its window); else one game is dealt."""
        return self.kiosk or self.window

    @property
    def joins(self) -> bool:
        """Laptop mode's window: players join at the keys (the first seats get keys)."""
        return self.window and not self.kiosk

    @property
    def terminal_keys(self) -> bool:
        """The keyboard seats are read from the terminal (no window to read them from)."""
        return self.keys and not self.window


DEMO = RunMode()
"""Laptop mode without a window: one game dealt, bots in the keyboard seats (the default)."""


@dataclass
class Seated:
    """The cabinet's hardware and table, before a mode runs it (``seat_cabinet``)."""

    config: CabinetConfig
    """As run: the seed filled in."""
    inbox: Inbox
    table: Table
    links: PanelLinks
    panels: list[GpioPanel]
    factory: Any
    """The gpiozero pin factory (untyped), or None when nothing needs pins."""
    stack: ExitStack
    """Closes every adapter (and the records), last opened first."""
    bots: dict[int, str]
    """The bot seats and each bot's difficulty."""
    out: TextIO
    records: Records | None = None
    state_dir: Path | None = None
    power: PowerHealth = field(default_factory=PowerHealth)
    """The Pi's power flags as the loop knows them (its watch puts the changes)."""

    @property
    def seats(self) -> list[SeatRuntime]:
        return self.table.seats


def _serial_panel(sc: SeatConfig, inbox: Inbox, stack: ExitStack) -> PanelPort:
    from cabinet.adapters.serial import open_serial_seat  # pyserial only with a serial seat

    lights = open_serial_seat(sc, inbox.put)
    stack.callback(lights.link.close)  # sends all-LEDs-off before closing
    return lights


def seat_cabinet(
    config: CabinetConfig,
    mode: RunMode = DEMO,
    *,
    mock: bool = False,
    out: TextIO | None = None,
    seed: int | None = None,
    factory: Any = None,
    state_dir: Path | None = None,
    sysfs: Path | None = SYSFS,
) -> Seated:
    """The hardware, the seats and the table. ``mock``: mock pins, and GPIO seats nobody can
    press get bots. ``mode.keys``: read the keyboard seats from the terminal (or, with the
    window, from it); otherwise they get bots. ``state_dir``: keep the records there.
    ``sysfs``: where the power watch looks for the Pi's flags (None: no watch). ``out``:
    None is ``sys.stdout`` at the call."""
    out = sys.stdout if out is None else out
    seed = config.seed if seed is None else seed
    seed = random.randrange(1_000_000) if seed is None else seed
    inbox = Inbox()  # bounded per source: a flooding panel loses presses, nothing else
    stack = ExitStack()
    try:
        records = open_records(state_dir, out) if state_dir is not None else None
        if records is not None:
            stack.callback(records.close)
        kind = PinFactoryKind.MOCK if mock else config.pin_factory
        factory = _pin_factory(config, kind, factory, stack)
        seats, panels, bots = _seats(config, mode, kind, factory, seed, inbox, stack)
        if config.service_pin is not None:
            stack.callback(service_button(config.service_pin, inbox.put, factory).close)
        if mode.terminal_keys:  # with a window, keys come from it
            bindings = key_bindings(config.seats)
            if bindings:
                keys = TerminalKeys(bindings, inbox.put, inbox.request_stop)
                stack.callback(keys.close)
        if sysfs is not None:  # not a Pi: one line, no thread
            stack.callback(PowerWatch(inbox.put, root=sysfs).close)
        state, _ = new_game(config.rules, random.Random(seed), seed)
        table = Table(state, seats)
        return Seated(
            replace(config, seed=seed),
            inbox,
            table,
            PanelLinks(table),
            panels,
            factory,
            stack,
            bots,
            out,
            records,
            state_dir,
            PowerHealth(records),
        )
    except BaseException:
        stack.close()
        raise


def _pin_factory(
    config: CabinetConfig, kind: PinFactoryKind, factory: Any, stack: ExitStack
) -> Any:
    """The gpiozero pin factory: the caller's, or one made when anything needs pins."""
    needs_pins = (
        any(s.inputs is Inputs.GPIO for s in config.seats) or config.service_pin is not None
    )
    if factory is None and (needs_pins or kind is PinFactoryKind.MOCK):
        factory = make_pin_factory(kind)
        stack.callback(factory.close)
    return factory


def _seats(
    config: CabinetConfig,
    mode: RunMode,
    kind: PinFactoryKind,
    factory: Any,
    seed: int,
    inbox: Inbox,
    stack: ExitStack,
) -> tuple[list[SeatRuntime], list[GpioPanel], dict[int, str]]:
    """Each seat's panel (GPIO or serial) or bot; the GPIO panels; the bots' difficulties."""
    seats: list[SeatRuntime] = []
    panels: list[GpioPanel] = []
    bots: dict[int, str] = {}
    for sc in config.seats:
        panel: PanelPort | None = None
        if sc.inputs is Inputs.GPIO:
            gpio_panel = GpioPanel(sc, inbox.put, factory, pwm=config.led_pwm)
            stack.callback(gpio_panel.close)
            panels.append(gpio_panel)
            panel = gpio_panel
        elif sc.inputs is Inputs.SERIAL:
            panel = _serial_panel(sc, inbox, stack)
        empty = sc.inputs is Inputs.BOT or (
            (sc.inputs is Inputs.GPIO and kind is PinFactoryKind.MOCK)
            or (sc.inputs is Inputs.KEYBOARD and not mode.keys)
        )
        bot = None
        if empty:
            bot = Bot(sc.index, sc.difficulty or DEFAULT_BOT, seed * 10 + sc.index + 1)
            bots[sc.index] = bot.profile.name
        seats.append(
            seat_runtime(
                sc,
                debounce_ms=config.debounce_ms,
                stuck_ms=config.stuck_ms,
                service_hold_ms=config.service_hold_ms,
                two_hand=config.two_hand,
                panel=panel,
                bot=bot,
            )
        )
    return seats, panels, bots


__all__ = ["DEFAULT_BOT", "DEMO", "RunMode", "Seated", "seat_cabinet"]
