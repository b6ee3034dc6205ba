"""The cabinet's configuration: a TOML file read with tomllib, checked all at once.

A wrong config stops start-up with one ``ConfigError`` whose message names the key and the
fix; the CLI prints it on one line and exits 2. Keys are named as in the file, seats as
``seat[N]`` counting from 1 (the order of the ``[[seat]]`` tables is the player order).
See ``deploy/config.example.toml`` for every key with its default.

Pure: no hardware, no engine state; the rules options go through ``Rules.from_options``.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from engine.match import SINGLE, MatchError, MatchRules
from engine.rules import Game, Rules, RulesError, find_rules


class ConfigError(ValueError):
    """A config the cabinet cannot run; the message names the key and the fix."""


from cabinet.panel import CONTROLS as CONTROLS  # noqa: E402  (the one panel model, re-exported)
from cabinet.panel import Control as Control  # noqa: E402


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

FALLBACK_DIFFICULTIES = ("beginner", "easy", "medium", "hard", "expert", "impossible")


# The cabinet's number ranges: one table for the config parser and the service menu's
# number rows (cabinet/modes/service.py), so the menu only offers values the parser accepts.
# These are the cabinet's limits, not the engine's: ``Rules.from_options`` and the
# scenario command keep accepting what the contract allows (every count >= 0), and these
# are checked after it.


@dataclass(frozen=True, slots=True)
class Range:
    """A whole number a config key takes: ``low`` to ``high``; ``off``: 0 is also
    allowed (it turns the feature off); ``step``: the service menu's step."""

    key: str
    low: int
    high: int
    step: int = 1
    off: bool = False

    def allows(self, value: object) -> bool:
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        return self.low <= value <= self.high or (self.off and value == 0)

    def check(self, value: object, key: str | None = None) -> int:
        """``value`` if allowed, else ConfigError naming the key and the range."""
        if not self.allows(value):
            raise ConfigError(f"{key or self.key} = {_shown(value)}: {self.describe()}")
        assert isinstance(value, int)
        return value

    def describe(self) -> str:
        text = f"use a whole number from {self.low} to {self.high}"
        return text + (", or 0 to turn it off" if self.off else "")

    def values(self, current: int) -> tuple[int, ...]:
        """The service menu's choices: ``off`` (0) first if allowed, then ``low`` to
        ``high`` in steps, with ``current`` among them if it is allowed."""
        out = [0] if self.off else []
        out += range(self.low, self.high + 1, self.step)
        if self.allows(current) and current not in out:
            out.append(current)
        return tuple(sorted(out))


RANGES: dict[str, Range] = {
    r.key: r
    for r in (
        # 5 ms is the shortest window that still gives one press per chattering press on
        # every bounce train the tests drive through gpiozero's mock pins (contact chatter up
        # to 4.9 ms); 2 ms chatter needs at least 2 ms (tests/cabinet/test_debounce.py).
        Range("cabinet.debounce_ms", 5, 50),
        Range("cabinet.stuck_ms", 1_000, 600_000),
        Range("cabinet.service_hold_ms", 500, 10_000),
        Range("display.volume", 0, 100, step=10),
        Range("flow.idle_return_s", 10, 3600),
        Range("flow.bot_takeover_s", 5, 600, off=True),
        Range("flow.countdown_s", 1, 10),
        Range("rules.lockout_ms", 0, 5_000, step=50),
        Range("rules.stall_delay_ms", 250, 60_000, step=250),
        # A claim needs time to press SLAM: 0 makes every claim in call mode fail.
        Range("rules.call_timeout_ms", 500, 30_000, step=250),
        Range("rules.slap_timeout_ms", 1_000, 60_000, step=500),
        Range("rules.round_limit", 1, 100),
        Range("match.best-of", 1, 99, step=2),
        Range("match.series", 1, 50),
        Range("match.points", 1, 1_000, step=5),
        Range("seed", 0, 2**63 - 1),
    )
}
"""Every number the cabinet config takes, by key (pins: ``FREE_PINS``)."""

INT64 = (-(2**63), 2**63 - 1)
"""The scenario contract's number range; a config takes nothing outside it either."""
MAX_FILE_BYTES = 64 * 2**20
"""A config (or settings) file larger than this is refused unread, like a scenario."""


