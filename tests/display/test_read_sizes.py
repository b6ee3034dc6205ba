"""The text a newcomer needs is the easiest to read (issue 26 item 11): the rules card's
lines (California's bands too), the join menu's help line, the result card's details, seat
labels, refusal notes and pile tags have capitals at least 22 px tall at 1920x1080 and 14
px in a 1280x720 window.

How it is measured: each line's font size is the one the screen really used (the rows set
on a card, or every text the table drew, recorded as drawn); at that size an "H" is drawn
in the display's typeface and the rows holding a pixel at least half opaque are counted.
``FLOW_SHOTS=/tmp/dir`` also saves the screens."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.controls.registry import rules_card
from display import attract, overlays
from display.animations import Animations
from display.cards import Fonts
from display.games import art_for
from display.layout import Rect
from display.palette import Colour
from display.renderer import Renderer
from display.view import (
    FlowScreen,
    FlowView,
    MatchView,
    NoteKind,
    SeatMark,
    SeatNote,
    TableView,
)
from tests.display import scenes
from tests.display.pixels import save_shot

CAPS = {(1920, 1080): 22, (1280, 720): 14}
"""The least capital height, px, at each screen size (issue 26 item 11)."""
SIZES = list(CAPS)
IDS = ["1080p", "720p"]
HINT = "SLAM when ready: game 2 of the match   slot 4: your initials"
STATS = ("mean reaction  P1 0.62 s   P2 0.71 s", "longest run  P1 7   P2 4")
JOIN_HINT = "slot 1-3: choose   LEFT / RIGHT: change   slot 4: initials   SLAM: ready"


def cap(fonts: Fonts, size: int) -> int:
    """The capitals' height at ``size``: the rows of ink of a drawn "H"."""
    h = fonts.get(size).render("H", True, (255, 255, 255))
    return sum(
        1
        for y in range(h.get_height())
        if any(h.get_at((x, y)).a >= 128 for x in range(h.get_width()))
    )


_RENDERERS: dict[tuple[int, int], Renderer] = {}


def renderer(size: tuple[int, int]) -> Renderer:
    if size not in _RENDERERS:
        _RENDERERS[size] = Renderer(size)
    return _RENDERERS[size]


@contextmanager
def drawn(r: Renderer) -> Iterator[dict[str, int]]:
    """Every text the painter draws meanwhile, with the smallest size it was drawn at."""
    sizes: dict[str, int] = {}
    paint = r.paint
    text = paint.text

    def seen(t: str, size: int, colour: Colour, rotation: int = 0) -> pygame.Surface:
        sizes[t] = min(size, sizes.get(t, size))
        return text(t, size, colour, rotation)

    setattr(paint, "text", seen)  # noqa: B010 (the instance's own, until the block ends)
    try:
        yield sizes
    finally:
        del paint.text


def _draw(r: Renderer, view: TableView, size: tuple[int, int], name: str) -> dict[str, int]:
    shot = pygame.Surface(size)
    with drawn(r) as sizes:
        r.draw(shot, view, Animations(), view.state.now)
    save_shot("FLOW_SHOTS", shot, f"read-{name}-{size[1]}")
    return sizes


ATTRACT: list[tuple[str, Callable[[], Any]]] = [
    ("speed-2", lambda: scenes.speed_new(2)),
    ("speed-3", lambda: scenes.speed_new(3)),
    ("speed-4", lambda: scenes.speed_new(4)),
    ("spit", scenes.spit_new),
    ("california", scenes.california_new),
]


