"""Whole bot-vs-bot games of Spit and California through the cabinet loop with mock panels,
the service chord in those games, the laptop run's ``--game``, and a lockout ending on the
screen as on a panel."""

from __future__ import annotations

import contextlib
import io
import random
from typing import Any

import pytest

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.adapters.textview import table_text
from cabinet.config import Control, laptop_config, parse_config
from cabinet.inputs import ButtonEdge, Inbox
from cabinet.loop import CabinetLoop, Published, Table, seat_runtime
from cabinet.panel import Led, PanelLights
from cabinet.run import run_cabinet
from display.view import Light
from engine import game
from engine.bots import Bot
from engine.commands import Pause
from engine.events import ActionRejected, Reason
from engine.games.speed import SPEED, SpeedState
from engine.invariants import check_invariants
from engine.protocol import LegalPlay
from engine.rules import find_rules
from engine.state import GameState, Phase
from tests.cabinet.rigs import FakeClock, cabinet_loop, press, run_until, wait
from tests.engine.positions import spit_position

# Whole games through the cabinet loop.


class MockPanel:
    """A panel double: records what it was told to show."""

    def __init__(self) -> None:
        self.shown: list[PanelLights] = []
        self.off = 0

    def show(self, lights: PanelLights, blink_on: bool, slow_on: bool = True) -> None:
        self.shown.append(lights)

    def all_off(self) -> None:
        self.off += 1


def _config(game_name: str, **rules: Any) -> Any:
    return parse_config(
        {
            "game": game_name,
            "cabinet": {"pin_factory": "mock"},
            "rules": {"stall_delay_ms": 300, **rules},
            "seat": [{"controls": "bot", "assist": "cards"}, {"controls": "bot"}],
        }
    )


@pytest.mark.parametrize("game_name", ["spit", "california"])
def test_bot_vs_bot_game_runs_to_the_end_through_the_cabinet_loop(game_name: str) -> None:
    config = _config(game_name, slap_timeout_ms=2000)
    clock = FakeClock()
    panels = [MockPanel(), MockPanel()]
    seats = [
        seat_runtime(
            sc,
            debounce_ms=5,
            stuck_ms=10_000,
            service_hold_ms=2000,
            two_hand=False,
            panel=panels[sc.index],
            bot=Bot(sc.index, "impossible", 40 + sc.index),
        )
        for sc in config.seats
    ]
    state, _ = game.new_game(config.rules, random.Random(4), 4)
    phases: set[Phase] = set()
    kinds: set[str] = set()

    def watch(pub: Published) -> None:
        check_invariants(pub.state)
        phases.add(pub.state.phase)
        kinds.update(e.type for e in pub.events)

    loop = CabinetLoop(Table(state, seats, clock=clock), Inbox(), observers=[watch])
    assert type(seats[0].controller).__name__.lower().startswith(game_name)
    run_until(loop, clock, lambda: loop.state.is_over, passes=100_000)
    assert loop.state.is_over
    assert "won" in kinds or "tied" in kinds
    slams = {lights.slam for lights in panels[0].shown}
    assert Led.BLINK in slams  # a stall's SLAM cue (and in Spit the slap cue)
    if game_name == "spit":
        assert Phase.SLAP in phases
        assert {"slapped", "redealt", "played"} <= kinds
        assert any(
            lights.slam is Led.BLINK and lights.left is Led.ON for lights in panels[0].shown
        )  # the slap cue with assist cards
    else:
        assert {"covered", "redealt"} <= kinds
    # Lit slot LEDs for the assisted seat at some point: what could be played or covered.
    assert any(Led.DIM in lights.slots for lights in panels[0].shown)


@pytest.mark.parametrize("game_name", ["spit", "california"])
def test_service_chord_pauses_without_a_game_press(game_name: str) -> None:
    config = parse_config(
        {
            "game": game_name,
            "cabinet": {"pin_factory": "mock"},
            "seat": [{"controls": "keyboard", "keys": 1}, {"controls": "bot"}],
        }
    )
    clock = FakeClock()
    loop = cabinet_loop(config, clock, seed=2)
    t = clock.t
    loop.process(
        [ButtonEdge(t, 0, Control.SLOT5, True), ButtonEdge(t + 0.01, 0, Control.SLOT1, True)]
    )
    clock.t = t + 2.02
    loop.process(  # let go after the hold (issue 25 item 10)
        [
            ButtonEdge(t + 2.02, 0, Control.SLOT5, False),
            ButtonEdge(t + 2.02, 0, Control.SLOT1, False),
        ]
    )
    assert loop.state.paused
    # SLOT5 went to the game (a Spit pick; nothing with California rows of 4), but SLOT1,
    # the chord's second button, did not: in Spit it would have moved the pick into slot 1
    # (were it empty), in California covered pile 1. Only the pause came from seat 0.
    mine = [c for c in loop.table.game_commands if getattr(c, "player", None) == 0]
    assert [type(c) for c in mine] == [Pause]


