"""How a sim run shows itself: the readable table and the progress bar."""

from __future__ import annotations

from typing import TextIO

from cabinet.tools.sim.summary import Summary


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
    shown = s.figures
    rows = [
        ("games", f"{s.games}"),
        ("wins", wins),
        ("draws", draws),
        ("mean game", f"{s.mean_game_s:.1f} s simulated"),
        ("median game", f"{s.game_s_at(0.5):.1f} s (90% within {s.game_s_at(0.9):.1f} s)"),
        (shown.plays, f"{s.plays} ({s.plays / games:.1f} per game)"),
        ("stalls", f"{s.stalls} ({s.stalls / games:.2f} per game)"),
    ]
    if shown.rounds:
        rows.append(("rounds", f"{s.rounds} ({s.rounds / games:.2f} per game)"))
    if shown.rebuilds:
        rows += [
            ("rebuilds", f"{s.reshuffles} ({s.reshuffles / games:.2f} per game)"),
            ("deadlocks", f"{s.deadlocks} ({s.deadlocks / games:.3f} per game)"),
        ]
    if shown.slaps:
        phases = max(s.slaps + s.slap_timeouts, 1)
        slap_wins = "  ".join(f"P{i + 1} {w}" for i, w in enumerate(s.slap_wins))
        rows += [
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
    rows += [
        (shown.rejected, f"{s.rejected} ({s.rejected / games:.2f} per game)"),
        ("invariant breaches", f"{s.invariant_breaches}"),
        ("speed", f"{s.games_per_s:,.0f} games/s ({s.wall_s:.2f} s wall, one core)"),
    ]
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
