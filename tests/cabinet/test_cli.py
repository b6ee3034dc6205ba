"""The command line itself: options only as spelled out, help that speaks to the user (no
issue numbers), errors in the terms the user typed."""

from __future__ import annotations

import argparse
import re

import pytest

from cabinet.cli import build_parser, main


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _parsers(sub)
    return found


def test_every_parser_refuses_abbreviated_options() -> None:
    parsers = _parsers(build_parser())
    assert len(parsers) >= 12  # the top, each command, the records' subcommands
    assert all(not p.allow_abbrev for p in parsers)


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--player", "3"],
        ["--player", "3"],
        ["demo", "--see", "3"],
        ["records", "--state", "/tmp", "games"],
        ["records", "games", "--lim", "3"],
    ],
)
def test_a_prefix_of_an_option_is_an_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_help_names_no_issue_numbers() -> None:
    for parser in _parsers(build_parser()):
        text = parser.format_help()
        assert not re.search(r"\bissue\b", text, re.IGNORECASE), text


def test_humans_help_says_what_it_does_in_a_window() -> None:
    (run,) = [p for p in _parsers(build_parser()) if p.prog.endswith(" run")]
    text = " ".join(run.format_help().split())
    assert "In a window it changes nothing" in text
    assert "a seat nobody joins is played by a bot" in text


@pytest.mark.parametrize(
    ("command", "game", "players"),
    [("run", "spit", "3"), ("run", "california", "4"), ("demo", "spit", "4")],
)
def test_a_two_player_game_with_more_players_names_the_option(
    command: str, game: str, players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--game", game, "--players", players, "--seconds", "0.1"]
    if command == "run":
        argv.append("--headless")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert (
        err
        == f"speed-cabinet {command}: {game} is for 2 players: use --players 2 (or --game speed)\n"
    )
    assert "[[seat]]" not in err


@pytest.mark.parametrize(
    ("size", "why"),
    [
        ("big", "give the size as WIDTHxHEIGHT"),
        ("1920x", "give the size as WIDTHxHEIGHT"),
        ("-5x100", "expected one argument"),  # argparse: read as an option
        ("320x200", "at least 640x360"),
        ("20000x1080", "at most 16384 a side"),
    ],
)
def test_a_bad_window_size_is_one_line_naming_the_form(
    size: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--size", size, "--seconds", "0.1"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert why in err[-1]
    assert "--size" in err[-1]


def test_size_and_fullscreen_reach_the_laptop_cabinets_display(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--size`` and ``--fullscreen`` become the laptop config's display, which the
    window opens with (cabinet/run.py's ``run_display``)."""
    from cabinet import run as run_module
    from cabinet.config import CabinetConfig, WindowSize

    seen: list[CabinetConfig] = []

    def fake_run_cabinet(config: CabinetConfig, **_: object) -> int:
        seen.append(config)
        return 0

    monkeypatch.setattr(run_module, "run_cabinet", fake_run_cabinet)
    assert main(["run", "--size", "1024x600", "--fullscreen", "--headless"]) == 0
    (config,) = seen
    assert config.display.window == WindowSize(1024, 600)
    assert config.display.fullscreen