@pytest.mark.parametrize("game_name", ["spit", "california"])
def test_run_laptop_game_flag_plays_a_headless_bot_demo(
    game_name: str, mock_factory: Any, tmp_path: Any
) -> None:
    config = laptop_config(2, 0, "impossible", 5, game=game_name)
    assert config.rules.game == game_name
    out_path = tmp_path / "out.txt"
    with open(out_path, "w") as out:
        assert (
            run_cabinet(config, mock=True, seconds=0.4, seed=5, factory=mock_factory, out=out) == 0
        )
    text = out_path.read_text()
    assert "headless bot demo" in text
    assert f"playing {game_name.capitalize()}" in text
    assert f"start  {game_name}" in text
    assert f"end    {game_name}" in text


def test_run_writes_to_the_stdout_of_its_call(mock_factory: Any) -> None:
    """``out`` left out is ``sys.stdout`` as it is at the call: bound at import it would be
    whatever stdout was then (a closed capture, once that test ended)."""
    config = laptop_config(2, 0, "impossible", 5, game="spit")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert run_cabinet(config, mock=True, seconds=0.4, seed=5, factory=mock_factory) == 0
    assert "headless bot demo" in buf.getvalue()


def test_config_game_keys() -> None:
    two = [{"controls": "bot"}, {"controls": "bot"}]
    for name in ("spit", "california"):
        assert parse_config({"game": name, "seat": two}).rules.game == name
        assert parse_config({"game": name, "preset": name, "seat": two}).rules.game == name
    from cabinet.config import ConfigError

    with pytest.raises(ConfigError, match="for 2 players"):
        parse_config({"game": "spit", "seat": [*two, {"controls": "bot"}]})
    with pytest.raises(ConfigError, match='game = "california" use one of california'):
        parse_config({"game": "california", "preset": "kids", "seat": two})


# A rejection's lockout ends on the screen too (issue 15 item 1).


def _keyboard_loop(clock: FakeClock, state: GameState) -> tuple[CabinetLoop, ScreenFeed]:
    """Two keyboard seats (no panel: the screen shows their LEDs) around ``state``, the
    screen's feed watching."""
    config = laptop_config(2, 2, game=state.rules.game, seed=1)
    seats = [
        seat_runtime(sc, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False)
        for sc in config.seats
    ]
    feed = ScreenFeed(seats, laptop=True)
    return CabinetLoop(Table(state, seats, clock=clock), Inbox(), observers=[feed]), feed


def _shown(feed: ScreenFeed, seat: int = 0) -> str:
    """What the screen draws for a seat's LEDs, as ``rigs.lights`` writes them."""
    frame = feed.take()
    assert frame is not None
    view = frame.view.seats[seat].lights
    code = {Light.OFF: ".", Light.DIM: "o", Light.ON: "O", Light.BLINK: "*"}
    return (
        "".join(code[x] for x in view.slots)
        + f" {code[view.left]}{code[view.right]}{code[view.slam]}"
    )


def test_spit_rejected_move_is_dark_until_its_lockout_ends() -> None:
    clock = FakeClock()
    # P1: 4H over 9C in slot 1, KC alone in slot 2, three empty slots; centre 5D (P1's) / JS.
    state = spit_position(("4H9C.KC.-.-.-", "2D.TD.-.-.-"), ("5D", "JS"))
    loop, feed = _keyboard_loop(clock, state)
    press(loop, clock, 0, Control.SLOT2)  # KC, alone in its slot
    press(loop, clock, 0, Control.SLOT3)  # into an empty slot: nothing to reveal
    rejected = loop.table.game_events[-1]
    assert isinstance(rejected, ActionRejected)
    assert rejected.reason is Reason.NO_CARD_UNDER
    # Locked out: dark on screen, never a hint's light (issue 26 item 9).
    assert _shown(feed) == "..... ..."
    # A pick during the lockout waits, dark; the loop wakes when the lockout ends.
    press(loop, clock, 0, Control.SLOT1)
    assert _shown(feed) == "..... ..."
    assert loop.next_deadline() == loop.table.at(loop.state.players[0].locked_until)
    wait(loop, clock, 0.5)  # the lockout (400 ms) is over; nobody pressed
    assert "LOCKED" not in table_text(loop.state, loop.seats)
    # The pick shows its target at once: 4H fits P1's own pile (5D), LEFT, and may move
    # to the empty slots (9C is under it).
    assert _shown(feed) == "O.ooo O.."
    press(loop, clock, 0, Control.LEFT)
    assert loop.table.game_events[-1].type == "played"


def test_speed_rejected_play_is_dark_until_its_lockout_ends() -> None:
    clock = FakeClock()
    state, _ = game.new_game(find_rules("speed"), random.Random(3), 3)
    loop, feed = _keyboard_loop(clock, state)
    dealt = loop.state
    assert isinstance(dealt, SpeedState)
    hand = dealt.players[0].hand
    plays = SPEED.plays(dealt, 0)
    slot = next(k for k, card in enumerate(hand) if LegalPlay(card, 0) not in plays)
    press(loop, clock, 0, Control(f"slot{slot + 1}"))
    press(loop, clock, 0, Control.LEFT)
    assert loop.table.game_events[-1].type == "rejected"
    assert _shown(feed) == "..... ..."  # locked out: dark
    wait(loop, clock, 0.5)
    assert "*" not in _shown(feed)
