"""What a checked config is: frozen dataclasses and enums, and the cabinet's fixed facts
(positions, header pins, key sets). No parsing here (``parse.py``, ``seats.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from cabinet.errors import CabinetError
from cabinet.panel import Control
from engine.match import SINGLE, MatchRules
from engine.rules import Rules


class ConfigError(ValueError, CabinetError):
    """A config the cabinet cannot run; the message names the key and the fix."""


class Inputs(StrEnum):
    GPIO = "gpio"
    SERIAL = "serial"
    KEYBOARD = "keyboard"
    BOT = "bot"


class Assist(StrEnum):
    """Hint LEDs per seat (parent-versus-child games)."""

    NONE = "none"
    """Only feedback: the picked slot, and LEFT/RIGHT when the picked card fits there."""
    TARGETS = "targets"
    """Also, with nothing picked, LEFT/RIGHT light when any held card fits that pile."""
    CARDS = "cards"
    """Also slot LEDs (where fitted) glow dimly for every playable card."""
    TEACH = "teach"
    """For beginners: feedback as ``none`` until the seat has had a legal play for a while
    and made none; then its hint escalates, first the card's slot, then also the pile it
    fits (``cabinet/controls/teach.py``). Nothing glows while nobody can play."""


class PinFactoryKind(StrEnum):
    LGPIO = "lgpio"
    MOCK = "mock"


POSITIONS = ("south", "west", "north", "east")
"""Around the table, clockwise from the cabinet's front."""

DEFAULT_POSITIONS = {2: ("south", "north"), 3: ("south", "west", "north"), 4: POSITIONS}

FREE_PINS = tuple(range(2, 28))
"""BCM 2-27: the 40-pin header's GPIOs. BCM 0 and 1 belong to the HAT ID EEPROM."""

PULLED_UP_PINS = (2, 3)
"""BCM 2 and 3 have 1.8 kOhm pull-ups on the board: fine for buttons, wrong for LEDs."""

KEY_SETS = (1, 2)
"""Two players share one keyboard: key set 1 (left hand side) and 2 (right hand side)."""

CODE_LENGTH = (4, 8)
"""The operator code's shortest and longest length, in presses."""


@dataclass(frozen=True, slots=True)
class SerialPort:
    path: str | None = None
    vid: int | None = None
    pid: int | None = None
    serial_number: str | None = None


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One player position and what is in it."""

    index: int
    """Player index (0-based): the order of the ``[[seat]]`` tables."""
    position: str
    inputs: Inputs
    assist: Assist = Assist.NONE
    left_handed: bool = False
    four_colour: bool = False
    """This seat's cards in four suit colours (chosen at join, kept with its initials)."""
    large_cards: bool = False
    """This seat's cards drawn larger (chosen at join, kept with its initials)."""
    turned: bool = False
    """The seats go round clockwise, so pile i (the seat's LEFT by the rules) lies on the
    player's right: LEFT and RIGHT swap so each aims at the pile on its own side (3-4
    seats; ``cabinet.config.seats.turn_round``, docs/display.md, "Whose piles")."""
    upright: bool = False
    """Laptop mode: drawn upright for people side by side in front of one screen, not
    turned to face the seat's edge (a north seat is not upside down); its LEFT and RIGHT
    aim as the screen shows them (docs/display.md, "Laptop mode")."""
    pull_up: bool = True
    """Internal pull-up, switch to ground: the pin reads low (active-low) when pressed."""
    buttons: Mapping[Control, int] = field(default_factory=dict)
    leds: Mapping[Control, int] = field(default_factory=dict)
    difficulty: str | None = None
    keys: int | None = None
    serial: SerialPort | None = None

    @property
    def name(self) -> str:
        return f"seat[{self.index + 1}]"

    def pins(self) -> list[int]:
        return [*self.buttons.values(), *self.leds.values()]


