"""The moments' sounds, heard without speakers: SDL's ``disk`` audio driver writes what the
mixer plays to a file (``SDL_DISKAUDIOFILE``), in real time, silence included. A child
process (the driver is chosen when the mixer opens) plays each case through the cabinet's
``SoundBoard`` into its own file; the test reads the samples back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

from display.sound import effect_for
from engine.events import GameWon, PenaltyTaken

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import json, os, sys, time
import pygame
from display.sound import SoundBoard
from engine.cards import Card
from engine.events import CardPlayed, GameWon, PenaltyTaken
EVENTS = {
    "win": [GameWon(100, 0)],
    "penalty": [PenaltyTaken(100, 1, 8)],
    "land": [CardPlayed(100, 0, Card(6, "C"), 0)],
    "nothing": [],
}
formats = {}
for case, path in json.loads(sys.argv[1]).items():
    os.environ["SDL_DISKAUDIOFILE"] = path
    board = SoundBoard(0.7)
    assert board.available, case
    board.play_events(EVENTS[case])
    time.sleep(1.1)  # the driver writes in real time: the longest effect is under 1 s
    formats[case] = pygame.mixer.get_init()
    pygame.mixer.quit()
print(json.dumps(formats))
"""


def _heard(tmp_path: Path) -> dict[str, array[int]]:
    files = {c: str(tmp_path / f"{c}.raw") for c in ("win", "penalty", "land", "nothing")}
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "disk",
        "SDL_VIDEODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    out = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(files)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    formats = json.loads(out.stdout.strip().splitlines()[-1])
    heard = {}
    for case, path in files.items():
        assert formats[case][:3] == [22050, -16, 1], formats  # 16-bit mono: read as such
        samples = array("h")
        samples.frombytes(Path(path).read_bytes())
        assert len(samples) > 22050 * 0.5, (case, len(samples))  # the driver ran
        heard[case] = samples
    return heard


@pytest.fixture(scope="module")
def heard(tmp_path_factory: pytest.TempPathFactory) -> dict[str, array[int]]:
    return _heard(tmp_path_factory.mktemp("disk-audio"))


def _loud(samples: array[int]) -> int:
    """Samples clearly above silence."""
    return sum(1 for x in samples if abs(x) > 500)


def test_a_win_and_a_penalty_are_heard(heard: dict[str, array[int]]) -> None:
    for case in ("win", "penalty"):
        samples = heard[case]
        assert max(abs(x) for x in samples) > 8000, case
        assert _loud(samples) > 22050 * 0.2, case  # a few hundred ms of sound, not a click


def test_nothing_played_is_silence(heard: dict[str, array[int]]) -> None:
    assert not any(heard["nothing"])


def _span(samples: array[int]) -> int:
    """Samples from the first clearly heard one to the last."""
    loud = [i for i, x in enumerate(samples) if abs(x) > 500]
    return loud[-1] - loud[0] if loud else 0


def test_the_win_is_not_a_card_landing(heard: dict[str, array[int]]) -> None:
    win, land = _span(heard["win"]), _span(heard["land"])
    assert 0 < land < 22050 * 0.1  # a card's landing is heard too: a tick
    assert win > 22050 * 0.6  # the fanfare: most of a second
    assert _span(heard["penalty"]) > 22050 * 0.4


def test_the_moments_have_their_effects() -> None:
    assert effect_for(GameWon(1, 0)) == "win"
    assert effect_for(PenaltyTaken(1, 0, 8)) == "penalty"