@pytest.mark.parametrize("laptop", [True, False], ids=["laptop", "kiosk"])
@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize(("name", "make"), ATTRACT, ids=[n for n, _ in ATTRACT])
def test_the_rules_card_reads_at_the_newcomers_size(
    screen: pygame.Surface, size: tuple[int, int], laptop: bool, name: str, make: Any
) -> None:
    """Every row of attract's rules card (title, lines, hint), California's bands too,
    and the card inside the screen, no row over another."""
    state = make()
    g = state.rules.game
    flow = FlowView(
        screen=FlowScreen.ATTRACT, game=g, rules=rules_card(g), hint="press SLAM to join"
    )
    r = renderer(size)
    view = scenes.view(state, humans=0, laptop=laptop, flow=flow)
    layout = r.layout_of(view)
    card = attract.attract_card(layout, r.paint.fonts, attract.attract_text(flow))
    rows = card.rows
    assert rows
    for row in rows:
        assert cap(r.paint.fonts, row.size) >= CAPS[size], (row.text, row.size)
        assert Rect(0, 0, *size).contains(row.rect), row
    for i, row in enumerate(rows):
        for other in rows[i + 1 :]:
            assert not row.rect.overlaps(other.rect), (row, other)
    said = " ".join(r.text for r in rows).split()
    assert sorted(said) == sorted(" ".join((g.upper(), *rules_card(g), flow.hint)).split())
    _draw(r, view, size, f"rules-{name}")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_join_menus_help_line_reads(
    screen: pygame.Surface, size: tuple[int, int], players: int
) -> None:
    n = players
    join = FlowView(
        screen=FlowScreen.JOIN,
        menu=(("game", "Speed"), ("bots", f"{n - 2} x medium"), ("match", "best-of-3")),
        row=1,
        seats=(SeatMark.READY, SeatMark.JOINED) + (SeatMark.BOT,) * (n - 2),
        hint=JOIN_HINT,
        names=("",) * n,
        editing=(None,) * n,
    )
    r = renderer(size)
    view = scenes.view(scenes.speed_new(n), humans=2, flow=join)
    card = overlays.join_card(r.paint.fonts, join, r.layout_of(view))
    hint = [row for row in card.rows if row.text and row.text in JOIN_HINT]
    assert " ".join(row.text for row in hint).split() == JOIN_HINT.split()
    for row in card.rows:  # the help line, and every row above it
        assert cap(r.paint.fonts, row.size) >= CAPS[size], (row.text, row.size)
    assert Rect(0, 0, *size).contains(card.box)
    _draw(r, view, size, f"join-{n}p")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("players", [2, 4])
def test_the_result_cards_details_read(
    screen: pygame.Surface, size: tuple[int, int], players: int
) -> None:
    n = players
    state = scenes.speed_won() if n == 2 else scenes.speed_out(n)
    view = scenes.view(
        state,
        humans=2,
        match=MatchView(title="best of 3", score=(1,) + (0,) * (n - 1), game=1),
        flow=FlowView(
            screen=FlowScreen.RESULT,
            seats=(SeatMark.READY,) * 2 + (SeatMark.BOT,) * (n - 2),
            hint=HINT,
            stats=STATS,
        ),
    )
    r = renderer(size)
    card = overlays.result_card(view, r.layout_of(view), art_for(state.rules.game), r.paint.fonts)
    rows = [*card.rows, *card.seat_rows]
    texts = " ".join(row.text for row in rows)
    for detail in (*STATS, "best of 3"):
        assert detail.split()[0] in texts
    for row in rows:
        assert cap(r.paint.fonts, row.size) >= CAPS[size], (row.text, row.size)
        assert card.box.contains(row.rect), row
    _draw(r, view, size, f"result-{n}p")


def _noted(players: int) -> TableView:
    state = scenes.speed_new(players)
    penalty = SeatNote(NoteKind.PENALTY, "FALSE CALL +8", state.now + 1000)
    refused = SeatNote(NoteKind.REJECTED, "J fits neither 3 nor 7", state.now + 1000)
    plain = scenes.view(state, humans=2)
    return replace(
        plain,
        seats=tuple(replace(s, note=penalty if s.index % 2 == 0 else refused) for s in plain.seats),
    )


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_labels_notes_and_pile_tags_read(
    screen: pygame.Surface, size: tuple[int, int], players: int
) -> None:
    """Each seat's slot labels ("1  [q]") and name ("P1 keys"), its refusal note and
    penalty, and the pile tags ("P1 LEFT") under the centre piles with 3-4 seats."""
    r = renderer(size)
    view = _noted(players)
    sizes = _draw(r, view, size, f"notes-{players}p")
    roles = ["FALSE CALL +8", "J fits neither 3 nor 7"]
    for seat in view.seats:
        roles.append(f"P{seat.index + 1} {seat.label}".strip())
        roles += [f"{k + 1}  [{key}]" for k, key in enumerate(seat.keys[:5])]
    if players > 2:
        roles += [f"P1 {side}" for side in ("LEFT", "RIGHT")]
    for text in roles:
        assert text in sizes, (text, sorted(sizes))
        assert cap(r.paint.fonts, sizes[text]) >= CAPS[size], (text, sizes[text])