@dataclass(frozen=True, slots=True)
class WindowSize:
    """A window's size in pixels (laptop mode's ``run --size``)."""

    width: int
    height: int

    LIMITS: ClassVar[str] = "the table needs at least 640x360 and at most 16384 a side"

    def fits(self) -> bool:
        """Big enough to lay the table out in, and a size SDL can open."""
        return 640 <= self.width <= 16384 and 360 <= self.height <= 16384

    def tuple(self) -> tuple[int, int]:
        return (self.width, self.height)


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    """The ``[display]`` table: the screen and the speakers."""

    fullscreen: bool = False
    """Fill the screen (kiosk mode's ``[display] fullscreen``, laptop mode's
    ``run --fullscreen``); otherwise a window that may be resized."""
    window: WindowSize | None = None
    """The window's size at the start (None: 1280x720); laptop mode's ``run --size``."""
    four_colour: bool = False
    """Diamonds blue and clubs green."""
    volume: int = 70
    """Sound effects in a game (join, countdown, play, result), 0-100; the service menu
    changes it at once."""
    attract_volume: int = 30
    """Sound effects of the attract demo, 0-100 (0: a silent demo); lower than the game's
    so an idle cabinet does not fill the room."""
    mute: bool = False
    """No sound at all (the installed config's switch: no menu row, no player turns it)."""


@dataclass(frozen=True, slots=True)
class FlowConfig:
    """The ``[flow]`` table: the player's flow around the games (cabinet/modes/flow/)."""

    idle_return_s: int = 60
    """No press from any player this long returns to attract mode."""
    bot_takeover_s: int = 0
    """A joined seat with no press this long mid-game is played by a bot; 0 turns it off."""
    countdown_s: int = 3
    """The countdown before the starters flip."""
    dim_after_s: int = 300
    """Screen care: attract with no press this long dims the screen; 0: never dims."""
    blank_after_s: int = 900
    """Screen care: attract with no press this long (counted like ``dim_after_s``, so
    more than it) blacks the screen out, the SLAM LEDs breathing; 0: never goes black."""


@dataclass(frozen=True, slots=True)
class DayStart:
    """The local time a cabinet day starts at (06:00: a night's last games count for the
    evening they were played in)."""

    hour: int = 6
    minute: int = 0

    def __str__(self) -> str:
        return f"{self.hour:02d}:{self.minute:02d}"


@dataclass(frozen=True, slots=True)
class BoardsConfig:
    """The ``[boards]`` table (cabinet/config/boards.py; docs/boards.md)."""

    day_start: DayStart = DayStart()
    """The cabinet day's start, local time (``"HH:MM"`` in the file)."""
    reset_every: int = 0
    """Plays of a kind after which its all-time board restarts, keeping its Champion; 0:
    never (off)."""


@dataclass(frozen=True, slots=True)
class CabinetConfig:
    seats: tuple[SeatConfig, ...]
    rules: Rules
    match: MatchRules = SINGLE
    seed: int | None = None
    pin_factory: PinFactoryKind = PinFactoryKind.LGPIO
    debounce_ms: int = 5
    """Accept a pin's first edge, then ignore that pin this long (and require a release
    of at least this long before the next press)."""
    stuck_ms: int = 10_000
    service_hold_ms: int = 2_000
    """The service chord (SLOT1 + SLOT5) held at least this long and then let go pauses or
    resumes; held to ``stuck_ms`` it does nothing, so ``stuck_ms`` must be the larger."""
    led_pwm: bool = True
    two_hand: bool = False
    """docs/rules.md H-2: two cards in flight per seat instead of one."""
    source: str = "<config>"
    set_aside: str = ""
    """Saved operator settings this start could not use (cabinet/kiosk/settings
    ``start_settings``), one line for the service menu; "" when none."""
    display: DisplayConfig = DisplayConfig()
    flow: FlowConfig = FlowConfig()
    boards: BoardsConfig = BoardsConfig()
    """The ``[boards]`` table (cabinet/config/boards.py; docs/boards.md)."""
    service_pin: int | None = None
    """The operator's service button (BCM pin, to ground): opens the service menu."""
    operator_code: tuple[Control, ...] = ()
    """The buttons that unlock the full service menu from the two-SLAM hold (4-8); empty:
    no code, so the hold opens only the harmless pages (cabinet/modes/service/)."""

    def gpio_pins(self) -> int:
        return sum(len(s.pins()) for s in self.seats if s.inputs is Inputs.GPIO)
