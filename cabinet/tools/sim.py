"""``speed-cabinet sim``: bot-only games on simulated time, headless, with invariant checks.

The loop is event driven: it jumps to the earliest of the bots' wake-up times and the
engine's own timers (a timer due at or before a bot's time fires first, so the bot sees
its effect), applies what the bot does, checks the invariants, and shows the new state to
every bot. Nothing sleeps, so thousands of games run per minute.

Game ``k`` (0-based) of a run with ``--seed S`` is dealt from seed ``S + k``, and its bots
are seeded from it too: ``--seed S+k --games 1`` replays that one game exactly.

A broken invariant (or an engine exception) stops the run: the game so far is written as
a scenario file (``engine.scenario.record``: the rules, the table as dealt, every command)
that ``speed-cabinet scenario`` replays, and the command exits 1.

Games plug in through ``SIM_GAMES``: an adapter deals, steps, checks and records its game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from engine import california, speed, spit
from engine.bots import Bot, BotProfile, find_profile
from engine.commands import Command, Tick
from engine.events import (
    ActionRejected,
    CardMoved,
    CardPlayed,
    CenterReshuffled,
    Covered,
    Event,
    PlayRejected,
    Slapped,
    SpitRecycled,
    Stalled,
)
from engine.invariants import check_invariants
from engine.match import Match, MatchError, MatchRules
from engine.notation import table_of
from engine.rules import CallMode, Game, Rules, RulesError
from engine.scenario import record
from engine.state import Phase

LIMIT_MS = 30 * 60 * 1000
"""A game still going after 30 simulated minutes is a draw by limit (it should never be)."""
MAX_COMMANDS = 100_000
"""A game needing more commands than this is a draw by limit too (a stuck bot)."""


class SimBreach(Exception):
    """An invariant broke (or the engine raised) in a simulated game; a scenario was written."""

    def __init__(self, message: str, path: Path | None, game_seed: int) -> None:
        super().__init__(message)
        self.path = path
        self.game_seed = game_seed


@dataclass
class GameResult:
    seed: int
    winner: int | None
    """The winning seat, None for a draw."""
    length_ms: int
    plays: int = 0
    stalls: int = 0
    reshuffles: int = 0
    deadlocks: int = 0
    rejected: int = 0
    commands: int = 0
    limit: bool = False
    """Stopped by the time or command limit (counted as a draw)."""
    cards_left: tuple[int, ...] = ()
    """Each seat's cards still to shed at the end (for margin-points matches)."""
    log: list[Command] = field(default_factory=list)
    """Every command applied, in order (with the seed, the game's full record)."""
    rounds: int = 1
    """Spit and California: rounds played (re-deals + 1)."""
    moves: int = 0
    """Spit: stock tops moved into empty slots."""
    slaps: int = 0
    """Spit: slap phases decided by a slap (the rest by the slap timeout)."""
    slap_timeouts: int = 0
    slaps_smaller: int = 0
    """Spit: slaps that took the smaller pile (or one of two equal piles)."""
    slap_wins: tuple[int, ...] = ()
    """Spit: slaps won per seat."""


class SimGame(Protocol):
    """What the sim needs of a game (Spit and California add theirs to SIM_GAMES)."""

    def play(
        self, rules: Rules, profiles: Sequence[BotProfile], seed: int, breach_dir: Path | None
    ) -> GameResult:
        """Play one bot game dealt from ``seed``; raise SimBreach on a broken invariant."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game dealt from ``game_seed``."""
    return game_seed * 8 + seat + 1


class Tally(Protocol):
    """One game's own counts, added up step by step and written into its result."""

    def count(self, before: Any, state: Any, events: list[Event]) -> None:
        """Add one step (``before`` -> ``state``, with its ``events``)."""

    def fill(self, result: GameResult, state: Any) -> None:
        """Write the counts (and whatever the end ``state`` tells) into ``result``."""


