"""The flow moved by the event (docs/party.md, "How the cabinet drives it"): its call
seated under the countdown (the flow deals the game at GO through ``EventPolicy``), and
back to attract after an event game's result. Only the flow director's public parts."""

from __future__ import annotations

from dataclasses import replace

from cabinet.modes import flow as fl
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.party.policy import EventPolicy, Seated
from engine.match import MatchRules
from engine.rules import Game

SINGLE = MatchRules.parse("single")
"""An event game is a match of its own: the event keeps the standings."""


def seat_call(
    director: FlowDirector, policy: EventPolicy, seated: Seated, game: Game, now: float
) -> None:
    """``seated`` at the table: the flow's countdown with the called seats joined and
    ready, named and with their players' choices; the table under it dealt from the
    call's seed for them alone (the other seats dark)."""
    flow = director.flow
    n, seats = len(seated.names), flow.seats
    shown = seated.shown or seated.names  # a hidden name is never drawn (docs/party.md)
    joined = frozenset(range(n))
    flow = replace(
        flow,
        phase=fl.FlowPhase.COUNTDOWN,
        since=now,
        last_press=now,
        pressed=(now,) * seats,
        joined=joined,
        ready=joined,
        taken=frozenset(),
        touched=joined,
        game=game,
        match=None,
        match_rules=SINGLE,
        saved=None,
        saved_game=None,
        names=tuple(shown[s] if s < n else "" for s in range(seats)),
        choices=tuple(seated.choices[s] if s < n else flow.defaults[s] for s in range(seats)),
        editing=(None,) * seats,
        options=(None,) * seats,
        holding=(None,) * seats,
        table_demo=False,
        demo_over=None,
        row=0,
        page=0,
        picked=None,
    )
    policy.seated = seated
    director.effects.dealer.players = n
    director.flow = flow
    director.effects.deal(game, seated.seed, {}, seated.chosen(), call=flow.call)
    director.status.note(flow)


def to_attract(director: FlowDirector, policy: EventPolicy, now: float) -> None:
    """Attract with a fresh demo (every seat), the event's game let go."""
    policy.seated = None
    director.effects.dealer.players = None
    flow, effects = fl.reset(director.flow, now)
    director.flow = flow
    director.effects.apply(flow, effects, _no_recall)
    director.status.note(flow)


def keep_awake(director: FlowDirector, now: float) -> float | None:
    """Screen care leaves the event's screens alone (docs/party.md, "Screens"): attract's
    idle time starts again, every pass; the next pass is due well before it would dim."""
    flow = director.flow
    if flow.phase is not fl.FlowPhase.ATTRACT:
        return None
    director.flow = fl.wake(flow, now)
    cfg = flow.config
    after = [s for s in (cfg.dim_after_s, cfg.blank_after_s) if s]
    return now + min(after) / 2 if after else None


def _no_recall(seat: int, initials: str) -> None:
    return None  # attract's effects name nobody


__all__ = ["SINGLE", "keep_awake", "seat_call", "to_attract"]
