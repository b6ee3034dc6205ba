"""The cabinet config: the example loads; every fault is one ConfigError naming the key."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from cabinet.cli import main
from cabinet.config import (
    Assist,
    ConfigError,
    Control,
    Inputs,
    PinFactoryKind,
    laptop_config,
    load_config,
    parse_config,
    parse_match,
)
from engine.match import MatchFormat, MatchRules
from tests.fifo import fifo_at, without_blocking

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "deploy" / "config.example.toml"

PANEL_A = {
    "slot1": 5,
    "slot2": 6,
    "slot3": 13,
    "slot4": 19,
    "slot5": 26,
    "left": 20,
    "right": 21,
    "slam": 16,
}
PANEL_B = {
    "slot1": 4,
    "slot2": 17,
    "slot3": 27,
    "slot4": 22,
    "slot5": 10,
    "left": 9,
    "right": 11,
    "slam": 8,
}


def base() -> dict[str, Any]:
    return {
        "seat": [
            {"controls": "gpio", "buttons": dict(PANEL_A), "leds": {"left": 12, "slam": 24}},
            {"controls": "gpio", "buttons": dict(PANEL_B)},
        ]
    }


def test_config_example_loads_with_defaults() -> None:
    config = load_config(EXAMPLE)
    assert [s.position for s in config.seats] == ["south", "north"]
    assert config.seats[0].buttons[Control.SLAM] == 16
    assert config.seats[1].assist is Assist.TARGETS
    assert config.rules.players == 2
    assert config.rules.lockout_ms == 400
    assert config.pin_factory is PinFactoryKind.LGPIO
    assert (config.debounce_ms, config.stuck_ms) == (5, 10_000)
    assert config.gpio_pins() == 22


def test_config_example_speaks_of_the_code_as_it_is() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "later issue" not in text
    assert not re.search(r"\bissue\b", text, re.IGNORECASE)
    (serial,) = [line for line in text.splitlines() if 'controls = "serial"  ' in line]
    assert "firmware_bridge" in serial


def test_config_minimal_gets_defaults_and_rules_from_engine() -> None:
    data = base()
    data["rules"] = {"lockout_ms": 0, "call": "auto"}
    data["match"] = "best-of-3"
    config = parse_config(data)
    assert config.rules.lockout_ms == 0
    assert config.rules.call.value == "auto"
    assert str(config.match) == "best-of-3"
    assert not config.seats[0].left_handed
    assert config.seats[0].pull_up


def test_config_four_seats_two_gpio_serial_bot() -> None:
    data = base()
    data["seat"] += [
        {"controls": "serial", "serial": {"vid": 0x2E8A, "pid": 0x000A}},
        {"controls": "bot", "difficulty": "hard"},
    ]
    config = parse_config(data)
    assert config.rules.players == 4
    assert config.rules.decks == 2
    assert [s.inputs for s in config.seats] == [Inputs.GPIO, Inputs.GPIO, Inputs.SERIAL, Inputs.BOT]
    assert [s.position for s in config.seats] == ["south", "west", "north", "east"]


def test_laptop_config_keyboards_then_bots() -> None:
    config = laptop_config(players=3, humans=2, difficulty="easy")
    assert [s.inputs for s in config.seats] == [Inputs.KEYBOARD, Inputs.KEYBOARD, Inputs.BOT]
    assert config.pin_factory is PinFactoryKind.MOCK


def _set(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """Set a dotted path (seat.N is the N-th seat, 0-based) in a copy of ``data``."""
    data = copy.deepcopy(data)
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node.setdefault(key, {})
    if value is _DELETE:
        del node[last]
    else:
        node[last] = value
    return data


_DELETE = object()

# (path to change, value, words the one-line message must contain)
FAULTS = [
    ("colour", "red", ["unknown key 'colour'"]),
    ("cabinet.debounce", 5, ["unknown key 'cabinet.debounce'", "debounce_ms"]),
    ("seat.0.colour", "red", ["unknown key 'seat[1].colour'"]),
    ("seat.0.buttons.start", 3, ["seat[1].buttons.'start'", "slot1"]),
    (
        "seat.1.buttons.left",
        20,
        ["seat[2].buttons.left = 20", "already seat[1].buttons.left", "its own BCM pin"],
    ),
    ("seat.1.buttons.slam", _DELETE, ["seat[2].buttons", "missing slam"]),
    ("seat.0.controls", _DELETE, ["seat[1]", "no controls", 'controls = "gpio"']),
    ("seat.0.controls", "joystick", ["seat[1].controls = 'joystick'", '"gpio"']),
    ("seat.0.buttons.left", 40, ["seat[1].buttons.left = 40", "2 to 27"]),
    ("seat.0.buttons.left", 1, ["seat[1].buttons.left = 1", "EEPROM"]),
    ("seat.0.buttons.left", "20", ["seat[1].buttons.left = '20'", "BCM pin"]),
    ("seat.0.buttons.left", True, ["seat[1].buttons.left = True"]),
    ("seat.0.leds.right", 3, ["seat[1].leds.right = 3", "pull-up", "buttons"]),
    ("seat.0.assist", "lots", ["seat[1].assist", '"targets"']),
    ("seat.0.left_handed", "yes", ["seat[1].left_handed", "true or false"]),
    ("seat.1.position", "south", ["seat[2].position", "seat[1] sits there"]),
    ("seat.0.position", "up", ["seat[1].position", '"south"']),
    ("seat.0.difficulty", "hard", ["seat[1].difficulty", 'controls = "bot"']),
    ("cabinet.debounce_ms", -1, ["cabinet.debounce_ms = -1", "5 to 50"]),
    # Issue 13 item 7: 0 turned a chattering switch into phantom presses.
    ("cabinet.debounce_ms", 0, ["cabinet.debounce_ms = 0", "5 to 50"]),
    ("cabinet.debounce_ms", 4, ["cabinet.debounce_ms = 4", "5 to 50"]),
    # Issue 13 item 6: values the engine accepts that break play on the cabinet.
    ("rules.call_timeout_ms", 0, ["rules.call_timeout_ms = 0", "500 to 30000"]),
    ("rules.lockout_ms", 999_999, ["rules.lockout_ms = 999999", "0 to 5000"]),
    ("rules.stall_delay_ms", 0, ["rules.stall_delay_ms = 0", "250 to 60000"]),
    ("rules.slap_timeout_ms", 0, ["rules.slap_timeout_ms = 0", "1000 to 60000"]),
    ("rules.round_limit", 10**6, ["rules.round_limit = 1000000", "1 to 100"]),
    (
        "match",
        "best-of-99999999999999999999",
        ["match = 'best-of-99999999999999999999'", "1 to 99"],
    ),
    ("match", "best-of-101", ["match = 'best-of-101'", "1 to 99"]),
    ("match", "first-to-51", ["match = 'first-to-51'", "1 to 50"]),
    ("match", "margin-5000", ["match = 'margin-5000'", "1 to 1000"]),
    ("match", "best-of-" + "9" * 5000, ["match = 'best-of-99", "at most 99 games"]),
    ("flow.bot_takeover_s", 0.0, ["flow.bot_takeover_s = 0.0", "0 to turn it off"]),
    ("flow.bot_takeover_s", 7.5, ["flow.bot_takeover_s = 7.5", "5 to 600"]),
    ("flow.idle_return_s", 60.0, ["flow.idle_return_s = 60.0", "10 to 3600"]),
    ("display.volume", 101, ["display.volume = 101", "0 to 100"]),
    ("seed", 2**64, ["seed = a 65-bit number", "64-bit"]),
    ("seat.0.buttons.left", -(2**70), ["seat[1].buttons.left = a 71-bit number", "64-bit"]),
    ("cabinet.stuck_ms", 10, ["cabinet.stuck_ms = 10", "1000"]),
    ("cabinet.pin_factory", "native", ["cabinet.pin_factory", '"lgpio"']),
    ("cabinet.two_hand", 1, ["cabinet.two_hand", "true or false"]),
    ("rules.lockout_ms", -5, ["[rules]", "lockout_ms", ">= 0"]),
    ("rules.colour", 1, ["[rules]", "unknown rules option 'colour'"]),
    ("rules.players", 3, ["rules.players", "[[seat]]"]),
    ("rules.turn", 1, ["rules.turn", "remove it", "same deal again"]),
    ("preset", "spit", ["preset = 'spit'", 'game = "speed"', "kids"]),
    ("game", "chess", ["game = 'chess'", '"speed"']),
    ("preset", "fast", ["preset = 'fast'", "kids"]),
    ("match", "best-of-4", ["match", "odd"]),
    ("match", "forever", ["match = 'forever'", "best-of-3"]),
    ("seed", -1, ["seed = -1"]),
    ("rules", 5, ["[rules] must be a table"]),
]


@pytest.mark.parametrize(
    ("path", "value", "words"), FAULTS, ids=[f"{p}={v!r}"[:60] for p, v, _ in FAULTS]
)
def test_config_fault_names_key_and_fix(path: str, value: Any, words: list[str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(_set(base(), path, value))
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message


@pytest.mark.parametrize(("stuck", "hold"), [(1000, 2000), (2000, 2000), (10_000, 10_000)])
def test_stuck_at_or_below_the_service_hold_is_refused(stuck: int, hold: int) -> None:
    """The chord acts on release after the hold and before stuck: with stuck no later, never."""
    data = _set(_set(base(), "cabinet.stuck_ms", stuck), "cabinet.service_hold_ms", hold)
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    message = str(info.value)
    assert "\n" not in message
    for word in (f"cabinet.stuck_ms = {stuck}", f"cabinet.service_hold_ms = {hold}", "above"):
        assert word in message
    fits = _set(_set(base(), "cabinet.stuck_ms", hold + 1), "cabinet.service_hold_ms", hold)
    assert parse_config(fits).stuck_ms == hold + 1


def test_config_too_many_pins_says_what_fits_and_serial() -> None:
    data = base()
    full_leds = {"slot1": 4, "slot2": 17, "slot3": 7, "slot4": 14, "slot5": 15, "right": 23}
    data["seat"][0]["leds"].update(full_leds)
    data["seat"].append({"controls": "gpio", "buttons": dict(PANEL_A)})
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    message = str(info.value)
    assert "need 32 pins" in message
    assert "26" in message
    assert "two seats" in message
    assert 'controls = "serial"' in message


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ([], ["0 [[seat]] tables", "2 to 4"]),
        ([{"controls": "bot"}], ["1 [[seat]] tables"]),
        ([{"controls": "bot"}] * 5, ["5 [[seat]] tables"]),
        ([{"controls": "keyboard"}] * 3, ["seat[3].controls", "at most 2"]),
        (
            [{"controls": "keyboard", "keys": 1}, {"controls": "keyboard", "keys": 1}],
            ["seat[2].keys", "keys = 2"],
        ),
        ([{"controls": "keyboard", "keys": 3}, {"controls": "bot"}], ["seat[1].keys = 3"]),
        ([{"controls": "serial"}, {"controls": "bot"}], ["seat[1].serial", "path"]),
        (
            [
                {"controls": "serial", "serial": {"path": "/dev/x", "vid": 1, "pid": 2}},
                {"controls": "bot"},
            ],
            ["seat[1].serial", "not both"],
        ),
        (
            [{"controls": "serial", "serial": {"vid": 1}}, {"controls": "bot"}],
            ["seat[1].serial", "both vid and pid"],
        ),
        (
            [{"controls": "serial", "serial": {"vid": 70000, "pid": 1}}, {"controls": "bot"}],
            ["seat[1].serial.vid = 70000"],
        ),
        (
            [{"controls": "serial", "serial": {"port": "/dev/x"}}, {"controls": "bot"}],
            ["unknown key 'seat[1].serial.port'"],
        ),
        (
            [{"controls": "bot", "difficulty": "godlike"}, {"controls": "bot"}],
            ["seat[1].difficulty = 'godlike'", '"quick"'],
        ),
    ],
)
def test_config_seat_faults(seats: list[dict[str, Any]], words: list[str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config({"seat": seats})
    for word in words:
        assert word in str(info.value)


def test_config_no_seats_and_seat_not_array() -> None:
    with pytest.raises(ConfigError, match=r"no \[\[seat\]\] tables"):
        parse_config({})
    with pytest.raises(ConfigError, match="array of tables"):
        parse_config({"seat": {"controls": "bot"}})


def test_config_file_faults(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[cabinet\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(bad)
    with pytest.raises(ConfigError, match="cannot read config"):
        load_config(tmp_path / "missing.toml")


def test_config_message_names_file(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[[seat]]\ncontrols = "bot"\n[[seat]]\ncontrols = "bot"\ncolour = 1\n')
    with pytest.raises(ConfigError, match=r"c\.toml: unknown key 'seat\[2\]\.colour'"):
        load_config(path)


def test_match_formats() -> None:
    assert str(parse_match("single")) == "single"
    assert parse_match("first-to-5") == MatchRules(MatchFormat.SERIES, 5)
    assert parse_match("margin-25").format is MatchFormat.POINTS
    assert parse_match("margin-25").target == 25
    with pytest.raises(ConfigError):
        parse_match("best-of-0")


def test_cli_config_error_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    text = EXAMPLE.read_text().replace("slam = 8 }", "slam = 16 }")
    path.write_text(text)
    assert main(["run", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err
    assert "seat[2].buttons.slam = 16" in err
    assert "already seat[1].buttons.slam" in err


def test_config_ranges_accept_their_ends_and_the_example() -> None:
    from cabinet.config import RANGES

    for key, limits in RANGES.items():
        if key.startswith(("match.", "rules.handicaps.")) or key == "seed":
            continue
        for value in (limits.low, limits.high):
            data = _set(base(), key, value)
            if key == "flow.bot_takeover_s":
                data["flow"]["idle_return_s"] = 3600
            if key in ("flow.dim_after_s", "flow.blank_after_s"):  # the other one off
                data["flow"][{"flow.dim_after_s": "blank_after_s"}.get(key, "dim_after_s")] = 0
            if key == "cabinet.stuck_ms":  # stuck must stay above the service hold
                data["cabinet"]["service_hold_ms"] = 500
            if key == "cabinet.service_hold_ms":
                data["cabinet"]["stuck_ms"] = 600_000
            parse_config(data)  # no ConfigError
    assert str(parse_config({**base(), "match": "best-of-99"}).match) == "best-of-99"


def test_config_call_timeout_zero_still_fine_for_the_engine() -> None:
    from engine.rules import Rules

    # The cabinet's range is its own: the engine keeps the contract's limits.
    assert Rules.from_options({"call_timeout_ms": 1, "stall_delay_ms": 0}).call_timeout_ms == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("seed = " + "9" * 5000 + "\n", ["line 1: seed", "64-bit"]),
        (
            'game = "speed"\n[rules]\nlockout_ms = ' + "1" * 4400 + "\n",
            ["line 3: lockout_ms", "64-bit"],
        ),
        ("seed = 9223372036854775808\n", ["seed = 9223372036854775808", "64-bit"]),
        (
            "[cabinet]\nstuck_ms = -9223372036854775809\n",
            ["cabinet.stuck_ms = -9223372036854775809", "64-bit"],
        ),
        ('game = "sp\xe9ed"\n', ["not UTF-8"]),
    ],
    ids=["5000-digit-seed", "4400-digit-lockout", "2**63", "-2**63-1", "latin-1"],
)
def test_config_file_with_huge_number_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: list[str]
) -> None:
    path = tmp_path / "cab.toml"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert "\n" not in message
    assert len(message) < 300
    assert str(path) in message
    for word in words:
        assert word in message
    code = main(["run", "--config", str(path), "--headless", "--seconds", "0"])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_config_file_over_64_mib_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with open(path, "wb") as fh:
        fh.write(b"# " + b"x" * (64 * 2**20) + b"\n")
    with pytest.raises(ConfigError, match="larger than 64 MiB"):
        load_config(path)


NESTED = {
    "arrays": "x = " + "[" * 500 + "]" * 500 + "\n",
    "inline-tables": "x = " + "{ a = " * 500 + "1" + " }" * 500 + "\n",
}
"""About 500 levels: past what tomllib reads (issue 25); 1.2 KB to 3 KB of text."""


@pytest.mark.parametrize("text", NESTED.values(), ids=NESTED.keys())
def test_a_config_nested_too_deep_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=r"c\.toml: arrays or tables nested too deeply"):
        load_config(path)
    assert main(["run", "--config", str(path), "--mock", "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "nested too deeply" in err
    assert "Traceback" not in err


def test_a_fifo_or_a_device_as_the_config_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = fifo_at(tmp_path / "c.toml")
    with pytest.raises(ConfigError, match=r"c\.toml: a FIFO, not a file"):
        without_blocking(lambda: load_config(fifo), fifo)
    code = without_blocking(
        lambda: main(["run", "--config", str(fifo), "--mock", "--headless"]), fifo
    )
    assert code == 2
    assert capsys.readouterr().err.count("\n") == 1
    with pytest.raises(ConfigError, match="/dev/null: a device, not a file"):
        load_config("/dev/null")
    with pytest.raises(ConfigError, match="a directory, not a file"):
        load_config(tmp_path)


def _handicaps(**seat_2: int) -> dict[str, Any]:
    """``base()`` with a handicap for seat 2 alone."""
    return {**base(), "rules": {"handicaps": [{}, seat_2]}}


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("claim_ms", 1, "rules.handicaps[2].claim_ms = 1: use a whole number from 250 to 60000"),
        ("claim_ms", 60_001, "from 250 to 60000"),
        ("lockout_ms", 2**63 - 1, "rules.handicaps[2].lockout_ms = 9223372036854775807: use a"),
        ("lockout_ms", 10_001, "from 0 to 10000"),
    ],
)
def test_a_seats_handicap_out_of_range_is_one_line(field: str, value: int, words: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(words)) as caught:
        parse_config(_handicaps(**{field: value}))
    assert "\n" not in str(caught.value)


def test_a_seats_handicap_takes_twice_and_half_of_every_table_value() -> None:
    """The join menu's longer and shorter lockout and slower claim (twice, half) of every
    table value the config allows fit the per-seat ranges (docs/rules-options.md)."""
    from cabinet.config import RANGES

    lockout, call = RANGES["rules.lockout_ms"], RANGES["rules.call_timeout_ms"]
    for table, field in ((lockout, "lockout_ms"), (call, "claim_ms")):
        for value in (table.low, table.high):
            for seat in (value * 2, value // 2):
                config = parse_config(_handicaps(**{field: seat}))
                assert getattr(config.rules.handicap(1), field) == seat


def test_the_key_table_agrees_with_the_config_dataclasses_and_their_defaults() -> None:
    """One table of keys (name, type, default, range): every scalar field of the checked
    config is in it with its type and default, and a config that leaves a key out gets the
    table's default; every number key has a range the parser enforces."""
    from dataclasses import MISSING, fields
    from types import UnionType
    from typing import Union, get_args, get_origin, get_type_hints

    from cabinet.config import KEYS, BoardsConfig, CabinetConfig, DisplayConfig, FlowConfig
    from engine.rules import Handicap, Rules

    owner: dict[str, type] = {
        "": CabinetConfig,
        "cabinet": CabinetConfig,
        "display": DisplayConfig,
        "flow": FlowConfig,
        "boards": BoardsConfig,
        "rules": Rules,
        "rules.handicaps": Handicap,
    }
    plain = parse_config(base())
    for key in KEYS:
        cls = owner[key.table]
        hint = get_type_hints(cls)[key.key]
        union = get_origin(hint) in (Union, UnionType)
        kinds = {get_origin(a) or a for a in (get_args(hint) if union else (hint,))}
        assert kinds - {type(None)} == {key.kind}, key
        assert (type(None) in kinds) == (key.default is None and cls is not Rules), key
        if cls is Rules or cls is Handicap:
            assert key.default is None, key  # the engine's own default
            continue
        (field,) = [f for f in fields(cls) if f.name == key.key]
        made = field.default if field.default_factory is MISSING else field.default_factory()
        assert made == key.default, key
        held = plain if cls is CabinetConfig else getattr(plain, key.table)
        assert getattr(held, key.key) == key.default, key
        if key.kind is int and key.default is not None:
            assert key.range is not None, key
            assert key.range.allows(key.default), key
    # Every scalar field of the file's tables is a key (the others are built, not read).
    built = {
        "seats",
        "rules",
        "match",
        "source",
        "set_aside",
        "display",
        "flow",
        "boards",
        "window",
    }
    named = {k.name for k in KEYS}
    for table, cls in (
        ("cabinet", CabinetConfig),
        ("display", DisplayConfig),
        ("flow", FlowConfig),
        ("boards", BoardsConfig),
    ):
        for f in fields(cls):
            if f.name not in built:
                assert f"{table}.{f.name}" in named or f.name in named, f.name


def test_the_parser_takes_its_ranges_from_the_key_table() -> None:
    from cabinet.config import KEYS

    for key in KEYS:
        if key.range is None or key.table in ("", "rules.handicaps"):
            continue
        data = _set(base(), key.name, key.range.high + 1)
        with pytest.raises(ConfigError, match=re.escape(f"{key.name} = {key.range.high + 1}:")):
            parse_config(data)
