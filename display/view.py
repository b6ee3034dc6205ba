"""The plain, frozen view of the table the cabinet hands the display.

Everything here is a value: engine state (itself frozen) plus what only the cabinet knows
per seat (its position around the table, picks, lockout, LED state, assist level, keys,
bot or human) and cabinet notes (a panel offline, a photo finish). The display reads a
``TableView`` and never changes anything; ``display/`` imports no cabinet code, so the
cabinet translates its own types into these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeAlias

from engine.games.california import CaliforniaState
from engine.games.speed import SpeedState
from engine.games.spit import SpitState

GameState: TypeAlias = SpeedState | SpitState | CaliforniaState

POSITIONS = ("south", "west", "north", "east")
"""Around the table, clockwise from the screen's bottom edge (the cabinet's front)."""


class Light(StrEnum):
    """One LED as the display draws it (the cabinet's ``Led`` by name)."""

    OFF = "off"
    DIM = "dim"
    ON = "on"
    BLINK = "blink"

    def lit(self, blink_on: bool) -> float:
        """Brightness 0..1 now: BLINK follows the common blink phase."""
        if self is Light.BLINK:
            return 1.0 if blink_on else 0.0
        return {Light.OFF: 0.0, Light.DIM: 0.3, Light.ON: 1.0}[self]


@dataclass(frozen=True, slots=True)
class Lights:
    """A panel's LEDs: five slots, LEFT, RIGHT, SLAM."""

    slots: tuple[Light, ...] = (Light.OFF,) * 5
    left: Light = Light.OFF
    right: Light = Light.OFF
    slam: Light = Light.OFF


NO_LIGHTS = Lights()


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the cabinet sees it."""

    index: int
    """Player index (0-based)."""
    position: str = "south"
    """One of ``POSITIONS``: where the seat sits; its cards face it."""
    picked: tuple[int, ...] = ()
    """Picked slots (0-based), oldest first."""
    lights: Lights = NO_LIGHTS
    assist: str = "none"
    """"none", "targets" or "cards" (what the LEDs already reflect)."""
    keys: tuple[str, ...] = ()
    """Keyboard labels in panel order (slots 1-5, LEFT, RIGHT, SLAM); empty: no keyboard."""
    bot: bool = False
    label: str = ""
    """A short name for the seat ("bot hard", "keys 1", "panel")."""
    left_pile: int | None = None
    """The centre pile the seat's LEFT button aims at (Speed), after left-handed mirroring."""
    right_pile: int | None = None


@dataclass(frozen=True, slots=True)
class PhotoFinish:
    """Two seats raced for one pile with their button edges under 50 ms apart."""

    pile: int
    winner: int
    loser: int
    margin_ms: float
    t: int
    """Engine time (ms) of the winning play: the overlay shows for a short while after."""


@dataclass(frozen=True, slots=True)
class MatchView:
    """The match scoreboard: format text ("best of 3"), score per seat, game number."""

    title: str
    score: tuple[int, ...]
    game: int
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class FlowView:
    """The player's flow around the game (cabinet/modes/flow.py) as the screen shows it."""

    screen: str
    """"attract", "join", "countdown", "playing" or "result"; "resetting": the failsafe's
    short card after an error (cabinet/modes/director.py)."""
    game: str = "speed"
    rules: tuple[str, ...] = ()
    """The active game's rules on a short card (attract)."""
    menu: tuple[tuple[str, str], ...] = ()
    """The join menu: (row, value), rows chosen with slot buttons 1, 2, 3..."""
    row: int = 0
    """The chosen row."""
    seats: tuple[str, ...] = ()
    """Per seat: "join" (press SLAM), "joined", "ready" or "bot"."""
    count: int = 0
    """The countdown's number (3, 2, 1)."""
    hint: str = ""
    """One line of what to press next."""
    names: tuple[str, ...] = ()
    """Per seat: the initials entered in the join menu, or "" (none)."""
    editing: tuple[int, ...] = ()
    """Per seat: the initial being entered (0-2, drawn underlined), or -1."""
    scores: tuple[str, ...] = ()
    """Attract: the high-score table, shown in turn with the rules card (none: rules)."""
    stats: tuple[str, ...] = ()
    """Result: the game's numbers per seat (mean reaction, longest run), one per line."""


@dataclass(frozen=True, slots=True)
class ServiceView:
    """The operator's service menu (cabinet/modes/service.py): drawn over everything."""

    page: str
    """"menu", "buttons", "leds", "latency", "settings", "bookkeeping", "scores", "reset",
    "pause", "power"; the operator lock's "code" (the prompt) and "locked"."""
    title: str = "SERVICE"
    lines: tuple[str, ...] = ()
    chosen: int = -1
    """The highlighted line (-1: none)."""
    grid: tuple[tuple[tuple[str, bool], ...], ...] = ()
    """Button and LED tests: per seat, per button (text, lit)."""
    message: str = ""
    error: str = ""
    """A refused setting's one-line reason (nothing was saved)."""
    hint: str = ""
    dots: int = 0
    """The code prompt: presses entered so far, shown as dots (never which buttons)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """What the display draws: the game state plus the cabinet's per-seat view."""

    state: GameState
    seats: tuple[SeatView, ...]
    blink_on: bool = True
    """The cabinet's common blink phase (LEDs and the screen blink together)."""
    laptop: bool = False
    """Draw each seat's panel (LEDs and keyboard keys) on screen."""
    offline: tuple[str, ...] = ()
    """Panels whose link is down ("panel offline" banner)."""
    photo: PhotoFinish | None = None
    match: MatchView | None = None
    four_colour: bool = False
    messages: tuple[str, ...] = field(default=())
    """Other short cabinet notes to show (e.g. "demo: no humans")."""
    flow: FlowView | None = None
    """The attract card, join menu, countdown or result screen over the table."""
    service: ServiceView | None = None
    """The operator's service menu, over everything (None: closed)."""


__all__ = [
    "NO_LIGHTS",
    "POSITIONS",
    "FlowView",
    "GameState",
    "Light",
    "Lights",
    "MatchView",
    "PhotoFinish",
    "SeatView",
    "ServiceView",
    "TableView",
]
