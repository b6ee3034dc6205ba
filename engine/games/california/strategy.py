"""How a bot plays California (the timing model and the driver are ``engine.bots``)."""

from __future__ import annotations

from engine.cards import Card
from engine.commands import Command, Cover, Slam
from engine.games.california.rules import may_cover
from engine.games.california.state import CaliforniaState
from engine.state import Phase
from engine.strategy import BotSeat, Intent, Plan, RoundStrategy

_PLAYING, _STALLED = Phase.PLAYING, Phase.STALLED
_READY, _COVER = Intent.READY, Intent.COVER


class CaliforniaStrategy(RoundStrategy[CaliforniaState]):
    """California: scan both rows for a top that may be covered (a live match or a
    double) and cover it; SLAM ready at a stall.

    The scan is every visible top (8 with rows of 4; the reference is 10). Covering the
    opponent's row pushes cards to them (they pick their row up at the re-deal), so with
    probability ``skill`` the bot prefers a cover on the opponent's row (and, within a row,
    the rank it is already covering); otherwise any legal cover. Covering more of the rank
    it just covered is anticipated (``chain_factor``). A wrong attempt covers a top that is
    not coverable (the engine rejects it: ``no_match``).
    """

    def _decide(self, bot: BotSeat, state: CaliforniaState, now: int, start: int) -> Plan | None:
        phase = state.phase
        p = bot.player
        players = state.players
        me = players[p]
        timing = bot.timing
        prof = bot.profile
        items = len(players[0].row) + len(players[1].row)
        if phase is _STALLED:
            if p in state.ready:
                return None
            return Plan(start + timing.reaction(items, prof.absent_factor), _READY)
        if phase is not _PLAYING or not me.deck:
            return None
        live = state.live
        mine: list[Card] = []
        theirs: list[Card] = []
        others: list[Card] = []
        for q, found in ((p, mine), (1 - p, theirs)):
            for pile in players[q].row:
                top = pile[0]
                if may_cover(live, pile):
                    found.append(top)
                else:
                    others.append(top)
        legal = theirs + mine
        if not legal:
            return None
        last = bot.last_card
        rng = bot.rng
        if rng.random() < prof.skill:
            pool = theirs or mine
            same = [c for c in pool if last is not None and c.rank == last.rank]
            target = (same or pool)[0]
        else:
            target = legal[int(rng.random() * len(legal))]
        chain = last is not None and target.rank == last.rank
        rt = timing.reaction(items, prof.chain_factor if chain else 1.0)
        due = start + rt
        if due < me.locked_until:
            due = me.locked_until
        plan = Plan(due, _COVER, target, -1, target)
        if others and timing.is_wrong(rt, items):
            # A near miss: a top one rank off a live rank looks most like a match.
            near = min(
                others, key=lambda c: (min((abs(c.rank - r) for r in live), default=13), c.uid)
            )
            plan.card = plan.top = near
            plan.wrong = True
        return plan

    def _confirm(
        self, bot: BotSeat, state: CaliforniaState, plan: Plan, now: int
    ) -> Command | None:
        phase = state.phase
        p = bot.player
        me = state.players[p]
        if plan.intent is _READY:
            return Slam(now, p) if phase is _STALLED and p not in state.ready else None
        card = plan.card
        if phase is not _PLAYING or card is None or now < me.locked_until or not me.deck:
            return None
        for q in (p, 1 - p):
            for pile in state.players[q].row:
                if pile[0] is card:
                    # Re-perception: the same top, and still (or, for a wrong attempt,
                    # still not) coverable.
                    if may_cover(state.live, pile) is plan.wrong:
                        return None
                    return Cover(now, p, card.code)
        return None
