"""Every game holds to the one contract (``engine.protocol.GameRules``): the conformance
suite, run once per game by the ``game`` fixture (tests/engine/conftest.py), the cabinet's
three games and the test-only fourth one alike (docs/architecture.md, "Adding a game").

Legal commands are accepted; a seat's cards agree with its plays; the notation and the
scenario table round-trip; the invariants hold over random playouts; a replay, and a bot
game from its seeds, reproduce.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import Bot
from engine.commands import Command, Cover, Pause, Play, Resume, Slam, Tick
from engine.events import ActionRejected, Event, PlayRejected
from engine.games import AnyGame
from engine.protocol import LegalPlay
from engine.rules import Rules
from engine.state import GameState

STEPS = 240
"""Commands per random playout: enough for stalls, flips and lockouts in every game."""


def rules_of(game: AnyGame, players: int | None = None) -> Rules:
    """The game's default rules, for its fewest seats (or ``players``)."""
    seats = game.seats[0] if players is None else players
    return Rules.from_options({"game": game.game.value, "players": seats})


@dataclass
class Playout:
    first: GameState
    commands: list[Command] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)


def random_command(
    game: AnyGame, state: GameState, history: list[GameState], rng: random.Random, t: int
) -> Command:
    """Mostly a legal command of some seat, sometimes a stale one (legal in an older
    state), a slam, a pause or resume, or a tick."""
    seat = rng.randrange(len(state.players))
    roll = rng.random()
    if roll < 0.6:
        legal = game.legal_commands(state, seat)
        if legal:
            return rng.choice(legal)
    if roll < 0.75:
        old = rng.choice(history[-4:])
        stale = game.legal_commands(old, seat) if not old.is_over else ()
        if stale:
            cmd = rng.choice(stale)
            return cmd if cmd.t == t else _at(cmd, t)
    if roll < 0.85:
        return Slam(t, seat)
    if roll < 0.88:
        return Pause(t, seat)
    if roll < 0.93:
        return Resume(t, seat)
    return Tick(t)


def _at(cmd: Command, t: int) -> Command:
    return replace(cmd, t=t)


def playout(game: AnyGame, rules: Rules, seed: int, steps: int = STEPS) -> Playout:
    """Random commands from the deal of ``seed``, each state checked."""
    rng = random.Random(seed)
    # Dealt and started as the sim does (a fresh generator each): the seed replays it.
    state, _ = game.start(rules, game.deal(rules, random.Random(seed)), random.Random(seed), seed)
    game.check(state)
    out = Playout(state, states=[state])
    t = 0
    while not state.is_over and len(out.commands) < steps:
        t += rng.choice((0, 0, 1, 50, 200, 900, 2500))
        cmd = random_command(game, state, out.states, rng, t)
        state, events = game.step(state, cmd)
        game.check(state)
        assert all(e.t <= cmd.t for e in events)
        out.commands.append(cmd)
        out.states.append(state)
        out.events.append(events)
    return out


def test_legal_commands_are_accepted(game: AnyGame) -> None:
    rules = rules_of(game)
    for state in playout(game, rules, 7).states[::3]:
        for seat in range(len(state.players)):
            for cmd in game.legal_commands(state, seat):
                assert not isinstance(cmd, Tick)
                assert (cmd.t, cmd.player) == (state.now, seat)
                after, events = game.step(state, cmd)
                rejected = [e for e in events if isinstance(e, PlayRejected | ActionRejected)]
                assert not rejected, (game.format(state), cmd, rejected)
                assert events or after != state, (game.format(state), cmd)