class LoopSim:
    """The event-driven loop of the module docstring, for any game: ``module`` deals,
    starts and steps it, ``tally(rules)`` counts its events. Everything the games share
    (bots, timers, limits, invariant checks, the breach file) is here, once."""

    late_ms = 0
    """How far past LIMIT_MS a bot may still act (a timer past LIMIT_MS is always the
    limit)."""

    def __init__(self, module: Any, tally: Callable[[Rules], Tally]) -> None:
        self.module = module
        self.tally = tally

    def recorded_table(self, table: Any, first: Any) -> Any:
        """The table a breach's scenario starts from (dealt, or as ``first`` started it)."""
        return table

    def play(
        self, rules: Rules, profiles: Sequence[BotProfile], seed: int, breach_dir: Path | None
    ) -> GameResult:
        # Dealt and started as a scenario with this table and seed replays it (the rebuild
        # shuffles continue a fresh Random(seed), as engine.scenario.play does).
        module = self.module
        table = module.deal(rules, random.Random(seed))
        step = module.step  # looked up per game, so a test can inject a faulty engine
        check = check_invariants
        state, _ = module.start(rules, table, random.Random(seed), seed)
        first = state
        commands: list[Command] = []

        def breach(exc: Exception, t: int) -> SimBreach:
            path = None
            if breach_dir is not None:
                data = record(rules, self.recorded_table(table, first), seed, commands, until=t)
                path = breach_dir / f"sim-breach-{rules.game}-seed{seed}.json"
                path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            what = f"{type(exc).__name__}: {exc}"
            return SimBreach(f"game seed {seed} at t = {t} ms: {what}", path, seed)

        try:
            check(state)
        except Exception as exc:
            raise breach(exc, 0) from exc
        n = rules.players
        bots = [Bot(i, profiles[i], bot_seed(seed, i)) for i in range(n)]
        wake: list[int | None] = [b.observe(state, 0) for b in bots]
        tally = self.tally(rules)
        count = tally.count
        tie_next = 0  # equal wake times: seats take turns (rules.md C-7's alternation)
        horizon = LIMIT_MS + self.late_ms  # read per game: a test shortens LIMIT_MS
        limit = False
        over = (Phase.WON, Phase.TIED)
        while state.phase not in over:
            # The earliest bot (none past the horizon); on equal times the seats take turns.
            who, tb, tie = -1, horizon, False
            for i in range(n):
                w = wake[i]
                if w is None or w > tb:
                    continue
                if w < tb or who < 0:
                    who, tb, tie = i, w, False
                else:
                    tie = True
                    if (i - tie_next) % n < (who - tie_next) % n:
                        who = i
            # The engine's earliest timer; it fires first on a tie.
            timers = state.timers
            tt = (
                (timers[0].due if len(timers) == 1 else min(tm.due for tm in timers))
                if timers
                else None
            )
            cmd: Command | None
            if tt is not None and tt <= tb:
                if tt > LIMIT_MS:
                    limit = True
                    break
                cmd = Tick(tt)
            elif who < 0:
                limit = True  # nobody wants to act and nothing is due: stuck (or past the limit)
                break
            else:
                cmd = bots[who].act(state, tb)
                if cmd is None:
                    wake[who] = bots[who].observe(state, tb)
                    continue
                if tie:
                    tie_next = who + 1
            commands.append(cmd)
            if len(commands) > MAX_COMMANDS:
                limit = True
                break
            before = state
            try:
                state, events = step(state, cmd)
                check(state)
            except Exception as exc:
                raise breach(exc, cmd.t) from exc
            count(before, state, events)
            t = cmd.t
            wake = [b.observe(state, t) for b in bots]
        result = GameResult(
            seed,
            state.winner,
            state.now,
            commands=len(commands),
            limit=limit,
            cards_left=tuple(p.cards for p in state.players),
            log=commands,
        )
        tally.fill(result, state)
        return result


@dataclass(slots=True)
class _SpeedTally:
    """Speed's counts of one game."""

    hidden: bool
    """``hidden_stall``: a stall emits no event, so the phase change is counted instead."""
    plays: int = 0
    stalls: int = 0
    reshuffles: int = 0
    deadlocks: int = 0
    rejected: int = 0

    @classmethod
    def of(cls, rules: Rules) -> _SpeedTally:
        return cls(rules.hidden_stall)

    def count(self, before: Any, state: Any, events: list[Event]) -> None:
        for ev in events:
            if isinstance(ev, CardPlayed):
                self.plays += 1
            elif isinstance(ev, Stalled):
                self.stalls += 1
                self.deadlocks += ev.deadlock
            elif isinstance(ev, PlayRejected):
                self.rejected += 1
            elif isinstance(ev, CenterReshuffled):
                self.reshuffles += 1
        if self.hidden and state.phase.is_stall and not before.phase.is_stall:
            self.stalls += 1

    def fill(self, result: GameResult, state: Any) -> None:
        result.plays, result.stalls, result.reshuffles = self.plays, self.stalls, self.reshuffles
        result.deadlocks, result.rejected = self.deadlocks, self.rejected


