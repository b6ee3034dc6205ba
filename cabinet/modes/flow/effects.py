"""The flow's effects done at the loop's table: attract's demos and the match games dealt
(through the seating policy, their records kept by the keeper), bots taking over a quiet
seat and giving it back, initials named, the idle return's reason kept for the log."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cabinet.config import CabinetConfig
from cabinet.modes.flow import again
from cabinet.modes.flow.dealer import Dealer
from cabinet.modes.flow.deals import POWER_ON, DayClock, daily_seed
from cabinet.modes.flow.keeper import Keeper
from cabinet.modes.flow.messages import (
    Chosen,
    FlowEffect,
    GiveBack,
    Named,
    StartDemo,
    StartGame,
    TakeOver,
    WentIdle,
)
from cabinet.modes.flow.names import Names
from cabinet.modes.flow.records import daily_tried
from cabinet.modes.flow.seating import SeatingPolicy
from cabinet.modes.flow.state import Flow
from cabinet.modes.ports import Table
from engine.rules import CallMode, Game


class Effects:
    """Does the flow's effects at ``table`` (set when the director is attached)."""

    __slots__ = ("config", "day", "dealer", "flush", "keeper", "names", "policy", "say", "table")

    def __init__(
        self,
        config: CabinetConfig,
        parts: tuple[Dealer, Keeper, Names, SeatingPolicy],
        *,
        flush: Callable[[], None],
        say: Callable[[str], None],
        day: DayClock | None = None,
    ) -> None:
        """``flush``: the writes still waiting, done before a deal abandons a game;
        ``day``: the cabinet day's key (the deal of the day's seed; default ``POWER_ON``)."""
        self.config = config
        self.day: DayClock = day or (lambda: POWER_ON)
        self.dealer, self.keeper, self.names, self.policy = parts
        self.flush = flush
        self.say = say
        self.table: Table | None = None

    def at(self) -> Table:
        assert self.table is not None, "attach the director to a loop first"
        return self.table

    def dated(self, flow: Flow) -> Flow:
        """``flow`` on the cabinet day as the day clock has it; a new day brings the
        initials that played its deal already from the records."""
        day = self.day()
        if day == flow.day:
            return flow
        return again.dated(flow, day, daily_tried(self.keeper.book.records, daily_seed(day)))

    def apply(
        self, flow: Flow, effects: Sequence[FlowEffect], recall: Callable[[int, str], None]
    ) -> None:
        """Do ``effects`` of a step that left ``flow``; ``recall``: brings a player's kept
        choices back into the flow (initials entered in the join menu)."""
        keeper = self.keeper
        for eff in effects:
            match eff:
                case StartDemo(game=game, seed=seed):
                    keeper.abandon(self.at(), self.flush)
                    keeper.book.give_up_match()
                    level = flow.difficulty
                    self.deal(
                        game, seed, {s.index: s.difficulty or level for s in self.config.seats}
                    )
                case StartGame():
                    self._start_game(self.policy.seat(eff))
                case TakeOver(seat=seat, difficulty=difficulty):
                    keeper.book.taken[seat] = difficulty
                    table = self.at()
                    table.set_bot(seat, self.dealer.bot(seat, difficulty, table.state.now))
                    self.say(f"P{seat + 1} went quiet: a {difficulty} bot plays on")
                case Named(seat=seat, initials=initials):
                    self.names.named(flow, seat, initials, recall)
                case WentIdle():
                    self.say(eff.reason)
                    keeper.book.abandon_reason = eff.reason  # the demo's deal abandons it
                case GiveBack(seat=seat):
                    self.at().set_bot(seat, None)
                    self.say(f"P{seat + 1} is back")

    def _start_game(self, eff: StartGame) -> None:
        keeper = self.keeper
        keeper.abandon(self.at(), self.flush)
        if keeper.book.records is not None:
            self.flush()  # the last game's record first
        self.names.starting(eff)
        keeper.book.start(eff, self.dealer.rules(eff.game, eff.chosen, eff.call, eff.turn))
        self.deal(eff.game, eff.seed, dict(eff.bots), eff.chosen, call=eff.call, turn=eff.turn)
        m = eff.match
        self.say(
            f"{eff.game.value.capitalize()}, game {m.game_number} of the match "
            f"({m.rules}), deal seed {eff.seed}"
        )

    def deal(
        self,
        game: Game,
        seed: int,
        bots: dict[int, str],
        chosen: Sequence[Chosen] = (),
        *,
        call: CallMode | None = None,
        turn: int = 0,
    ) -> None:
        """Deal ``game`` in: ``bots`` by seat, the joined seats' ``chosen`` choices, Speed's
        ``call`` rule as the table chose it (None: the rules' own), turned ``turn`` seats."""
        self.keeper.dealt()
        self.dealer.deal(self.at(), game, seed, bots, chosen, call=call, turn=turn)


__all__ = ["Effects"]
