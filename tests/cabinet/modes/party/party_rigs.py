"""A party's event at a cabinet on a fake clock (for tests/cabinet/modes/party/): the real
loop with the modes' stack (the event mode over the flow), scripted presses at the seats
(the loop's own ``ButtonEdge``s, as the GPIO and keyboard adapters put them in), and each
called game played out by bots standing in at the called seats' controls (their moves
are commands at the player's seat: the flow sees no takeover)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cabinet.config import CabinetConfig, Control, Inputs
from cabinet.inputs import Inbox
from cabinet.kiosk.records import Records
from cabinet.loop import CabinetLoop
from cabinet.modes.flow.director import FlowDirector
from cabinet.modes.party.core import Stage
from cabinet.modes.party.mode import EventMode, party_policy
from cabinet.modes.stack import ModeStack
from engine.bots import Bot
from tests.cabinet.rigs import FakeClock, cabinet_table, flow_config, press, run_until


@dataclass
class PartyRig:
    loop: CabinetLoop
    flow: FlowDirector
    party: EventMode
    clock: FakeClock
    stack: ModeStack

    def stage(self) -> Stage:
        return self.party.party.stage()

    def press(self, seat: int, control: Control) -> None:
        press(self.loop, self.clock, seat, control)

    def until(self, done: object, passes: int = 200_000) -> None:
        assert callable(done)
        run_until(self.loop, self.clock, done, passes)

    def sign_up(self, seat: int, name: str) -> None:
        """``name`` entered at ``seat``: slot 4, the letters by RIGHT / LEFT, SLAM."""
        self.press(seat, Control.SLOT4)
        for k, letter in enumerate(name):
            by = ord(letter) - ord("A")
            control = Control.RIGHT if by <= 13 else Control.LEFT
            for _ in range(by if by <= 13 else 26 - by):
                self.press(seat, control)
            if k < 2:
                self.press(seat, Control.SLOT4)
        self.press(seat, Control.SLAM)

    def called(self) -> tuple[str, ...]:
        calling = self.party.party.calling
        return () if calling is None else calling.present

    def wait_call(self) -> None:
        """Until a call is up at the table, or the event is over."""
        self.until(lambda: self.called() or self.stage() is Stage.OVER)

    def play_called(self, salt: int = 0) -> None:
        """The players called press SLAM at their seats; bots stand in at their controls
        once the game is on; until it is decided and the next call (or the podium)."""
        present = self.called()
        for seat in range(len(present)):
            self.press(seat, Control.SLAM)
        seated = self.party.party.policy.seated
        if not present and seated is not None:  # they were all in already
            present = seated.names
        self.until(lambda: self.stage() is Stage.SEATED and self.flow.flow.phase.value == "playing")
        for seat in range(len(present)):
            self.loop.table.set_bot(seat, Bot(seat, "hard", 7 * salt + seat))
        self.until(lambda: self.stage() is not Stage.SEATED)
        self.until(lambda: self.stage() is not Stage.RESULT)


def party_config(seats: int) -> CabinetConfig:
    """A laptop cabinet of ``seats`` player seats (the ones past the keyboard's two as
    keyboard seats without keys: their presses come as the loop's edges)."""
    config = flow_config(seats, min(2, seats), idle_return_s=3600, bot_takeover_s=0)
    players = tuple(
        replace(s, inputs=Inputs.KEYBOARD, keys=None) if s.inputs is Inputs.BOT else s
        for s in config.seats
    )
    return replace(config, seats=players)


def rig(seats: int = 2, records: Records | None = None) -> PartyRig:
    config = party_config(seats)
    clock = FakeClock()
    director = FlowDirector(config, clock=clock, records=records, policy=party_policy())
    mode = EventMode(director, cabinet="test")
    table = cabinet_table(config, clock)
    stack = ModeStack(mode, director)
    stack.attach(table)
    loop = CabinetLoop(table, Inbox(), modes=stack)
    return PartyRig(loop, director, mode, clock, stack)
