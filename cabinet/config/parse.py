"""Parsing: a TOML mapping (or file) checked all at once into a ``CabinetConfig``.

Every fault is one ``ConfigError`` naming the key and the fix. The top-level keys, the
rules, the match and the ``[cabinet]``, ``[display]`` and ``[flow]`` tables are checked
here; the ``[[seat]]`` tables in ``seats.py``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace

from cabinet.config.boards import parse_boards
from cabinet.config.keys import BY_NAME, KEYS, RANGES, names_in
from cabinet.config.model import (
    CODE_LENGTH,
    CabinetConfig,
    ConfigError,
    DisplayConfig,
    FlowConfig,
    PinFactoryKind,
)
from cabinet.config.party import party_options
from cabinet.config.ranges import check_int64, shown
from cabinet.config.reading import read_toml
from cabinet.config.seats import (
    bool_value,
    check_seats,
    check_service_pin,
    choice,
    only_known,
    parse_seat,
    pin_number,
    subtable,
    turn_round,
)
from cabinet.panel import CONTROLS, Control
from engine.games import rules_for
from engine.match import MatchError, MatchRules
from engine.rules import PRESETS, Game, Rules, RulesError, find_rules

_TOP = {
    "game",
    "preset",
    "match",
    "cabinet",
    "rules",
    "seat",
    "display",
    "flow",
    "boards",
} | names_in("")
_BOARDS = names_in("boards")
_FLOW = names_in("flow")
_DISPLAY = names_in("display")
_CABINET = names_in("cabinet")


def load_config(path: str | os.PathLike[str]) -> CabinetConfig:
    """Read and check a config file; raise ConfigError (one line) on any fault."""
    try:
        data = read_toml(path)
    except OSError as exc:
        raise ConfigError(f"cannot read config {path}: {exc.strerror or exc}") from None
    return parse_config(data, source=str(path))


def parse_config(data: Mapping[str, object], source: str = "<config>") -> CabinetConfig:
    """Check a parsed config mapping; raise ConfigError naming the key and the fix."""
    try:
        check_int64(data, "")
        return _parse(data, source)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {' '.join(str(exc).split())}") from None


def _number(table: Mapping[str, object], name: str, where: str) -> int:
    """``table[name]`` (or its default) checked against its range (``keys.py``)."""
    key = BY_NAME[f"{where}.{name}"]
    assert key.range is not None, key  # a number key: the table gives it a range
    return key.range.check(table.get(name, key.default))


def _flag(table: Mapping[str, object], name: str, where: str) -> bool:
    """``table[name]`` (or its default): true or false."""
    key = BY_NAME[f"{where}.{name}"]
    return bool_value(table.get(name, key.default), key.name)


def _check_rules(rules: Rules) -> None:
    """The cabinet's ranges for the engine's numbers (after ``Rules.from_options``), and
    for each seat's own handicap (``rules.handicaps[N]``, seats counted from 1)."""
    for key in KEYS:
        if key.table == "rules" and key.range is not None:
            key.range.check(getattr(rules, key.key))
    for seat, handicap in enumerate(rules.handicaps, start=1):
        for name in ("lockout_ms", "claim_ms"):
            value = getattr(handicap, name)
            if value is not None:
                RANGES[f"rules.handicaps.{name}"].check(value, f"rules.handicaps[{seat}].{name}")


def parse_match(value: object, key: str = "match") -> MatchRules:
    """'single', 'best-of-N' (N odd), 'first-to-N' or 'margin-N' (engine.match)."""
    if isinstance(value, str) and len(value) > 40:
        # int() of a very long digit string raises; nothing that long is in range.
        raise ConfigError(
            f"{key} = {shown(value)}: a match of at most "
            f"{RANGES['match.best-of'].high} games, e.g. best-of-3"
        )
    try:
        # Not a string: "" fails the same way and the engine's fix is the message's tail.
        rules = MatchRules.parse(value if isinstance(value, str) else "")
    except MatchError as exc:
        raise ConfigError(f"{key} = {value!r}: {str(exc).split(': ', 1)[-1]}") from None
    limits = RANGES.get(f"match.{rules.format}")
    if limits is not None and not limits.allows(rules.target):
        raise ConfigError(
            f"{key} = {value!r}: {rules.format} takes {limits.low} to "
            f"{limits.high} (e.g. {rules.format}-3)"
        )
    return rules


