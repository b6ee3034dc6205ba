"""How a bot plays Spit (the timing model and the driver are ``engine.bots``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.commands import Command, Move, Play, Slam, Slap
from engine.games.spit.state import SpitState
from engine.rules import Rules
from engine.state import Phase
from engine.strategy import BotSeat, Intent, Plan, RoundStrategy, adjacency, play_plan

_PLAYING, _STALLED, _SLAP_PHASE = Phase.PLAYING, Phase.STALLED, Phase.SLAP
_READY, _MOVE, _SLAP = Intent.READY, Intent.MOVE, Intent.SLAP

CLOSE_PILES = 2
"""Spit slap: piles within this many cards of each other are hard to judge by eye; a bot
then picks the smaller one only with probability ``skill`` (else either, at random)."""


@dataclass(frozen=True, slots=True)
class _RankMemo:
    """What a Spit bot derives once from the rules in play: the adjacency table."""

    rules: Rules
    table: tuple[tuple[bool, ...], ...]
    masks: tuple[int, ...]

    @classmethod
    def of(cls, bot: BotSeat, rules: Rules) -> _RankMemo:
        memo = bot.memo
        if isinstance(memo, cls) and memo.rules is rules:
            return memo
        memo = bot.memo = cls(rules, *adjacency(rules))
        return memo


def _is_top(stocks: tuple[tuple[Card, ...], ...], card: Card) -> int:
    """The stock slot (0-4) whose top is this very card, or -1."""
    for k, pile in enumerate(stocks):
        if pile and pile[0] is card:
            return k
    return -1


class SpitStrategy(RoundStrategy[SpitState]):
    """Spit: play a stock top onto a spit pile (the one leaving most follow-ups); else
    move a top with a card under it into an empty slot (revealing a card); SLAM (spit) at
    a stall; in the slap phase race for the smaller pile.

    Scan sizes: stock tops x piles in use for a play (5 x 2 is the reference), stock tops
    for a move. A slap is a reaction to the round-end cue at the preset's own ``slap_ms``
    (its level, not a scan: the cue is the same for a person); the bot that emptied its
    own stocks saw it coming (``chain_factor``, no refractory gap). Piles within
    ``CLOSE_PILES`` cards of each other are told apart only with probability ``skill``.
    Same-rank combine moves (an option) are not used: a combine reveals a card but hides
    one, and two can undo each other forever.
    """

    def _decide(self, bot: BotSeat, state: SpitState, now: int, start: int) -> Plan | None:
        phase = state.phase
        p = bot.player
        me = state.players[p]
        timing = bot.timing
        prof = bot.profile
        center = state.center
        if phase is _SLAP_PHASE:
            sizes = (len(center[0]), len(center[1]))
            pile = p if sizes[0] == sizes[1] else (0 if sizes[0] < sizes[1] else 1)
            if abs(sizes[0] - sizes[1]) <= CLOSE_PILES and bot.rng.random() >= prof.skill:
                pile = 0 if bot.rng.random() < 0.5 else 1
            if state.ender == p:
                due = now + timing.slap(prof.chain_factor)
            else:
                due = start + timing.slap()
            return Plan(due, _SLAP, None, pile, center[pile][0] if center[pile] else None)
        if phase is not _PLAYING and phase is not _STALLED:
            return None
        memo = _RankMemo.of(bot, state.rules)
        table = memo.table
        stocks = me.stocks
        tops = tuple(pile[0] for pile in stocks if pile)
        if not tops:
            return None
        piles = [i for i in (0, 1) if center[i]]
        legal = [(c, i) for c in tops for i in piles if table[center[i][0].rank][c.rank]]
        items = len(tops) * len(piles)
        if legal:
            return play_plan(bot, state, start, legal, tops, items, table, memo.masks)
        if phase is _STALLED and p not in state.ready:
            return Plan(start + timing.reaction(items, prof.absent_factor), _READY)
        # A move into an empty slot: from the biggest pile (most cards still face down).
        empty = [k for k, pile in enumerate(stocks) if not pile]
        sources = [k for k, pile in enumerate(stocks) if len(pile) > 1]
        if empty and sources:
            if len(sources) > 1 and bot.rng.random() < prof.skill:
                src = max(sources, key=lambda k: (len(stocks[k]), -k))
            else:
                src = sources[int(bot.rng.random() * len(sources))]
            due = start + timing.reaction(len(tops))
            if due < me.locked_until:
                due = me.locked_until
            return Plan(due, _MOVE, stocks[src][0], empty[0] + 1)
        return None

    def _confirm(self, bot: BotSeat, state: SpitState, plan: Plan, now: int) -> Command | None:
        phase = state.phase
        p = bot.player
        me = state.players[p]
        intent = plan.intent
        if intent is _SLAP:
            pile = state.center[plan.pile] if phase is _SLAP_PHASE else ()
            if pile and pile[0] is plan.top:
                return Slap(now, p, plan.pile)
            return None
        if intent is _READY:
            if phase is _STALLED and p not in state.ready and me.cards:
                return Slam(now, p)
            return None
        if phase is not _PLAYING and phase is not _STALLED:
            return None
        card = plan.card
        if card is None or now < me.locked_until:
            return None
        src = _is_top(me.stocks, card)
        if src < 0:
            return None
        if intent is _MOVE:
            if len(me.stocks[src]) > 1 and not me.stocks[plan.pile - 1]:
                return Move(now, p, card.code, plan.pile)
            return None
        pile = state.center[plan.pile]
        if not pile or pile[0] is not plan.top or (plan.wrong and phase is not _PLAYING):
            return None
        return Play(now, p, card.code, plan.pile)
