"""The ``[[seat]]`` tables: each seat checked on its own, then the seats together
(positions, keyboard key sets, GPIO pins); and the small value checks ``parse.py`` shares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from cabinet.config.model import (
    DEFAULT_POSITIONS,
    FREE_PINS,
    KEY_SETS,
    POSITIONS,
    PULLED_UP_PINS,
    Assist,
    ConfigError,
    Inputs,
    SeatConfig,
    SerialPort,
)
from cabinet.config.ranges import shown
from cabinet.panel import CONTROLS, Control
from display.layout import clockwise

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


# Value checks.


def only_known(table: Mapping[str, object], known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            name = f"{where}.{key}" if where else key
            raise ConfigError(f"unknown key {name!r}; known keys here: {', '.join(sorted(known))}")


def subtable(data: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    """``data[key]`` as a table (none: an empty one), or ConfigError naming ``where``."""
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise ConfigError(f"{where or key} must be a table ([{key}] or {key} = {{ ... }})")
    return value


def whole_number(value: object, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ConfigError(f"{key} = {shown(value)}: use a whole number from {low} to {high}")
    return value


def bool_value(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{key} = {value!r}: use true or false")
    return value


def choice(value: object, key: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        shown_allowed = ", ".join(f'"{a}"' for a in allowed)
        raise ConfigError(f"{key} = {value!r}: use one of {shown_allowed}")
    return value


def _difficulty(value: object, key: str) -> str:
    """A bot seat's preset; a name from before the kinds of player (``"medium"``) means
    its successor (engine.strategy.FORMER_NAMES), so an old config keeps working."""
    # The bots load only when a bot seat is checked.
    from engine.strategy import BOT_PRESETS, preset_name

    found = preset_name(value) if isinstance(value, str) else None
    if found is None:
        return choice(value, key, tuple(BOT_PRESETS))  # the one-line error naming them
    return found


# One seat.


def parse_seat(i: int, raw: Mapping[str, object], n: int) -> SeatConfig:
    where = f"seat[{i + 1}]"
    only_known(raw, _SEAT, where)
    if "controls" not in raw:
        raise ConfigError(
            f'{where}: no controls; add controls = "gpio", "serial", "keyboard" or "bot"'
        )
    inputs = Inputs(choice(raw["controls"], f"{where}.controls", tuple(Inputs)))
    position = choice(raw.get("position", DEFAULT_POSITIONS[n][i]), f"{where}.position", POSITIONS)
    assist = Assist(choice(raw.get("assist", "none"), f"{where}.assist", tuple(Assist)))
    left_handed = bool_value(raw.get("left_handed", False), f"{where}.left_handed")
    pull_up = bool_value(raw.get("pull_up", True), f"{where}.pull_up")
    _only_for_its_controls(raw, inputs, where)

    buttons: dict[Control, int] = {}
    leds: dict[Control, int] = {}
    difficulty: str | None = None
    keys: int | None = None
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
        difficulty = _difficulty(raw.get("difficulty", "casual"), f"{where}.difficulty")
    elif inputs is Inputs.KEYBOARD:
        if "keys" in raw:
            keys = whole_number(raw["keys"], f"{where}.keys", 1, 2)
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


_OWN_KEYS = {
    Inputs.GPIO: ("buttons", "leds", "pull_up"),
    Inputs.BOT: ("difficulty",),
    Inputs.KEYBOARD: ("keys",),
    Inputs.SERIAL: ("serial",),
}
"""The seat keys only one kind of controls takes."""


def _only_for_its_controls(raw: Mapping[str, object], inputs: Inputs, where: str) -> None:
    for kind, keys in _OWN_KEYS.items():
        for key in keys:
            if key in raw and inputs is not kind:
                raise ConfigError(
                    f'{where}.{key}: only a seat with controls = "{kind}" takes it; remove it '
                    f"or change controls"
                )


def _pins(raw: Mapping[str, object], key: str, where: str) -> dict[Control, int]:
    table = subtable(raw, key, f"{where}.{key}")
    names = tuple(c.value for c in CONTROLS)
    out: dict[Control, int] = {}
    for name, pin in table.items():
        if name not in names:
            raise ConfigError(
                f"unknown key {where}.{key}.{name!r}; known keys here: {', '.join(names)}"
            )
        full = f"{where}.{key}.{name}"
        number = pin_number(pin, full)
        if key == "leds" and number in PULLED_UP_PINS:
            raise ConfigError(
                f"{full} = {number}: BCM 2 and 3 have fixed pull-up resistors (I2C), so an LED "
                f"there glows whenever the pin is released; use them for buttons"
            )
        out[Control(name)] = number
    return out


def pin_number(pin: object, full: str) -> int:
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


def _serial(raw: Mapping[str, object], where: str) -> SerialPort:
    key = f"{where}.serial"
    if "serial" not in raw:
        raise ConfigError(
            f'{key}: missing; give serial = {{ path = "/dev/serial/by-id/..." }} or '
            f"serial = {{ vid = 0x2e8a, pid = 0x000a }}"
        )
    table = subtable(raw, "serial", key)
    only_known(table, _SERIAL, key)
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
        vid = whole_number(table["vid"], f"{key}.vid", 0, 0xFFFF)
        pid = whole_number(table["pid"], f"{key}.pid", 0, 0xFFFF)
    number = table.get("serial_number")
    if number is not None and not isinstance(number, str):
        raise ConfigError(f"{key}.serial_number = {number!r}: use a string")
    return SerialPort(path, vid, pid, number)


# The seats together.


def check_seats(seats: tuple[SeatConfig, ...]) -> None:
    """Positions, keyboard key sets and GPIO pins across the seats, in that order."""
    _check_positions(seats)
    _check_keys(seats)
    _check_pins(seats)


def check_service_pin(pin: int, seats: tuple[SeatConfig, ...]) -> None:
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


def turn_round(seats: tuple[SeatConfig, ...]) -> tuple[SeatConfig, ...]:
    """Mark every seat ``turned`` when the seats, in player order, go round clockwise:
    the rules' LEFT pile then lies on the player's right, so LEFT and RIGHT swap to aim
    at the pile on their own side (``display.layout.clockwise`` says why)."""
    if not clockwise([s.position for s in seats]):
        return seats
    return tuple(replace(s, turned=True) for s in seats)


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
