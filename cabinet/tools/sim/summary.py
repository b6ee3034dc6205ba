"""A run of simulated games (or matches), summed up: ``simulate`` and its ``Summary``.

Game ``k`` (0-based) of a run from seed ``S`` is dealt from seed ``S + k``; with a match
format, match ``k`` has match seed ``S + k`` and its games ``engine.match``'s deal seeds.
A broken invariant stops the run: the summary then says so and names the scenario file.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from cabinet.controls.registry import SimFigures, row_for
from cabinet.tools.sim.play import SimBreach, play_game
from cabinet.tools.sim.result import GameResult
from engine.match import Match, MatchRules
from engine.rules import Game, Rules
from engine.strategy import BotProfile

SLAP_KEYS = ("moves", "slaps", "slap_timeouts", "slaps_smaller", "slap_wins")


@dataclass
class Summary:
    game: Game
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
    lengths_ms: list[int] = field(default_factory=list)
    """Each game's length (game time, ms), for the median and the 90th percentile."""

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
        self.lengths_ms.append(r.length_ms)
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

    def game_s_at(self, share: float) -> float:
        """The game length (s) that ``share`` of the games take at most (nearest rank:
        0.5 the median, 0.9 the 90th percentile); 0 with no games."""
        if not self.lengths_ms:
            return 0.0
        ranked = sorted(self.lengths_ms)
        return ranked[max(math.ceil(share * len(ranked)) - 1, 0)] / 1000

    @property
    def games_per_s(self) -> float:
        return self.games / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def figures(self) -> SimFigures:
        """What this game's summary shows (the game's row, ``cabinet.controls.registry``)."""
        return row_for(self.game).figures

    def to_dict(self) -> dict[str, object]:
        """Issue 4's keys (and more); ``rounds`` for games with rounds; ``moves`` and the
        slap outcomes (``slaps``, ``slap_timeouts``, ``slaps_smaller``, ``slap_wins``) for
        a game with slaps (the game's ``SimFigures``)."""
        out: dict[str, object] = asdict(self)
        out.pop("lengths_ms")
        shown = self.figures
        if not shown.rounds:
            out.pop("rounds")
        if not shown.slaps:
            for key in SLAP_KEYS:
                out.pop(key)
        out["mean_game_s"] = round(self.mean_game_s, 3)
        out["median_game_s"] = round(self.game_s_at(0.5), 3)
        out["p90_game_s"] = round(self.game_s_at(0.9), 3)
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
    on_game: Callable[[GameResult], None] | None = None,
) -> Summary:
    """Play ``games`` bot games (game k dealt from ``seed + k``) and sum them up; with
    ``match``, play ``games`` matches instead (match k from match seed ``seed + k``, its
    games dealt from ``engine.match``'s deal seeds).

    Stops at the first broken invariant: the summary then has ``invariant_breaches`` 1,
    the message and the scenario file's path. ``on_game``: called with each game played
    (``--names`` keeps it in the records).
    """
    if len(profiles) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots")
    n = rules.players
    summary = Summary(rules.game, n, [p.name for p in profiles], seed, wins=[0] * n)
    if match is not None:
        summary.match, summary.match_wins = str(match), [0] * n
    started = time.perf_counter()
    try:
        for k in range(games):
            if match is None:
                result = play_game(rules, profiles, seed + k, breach_dir)
                summary.add(result)
                if on_game is not None:
                    on_game(result)
            else:
                m = Match(match, n, seed + k)
                _play_match(rules, profiles, m, breach_dir, summary, on_game)
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
    rules: Rules,
    profiles: Sequence[BotProfile],
    match: Match,
    breach_dir: Path | None,
    summary: Summary,
    on_game: Callable[[GameResult], None] | None = None,
) -> None:
    for _ in range(MAX_MATCH_GAMES):
        if match.is_over:
            break
        result = play_game(rules, profiles, match.deal_seed(), breach_dir)
        summary.add(result)
        if on_game is not None:
            on_game(result)
        match = match.record(result.winner, result.cards_left)
    summary.matches += 1
    if match.winner is None:
        summary.match_draws += 1
    else:
        summary.match_wins[match.winner] += 1
