"""How a bot plays Speed (the timing model and the driver are ``engine.bots``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.commands import Command, Play, Slam
from engine.games.speed.rules import claims, joker_barred
from engine.games.speed.state import SpeedState
from engine.rules import CallMode, Rules
from engine.state import Phase, positional_new
from engine.strategy import REFERENCE_ITEMS, BotSeat, Intent, Plan, adjacency, play_plan

_PLAYING, _STALLED, _DEADLOCKED = Phase.PLAYING, Phase.STALLED, Phase.DEADLOCKED
_WON, _TIED = Phase.WON, Phase.TIED
_PLAY, _DEADLOCK_PLAY, _READY, _CLAIM = (
    Intent.PLAY,
    Intent.DEADLOCK_PLAY,
    Intent.READY,
    Intent.CLAIM,
)
_CALL = CallMode.CALL
_new_play = positional_new(Play)
"""``Play(t, player, card, to)``, built fast: a bot makes one per play it fires."""


@dataclass(frozen=True, slots=True)
class _SpeedMemo:
    """What a Speed bot derives once from the rules in play."""

    rules: Rules
    table: tuple[tuple[bool, ...], ...]
    """table[top rank][card rank]: may the card go on the top?"""
    masks: tuple[int, ...]
    """masks[rank]: bit r set when a card of rank r fits on (or, the same, takes) ``rank``."""
    left: int
    right: int
    call: CallMode

    @classmethod
    def of(cls, rules: Rules, player: int) -> _SpeedMemo:
        table, masks = adjacency(rules)
        left, right = rules.reach(player)
        return cls(rules, table, masks, left, right, rules.call)


def _holds(hand: tuple[Card, ...], card: Card) -> bool:
    """Is this very card held? (Identity: no dataclass ``__eq__`` calls on a hot path.)"""
    for held in hand:  # noqa: SIM110
        if held is card:
            return True
    return False


class SpeedStrategy:
    """Speed: claim when out (or, with ``either``, when anyone is out); play a legal card;
    in a deadlock make the free play onto the LEFT pile; SLAM ready at a stall."""

    def is_over(self, state: SpeedState) -> bool:
        phase = state.phase
        return phase is _WON or phase is _TIED

    def decide(self, bot: BotSeat, state: SpeedState, now: int) -> Plan | None:
        phase = state.phase
        if phase is _WON or phase is _TIED or state.paused_at is not None:
            return None
        memo: _SpeedMemo = bot.memo
        if memo is None or memo.rules is not state.rules:
            memo = bot.memo = _SpeedMemo.of(state.rules, bot.player)
        p = bot.player
        me = state.players[p]
        hand = me.hand
        timing = bot.timing
        prof = bot.profile
        start = now if bot.busy_until < now else bot.busy_until
        out = not hand and not me.draw

        # Claims: a simple reaction, kept inside the call timeout. Its own way out is the
        # end of a run it saw coming (no refractory gap, anticipation); anyone else's it
        # must notice first.
        call = memo.call
        if claims(call, out, state.players):
            if out:
                due = now + timing.reaction(REFERENCE_ITEMS, prof.claim_factor * prof.chain_factor)
            else:
                due = start + timing.reaction(REFERENCE_ITEMS, prof.claim_factor)
            if call is _CALL:
                call_due = state.call_due(p)
                if call_due is not None and due >= call_due:
                    due = max(now, call_due - 1)
            return Plan(due, _CLAIM)
        if not hand:
            return None

        # Plays: every held card against both piles it reaches.
        table = memo.table
        left, right = memo.left, memo.right
        center = state.center
        top_l, top_r = center[left][0], center[right][0]
        row_l, row_r = table[top_l.rank], table[top_r.rank]
        legal: list[tuple[Card, int]] = []
        for card in hand:
            rank = card.rank
            if rank == 0 and joker_barred(len(hand) + len(me.draw), state.side[p]):
                continue  # a joker may not be the last card (rule 1)
            if row_l[rank]:
                legal.append((card, left))
            if row_r[rank]:
                legal.append((card, right))
        items = 2 * len(hand)
        if legal:
            return play_plan(bot, state, start, legal, hand, items, table, memo.masks)

        if phase is _DEADLOCKED and p not in state.deadlock_played:
            # Rule 8's free play: the card that leaves a held card fitting on it.
            card = max(hand, key=lambda c: (sum(table[c.rank][o.rank] for o in hand), -c.uid))
            due = start + timing.reaction(items, prof.absent_factor)
            return Plan(max(due, me.locked_until), _DEADLOCK_PLAY, card, left, top_l)
        if (phase is _STALLED or phase is _DEADLOCKED) and p not in state.ready:
            return Plan(start + timing.reaction(items, prof.absent_factor), _READY)
        return None

    def confirm(self, bot: BotSeat, state: SpeedState, plan: Plan, now: int) -> Command | None:
        phase = state.phase
        if phase is _WON or phase is _TIED or state.paused_at is not None:
            return None
        p = bot.player
        me = state.players[p]
        intent = plan.intent
        if intent is _CLAIM:
            out = not me.hand and not me.draw
            return Slam(now, p) if claims(state.rules.call, out, state.players) else None
        if intent is _READY:
            if (
                (phase is _STALLED or phase is _DEADLOCKED)
                and p not in state.ready
                and (me.hand or me.draw)
            ):
                return Slam(now, p)
            return None
        # A play: re-perceive the pile and the hand at the moment it fires.
        card = plan.card
        if card is None or now < me.locked_until or not _holds(me.hand, card):
            return None
        if state.center[plan.pile][0] is not plan.top:
            return None
        if intent is _DEADLOCK_PLAY:
            if phase is not _DEADLOCKED or p in state.deadlock_played:
                return None
        elif plan.wrong:
            if phase is not _PLAYING:
                return None
        elif card.rank == 0 and joker_barred(len(me.hand) + len(me.draw), state.side[p]):
            return None
        return _new_play(now, p, card.code, plan.pile)