class SpeedSim(LoopSim):
    """Speed, 2-4 players."""

    late_ms = 1  # Speed's loop always let a bot act at LIMIT_MS + 1; kept for its replays

    def __init__(self) -> None:
        super().__init__(speed, _SpeedTally.of)

    def recorded_table(self, table: Any, first: Any) -> Any:
        return table_of(first)  # the hands as start topped them up


@dataclass(slots=True)
class _TableTally:
    """Spit's and California's counts of one game (see ``TableSim``)."""

    plays: int = 0
    stalls: int = 0
    recycles: int = 0
    rejected: int = 0
    moves: int = 0
    slaps: int = 0
    timeouts: int = 0
    smaller: int = 0
    slap_wins: list[int] = field(default_factory=lambda: [0, 0])

    @classmethod
    def of(cls, rules: Rules) -> _TableTally:
        return cls()

    def count(self, before: Any, state: Any, events: list[Event]) -> None:
        for ev in events:
            if isinstance(ev, CardPlayed | Covered):
                self.plays += 1
            elif isinstance(ev, Stalled):
                self.stalls += 1
            elif isinstance(ev, PlayRejected | ActionRejected):
                self.rejected += 1
            elif isinstance(ev, SpitRecycled):
                self.recycles += 1
            elif isinstance(ev, Slapped):
                self.slaps += 1
                self.slap_wins[ev.player] += 1
                sizes = [len(pile) for pile in before.center]
                self.smaller += sizes[ev.to] <= sizes[1 - ev.to]
            elif isinstance(ev, CardMoved):
                self.moves += 1
        if (
            before.phase is Phase.SLAP
            and state.phase is not Phase.SLAP
            and not any(isinstance(ev, Slapped) for ev in events)
        ):
            self.timeouts += 1

    def fill(self, result: GameResult, state: Any) -> None:
        result.plays, result.stalls, result.reshuffles = self.plays, self.stalls, self.recycles
        result.rejected = self.rejected
        result.rounds = state.round
        result.moves = self.moves
        result.slaps, result.slap_timeouts, result.slaps_smaller = (
            self.slaps,
            self.timeouts,
            self.smaller,
        )
        result.slap_wins = tuple(self.slap_wins)


class TableSim(LoopSim):
    """Spit and California (2 players), counting rounds and, for Spit, moves and slap
    outcomes.

    ``plays`` counts plays onto the spit piles (Spit) or covers (California);
    ``reshuffles`` counts Spit recycles (the ``recycle`` option); ``rejected`` every
    rejected play, move or cover. There are no deadlocks in these games.
    """

    def __init__(self, module: Any) -> None:
        super().__init__(module, _TableTally.of)


SIM_GAMES: dict[Game, SimGame] = {
    Game.SPEED: SpeedSim(),
    Game.SPIT: TableSim(spit),
    Game.CALIFORNIA: TableSim(california),
}
"""The games the sim plays."""