def test_seat_cards_agree_with_the_plays(game: AnyGame) -> None:
    for players in sorted({game.seats[0], game.seats[-1]}):
        rules = rules_of(game, players)
        for state in playout(game, rules, 11).states[::2]:
            table = game.table_cards(state)
            assert len(table.seats) == len(state.players)
            coverable = {
                slot.top for s in table.seats for slot in s.slots if slot.coverable and slot.top
            }
            for seat, cards in enumerate(table.seats):
                assert cards == game.seat_cards(state, seat)
                assert cards.seat == seat
                assert cards.cards_left == state.players[seat].cards
                assert cards.locked_until == state.players[seat].locked_until
                assert cards.ready == (seat in state.ready)
                plays = game.plays(state, seat)
                from_slots = {
                    LegalPlay(slot.top, pile)
                    for slot in cards.slots
                    if slot.top is not None
                    for pile in slot.fits
                }
                assert from_slots == {p for p in plays if p.pile is not None}
                assert {p.card for p in plays if p.pile is None} <= coverable
                assert all(set(slot.fits) <= set(cards.reach) for slot in cards.slots)
                codes = {(p.card.code, p.pile) for p in plays}
                for cmd in game.legal_commands(state, seat):
                    if isinstance(cmd, Play):
                        assert (cmd.card, cmd.to) in codes
                    elif isinstance(cmd, Cover):
                        assert (cmd.card, None) in codes
                    elif isinstance(cmd, Slam):
                        assert cards.may_ready or cards.claims


def test_the_notation_and_the_scenario_table_round_trip(game: AnyGame) -> None:
    rules = rules_of(game)
    for state in playout(game, rules, 5).states[::4]:
        table = game.table_of(state)
        assert game.parse(game.format(state), rules) == table
    # A scenario's table is a start: the deal's table, written and read back.
    first = playout(game, rules, 5, steps=0).first
    dealt = game.table_of(first)
    assert game.read_table(game.table_json(dealt), rules) == dealt
    again, _ = game.start(rules, dealt, random.Random(5), 5)
    assert again == first


# The ``game`` fixture holds for every example (a registered game stays registered).
@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31))
def test_invariants_hold_over_random_playouts(game: AnyGame, seed: int) -> None:
    # ``playout`` checks every state: any breach raises InvariantBreach.
    for players in sorted({game.seats[0], game.seats[-1]}):
        out = playout(game, rules_of(game, players), seed)
        assert game.cards_total(out.states[-1]) == len(game.all_cards(out.states[-1]))


def test_a_replay_reproduces_the_game(game: AnyGame) -> None:
    rules = rules_of(game)
    out = playout(game, rules, 3)
    table = game.deal(rules, random.Random(3))
    state, _ = game.start(rules, table, random.Random(3), 3)
    assert state == out.first
    for cmd, want, events in zip(out.commands, out.states[1:], out.events, strict=True):
        state, got = game.step(state, cmd)
        assert (state, got) == (want, events)


def _bot_game(game: AnyGame, rules: Rules, seed: int) -> tuple[GameState, list[Command]]:
    """Hard bots in every seat from ``seed``, until the game is decided (or 3000 commands)."""
    state, _ = game.new_game(rules, random.Random(seed), seed)
    bots = [Bot(p, "quick", seed * 8 + p) for p in range(rules.players)]
    wake = [b.observe(state, 0) for b in bots]
    commands: list[Command] = []
    while not state.is_over and len(commands) < 3000:
        due = [(w, p) for p, w in enumerate(wake) if w is not None]
        timers = [tm.due for tm in state.timers]
        if not due and not timers:
            break
        tb, who = min(due) if due else (None, -1)
        cmd: Command | None
        if timers and (tb is None or min(timers) <= tb):
            cmd = Tick(min(timers))
        else:
            assert tb is not None
            cmd = bots[who].act(state, tb)
            if cmd is None:
                wake[who] = bots[who].observe(state, tb)
                continue
        state, _ = game.step(state, cmd)
        game.check(state)
        commands.append(cmd)
        wake = [b.observe(state, cmd.t) for b in bots]
    return state, commands


def test_a_bot_game_is_decided_and_replays_from_its_seeds(game: AnyGame) -> None:
    rules = rules_of(game)
    end, commands = _bot_game(game, rules, 21)
    assert end.is_over
    assert _bot_game(game, rules, 21) == (end, commands)
