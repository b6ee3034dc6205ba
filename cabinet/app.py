"""The composition root: config -> pin factory, panels, keyboard, bots, loop; run; safe stop.

The only place that decides which adapters run. Every LED goes off when the loop ends,
however it ends: the game's end, ``--seconds``, Esc, Ctrl-C, SIGTERM or a crash.

Under systemd (issue 9, deploy/speed-cabinet.service) it also says READY once the display
(or the headless loop) and every input are up, has the watchdog pinged (the window's frame
loop, or the headless loop's own pass), says STOPPING on the way out; keeps the records
when there is a state directory (``--state-dir``, or ``$STATE_DIRECTORY`` as systemd sets
it); and arms the loop's failsafe: an exception is logged and the table reset, and
``FAULT_LIMIT`` of them close together exit ``FAILED_EXIT`` so systemd restarts the process.
"""

from __future__ import annotations

import logging
import os
import queue
import random
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from cabinet.adapters import sdnotify
from cabinet.adapters.gpio import GpioPanel, PinFactoryError, make_pin_factory
from cabinet.adapters.keyboard import TerminalKeys, help_lines, key_bindings
from cabinet.adapters.textview import TextView, format_position
from cabinet.config import CabinetConfig, Inputs, PinFactoryKind
from cabinet.inputs import Inbox
from cabinet.loop.core import (
    WAKE_SEAT,
    CabinetFailed,
    CabinetLoop,
    Observer,
    PanelPort,
    SeatRuntime,
    seat_runtime,
)
from engine.game import new_game

log = logging.getLogger("speed_cabinet.app")

