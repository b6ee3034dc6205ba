"""The composition root: config -> pin factory, panels, keyboard, bots, loop; run; safe stop.

The only place that decides which adapters run. Every LED goes off when the loop ends,
however it ends: the game's end, ``--seconds``, Esc, Ctrl-C, SIGTERM or a crash.
"""

from __future__ import annotations

import queue
import random
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from types import FrameType
from typing import Any, TextIO

from cabinet.config import CabinetConfig, Control, Inputs, PinFactoryKind
from cabinet.gpio import GpioPanel, PinFactoryError, make_pin_factory
from cabinet.keyboard import TerminalKeys, help_lines, key_bindings
from cabinet.loop import (
    WAKE_SEAT,
    CabinetLoop,
    Item,
    Observer,
    PanelPort,
    SeatRuntime,
    seat_runtime,
)
from cabinet.textview import TextView, format_position
from engine.game import new_game

DEFAULT_BOT = "medium"


class StartupError(RuntimeError):
    """The cabinet cannot start as configured; one line for the user."""


@dataclass
class Cabinet:
    """Everything built from a config, ready to run; ``close`` puts the hardware safe."""

    config: CabinetConfig
    loop: CabinetLoop
    seats: list[SeatRuntime]
    panels: list[GpioPanel]
    factory: Any
    stack: ExitStack

    def close(self) -> None:
        try:
            self.loop.all_off()
        finally:
            self.stack.close()


def build_cabinet(
    config: CabinetConfig,
    *,
    mock: bool = False,
    keyboard: bool = False,
    out: TextIO = sys.stdout,
    seed: int | None = None,
    table: bool | None = None,
    factory: Any = None,
    observers: Sequence[Observer] = (),
    window: bool = False,
) -> Cabinet:
    """Build the cabinet. ``mock``: mock pins, and GPIO seats nobody can press get bots.
    ``keyboard``: read the keyboard seats from the terminal; otherwise they get bots."""
    bot_class: Any = None
    try:
        from engine.bots import Bot

        bot_class = Bot
    except ImportError:
        pass

    seed = config.seed if seed is None else seed
    seed = random.randrange(1_000_000) if seed is None else seed
    inbox: queue.SimpleQueue[Item] = queue.SimpleQueue()
    statuses: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def link_changed(status: Any) -> None:
        # Called on a link's own thread: hand over, then wake the loop.
        statuses.put(status)
        inbox.put((status.t, WAKE_SEAT, None, False))

    stack = ExitStack()
    try:
        kind = PinFactoryKind.MOCK if mock else config.pin_factory
        needs_pins = any(s.inputs is Inputs.GPIO for s in config.seats)
        if factory is None and (needs_pins or kind is PinFactoryKind.MOCK):
            factory = make_pin_factory(kind)
            stack.callback(factory.close)
        seats: list[SeatRuntime] = []
        panels: list[GpioPanel] = []
        serial_seats = False
        for sc in config.seats:
            panel: PanelPort | None = None
            if sc.inputs is Inputs.GPIO:
                gpio_panel = GpioPanel(sc, inbox.put, factory, pwm=config.led_pwm)
                stack.callback(gpio_panel.close)
                panels.append(gpio_panel)
                panel = gpio_panel
            elif sc.inputs is Inputs.SERIAL:
                from firmware_bridge.link import PanelLink, SerialLights

                assert sc.serial is not None
                link = PanelLink(sc.serial, inbox, seats={0: sc.index}, control=Control,
                                 on_status=link_changed, name=sc.name)
                stack.callback(link.close)  # sends all-LEDs-off before closing
                panel = SerialLights(link, sc.index)
                serial_seats = True
            empty = sc.inputs is Inputs.BOT or (
                (sc.inputs is Inputs.GPIO and kind is PinFactoryKind.MOCK)
                or (sc.inputs is Inputs.KEYBOARD and not keyboard)
            )
            bot = None
            if empty:
                if bot_class is None:
                    raise StartupError(
                        f"{sc.name} needs a bot but engine.bots is not available; seat a "
                        f"player there"
                    )
                bot = bot_class(sc.index, sc.difficulty or DEFAULT_BOT, seed * 10 + sc.index + 1)
            seats.append(seat_runtime(
                sc, debounce_ms=config.debounce_ms, stuck_ms=config.stuck_ms,
                service_hold_ms=config.service_hold_ms, two_hand=config.two_hand,
                panel=panel, bot=bot,
            ))
        state, _ = new_game(config.rules, random.Random(seed), seed)
        if table is None:
            table = keyboard and not window
        view = TextView(out, seats, table=table)
        loop = CabinetLoop(state, seats, inbox, tie_seed=seed, observers=[view, *observers],
                           statuses=statuses if serial_seats else None)
        if keyboard and not window:  # with a window, keys come from it (cabinet/screen.py)
            bindings = key_bindings(config.seats)
            if bindings:
                keys = TerminalKeys(bindings, inbox.put, loop.stop)
                stack.callback(keys.close)
        cab = Cabinet(replace(config, seed=seed), loop, seats, panels, factory, stack)
    except BaseException:
        stack.close()
        raise
    return cab


