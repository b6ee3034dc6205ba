"""Running the cabinet ``cabinet/app.py`` builds: say what runs, run it (the window, the
headless kiosk, or one headless game), and always leave the LEDs off.

Under systemd (issue 9, deploy/speed-cabinet.service) it says READY once every input and
the loop are up (laptop mode's window also open), STOPPING on the way out; the loop's
failsafe gives up with ``CabinetFailed`` after repeated failures, and the run exits
``FAILED_EXIT`` so systemd restarts the process.

Laptop mode decides once whether a window opens (else the headless bot demo); the kiosk
(``--config``) always runs its window side, which plays without a screen and opens one
whenever it can (issue 18: cabinet/adapters/screen_watch.py). Only ``--headless`` makes a
kiosk that never tries (cabinet/adapters/headless.py).
"""

from __future__ import annotations

import logging
import os
import sys
import termios
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

from cabinet.adapters import sdnotify
from cabinet.adapters.gpio import PinFactoryError
from cabinet.adapters.keyboard import TerminalKeys, help_lines, key_bindings
from cabinet.adapters.textview import format_position
from cabinet.adapters.tty_signals import no_keyboard_signals
from cabinet.app import Cabinet, compose, flow_seats
from cabinet.config import (
    CabinetConfig,
    ConfigError,
    Inputs,
    PinFactoryKind,
    WindowSize,
    laptop_config,
)
from cabinet.kiosk.operator_wait import Blocked, one_line
from cabinet.kiosk.power import power
from cabinet.kiosk.state_dir import kiosk_state_dir, load_kiosk_config
from cabinet.loop import CabinetFailed, Observer
from cabinet.seating import DEFAULT_BOT, Seated, seat_cabinet
from engine.game import GameState

if TYPE_CHECKING:
    from cabinet.adapters.screen_driver import ScreenDriver
    from cabinet.adapters.screen_watch import ScreenRetry

FAILED_EXIT = 70
"""The exit status when the failsafe gave up (EX_SOFTWARE): systemd restarts the cabinet."""


class StartupError(RuntimeError):
    """The cabinet cannot start as configured; one line for the user."""


@contextmanager
def _sigterm_exits() -> Iterator[None]:
    """SIGTERM (systemd stop) unwinds like Ctrl-C, so ``finally`` puts the LEDs safe."""
    import signal

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


