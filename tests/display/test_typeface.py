"""The typeface (issue 26 item 11): Atkinson Hyperlegible from its pinned package, the
same on the laptop and the Pi, its letters evenly spaced (pygame's bundled font set
"pi le" and "S LAMs"), its capitals measured from rendered pixels."""

from __future__ import annotations

import logging
import os
import tomllib
from pathlib import Path

import pygame
import pytest

from display import cards
from display.cards import TYPEFACE, Fonts, ink_rows

ROOT = Path(__file__).resolve().parents[2]


def _gaps(font: pygame.font.Font, word: str) -> list[int]:
    """The blank columns between the letters of ``word`` as drawn (runs of columns with no
    pixel half opaque), left to right."""
    s = font.render(word, True, (255, 255, 255))
    w, h = s.get_size()
    ink = [any(s.get_at((x, y)).a >= 128 for y in range(h)) for x in range(w)]
    gaps, run, started = [], 0, False
    for column in ink:
        if column:
            if started and run:
                gaps.append(run)
            started, run = True, 0
        elif started:
            run += 1
    return gaps


def test_the_typeface_comes_from_its_pinned_package(screen: pygame.Surface) -> None:
    fonts = Fonts()
    assert fonts.path is not None
    assert fonts.path.endswith(TYPEFACE[1])
    assert fonts.get(40).name == "Atkinson Hyperlegible"
    with open(ROOT / "pyproject.toml", "rb") as fh:
        deps = tomllib.load(fh)["project"]["dependencies"]
    package = TYPEFACE[0].replace("_", "-")
    assert any(d.startswith(f"{package}==") for d in deps), deps  # pinned, not ranged


def test_letters_are_evenly_spaced(screen: pygame.Surface) -> None:
    """The gaps between the letters of a word differ by at most 2 px at the sizes text is
    set in; pygame's bundled font differs by up to 4 ("S LAMs")."""
    fonts = Fonts()
    old = pygame.font.Font(None, 34)
    old.set_bold(True)
    assert max(_gaps(old, "SLAMs")) - min(_gaps(old, "SLAMs")) > 2  # the test can fail
    for size in (26, 34, 44, 60):
        for word in ("pile", "SLAMs", "fits", "LEFT", "neither"):
            gaps = _gaps(fonts.get(size), word)
            assert max(gaps, default=0) - min(gaps, default=0) <= 2, (size, word, gaps)


def test_cap_height_is_the_ink_of_an_h(screen: pygame.Surface) -> None:
    """``cap_height`` counts the rows of ink of a drawn "H", and grows with the size."""
    fonts = Fonts()
    bar = pygame.Surface((10, 30), pygame.SRCALPHA)
    bar.fill((255, 255, 255, 255), pygame.Rect(2, 5, 3, 17))
    assert ink_rows(bar) == 17
    caps = [fonts.cap_height(s) for s in range(20, 80, 4)]
    assert caps == sorted(caps)
    assert 0.45 < fonts.cap_height(60) / 60 < 0.6


def test_a_missing_typeface_says_so_in_one_line_and_text_still_draws(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(cards, "TYPEFACE", ("no_such_font_package", "files/X.ttf"))
    with caplog.at_level(logging.WARNING, logger="display.cards"):
        fonts = Fonts()
    assert fonts.path is None
    (line,) = [r.getMessage() for r in caplog.records]
    assert "no_such_font_package is not installed" in line
    assert "deploy/bootstrap.py" in line
    assert fonts.get(30).size("SLAM")[0] > 0


def test_fonts_hold_no_file_open(screen: pygame.Surface) -> None:
    """Every size is made from the typeface's bytes in memory: a renderer's many sizes,
    kept alive by caches across a long run (or a test session), hold no descriptors (a
    serial link's select() fails once descriptors pass 1024)."""

    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    Fonts().get(30)  # the bytes are read once, up front
    before = open_files()
    kept = [Fonts() for _ in range(5)]
    for fonts in kept:
        for size in range(10, 60):
            fonts.get(size).render("SLAM", True, (255, 255, 255))
    assert open_files() == before
