"""The ``speed-cabinet`` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from engine.errors import EngineError
from engine.scenario import MAX_BYTES, ScenarioError, run_text


def _scenario(args: argparse.Namespace) -> int:
    """Exit 0 with the result, 2 for a malformed or unreadable file, 1 when the result cannot
    be written, 3 when the engine refuses to play on (see README: Replaying a scenario)."""
    try:
        # At most one byte past the limit, so an endless stdin is malformed, not a hang.
        if args.file == "-":
            if sys.stdin is None:  # started with fd 0 closed
                raise OSError("stdin is closed")
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(args.file, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:
        print(f"speed-cabinet scenario: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        result = run_text(data)
    except ScenarioError as exc:
        # One line, never a traceback: the message may quote input with newlines.
        print(f"speed-cabinet scenario: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except EngineError as exc:
        # Not the file's fault as such (it is well formed): the engine stopped a game that
        # would never end at one instant.
        print(f"speed-cabinet scenario: the engine refused to go on: {exc}", file=sys.stderr)
        return 3
    out = json.dumps(
        result, separators=(",", ":") if args.compact else None, indent=None if args.compact else 1
    )
    return _write_result(out + "\n")


def _write_result(text: str) -> int:
    """Write and flush the result; a closed, full or broken stdout exits 1 with one line."""
    try:
        if sys.stdout is None:  # started with fd 1 closed
            raise OSError("stdout is closed")
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError) as exc:
        print(f"speed-cabinet scenario: cannot write the result: {exc}", file=sys.stderr)
        # What is still buffered would fail again in the interpreter's flush at exit (a
        # second message, exit 120): point stdout at /dev/null first.
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    return 0


def _demo(args: argparse.Namespace) -> int:
    from cabinet.tools.demo import run_demo

    return run_demo(seed=args.seed, pace=args.pace, players=args.players)


LIGHT = ("scenario", "demo")
"""Subcommands that need no cabinet module: ``main`` registers only them, so a scenario
run does not import gpiozero, pygame helpers and the rest (outside checks run many)."""


def build_parser(light_only: bool = False) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="speed-cabinet",
        description="Speed, Spit and California Spit for a party arcade cabinet.",
    )
    sub = parser.add_subparsers(dest="command")
    sc = sub.add_parser("scenario", help="play a scenario file headless and print the result")
    sc.add_argument("file", help="scenario JSON file, or - for stdin")
    sc.add_argument("--compact", action="store_true", help="one-line JSON output")
    sc.set_defaults(func=_scenario)
    demo = sub.add_parser("demo", help="a headless bot-vs-bot demo game, printed as it plays")
    demo.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    demo.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    demo.add_argument(
        "--pace",
        type=float,
        default=4.0,
        help="game seconds per real second; 0 plays at full speed (default 4)",
    )
    demo.set_defaults(func=_demo)
    if light_only:
        return parser
    _add_bot_commands(sub)
    _add_cabinet_commands(sub)
    _add_panel_sim(sub)
    _add_kiosk_commands(sub)
    return parser


# leds-off and records (issue 9): the unit's stop hook puts the LEDs safe; the operator
# reads the records.
def _add_kiosk_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from cabinet.adapters import safe_state
    from cabinet.kiosk import records_cli

    safe_state.add_parser(sub)
    records_cli.add_parser(sub)


# panel-sim (issue 8): the serial panel simulator registers its own subcommand.
def _add_panel_sim(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from firmware_bridge import sim as panel_sim

    panel_sim.add_parser(sub)


# run (issue 5): the cabinet itself, the default when no subcommand is given.
def _add_cabinet_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from cabinet import app

    app.add_parser(sub)


# sim and bench (issue 4): each module registers its own subcommand.
def _add_bot_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from cabinet.tools import bench, sim

    sim.add_parser(sub)
    bench.add_parser(sub)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        # No subcommand: run the cabinet (laptop mode unless --config).
        argv = ["run", *argv]
    parser = build_parser(light_only=argv[0] in LIGHT)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
