"""Deals the flow's games onto the loop's table: a game's rules with the seats' chosen
handicaps, each seat's bot (or player) and its config (the joined seats' hints and
accessibility: the controls rebuilt for a left hand)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from cabinet.config import CabinetConfig, SeatConfig
from cabinet.modes.flow.messages import Chosen
from cabinet.modes.flow.options import head_start_limit, seat_config, with_handicaps
from cabinet.modes.games import bot_for, playable_games, rules_at
from cabinet.modes.ports import Table
from engine.bots import Bot
from engine.game import new_game
from engine.rules import CallMode, Game, Rules


def for_players(rules: Rules, players: int) -> Rules:
    """``rules`` for a game of ``players`` (fewer than the cabinet's seats): the deal and
    decks that count fits (the engine's own defaults), every other option kept."""
    left_out = ("players", "decks", "deal", "handicaps")
    options = {k: v for k, v in rules.options().items() if k not in left_out}
    return Rules.from_options({**options, "players": players})


class Dealer:
    """Deals games at a cabinet from its config; ``seed`` salts every bot."""

    __slots__ = ("config", "players", "seed")

    def __init__(self, config: CabinetConfig) -> None:
        self.config = config
        self.seed = config.seed if config.seed is not None else random.randrange(1_000_000)
        self.players: int | None = None
        """The players the games dealt now seat (None: every seat); a party's event seats
        fewer when fewer are called (docs/party.md): the seats past them stay dark."""

    def rules(
        self, game: Game, chosen: Sequence[Chosen], call: CallMode | None = None, turn: int = 0
    ) -> Rules:
        """``game``'s rules here with the seats' chosen handicaps and Speed's ``call`` rule
        as the table chose it in the join menu (None, or another game: the rules' own),
        the deal turned ``turn`` seats (the same deal again: ``engine.turn``)."""
        rules = rules_at(self.config, game) or self.config.rules
        if self.players is not None and self.players != rules.players:
            rules = for_players(rules, self.players)
        rules = with_handicaps(rules, chosen)
        if call is not None and game is Game.SPEED:
            rules = replace(rules, call=call)
        return replace(rules, turn=turn % rules.players) if turn else rules

    def bot(self, seat: int, difficulty: str, salt: int) -> Bot:
        return bot_for(seat, difficulty, self.seed * 10 + seat + 1 + salt * 7919)

    def deal(
        self,
        table: Table,
        game: Game,
        seed: int,
        bots: Mapping[int, str],
        chosen: Sequence[Chosen] = (),
        *,
        call: CallMode | None = None,
        turn: int = 0,
    ) -> None:
        """Deal ``game`` in: ``bots`` by seat, the joined seats' ``chosen`` choices (the
        other seats as the config has them: a demo puts every seat back), Speed's ``call``,
        the deal turned ``turn`` seats."""
        seats = self.config.seats
        state, _ = new_game(self.rules(game, chosen, call, turn), random.Random(seed), seed)
        players = {
            s.index: (self.bot(s.index, bots[s.index], seed) if s.index in bots else None)
            for s in seats
        }
        configs: dict[int, SeatConfig] = {s.index: s for s in seats}
        for c in chosen:
            if c.seat in configs:
                configs[c.seat] = seat_config(configs[c.seat], c.choices)
        table.swap_game(state, players, configs)

    def head_start_limits(self, games: Sequence[Game] | None) -> dict[Game, int]:
        """Per game this cabinet offers, the most a head start may take here."""
        offered = tuple(games) if games is not None else playable_games(self.config)
        limits = {}
        for game in offered:
            rules = rules_at(self.config, game)
            if rules is not None:
                limits[game] = head_start_limit(rules)
        return limits


__all__ = ["Dealer", "for_players"]
