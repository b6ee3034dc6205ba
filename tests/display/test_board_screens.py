"""The boards on screen (issue 28 item 1; docs/boards-screens.md): attract's board card over
the demo, 2 and 4 seats, and the result card's "JAS: 2nd fastest today" line, at
1920x1080 and 1280x720. Every line a newcomer reads at ``read_size`` or more, inside the
screen, none over another; the board card opaque over the demo moving on.
``BOARD_SHOTS=/tmp/dir`` saves the screens."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from cabinet.config import Control, laptop_config
from cabinet.kiosk.records.board_model import BoardWindow
from cabinet.modes import service as sv
from cabinet.modes.flow.board_cards import attract_cards
from cabinet.modes.service.board_messages import BoardsAnswer
from display import attract, overlays
from display.animations import Animations
from display.boards import BoardCard, card_lines, card_notes
from display.games import art_for
from display.layout import Rect
from display.palette import GOLD, Colour
from display.renderer import Renderer
from display.typeset import read_size
from display.view import FlowScreen, FlowView, SeatMark, TableView
from tests.cabinet.modes.boards_rigs import BOARDS, SPEED_4_PEOPLE, entry, fastest
from tests.display import scenes
from tests.display.pixels import changed, save_shot

SIZES = [(1920, 1080), (1280, 720)]
IDS = ["1080p", "720p"]
SEEDS = (7, 11)
NAMES = ("JAS", "ZOE", "MAX", "AMY", "BOB", "KIM", "LEE")
TODAY, EVENT, ALL_TIME = attract_cards(BOARDS)
(FULL,) = attract_cards(
    [
        replace(
            fastest(
                BoardWindow.ALL_TIME,
                SPEED_4_PEOPLE,
                *(entry(k + 1, name, 38.5 + 3 * k, k, k == 3) for k, name in enumerate(NAMES)),
            ),
            champion=entry(1, "KIM", 33.3),
        )
    ]
)
"""The fullest card: five entries (one marked), the Champion, the legend."""
CARDS = {"today": TODAY, "event": EVENT, "all-time": ALL_TIME, "full": FULL}


def attract_view(card: BoardCard | None, players: int, seed: int = 7) -> TableView:
    flow = FlowView(screen=FlowScreen.ATTRACT, rules=("x",), hint="press SLAM to join", board=card)
    return scenes.view(scenes.speed_new(players, seed), humans=0, laptop=False, flow=flow)


def shot(renderer: Renderer, view: TableView, size: tuple[int, int], name: str) -> pygame.Surface:
    surface = pygame.Surface(size)
    renderer.draw(surface, view, Animations(), view.state.now)
    save_shot("BOARD_SHOTS", surface, f"{name}-{size[0]}x{size[1]}")
    return surface


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("which", list(CARDS))
def test_a_board_card_reads_over_the_demo(
    screen: pygame.Surface, size: tuple[int, int], players: int, which: str
) -> None:
    card = CARDS[which]
    r = Renderer(size)
    view = attract_view(card, players)
    assert view.flow is not None
    text = attract.attract_text(view.flow)
    assert text.title == card.title
    placed = attract.attract_card(r.layout_of(view), r.paint.fonts, text)
    rows = placed.rows
    floor = read_size(r.paint.fonts, size[1])
    for row in rows:
        assert row.size >= floor, (row.text, row.size, floor)
        assert Rect(0, 0, *size).contains(row.rect), row
    for i, row in enumerate(rows):
        for other in rows[i + 1 :]:
            assert not row.rect.overlaps(other.rect), (row, other)
    said = " ".join(row.text for row in rows).split()
    words = (card.title, card.kind, *card_lines(card), *card_notes(card), text.hint)
    assert sorted(said) == sorted(" ".join(words).split())
    shot(r, view, size, f"attract-{which}-{players}p")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_board_card_is_opaque_over_the_demo(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    """Over two moments of the demo the card's pixels stay the same; the table's do not."""
    r = Renderer(size)
    view = attract_view(TODAY, 4)
    assert view.flow is not None
    placed = attract.attract_card(r.layout_of(view), r.paint.fonts, attract.attract_text(view.flow))
    bare = [shot(r, attract_view(None, 4, seed), size, f"opaque-bare-{seed}") for seed in SEEDS]
    shots = [shot(r, attract_view(TODAY, 4, seed), size, f"opaque-board-{seed}") for seed in SEEDS]
    for c in placed.cards:
        inside = pygame.Rect(c.box.x, c.box.y, c.box.w, c.box.h).inflate(-c.lh, -c.lh)
        assert changed(shots[0], shots[1], inside, 1) == 0
    moved = sum(
        changed(bare[0], bare[1], pygame.Rect(c.box.x, c.box.y, c.box.w, c.box.h), 2)
        for c in placed.cards
    )
    assert moved > 50  # the demo moves under the card


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_result_says_which_board_a_player_entered(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    entered = ("JAS: 2nd fastest today", "ZOE: the longest run this event")
    state = scenes.speed_won()
    flow = FlowView(
        screen=FlowScreen.RESULT,
        seats=(SeatMark.READY, SeatMark.JOINED),
        names=("JAS", "ZOE"),
        hint="SLAM: play again   hold 5: menu",
        stats=("mean reaction  P1 0.62 s   P2 0.71 s", "longest run  P1 7   P2 4"),
        entered=entered,
    )
    view = scenes.view(state, humans=2, laptop=False, flow=flow)
    r = Renderer(size)
    card = overlays.result_card(view, r.layout_of(view), art_for(state.rules.game), r.paint.fonts)
    rows = [*card.rows, *card.seat_rows]
    floor = read_size(r.paint.fonts, size[1])
    lines = [row for row in rows if row.text in entered]
    assert [row.text for row in lines] == list(entered)
    for row in rows:
        assert row.size >= floor, (row.text, row.size)
        assert card.box.contains(row.rect), row
    assert all(row.pieces[0][1] == GOLD for row in lines)
    shot(r, view, size, "result-entered")


def _service_page(*presses: Control) -> sv.ServiceMenu:
    """The full menu's boards page with the rigs' boards read, after ``presses``."""
    svc = sv.start(laptop_config(2, 2, "easy", seed=1))
    svc, _ = sv.step(svc, sv.ServiceButton(False), 0.0)
    while svc.items[svc.cursor] is not sv.Page.BOARDS:
        svc, _ = sv.step(svc, sv.MenuPress(0, Control.RIGHT), 0.0)
    svc, _ = sv.step(svc, sv.MenuPress(0, Control.SLAM), 0.0)
    svc, _ = sv.step(svc, BoardsAnswer(BOARDS), 0.0)
    for c in presses:
        svc, _ = sv.step(svc, sv.MenuPress(0, c), 0.0)
    return svc


SERVICE_PAGES = {
    "list": (Control.RIGHT,),
    "entries": (Control.RIGHT, Control.SLAM, Control.RIGHT),
    "clear": (Control.RIGHT, Control.SLOT1),
}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("which", list(SERVICE_PAGES))
def test_the_operators_boards_page_reads(
    screen: pygame.Surface, size: tuple[int, int], which: str
) -> None:
    """The boards page over the table: every line drawn (none shrunk under the read size
    to fit the width), the chosen one highlighted."""
    svc = _service_page(*SERVICE_PAGES[which])
    page = sv.view_of(svc, sv.Live(), 0.0)
    assert page is not None
    r = Renderer(size)
    view = replace(scenes.view(scenes.speed_new(2), humans=2), service=page)
    sizes: dict[str, int] = {}
    text = r.paint.text

    def seen(t: str, px: int, colour: Colour, rotation: int = 0) -> pygame.Surface:
        sizes[t] = min(px, sizes.get(t, px))
        return text(t, px, colour, rotation)

    setattr(r.paint, "text", seen)  # noqa: B010 (this renderer's own)
    shot(r, view, size, f"service-boards-{which}")
    floor = read_size(r.paint.fonts, size[1])
    for line in page.lines:
        drawn = [px for t, px in sizes.items() if line in t]
        assert drawn, line
        assert max(drawn) >= floor, (line, drawn, floor)
