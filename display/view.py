"""The plain, frozen view of the table the cabinet hands the display.

Everything here is a value: engine state (itself frozen) plus what only the cabinet knows
per seat (its position around the table, picks, lockout, LED state, assist level, keys,
bot or human) and cabinet notes (a panel offline, a photo finish). The display reads a
``TableView`` and never changes anything; ``display/`` imports no cabinet code, so the
cabinet translates its own types into these.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from display.boards import BoardCard
from display.layout import Position
from display.party_view import EventView
from engine.rules import Game
from engine.state import GameState

POSITIONS = tuple(Position)
"""Around the table, clockwise from the screen's bottom edge (the cabinet's front)."""


class Light(StrEnum):
    """One LED as the display draws it (the cabinet's ``Led`` by name)."""

    OFF = "off"
    DIM = "dim"
    ON = "on"
    BLINK = "blink"

    def lit(self, blink_on: bool, dim: float) -> float:
        """Brightness 0..1 now: BLINK follows the common blink phase; DIM glows at ``dim``,
        the level the cabinet drives its dim LEDs at (``TableView.dim``)."""
        if self is Light.BLINK:
            return 1.0 if blink_on else 0.0
        if self is Light.DIM:
            return dim
        return 1.0 if self is Light.ON else 0.0


@dataclass(frozen=True, slots=True)
class Lights:
    """A panel's LEDs: five slots, LEFT, RIGHT, SLAM."""

    slots: tuple[Light, ...] = (Light.OFF,) * 5
    left: Light = Light.OFF
    right: Light = Light.OFF
    slam: Light = Light.OFF


NO_LIGHTS = Lights()


class NoteKind(StrEnum):
    """What a seat's short-lived note tells: a penalty it took, or why a play was refused."""

    PENALTY = "penalty"
    REJECTED = "rejected"


@dataclass(frozen=True, slots=True)
class SeatNote:
    """A message drawn on a seat for a moment ("FALSE CALL +8", "J fits neither 3 nor 7")."""

    kind: NoteKind
    text: str
    until: int
    """Engine time (ms) the note stops showing."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the cabinet sees it."""

    index: int
    """Player index (0-based)."""
    position: Position = Position.SOUTH
    """Where the seat sits; its cards face it (unless ``upright``)."""
    upright: bool = False
    """Laptop mode: drawn upright for people in front of the screen (a north seat is not
    upside down; its LEFT and RIGHT aim as the screen shows them)."""
    picked: tuple[int, ...] = ()
    """Picked slots (0-based), oldest first."""
    lights: Lights = NO_LIGHTS
    keys: tuple[str, ...] = ()
    """Keyboard labels in panel order (slots 1-5, LEFT, RIGHT, SLAM); empty: no keyboard."""
    bot: bool = False
    label: str = ""
    """A short name for the seat ("bot quick", "keys 1", "panel")."""
    left_pile: int | None = None
    """The centre pile the seat's LEFT button aims at (Speed), after left-handed mirroring."""
    right_pile: int | None = None
    note: SeatNote | None = None
    """A penalty or a refused play to tell the table about (None: nothing to tell)."""
    four_colour: bool = False
    """Accessibility, per seat: this seat's cards in four suit colours."""
    large_cards: bool = False
    """Accessibility, per seat: this seat's cards drawn larger."""
    left_handed: bool = False
    """Accessibility, per seat: LEFT and RIGHT swapped (the layout may mirror too)."""


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


class FlowScreen(StrEnum):
    """Which of the player's flow's screens is up (cabinet/modes/flow/'s phases)."""

    ATTRACT = "attract"
    JOIN = "join"
    COUNTDOWN = "countdown"
    PLAYING = "playing"
    RESULT = "result"
    RESETTING = "resetting"
    """The failsafe's short card after an error (cabinet/modes/flow/director.py)."""
    PARTY = "party"
    """A party's event between its games: its own screen (``FlowView.party``;
    display/party.py, docs/party.md)."""


class SeatMark(StrEnum):
    """A seat in the join menu and on the result screen."""

    JOIN = "join"
    """A human seat that may press SLAM to join."""
    JOINED = "joined"
    READY = "ready"
    BOT = "bot"
    """A bot plays the seat (never joined, or taken over)."""


@dataclass(frozen=True, slots=True)
class OptionLine:
    """One row of a seat's options page: its name and the value shown."""

    name: str
    value: str


@dataclass(frozen=True, slots=True)
class SeatOptions:
    """A joined seat's own choices in the join menu (cabinet/modes/flow/options.py), drawn
    on its part of the join screen (display/seat_options.py)."""

    seat: int
    lines: tuple[OptionLine, ...]
    row: int | None = None
    """The row being changed while the seat's page is open; None: closed (one line)."""
    summary: tuple[str, ...] = ()
    """The choices in short phrases ("hints teach", "head start 3"), for the closed page."""
    hint: str = ""
    """What the seat's buttons do on its open page."""
    four_colour: bool = False
    large_cards: bool = False
    left_handed: bool = False


class ScreenCare(StrEnum):
    """How awake the screen is (screen care: attract with nobody pressing a while)."""

    AWAKE = "awake"
    DIM = "dim"
    """Drawn as usual under a dark veil."""
    BLANK = "blank"
    """Black, nothing drawn (the panels' SLAM LEDs breathe instead)."""


@dataclass(frozen=True, slots=True)
class ReplayMark:
    """A replay on screen (watch it again, attract's moments: issue 28 item 5): the table
    shows a stored game again under a REPLAY mark, with what it shows (``caption``), what
    to press (``hint``) and per seat who played it (``names``: the seats' labels meanwhile)."""

    caption: str
    hint: str = ""
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FlowView:
    """The player's flow around the game (cabinet/modes/flow/) as the screen shows it."""

    screen: FlowScreen
    game: Game = Game.SPEED
    rules: tuple[str, ...] = ()
    """The active game's rules on a short card (attract)."""
    menu: tuple[tuple[str, str], ...] = ()
    """The join menu: (row, value), rows chosen with slot buttons 1, 2, 3..."""
    row: int = 0
    """The chosen row."""
    menu_notes: tuple[str, ...] = ()
    """Join: per menu row its one plain line under it ("": none), e.g. the call rule's."""
    page: int = 0
    """Join: the menu's page shown (0-based) of ``pages`` (docs/menus.md)."""
    pages: int = 1
    next_page: str = ""
    """Join: what the page a turn goes to holds ("call rule"), for the page line."""
    left: int = 0
    """Result: whole seconds before it goes back to the join menu by itself (0: none)."""
    seats: tuple[SeatMark, ...] = ()
    """Per seat, what it has done in the join menu (or on the result screen)."""
    count: int = 0
    """The countdown's number (3, 2, 1)."""
    hint: str = ""
    """One line of what to press next."""
    names: tuple[str, ...] = ()
    """Per seat: the initials entered in the join menu, or "" (none)."""
    editing: tuple[int | None, ...] = ()
    """Per seat: the initial being entered (0-2, drawn in brackets); None: not entering."""
    scores: tuple[str, ...] = ()
    """Attract: the high-score table, shown in turn with the rules card (none: rules)."""
    board: BoardCard | None = None
    """Attract: the board on the card this turn (display/boards.py; None: not a board's
    turn). Over ``scores``: the boards replace the high-score table."""
    entered: tuple[str, ...] = ()
    """Result: the boards the game's players entered ("JAS: 2nd fastest today"), at most
    one line per seat."""
    stats: tuple[str, ...] = ()
    """Result: the game's numbers per seat (mean reaction, longest run), one per line."""
    idle: int = 0
    """Seconds left before nobody's presses send the cabinet back to attract (the
    "still playing?" warning, drawn over any screen); 0: no warning."""
    options: tuple[SeatOptions, ...] = ()
    """Join: each joined seat's own choices (its options page, open or closed)."""
    notes: tuple[str, ...] = ()
    """Result: why the game ended beyond the game's own reason ("P1 went quiet: a bot
    played on"), one per line."""
    low_power: bool = False
    """The Pi reports undervoltage now: attract shows a small LOW POWER sign
    (display/power_sign.py)."""
    care: ScreenCare = ScreenCare.AWAKE
    """Screen care: attract left alone dims, then goes black (docs/display.md)."""
    taken: frozenset[int] = frozenset()
    """Seats a bot plays for a player who went quiet (in play, and on the result)."""
    bots: str = ""
    """The bots' preset chosen in the join menu, while it is not yet seated (join,
    countdown); "": the seated bots tell their own."""
    labels: tuple[str, ...] = ()
    """Per seat: its one label from join to result ("JAS", "keys", "bot beginner",
    "JAS (bot)"), the table's seat label too (cabinet/adapters/screen/labels.py)."""
    replay: ReplayMark | None = None
    """A replay is on (the REPLAY mark instead of the flow's card: display/replay_mark.py)."""
    party: EventView | None = None
    """The party's event that is on (docs/party.md): on ``PARTY`` its screen; on attract
    its card, ahead of everything but the join prompt."""
    outcome: str = ""
    """Result: the card's first line instead of the engine's "P1 WINS!" (an event's game
    names its winner as the event counts it: cabinet/modes/party/outcome.py)."""


class ServicePage(StrEnum):
    """The service menu's page on screen (cabinet/modes/service/'s pages)."""

    MENU = "menu"
    BUTTONS = "buttons"
    LEDS = "leds"
    LATENCY = "latency"
    SETTINGS = "settings"
    BOOKKEEPING = "bookkeeping"
    SCORES = "scores"
    BOARDS = "boards"
    """The boards, their resets; clear one, hide an entry (docs/boards-screens.md)."""
    RESET = "reset"
    PAUSE = "pause"
    POWER = "power"
    EVENT = "event"
    """A party's event, as the operator runs it (docs/party.md)."""
    CODE = "code"
    """The operator lock's prompt: presses are shown as dots."""
    LOCKED = "locked"
    """The operator lock after too many wrong codes."""
    WRONG = "wrong"
    """The operator lock just refused a code: what it cost (tries left, or the lockout)."""


@dataclass(frozen=True, slots=True)
class ServiceView:
    """The operator's service menu (cabinet/modes/service/): drawn over everything."""

    page: ServicePage
    title: str = "SERVICE"
    lines: tuple[str, ...] = ()
    chosen: int | None = None
    """The highlighted line, if any."""
    grid: tuple[tuple[tuple[str, bool], ...], ...] = ()
    """Button and LED tests: per seat, per button (text, lit)."""
    message: str = ""
    error: str = ""
    """A refused setting's one-line reason (nothing was saved)."""
    hint: str = ""
    dots: int = 0
    """The code prompt: presses entered so far, shown as dots (never which buttons)."""
    warning: str = ""
    """A warning across the top of the page (the Pi's undervoltage), "" for none."""


@dataclass(frozen=True, slots=True)
class SoundCheck:
    """The operator changed a volume row in the service menu: one short sound at ``level``
    so they hear it. ``n`` counts the changes, so the window plays each one once."""

    n: int
    level: float


@dataclass(frozen=True, slots=True)
class SoundLevels:
    """The speakers' levels (0..1) the operator set in the service menu, applied at once
    (display/sound.py ``SoundBoard.set_levels``)."""

    game: float
    """Join, countdown, the game and the result."""
    attract: float
    """The attract demo (0: silent)."""
    attract_now: bool = False
    """The attract demo is up: effects play at ``attract``, otherwise at ``game``."""
    check: SoundCheck | None = None
    """The operator's latest test sound (None: none yet)."""

    @property
    def now(self) -> float:
        """The level effects play at now."""
        return self.attract if self.attract_now else self.game


@dataclass(frozen=True, slots=True)
class TableView:
    """What the display draws: the game state plus the cabinet's per-seat view."""

    state: GameState
    seats: tuple[SeatView, ...]
    dim: float
    """How bright a DIM lamp glows (0..1): the level the cabinet drives its dim LEDs at, so
    the lamps on screen match the panel's."""
    laptop: bool = False
    """Draw each seat's panel (LEDs and keyboard keys) on screen."""
    offline: tuple[str, ...] = ()
    """Panels whose link is down ("panel offline" banner)."""
    photo: PhotoFinish | None = None
    match: MatchView | None = None
    four_colour: bool = False
    flow: FlowView | None = None
    """The attract card, join menu, countdown or result screen over the table."""
    service: ServiceView | None = None
    """The operator's service menu, over everything (None: closed)."""
    sound: SoundLevels | None = None
    """The speakers' levels now (None: the installed config's volume, unchanged)."""


__all__ = [
    "NO_LIGHTS",
    "POSITIONS",
    "FlowScreen",
    "FlowView",
    "GameState",
    "Light",
    "Lights",
    "MatchView",
    "NoteKind",
    "OptionLine",
    "PhotoFinish",
    "Position",
    "ReplayMark",
    "ScreenCare",
    "SeatMark",
    "SeatNote",
    "SeatOptions",
    "SeatView",
    "ServicePage",
    "ServiceView",
    "SoundCheck",
    "SoundLevels",
    "TableView",
]
