"""cabinet/adapters/safe_state.py: ``speed-cabinet leds-off`` (the unit's ExecStopPost)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cabinet.adapters import safe_state
from cabinet.cli import build_parser, main
from cabinet.config import load_config

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "deploy" / "config.example.toml"


def test_led_pins_are_the_gpio_seats_leds() -> None:
    config = load_config(EXAMPLE)
    expected = [pin for seat in config.seats for pin in seat.leds.values()]
    assert safe_state.led_pins(config) == expected
    assert expected  # the example wires LEDs


def test_leds_off_drives_every_led_pin_low(mock_factory: Any) -> None:
    config = load_config(EXAMPLE)
    pins = safe_state.led_pins(config)
    for pin in pins:  # as a crashed cabinet might leave them: lit
        mock_factory.pin(pin).output_with_state(True)
    assert safe_state.run_leds_off(EXAMPLE, factory=mock_factory) == 0
    for pin in pins:
        mock = mock_factory.pin(pin)
        assert not mock.state  # low, and released (an input) afterwards
        assert mock.function == "input"
        assert [bool(s.state) for s in mock.states][-1:] == [False]
        assert True in [bool(s.state) for s in mock.states]  # it was lit before


def test_a_mock_config_has_nothing_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "c.toml"
    config.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace(
            'pin_factory = "lgpio"', 'pin_factory = "mock"'
        ),
        encoding="utf-8",
    )
    assert safe_state.run_leds_off(config) == 0
    assert "nothing to do" in capsys.readouterr().err


def test_a_bad_config_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["leds-off", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read config" in capsys.readouterr().err


def test_the_subcommand_is_registered(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = build_parser().parse_args(["leds-off"])
    assert args.config == safe_state.DEFAULT_CONFIG
    ran: list[str] = []

    def run_leds_off(path: str) -> int:
        ran.append(path)
        return 0

    monkeypatch.setattr(safe_state, "run_leds_off", run_leds_off)
    assert args.func(args) == 0
    assert ran == [safe_state.DEFAULT_CONFIG]