def _announce(
    seated: Seated, *, mock: bool, keyboard: bool, screen: str, joining: bool = False
) -> None:
    """What runs, before the first deal: the seats, the game, the keys, the position.
    ``joining``: laptop mode's window, where players join at the keys (not ``--humans``)."""
    cfg, out = seated.config, seated.out
    humans = [s for s in seated.seats if s.bot is None]
    bots = [s for s in seated.seats if s.bot is not None]
    pins = "mock GPIO" if mock or cfg.pin_factory is PinFactoryKind.MOCK else "lgpio GPIO"
    joins = ""
    if joining:
        what = "the player's flow"
        joins = (
            f": the {len(humans)} seats with keys below are joined with SLAM by whoever "
            f"sits there, a seat nobody joins is played by a bot (--humans counts only "
            f"without a window)"
        )
    elif humans:
        what = (
            f"{len(humans)} player(s) at "
            f"{', '.join(sorted({s.config.inputs.value for s in humans}))}"
            f"{f' and {len(bots)} bot(s)' if bots else ''}"
        )
    else:
        what = f"a headless bot demo: {len(bots)} bots"
    print(
        f"speed-cabinet: {screen}, so this is {what} playing "
        f"{cfg.rules.game.value.capitalize()} on the cabinet loop ({pins}, seed {cfg.seed}){joins}",
        file=out,
    )
    if keyboard:
        for line in help_lines(key_bindings(cfg.seats)):
            print(f"  {line}", file=out)
    print(f"         start  {format_position(seated.table.state)}", file=out, flush=True)


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
    screen_driver: ScreenDriver | None = None,
    screen_retry: ScreenRetry | None = None,
) -> int:
    """Build, run until the game ends (or ``seconds``), and always leave the LEDs off.
    ``window``: draw the table in a pygame window (issue 7); in laptop mode only if one
    opens now (else headless), the kiosk opens its screen whenever one is there (issue 18:
    ``screen_driver`` and ``screen_retry`` default to SDL and ``RETRY_S``).
    ``state_dir``: keep the records there (default ``$STATE_DIRECTORY`` when set; with
    neither, no records). ``laptop`` False: the kiosk (the flow runs even headless)."""
    no_window = None
    if window and laptop:
        # Laptop mode decides once: no display now is the headless bot demo. The kiosk
        # always runs its window side, which opens the screen whenever one is there.
        from cabinet.adapters.window import try_display

        no_window = try_display()
        window = no_window is None
    if window and laptop:
        # The player's flow: the first seats (up to the keyboard's two) get keys to join
        # with; whoever does not join is played by a bot.
        config, keyboard = flow_seats(config), True
    try:
        seated = seat_cabinet(
            config,
            mock=mock,
            keyboard=keyboard,
            window=window,
            out=out,
            seed=seed,
            factory=factory,
            state_dir=kiosk_state_dir(state_dir),
        )
    except PinFactoryError as exc:
        raise StartupError(str(exc)) from None
    try:
        if window and not laptop:
            screen = "a screen whenever one opens (the panels and LEDs play meanwhile)"
        else:
            screen = "a window" if window else f"no display ({no_window or '--headless'})"
        _announce(seated, mock=mock, keyboard=keyboard, screen=screen, joining=window and laptop)
        cab = compose(
            seated,
            flow=window or not laptop,
            laptop=laptop,
            window=window,
            table_view=keyboard and not window,
            observers=observers,
        )
    except BaseException:
        seated.stack.close()
        raise
    until = None if seconds is None else time.monotonic() + seconds
    with _sigterm_exits():
        try:
            try:
                state = _run(
                    cab,
                    until,
                    out,
                    window=window,
                    laptop=laptop,
                    keyboard=keyboard,
                    driver=screen_driver,
                    retry=screen_retry,
                )
            finally:
                cab.finish()  # a recorded game still on: finished or abandoned
        except CabinetFailed as exc:
            print(
                f"speed-cabinet: giving up ({exc}); exiting so the service restarts",
                file=out,
                flush=True,
            )
            return FAILED_EXIT
        finally:
            sdnotify.stopping()
            cab.close()
    power(cab.power, laptop=laptop, out=out)
    if state.is_over:
        verdict = "a draw" if state.winner is None else f"P{state.winner + 1} wins"
    else:
        verdict = "stopped before the end"
    print(f"         end    {format_position(state)}", file=out)
    print(f"speed-cabinet: {verdict} after {state.now / 1000:.1f} s of play", file=out)
    return 0


def _run(
    cab: Cabinet,
    until: float | None,
    out: TextIO,
    *,
    window: bool,
    laptop: bool,
    keyboard: bool,
    driver: ScreenDriver | None = None,
    retry: ScreenRetry | None = None,
) -> GameState:
    if window:
        from cabinet.adapters.window import run_display

        state: GameState = run_display(
            cab, until=until, laptop=laptop, out=out, driver=driver, retry=retry
        )
        return state
    if not laptop:  # the kiosk with no screen: flow and service menu on the panels
        from cabinet.adapters.headless import run_headless_kiosk

        return run_headless_kiosk(cab, until=until, out=out)
    if not keyboard:
        _esc_quits(cab)  # the bot demo: Esc ends it early, as with key seats
    sdnotify.ready(f"headless: {cab.config.rules.game.value}")
    return cab.loop.run(until=until)


def _esc_quits(cab: Cabinet) -> None:
    """A headless demo on a terminal: Esc (or Ctrl-C) stops the loop; no seat keys."""
    inbox = cab.loop.inbox
    try:
        if not sys.stdin.isatty():
            return
        keys = TerminalKeys({}, inbox.put, inbox.request_stop)
    except (OSError, ValueError, termios.error):  # no terminal: the demo ends by itself
        return
    cab.stack.callback(keys.close)


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


