"""Issue 25, items 5-7: the scenario command's memory stays flat however long the game
(its events stream, ``events`` last), every chain of timers at one instant ends (no count
guard, no exit 3), and the zones the output shows add up to ``cards_total``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.tools import scenario as tool
from engine import Tick, game
from engine.games import rules_for
from engine.rules import Rules
from engine.scenario import run_text
from engine.state import TimerKind
from tests.engine.handicap_strategies import handicaps

REPO = Path(__file__).resolve().parents[2]
STRESS = REPO / "tests" / "golden" / "stress"
GOLDEN = sorted(
    p
    for name in ("speed", "speed_multi", "spit", "california")
    for p in (REPO / "tests" / "golden" / name).glob("*.json")
    if not p.name.endswith(".expect.json")
)

# Item 5: memory.

_PEAK = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def _peak_kb(tmp_path: Path, until: int) -> int:
    """Peak RSS (KB) of one ``scenario`` run of the issue's never-fitting Speed table."""
    data = json.loads((STRESS / "speed-never-fits.json").read_text())
    data["until"] = until
    path = tmp_path / f"until-{until}.json"
    path.write_text(json.dumps(data))
    command = [sys.executable, "-m", "cabinet.cli", "scenario", str(path)]
    result = subprocess.run(
        [sys.executable, "-c", _PEAK, *command],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return int(result.stdout)


def test_memory_stays_flat_however_long_the_game(tmp_path: Path) -> None:
    # 15 events a millisecond: until 5,000 is 75,000 events, 5.8 MB of output (before:
    # 35 MB at 1,000 and 110 MB at 5,000; now about 20 MB at both).
    short, long = _peak_kb(tmp_path, 1000), _peak_kb(tmp_path, 5000)
    assert long <= short + 32 * 1024, (short, long)


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("keep", [tool.KEEP_EVENTS, 3])
def test_the_streamed_output_is_json_dumps_of_the_whole_object(
    compact: bool, keep: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # keep 3: every game longer than 3 events is played twice, its events written as they
    # come; the bytes are still those json.dumps writes for the whole object.
    monkeypatch.setattr(tool, "KEEP_EVENTS", keep)
    options: dict[str, Any] = {"separators": (",", ":")} if compact else {"indent": 1}
    for path in [*GOLDEN[::7], STRESS / "speed-never-fits.json"]:
        assert tool.play_scenario(str(path), compact=compact) == 0
        out = capsys.readouterr().out
        whole = run_text(path.read_bytes())
        assert list(whole)[-1] == "events"
        assert out == json.dumps(whole, **options) + "\n", path.name


# Item 6: every chain of timers at one instant ends.


def _measure(state: Any) -> tuple[int, ...]:
    """What every timer firing at one instant uses up, lexicographically: rounds left to
    ``round_limit``, missed calls still due (a 1 ms call at least, never set due now), a
    rebuild not yet made, cards held (side cards twice: a jokers-only draw moves one into
    a hand), Spit's recycles left, seats that made their deadlock play."""
    rules, now = state.rules, state.now
    calls = sum(1 for tm in state.timers if tm.kind is TimerKind.CALL and tm.due <= now)
    if rules.game == "speed":
        held = sum(len(p.hand) + len(p.draw) for p in state.players)
        side = sum(map(len, state.side))
        rebuilt = state.rebuilt_since_play
        played = len(state.deadlock_played)
        return (0, calls, 0 if rebuilt else 1, held + 2 * side, played)
    left = rules.round_limit - state.round
    if rules.game == "spit":
        spit = sum(len(p.spit) for p in state.players)
        return (left, 0, 2 - len(state.recycled), spit, 0)
    return (left, 0, 0, 0, 0)


@st.composite
def _zero_delay_rules(draw: st.DrawFn) -> Rules:
    name = draw(st.sampled_from(["speed", "spit", "california"]))
    opts: dict[str, Any] = {"game": name, "stall_delay_ms": 0, "slap_timeout_ms": 0}
    if name == "speed":
        opts["players"] = draw(st.sampled_from([2, 3, 4]))
        opts["call"] = draw(st.sampled_from(["auto", "call", "either"]))
        opts["call_timeout_ms"] = draw(st.sampled_from([1, 2, 50]))
        opts["jokers"] = draw(st.booleans())
        opts["reshuffle"] = draw(st.sampled_from(["keep_tops", "each", "no_reserve"]))
    else:
        opts["round_limit"] = draw(st.integers(1, 60))
        opts["recycle"] = draw(st.booleans())
        opts["scoring"] = draw(st.sampled_from(["standard", "points"]))
    return Rules.from_options(opts)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=_zero_delay_rules(), seed=st.integers(0, 2**32))
def test_every_chain_of_timers_at_one_instant_uses_something_up(rules: Rules, seed: int) -> None:
    state, _ = game.new_game(rules, random.Random(seed), seed)
    fires = 0
    while not state.is_over and state.timers and fires < 20_000:
        before, at = _measure(state), state.now
        state, _ = game.step(state, Tick(min(tm.due for tm in state.timers), 1))
        fires += 1
        if state.now == at:
            assert _measure(state) < before, (before, _measure(state))
    # With nothing but 0 ms delays, no input and only timers, every game ends.
    assert state.is_over or not state.timers


# Item 7: the output adds up.


@st.composite
def _scenario(draw: st.DrawFn) -> dict[str, Any]:
    name = draw(st.sampled_from(["speed", "spit", "california"]))
    opts: dict[str, Any] = {"game": name}
    if name == "speed":
        opts["players"] = draw(st.sampled_from([2, 3, 4]))
        opts["decks"] = draw(st.sampled_from([1, 2]))
        opts["jokers"] = draw(st.booleans())
        opts["reshuffle"] = draw(st.sampled_from(["keep_tops", "each", "no_reserve"]))
        opts["deal"] = 15 if opts["players"] == 2 and draw(st.booleans()) else 20
    else:
        opts["round_limit"] = draw(st.integers(1, 5))
    if draw(st.booleans()):
        opts["handicaps"] = draw(handicaps(opts))
    return {
        "rules": opts,
        "seed": draw(st.integers(0, 2**32)),
        "until": draw(st.integers(0, 60_000)),
    }


def zones(out: dict[str, Any], game_name: str) -> int:
    """Every card the output shows, zone by zone."""
    total: int = sum(out["center_sizes"]) + out["burned"]
    for p in out["players"]:
        if game_name == "speed":
            total += len(p["hand"]) + p["draw"]
        elif game_name == "spit":
            total += sum(map(len, p["stocks"])) + p["spit"]
        else:
            total += sum(map(len, p["row"])) + p["deck"]
    side: int = sum(out.get("side_sizes", []))
    return total + side


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_scenario())
def test_the_zones_shown_add_up_to_cards_total(data: dict[str, Any]) -> None:
    out = run_text(json.dumps(data))
    name = data["rules"]["game"]
    assert zones(out, name) == out["cards_total"]
    rules = Rules.from_options(data["rules"])
    assert out["cards_total"] == (rules.deck_size if name == "speed" else 52)
    assert ("side_sizes" in out) == (name == "speed")
    assert rules_for(rules.game) is not None


