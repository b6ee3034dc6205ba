"""``sim --names ABC,XYZ --state-dir DIR`` (issue 28 item 7; docs/boards.md, "Boards without
people"): the simulated games kept in that state directory's records as if those initials
had played them, one name per seat, so ``records boards`` shows them. Each game is kept
the way the cabinet keeps one: ``Records.start_game`` before it, then ``finish_game`` with
the replay and each seat's numbers worked out by the loop's own ``Played`` (the replay
scenario and the one fold, cabinet/modes/played.py) from the deal and every command."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from cabinet.errors import CabinetError
from cabinet.kiosk.records import Records, SeatEntry
from cabinet.modes.event.names import refused, well_formed
from cabinet.modes.played import Played
from cabinet.tools.sim.result import GameResult
from engine.games import rules_for
from engine.rules import Rules


class BadNames(ValueError, CabinetError):
    """``--names`` the sim refuses; the message is the one line it prints."""


def check_names(text: str, players: int) -> tuple[str, ...]:
    """``ABC,XYZ`` as initials, one per seat (upper case); BadNames says what is wrong."""
    names = tuple(n.strip().upper() for n in text.split(","))
    if len(names) != players:
        raise BadNames(f"--names gives {len(names)} names for {players} players: give one per seat")
    for name in names:
        if not well_formed(name):
            raise BadNames(f"--names: {name!r} is not three letters A-Z")
        if refused(name):
            raise BadNames(f"--names: {name} is on the block list (cabinet/modes/event/blocked.py)")
    return names


@dataclass
class NamedGames:
    """The records the named games go into, open for the run."""

    records: Records
    names: tuple[str, ...]
    kept: int = 0

    @classmethod
    def open(cls, state_dir: Path, names: tuple[str, ...]) -> NamedGames:
        return cls(Records.open(state_dir), names)

    def keep(self, rules: Rules, result: GameResult) -> None:
        """One simulated game, kept as the cabinet keeps a game its players played."""
        game = rules_for(rules.game)
        table = game.deal(rules, random.Random(result.seed))
        first, _ = game.start(rules, table, random.Random(result.seed), result.seed)
        state = first
        for command in result.log:
            state, _ = game.step(state, command)
        played = Played(first, state, result.log, ())
        seats = [SeatEntry(initials=name) for name in self.names]
        game_id = self.records.start_game(rules, seats, result.seed)
        self.records.finish_game(
            game_id,
            winner=state.winner,
            duration_ms=state.now,
            replay=played.replay(result.seed),
            results=played.results(),
        )
        self.kept += 1

    def close(self) -> None:
        self.records.close()


__all__ = ["BadNames", "NamedGames", "check_names"]
