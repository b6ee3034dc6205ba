"""Bench group ``soak`` (cabinet/tools/bench/soak.py): memory over games with the display
drawing, and the kiosk half: match games through the loop, the flow and the records."""

from __future__ import annotations

from typing import Any

import pytest

from cabinet.kiosk import records as records_module
from cabinet.tools.bench.figures import Figures
from cabinet.tools.bench.soak import kiosk_figures, rss_mb, soak_figures


def number_of(figures: Figures, name: str) -> float:
    """The figure NAME, one number (not a distribution)."""
    figure = figures[name]
    assert isinstance(figure, int | float)
    return figure


def test_kiosk_soak_records_every_match_game_with_its_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    finished: list[dict[str, Any]] = []
    real = records_module.Records.finish_game

    def spy(self: Any, game_id: int, **kw: Any) -> None:
        finished.append(kw)
        real(self, game_id, **kw)

    monkeypatch.setattr(records_module.Records, "finish_game", spy)
    figures = kiosk_figures(games=4, warm=2)
    assert figures["kiosk_games_recorded"] == 4
    assert number_of(figures, "kiosk_records_ms") > 0
    assert isinstance(figures["kiosk_rss_growth_mb"], float)
    assert len(finished) == 4
    for game in finished:
        assert game["duration_ms"] > 5_000  # whole games, played by the bots
        assert game["replay"]["inputs"]  # the replay holds the presses
        for seat in game["results"]:
            assert len(seat.reactions_ms) == seat.plays


def test_soak_reports_memory_after_games() -> None:
    figures = soak_figures(games=3, warm=1)
    assert figures["soak_games"] == 3
    assert number_of(figures, "soak_frames") > 0
    assert 10 < number_of(figures, "rss_mb") < 2000
    assert isinstance(figures["rss_growth_mb"], float)
    assert rss_mb() > 0
