"""California's answers to ``engine.protocol.GameRules``: the one place every consumer asks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine import california, invariants
from engine.cards import Card
from engine.commands import Command, Cover, Slam
from engine.events import Event
from engine.games.california import tables
from engine.protocol import NO_CARDS, GameRules, LegalPlay, SeatCards, SlotPile, TableCards
from engine.rules import Game, Rules
from engine.state import Phase

if TYPE_CHECKING:
    from engine.bots import Strategy


class CaliforniaGame:
    """California Spit for 2 players."""

    game = Game.CALIFORNIA
    state_type = california.CaliforniaState
    table_type = california.CaliforniaTable

    @property
    def strategy(self) -> Strategy:
        from engine.bots import CaliforniaStrategy

        return CaliforniaStrategy()

    def deal(self, rules: Rules, rng: random.Random) -> california.CaliforniaTable:
        return california.deal(rules, rng)

    def start(
        self, rules: Rules, table: california.CaliforniaTable, rng: random.Random, seed: int = 0
    ) -> tuple[california.CaliforniaState, list[Event]]:
        return california.start(rules, table, rng, seed)

    def new_game(
        self, rules: Rules, rng: random.Random, seed: int = 0
    ) -> tuple[california.CaliforniaState, list[Event]]:
        return california.new_game(rules, rng, seed)

    def step(
        self, state: california.CaliforniaState, cmd: Command
    ) -> tuple[california.CaliforniaState, list[Event]]:
        return california.step(state, cmd)

    def table_of(self, state: california.CaliforniaState) -> california.CaliforniaTable:
        return california.table_of(state)

    def format(self, state: california.CaliforniaState) -> str:
        return california.format_position(state)

    def parse(self, text: str, rules: Rules) -> california.CaliforniaTable:
        return california.parse_table(text, rules)

    def check(self, state: california.CaliforniaState) -> None:
        invariants.check_california(state)

    actions = tables.ACTIONS
    table_keys = tables.TABLE_KEYS

    def centre_piles(self, rules: Rules) -> int:
        return 0

    def read_table(self, raw: Mapping[str, Any], rules: Rules) -> california.CaliforniaTable:
        return tables.read_table(raw, rules)

    def table_json(self, table: california.CaliforniaTable) -> dict[str, Any]:
        return tables.table_json(table)

    def report(self, state: california.CaliforniaState) -> dict[str, Any]:
        return tables.report(state)

    def all_cards(self, state: california.CaliforniaState) -> list[Card]:
        return state.all_cards()

    def cards_total(self, state: california.CaliforniaState) -> int:
        return state.cards_total()

    def plays(self, state: california.CaliforniaState, seat: int) -> frozenset[LegalPlay]:
        if state.paused_at is not None:
            return frozenset()
        return frozenset(LegalPlay(card) for card in california.legal_covers(state, seat))

    def legal_commands(self, state: california.CaliforniaState, seat: int) -> tuple[Command, ...]:
        if state.paused_at is not None or state.phase.is_over:
            return ()
        t = state.now
        out: list[Command] = []
        if t >= state.players[seat].locked_until:
            out += [Cover(t, seat, card.code) for card in california.legal_covers(state, seat)]
        if self.seat_cards(state, seat).may_ready:
            out.append(Slam(t, seat))
        return tuple(out)

    def seat_cards(self, state: california.CaliforniaState, seat: int) -> SeatCards:
        me = state.players[seat]
        slots = tuple(
            SlotPile(pile[0], len(pile), coverable=california.coverable(state, pile))
            for pile in me.row
        )
        ready = seat in state.ready
        may_ready = (
            state.paused_at is None and state.phase is Phase.STALLED and me.cards > 0 and not ready
        )
        return SeatCards(
            seat=seat,
            face_down=len(me.deck),
            slots=slots,
            cards_left=me.cards,
            locked_until=me.locked_until,
            reach=(),
            ready=ready,
            may_ready=may_ready,
            ready_cue=may_ready,
            claims=False,
            claim_due=None,
        )

    def table_cards(self, state: california.CaliforniaState) -> TableCards:
        return TableCards(
            seats=tuple(self.seat_cards(state, p) for p in range(len(state.players))),
            centre=(),
            side=(),
            burned=NO_CARDS,
            round=state.round,
            scores=(),
            live=tuple(sorted(state.live)),
        )


CALIFORNIA: GameRules[california.CaliforniaState, california.CaliforniaTable] = CaliforniaGame()
