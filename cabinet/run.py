"""Running the cabinet ``cabinet/app.py`` builds: say what runs, run it (the window, the
headless kiosk, or one headless game), and always leave the LEDs off.

Under systemd (issue 9, deploy/speed-cabinet.service) it says READY once every input and
the loop are up (laptop mode's window also open), STOPPING on the way out; the loop's
failsafe gives up with ``CabinetFailed`` after repeated failures, and the run exits
``FAILED_EXIT`` so systemd restarts the process.

Laptop mode decides once whether a window opens (else the headless bot demo); the kiosk
(``--config``) always runs its window side, which plays without a screen and opens one
whenever it can (issue 18: cabinet/adapters/screen/watch.py). Only ``--headless`` makes a
kiosk that never tries (cabinet/adapters/headless.py).
"""

from __future__ import annotations

import logging
import os
import sys
import termios
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from types import FrameType, TracebackType
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
from cabinet.errors import CabinetError
from cabinet.kiosk.operator_wait import Blocked, one_line
from cabinet.kiosk.power import power
from cabinet.kiosk.state_dir import kiosk_state_dir, load_kiosk_config
from cabinet.loop import CabinetFailed, Observer, Published
from cabinet.seating import DEFAULT_BOT, DEMO, RunMode, Seated, seat_cabinet
from engine.game import GameState

if TYPE_CHECKING:
    from cabinet.adapters.screen.driver import ScreenDriver
    from cabinet.adapters.screen.watch import ScreenRetry

FAILED_EXIT = 70
"""The exit status when the failsafe gave up (EX_SOFTWARE): systemd restarts the cabinet."""


class StartupError(RuntimeError, CabinetError):
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


def _announce(seated: Seated, mode: RunMode, *, mock: bool, screen: str) -> None:
    """What runs, before the first deal: the seats, the game, the keys, the position.
    ``mode.joins``: laptop mode's window, where players join at the keys (not ``--humans``)."""
    cfg, out = seated.config, seated.out
    humans = [s for s in seated.seats if s.bot is None]
    bots = [s for s in seated.seats if s.bot is not None]
    pins = "mock GPIO" if mock or cfg.pin_factory is PinFactoryKind.MOCK else "lgpio GPIO"
    joins = ""
    if mode.joins:
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
    if mode.keys:
        # Esc quits from laptop mode's window or a terminal's keys; the kiosk's screen
        # ignores it (README: "In kiosk mode a keyboard's Esc does nothing").
        quits = mode.laptop or mode.terminal_keys
        for line in help_lines(key_bindings(cfg.seats), esc_quits=quits):
            print(f"  {line}", file=out)
    print(f"         start  {format_position(seated.table.state)}", file=out, flush=True)


def run_cabinet(
    config: CabinetConfig,
    mode: RunMode = DEMO,
    *,
    mock: bool = False,
    seconds: float | None = None,
    seed: int | None = None,
    out: TextIO | None = None,
    factory: Any = None,
    observers: Sequence[Observer] = (),
    state_dir: str | os.PathLike[str] | None = None,
    screen_driver: ScreenDriver | None = None,
    screen_retry: ScreenRetry | None = None,
) -> int:
    """Build, run until the game ends (or ``seconds``), and always leave the LEDs off.
    ``mode.window``: draw the table in a pygame window (issue 7); in laptop mode only if one
    opens now (else headless), the kiosk opens its screen whenever one is there (issue 18:
    ``screen_driver`` and ``screen_retry`` default to SDL and ``RETRY_S``).
    ``state_dir``: keep the records there (default ``$STATE_DIRECTORY`` when set; with
    neither, no records). ``mode.kiosk``: the flow runs even headless. ``out``: where the
    run's lines go (None: ``sys.stdout`` as it is at the call, not at import).

    The run ladder (docs/architecture.md): the parts start in order (the hardware and
    seats, the modes and loop, SIGTERM's handler, the run) and stop in reverse in one
    ``finally``, the ``ExitStack``'s: the game recorded, the failsafe's last word, systemd
    told STOPPING, the LEDs off and every adapter closed, SIGTERM's handler put back."""
    out = sys.stdout if out is None else out
    mode, no_window = _settle(mode)
    if mode.joins:
        # The player's flow: the first seats (up to the keyboard's two) get keys to join
        # with; whoever does not join is played by a bot.
        config, mode = flow_seats(config), replace(mode, keys=True)
    with ExitStack() as ladder:
        seated = _seat(config, mode, mock, out, seed, factory, state_dir)
        cab = _compose(seated, mode, mock, _screen_words(mode, no_window), observers)
        ladder.enter_context(_sigterm_exits())
        ladder.callback(cab.close)  # the LEDs off, then every adapter, last opened first
        ladder.callback(sdnotify.stopping)
        gave_up = ladder.enter_context(_GaveUp(out))
        ladder.callback(cab.finish)  # a recorded game still on: finished or abandoned
        until = None if seconds is None else time.monotonic() + seconds
        state = _run(cab, until, out, driver=screen_driver, retry=screen_retry)
    if gave_up.failed:
        return FAILED_EXIT
    power(cab.power, laptop=mode.laptop, out=out)
    if state.is_over:
        verdict = "a draw" if state.winner is None else f"P{state.winner + 1} wins"
    else:
        verdict = "stopped before the end"
    print(f"         end    {format_position(state)}", file=out)
    print(f"speed-cabinet: {verdict} after {state.now / 1000:.1f} s of play", file=out)
    return 0


