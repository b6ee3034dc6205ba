"""The modes' stack (cabinet/modes/stack.py): a press goes down until a mode takes it, the
seat controls at the bottom; a mode that holds the ones below keeps presses, timers and
LEDs from them; the top mode with an answer wins; the flow asks its seating policy."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control
from cabinet.inputs import Inbox
from cabinet.loop import CabinetLoop, Press
from cabinet.modes.flow import FlowPhase, StartGame
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.flow.seating import Boards, FreePlay
from cabinet.modes.flow.state import Flow
from cabinet.modes.stack import Mode, ModeStack
from cabinet.panel import ALL_ON, ASLEEP, PanelLights
from display.view import FlowView
from tests.cabinet.rigs import FakeClock, cabinet_loop, cabinet_table, flow_config, press, wait

SLAM = Control.SLAM


class Seen(Mode):
    """A mode that notes every press it sees and takes them when ``takes``."""

    def __init__(
        self, *, takes: bool = False, holds: bool = False, due: float | None = None
    ) -> None:
        self.presses: list[Press] = []
        self.takes, self.holds, self.due = takes, holds, due
        self.lights: PanelLights | None = None

    def press(self, press: Press) -> Press | None:
        self.presses.append(press)
        return None if self.takes else press

    def holds_below(self) -> bool:
        return self.holds

    def deadline(self) -> float | None:
        return self.due

    def lights_for(self, seat: int) -> PanelLights | None:
        return self.lights


def stacked(*modes: Mode) -> tuple[CabinetLoop, FakeClock]:
    config = flow_config(idle_return_s=600, bot_takeover_s=0)
    clock = FakeClock()
    table = cabinet_table(config, clock)
    stack = ModeStack(*modes)
    stack.attach(table)
    return CabinetLoop(table, Inbox(), modes=stack), clock


def test_a_press_no_mode_takes_goes_down_to_the_seat_controls_and_the_engine() -> None:
    top, middle = Seen(), Seen()
    loop, clock = stacked(top, middle)
    press(loop, clock, 0, SLAM)
    assert [p.control for p in top.presses] == [SLAM] == [p.control for p in middle.presses]
    assert top.presses == middle.presses  # passed down as it came: seat, control, time
    assert top.presses[0].seat == 0
    assert len(loop.table.game_commands) == 1  # the seat's controller made it a command


def test_a_mode_that_takes_a_press_keeps_it_from_the_modes_below_and_the_engine() -> None:
    top, below = Seen(takes=True), Seen()
    loop, clock = stacked(top, below)
    press(loop, clock, 1, SLAM)
    assert len(top.presses) == 1
    assert below.presses == []
    assert len(loop.table.game_commands) == 0


def test_a_mode_holding_the_ones_below_keeps_their_presses_deadlines_and_lights() -> None:
    below = Seen(due=5.0)
    below.lights = ASLEEP
    top = Seen(holds=True)
    stack = ModeStack(top, below)
    assert stack.deadline() is None
    assert stack.lights_for(0) is None  # the game's, not the held mode's
    assert stack.press(Press(0, SLAM, 1.0)) is not None
    assert below.presses == []
    top.holds = False
    assert stack.deadline() == 5.0
    assert stack.lights_for(0) is ASLEEP


def test_the_top_mode_with_an_answer_wins() -> None:
    top, below = Seen(due=9.0), Seen(due=3.0)
    below.lights = ASLEEP
    stack = ModeStack(top, below)
    assert stack.lights_for(0) is ASLEEP  # the top has no answer
    top.lights = ALL_ON
    assert stack.lights_for(0) is ALL_ON
    assert stack.deadline() == 3.0  # deadlines: the soonest of the live modes
    assert stack.failsafe() is None  # nobody resets: a failure propagates


def test_a_single_game_is_a_stack_that_passes_every_press_to_the_game() -> None:
    import io

    from cabinet.modes.single import SingleGame

    config = flow_config(idle_return_s=600, bot_takeover_s=0)
    clock = FakeClock()
    table = cabinet_table(config, clock)
    single = SingleGame(table, seed=1, bots={}, records=None, out=io.StringIO())
    stack = ModeStack(single)
    assert stack.press(Press(0, SLAM, clock.t)) == Press(0, SLAM, clock.t)
    assert stack.failsafe() == single.reset


class Event(FreePlay):
    """A seating policy standing in for the party's event: its own attract line, and it
    notes every game it seats."""

    def __init__(self) -> None:
        self.seated: list[StartGame] = []

    def seat(self, start: StartGame) -> StartGame:
        self.seated.append(start)
        return start

    def screen(self, view: FlowView, flow: Flow, boards: Boards, now: float) -> FlowView:
        return replace(view, hint="NEXT UP: P1") if flow.phase is FlowPhase.ATTRACT else view


def phase(director: FlowDirector) -> FlowPhase:
    """Read through a call, so that mypy does not narrow it between the steps."""
    return director.flow.phase


def test_the_flow_asks_its_seating_policy_who_sits_and_what_the_screen_shows() -> None:
    config = flow_config(idle_return_s=600, bot_takeover_s=0)
    clock = FakeClock()
    policy = Event()
    director = FlowDirector(config, clock=clock, policy=policy)
    loop = cabinet_loop(config, clock, flow=director)
    assert director.flow_view()[0].hint == "NEXT UP: P1"
    press(loop, clock, 0, SLAM)  # joins
    press(loop, clock, 0, SLAM)  # ready: the countdown
    assert phase(director) is FlowPhase.COUNTDOWN
    assert director.flow_view()[0].hint != "NEXT UP: P1"
    wait(loop, clock, 2.1)
    assert phase(director) is FlowPhase.PLAYING
    (start,) = policy.seated
    assert 0 not in dict(start.bots)  # the seat that joined plays; the other is a bot
    assert 1 in dict(start.bots)
