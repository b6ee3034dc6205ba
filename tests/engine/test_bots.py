"""Bots: the timing model's statistics, re-perception, lockouts, claims, determinism."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from engine.bots import BOT_PRESETS, REFERENCE_ITEMS, Bot, BotProfile, Intent, Timing, find_profile
from engine.cards import make_deck
from engine.commands import Command, Play, Slam, Tick
from engine.events import CardPlayed, Event, PlayRejected, Reason
from engine.games import speed
from engine.games.speed import SpeedState
from engine.games.speed.notation import parse_table
from engine.rules import Rules
from engine.strategy import (
    CHOICE_REACTION_MS,
    DEFAULT_PRESET,
    FORMER_NAMES,
    SIMPLE_REACTION_MS,
    preset_name,
)
from tests.engine.bot_rigs import (
    QUICK,
    STEADY,
    drive,
    empty_draws,
    first_dues,
    position,
)

# The timing model.


@pytest.mark.parametrize("name", list(BOT_PRESETS))
def test_timing_median_per_preset_is_the_profile_median(name: str) -> None:
    profile = BOT_PRESETS[name]
    timing = Timing(profile, random.Random(1))
    samples = [timing.reaction(REFERENCE_ITEMS) for _ in range(4000)]
    assert statistics.median(samples) == pytest.approx(profile.median_ms, rel=0.05)


def test_presets_are_kinds_of_player_each_faster_than_the_last() -> None:
    """Issue 26 item 12: the names say who plays; every timing runs from the beginner's
    slowest to the impossible's fastest, and every skill the other way."""
    presets = list(BOT_PRESETS.values())
    assert list(BOT_PRESETS) == ["beginner", "casual", "quick", "expert", "impossible"]
    for field in ("median_ms", "scan_ms", "refractory_ms", "slap_ms", "sigma", "claim_factor"):
        values = [getattr(p, field) for p in presets]
        assert values == sorted(set(values), reverse=True), field  # strictly faster
    for field in ("floor_ms", "error_rate", "chain_factor", "absent_factor"):
        values = [getattr(p, field) for p in presets]
        assert values == sorted(values, reverse=True), field
    skills = [p.skill for p in presets]
    assert skills == sorted(skills)
    assert BOT_PRESETS["beginner"].median_ms == pytest.approx(1500, rel=0.1)


def test_only_impossible_is_beyond_a_person() -> None:
    """Every preset but "impossible" decides and slaps no faster than a person's choice
    reaction (so a quick person beats "expert" now and then); "impossible" decides a whole
    scan faster than that and slaps faster than a person's simple reaction to a light."""
    *people, beyond = BOT_PRESETS.values()
    assert beyond.name == "impossible"
    for p in people:
        assert p.median_ms >= CHOICE_REACTION_MS, p.name
        assert p.slap_ms >= CHOICE_REACTION_MS, p.name
    assert beyond.median_ms < CHOICE_REACTION_MS
    assert beyond.slap_ms < SIMPLE_REACTION_MS


def test_former_preset_names_mean_the_preset_nearest_in_pace() -> None:
    """A config or command line from before the kinds of player keeps working."""
    assert find_profile("medium") is BOT_PRESETS["casual"]
    assert find_profile("Easy") is BOT_PRESETS["casual"]
    assert find_profile(" hard ") is BOT_PRESETS["quick"]
    assert preset_name("medium") == DEFAULT_PRESET == "casual"
    assert preset_name("godlike") is None
    for former, now in FORMER_NAMES.items():
        assert former not in BOT_PRESETS
        assert now in BOT_PRESETS


@pytest.mark.parametrize("name", ["beginner", "quick", "impossible"])
def test_timing_is_right_skewed(name: str) -> None:
    timing = Timing(BOT_PRESETS[name], random.Random(2))
    xs = [timing.reaction(REFERENCE_ITEMS) for _ in range(4000)]
    mean, sd = statistics.fmean(xs), statistics.pstdev(xs)
    skew = sum((x - mean) ** 3 for x in xs) / len(xs) / sd**3
    assert skew > 0.3
    assert mean > statistics.median(xs)


def test_timing_median_grows_with_cards_times_piles_scanned() -> None:
    timing = Timing(QUICK, random.Random(3))
    medians = [
        statistics.median(timing.reaction(items) for _ in range(3000)) for items in (2, 6, 10)
    ]
    assert medians[0] < medians[1] < medians[2]
    assert medians[2] - medians[0] == pytest.approx(8 * QUICK.scan_ms, rel=0.25)