@dataclass
class Summary:
    game: str
    players: int
    bots: list[str]
    seed: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    limit_draws: int = 0
    plays: int = 0
    stalls: int = 0
    reshuffles: int = 0
    deadlocks: int = 0
    rejected: int = 0
    commands: int = 0
    total_ms: int = 0
    wall_s: float = 0.0
    invariant_breaches: int = 0
    breach_file: str | None = None
    breach: str | None = None
    match: str | None = None
    """The match format with ``--match``; then the counts below are filled in too."""
    matches: int = 0
    match_wins: list[int] = field(default_factory=list)
    match_draws: int = 0
    """Matches stopped undecided after MAX_MATCH_GAMES games (all drawn, say)."""
    rounds: int = 0
    """Spit and California: rounds played, summed over the games."""
    moves: int = 0
    slaps: int = 0
    """Spit: slap phases decided by a slap; ``slap_timeouts`` by the slap timeout."""
    slap_timeouts: int = 0
    slaps_smaller: int = 0
    """Spit: slaps that took the smaller pile (or one of two equal piles)."""
    slap_wins: list[int] = field(default_factory=list)
    """Spit: slaps won per seat."""

    def add(self, r: GameResult) -> None:
        self.games += 1
        if r.winner is None:
            self.draws += 1
            self.limit_draws += r.limit
        else:
            self.wins[r.winner] += 1
        self.plays += r.plays
        self.stalls += r.stalls
        self.reshuffles += r.reshuffles
        self.deadlocks += r.deadlocks
        self.rejected += r.rejected
        self.commands += r.commands
        self.total_ms += r.length_ms
        self.rounds += r.rounds
        self.moves += r.moves
        self.slaps += r.slaps
        self.slap_timeouts += r.slap_timeouts
        self.slaps_smaller += r.slaps_smaller
        if r.slap_wins:
            if not self.slap_wins:
                self.slap_wins = [0] * len(r.slap_wins)
            for i, n in enumerate(r.slap_wins):
                self.slap_wins[i] += n

    @property
    def mean_game_s(self) -> float:
        return self.total_ms / self.games / 1000 if self.games else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.wall_s if self.wall_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Issue 4's keys (and more); ``rounds`` for Spit and California; ``moves`` and the
        slap outcomes (``slaps``, ``slap_timeouts``, ``slaps_smaller``, ``slap_wins``) for
        Spit only."""
        out = asdict(self)
        if self.game == Game.SPEED:
            out.pop("rounds")
        if self.game != Game.SPIT:
            for key in ("moves", "slaps", "slap_timeouts", "slaps_smaller", "slap_wins"):
                out.pop(key)
        out["mean_game_s"] = round(self.mean_game_s, 3)
        out["games_per_s"] = round(self.games_per_s, 1)
        out["wall_s"] = round(self.wall_s, 3)
        return out


def simulate(
    rules: Rules,
    profiles: Sequence[BotProfile],
    games: int,
    seed: int,
    breach_dir: Path | None = None,
    progress: Callable[[int, float], None] | None = None,
    match: MatchRules | None = None,
) -> Summary:
    """Play ``games`` bot games (game k dealt from ``seed + k``) and sum them up; with
    ``match``, play ``games`` matches instead (match k from match seed ``seed + k``, its
    games dealt from ``engine.match``'s deal seeds).

    Stops at the first broken invariant: the summary then has ``invariant_breaches`` 1,
    the message and the scenario file's path.
    """
    sim = SIM_GAMES.get(rules.game)
    if sim is None:
        raise NotImplementedError(f"the sim does not play {rules.game} yet")
    if len(profiles) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots")
    n = rules.players
    summary = Summary(str(rules.game), n, [p.name for p in profiles], seed, wins=[0] * n)
    if match is not None:
        summary.match, summary.match_wins = str(match), [0] * n
    started = time.perf_counter()
    try:
        for k in range(games):
            if match is None:
                summary.add(sim.play(rules, profiles, seed + k, breach_dir))
            else:
                _play_match(sim, rules, profiles, Match(match, n, seed + k), breach_dir, summary)
            if progress is not None:
                progress(k + 1, time.perf_counter() - started)
    except SimBreach as exc:
        summary.invariant_breaches = 1
        summary.breach = str(exc)
        summary.breach_file = None if exc.path is None else str(exc.path)
    summary.wall_s = time.perf_counter() - started
    return summary


MAX_MATCH_GAMES = 100
"""A match still undecided after this many games (every game drawn) stops as a draw."""


def _play_match(
    sim: SimGame,
    rules: Rules,
    profiles: Sequence[BotProfile],
    match: Match,
    breach_dir: Path | None,
    summary: Summary,
) -> None:
    for _ in range(MAX_MATCH_GAMES):
        if match.is_over:
            break
        result = sim.play(rules, profiles, match.deal_seed(), breach_dir)
        summary.add(result)
        match = match.record(result.winner, result.cards_left)
    summary.matches += 1
    if match.winner is None:
        summary.match_draws += 1
    else:
        summary.match_wins[match.winner] += 1


# The command line.


class Progress:
    """A one-line progress bar on a TTY stream, shown once a run takes over a second."""

    def __init__(self, total: int, stream: TextIO, enabled: bool, unit: str = "games") -> None:
        self.total, self.stream, self.enabled, self.unit = total, stream, enabled, unit
        self.shown = False
        self.last = 0.0

    def __call__(self, done: int, elapsed: float) -> None:
        if not self.enabled or elapsed < 1.0 or (elapsed - self.last < 0.1 and done < self.total):
            return
        self.last = elapsed
        width = 30
        filled = width * done // self.total
        rate = done / elapsed
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
            f"{self.unit}  {rate:,.0f} {self.unit}/s "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def format_summary(s: Summary) -> str:
    """The readable table."""
    games = max(s.games, 1)
    wins = "   ".join(f"P{i + 1} {w} ({100 * w / games:.1f}%)" for i, w in enumerate(s.wins))
    draws = f"{s.draws}" + (f" ({s.limit_draws} by the time limit)" if s.limit_draws else "")
    rows = [
        ("games", f"{s.games}"),
        ("wins", wins),
        ("draws", draws),
        ("mean game", f"{s.mean_game_s:.1f} s simulated"),
        ("plays", f"{s.plays} ({s.plays / games:.1f} per game)"),
        ("stalls", f"{s.stalls} ({s.stalls / games:.2f} per game)"),
        ("rebuilds", f"{s.reshuffles} ({s.reshuffles / games:.2f} per game)"),
        ("deadlocks", f"{s.deadlocks} ({s.deadlocks / games:.3f} per game)"),
        ("rejected plays", f"{s.rejected} ({s.rejected / games:.2f} per game)"),
        ("invariant breaches", f"{s.invariant_breaches}"),
        ("speed", f"{s.games_per_s:,.0f} games/s ({s.wall_s:.2f} s wall, one core)"),
    ]
    if s.game != Game.SPEED:
        # Spit and California: rounds instead of rebuilds and deadlocks.
        extra = [("rounds", f"{s.rounds} ({s.rounds / games:.2f} per game)")]
        if s.game == Game.SPIT:
            phases = max(s.slaps + s.slap_timeouts, 1)
            slap_wins = "  ".join(f"P{i + 1} {w}" for i, w in enumerate(s.slap_wins))
            extra += [
                ("moves", f"{s.moves} ({s.moves / games:.1f} per game)"),
                ("recycles", f"{s.reshuffles}"),
                (
                    "slaps",
                    f"{s.slaps} ({slap_wins}), {100 * s.slaps_smaller / max(s.slaps, 1):.0f}%"
                    f" took the smaller pile",
                ),
                (
                    "slap timeouts",
                    f"{s.slap_timeouts} ({100 * s.slap_timeouts / phases:.0f}% of slap phases)",
                ),
            ]
        what = "plays" if s.game == Game.SPIT else "covers"
        rows[4] = (what, f"{s.plays} ({s.plays / games:.1f} per game)")
        rows[6:9] = [*extra, ("rejected", f"{s.rejected} ({s.rejected / games:.2f} per game)")]
    if s.match is not None:
        played = max(s.matches, 1)
        mwins = "   ".join(
            f"P{i + 1} {w} ({100 * w / played:.1f}%)" for i, w in enumerate(s.match_wins)
        )
        rows[:0] = [
            ("matches", f"{s.matches} ({s.match}; {s.games / played:.2f} games each)"),
            ("match wins", mwins + (f"   undecided {s.match_draws}" if s.match_draws else "")),
        ]
    count = s.matches if s.match is not None else s.games
    what = f"{s.match} matches" if s.match is not None else "games"
    head = (
        f"speed-cabinet sim: {s.game}, {s.players} players, bots {','.join(s.bots)}, "
        f"{what} from seed {s.seed} to {s.seed + max(count, 1) - 1}"
    )
    body = "\n".join(f"  {k:<19} {v}" for k, v in rows)
    return f"{head}\n{body}"


def _fail(msg: str) -> int:
    print(f"speed-cabinet sim: {msg}", file=sys.stderr)
    return 2


def main(args: argparse.Namespace) -> int:
    try:
        game = Game(args.game)
    except ValueError:
        return _fail(f"unknown game {args.game!r}; known: {', '.join(g.value for g in Game)}")
    if game not in SIM_GAMES:
        return _fail(f"game {game.value!r} is not yet supported")
    if args.games < 1:
        return _fail("--games must be at least 1")
    match = None
    if args.match is not None:
        try:
            match = MatchRules.parse(args.match)
        except MatchError as exc:
            return _fail(str(exc))
    try:
        options: Any = {} if args.rules is None else json.loads(args.rules)
    except json.JSONDecodeError as exc:
        return _fail(f"--rules is not JSON: {exc}")
    if not isinstance(options, dict):
        return _fail("--rules must be a JSON object of rules options")
    if options.get("game", game.value) != game.value:
        return _fail(f"--rules says game {options['game']!r} but --game is {game.value!r}")
    if options.get("players", args.players) != args.players:
        return _fail(f"--rules says players {options['players']!r} but --players is {args.players}")
    try:
        rules = Rules.from_options({**options, "game": game.value, "players": args.players})
    except RulesError as exc:
        return _fail(str(exc))
    names = [b for b in args.bots.split(",") if b.strip()]
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        return _fail(f"--bots names {len(names)} bots for {args.players} players")
    try:
        profiles = [find_profile(b) for b in names]
    except ValueError as exc:
        return _fail(str(exc))
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

    bar = Progress(
        args.games,
        sys.stderr,
        enabled=sys.stderr.isatty(),
        unit="games" if match is None else "matches",
    )
    try:
        summary = simulate(rules, profiles, args.games, args.seed, breach_dir, bar, match)
    finally:
        bar.close()
    if args.json:
        json.dump(summary.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        print(format_summary(summary))
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