def _settle(mode: RunMode) -> tuple[RunMode, str | None]:
    """Laptop mode decides once: no display now is the headless bot demo (and why not).
    The kiosk always runs its window side, which opens the screen whenever one is there."""
    if not (mode.window and mode.laptop):
        return mode, None
    from cabinet.adapters.screen.window import try_display

    no_window = try_display()
    return (mode if no_window is None else replace(mode, window=False)), no_window


def _screen_words(mode: RunMode, no_window: str | None) -> str:
    if mode.window and mode.kiosk:
        return "a screen whenever one opens (the panels and LEDs play meanwhile)"
    return "a window" if mode.window else f"no display ({no_window or '--headless'})"


def _seat(
    config: CabinetConfig,
    mode: RunMode,
    mock: bool,
    out: TextIO,
    seed: int | None,
    factory: Any,
    state_dir: str | os.PathLike[str] | None,
) -> Seated:
    """The ladder's first rung: the hardware, the seats and the table."""
    try:
        return seat_cabinet(
            config,
            mode,
            mock=mock,
            out=out,
            seed=seed,
            factory=factory,
            state_dir=kiosk_state_dir(state_dir),
        )
    except PinFactoryError as exc:
        raise StartupError(str(exc)) from None


def _compose(
    seated: Seated, mode: RunMode, mock: bool, screen: str, observers: Sequence[Observer]
) -> Cabinet:
    """The second rung: say what runs, then the modes and the loop; the adapters close
    again if this fails."""
    with ExitStack() as guard:
        guard.push(seated.stack)
        _announce(seated, mode, mock=mock, screen=screen)
        cab = compose(seated, mode, table_view=mode.terminal_keys, observers=observers)
        guard.pop_all()
    return cab


class _GaveUp:
    """The ladder's rung for the failsafe giving up (``CabinetFailed``): one line, and the
    run exits ``FAILED_EXIT`` so systemd restarts the cabinet."""

    __slots__ = ("failed", "out")

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.failed = False

    def __enter__(self) -> _GaveUp:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        if not isinstance(exc, CabinetFailed):
            return False
        print(
            f"speed-cabinet: giving up ({exc}); exiting so the service restarts",
            file=self.out,
            flush=True,
        )
        self.failed = True
        return True


def _run(
    cab: Cabinet,
    until: float | None,
    out: TextIO,
    *,
    driver: ScreenDriver | None = None,
    retry: ScreenRetry | None = None,
) -> GameState:
    mode = cab.mode
    if mode.window:
        return run_display(cab, until=until, out=out, driver=driver, retry=retry)
    if mode.kiosk:  # the kiosk with no screen: flow and service menu on the panels
        return _run_headless_kiosk(cab, until, out)
    if not mode.keys:
        _esc_quits(cab)  # the bot demo: Esc ends it early, as with key seats
    sdnotify.ready(f"headless: {cab.config.rules.game.value}")
    return cab.loop.run(until=until)


def _run_headless_kiosk(cab: Cabinet, until: float | None, out: TextIO) -> GameState:
    """The kiosk with the flow and the service menu but no window (its ``ScreenLines``
    among the loop's observers: cabinet/adapters/headless.py); the state when the loop
    stops (``until``, SIGTERM, the service menu's power-off)."""
    assert cab.lines is not None
    print(
        "speed-cabinet: no screen, so the panels and LEDs run the flow alone; the "
        "service menu opens as usual and writes its pages here",
        file=out,
        flush=True,
    )
    cab.lines(Published(cab.loop.state, (), (), ()))  # attract's line, before any publish
    sdnotify.ready("headless: the flow is up")
    return cab.loop.run(until=until, stop_when_over=False)


