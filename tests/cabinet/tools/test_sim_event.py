"""``speed-cabinet sim --event`` (issue 27 item 7): whole events with bots standing in for
the entrants, full bot games through the engine, one JSON object; bad arguments get one
line and exit 2."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cabinet.tools.sim_rigs import run_sim


def _events(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    """The sim's JSON object (parsed JSON: read as the tests read it)."""
    code, out, err = run_sim(argv, capsys)
    assert code == 0, err
    assert out.count("\n") == 1  # one JSON object, one line
    return json.loads(out)


def _check_event(event: Any, entrants: int) -> None:
    names = event["entrants"]
    assert len(names) == len(set(names)) == entrants
    games = event["games"]
    standings = event["standings"]
    played = dict.fromkeys(names, 0)
    for game in games:
        players = game["players"]
        assert len(players) == len(set(players)) >= 2  # nobody in two seats
        assert sorted(game["order"]) == sorted(players)
        assert game["length_ms"] > 0 or game["forfeited"]
        for p in players:
            played[p] += 1
    assert sorted(s["name"] for s in standings) == sorted(names)
    assert [s["place"] for s in standings] == list(range(1, entrants + 1))
    assert {s["name"]: s["games"] for s in standings} == played
    assert event["winner"] == standings[0]["name"]
    lengths = sum(g["length_ms"] for g in games)
    assert event["figures"]["length_ms"] == lengths


def test_fair_strikes_at_four_seats_plays_whole_bot_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--event", "fair-strikes", "--entrants", "8", "--players", "4", "--events", "2"]
    data = _events([*argv, "--seed", "5", "--json"], capsys)
    events = data["events"]
    assert len(events) == 2
    for event in events:
        assert event["format"] == "fair-strikes"
        assert event["end"] == "decided"
        _check_event(event, 8)
        assert all(s["games"] >= 2 for s in event["standings"])
        standing = [s["name"] for s in event["standings"] if s["standing"]]
        assert standing == [event["winner"]]
    assert _events([*argv, "--seed", "5", "--json"], capsys) == data  # the seed replays it


def test_winner_stays_at_spit_plays_a_queue_of_six(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--event", "winner-stays", "--entrants", "6", "--game", "spit", "--json"]
    data = _events(argv, capsys)
    (event,) = data["events"]
    assert event["format"] == "winner-stays"
    assert event["game"] == "spit"
    assert event["end"] == "games"
    _check_event(event, 6)
    assert len(event["games"]) == 18  # three turns through a queue of six
    apart = event["figures"]["longest_apart_games"]
    assert 1 <= apart <= 5  # ceil(queue 5 / 1 free seat)


def test_california_fair_strikes_seats_two(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--event", "fair-strikes", "--entrants", "5", "--game", "california", "--json"]
    (event,) = _events(argv, capsys)["events"]
    _check_event(event, 5)
    assert {len(g["players"]) for g in event["games"]} == {2}


def test_the_model_plays_many_events_quickly(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--event", "winner-stays", "--entrants", "16", "--players", "3", "--events", "30"]
    data = _events([*argv, "--model", "--json"], capsys)
    assert data["bots"] == "model"
    events = data["events"]
    assert len(events) == 30
    for event in events:
        _check_event(event, 16)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--event", "bracket", "--entrants", "8"], "use winner-stays, fair-strikes"),
        (["--event", "fair-strikes"], "needs --entrants"),
        (["--event", "fair-strikes", "--entrants", "3"], "takes 4 to 16 players"),
        (["--event", "winner-stays", "--entrants", "17"], "takes 3 to 16 players"),
        (
            ["--event", "winner-stays", "--entrants", "6", "--game", "spit", "--players", "4"],
            "spit seats 2",
        ),
        (["--event", "winner-stays", "--entrants", "6", "--match", "best-of-3"], "drop --match"),
        (["--event", "winner-stays", "--entrants", "6", "--events", "0"], "--events must be"),
        (["--event", "winner-stays", "--entrants", "6", "--bots", "godlike"], "unknown bot"),
    ],
)
def test_bad_event_arguments_get_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_sim(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert says in err