@contextmanager
def _sigterm_exits() -> Iterator[None]:
    """SIGTERM (systemd stop) unwinds like Ctrl-C, so ``finally`` puts the LEDs safe."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_cabinet(
    config: CabinetConfig,
    *,
    mock: bool = False,
    keyboard: bool = False,
    seconds: float | None = None,
    seed: int | None = None,
    out: TextIO = sys.stdout,
    factory: Any = None,
    observers: Sequence[Observer] = (),
    window: bool = False,
    laptop: bool = True,
) -> int:
    """Build, run until the game ends (or ``seconds``), and always leave the LEDs off.
    ``window``: draw the table in a pygame window (issue 7) if one opens, else headless."""
    no_window = None
    if window:
        from cabinet.screen import try_display

        no_window = try_display()
        window = no_window is None
    if window and laptop:
        # The player's flow: the first seats (up to the keyboard's two) get keys to join
        # with; whoever does not join is played by a bot.
        config, keyboard = flow_seats(config), True
    try:
        cab = build_cabinet(config, mock=mock, keyboard=keyboard, out=out, seed=seed,
                            factory=factory, observers=observers, window=window)
    except PinFactoryError as exc:
        raise StartupError(str(exc)) from None
    cfg = cab.config
    humans = [s for s in cab.seats if s.bot is None]
    bots = [s for s in cab.seats if s.bot is not None]
    pins = "mock GPIO" if mock or cfg.pin_factory is PinFactoryKind.MOCK else "lgpio GPIO"
    if humans:
        what = (f"{len(humans)} player(s) at "
                f"{', '.join(sorted({s.config.inputs.value for s in humans}))}"
                f"{f' and {len(bots)} bot(s)' if bots else ''}")
    else:
        what = f"a headless bot demo: {len(bots)} bots"
    screen = "a window" if window else f"no display ({no_window or '--headless'})"
    print(f"speed-cabinet: {screen}, so this is {what} playing "
          f"{cfg.rules.game.value.capitalize()} on the cabinet loop ({pins}, seed {cfg.seed})",
          file=out)
    if keyboard:
        for line in help_lines(key_bindings(cfg.seats)):
            print(f"  {line}", file=out)
    print(f"         start  {format_position(cab.loop.state)}", file=out, flush=True)
    until = None if seconds is None else time.monotonic() + seconds
    with _sigterm_exits():
        try:
            if window:
                from cabinet.screen import run_display

                state = run_display(cab, until=until, laptop=laptop, out=out, flow=True)
            else:
                state = cab.loop.run(until=until)
        finally:
            cab.close()
    if state.is_over:
        verdict = "a draw" if state.winner is None else f"P{state.winner + 1} wins"
    else:
        verdict = "stopped before the end"
    print(f"         end    {format_position(state)}", file=out)
    print(f"speed-cabinet: {verdict} after {state.now / 1000:.1f} s of play", file=out)
    return 0


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


# The `run` subcommand (registered by cabinet/cli.py).


def add_parser(sub: Any) -> None:
    run = sub.add_parser(
        "run",
        help="run the cabinet (the default): laptop mode with mock GPIO unless --config",
        description=(
            "Run the cabinet loop. Without --config: laptop mode, mock GPIO, keyboard seats "
            "for --humans players (read from this terminal) and bots in the other seats. "
            "With a display it opens a window (keys read there); with none, or --headless, "
            "it prints a plain-text table view; with no humans it is a bot demo."
        ),
    )
    run.add_argument("--config", help="cabinet config TOML (see deploy/config.example.toml)")
    run.add_argument("--mock", action="store_true",
                     help="with --config: mock GPIO pins; GPIO seats are played by bots")
    run.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                     help="laptop mode: seats at the table (default 2)")
    run.add_argument("--humans", type=int, choices=(0, 1, 2), default=0,
                     help="laptop mode: keyboard players (default 0: a bot demo)")
    run.add_argument("--difficulty", default=DEFAULT_BOT,
                     help=f"laptop mode: the bots' preset (default {DEFAULT_BOT})")
    run.add_argument("--seconds", type=float, default=None, help="stop after this long")
    run.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    run.add_argument("--game", choices=("speed", "spit", "california"), default="speed",
                     help="laptop mode: the game (default speed; spit and california are "
                          "for 2 players)")
    run.add_argument("--headless", action="store_true",
                     help="no window even when a display is available (issue 7)")
    run.set_defaults(func=_run_command)


def _run_command(args: Any) -> int:
    from cabinet.config import ConfigError, laptop_config, load_config

    prog = "speed-cabinet run"
    try:
        if args.config:
            config = load_config(args.config)
        else:
            config = laptop_config(args.players, args.humans, args.difficulty, args.seed,
                                   game=args.game)
        keyboard = any(s.inputs is Inputs.KEYBOARD for s in config.seats)
        from cabinet.screen import display_available

        window = not args.headless  # run_cabinet falls back (and says why) if none opens
        if keyboard and (not window or display_available() is not None) \
                and not sys.stdin.isatty():
            if args.config:
                raise StartupError("the config has keyboard seats, but stdin is not a terminal")
            raise StartupError("--humans needs a terminal to read keys from (stdin is not a TTY)")
        return run_cabinet(config, mock=args.mock or not args.config, keyboard=keyboard,
                           seconds=args.seconds, seed=args.seed, window=window,
                           laptop=not args.config)
    except ConfigError as exc:
        print(f"{prog}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except (StartupError, PinFactoryError) as exc:
        print(f"{prog}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
