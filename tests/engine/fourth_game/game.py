"""Climb's rules (``tests.engine.fourth_game.state`` tells the game): the step through the
engine's one frame (``engine.work``), the notation, the scenario table, the bot's strategy
and the ``GameRules`` answers, as a game's package under ``engine/games/`` has them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.cards import Card, CardBox, InvalidCard, normalize_code, shuffled_deck
from engine.checks import Checks, conserved
from engine.commands import Command, Play, Slam
from engine.errors import InvalidPosition
from engine.events import CardPlayed, Event, PlayRejected, Reason
from engine.protocol import (
    NO_CARDS,
    CentrePile,
    LegalPlay,
    SeatCards,
    SlotPile,
    TableCards,
)
from engine.rules import Game, Rules
from engine.scenario_io import ScenarioError
from engine.state import Phase, Timer
from engine.strategy import BotSeat, Intent, Plan, RoundStrategy
from engine.work import Work, run_step
from tests.engine.fourth_game.state import ClimbPlayer, ClimbState, ClimbTable, Pile

CLIMB = Game.named("climb")
PLAYERS = 2
DEAL_EACH = 26


def _fits(rules: Rules, card: Card, center: Pile) -> bool:
    return not center or rules.adjacent(card.rank, center[0].rank)


def _any_play(rules: Rules, ups: list[Pile], center: Pile) -> bool:
    return any(up and _fits(rules, up[0], center) for up in ups)


class _Work(Work[ClimbState]):
    def __init__(self, s: ClimbState) -> None:
        super().__init__(s)
        self.ups = [list(p.up) for p in s.players]
        self.downs = [list(p.down) for p in s.players]
        self.center = list(s.center[0])
        self.cleared = list(s.cleared)

    def freeze(self) -> ClimbState:
        players = tuple(
            ClimbPlayer(tuple(up), tuple(down), lk)
            for up, down, lk in zip(self.ups, self.downs, self.locked, strict=True)
        )
        return ClimbState(
            players=players,
            center=(tuple(self.center),),
            cleared=tuple(self.cleared),
            **self.frozen(),
        )

    def cards(self, p: int) -> int:
        return len(self.ups[p]) + len(self.downs[p])

    def fire(self, timer: Timer) -> None:
        self.flip()

    def settle(self) -> None:
        if self.phase is Phase.PLAYING and not _any_play(
            self.rules, [tuple(u) for u in self.ups], tuple(self.center)
        ):
            self.stall()

    def flip(self) -> None:
        self.ready.clear()
        self.cleared[:0] = self.center
        self.center = []
        self.phase = Phase.PLAYING
        self.settle()

    def act(self, cmd: Command) -> None:
        if isinstance(cmd, Play):
            self.play(cmd)

    def reject(self, cmd: Play, reason: Reason) -> None:
        self.events.append(PlayRejected(self.now, cmd.player, reason, cmd.card, cmd.to))
        self.lock_out(cmd.player, reason)

    def play(self, cmd: Play) -> None:
        p = cmd.player
        up = self.ups[p]
        if self.paused_at is not None:
            return self.reject(cmd, Reason.PAUSED)
        if self.now < self.locked[p]:
            return self.reject(cmd, Reason.LOCKED)
        if not up or up[0].code != cmd.card:
            return self.reject(cmd, Reason.NOT_HELD)
        if cmd.to != 0:
            return self.reject(cmd, Reason.OUT_OF_REACH)
        if not _fits(self.rules, up[0], tuple(self.center)):
            return self.reject(cmd, Reason.NOT_ADJACENT)
        card = up.pop()
        self.center.insert(0, card)
        self.events.append(CardPlayed(self.now, p, card, 0))
        if self.downs[p]:
            up.append(self.downs[p].pop(0))
        if not self.cards(p):
            return self.win(p)
        self.settle()
        return None


def deal(rules: Rules, rng: random.Random) -> ClimbTable:
    deck = shuffled_deck(1, False, rng)
    hands = [deck[p * DEAL_EACH : (p + 1) * DEAL_EACH] for p in range(PLAYERS)]
    return ClimbTable(tuple((h[0],) for h in hands), tuple(tuple(h[1:]) for h in hands))


def start(
    rules: Rules, table: ClimbTable, rng: random.Random, seed: int = 0
) -> tuple[ClimbState, list[Event]]:
    if rules.game != CLIMB:
        raise InvalidPosition(f"climb.start needs Climb rules, not {rules.game}")
    if len(table.ups) != PLAYERS or len(table.downs) != PLAYERS:
        raise InvalidPosition("a Climb table has two seats")
    if any(
        len(up) != (1 if up or down else 0) for up, down in zip(table.ups, table.downs, strict=True)
    ):
        raise InvalidPosition("a seat shows one card while it has any")
    cards = [*table.center, *table.cleared]
    for up, down in zip(table.ups, table.downs, strict=True):
        cards += [*up, *down]
    if not conserved(cards, 1, False):
        raise InvalidPosition("a Climb table holds one deck, every card once")
    players = tuple(ClimbPlayer(up, down) for up, down in zip(table.ups, table.downs, strict=True))
    state = ClimbState(
        rules=rules, players=players, seed=seed, center=(table.center,), cleared=table.cleared
    )
    work = _Work(state)
    out = [p for p in range(PLAYERS) if not work.cards(p)]
    if out:
        work.win(out[0])
    return work.opened()


def step(state: ClimbState, cmd: Command) -> tuple[ClimbState, list[Event]]:
    return run_step(state, cmd, _Work)


def _pile(cards: Pile) -> str:
    return "".join(c.code for c in cards) or "-"


def format_position(state: ClimbState) -> str:
    seats = "/".join(f"{_pile(p.up)}.{_pile(p.down)}" for p in state.players)
    center, cleared = _pile(state.center[0]), _pile(state.cleared)
    return f"climb {seats} {center} {cleared} {state.now} {state.phase.value}"


def parse_table(text: str, rules: Rules) -> ClimbTable:
    fields = text.split()
    if len(fields) < 4 or fields[0] != "climb":
        raise InvalidPosition(f"not a Climb position: {text!r}")
    box = CardBox(1, False)

    def pile(raw: str) -> Pile:
        if raw == "-":
            return ()
        try:
            return tuple(box.take(normalize_code(raw[i : i + 2])) for i in range(0, len(raw), 2))
        except InvalidCard as exc:
            raise InvalidPosition(f"{raw!r}: {exc}") from None

    seats = [seat.split(".") for seat in fields[1].split("/")]
    if len(seats) != PLAYERS or any(len(s) != 2 for s in seats):
        raise InvalidPosition(f"two seats of up.down: {fields[1]!r}")
    return ClimbTable(
        tuple(pile(s[0]) for s in seats),
        tuple(pile(s[1]) for s in seats),
        pile(fields[2]),
        pile(fields[3]),
    )


def table_of(state: ClimbState) -> ClimbTable:
    return ClimbTable(
        tuple(p.up for p in state.players),
        tuple(p.down for p in state.players),
        state.center[0],
        state.cleared,
    )


_CHECKS: Checks[ClimbState] = Checks(format_position)


def check(state: ClimbState) -> None:
    require = _CHECKS.require
    require(conserved(state.all_cards(), 1, False), "cards not conserved", state)
    require(len(state.players) == PLAYERS, "two players", state)
    require(all(len(p.up) <= 1 for p in state.players), "one face-up card a seat", state)
    require(all(p.up or not p.down for p in state.players), "a face-down pile unshown", state)
    _CHECKS.check_timers(state, state)
    if state.phase is Phase.PLAYING:
        ups = [p.up for p in state.players]
        require(_any_play(state.rules, ups, state.center[0]), "a stall not found", state)


class ClimbStrategy(RoundStrategy[ClimbState]):
    """Play the face-up card when it fits; ready at a stall."""

    def _decide(self, bot: BotSeat, state: ClimbState, now: int, start: int) -> Plan | None:
        me = state.players[bot.player]
        if state.phase is Phase.STALLED:
            if bot.player in state.ready or not me.cards:
                return None
            return Plan(start + bot.timing.reaction(2, bot.profile.absent_factor), Intent.READY)
        center = state.center[0]
        if me.up and _fits(state.rules, me.up[0], center) and now >= me.locked_until:
            top = center[0] if center else None
            return Plan(start + bot.timing.reaction(2), Intent.PLAY, me.up[0], 0, top)
        return None

    def _confirm(self, bot: BotSeat, state: ClimbState, plan: Plan, now: int) -> Command | None:
        if plan.intent is Intent.READY:
            return Slam(now, bot.player) if state.phase is Phase.STALLED else None
        me, center = state.players[bot.player], state.center[0]
        if (
            plan.card is None
            or me.up != (plan.card,)
            or (center[0] if center else None) != plan.top
        ):
            return None
        return Play(now, bot.player, plan.card.code, 0)


_STRATEGY = ClimbStrategy()


class ClimbGame:
    """Climb for two players (test-only)."""

    game = CLIMB
    state_type = ClimbState
    table_type = ClimbTable
    seats = (PLAYERS,)
    actions = frozenset({"play", "slam"})
    table_keys = ("ups", "downs", "center", "cleared")

    @property
    def strategy(self) -> ClimbStrategy:
        return _STRATEGY

    def deals(self, players: int) -> tuple[int, ...]:
        return (20, 15)

    def deal_name(self, rules: Rules) -> str:
        return f"{rules.players}-player {rules.game}"

    def head_start_limit(self, rules: Rules) -> int:
        return 0

    def deal(self, rules: Rules, rng: random.Random) -> ClimbTable:
        return deal(rules, rng)

    def start(
        self, rules: Rules, table: ClimbTable, rng: random.Random, seed: int = 0
    ) -> tuple[ClimbState, list[Event]]:
        return start(rules, table, rng, seed)

    def new_game(
        self, rules: Rules, rng: random.Random, seed: int = 0
    ) -> tuple[ClimbState, list[Event]]:
        return start(rules, deal(rules, rng), rng, seed)

    step = staticmethod(step)
    check = staticmethod(check)

    def table_of(self, state: ClimbState) -> ClimbTable:
        return table_of(state)

    def format(self, state: ClimbState) -> str:
        return format_position(state)

    def parse(self, text: str, rules: Rules) -> ClimbTable:
        return parse_table(text, rules)

    def all_cards(self, state: ClimbState) -> list[Card]:
        return state.all_cards()

    def cards_total(self, state: ClimbState) -> int:
        return len(state.all_cards())

    def centre_piles(self, rules: Rules) -> int:
        return 1

    def read_table(self, raw: Mapping[str, Any], rules: Rules) -> ClimbTable:
        try:
            return parse_table(
                " ".join(
                    [
                        "climb",
                        "/".join(
                            f"{raw['ups'][p] or '-'}.{raw['downs'][p] or '-'}" for p in (0, 1)
                        ),
                        raw["center"] or "-",
                        raw["cleared"] or "-",
                    ]
                ),
                rules,
            )
        except (InvalidPosition, KeyError, IndexError, TypeError) as exc:
            raise ScenarioError(f"table: {exc}") from None

    def table_json(self, table: ClimbTable) -> dict[str, Any]:
        return {
            "ups": [_pile(up).strip("-") for up in table.ups],
            "downs": [_pile(down).strip("-") for down in table.downs],
            "center": _pile(table.center).strip("-"),
            "cleared": _pile(table.cleared).strip("-"),
        }

    def report(self, state: ClimbState) -> dict[str, Any]:
        return {
            "center": [c.code for c in state.center[0][:1]],
            "center_sizes": [len(state.center[0])],
            "players": [
                {"cards": p.cards, "up": [c.code for c in p.up], "down": len(p.down)}
                for p in state.players
            ],
        }

    def plays(self, state: ClimbState, seat: int) -> frozenset[LegalPlay]:
        if state.paused_at is not None or state.phase is not Phase.PLAYING:
            return frozenset()
        up = state.players[seat].up
        if up and _fits(state.rules, up[0], state.center[0]):
            return frozenset({LegalPlay(up[0], 0)})
        return frozenset()

    def legal_commands(self, state: ClimbState, seat: int) -> tuple[Command, ...]:
        if state.paused_at is not None or state.phase.is_over:
            return ()
        t = state.now
        out: list[Command] = []
        if t >= state.players[seat].locked_until:
            out += [play.command(t, seat) for play in self.plays(state, seat)]
        if self.seat_cards(state, seat).may_ready:
            out.append(Slam(t, seat))
        return tuple(out)

    def seat_cards(self, state: ClimbState, seat: int) -> SeatCards:
        me = state.players[seat]
        plays = self.plays(state, seat)
        slots = tuple(
            SlotPile(card, 1 + len(me.down), (0,) if LegalPlay(card, 0) in plays else ())
            for card in me.up
        )
        live = not state.phase.is_over and state.paused_at is None
        ready = seat in state.ready
        may_ready = live and state.phase is Phase.STALLED and me.cards > 0 and not ready
        return SeatCards(
            seat=seat,
            face_down=len(me.down),
            slots=slots,
            cards_left=me.cards,
            locked_until=me.locked_until,
            reach=(0,),
            ready=ready,
            may_ready=may_ready,
            ready_cue=may_ready,
            claims=False,
            claim_due=None,
        )

    def table_cards(self, state: ClimbState) -> TableCards:
        center = state.center[0]
        return TableCards(
            seats=tuple(self.seat_cards(state, p) for p in range(PLAYERS)),
            centre=(CentrePile(center[0] if center else None, len(center)),),
            side=(),
            burned=NO_CARDS,
            round=1,
            scores=(),
            live=(),
        )


CLIMB_RULES = ClimbGame()
"""Climb's ``GameRules``: what ``engine.games.register`` is handed."""
