"""The party event's screens (docs/party.md, "Screens"): each says what it must (names,
seats, the countdown, strikes, the estimate), 16 entrants fit at read size at 1920x1080
and 1280x720, a hidden name is never drawn, and a call lights its seats and no other.
``EVENT_SHOTS=/tmp/dir`` also saves the screens."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from display import party
from display.layout import Layout, Rect
from display.paint import Painter
from display.palette import seat_colour
from display.party_view import HIDDEN_MARK, EventPhase, EventView
from display.table import felt
from display.typeset import SetCard, read_size
from tests.display import party_rigs as rigs
from tests.display.pixels import colours, save_shot

SIZES = list(rigs.SIZES)
IDS = list(rigs.IDS)


@pytest.fixture(scope="module")
def paint(screen: pygame.Surface) -> Painter:
    return Painter()


def drawn(paint: Painter, view: EventView, layout: Layout, name: str = "") -> pygame.Surface:
    surface = felt(layout)
    paint.measure()
    party.draw(paint, surface, view, layout, blink=False)
    if name:
        save_shot("EVENT_SHOTS", surface, f"{name}-{layout.width}x{layout.height}")
    return surface


def joined(texts: list[str]) -> str:
    return "\n".join(texts)


def test_sign_up_shows_format_names_estimate_and_how(paint: Painter, texts: list[str]) -> None:
    view = rigs.fair_strikes(8, EventPhase.SIGN_UP)
    drawn(paint, view, rigs.table((1920, 1080)), "sign-up")
    said = joined(texts)
    for name in view.entrants:
        assert name in texts
    assert "FAIR STRIKES" in said
    assert "3 strikes and you are out" in said
    assert "about 25 min" in said
    assert "shorter: about 17 min with 2 strikes out" in said
    for button in ("slot 4", "LEFT / RIGHT", "SLAM", "slot 2: start"):
        assert button in said


def test_next_up_names_seats_and_countdown(paint: Painter, texts: list[str]) -> None:
    who = rigs.names(8)
    view = rigs.fair_strikes(8, EventPhase.CALLING, call=rigs.called(who[:2], (0, 1), 42))
    drawn(paint, view, rigs.table((1920, 1080)), "next-up")
    said = joined(texts)
    assert f"NEXT UP:  {who[0]} vs {who[1]}" in said
    assert "take seats 1 and 2" in said
    assert "press SLAM within 42 s" in said
    texts.clear()
    later = replace(view, call=rigs.called(who[:2], (0, 1), 7))
    drawn(paint, later, rigs.table((1920, 1080)))
    assert "press SLAM within 7 s" in joined(texts)
    assert "42 s" not in joined(texts)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("seats", [2, 4])
def test_called_seats_lit_and_no_other(paint: Painter, size: tuple[int, int], seats: int) -> None:
    who = rigs.names(8)
    called = (0, 1) if seats == 2 else (0, 2, 3)
    view = rigs.fair_strikes(
        8, EventPhase.CALLING, seats=seats, call=rigs.called(who[: len(called)], called)
    )
    layout = rigs.table(size, seats)
    plain = felt(layout)
    surface = drawn(paint, view, layout, f"lit-{seats}")
    card = party.card_for(paint.fonts, view, layout)
    for s in layout.seats:
        bar = pygame.Rect(*s.bar.inflate(max(3, s.card_w // 16)).tuple())
        seen = colours(surface, bar)
        if s.index in called:
            assert seat_colour(s.index) in seen, f"seat {s.index + 1} not lit"
            assert not card.box.overlaps(s.bar), f"the card hides seat {s.index + 1}"
        else:
            assert seat_colour(s.index) not in seen
            # Darkened: every probed pixel no brighter than the bare felt's.
            c, p = surface.get_at(bar.center), plain.get_at(bar.center)
            assert sum(c[:3]) < sum(p[:3])


def test_between_games_strikes_table(paint: Painter, texts: list[str]) -> None:
    view = rigs.fair_strikes(8)
    drawn(paint, view, rigs.table((1920, 1080)), "between-fair-strikes-8")
    said = joined(texts)
    out = [r for r in view.standings if not r.standing]
    assert out, "the rig has someone out"
    assert "OUT" in texts
    assert texts.count("OUT") == len(out)
    assert "X X" in texts
    assert "X X X" in texts
    for row in view.standings:
        assert f"{row.place}.  {row.name}" in said


def test_between_games_queue(paint: Painter, texts: list[str]) -> None:
    view = rigs.winner_stays(6)
    drawn(paint, view, rigs.table((1920, 1080)), "between-winner-stays-6")
    said = joined(texts)
    assert view.queue is not None
    assert view.queue.holder is not None
    assert f"on the seat: {view.queue.holder}, 2 wins in a row" in said
    assert "next in line: " + ", ".join(view.queue.line) in said
    assert "best run 3" in said


def test_podium_first_second_third(paint: Painter, texts: list[str]) -> None:
    who = rigs.names(8)
    view = replace(rigs.fair_strikes(8, EventPhase.OVER), podium=who[:3])
    drawn(paint, view, rigs.table((1280, 720)), "podium")
    assert texts[texts.index("1st") + 1] == who[0]
    assert texts[texts.index("2nd") + 1] == who[1]
    assert texts[texts.index("3rd") + 1] == who[2]


def _views16() -> dict[str, EventView]:
    who = rigs.names(16)
    return {
        "sign-up": rigs.fair_strikes(16, EventPhase.SIGN_UP),
        "strikes": rigs.fair_strikes(16),
        "queue": rigs.winner_stays(16),
        "podium": replace(rigs.winner_stays(16, EventPhase.OVER), podium=who[:3]),
    }


def _check_fits(card: SetCard, layout: Layout, least: int) -> None:
    screen = Rect(0, 0, layout.width, layout.height)
    assert screen.contains(card.box)
    for row in card.rows:
        assert card.box.contains(row.rect)
        assert row.size >= least, f"{row.text!r} at {row.size} < {least}"
    rows = [r for r in card.rows if r.text]
    for i, a in enumerate(rows):
        for b in rows[i + 1 :]:
            assert not a.rect.overlaps(b.rect), f"{a.text!r} overlaps {b.text!r}"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("which", list(_views16()))
def test_sixteen_fit_at_read_size(
    paint: Painter, texts: list[str], size: tuple[int, int], which: str
) -> None:
    view = _views16()[which]
    layout = rigs.table(size)
    least = read_size(paint.fonts, layout.height)
    card = party.card_for(paint.fonts, view, layout)
    _check_fits(card, layout, least)
    drawn(paint, view, layout, f"sixteen-{which}")
    assert paint.smallest is not None
    assert paint.smallest[0] >= least
    said = joined(texts)
    if which != "podium":
        for name in view.entrants:
            assert name in said


def _hidden_everywhere() -> list[tuple[str, EventView, str]]:
    who = rigs.names(8)
    secret = who[0]  # called, holding the seat, first in the standings and on the podium
    hide = frozenset({secret})
    call = rigs.called(who[:2], (0, 1))
    return [
        ("sign-up", rigs.fair_strikes(8, EventPhase.SIGN_UP, hidden=hide), secret),
        ("call", rigs.fair_strikes(8, EventPhase.CALLING, hidden=hide, call=call), secret),
        ("strikes", rigs.fair_strikes(8, hidden=hide, call=call), secret),
        ("queue", rigs.winner_stays(6, hidden=hide), secret),
        ("podium", replace(rigs.winner_stays(6, EventPhase.OVER, hide), podium=who[:3]), secret),
    ]


@pytest.mark.parametrize(("which", "view", "secret"), _hidden_everywhere())
def test_hidden_name_never_drawn(
    paint: Painter, texts: list[str], which: str, view: EventView, secret: str
) -> None:
    layout = rigs.table((1920, 1080))
    drawn(paint, view, layout)
    area = party.clear_of_seats(layout)
    party.draw_attract(paint, felt(layout), view, layout, area, blink=False)
    assert texts, "nothing drawn"
    assert not [t for t in texts if secret in t], f"{which}: {secret} drawn"
    assert any(HIDDEN_MARK in t for t in texts)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_attract_card_compact(paint: Painter, texts: list[str], size: tuple[int, int]) -> None:
    who = rigs.names(8)
    view = rigs.fair_strikes(8, EventPhase.CALLING, call=rigs.called(who[:2], (0, 1)))
    layout = rigs.table(size)
    area = party.clear_of_seats(layout)
    card = party.attract_card(paint.fonts, view, layout, area)
    assert area.contains(card.box)
    _check_fits(card, layout, read_size(paint.fonts, layout.height))
    surface = felt(layout)
    party.draw_attract(paint, surface, view, layout, area, blink=False)
    save_shot("EVENT_SHOTS", surface, f"attract-{size[0]}x{size[1]}")
    said = joined(texts)
    assert f"NEXT UP:  {who[0]} vs {who[1]}" in said
    assert f"1.  {who[0]}" in said


class Recording(pygame.Surface):
    """A screen that notes where each text's surface went."""

    def __init__(self, size: tuple[int, int], words: dict[int, str]) -> None:
        super().__init__(size)
        self.words = words
        self.placed: list[tuple[str, int, int]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        word = self.words.get(id(source))
        if word is not None:
            x, y = dest[0], dest[1]
            self.placed.append((word, int(x), int(y)))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("which", ["strikes", "queue"])
def test_standings_columns_line_up(
    paint: Painter, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], which: str
) -> None:
    """The standings are a table: each line's games (and marks) start where the line
    above's do, in each column."""
    view = _views16()[which]
    words: dict[int, str] = {}
    real = Painter.text

    def text(p: Painter, t: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surf = real(p, t, *args, **kwargs)
        words[id(surf)] = t
        return surf

    monkeypatch.setattr(Painter, "text", text)
    layout = rigs.table(size)
    surface = Recording((layout.width, layout.height), words)
    party.draw(paint, surface, view, layout, blink=False)
    games = [(x, y) for t, x, y in surface.placed if t.endswith(" games")]
    assert len(games) == len(view.standings)
    starts = sorted({x for x, _ in games})
    assert len(starts) <= 2, f"games start at {starts}: not one place per column"


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    count=st.integers(3, 16),
    hide=st.sets(st.integers(0, 15), max_size=4),
    phase=st.sampled_from(list(EventPhase)),
    queue=st.booleans(),
    big=st.booleans(),
)
def test_any_event_fits_at_read_size_and_hides(
    paint: Painter,
    texts: list[str],
    count: int,
    hide: set[int],
    phase: EventPhase,
    queue: bool,
    big: bool,
) -> None:
    """Any field of 3 to 16, any phase, any names hidden: the screen fits at read size and
    no hidden name is drawn."""
    who = rigs.names(count)
    hidden = frozenset(who[i] for i in hide if i < count)
    base = rigs.winner_stays(count, phase, hidden) if queue else rigs.fair_strikes(count, phase)
    view = replace(base, hidden=hidden, podium=who[:3])
    layout = rigs.table(SIZES[0] if big else SIZES[1])
    card = party.card_for(paint.fonts, view, layout)
    _check_fits(card, layout, read_size(paint.fonts, layout.height))
    texts.clear()
    drawn(paint, view, layout)
    assert not [t for t in texts if any(h in t for h in hidden)]