DEFAULT_BOT = "medium"
FAILED_EXIT = 70
"""The exit status when the failsafe gave up (EX_SOFTWARE): systemd restarts the cabinet."""


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
    power: str | None = None
    """The service menu's "poweroff" / "reboot" / "restart", done once the cabinet is
    closed."""
    records: Any = None
    """cabinet.kiosk.records.Records when there is a state directory, else None (laptop)."""
    state_dir: Path | None = None
    """Where the records and the operator settings live (``kiosk_state_dir``), or None."""

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
    inbox = Inbox()  # bounded per source: a flooding panel loses presses, nothing else
    statuses: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def link_changed(status: Any) -> None:
        # Called on a link's own thread: hand over, then wake the loop.
        statuses.put(status)
        inbox.put((status.t, WAKE_SEAT, None, False))

    stack = ExitStack()
    try:
        kind = PinFactoryKind.MOCK if mock else config.pin_factory
        needs_pins = (
            any(s.inputs is Inputs.GPIO for s in config.seats) or config.service_pin is not None
        )
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
                from cabinet.adapters.serial import open_serial_seat

                serial_lights = open_serial_seat(sc, inbox.put, link_changed)
                stack.callback(serial_lights.link.close)  # sends all-LEDs-off before closing
                panel = serial_lights
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
        if config.service_pin is not None:
            from cabinet.adapters.gpio import service_button
            from cabinet.loop.core import SERVICE_SEAT

            button = service_button(config.service_pin, inbox.put, factory, SERVICE_SEAT)
            stack.callback(button.close)
        state, _ = new_game(config.rules, random.Random(seed), seed)
        if table is None:
            table = keyboard and not window
        view = TextView(out, seats, table=table)
        loop = CabinetLoop(
            state,
            seats,
            inbox,
            tie_seed=seed,
            observers=[view, *observers],
            statuses=statuses if serial_seats else None,
        )
        if keyboard and not window:  # with a window, keys come from it (cabinet/adapters/window.py)
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
    state_dir: str | os.PathLike[str] | None = None,
) -> int:
    """Build, run until the game ends (or ``seconds``), and always leave the LEDs off.
    ``window``: draw the table in a pygame window (issue 7) if one opens, else headless.
    ``state_dir``: keep the records there (default ``$STATE_DIRECTORY`` when set; with
    neither, no records)."""
    no_window = None
    if window:
        from cabinet.adapters.window import try_display

        no_window = try_display()
        window = no_window is None
    if window and laptop:
        # The player's flow: the first seats (up to the keyboard's two) get keys to join
        # with; whoever does not join is played by a bot.
        config, keyboard = flow_seats(config), True
    try:
        cab = build_cabinet(
            config,
            mock=mock,
            keyboard=keyboard,
            out=out,
            seed=seed,
            factory=factory,
            observers=observers,
            window=window,
        )
    except PinFactoryError as exc:
        raise StartupError(str(exc)) from None
    cab.state_dir = kiosk_state_dir(state_dir)
    cab.records = open_records(cab.state_dir, out)
    cfg = cab.config
    humans = [s for s in cab.seats if s.bot is None]
    bots = [s for s in cab.seats if s.bot is not None]
    pins = "mock GPIO" if mock or cfg.pin_factory is PinFactoryKind.MOCK else "lgpio GPIO"
    if humans:
        what = (
            f"{len(humans)} player(s) at "
            f"{', '.join(sorted({s.config.inputs.value for s in humans}))}"
            f"{f' and {len(bots)} bot(s)' if bots else ''}"
        )
    else:
        what = f"a headless bot demo: {len(bots)} bots"
    screen = "a window" if window else f"no display ({no_window or '--headless'})"
    print(
        f"speed-cabinet: {screen}, so this is {what} playing "
        f"{cfg.rules.game.value.capitalize()} on the cabinet loop ({pins}, seed {cfg.seed})",
        file=out,
    )
    if keyboard:
        for line in help_lines(key_bindings(cfg.seats)):
            print(f"  {line}", file=out)
    print(f"         start  {format_position(cab.loop.state)}", file=out, flush=True)
    until = None if seconds is None else time.monotonic() + seconds
    with _sigterm_exits():
        try:
            if window:
                from cabinet.adapters.window import run_display

                state = run_display(cab, until=until, laptop=laptop, out=out, flow=True)
            elif not laptop:  # the kiosk with no screen: flow and service menu on the panels
                from cabinet.adapters.headless import run_headless_kiosk

                state = run_headless_kiosk(cab, until=until, out=out)
            else:
                if not keyboard:
                    _esc_quits(cab)  # the bot demo: Esc ends it early, as with key seats
                table = SingleGame(cab, out)
                cab.loop.failsafe = table.reset
                cab.loop.notifier = sdnotify.Notifier()
                sdnotify.ready(f"headless: {cfg.rules.game.value}")
                try:
                    state = cab.loop.run(until=until)
                finally:
                    table.end()
        except CabinetFailed as exc:
            print(
                f"speed-cabinet: giving up ({exc}); exiting so the service restarts",
                file=out,
                flush=True,
            )
            return FAILED_EXIT
        finally:
            sdnotify.stopping()
            try:
                cab.close()
            finally:
                if cab.records is not None:
                    cab.records.close()
    power(cab.power, laptop=laptop, out=out)
    if state.is_over:
        verdict = "a draw" if state.winner is None else f"P{state.winner + 1} wins"
    else:
        verdict = "stopped before the end"
    print(f"         end    {format_position(state)}", file=out)
    print(f"speed-cabinet: {verdict} after {state.now / 1000:.1f} s of play", file=out)
    return 0


def _esc_quits(cab: Cabinet) -> None:
    """A headless demo on a terminal: Esc (or Ctrl-C) stops the loop; no seat keys."""
    try:
        if not sys.stdin.isatty():
            return
        keys = TerminalKeys({}, cab.loop.inbox.put, cab.loop.stop)
    except (OSError, ValueError, termios.error):  # no terminal: the demo ends by itself
        return
    cab.stack.callback(keys.close)


def kiosk_state_dir(
    state_dir: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None
) -> Path | None:
    """The one state directory a run uses for its records and its operator settings:
    ``--state-dir``, else ``$STATE_DIRECTORY`` (systemd's ``StateDirectory=``), else None
    (laptop mode: nothing is kept, no settings are layered)."""
    if state_dir is not None and str(state_dir):
        return Path(state_dir)
    value = (os.environ if env is None else env).get("STATE_DIRECTORY", "")
    return Path(value.split(":")[0]) if value.split(":")[0] else None


