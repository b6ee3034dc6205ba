"""The ``speed-cabinet`` command line: every subcommand's options, here and only here.

Each subcommand hands its parsed options to its module's entry function: ``scenario``
(cabinet/tools/scenario.py), ``run`` and ``demo`` (cabinet/run.py), ``sim`` and ``bench``
(cabinet/tools), ``panel-sim`` (firmware_bridge/sim.py), ``leds-off``
(cabinet/adapters/safe_state.py), ``records`` (cabinet/kiosk/records_cli.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from engine.rules import Game

if TYPE_CHECKING:
    from cabinet.config import WindowSize

    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


COMMANDS = ("scenario", "demo", "sim", "bench", "run", "panel-sim", "leds-off", "records")
"""Every subcommand. ``main`` registers only the one it runs: a subcommand's options import
what they need (``run``'s the cabinet, ``panel-sim``'s the simulator), so the kiosk's start
(``run``, counted by the bench's ``startup_kiosk_*``) imports none of the others', and a
scenario run (outside checks run many) no cabinet module."""


GAME_NAMES = tuple(game.value for game in Game)
"""The games ``--game`` takes, as the engine lists them."""


class Parser(argparse.ArgumentParser):
    """A parser that takes options only as spelled out: ``--player 3`` is an error, not
    ``--players 3``. Subcommands' parsers are made of the same class, so they refuse too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or of ``only`` that one (one of ``COMMANDS``)."""
    parser: argparse.ArgumentParser = Parser(
        prog="speed-cabinet",
        description="Speed, Spit and California Spit for a party arcade cabinet.",
    )
    sub = parser.add_subparsers(dest="command")
    adders = {
        "scenario": _add_scenario,
        "demo": _add_demo,
        "sim": _add_sim,
        "bench": _add_bench,
        "run": _add_run,
        "panel-sim": _add_panel_sim,
        "leds-off": _add_leds_off,
        "records": _add_records,
    }
    for name, add in adders.items():
        if only is None or only == name:
            add(sub)
    return parser


def _add_scenario(sub: Subparsers) -> None:
    sc = sub.add_parser("scenario", help="play a scenario file headless and print the result")
    sc.add_argument("file", help="scenario JSON file, or - for stdin")
    sc.add_argument("--compact", action="store_true", help="one-line JSON output")
    sc.set_defaults(func=_scenario)


def _scenario(args: argparse.Namespace) -> int:
    from cabinet.tools.scenario import play_scenario

    return play_scenario(args.file, compact=args.compact)


# demo and run (issue 5): the cabinet itself; run is the default when no subcommand is
# given, demo the headless cabinet with bots only.


def _levels() -> str:
    """The bot presets for a help line, slowest first, and the default."""
    from cabinet.seating import DEFAULT_BOT
    from engine.strategy import BOT_PRESETS

    return f"{', '.join(BOT_PRESETS)}; default {DEFAULT_BOT}"


def _add_demo(sub: Subparsers) -> None:
    from cabinet.seating import DEFAULT_BOT

    demo = sub.add_parser(
        "demo",
        help="a headless bot-vs-bot demo game, printed as it plays",
        description="The cabinet loop with bots in every seat and no window (as run --headless "
        "with no humans): one game, printed as it plays; Esc stops it early.",
    )
    demo.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    demo.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    demo.add_argument(
        "--game",
        choices=GAME_NAMES,
        default="speed",
        help="the game (default speed; spit and california are for 2 players)",
    )
    demo.add_argument("--difficulty", default=DEFAULT_BOT, help=f"the bots' preset ({_levels()})")
    demo.add_argument("--seconds", type=float, default=None, help="stop after this long")
    demo.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    from cabinet.run import RunOptions, run_command

    options = RunOptions(
        players=args.players,
        difficulty=args.difficulty,
        seconds=args.seconds,
        seed=args.seed,
        game=args.game,
        headless=True,
    )
    return run_command(options, prog="speed-cabinet demo")


def _add_run(sub: Subparsers) -> None:
    from cabinet.seating import DEFAULT_BOT

    run = sub.add_parser(
        "run",
        help="run the cabinet (the default): laptop mode with mock GPIO unless --config",
        description=(
            "Run the cabinet loop. Without --config: laptop mode, mock GPIO, keyboard seats "
            "for --humans players (read from this terminal) and bots in the other seats. "
            "With a display it opens a window, where the player's flow runs: the first two "
            "seats have keys (read there) to join with, --humans or not. With no display, "
            "or --headless, it prints a plain-text table view; with no --humans that is a "
            "bot demo."
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
        help="laptop mode without a window (--headless or no display): keyboard players "
        "read from this terminal (default 0: a bot demo). In a window it changes nothing: "
        "the first two seats always take keys, anyone joins there, and a seat nobody joins "
        "is played by a bot",
    )
    run.add_argument(
        "--difficulty",
        default=DEFAULT_BOT,
        help=f"laptop mode: the bots' preset ({_levels()})",
    )
    run.add_argument("--seconds", type=float, default=None, help="stop after this long")
    run.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    run.add_argument(
        "--game",
        choices=GAME_NAMES,
        default="speed",
        help="laptop mode: the game (default speed; spit and california are for 2 players)",
    )
    run.add_argument(
        "--fullscreen",
        action="store_true",
        help="laptop mode: fill the screen instead of a window (Esc still quits)",
    )
    run.add_argument(
        "--size",
        type=window_size,
        default=None,
        metavar="WxH",
        help="laptop mode: the window's size at the start (default 1280x720); the window "
        "can be resized and the table is laid out for the size it has",
    )
    run.add_argument(
        "--headless",
        action="store_true",
        help="no window even when a display is available: a plain-text table view",
    )
    run.add_argument(
        "--state-dir",
        default=None,
        metavar="DIR",
        help="keep the records (SQLite) and the service menu's settings in DIR "
        "(default: $STATE_DIRECTORY when set, as under systemd; otherwise "
        "neither is kept)",
    )
    run.set_defaults(func=_run)


def window_size(text: str) -> WindowSize:
    """``--size``: "1920x1080" (each side at least the smallest the table fits)."""
    from cabinet.config import WindowSize

    w, sep, h = text.lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: give the size as WIDTHxHEIGHT, e.g. 1920x1080")
    size = WindowSize(int(w), int(h))
    if not size.fits():
        raise argparse.ArgumentTypeError(f"{text!r}: {WindowSize.LIMITS}")
    return size


def _run(args: argparse.Namespace) -> int:
    from cabinet.run import RunOptions, run_command

    options = RunOptions(
        config=args.config,
        mock=args.mock,
        players=args.players,
        humans=args.humans,
        difficulty=args.difficulty,
        seconds=args.seconds,
        seed=args.seed,
        game=args.game,
        headless=args.headless,
        state_dir=args.state_dir,
        fullscreen=args.fullscreen,
        size=args.size,
    )
    return run_command(options)


# sim and bench (issue 4).


def _add_sim(sub: Subparsers) -> None:
    from engine.strategy import BOT_PRESETS

    sp = sub.add_parser("sim", help="play bot-only games on simulated time and sum them up")
    sp.add_argument("--game", default="speed", help="speed, spit or california (default speed)")
    sp.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    sp.add_argument(
        "--games", type=int, default=1000, help="games to play (matches with --match); default 1000"
    )
    sp.add_argument("--seed", type=int, default=1, help="game k is dealt from SEED + k")
    sp.add_argument(
        "--bots",
        default="quick",
        help=f"one difficulty per seat, comma separated, or one for all "
        f"({', '.join(BOT_PRESETS)}); default quick",
    )
    sp.add_argument("--rules", default=None, help="rules options as a JSON object")
    sp.add_argument(
        "--match", default=None, help="play matches: best-of-N, series-N, points-N or single"
    )
    sp.add_argument("--json", action="store_true", help="one JSON object on stdout")
    sp.add_argument(
        "--breach-dir",
        default=".",
        help="where a broken invariant's scenario file goes (default: .)",
    )
    # The boards without people (issue 28; docs/boards.md).
    sp.add_argument(
        "--names",
        default=None,
        metavar="ABC,XYZ",
        help="keep the games in --state-dir's records as these initials' games (one per seat)",
    )
    sp.add_argument(
        "--state-dir", default=None, metavar="DIR", help="with --names: whose records keep them"
    )
    # A party's events (issue 27; docs/party.md): --players is the seats per game.
    sp.add_argument(
        "--event",
        default=None,
        metavar="FORMAT",
        help="play whole events instead: winner-stays or fair-strikes (one JSON object)",
    )
    sp.add_argument("--entrants", type=int, default=None, help="with --event: players in it")
    sp.add_argument("--events", type=int, default=1, help="with --event: events to play")
    sp.add_argument(
        "--model",
        action="store_true",
        help="with --event: a seeded model of each game's outcome instead of bot games",
    )
    sp.set_defaults(func=_sim)


def _sim(args: argparse.Namespace) -> int:
    from cabinet.tools.sim import SimArgs, sim

    if args.event is not None:
        return _sim_event(args)
    return sim(
        SimArgs(
            game=args.game,
            players=args.players,
            games=args.games,
            seed=args.seed,
            bots=args.bots,
            rules=args.rules,
            match=args.match,
            as_json=args.json,
            breach_dir=args.breach_dir,
            names=args.names,
            state_dir=args.state_dir,
        )
    )


def _sim_event(args: argparse.Namespace) -> int:
    from cabinet.tools.sim.event import EventSimArgs, sim_event

    if args.match is not None or args.rules is not None or args.names is not None:
        print(
            "speed-cabinet sim: --event plays its own games: drop --match, --rules and --names",
            file=sys.stderr,
        )
        return 2
    return sim_event(
        EventSimArgs(
            event=args.event,
            entrants=args.entrants,
            players=args.players,
            game=args.game,
            events=args.events,
            seed=args.seed,
            bots=args.bots,
            model=args.model,
        )
    )


def _add_bench(sub: Subparsers) -> None:
    from cabinet.tools import bench

    bp = sub.add_parser("bench", help="performance figures (one JSON object with --json)")
    bp.add_argument("--json", action="store_true", help="one JSON object on stdout")
    bp.add_argument(
        "--only", metavar="GROUP", default=None, help=f"run one group ({', '.join(bench.GROUPS)})"
    )
    bp.set_defaults(func=_bench)


def _bench(args: argparse.Namespace) -> int:
    from cabinet.tools.bench import bench

    return bench(args.only, as_json=args.json)


# panel-sim (issue 8): the serial panel simulator.


def _add_panel_sim(sub: Subparsers) -> None:
    from firmware_bridge import sim as panel_sim

    p = sub.add_parser(
        "panel-sim", help="act as a serial button panel on a pty (for the bridge, no Pico)"
    )
    p.add_argument("--id", default="sim1", help="panel id (default sim1)")
    p.add_argument(
        "--link", default=None, help="stable path for the pty (a symlink; default: a temporary one)"
    )
    p.add_argument(
        "--seats",
        type=int,
        default=1,
        choices=(1, 2, 3, 4),
        help="seats served (keys drive seat 0)",
    )
    p.add_argument("--bounce", type=int, default=0, help="contact bounces per edge")
    p.add_argument("--skew-ppm", type=float, default=0.0, help="panel clock drift")
    p.add_argument(
        "--garbage",
        action="store_true",
        help="start sending random bytes between the frames (a bad cable; key g toggles it)",
    )
    p.add_argument(
        "--garbage-rate",
        type=int,
        default=panel_sim.GARBAGE_RATE,
        metavar="BYTES_PER_S",
        help=f"garbage bytes per second (default {panel_sim.GARBAGE_RATE:,})",
    )
    p.set_defaults(func=panel_sim.run_cli)


# leds-off and records (issue 9): the unit's stop hook puts the LEDs safe; the operator
# reads the records.


def _add_leds_off(sub: Subparsers) -> None:
    from cabinet.adapters.safe_state import DEFAULT_CONFIG

    cmd = sub.add_parser(
        "leds-off",
        help="drive every panel LED off (the kiosk unit's stop hook)",
        description="Drive every direct-GPIO panel LED in the config off through lgpio, then "
        "release the pins. systemd runs it after every stop or crash.",
    )
    cmd.add_argument(
        "--config", default=DEFAULT_CONFIG, help=f"cabinet config TOML (default {DEFAULT_CONFIG})"
    )
    cmd.set_defaults(func=_leds_off)


def _leds_off(args: argparse.Namespace) -> int:
    from cabinet.adapters.safe_state import run_leds_off

    return run_leds_off(args.config)


def _add_records(sub: Subparsers) -> None:
    from cabinet.kiosk import records_cli

    rec = sub.add_parser(
        "records",
        help="the cabinet's records: recent games, stats, a game's replay, the events",
        description="Read the records the kiosk keeps in its state directory.",
    )
    rec.add_argument(
        "--state-dir",
        default=None,
        metavar="DIR",
        help="where the records are (default: $STATE_DIRECTORY, else /var/lib/speed-cabinet)",
    )
    what = rec.add_subparsers(dest="records_command", required=True)
    games = what.add_parser("games", help="the most recent games, newest first")
    games.add_argument("--limit", type=int, default=20, help="how many (default 20)")
    what.add_parser("stats", help="totals per seat and per initials")
    replay = what.add_parser("replay", help="a game's replay as a scenario file")
    replay.add_argument("game", type=int, help="the game's number (see `records games`)")
    replay.add_argument(
        "-o", "--output", default=None, help="write it here (default: standard output)"
    )
    events = what.add_parser(
        "events", help="the party's events; with an ID, that event's standings"
    )
    events.add_argument(
        "event", type=int, nargs="?", default=None, help="an event's number (see `records events`)"
    )
    events.add_argument("--json", action="store_true", help="one JSON object, not a table")
    events.set_defaults(func=_records_events)
    boards = what.add_parser(
        "boards", help="the boards: today's, this event's and all-time best (docs/boards.md)"
    )
    boards.add_argument("--json", action="store_true", help="one JSON object, not a list")
    boards.add_argument(
        "--config",
        default=None,
        metavar="FILE",
        help="the installed config whose [boards] to use (default: /etc/speed-cabinet/"
        "config.toml if there is one, with the operator's settings over it; else defaults)",
    )
    boards.set_defaults(func=_records_boards)
    rec.set_defaults(func=records_cli.run)


def _records_events(args: argparse.Namespace) -> int:
    from cabinet.tools.records_events import events

    return events(args.state_dir, args.event, args.json)


def _records_boards(args: argparse.Namespace) -> int:
    from cabinet.kiosk.records_boards import boards

    return boards(args.state_dir, args.json, args.config)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        # No subcommand: run the cabinet (laptop mode unless --config).
        argv = ["run", *argv]
    parser = build_parser(only=argv[0] if argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