def test_speed_two_players_head_start_6_shows_all_52() -> None:
    # The case: the zones held 36 of 52 (no side piles, no burned cards).
    data = {"rules": {"game": "speed", "handicaps": [{"head_start": 6}, {}]}, "seed": 4}
    out = run_text(json.dumps(data))
    assert out["side_sizes"] == [5, 5]
    assert out["burned"] == 6
    assert zones(out, "speed") == out["cards_total"] == 52


def test_a_chain_at_t_0_comes_out_in_slices_not_at_once() -> None:
    # The California table re-deals at t = 0 until round_limit: its start hands over one
    # slice (engine.work.OPENING_FIRES timers) and the scenario runs the rest in slices.
    from engine.scenario import parse, play
    from engine.work import OPENING_FIRES

    data = json.loads((STRESS / "california-no-cover-round-limit.json").read_text())
    data["rules"]["round_limit"] = 5001
    scenario = parse(data)
    assert scenario.table is not None
    state, events = game.start_table(scenario.rules, scenario.table, random.Random(0), 0)
    assert len(events) <= 2 * OPENING_FIRES + 1
    assert not state.is_over
    assert state.now == 0
    sizes: list[int] = []
    end = play(scenario, lambda event: sizes.append(event.t))
    assert (end.is_over, end.winner, end.round) == (True, None, 5001)
    assert len(sizes) == 2 * 5000 + 2
