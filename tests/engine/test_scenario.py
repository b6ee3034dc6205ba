"""The scenario checks that hold anywhere in a file (engine/scenario.py): no key is null,
every number fits 64 bits, a file is at most 64 MiB; and the defaults a file may leave out.
The CLI's side (exit codes, stdin and stdout) is tests/golden/test_scenario_cli.py."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.scenario import INT_MAX, INT_MIN, MAX_BYTES, ScenarioError, loads, run_scenario

SPIT_SLOT = {"rules": {"game": "spit"}, "inputs": [{"t": 0, "player": 0, "move": "2S"}]}


@pytest.mark.parametrize("game", ["speed", "spit", "california"])
def test_players_absent_means_two(game: str) -> None:
    out = run_scenario({"rules": {"game": game}, "seed": 3})
    assert len(out["players"]) == 2
    assert out["cards_total"] == 52


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"rules": {"game": "speed"}, "until": None}, "until"),
        (
            {
                "rules": {"game": "spit"},
                "inputs": [{"t": 0, "player": 0, "move": "2S", "slot": None}],
            },
            "inputs[0].slot",
        ),
        ({"rules": {"game": "speed", "ace": None}}, "rules.ace"),
        ({"rules": {"game": "speed"}, "seed": None}, "seed"),
        ({"rules": {"game": "speed"}, "table": None}, "table"),
        (
            {
                "rules": {"game": "speed"},
                "inputs": [{"t": 0, "player": 0, "play": "2S", "to": None}],
            },
            "inputs[0].to",
        ),
    ],
)
def test_a_null_key_anywhere_is_malformed(data: dict[str, Any], path: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(f"key '{path}' is null")):
        run_scenario(data)


def test_an_absent_optional_key_is_fine_where_null_is_not() -> None:
    run_scenario(SPIT_SLOT)  # slot absent: the lowest empty slot
    run_scenario({"rules": {"game": "speed"}})  # until absent


@pytest.mark.parametrize("value", [INT_MAX, INT_MIN])
def test_the_64_bit_bounds_themselves_are_accepted(value: int) -> None:
    text = json.dumps(
        {
            "rules": {"game": "speed"},
            "seed": value,
            "inputs": [{"t": INT_MAX, "player": 0, "slam": True}],
        }
    )
    out = run_scenario(json.loads(text))
    assert out["t"] == INT_MAX
    assert loads(text).seed == value


@pytest.mark.parametrize(
    "value",
    [INT_MAX + 1, INT_MIN - 1, 10**30, -(10**5000)],
    ids=["max+1", "min-1", "1e30", "-1e5000"],
)
def test_a_number_outside_64_bits_is_malformed_in_decoded_data(value: int) -> None:
    with pytest.raises(ScenarioError, match="outside the signed 64-bit range"):
        run_scenario({"rules": {"game": "speed", "lockout_ms": 0}, "seed": value})


@pytest.mark.parametrize("digits", [20, 4300, 4301, 100_000])
def test_a_long_integer_in_text_is_malformed_not_a_crash(digits: int) -> None:
    # Past 4,300 digits ``int`` itself raises ValueError inside the JSON decoder.
    text = '{"rules": {"game": "speed"}, "seed": -' + "9" * digits + "}"
    with pytest.raises(ScenarioError, match="outside the signed 64-bit range"):
        loads(text)
    with pytest.raises(ScenarioError, match="outside the signed 64-bit range"):
        loads(text.encode())


def test_text_over_64_mib_is_malformed_and_64_mib_is_not() -> None:
    body = json.dumps({"rules": {"game": "speed"}}).encode()
    assert loads(body + b" " * (MAX_BYTES - len(body))).rules.players == 2
    with pytest.raises(ScenarioError, match="over 64 MiB"):
        loads(body + b" " * (MAX_BYTES + 1 - len(body)))
    with pytest.raises(ScenarioError, match="over 64 MiB"):
        loads(body.decode() + " " * (MAX_BYTES + 1 - len(body)))


def test_bytes_that_are_not_utf8_are_malformed() -> None:
    with pytest.raises(ScenarioError, match="not UTF-8"):
        loads(b'{"rules": {"game": "speed\xff"}}')
