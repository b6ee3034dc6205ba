"""The match around the games: a new one, or the one the records kept open through a
restart (``saved``: a power cut, a crash), played on from its score."""

from __future__ import annotations

from dataclasses import replace

from cabinet.modes.flow.messages import GameOver
from cabinet.modes.flow.state import Flow, seed_of
from engine.match import Match
from engine.rules import Game


def offer_saved(flow: Flow, saved: tuple[Game, Match] | None) -> Flow:
    """Offer ``saved`` (its game and score) in attract and the join menu, if it can be
    played on here: a game this cabinet runs, the same seats, undecided, begun."""
    if saved is None:
        return flow
    game, match = saved
    if game in flow.games and match.players == flow.seats and not match.is_over and match.results:
        return replace(flow, saved=match, saved_game=game, game=game, match_rules=match.rules)
    return flow


def match_to_play(flow: Flow) -> Flow:
    """The match the next game belongs to: the one running, else the saved one if the
    players chose its game and format, else a new one (which takes the next seed)."""
    match = flow.match
    if match is not None and not match.is_over:
        return flow
    deals = flow.deals
    if flow.saved is not None and flow.resumes():
        match = flow.saved  # play on from the score kept through the restart
    else:
        match = Match(flow.match_rules, flow.seats, seed_of(flow.seed, deals))
        deals += 1
    # A match is on: no other offer.
    return replace(flow, match=match, deals=deals, saved=None, saved_game=None)


def record(match: Match, result: GameOver) -> Match:
    """The match with the game just decided in it (a decided match takes no more)."""
    if match.is_over or len(result.cards_left) != match.players:
        return match
    return match.record(result.winner, result.cards_left)