def _shown(value: object) -> str:
    """``repr(value)``, short for a huge number (str() of one raises ValueError)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_toml(path: str | os.PathLike[str], what: str = "config") -> dict[str, Any]:
    """A TOML file's mapping, or ConfigError (one line, naming the file and, for a number
    outside the 64-bit range, the key). OSError is the caller's (FileNotFoundError...)."""
    with open(path, "rb") as fh:
        raw = fh.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(f"{path}: larger than 64 MiB; not a cabinet {what}")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}); fix the syntax there") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except ValueError:
        # tomllib refuses integers of more than 4300 digits with a bare ValueError.
        raise ConfigError(
            f"{path}: {_huge_number(raw)}: a number outside the signed 64-bit range"
        ) from None
    try:
        _check_int64(data, "")
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return data


def _huge_number(raw: bytes) -> str:
    """Where the over-long number is (line and key), for the message."""

    text = raw.decode("utf-8", "replace")
    found = re.search(r"^[ \t]*([^=\n]*?)[ \t]*=[ \t]*[+-]?[0-9_]{100,}", text, re.M)
    if found is None:
        return "an over-long number"
    line = text.count("\n", 0, found.start()) + 1
    return f"line {line}: {found.group(1).strip() or 'a value'}"


def _check_int64(node: Any, where: str) -> None:
    """Refuse any integer outside the signed 64-bit range, naming its key."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            _check_int64(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _check_int64(value, f"{where}[{i + 1}]")
    elif isinstance(node, int) and not isinstance(node, bool) and not INT64[0] <= node <= INT64[1]:
        raise ConfigError(f"{where} = {_shown(node)}: a number outside the signed 64-bit range")


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
class DisplayConfig:
    """The ``[display]`` table: the screen and the speakers (issue 7)."""

    fullscreen: bool = False
    """Kiosk mode: fill the screen (laptop mode is always a window)."""
    four_colour: bool = False
    """Diamonds blue and clubs green."""
    volume: int = 70
    """Sound effects, 0-100."""
    mute: bool = False


@dataclass(frozen=True, slots=True)
class FlowConfig:
    """The ``[flow]`` table: the player's flow around the games (cabinet/modes/flow.py)."""

    idle_return_s: int = 60
    """No press from any player this long returns to attract mode."""
    bot_takeover_s: int = 0
    """A joined seat with no press this long mid-game is played by a bot; 0 turns it off."""
    countdown_s: int = 3
    """The countdown before the starters flip."""


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
    """Hold the service chord (SLOT1 + SLOT5) this long to pause or resume."""
    led_pwm: bool = True
    two_hand: bool = False
    """rules.md H-2: two cards in flight per seat instead of one."""
    source: str = "<config>"
    set_aside: str = ""
    """Saved operator settings this start could not use (cabinet/kiosk/settings.py
    ``start_settings``), one line for the service menu; "" when none."""
    display: DisplayConfig = DisplayConfig()
    flow: FlowConfig = FlowConfig()
    service_pin: int | None = None
    """The operator's service button (BCM pin, to ground): opens the service menu."""
    operator_code: tuple[Control, ...] = ()
    """The buttons that unlock the full service menu from the two-SLAM hold (4-8); empty:
    no code, so the hold opens only the harmless pages (cabinet/modes/service.py)."""

    def gpio_pins(self) -> int:
        return sum(len(s.pins()) for s in self.seats if s.inputs is Inputs.GPIO)


# Parsing.

_TOP = {"game", "preset", "match", "seed", "cabinet", "rules", "seat", "display", "flow"}
_FLOW = {"idle_return_s", "bot_takeover_s", "countdown_s"}
_DISPLAY = {"fullscreen", "four_colour", "volume", "mute"}
_CABINET = {
    "pin_factory",
    "debounce_ms",
    "stuck_ms",
    "service_hold_ms",
    "led_pwm",
    "two_hand",
    "service_pin",
    "operator_code",
}
_SEAT = {
    "position",
    "controls",
    "assist",
    "left_handed",
    "pull_up",
    "buttons",
    "leds",
    "difficulty",
    "keys",
    "serial",
}
_SERIAL = {"path", "vid", "pid", "serial_number"}


def load_config(path: str | Path) -> CabinetConfig:
    """Read and check a config file; raise ConfigError (one line) on any fault."""
    try:
        data = read_toml(path)
    except OSError as exc:
        raise ConfigError(f"cannot read config {path}: {exc.strerror or exc}") from None
    return parse_config(data, source=str(path))