def test_wrong_attempts_come_from_the_fastest_decisions() -> None:
    timing = Timing(QUICK, random.Random(4))
    fast = sum(timing.is_wrong(QUICK.median_ms // 2, REFERENCE_ITEMS) for _ in range(20000))
    slow = sum(timing.is_wrong(QUICK.median_ms * 2, REFERENCE_ITEMS) for _ in range(20000))
    assert fast > 8 * slow > 0
    assert fast / 20000 == pytest.approx(4 * QUICK.error_rate, rel=0.15)


def test_first_decision_of_a_game_has_the_preset_median() -> None:
    """End to end: at t = 0 a bot holding five cards scans 5 x 2 and plans after ~median."""
    for name in ("beginner", "casual", "impossible"):
        dues = first_dues(Rules(), name, 1500, Intent.PLAY)
        assert len(dues) > 500
        assert statistics.median(dues) == pytest.approx(BOT_PRESETS[name].median_ms, rel=0.08)


def test_find_profile_by_name_and_unknown_names() -> None:
    assert find_profile("QUICK") is QUICK
    assert Bot(1, "expert", 0).profile is BOT_PRESETS["expert"]
    with pytest.raises(ValueError, match="known: beginner"):
        find_profile("godlike")


# Plans, re-perception and lockouts.


def test_bot_fires_its_plan_when_nothing_changed() -> None:
    state = position("8H2S2D2C4H/KHKDQSQC5S", "7D/JS")
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.plan is not None
    assert bot.act(state, due - 1) is None  # too early: nothing, and the plan stays
    assert bot.act(state, due) == Play(due, 0, "8H", 0)


def test_a_plan_whose_pile_changed_is_dropped_and_replanned_not_fired() -> None:
    state = position("8H2S2D2C4H/6CKDQSQC5S", "7D/JS")
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert due > 10
    # The other player covers the 7D first: the planned 8H no longer fits.
    state, events = speed.step(state, Play(10, 1, "6C", 0))
    assert [e.type for e in events] == ["played"]
    assert bot.observe(state, 10) == due  # the new state does not move the plan
    assert bot.act(state, due) is None
    assert bot.stats["replans"] == 1
    # A fresh look: none of its cards fits 6C or JS now, so it waits.
    assert bot.observe(state, due) is None


def test_a_plan_is_dropped_when_the_top_changed_even_if_the_card_still_fits() -> None:
    rules = Rules(same_rank=True)
    state = position("8H2S2D2C4H/8CKDQSQC5S", "7D/JS", rules)
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert bot.plan is not None
    assert bot.plan.card is not None
    assert bot.plan.card.code == "8H"
    assert due is not None
    state, _ = speed.step(state, Play(5, 1, "8C", 0))  # 8C on 7D: 8H still fits (doubles)
    assert bot.act(state, due) is None  # but the bot saw a 7D: it looks again
    new_due = bot.observe(state, due)
    assert new_due is not None
    assert new_due >= due + STEADY.floor_ms
    assert bot.act(state, new_due) == Play(new_due, 0, "8H", 0)


def test_other_players_presses_and_lockouts_never_move_a_bots_plan() -> None:
    state = position("8H2S2D2C4H/6C9DQSQC5S", "7D/JS")
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    plan = bot.plan
    assert due is not None
    assert due > 40
    presses: list[Command] = [
        Play(10, 1, "QS", 0),  # a wrong play: player 1 is locked out
        Play(12, 1, "QS", 0),  # mashing during the lockout
        Play(14, 1, "5S", 0),
        Slam(20, 1),  # a false call: a penalty for player 1
        Play(30, 1, "5S", 1),  # mashing again
        Tick(35),
    ]
    for cmd in presses:
        state, _ = speed.step(state, cmd)
        assert bot.observe(state, cmd.t) == due
        assert bot.plan is plan
    assert state.players[1].locked_until > 0
    assert bot.act(state, due) == Play(due, 0, "8H", 0)


def test_a_wrong_attempt_is_rejected_by_the_engine_and_locks_the_bot_out() -> None:
    clumsy = replace(QUICK, name="clumsy", error_rate=1.0, sigma=0.0)  # MAX_WRONG: 1 in 2
    for seed in range(40):
        state = position("8H2S2D2C4H/6CKDQSQC5S", "7D/JS")
        bot = Bot(0, clumsy, seed)
        due = bot.observe(state, 0)
        assert due is not None
        cmd = bot.act(state, due)
        assert isinstance(cmd, Play)
        if bot.last_fired_wrong:
            break
    else:
        pytest.fail("no wrong attempt in 40 seeds")
    assert cmd.card != "8H"
    state, events = speed.step(state, cmd)
    assert events == [PlayRejected(due, 0, Reason.NOT_ADJACENT, cmd.card, 0)]
    locked = state.players[0].locked_until
    assert locked == due + state.rules.lockout_ms
    next_due = bot.observe(state, due)
    assert next_due is not None
    assert next_due >= locked
    assert bot.act(state, next_due) is not None


def test_refractory_gap_after_its_own_play() -> None:
    state = position("8H9H2D2C4H/KHKDQSQC5S", "7D/JS")
    slow_hands = replace(STEADY, name="slow-hands", refractory_ms=5000)
    bot = Bot(0, slow_hands, 1)
    due = bot.observe(state, 0)
    assert due is not None
    cmd = bot.act(state, due)
    assert cmd is not None
    state, _ = speed.step(state, cmd)
    nxt = bot.observe(state, due)
    assert nxt is not None
    assert nxt >= due + 5000


def test_bot_slams_ready_at_a_stall_and_not_otherwise() -> None:
    state = position("2H2S2D2C4H/4S4D4CQHQS", "7D/7S")
    assert state.phase.is_stall
    bot = Bot(1, "impossible", 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.act(state, due) == Slam(due, 1)
    # Without a stall, and holding nothing that fits, a bot does nothing at all.
    calm = position("2H2S2D2C4H/8S4D4CQHQS", "7D/7S")
    bot = Bot(0, "impossible", 1)
    assert bot.observe(calm, 0) is None


def test_bot_claims_when_out_within_the_call_timeout() -> None:
    for timeout in (1, 40, 3000):
        rules = Rules(call_timeout_ms=timeout)
        state = empty_draws("8H/2S2D2C4HQS", "7D/JS", rules)
        bot = Bot(0, "beginner", 3)
        due = bot.observe(state, 0)
        assert due is not None
        state, _ = speed.step(state, bot.act(state, due) or Tick(due))
        assert state.players[0].cards == 0
        claim = bot.observe(state, due)
        assert claim is not None
        assert claim < due + timeout
        cmd = bot.act(state, claim)
        assert cmd == Slam(claim, 0)
        state, events = speed.step(state, cmd)
        assert state.winner == 0, events


def test_a_zero_call_timeout_penalises_at_once_and_the_bot_plays_on() -> None:
    """call_timeout_ms 0 makes a claim impossible in call mode: the penalty fires in the very
    step that empties the bot's hand. The bot does not try to claim; it plays on."""
    rules = Rules(call_timeout_ms=0)
    state = empty_draws("8H/2S2D2C4HQS", "7D/JS", rules)
    bot = Bot(0, "quick", 3)
    due = bot.observe(state, 0)
    assert due is not None
    state, events = speed.step(state, bot.act(state, due) or Tick(due))
    assert [e.type for e in events] == ["played", "penalty"]
    assert [c.code for c in state.players[0].hand] == ["7D"]
    nxt = bot.observe(state, due)
    assert nxt is not None
    assert bot.plan is not None
    assert bot.plan.intent is Intent.PLAY


def test_either_mode_bots_race_to_claim_an_opponents_out() -> None:
    rules = Rules.from_options({"call": "either"})
    state = empty_draws("8H/2S2D2C4HQS", "7D/JS", rules)
    state, _ = speed.step(state, Play(100, 0, "8H", 0))
    bot = Bot(1, "impossible", 3)
    due = bot.observe(state, 100)
    assert due is not None
    assert bot.act(state, due) == Slam(due, 1)


def test_a_pause_holds_the_plan_and_the_resume_shifts_it() -> None:
    from engine.commands import Pause, Resume

    state = position("8H2S2D2C4H/KHKDQSQC5S", "7D/JS")
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert due > 50
    state, _ = speed.step(state, Pause(50, 1))
    assert bot.observe(state, 50) is None
    assert bot.act(state, due) is None
    state, _ = speed.step(state, Resume(1050, 1))
    assert bot.observe(state, 1050) == due + 1000
    assert bot.act(state, due + 1000) == Play(due + 1000, 0, "8H", 0)


def test_deadlock_bot_makes_the_free_play_then_slams() -> None:
    # Nothing fits, no side piles and nothing under the tops: a deadlock at once.
    rules = Rules()
    hands = "2H2S2D3C3H/4S4D4CQHQS"
    used = hands.replace("/", "") + "7D7S"
    taken = {used[i : i + 2] for i in range(0, len(used), 2)}
    rest = "".join(c.code for c in make_deck() if c.code not in taken)
    half = len(rest) // 2
    text = f"{hands} {rest[:half]}/{rest[half:]} 7D/7S -/- -"
    state, _ = speed.start(rules, parse_table(text, rules), random.Random(0), 0)
    assert state.phase.name == "DEADLOCKED"
    bot = Bot(0, STEADY, 1)
    due = bot.observe(state, 0)
    assert due is not None
    assert bot.plan is not None
    assert bot.plan.intent is Intent.DEADLOCK_PLAY
    cmd = bot.act(state, due)
    assert isinstance(cmd, Play)
    assert cmd.to == 0
    assert cmd.card in ("2H", "3C", "2S", "2D", "3H")
    state, events = speed.step(state, cmd)
    assert [e.type for e in events] == ["played"]
    nxt = bot.observe(state, due)
    assert nxt is not None
    follow = bot.act(state, nxt)
    # Its free play left a held card that fits it (a 2 on a 3 or a 3 on a 2), else it slams.
    assert follow is not None


# Whole games.


def _mash(state: SpeedState, rng: random.Random, t: int) -> Command:
    """A random Speed press for seat 1: often stale or wrong."""
    hand = state.players[1].hand or state.players[0].hand
    if rng.random() < 0.2:
        return Slam(t, 1)
    card = rng.choice(hand).code if hand else "AS"
    return Play(t, 1, card, rng.randrange(state.rules.players))


def _drive(
    rules: Rules,
    seed: int,
    profiles: list[BotProfile | str],
    masher: random.Random | None = None,
) -> tuple[SpeedState, list[tuple[Bot, Play, list[Event]]]]:
    """Speed bots play one game (see ``drive``). Returns the end and every play a bot fired
    with its events; a bot knows which of them were its wrong attempts."""
    state, fired = drive(rules, seed, profiles, masher, _mash)
    plays = []
    for bot, cmd, events, wrong in fired:
        if isinstance(cmd, Play):
            assert wrong == any(isinstance(e, PlayRejected) for e in events)
            plays.append((bot, cmd, events))
    return state, plays


@pytest.mark.parametrize("seed", range(6))
def test_bots_never_play_against_stale_state(seed: int) -> None:
    """Every play a bot fires is legal when it fires, or is its deliberate wrong attempt,
    even with a masher pressing random (stale, wrong) plays and slams for seat 1."""
    rules = Rules.from_options({"call": "either" if seed % 2 else "call"})
    clumsy = replace(QUICK, name="clumsy", error_rate=0.2)
    _state, fired = _drive(rules, seed, [clumsy, "impossible"], random.Random(seed))
    assert fired
    for _bot, cmd, events in fired:
        played = [e for e in events if isinstance(e, CardPlayed) and e.player == cmd.player]
        rejected = [e for e in events if isinstance(e, PlayRejected) and e.player == cmd.player]
        assert played or rejected, (cmd, events)
        if rejected:
            # Only the deliberate wrong attempt, and the engine says why: its rank.
            assert rejected[0].reason is Reason.NOT_ADJACENT, (cmd, events)


def test_bots_game_without_interference_only_rejects_wrong_attempts() -> None:
    for seed in range(8):
        state, fired = _drive(Rules(), seed, ["quick", "expert"])
        assert state.is_over
        wrong = sum(1 for _, _, ev in fired if any(isinstance(e, PlayRejected) for e in ev))
        bots_wrong = sum(b.stats["wrong"] for b in {id(b): b for b, _, _ in fired}.values())
        assert wrong == bots_wrong


@pytest.mark.parametrize("players", [3, 4])
def test_bots_finish_three_and_four_player_games(players: int) -> None:
    rules = Rules.from_options({"players": players})
    for seed in range(3):
        state, _ = _drive(rules, seed, ["quick"] * players)
        assert state.is_over


def test_same_seed_same_bot_decisions() -> None:
    first = _drive(Rules(), 5, ["casual", "quick"])
    again = _drive(Rules(), 5, ["casual", "quick"])
    assert [c for _, c, _ in first[1]] == [c for _, c, _ in again[1]]
    assert first[0] == again[0]
    other = _drive(Rules(), 6, ["casual", "quick"])
    assert [c for _, c, _ in first[1]] != [c for _, c, _ in other[1]]
