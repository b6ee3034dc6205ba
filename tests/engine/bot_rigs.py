"""Bots driven through whole games and tables set up for them (for tests/engine/test_bots.py,
test_round_strategies.py and test_handicaps.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import game
from engine.bots import BOT_PRESETS, Bot, BotProfile, Intent
from engine.cards import make_deck
from engine.commands import Command, Tick
from engine.events import Event
from engine.games import speed
from engine.games.speed import SpeedState
from engine.games.speed.notation import parse_table
from engine.invariants import check_invariants
from engine.rules import Rules
from engine.state import Phase

QUICK = BOT_PRESETS["quick"]
STEADY = replace(QUICK, name="steady", error_rate=0.0)
"""Hard without wrong attempts, for tests that need one predictable plan."""


def position(hands: str, center: str, rules: Rules | None = None) -> SpeedState:
    """A complete 2p table at t = 0: these hands and centre tops (``/`` between players);
    every other card goes to the side piles (5 each) and then the draw piles."""
    rules = rules or Rules()
    used = f"{hands.replace('/', '')}{center.replace('/', '')}"
    taken = {used[i : i + 2] for i in range(0, len(used), 2)}
    rest = [c.code for c in make_deck() if c.code not in taken]
    side = "/".join(("".join(rest[:5]), "".join(rest[5:10])))
    rest = rest[10:]
    half = len(rest) // 2
    draws = "/".join(("".join(rest[:half]) or "-", "".join(rest[half:]) or "-"))
    table = parse_table(f"{hands} {draws} {center} {side} -", rules)
    state, _ = speed.start(rules, table, random.Random(0), 0)
    return state


def empty_draws(hands: str, center: str, rules: Rules) -> SpeedState:
    """Like ``position`` but every card not in a hand or on top goes to the side piles."""
    used = f"{hands.replace('/', '')}{center.replace('/', '')}"
    taken = {used[i : i + 2] for i in range(0, len(used), 2)}
    rest = [c.code for c in make_deck() if c.code not in taken]
    half = len(rest) // 2
    side = "/".join(("".join(rest[:half]), "".join(rest[half:])))
    table = parse_table(f"{hands} -/- {center} {side} -", rules)
    state, _ = speed.start(rules, table, random.Random(0), 0)
    return state


def first_dues(rules: Rules, profile: BotProfile | str, seeds: int, intent: Intent) -> list[int]:
    """When seat 0's first plan at t = 0 is due, in the games dealt from seeds 0 to
    ``seeds - 1`` whose first plan is ``intent`` (games that open stalled are skipped)."""
    new_game = game.GAMES[rules.game].new_game
    dues = []
    for seed in range(seeds):
        state, _ = new_game(rules, random.Random(seed), seed)
        if state.phase is not Phase.PLAYING:
            continue
        bot = Bot(0, profile, seed)
        due = bot.observe(state, 0)
        if due is not None and bot.plan is not None and bot.plan.intent is intent:
            dues.append(due)
    return dues


Mash = Callable[[Any, random.Random, int], Command]
"""A random press for seat 1 at a time, from the masher's generator."""


Fired = tuple[Bot, Command, list[Event], bool]
"""A command a bot fired, its events, and whether it was the bot's deliberate wrong attempt."""


def drive(
    rules: Rules,
    seed: int,
    profiles: list[BotProfile | str],
    masher: random.Random | None = None,
    mash: Mash | None = None,
) -> tuple[Any, list[Fired]]:
    """Bots play one game of ``rules.game``; ``masher`` adds ``mash`` presses for seat 1
    (stale, wrong, slams) between the bots' moves. Returns the end and every command a bot
    fired."""
    fns = game.GAMES[rules.game]
    state, _ = fns.new_game(rules, random.Random(seed), seed)
    bots = [Bot(i, p, seed * 10 + i) for i, p in enumerate(profiles)]
    wake = [b.observe(state, 0) for b in bots]
    fired: list[Fired] = []
    next_mash = 0
    for _ in range(20000):
        if state.is_over:
            break
        times = [w for w in wake if w is not None]
        timer = min((tm.due for tm in state.timers), default=None)
        tb = min(times) if times else None
        source: Bot | None = None
        if (
            masher is not None
            and (tb is None or next_mash < tb)
            and (timer is None or next_mash < timer)
        ):
            assert mash is not None
            cmd = mash(state, masher, next_mash)
            next_mash += masher.choice((1, 30, 150, 700))
        elif timer is not None and (tb is None or timer <= tb):
            cmd = Tick(timer)
        else:
            assert tb is not None, "nobody acts and nothing is due"
            source = bots[wake.index(tb)]
            got = source.act(state, tb)
            if got is None:
                wake[source.player] = source.observe(state, tb)
                continue
            cmd = got
        state, events = fns.step(state, cmd)
        check_invariants(state)
        if source is not None:
            fired.append((source, cmd, events, source.last_fired_wrong))
        wake = [b.observe(state, cmd.t) for b in bots]
    return state, fired