@dataclass(frozen=True, slots=True)
class RunOptions:
    """``speed-cabinet run`` (and ``demo``): see cabinet/cli.py for each option's help."""

    config: str | None = None
    mock: bool = False
    players: int = 2
    humans: int = 0
    difficulty: str = DEFAULT_BOT
    seconds: float | None = None
    seed: int | None = None
    game: str = "speed"
    headless: bool = False
    state_dir: str | None = None
    fullscreen: bool = False
    """Laptop mode: fill the screen instead of a resizable window."""
    size: WindowSize | None = None
    """Laptop mode: the window's size at the start."""


def run_command(options: RunOptions, prog: str = "speed-cabinet run") -> int:
    """The ``run`` command: 0 when the run ended, 2 for a bad config, 1 when the cabinet
    cannot start, ``FAILED_EXIT`` when the failsafe gave up. The kiosk under systemd does
    not exit for the first two: it waits for the operator (``_run_waiting``). The kiosk
    takes no signal from a keyboard (cabinet/adapters/tty_signals.py)."""
    with no_keyboard_signals(kiosk=bool(options.config)):
        return _run_command(options, prog)


def _run_command(options: RunOptions, prog: str) -> int:
    log_to_stderr()
    if options.config and os.environ.get("NOTIFY_SOCKET"):
        return _run_waiting(options, prog)
    try:
        return _start(options)
    except (ConfigError, StartupError, PinFactoryError) as exc:
        blocked = _blocked(exc)
        assert blocked is not None
        print(f"{prog}: {blocked.line}", file=sys.stderr)
        return blocked.status


def _start(options: RunOptions) -> int:
    """Read the config and run the cabinet; a start-up it cannot make raises."""
    if options.config:
        config = load_kiosk_config(options.config, options.state_dir)
    else:
        config = laptop_config(
            options.players,
            options.humans,
            options.difficulty,
            options.seed,
            game=options.game,
        )
        config = replace(
            config,
            display=replace(config.display, fullscreen=options.fullscreen, window=options.size),
        )
    keyboard = any(s.inputs is Inputs.KEYBOARD for s in config.seats)
    from cabinet.adapters.window import display_available

    window = not options.headless  # run_cabinet falls back (and says why) if none opens
    if keyboard and (not window or display_available() is not None) and not sys.stdin.isatty():
        if options.config:
            raise StartupError("the config has keyboard seats, but stdin is not a terminal")
        raise StartupError("--humans needs a terminal to read keys from (stdin is not a TTY)")
    return run_cabinet(
        config,
        mock=options.mock or not options.config,
        keyboard=keyboard,
        seconds=options.seconds,
        seed=options.seed,
        window=window,
        laptop=not options.config,
        state_dir=options.state_dir,
    )


def _blocked(exc: BaseException) -> Blocked | None:
    """A start-up error as one line and its exit status; None for any other exception."""
    if isinstance(exc, ConfigError):
        return Blocked(one_line(exc), 2)
    if isinstance(exc, StartupError | PinFactoryError):
        return Blocked(one_line(exc), 1)
    return None


def _probe(options: RunOptions) -> None:
    """The cheap part of a kiosk start: the config reads and its GPIO backend opens."""
    assert options.config
    config = load_kiosk_config(options.config, options.state_dir)
    if not options.mock and config.pin_factory is not PinFactoryKind.MOCK:
        from cabinet.adapters.gpio import make_pin_factory

        make_pin_factory(config.pin_factory).close()


def _run_waiting(options: RunOptions, prog: str) -> int:
    """The kiosk under systemd: a start-up that cannot succeed waits for the operator
    (cabinet/kiosk/operator_wait.py) instead of exiting into a restart loop."""
    from cabinet.adapters.operator_screen import open_operator_screen
    from cabinet.kiosk.operator_wait import OperatorWait, blink_config_leds

    config_path = options.config
    assert config_path
    until = None if options.seconds is None else time.monotonic() + options.seconds
    wait = OperatorWait(
        attempt=lambda: _start(options),
        probe=lambda: _probe(options),
        classify=_blocked,
        out=sys.stderr,
        prog=prog,
        screen=open_operator_screen,
        leds=lambda: None if options.mock else blink_config_leds(config_path),
        until=until,
    )
    with _sigterm_exits():
        return wait.run()


__all__ = [
    "FAILED_EXIT",
    "RunOptions",
    "StartupError",
    "log_to_stderr",
    "run_cabinet",
    "run_command",
]
