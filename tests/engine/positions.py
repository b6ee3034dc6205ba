"""Spit and California positions for tests, written short: rules, bot profiles, and states
built from a few card codes."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.bots import BOT_PRESETS
from engine.cards import Card, make_deck
from engine.games import california, spit
from engine.rules import Rules
from engine.state import Phase, Timer, TimerKind

SPIT = Rules.from_options({"game": "spit"})


CAL = Rules.from_options({"game": "california"})


QUICK = BOT_PRESETS["quick"]


STEADY = replace(QUICK, name="steady", error_rate=0.0)


SURE = replace(STEADY, name="sure", skill=1.0)


CARDS = {c.code: c for c in make_deck(1, False)}


def cards(text: str) -> tuple[Card, ...]:
    """``"7H8C"`` -> the cards, top first."""
    return tuple(CARDS[text[i : i + 2]] for i in range(0, len(text), 2))


def spit_position(
    stocks: tuple[str, str], center: tuple[str, str], rules: Rules = SPIT
) -> spit.SpitState:
    """Stocks as ``"7H.8C2D.-.-.-"`` (piles top first, ``-`` empty) per player, centre
    piles; every other card goes to the spit cards, half each."""
    piles = [tuple(cards("" if s == "-" else s) for s in side.split(".")) for side in stocks]
    centre = tuple(cards(c) for c in center)
    used = {c.uid for side in piles for pile in side for c in pile} | {
        c.uid for pile in centre for c in pile
    }
    rest = [c for c in make_deck(1, False) if c.uid not in used]
    half = len(rest) // 2
    table = spit.SpitTable((piles[0], piles[1]), (tuple(rest[:half]), tuple(rest[half:])), centre)
    state, _ = spit.start(rules, table, random.Random(0), 0)
    return state


def cal_position(rows: tuple[str, str], rules: Rules = CAL) -> california.CaliforniaState:
    """Rows as ``"4H.9C.4D.KS"`` (piles top first) per player; the rest split into decks."""
    row = [tuple(cards(s) for s in side.split(".")) for side in rows]
    used = {c.uid for side in row for pile in side for c in pile}
    rest = [c for c in make_deck(1, False) if c.uid not in used]
    half = len(rest) // 2
    table = california.CaliforniaTable((row[0], row[1]), (tuple(rest[:half]), tuple(rest[half:])))
    state, _ = california.start(rules, table, random.Random(0), 0)
    return state


def slap_phase(ender: int | None, sizes: tuple[int, int]) -> spit.SpitState:
    deck = list(make_deck(1, False))
    a, b = sizes
    center = (tuple(deck[:a]), tuple(deck[a : a + b]))
    rest = deck[a + b :]
    players = (
        spit.SpitPlayer((tuple(rest[:1]), (), (), (), ()), tuple(rest[1:10])),
        spit.SpitPlayer(((), (), (), (), ()), tuple(rest[10:])),
    )
    timer = Timer(5000, 0, TimerKind.SLAP)
    return spit.SpitState(
        rules=SPIT,
        players=players,
        center=center,
        phase=Phase.SLAP,
        now=0,
        timers=(timer,),
        timer_seq=1,
        ender=ender,
        rng_state=random.Random(0).getstate(),
    )
