"""A game of fewer players than the cabinet's seats (docs/party.md, "How the cabinet drives
it"): a 2-player game on a 4-seat table, the seats past its players dark, their presses
playing nothing, the game played out through the real loop; the dealer's rules for it."""

from __future__ import annotations

import random
from dataclasses import replace

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.config import Control
from cabinet.modes.flow.dealer import Dealer, for_players
from cabinet.modes.flow.director import FlowDirector
from engine.bots import Bot
from engine.game import new_game
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, press, run_until


def test_a_two_player_game_plays_on_a_four_seat_table() -> None:
    config = flow_config(4, 2, idle_return_s=600, bot_takeover_s=0)
    clock = FakeClock()
    loop = cabinet_loop(config, clock, flow=FlowDirector(config, clock=clock))
    rules = for_players(config.rules, 2)
    state, _ = new_game(rules, random.Random(5), 5)
    loop.table.swap_game(state, {0: Bot(0, "hard", 1), 1: Bot(1, "hard", 2), 2: None, 3: None})
    for control in (Control.SLAM, Control.LEFT, Control.SLOT1):
        press(loop, clock, 2, control)  # nobody's seat in this game: nothing happens
        press(loop, clock, 3, control)
    assert not loop.table.game_commands
    shown = ScreenFeed(loop.table.seats, laptop=True).view_of(loop.table.state)
    assert [s.index for s in shown.seats] == [0, 1]  # the dark seats are not drawn
    run_until(loop, clock, lambda: loop.table.state.is_over)
    assert loop.table.state.is_over
    assert len(loop.table.state.players) == 2


def test_the_dealer_deals_the_players_called() -> None:
    config = flow_config(4, 2, idle_return_s=600, bot_takeover_s=0)
    dealer = Dealer(config)
    assert dealer.rules(config.rules.game, ()).players == 4
    dealer.players = 3
    three = dealer.rules(config.rules.game, ())
    assert three.players == 3
    assert three.decks == 1  # the deal for three, not four's two decks
    assert replace(three, players=4, decks=2) == replace(config.rules, handicaps=())