def open_records(state_dir: str | os.PathLike[str] | None, out: TextIO) -> Any:
    """The records in ``state_dir`` (or ``$STATE_DIRECTORY``), or None: laptop mode keeps
    none, and records that cannot be opened are logged and skipped (the cabinet plays on)."""
    from cabinet.kiosk.records import Records, RecordsError

    folder = kiosk_state_dir(state_dir)
    if folder is None:
        return None
    try:
        records = Records.open(folder)
    except RecordsError as exc:
        log.error("%s", exc)
        print(f"speed-cabinet: no records this run ({' '.join(str(exc).split())})", file=out)
        return None
    from cabinet.modes.flow_records import safely

    safely("note_start", records.note_start)
    if records.abandoned_on_open:
        print(
            f"speed-cabinet: records: game(s) {', '.join(map(str, records.abandoned_on_open))}"
            f" were cut short by the last stop; recorded as abandoned",
            file=out,
        )
    return records


class SingleGame:
    """Headless (no flow): the one game dealt, recorded when there are records, and the
    failsafe's fresh deal (same seats, a new seed) when the loop fails."""

    def __init__(self, cab: Cabinet, out: TextIO) -> None:
        self.cab = cab
        self.out = out
        self.seed = cab.config.seed or 0
        self.game_id: int | None = None
        self._start()

    def _start(self) -> None:
        records = self.cab.records
        if records is None:
            return
        from cabinet.kiosk.records import SeatEntry
        from cabinet.modes.flow_records import safely

        seats = [
            SeatEntry(bot=str(getattr(getattr(s.bot, "profile", None), "name", "bot")))
            if s.bot is not None
            else SeatEntry()
            for s in self.cab.seats
        ]

        def start() -> None:
            self.game_id = records.start_game(self.cab.loop.state.rules, seats, self.seed)

        safely("start_game", start)

    def end(self) -> None:
        """After the loop: the game's record (finished with its stats, or abandoned)."""
        records, game_id, self.game_id = self.cab.records, self.game_id, None
        if records is None or game_id is None:
            return
        from cabinet.modes.flow_records import safely
        from cabinet.modes.played import replay_of, results_of

        loop = self.cab.loop
        state = loop.state
        replay = replay_of(loop, self.seed)
        if state.is_over:
            results = results_of(loop)
            safely(
                "finish_game",
                lambda: records.finish_game(
                    game_id,
                    winner=state.winner,
                    duration_ms=state.now,
                    replay=replay,
                    results=results,
                ),
            )
        else:
            safely(
                "abandon_game",
                lambda: records.abandon_game(game_id, duration_ms=state.now, replay=replay),
            )

    def reset(self, exc: BaseException | None = None) -> None:
        """The loop's failsafe: the game is recorded abandoned and a fresh one dealt."""
        loop = self.cab.loop
        self.end()
        self.seed = random.Random(f"speed-cabinet reset {self.seed}").randrange(1_000_000)
        state, _ = new_game(loop.state.rules, random.Random(self.seed), self.seed)
        bots: dict[int, Any] = {}
        for seat in loop.seats:
            bot: Any = seat.bot
            if bot is not None and hasattr(bot, "profile") and hasattr(bot, "player"):
                bot = type(bot)(bot.player, bot.profile, self.seed * 10 + bot.player + 1)
            bots[seat.config.index] = bot
        print(
            "speed-cabinet: resetting after an error (the traceback is in the log): "
            f"a fresh game, seed {self.seed}",
            file=self.out,
            flush=True,
        )
        loop.swap_game(state, bots)
        self._start()


