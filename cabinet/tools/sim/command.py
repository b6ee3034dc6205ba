"""The ``sim`` command: its arguments checked, the run, the summary printed."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from cabinet.errors import CabinetError
from cabinet.kiosk.records import RecordsError
from cabinet.tools.sim.names import BadNames, NamedGames, check_names
from cabinet.tools.sim.report import Progress, format_summary
from cabinet.tools.sim.summary import simulate
from engine.games import GAMES
from engine.match import MatchError, MatchRules
from engine.rules import CallMode, Game, Rules, RulesError
from engine.strategy import BotProfile, find_profile


@dataclass(frozen=True, slots=True)
class SimArgs:
    """The ``sim`` command's arguments, as written on the command line."""

    game: str = "speed"
    players: int = 2
    games: int = 1000
    """Games to play, or matches with ``match``."""
    seed: int = 1
    bots: str = "quick"
    """One difficulty per seat, comma separated, or one for every seat."""
    rules: str | None = None
    """Rules options as a JSON object."""
    match: str | None = None
    """A match format (best-of-N, series-N, points-N, single)."""
    as_json: bool = False
    breach_dir: str = "."
    """Where a broken invariant's scenario file goes."""
    names: str | None = None
    """``ABC,XYZ``: keep the games in ``state_dir``'s records as these initials' games."""
    state_dir: str | None = None


@dataclass(frozen=True, slots=True)
class SimRun:
    """Checked arguments: what ``simulate`` is given."""

    rules: Rules
    profiles: tuple[BotProfile, ...]
    match: MatchRules | None


class BadArguments(ValueError, CabinetError):
    """Arguments the sim refuses; the message is the one line it prints."""


def check(args: SimArgs) -> SimRun:
    """The rules, bots and match format ``args`` name (BadArguments if they do not add up)."""
    try:
        game = Game(args.game)
    except ValueError:
        known = ", ".join(g.value for g in Game)
        raise BadArguments(f"unknown game {args.game!r}; known: {known}") from None
    if game not in GAMES:
        raise BadArguments(f"game {game.value!r} is not yet supported")
    if args.games < 1:
        raise BadArguments("--games must be at least 1")
    match = None
    if args.match is not None:
        try:
            match = MatchRules.parse(args.match)
        except MatchError as exc:
            raise BadArguments(str(exc)) from None
    try:
        options: object = {} if args.rules is None else json.loads(args.rules)
    except json.JSONDecodeError as exc:
        raise BadArguments(f"--rules is not JSON: {exc}") from None
    if not isinstance(options, dict):
        raise BadArguments("--rules must be a JSON object of rules options")
    if options.get("game", game.value) != game.value:
        raise BadArguments(f"--rules says game {options['game']!r} but --game is {game.value!r}")
    if options.get("players", args.players) != args.players:
        raise BadArguments(
            f"--rules says players {options['players']!r} but --players is {args.players}"
        )
    try:
        rules = Rules.from_options({**options, "game": game.value, "players": args.players})
    except RulesError as exc:
        raise BadArguments(str(exc)) from None
    names = [b for b in args.bots.split(",") if b.strip()]
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        raise BadArguments(f"--bots names {len(names)} bots for {args.players} players")
    try:
        profiles = tuple(find_profile(b) for b in names)
    except ValueError as exc:
        raise BadArguments(str(exc)) from None
    return SimRun(rules, profiles, match)


def _fail(msg: str) -> int:
    print(f"speed-cabinet sim: {msg}", file=sys.stderr)
    return 2


def sim(args: SimArgs) -> int:
    """The ``sim`` command: play, print the summary (a table, or one JSON object with
    ``as_json``). Exit code 0, 1 after a broken invariant (its scenario file named on
    stderr), 2 for arguments it refuses (one line on stderr, nothing on stdout)."""
    try:
        run = check(args)
    except BadArguments as exc:
        return _fail(str(exc))
    rules = run.rules
    if rules.call is CallMode.CALL and rules.call_timeout_ms == 0:
        print(
            "speed-cabinet sim: warning: call mode with call_timeout_ms 0 makes every claim "
            "fail (the penalty fires as a player goes out); games end only by deadlock or "
            "the time limit",
            file=sys.stderr,
        )
    breach_dir = Path(args.breach_dir)
    if not breach_dir.is_dir():
        return _fail(f"--breach-dir {breach_dir} is not a directory")
    try:
        named = _named(args, rules.players)
    except (BadNames, RecordsError) as exc:
        return _fail(" ".join(str(exc).split()))
    try:
        return _run(args, run, breach_dir, named)
    finally:
        if named is not None:
            named.close()


def _named(args: SimArgs, players: int) -> NamedGames | None:
    """The records ``--names`` keeps the games in (None without it)."""
    if args.names is None and args.state_dir is None:
        return None
    if args.names is None or args.state_dir is None:
        raise BadNames("--names and --state-dir go together: the initials and where to keep them")
    names = check_names(args.names, players)
    return NamedGames.open(Path(args.state_dir), names)


def _run(args: SimArgs, run: SimRun, breach_dir: Path, named: NamedGames | None) -> int:
    rules = run.rules
    keep = None if named is None else partial(named.keep, rules)

    bar = Progress(
        args.games,
        sys.stderr,
        enabled=sys.stderr.isatty(),
        unit="games" if run.match is None else "matches",
    )
    try:
        summary = simulate(
            rules, run.profiles, args.games, args.seed, breach_dir, bar, run.match, keep
        )
    finally:
        bar.close()
    if args.as_json:
        json.dump(summary.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        print(format_summary(summary))
    if named is not None:
        print(
            f"speed-cabinet sim: {named.kept} games kept in {named.records.path} as "
            f"{', '.join(named.names)}",
            file=sys.stderr,
        )
    if summary.invariant_breaches:
        print(f"speed-cabinet sim: INVARIANT BREACH in {summary.breach}", file=sys.stderr)
        if summary.breach_file:
            print(
                f"speed-cabinet sim: scenario written to {summary.breach_file} "
                f"(replay: speed-cabinet scenario {summary.breach_file})",
                file=sys.stderr,
            )
        return 1
    return 0