def run_display(
    cab: Cabinet,
    *,
    until: float | None = None,
    out: TextIO | None = None,
    driver: ScreenDriver | None = None,
    retry: ScreenRetry | None = None,
) -> GameState:
    """Run a cabinet built with the window (``cab.window``: its feed of views, its keys) on
    the frame loop (cabinet/adapters/screen/frame_loop.py); returns the final state.

    Seats without a panel are drawn with the LEDs they would show; laptop mode also draws
    each seat's panel and keys. With the player's flow (``cab.flow``) it runs the table
    (attract mode, join, countdown, match: cabinet/modes/flow/).

    The kiosk (``cab.mode.kiosk``) never waits for its screen: the cabinet plays at once
    and the screen opens when it can, missing, late or lost (``retry``, default every
    ``RETRY_S``; ``cab.lines`` writes the screen to the journal meanwhile); on ``kmsdrm``
    it also watches the kernel's DRM connectors (``kiosk_connectors``). ``driver``: the
    display (tests put a failing one in front of the real one)."""
    from cabinet.adapters.screen.drm import kiosk_connectors
    from cabinet.adapters.screen.frame_loop import ScreenCare, ScreenSetup, run_window
    from cabinet.adapters.screen.watch import ScreenRetry
    from display.sound import SoundBoard

    assert cab.window is not None
    display, laptop = cab.config.display, cab.mode.laptop
    sound = SoundBoard(display.volume / 100, display.mute, later=True)
    retry = retry or ScreenRetry()
    if out is not None:
        _say_screen(cab, retry.every_s, out)
    first_frame = _first_frame_line(time.monotonic(), out or sys.stdout)
    setup = ScreenSetup(
        fullscreen=display.fullscreen,
        size=None if display.window is None else display.window.tuple(),
        esc_quits=laptop,
    )
    care = None if laptop else ScreenCare(retry, cab.lines, kiosk_connectors())
    return run_window(
        cab.loop,
        cab.window.feed,
        cab.window.keys,
        setup=setup,
        care=care,
        until=until,
        sound=sound,
        on_frame=first_frame,
        driver=driver,
    )


def _first_frame_line(start: float, out: TextIO) -> Callable[[int], None]:
    """The window's line once its first frame is drawn (the frame bench's ``startup_ms``
    waits for it)."""

    def first_frame(n: int) -> None:
        if n == 1:
            print(
                f"speed-cabinet: first frame {(time.monotonic() - start) * 1000:.0f} ms "
                f"after the cabinet was built",
                file=out,
                flush=True,
            )

    return first_frame


def _say_screen(cab: Cabinet, every_s: float, out: TextIO) -> None:
    """Where the table is, before the window opens."""
    mode = "fullscreen" if cab.config.display.fullscreen else "a window"
    if cab.mode.laptop:
        print(f"speed-cabinet: the table is in {mode} (Esc quits)", file=out, flush=True)
    else:
        print(
            f"speed-cabinet: the table is in {mode} once a screen opens, tried every "
            f"{every_s:g} s (a keyboard's Esc does nothing)",
            file=out,
            flush=True,
        )
    if cab.flow is not None:
        print(
            "speed-cabinet: attract mode: a bot demo until a player presses SLAM",
            file=out,
            flush=True,
        )


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
    keys = any(s.inputs is Inputs.KEYBOARD for s in config.seats)
    from cabinet.adapters.screen.window import display_available

    window = not options.headless  # run_cabinet falls back (and says why) if none opens
    if keys and (not window or display_available() is not None) and not sys.stdin.isatty():
        if options.config:
            raise StartupError("the config has keyboard seats, but stdin is not a terminal")
        raise StartupError("--humans needs a terminal to read keys from (stdin is not a TTY)")
    return run_cabinet(
        config,
        mode=RunMode(kiosk=bool(options.config), window=window, keys=keys),
        mock=options.mock or not options.config,
        seconds=options.seconds,
        seed=options.seed,
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
    from cabinet.adapters.gpio import make_pin_factory
    from cabinet.adapters.screen.operator import open_operator_screen
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
        leds=lambda: None if options.mock else blink_config_leds(config_path, make_pin_factory),
        until=until,
        systemd=sdnotify,
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
    "run_display",
]
