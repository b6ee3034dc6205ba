"""The sound board's levels on SDL's dummy audio driver (tests/display/conftest.py): the
service menu's volumes change the real ``pygame.mixer.Sound`` volumes at once, the attract
demo plays at its own level, and the operator's check sound plays once per change."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pygame
import pytest

from display.sound import EFFECTS, SoundBoard
from display.view import SoundCheck, SoundLevels


@pytest.fixture
def board() -> Iterator[SoundBoard]:
    made = SoundBoard(0.7)
    assert made.available, "the dummy audio driver gives a mixer"
    yield made
    pygame.mixer.quit()


def at(board: SoundBoard, level: float) -> bool:
    """Every loaded effect plays at ``level``, as the mixer holds it (in 1/128 steps)."""
    got = [s.get_volume() for s in board.sounds.values()]  # type: ignore[attr-defined]
    return len(got) == len(EFFECTS) and all(abs(v - level) <= 1 / 128 for v in got)


def test_set_levels_changes_every_loaded_sound_at_once(board: SoundBoard) -> None:
    assert at(board, 0.7)
    board.set_levels(SoundLevels(game=0.9, attract=0.2, attract_now=True))
    assert at(board, 0.2)  # the attract demo
    assert set(board.sounds) == set(EFFECTS)
    board.set_levels(SoundLevels(game=0.9, attract=0.2, attract_now=False))
    assert at(board, 0.9)  # join, the game, the result
    board.set_levels(SoundLevels(game=0.5, attract=0.2))
    assert at(board, 0.5)  # the operator turned it down
    board.set_volume(1.5)
    assert at(board, 1.0)  # clamped


def test_a_board_started_at_0_can_be_turned_up() -> None:
    silent = SoundBoard(0.0)
    try:
        assert silent.available
        assert at(silent, 0.0)
        silent.play("land")
        assert not pygame.mixer.get_busy()  # a silent level takes no channel
        silent.set_levels(SoundLevels(game=0.6, attract=0.0))
        assert at(silent, 0.6)
        silent.play("land")
        assert silent.sounds["land"].get_num_channels() == 1  # type: ignore[attr-defined]
    finally:
        pygame.mixer.quit()


def test_the_check_sound_plays_once_per_change_at_its_level(board: SoundBoard) -> None:
    check = board._check
    assert isinstance(check, pygame.mixer.Sound)
    board.set_levels(SoundLevels(0.7, 0.3, True, SoundCheck(4, 0.5)))
    assert check.get_num_channels() == 0  # already there at the first call: old news
    board.set_levels(SoundLevels(0.8, 0.3, True, SoundCheck(5, 0.8)))
    assert check.get_num_channels() == 1
    assert abs(check.get_volume() - 0.8) <= 1 / 128
    assert at(board, 0.3)  # the demo keeps its own level
    check.stop()
    board.set_levels(SoundLevels(0.8, 0.3, False, SoundCheck(5, 0.8)))  # phase only
    assert check.get_num_channels() == 0
    board.set_levels(SoundLevels(0.8, 0.0, False, SoundCheck(6, 0.0)))  # checked at 0: silence
    assert check.get_num_channels() == 0


def test_muted_stays_silent_whatever_the_levels() -> None:
    muted = SoundBoard(0.7, mute=True)
    muted.set_levels(SoundLevels(1.0, 1.0, check=SoundCheck(1, 1.0)))
    muted.set_levels(SoundLevels(1.0, 1.0, check=SoundCheck(2, 1.0)))
    assert not muted.sounds
    assert not muted.available
    assert muted._check is None


def test_a_mixer_that_fails_on_a_level_change_goes_silent_and_says_so(
    board: SoundBoard, caplog: pytest.LogCaptureFixture
) -> None:
    class Gone:
        def set_volume(self, level: float) -> None:
            raise pygame.error("device went away")

    board.sounds["land"] = Gone()
    with caplog.at_level(logging.INFO, logger="speed_cabinet.sound"):
        board.set_levels(SoundLevels(0.4, 0.1))
    assert "volume not set: device went away" in caplog.text
    assert not board.sounds  # silence from now on, nothing raised
    board.play("land")


def _available(board: SoundBoard) -> bool:
    # Read through a call: mypy would keep ``board.available`` narrowed across ``play``.
    return board.available


def test_a_board_made_later_starts_its_mixer_now_and_its_effects_after_the_first_frame() -> None:
    """The window's board (deploy/README.md, start-up): no effect made before ``prepare``,
    which the window calls once its first frame is up; a sound asked for before that makes
    them then, at the level set meanwhile."""
    later = SoundBoard(0.7, later=True)
    try:
        assert pygame.mixer.get_init() is not None
        assert later.sounds == {}
        assert not _available(later)
        later.set_levels(SoundLevels(game=0.4, attract=0.1))
        assert later.sounds == {}
        later.play("land")  # before prepare: made now, at the level set
        assert _available(later)
        assert at(later, 0.4)
        made = dict(later.sounds)
        later.prepare()  # once only
        assert later.sounds == made
    finally:
        pygame.mixer.quit()
