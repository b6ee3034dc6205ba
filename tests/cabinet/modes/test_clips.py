"""Watch it again's clips (issue 28 item 5): a stored replay cut to the game's last 10 s,
or 10 s centred on its closest photo finish, ending where the game ended; a replay that
does not end as its record says is refused."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.modes.flow.clips import CLIP_MS, ClipRefused, Stored, clip_of, replay_steps
from engine.scenario import parse, play
from tests.cabinet.modes.replay_rigs import bot_game, photo_game


def test_a_clip_is_the_games_last_ten_seconds_and_ends_where_the_game_ended() -> None:
    game = bot_game(0)
    clip = clip_of(game.replay, Stored(game.winner, game.duration_ms))
    assert clip.photo is None
    assert (clip.start_ms, clip.end_ms) == (game.duration_ms - CLIP_MS, game.duration_ms)
    assert clip.length_ms == CLIP_MS == 10_000
    final = play(parse(game.replay))
    assert clip.final == final  # the same final state, not only the same winner
    assert clip.final.is_over
    assert clip.final.winner == game.winner
    assert clip.opening.now <= clip.start_ms < clip.steps[0].t
    assert [s.t for s in clip.steps] == sorted(s.t for s in clip.steps)


def test_a_clip_is_centred_on_the_closest_photo_finish() -> None:
    game, raced = photo_game(1, 5000)
    clip = clip_of(game.replay, Stored(game.winner, game.duration_ms))
    assert clip.photo is not None
    assert clip.photo.margin_ms == 7.0
    assert clip.photo.t == raced
    assert (clip.start_ms, clip.end_ms) == (raced - CLIP_MS // 2, raced + CLIP_MS // 2)
    assert clip.final.now < game.duration_ms  # a clip of the middle of the game


def test_a_photo_finish_near_the_end_keeps_the_clip_inside_the_game() -> None:
    game, raced = photo_game(0, bot_game(0).duration_ms - 3000)
    clip = clip_of(game.replay, Stored(game.winner, game.duration_ms))
    assert clip.end_ms == game.duration_ms
    assert clip.length_ms == CLIP_MS
    assert clip.start_ms < raced <= clip.end_ms
    assert clip.final.winner == game.winner


@pytest.mark.parametrize(
    ("stored", "words"),
    [
        (lambda g: Stored(1 - g.winner, g.duration_ms), "won by P1, the record says P2"),
        (lambda g: Stored(g.winner, g.duration_ms + 5), "its replay lasts 33145 ms"),
    ],
)
def test_a_replay_that_ends_otherwise_than_its_record_is_refused(stored, words) -> None:  # type: ignore[no-untyped-def]
    game = bot_game(0)
    assert game.winner == 0
    with pytest.raises(ClipRefused, match=words):
        clip_of(game.replay, stored(game))


@pytest.mark.parametrize(
    "replay",
    [{}, {"rules": {"game": "speed"}, "inputs": "garbled"}, {"rules": {"game": "chess"}}],
)
def test_a_garbled_replay_is_refused_in_one_line(replay: dict[str, object]) -> None:
    with pytest.raises(ClipRefused, match="its replay cannot be played") as caught:
        clip_of(replay, Stored(0, 1000))
    assert "\n" not in str(caught.value)


def test_a_replay_cut_short_is_refused() -> None:
    game = bot_game(2)
    short = dict(game.replay, inputs=game.replay["inputs"][:5], until=5000)  # type: ignore[index]
    with pytest.raises(ClipRefused, match="does not reach the game's end"):
        clip_of(short, Stored(game.winner, game.duration_ms))


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=2**16))
def test_replay_steps_reach_the_scenarios_own_final_state(seed: int) -> None:
    game = bot_game(seed)
    first, steps = replay_steps(parse(game.replay))
    assert steps[-1].state == play(parse(game.replay))
    assert all(a.t <= b.t for a, b in itertools.pairwise(steps))
    assert first.now == 0