def power(action: str | None, *, laptop: bool, out: TextIO = sys.stdout) -> None:
    """The service menu's power-off or reboot, after the LEDs went safe: ``systemctl``
    run directly (an argv, never a shell; deploy/50-speed-cabinet-power.rules lets the
    cabinet's user do these two and nothing else). "restart" just exits: the unit's
    ``Restart=always`` starts the cabinet again, with the saved settings. Laptop mode
    only quits."""
    if action is None:
        return
    from cabinet.modes.stack import power_command

    if action == "restart" and not laptop:
        print(
            "speed-cabinet: service menu restart: exiting; systemd starts the cabinet "
            "again with the saved settings",
            file=out,
            flush=True,
        )
        return

    argv = power_command(action, laptop=laptop)
    if argv is None:
        print(f"speed-cabinet: service menu {action}: laptop mode, so just quitting", file=out)
        return
    print(f"speed-cabinet: service menu {action}: {' '.join(argv)}", file=out, flush=True)
    subprocess.run(argv, check=False)  # a fixed argv, no shell


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
    run.add_argument(
        "--mock",
        action="store_true",
        help="with --config: mock GPIO pins; GPIO seats are played by bots",
    )
    run.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help="laptop mode: seats at the table (default 2)",
    )
    run.add_argument(
        "--humans",
        type=int,
        choices=(0, 1, 2),
        default=0,
        help="laptop mode: keyboard players (default 0: a bot demo)",
    )
    run.add_argument(
        "--difficulty",
        default=DEFAULT_BOT,
        help=f"laptop mode: the bots' preset (default {DEFAULT_BOT})",
    )
    run.add_argument("--seconds", type=float, default=None, help="stop after this long")
    run.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    run.add_argument(
        "--game",
        choices=("speed", "spit", "california"),
        default="speed",
        help="laptop mode: the game (default speed; spit and california are for 2 players)",
    )
    run.add_argument(
        "--headless",
        action="store_true",
        help="no window even when a display is available (issue 7)",
    )
    run.add_argument(
        "--state-dir",
        default=None,
        metavar="DIR",
        help="keep the records (SQLite) and the service menu's settings in DIR "
        "(default: $STATE_DIRECTORY when set, as under systemd; otherwise "
        "neither is kept)",
    )
    run.set_defaults(func=_run_command)


def load_kiosk_config(
    path: str | os.PathLike[str], state_dir: str | os.PathLike[str] | None = None
) -> CabinetConfig:
    """The installed config with the operator settings the service menu saved (in the
    state directory, ``kiosk_state_dir``) layered over it; with none, the config alone."""
    from cabinet.kiosk.settings import SETTINGS_NAME, start_settings

    folder = kiosk_state_dir(state_dir)
    if folder is None:
        from cabinet.config import load_config

        return load_config(path)
    # Bad saved settings are set aside (logged), never a start-up failure: issue 13.
    return replace(start_settings(path, folder / SETTINGS_NAME).config, source=str(path))


def log_to_stderr(level: int = logging.INFO) -> None:
    """The cabinet's log on stderr (the journal under systemd, which adds the time): what
    it could not start (sound, records), each failsafe reset with its traceback."""
    root = logging.getLogger()
    if not root.handlers:  # a caller's own set-up (tests, an embedding app) stays
        logging.basicConfig(
            level=level,
            stream=sys.stderr,
            format="speed-cabinet: %(levelname)s %(name)s: %(message)s",
        )


def _run_command(args: Any) -> int:
    from cabinet.config import ConfigError, laptop_config

    log_to_stderr()
    prog = "speed-cabinet run"
    try:
        if args.config:
            config = load_kiosk_config(args.config, args.state_dir)
        else:
            config = laptop_config(
                args.players, args.humans, args.difficulty, args.seed, game=args.game
            )
        keyboard = any(s.inputs is Inputs.KEYBOARD for s in config.seats)
        from cabinet.adapters.window import display_available

        window = not args.headless  # run_cabinet falls back (and says why) if none opens
        if keyboard and (not window or display_available() is not None) and not sys.stdin.isatty():
            if args.config:
                raise StartupError("the config has keyboard seats, but stdin is not a terminal")
            raise StartupError("--humans needs a terminal to read keys from (stdin is not a TTY)")
        return run_cabinet(
            config,
            mock=args.mock or not args.config,
            keyboard=keyboard,
            seconds=args.seconds,
            seed=args.seed,
            window=window,
            laptop=not args.config,
            state_dir=args.state_dir,
        )
    except ConfigError as exc:
        print(f"{prog}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except (StartupError, PinFactoryError) as exc:
        print(f"{prog}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