def _seat_tables(data: Mapping[str, object]) -> list[Mapping[str, object]]:
    seats_raw = data.get("seat")
    if seats_raw is None:
        raise ConfigError("no [[seat]] tables; describe 2 to 4 seats, one [[seat]] each")
    if not isinstance(seats_raw, list) or not all(isinstance(s, Mapping) for s in seats_raw):
        raise ConfigError("seat must be an array of tables: write each seat as [[seat]]")
    if not 2 <= len(seats_raw) <= 4:
        raise ConfigError(f"{len(seats_raw)} [[seat]] tables; the cabinet seats 2 to 4 players")
    return seats_raw


def _rules(data: Mapping[str, object], n: int) -> Rules:
    """The game and its rules, for ``n`` seats."""
    game = choice(data.get("game", "speed"), "game", tuple(g.value for g in Game))
    if n not in rules_for(Game(game)).seats:  # the game's own answer (only 2: Spit, California)
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
            fits = [k for k, r in PRESETS.items() if r.game == game]
            raise ConfigError(
                f'preset = {preset!r}: for game = "{game}" use one of {", ".join(fits)}'
            )
    rules_raw = subtable(data, "rules", "[rules]")
    for key, where in _DECIDED.items():
        if key in rules_raw:
            raise ConfigError(f"rules.{key}: remove it; {where} decides it")
    try:
        # The cabinet's party defaults where the file leaves a key out (cabinet/config/party.py).
        options = party_options(Game(game), rules_raw, base)
        rules = Rules.from_options({**options, "game": game, "players": n}, base)
    except RulesError as exc:
        raise ConfigError(f"[rules]: {exc}") from None
    _check_rules(rules)
    return rules


_DECIDED = {
    "game": "the top-level game key",
    "players": "the number of [[seat]] tables",
    "turn": "the result screen's same deal again (docs/menus.md)",
}
"""``[rules]`` keys the cabinet decides itself, not the file."""


def _check_hold(stuck: int, service: int) -> None:
    """The service chord acts when let go after the hold and before either button is stuck
    (cabinet/loop/debounce.py): a stuck limit no later than the hold leaves it no time."""
    if stuck <= service:
        raise ConfigError(
            f"cabinet.stuck_ms = {stuck} is not above cabinet.service_hold_ms = {service}, "
            "so the SLOT1+SLOT5 pause chord could never act (it acts on release after the "
            "hold, before a button counts as stuck); set stuck_ms above service_hold_ms"
        )


def _parse(data: Mapping[str, object], source: str) -> CabinetConfig:
    only_known(data, _TOP, "")
    cab = subtable(data, "cabinet", "[cabinet]")
    only_known(cab, _CABINET, "cabinet")
    seats_raw = _seat_tables(data)
    n = len(seats_raw)
    rules = _rules(data, n)
    match = parse_match(data.get("match", "single"))
    seed = data.get("seed")
    if seed is not None:
        seed = RANGES["seed"].check(seed)

    # The cabinet.
    factory = PinFactoryKind(
        choice(
            cab.get("pin_factory", BY_NAME["cabinet.pin_factory"].default),
            "cabinet.pin_factory",
            tuple(PinFactoryKind),
        )
    )
    debounce = _number(cab, "debounce_ms", "cabinet")
    stuck = _number(cab, "stuck_ms", "cabinet")
    service = _number(cab, "service_hold_ms", "cabinet")
    _check_hold(stuck, service)
    led_pwm = _flag(cab, "led_pwm", "cabinet")
    two_hand = _flag(cab, "two_hand", "cabinet")

    display = _display(subtable(data, "display", "[display]"))
    flow = _flow(subtable(data, "flow", "[flow]"))
    boards_raw = subtable(data, "boards", "[boards]")
    only_known(boards_raw, _BOARDS, "boards")
    boards = parse_boards(boards_raw, _number(boards_raw, "reset_every", "boards"))

    seats = tuple(parse_seat(i, raw, n) for i, raw in enumerate(seats_raw))
    check_seats(seats)
    seats = turn_round(seats)
    service_pin = None
    if "service_pin" in cab:
        service_pin = pin_number(cab["service_pin"], "cabinet.service_pin")
        check_service_pin(service_pin, seats)
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
        boards=boards,
        service_pin=service_pin,
        operator_code=code,
    )