def parse_config(data: Mapping[str, Any], source: str = "<config>") -> CabinetConfig:
    """Check a parsed config mapping; raise ConfigError naming the key and the fix."""
    try:
        _check_int64(data, "")
        return _parse(data, source)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {' '.join(str(exc).split())}") from None


def _unknown(table: Mapping[str, Any], known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            name = f"{where}.{key}" if where else key
            raise ConfigError(f"unknown key {name!r}; known keys here: {', '.join(sorted(known))}")


def _table(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise ConfigError(f"{where or key} must be a table ([{key}] or {key} = {{ ... }})")
    return value


def _int(value: Any, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ConfigError(f"{key} = {_shown(value)}: use a whole number from {low} to {high}")
    return value


def _number(table: Mapping[str, Any], name: str, default: int, where: str) -> int:
    """``table[name]`` (or ``default``) checked against ``RANGES[where.name]``."""
    key = f"{where}.{name}"
    return RANGES[key].check(table.get(name, default))


def _check_rules(rules: Rules) -> None:
    """The cabinet's ranges for the engine's numbers (after ``Rules.from_options``)."""
    for key, limits in RANGES.items():
        if key.startswith("rules."):
            limits.check(getattr(rules, key.removeprefix("rules.")))


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{key} = {value!r}: use true or false")
    return value


def _choice(value: Any, key: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        shown = ", ".join(f'"{a}"' for a in allowed)
        raise ConfigError(f"{key} = {value!r}: use one of {shown}")
    return value


def parse_match(value: Any, key: str = "match") -> MatchRules:
    """'single', 'best-of-N' (N odd), 'first-to-N' or 'margin-N' (engine.match)."""
    if isinstance(value, str) and len(value) > 40:
        # int() of a very long digit string raises; nothing that long is in range.
        raise ConfigError(
            f"{key} = {_shown(value)}: a match of at most "
            f"{RANGES['match.best-of'].high} games, e.g. best-of-3"
        )
    try:
        rules = MatchRules.parse(value)
    except MatchError as exc:
        raise ConfigError(f"{key} = {value!r}: {str(exc).split(': ', 1)[-1]}") from None
    limits = RANGES.get(f"match.{rules.format}")
    if limits is not None and not limits.allows(rules.target):
        raise ConfigError(
            f"{key} = {value!r}: {rules.format} takes {limits.low} to "
            f"{limits.high} (e.g. {rules.format}-3)"
        )
    return rules


def _parse(data: Mapping[str, Any], source: str) -> CabinetConfig:
    _unknown(data, _TOP, "")
    cab = _table(data, "cabinet", "[cabinet]")
    _unknown(cab, _CABINET, "cabinet")
    seats_raw = data.get("seat")
    if seats_raw is None:
        raise ConfigError("no [[seat]] tables; describe 2 to 4 seats, one [[seat]] each")
    if not isinstance(seats_raw, list) or not all(isinstance(s, Mapping) for s in seats_raw):
        raise ConfigError("seat must be an array of tables: write each seat as [[seat]]")
    if not 2 <= len(seats_raw) <= 4:
        raise ConfigError(f"{len(seats_raw)} [[seat]] tables; the cabinet seats 2 to 4 players")
    n = len(seats_raw)

    # The game and its rules.
    game = data.get("game", "speed")
    _choice(game, "game", tuple(g.value for g in Game))
    if game != Game.SPEED and n != 2:
        raise ConfigError(
            f'game = "{game}" is for 2 players, but there are {n} [[seat]] tables; '
            f'describe 2 seats or use game = "speed"'
        )
    base = None
    if "preset" in data:
        preset = data["preset"]
        try:
            base = find_rules(preset) if isinstance(preset, str) else None
        except RulesError:
            base = None
        if base is None or base.game != game:
            from engine.rules import PRESETS

            fits = [k for k, r in PRESETS.items() if r.game == game]
            raise ConfigError(
                f'preset = {preset!r}: for game = "{game}" use one of {", ".join(fits)}'
            )
    rules_raw = _table(data, "rules", "[rules]")
    for key in ("game", "players"):
        if key in rules_raw:
            where = "the top-level game key" if key == "game" else "the number of [[seat]] tables"
            raise ConfigError(f"rules.{key}: remove it; {where} decides it")
    try:
        rules = Rules.from_options({**rules_raw, "game": game, "players": n}, base)
    except RulesError as exc:
        raise ConfigError(f"[rules]: {exc}") from None
    _check_rules(rules)
    match = parse_match(data.get("match", "single"))
    seed = data.get("seed")
    if seed is not None:
        seed = RANGES["seed"].check(seed)

    # The cabinet.
    factory = PinFactoryKind(
        _choice(cab.get("pin_factory", "lgpio"), "cabinet.pin_factory", tuple(PinFactoryKind))
    )
    debounce = _number(cab, "debounce_ms", 5, "cabinet")
    stuck = _number(cab, "stuck_ms", 10_000, "cabinet")
    service = _number(cab, "service_hold_ms", 2_000, "cabinet")
    led_pwm = _bool(cab.get("led_pwm", True), "cabinet.led_pwm")
    two_hand = _bool(cab.get("two_hand", False), "cabinet.two_hand")

    disp = _table(data, "display", "[display]")
    _unknown(disp, _DISPLAY, "display")
    display = DisplayConfig(
        fullscreen=_bool(disp.get("fullscreen", False), "display.fullscreen"),
        four_colour=_bool(disp.get("four_colour", False), "display.four_colour"),
        volume=_number(disp, "volume", 70, "display"),
        mute=_bool(disp.get("mute", False), "display.mute"),
    )

    flow = _flow(_table(data, "flow", "[flow]"))

    seats = tuple(_seat(i, raw, n) for i, raw in enumerate(seats_raw))
    _check_positions(seats)
    _check_keys(seats)
    _check_pins(seats)
    service_pin = None
    if "service_pin" in cab:
        service_pin = _pin(cab["service_pin"], "cabinet.service_pin")
        _check_service_pin(service_pin, seats)
    code = parse_operator_code(cab["operator_code"]) if "operator_code" in cab else ()
    return CabinetConfig(
        seats=seats,
        rules=rules,
        match=match,
        seed=seed,
        pin_factory=factory,
        debounce_ms=debounce,
        stuck_ms=stuck,
        service_hold_ms=service,
        led_pwm=led_pwm,
        two_hand=two_hand,
        source=source,
        display=display,
        flow=flow,
        service_pin=service_pin,
        operator_code=code,
    )


CODE_LENGTH = (4, 8)
"""The operator code's shortest and longest length, in presses."""


def parse_operator_code(value: Any, key: str = "cabinet.operator_code") -> tuple[Control, ...]:
    """``"slot1 slot3 slam slot5"``: 4-8 button names, space-separated; ConfigError naming
    ``key`` and the fix otherwise."""
    names = value.lower().split() if isinstance(value, str) else None
    low, high = CODE_LENGTH
    fix = (
        f"use {low} to {high} button names from {' '.join(CONTROLS)}, separated by spaces "
        f'(e.g. "slot1 slot3 slam slot5"), or remove the key for no code'
    )
    if names is None or not low <= len(names) <= high:
        raise ConfigError(f"{key} = {value!r}: {fix}")
    bad = [n for n in names if n not in CONTROLS]
    if bad:
        raise ConfigError(f"{key} = {value!r}: {bad[0]!r} is no button; {fix}")
    return tuple(Control(n) for n in names)


def _flow(raw: Mapping[str, Any]) -> FlowConfig:
    _unknown(raw, _FLOW, "flow")
    idle = _number(raw, "idle_return_s", 60, "flow")
    takeover = _number(raw, "bot_takeover_s", 0, "flow")
    if takeover and takeover >= idle:
        raise ConfigError(
            f"flow.bot_takeover_s = {takeover}: a bot takes a quiet seat only before "
            f"the cabinet returns to attract; use fewer seconds than flow.idle_return_s "
            f"({idle}), or 0 to turn the takeover off"
        )
    countdown = _number(raw, "countdown_s", 3, "flow")
    return FlowConfig(idle_return_s=idle, bot_takeover_s=takeover, countdown_s=countdown)


def _difficulties() -> tuple[str, ...]:
    try:
        from engine.bots import BOT_PRESETS  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return FALLBACK_DIFFICULTIES
    return tuple(BOT_PRESETS)


def _seat(i: int, raw: Mapping[str, Any], n: int) -> SeatConfig:
    where = f"seat[{i + 1}]"
    _unknown(raw, _SEAT, where)
    if "controls" not in raw:
        raise ConfigError(
            f'{where}: no controls; add controls = "gpio", "serial", "keyboard" or "bot"'
        )
    inputs = Inputs(_choice(raw["controls"], f"{where}.controls", tuple(Inputs)))
    position = _choice(raw.get("position", DEFAULT_POSITIONS[n][i]), f"{where}.position", POSITIONS)
    assist = Assist(_choice(raw.get("assist", "none"), f"{where}.assist", tuple(Assist)))
    left_handed = _bool(raw.get("left_handed", False), f"{where}.left_handed")
    pull_up = _bool(raw.get("pull_up", True), f"{where}.pull_up")

    def only_for(keys: tuple[str, ...], kind: Inputs) -> None:
        for key in keys:
            if key in raw and inputs is not kind:
                raise ConfigError(
                    f'{where}.{key}: only a seat with controls = "{kind}" takes it; remove it '
                    f"or change controls"
                )

    only_for(("buttons", "leds", "pull_up"), Inputs.GPIO)
    only_for(("difficulty",), Inputs.BOT)
    only_for(("keys",), Inputs.KEYBOARD)
    only_for(("serial",), Inputs.SERIAL)

    buttons: dict[Control, int] = {}
    leds: dict[Control, int] = {}
    difficulty = keys = None
    serial = None
    if inputs is Inputs.GPIO:
        buttons = _pins(raw, "buttons", where)
        missing = [c.value for c in CONTROLS if c not in buttons]
        if missing:
            raise ConfigError(
                f"{where}.buttons: missing {', '.join(missing)}; a GPIO panel needs the BCM pin "
                f"of slot1-slot5, left, right and slam"
            )
        leds = _pins(raw, "leds", where)
    elif inputs is Inputs.BOT:
        allowed = _difficulties()
        difficulty = _choice(raw.get("difficulty", "medium"), f"{where}.difficulty", allowed)
    elif inputs is Inputs.KEYBOARD:
        if "keys" in raw:
            keys = _int(raw["keys"], f"{where}.keys", 1, 2)
    else:
        serial = _serial(raw, where)
    return SeatConfig(
        index=i,
        position=position,
        inputs=inputs,
        assist=assist,
        left_handed=left_handed,
        pull_up=pull_up,
        buttons=buttons,
        leds=leds,
        difficulty=difficulty,
        keys=keys,
        serial=serial,
    )


def _pins(raw: Mapping[str, Any], key: str, where: str) -> dict[Control, int]:
    table = _table(raw, key, f"{where}.{key}")
    names = tuple(c.value for c in CONTROLS)
    out: dict[Control, int] = {}
    for name, pin in table.items():
        if name not in names:
            raise ConfigError(
                f"unknown key {where}.{key}.{name!r}; known keys here: {', '.join(names)}"
            )
        full = f"{where}.{key}.{name}"
        _pin(pin, full)
        if key == "leds" and pin in PULLED_UP_PINS:
            raise ConfigError(
                f"{full} = {pin}: BCM 2 and 3 have fixed pull-up resistors (I2C), so an LED "
                f"there glows whenever the pin is released; use them for buttons"
            )
        out[Control(name)] = pin
    return out


def _pin(pin: Any, full: str) -> int:
    """A header GPIO's BCM number, or ConfigError naming ``full``."""
    if not isinstance(pin, int) or isinstance(pin, bool):
        raise ConfigError(f"{full} = {pin!r}: use a BCM pin number from 2 to 27")
    if pin in (0, 1):
        raise ConfigError(
            f"{full} = {pin}: BCM 0 and 1 are the HAT ID EEPROM's; use a pin from 2 to 27"
        )
    if pin not in FREE_PINS:
        raise ConfigError(f"{full} = {pin}: not a header GPIO; use a BCM pin from 2 to 27")
    return pin


def _check_service_pin(pin: int, seats: tuple[SeatConfig, ...]) -> None:
    for seat in seats:
        if seat.inputs is not Inputs.GPIO:
            continue
        for kind, table in (("buttons", seat.buttons), ("leds", seat.leds)):
            for control, used in table.items():
                if used == pin:
                    raise ConfigError(
                        f"cabinet.service_pin = {pin}: pin {pin} is already "
                        f"{seat.name}.{kind}.{control}; give the service button its own "
                        f"BCM pin"
                    )


def _serial(raw: Mapping[str, Any], where: str) -> SerialPort:
    key = f"{where}.serial"
    if "serial" not in raw:
        raise ConfigError(
            f'{key}: missing; give serial = {{ path = "/dev/serial/by-id/..." }} or '
            f"serial = {{ vid = 0x2e8a, pid = 0x000a }}"
        )
    table = _table(raw, "serial", key)
    _unknown(table, _SERIAL, key)
    path = table.get("path")
    if path is not None and (not isinstance(path, str) or not path):
        raise ConfigError(f"{key}.path = {path!r}: use the device path as a string")
    has_ids = "vid" in table or "pid" in table
    if (path is None) == (not has_ids):
        raise ConfigError(f"{key}: give either path or vid and pid (not both, not neither)")
    vid = pid = None
    if has_ids:
        if "vid" not in table or "pid" not in table:
            raise ConfigError(f"{key}: give both vid and pid (USB ids, e.g. 0x2e8a and 0x000a)")
        vid = _int(table["vid"], f"{key}.vid", 0, 0xFFFF)
        pid = _int(table["pid"], f"{key}.pid", 0, 0xFFFF)
    number = table.get("serial_number")
    if number is not None and not isinstance(number, str):
        raise ConfigError(f"{key}.serial_number = {number!r}: use a string")
    return SerialPort(path, vid, pid, number)


def _check_positions(seats: tuple[SeatConfig, ...]) -> None:
    seen: dict[str, str] = {}
    for seat in seats:
        if seat.position in seen:
            raise ConfigError(
                f'{seat.name}.position = "{seat.position}": {seen[seat.position]} sits there; '
                f"give each seat its own position ({', '.join(POSITIONS)})"
            )
        seen[seat.position] = seat.name


def _check_keys(seats: tuple[SeatConfig, ...]) -> None:
    keyboard = [s for s in seats if s.inputs is Inputs.KEYBOARD]
    if len(keyboard) > len(KEY_SETS):
        raise ConfigError(
            f"{keyboard[2].name}.controls: one keyboard seats at most 2 players; "
            f'make the other seats "gpio", "serial" or "bot"'
        )
    taken = [s.keys for s in keyboard if s.keys is not None]
    if len(taken) != len(set(taken)):
        raise ConfigError(
            f"{keyboard[1].name}.keys: both keyboard seats use key set {taken[0]}; give one "
            f"keys = 1 and the other keys = 2"
        )


def _check_pins(seats: tuple[SeatConfig, ...]) -> None:
    gpio = [s for s in seats if s.inputs is Inputs.GPIO]
    need = sum(len(s.pins()) for s in gpio)
    if need > len(FREE_PINS):
        each = ", ".join(f"{s.name} {len(s.pins())}" for s in gpio)
        raise ConfigError(
            f"the GPIO seats need {need} pins ({each}) but direct GPIO has {len(FREE_PINS)} "
            f"(BCM 2-27): two seats with 8 buttons and LEFT/RIGHT/SLAM LEDs fit (22 pins); "
            f'larger set-ups use serial panels (controls = "serial")'
        )
    used: dict[int, str] = {}
    for seat in gpio:
        for kind, table in (("buttons", seat.buttons), ("leds", seat.leds)):
            for control, pin in table.items():
                name = f"{seat.name}.{kind}.{control}"
                if pin in used:
                    raise ConfigError(
                        f"{name} = {pin}: pin {pin} is already {used[pin]}; give every button "
                        f"and LED its own BCM pin"
                    )
                used[pin] = name


def laptop_config(
    players: int = 2,
    humans: int = 0,
    difficulty: str = "medium",
    seed: int | None = None,
    rules: Mapping[str, Any] | None = None,
    game: str = "speed",
) -> CabinetConfig:
    """The built-in laptop cabinet: keyboard seats for ``humans``, bots in the others,
    mock pins; ``game`` speed, spit or california (the last two for 2 players)."""
    seats: list[dict[str, Any]] = []
    for i in range(players):
        if i < humans:
            seats.append({"controls": "keyboard", "keys": i + 1})
        else:
            seats.append({"controls": "bot", "difficulty": difficulty})
    data: dict[str, Any] = {
        "seat": seats,
        "cabinet": {"pin_factory": "mock"},
        "rules": dict(rules or {}),
        "game": game,
    }
    if seed is not None:
        data["seed"] = seed
    return parse_config(data, source="<laptop>")
