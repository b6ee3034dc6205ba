"""Issue 26 item 3: one label per seat from the join menu to the result, from what is
seated (cabinet/adapters/screen/labels.py): the bots' preset chosen in the join menu (not
the config's), a player's initials or input kind, and a takeover as visible as the name."""

from __future__ import annotations

import random

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.adapters.screen.labels import Seated, label
from cabinet.config import Control, Inputs
from cabinet.loop import CabinetLoop
from cabinet.modes.flow import FlowPhase
from cabinet.modes.flow.director import FlowDirector
from display.overlays import seat_pieces
from engine.bots import Bot
from engine.commands import Play, Slam
from engine.games.speed import start, step
from engine.games.speed.notation import parse_table
from tests.cabinet.rigs import FakeClock, cabinet_loop, flow_config, phase_of, press, wait

SLAM = Control.SLAM


def _rig(humans: int, takeover: int = 0) -> tuple[CabinetLoop, FlowDirector, FakeClock, ScreenFeed]:
    config = flow_config(2, humans, idle_return_s=60, bot_takeover_s=takeover, match="best-of-3")
    clock = FakeClock()
    director = FlowDirector(config, clock=clock)
    loop = cabinet_loop(config, clock, flow=director)
    return loop, director, clock, ScreenFeed(loop.seats, laptop=True, flow=director.flow_view)


def _labels(loop: CabinetLoop, feed: ScreenFeed) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The labels the table draws (each seat's status line) and the flow's (menu, result)."""
    view = feed.view_of(loop.state)
    assert view.flow is not None
    return tuple(s.label for s in view.seats), view.flow.labels


def _pieces(feed: ScreenFeed, loop: CabinetLoop) -> tuple[str, ...]:
    view = feed.view_of(loop.state)
    assert view.flow is not None
    return tuple(text for text, _ in seat_pieces(view.flow))


def _win(loop: CabinetLoop, clock: FakeClock) -> None:
    """P1 goes out and claims (the bots stay seated)."""
    rules = loop.state.rules
    won, _ = start(rules, parse_table("6C/KD4S -/- 7D/QS 3C/4H -", rules), random.Random(1))
    won, _ = step(won, Play(10, 0, "6C", 0))
    won, _ = step(won, Slam(20, 0))
    loop.table.swap_game(won, {s.config.index: s.bot for s in loop.seats})
    loop.catch_up(clock.t)


def test_a_beginner_chosen_in_the_menu_reads_bot_beginner_from_menu_to_result() -> None:
    loop, director, clock, feed = _rig(humans=1)
    assert loop.seats[1].bot is not None
    press(loop, clock, 0, SLAM)
    press(loop, clock, 0, Control.SLOT2)  # the bots row
    for _ in range(len(director.flow.difficulties)):
        if director.flow.difficulty == "beginner":
            break
        press(loop, clock, 0, Control.LEFT)
    assert director.flow.difficulty == "beginner"
    demo = loop.seats[1].bot
    assert isinstance(demo, Bot)
    assert demo.profile.name == "casual"  # the config's (its "easy" loads as casual)
    # The demo (the config's easy bots) still plays behind the menu: the label says who
    # will play.
    menu = _labels(loop, feed)
    assert menu == (("keys", "bot beginner"), ("keys", "bot beginner"))
    assert _pieces(feed, loop) == ("P1 keys SLAM to ready", "P2 bot beginner")
    press(loop, clock, 0, SLAM)
    assert phase_of(director) is FlowPhase.COUNTDOWN
    assert _labels(loop, feed) == menu
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING
    assert _labels(loop, feed) == menu
    _win(loop, clock)
    assert phase_of(director) is FlowPhase.RESULT
    assert _labels(loop, feed) == menu
    assert _pieces(feed, loop) == ("P1 keys SLAM to ready", "P2 bot beginner")


def test_initials_name_the_seat_and_a_takeover_shows_with_them() -> None:
    loop, director, clock, feed = _rig(humans=2, takeover=5)
    for seat in (0, 1):
        press(loop, clock, seat, SLAM)
    press(loop, clock, 0, Control.SLOT4)  # initials: the first letter
    name = director.flow.names[0]
    assert name
    press(loop, clock, 0, SLAM)  # done
    press(loop, clock, 0, SLAM)  # ready
    press(loop, clock, 1, SLAM)
    assert phase_of(director) is FlowPhase.COUNTDOWN
    assert _labels(loop, feed) == ((name, "keys"), (name, "keys"))
    wait(loop, clock, 2.1)
    assert phase_of(director) is FlowPhase.PLAYING
    assert _labels(loop, feed) == ((name, "keys"), (name, "keys"))
    press(loop, clock, 1, Control.SLOT1)
    wait(loop, clock, 4.7)  # P1 went quiet: a bot plays on
    assert loop.seats[0].bot is not None
    taken = f"{name} (bot)"
    assert _labels(loop, feed) == ((taken, "keys"), (taken, "keys"))
    press(loop, clock, 0, Control.SLOT2)  # back
    assert _labels(loop, feed) == ((name, "keys"), (name, "keys"))


def test_the_label_rules() -> None:
    assert label(Seated(Inputs.KEYBOARD, True)) == "keys"
    assert label(Seated(Inputs.GPIO, True)) == "panel"
    assert label(Seated(Inputs.SERIAL, True, "ZOE")) == "ZOE"
    assert label(Seated(Inputs.SERIAL, True, "ZOE", taken=True)) == "ZOE (bot)"
    assert label(Seated(Inputs.KEYBOARD, True, taken=True)) == "keys (bot)"
    assert label(Seated(Inputs.KEYBOARD, False, preset="beginner")) == "bot beginner"
    assert label(Seated(Inputs.BOT, False)) == "bot"