def parse_operator_code(value: object, key: str = "cabinet.operator_code") -> tuple[Control, ...]:
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


def _display(raw: Mapping[str, object]) -> DisplayConfig:
    only_known(raw, _DISPLAY, "display")
    return DisplayConfig(
        fullscreen=_flag(raw, "fullscreen", "display"),
        four_colour=_flag(raw, "four_colour", "display"),
        volume=_number(raw, "volume", "display"),
        attract_volume=_number(raw, "attract_volume", "display"),
        mute=_flag(raw, "mute", "display"),
    )


def _flow(raw: Mapping[str, object]) -> FlowConfig:
    only_known(raw, _FLOW, "flow")
    idle = _number(raw, "idle_return_s", "flow")
    takeover = _number(raw, "bot_takeover_s", "flow")
    if takeover and takeover >= idle:
        raise ConfigError(
            f"flow.bot_takeover_s = {takeover}: a bot takes a quiet seat only before "
            f"the cabinet returns to attract; use fewer seconds than flow.idle_return_s "
            f"({idle}), or 0 to turn the takeover off"
        )
    countdown = _number(raw, "countdown_s", "flow")
    dim = _number(raw, "dim_after_s", "flow")
    blank = _number(raw, "blank_after_s", "flow")
    if dim and blank and blank <= dim:
        raise ConfigError(
            f"flow.blank_after_s = {blank}: the screen goes black only after it dims; use "
            f"more seconds than flow.dim_after_s ({dim}), or 0 to never black it out"
        )
    return FlowConfig(
        idle_return_s=idle,
        bot_takeover_s=takeover,
        countdown_s=countdown,
        dim_after_s=dim,
        blank_after_s=blank,
    )


LAPTOP_POSITIONS = ("south", "north", "west", "east")
"""Laptop mode's seats: the two that share the keyboard (P1, P2) at the bottom and top,
both drawn upright, bots at the sides (docs/display.md, "Laptop mode")."""


def _check_level(difficulty: str) -> None:
    """The laptop's bots' preset, named as the command line names it."""
    from engine.strategy import BOT_PRESETS, preset_name  # the bots load only when seated

    if preset_name(difficulty) is None:
        raise ConfigError(f"--difficulty {difficulty!r}: use one of {', '.join(BOT_PRESETS)}")


def laptop_config(
    players: int = 2,
    humans: int = 0,
    difficulty: str = "casual",
    seed: int | None = None,
    rules: Mapping[str, object] | None = None,
    game: str = "speed",
) -> CabinetConfig:
    """The built-in laptop cabinet: keyboard seats for ``humans``, bots in the others,
    mock pins; ``game`` speed, spit or california (the last two for 2 players). Its
    errors name the command line's options, which is all the user wrote."""
    if game in Game and players not in rules_for(Game(game)).seats:
        raise ConfigError(f"{game} is for 2 players: use --players 2 (or --game speed)")
    if humans < players:
        _check_level(difficulty)
    seats: list[dict[str, object]] = []
    for i in range(players):
        where = LAPTOP_POSITIONS[i]
        if i < humans:
            seats.append({"controls": "keyboard", "keys": i + 1, "position": where})
        else:
            seats.append({"controls": "bot", "difficulty": difficulty, "position": where})
    data: dict[str, object] = {
        "seat": seats,
        "cabinet": {"pin_factory": "mock"},
        "rules": dict(rules or {}),
        "game": game,
    }
    if seed is not None:
        data["seed"] = seed
    config = parse_config(data, source="<laptop>")
    # Everyone looks at one screen from the front: nobody's cards upside down.
    return replace(config, seats=tuple(replace(s, upright=True) for s in config.seats))
