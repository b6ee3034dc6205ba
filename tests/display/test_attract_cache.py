"""Attract's placements kept on disk (display/attract_cache.py): the first frame after a
boot draws the card the boot before placed, without searching the table again; a bad or
unwritable cache only costs the search."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from cabinet.controls.registry import rules_card
from display import attract, attract_cache
from display.animations import Animations
from display.renderer import Renderer
from display.view import FlowScreen, FlowView, TableView
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import changed
from tests.fifo import fifo_at, without_blocking

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test as a new process: nothing placed in memory, no cache read yet."""
    monkeypatch.delenv("CACHE_DIRECTORY", raising=False)
    attract.placed.cache_clear()
    attract_cache._caches.clear()
    yield
    attract.placed.cache_clear()
    attract_cache._caches.clear()


def _flow(game: Game = Game.SPEED, hint: str = "press SLAM to join") -> FlowView:
    return FlowView(screen=FlowScreen.ATTRACT, game=game, rules=rules_card(game), hint=hint)


def _view(game: Game = Game.SPEED, hint: str = "press SLAM to join") -> TableView:
    state = scenes.california_new() if game is Game.CALIFORNIA else scenes.speed_new(2)
    view: TableView = scenes.view(state, humans=0, flow=_flow(game, hint))
    return view


def _draw(view: TableView) -> tuple[pygame.Surface, Any]:
    shot = pygame.Surface(SIZE)
    layout = Renderer(SIZE).draw(shot, view, Animations(), 0)
    return shot, layout


def _no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def search(*args: object) -> None:
        raise AssertionError("attract's card was placed again")

    monkeypatch.setattr(attract, "attract_card", search)


def test_the_next_boot_draws_the_kept_card_without_searching(
    screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path / "cache"))
    first, layout = _draw(_view())
    kept = json.loads((tmp_path / "cache" / attract_cache.FILE).read_text())
    assert len(kept["cards"]) == 1
    text = attract.attract_text(_flow())
    placed = attract.attract_card(layout, Renderer(SIZE).paint.fonts, text)

    # A new process: the same screen, text and code find the card on disk.
    attract.placed.cache_clear()
    attract_cache._caches.clear()
    _no_search(monkeypatch)
    again, _ = _draw(_view())
    assert changed(first, again, pygame.Rect(0, 0, *SIZE), 1) == 0  # the same picture
    cache = attract_cache.placement_cache()
    assert cache is not None
    assert cache.get(attract_cache.key_of(layout, text)) == placed.cards


def test_another_screen_or_text_is_placed_anew_and_the_newest_are_kept(
    screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path))
    monkeypatch.setattr(attract_cache, "KEEP", 2)
    _draw(_view())
    _draw(_view(hint="press SLAM to join: the best-of-5 match stands 0-1"))
    _draw(_view(Game.CALIFORNIA))
    kept = json.loads((tmp_path / attract_cache.FILE).read_text())["cards"]
    assert len(kept) == 2  # the oldest (Speed's plain hint) dropped
    layout = Renderer(SIZE).layout_of(_view())
    assert attract_cache.key_of(layout, attract.attract_text(_flow())) not in kept


def test_without_a_cache_directory_nothing_is_written(
    screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert attract_cache.placement_cache() is None
    shot, _ = _draw(_view())
    assert changed(shot, pygame.Surface(SIZE), pygame.Rect(0, 0, *SIZE), 6) > 1000
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content",
    ["{not json", '{"format": 1, "cards": []}', '{"format": 0, "cards": {}}', "[]"],
    ids=["garbage", "wrong-shape", "old-format", "a-list"],
)
def test_a_bad_cache_file_is_placed_anew_and_rewritten(
    screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str
) -> None:
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path))
    (tmp_path / attract_cache.FILE).write_text(content)
    shot, _ = _draw(_view())
    assert changed(shot, pygame.Surface(SIZE), pygame.Rect(0, 0, *SIZE), 6) > 1000
    kept = json.loads((tmp_path / attract_cache.FILE).read_text())
    assert kept["format"] == attract_cache.FORMAT
    assert len(kept["cards"]) == 1


def test_a_kept_entry_that_does_not_read_is_placed_anew(
    screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path))
    good, _ = _draw(_view())
    path = tmp_path / attract_cache.FILE
    data = json.loads(path.read_text())
    (key,) = data["cards"]
    data["cards"][key] = [{"box": "?"}]
    path.write_text(json.dumps(data))
    attract.placed.cache_clear()
    attract_cache._caches.clear()
    again, _ = _draw(_view())
    assert changed(good, again, pygame.Rect(0, 0, *SIZE), 1) == 0


def test_an_unwritable_cache_is_logged_once_and_the_card_still_drawn(
    screen: pygame.Surface,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("CACHE_DIRECTORY", str(blocked / "cache"))
    with caplog.at_level(logging.WARNING, logger="speed_cabinet.screen"):
        shot, _ = _draw(_view())
        _draw(_view(Game.CALIFORNIA))
    assert changed(shot, pygame.Surface(SIZE), pygame.Rect(0, 0, *SIZE), 6) > 1000
    warned = [r for r in caplog.records if "placement cache not written" in r.getMessage()]
    assert len(warned) == 1


def test_systemd_lists_the_first_cache_directory() -> None:
    assert attract_cache.cache_dir({"CACHE_DIRECTORY": "/var/cache/a:/var/cache/b"}) == Path(
        "/var/cache/a"
    )
    assert attract_cache.cache_dir({}) is None
    assert attract_cache.cache_dir({"CACHE_DIRECTORY": ""}) is None


def test_a_cache_nested_too_deep_reads_as_empty_and_is_rewritten(
    screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """json recurses per level: 100,000 nested lists overflow the stack (issue 25)."""
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path))
    path = tmp_path / attract_cache.FILE
    path.write_text('{"format": 1, "cards": {"k": ' + "[" * 100_000 + "]" * 100_000 + "}}")
    cache = attract_cache.PlacementCache(tmp_path)
    assert cache.get("k") is None
    shot, _ = _draw(_view())
    assert changed(shot, pygame.Surface(SIZE), pygame.Rect(0, 0, *SIZE), 6) > 1000
    assert len(json.loads(path.read_text())["cards"]) == 1


def test_a_fifo_as_the_cache_reads_as_empty_without_blocking(tmp_path: Path) -> None:
    fifo = fifo_at(tmp_path / attract_cache.FILE)
    cache = attract_cache.PlacementCache(tmp_path)
    assert without_blocking(lambda: cache.get("k"), fifo) is None
    cache.put("k", ())  # the next write puts a file in its place
    assert json.loads(fifo.read_text())["cards"] == {"k": []}
