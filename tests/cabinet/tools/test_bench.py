"""speed-cabinet bench: groups, figure shapes and units, the JSON and the table."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cabinet.cli import build_parser
from cabinet.tools import bench
from cabinet.tools.bench import sim as sim_group
from cabinet.tools.bench import startup
from cabinet.tools.bench.figures import (
    NS_TO_US,
    S_TO_US,
    Distribution,
    Figures,
    distribution,
)
from cabinet.tools.bench.press import press_figures

UNIT = re.compile(r".*_(us|ms|s|per_s|games)$")


def run_bench(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``speed-cabinet bench ARGV`` through the real command line, in this process."""
    args = build_parser().parse_args(["bench", *argv])
    code = int(args.func(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sim group, cut down to a fraction of a second."""
    monkeypatch.setattr(sim_group, "SIM_SECONDS", 0.0)
    monkeypatch.setattr(sim_group, "SIM_MIN_GAMES", 10)
    monkeypatch.setattr(sim_group, "SIM_BATCH", 10)
    monkeypatch.setattr(sim_group, "SAMPLE_GAMES", 2)
    monkeypatch.setattr(sim_group, "OTHER_SECONDS", 0.0)
    monkeypatch.setattr(sim_group, "OTHER_MIN_GAMES", 2)
    monkeypatch.setattr(sim_group, "OTHER_BATCH", 2)


def _check_figures(figures: dict[str, Any]) -> None:
    for name, value in figures.items():
        assert UNIT.match(name), f"{name} does not end in its unit"
        if isinstance(value, dict):
            assert set(value) == {"p50", "p99", "max"}
            assert 0 < value["p50"] <= value["p99"] <= value["max"]
        else:
            assert isinstance(value, int | float)
            assert value > 0


@pytest.mark.usefixtures("quick")
def test_bench_only_sim_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_bench(["--only", "sim", "--json"], capsys)
    assert code == 0
    figures = json.loads(out)
    assert {"sim_games_per_s", "engine_step_us", "invariant_check_us"} <= set(figures)
    assert {"sim_spit_games_per_s", "sim_california_games_per_s"} <= set(figures)
    assert isinstance(figures["sim_games_per_s"], float)
    assert isinstance(figures["sim_spit_games_per_s"], float)
    _check_figures(figures)


@pytest.mark.usefixtures("quick")
def test_bench_table_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_bench(["--only", "sim"], capsys)
    assert code == 0
    assert "sim_games_per_s" in out
    assert "p99" in out
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)


def test_the_cli_hands_bench_its_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str | None, bool]] = []

    def fake_bench(only: str | None, as_json: bool) -> int:
        seen.append((only, as_json))
        return 0

    monkeypatch.setattr(bench, "bench", fake_bench)
    for argv in (["bench"], ["bench", "--only", "press", "--json"]):
        args = build_parser().parse_args(argv)
        assert args.func(args) == 0
    assert seen == [(None, False), ("press", True)]


def test_bench_unknown_group_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_bench(["--only", "nope"], capsys)
    assert code == 2
    assert out == ""
    assert "known: sim" in err


def test_every_group_has_its_module() -> None:
    assert {"sim", "press", "serial", "frame", "soak"} <= set(bench.GROUPS)
    for name in bench.GROUPS:
        assert (Path(bench.__file__).parent / f"{name}.py").exists(), name


def test_run_merges_the_groups_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "GROUPS", {"a": lambda: {"a_us": 1.0}, "b": lambda: {"b_per_s": 2}})
    assert bench.run() == {"a_us": 1.0, "b_per_s": 2}
    assert bench.run("b") == {"b_per_s": 2}


def test_distribution_is_p50_p99_max_in_microseconds() -> None:
    samples = [1000 * (i + 1) for i in range(100)]  # 1..100 us
    assert distribution(samples, NS_TO_US) == {"p50": 51.0, "p99": 100.0, "max": 100.0}
    seconds = [(i + 1) / 1e6 for i in range(100)]  # 1..100 us, as monotonic differences
    assert distribution(seconds, S_TO_US) == {"p50": 51.0, "p99": 100.0, "max": 100.0}
    # Milliseconds stay milliseconds, to three places.
    assert distribution([2.0, 1.0005, 3.25]) == {"p50": 2.0, "p99": 3.25, "max": 3.25}
    assert distribution([1.23456], digits=3) == {"p50": 1.235, "p99": 1.235, "max": 1.235}


def test_soak_is_only_run_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []

    def group(name: str) -> Callable[[], Figures]:
        def run() -> Figures:
            ran.append(name)
            return {}

        return run

    monkeypatch.setattr(bench, "GROUPS", {name: group(name) for name in ("sim", "soak")})
    bench.run()
    assert ran == ["sim"]
    bench.run("soak")
    assert ran == ["sim", "soak"]


def distribution_of(figures: Figures, name: str) -> Distribution:
    """The figure NAME, a distribution (not one number)."""
    figure = figures[name]
    assert isinstance(figure, dict)
    return figure


def test_press_bench_figures_small_run() -> None:
    figures = press_figures(presses=100)
    for name in ("press_to_engine_us", "press_to_led_us", "press_floor_us"):
        dist = distribution_of(figures, name)
        assert 0 < dist["p50"] <= dist["p99"] <= dist["max"]
    led = distribution_of(figures, "press_to_led_us")
    engine = distribution_of(figures, "press_to_engine_us")
    assert led["p50"] >= engine["p50"]
    assert figures["press_count"] == 100


def test_the_kiosk_start_is_timed_to_ready_and_its_first_frame(tmp_path: Path) -> None:
    """The frame group's kiosk figures (cabinet/tools/bench/startup.py): the unit's command
    with mock pins, READY heard on the bench's own NOTIFY_SOCKET; every mark seen, in the
    order the cabinet passes them, and the second start finds attract's placement kept."""
    first = startup.kiosk_start(tmp_path)
    assert (tmp_path / "cache" / "attract-cards.json").exists()
    again = startup.kiosk_start(tmp_path)
    for start in (first, again):
        marks = [start.imports, start.seated, start.built, start.ready, start.first_frame]
        assert marks == sorted(marks), start
        assert 0 < start.imports < startup.DEADLINE_S * 1000


def test_the_bench_says_which_kiosk_mark_it_never_saw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(startup, "SEATED", "a line no cabinet prints")
    monkeypatch.setattr(startup, "DEADLINE_S", 15.0)
    with pytest.raises(RuntimeError, match="a line no cabinet prints"):
        startup.kiosk_start(tmp_path)


def test_the_replay_figures_time_a_replayed_frame_and_its_clip() -> None:
    """Watch it again's figures (cabinet/tools/bench/replay.py): a short run draws real
    replay frames under the REPLAY mark, and the clip's cost is timed."""
    from cabinet.tools.bench.replay import clip_times, replay_frames

    frames = replay_frames(40)
    assert len(frames) == 40
    assert all(ms > 0 for ms in frames)
    clips = clip_times(2)
    assert len(clips) == 2
    assert all(ms > 0 for ms in clips)
