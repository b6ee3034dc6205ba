"""The flow's screens read from a metre (issue 15 items 2, 9, 13): every line on attract's
cards, the join menu, the countdown, the result, the idle warning, the banners, the seat
notes and the service menu at a font size of at least 26 px at 1920x1080
(``Painter.smallest`` around the overlay's drawing), no line wider than its band, the
result saying why the game ended, and attract's card clear of the piles and the info line.
``FLOW_SHOTS=/tmp/dir`` also saves each screen as a PNG."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.controls.registry import rules_card
from cabinet.modes import flow as fl
from cabinet.modes import service as sv
from display import attract, overlays, service_menu
from display.animations import Animations
from display.attract import free_rects
from display.games import art_for
from display.layout import Layout, Rect
from display.overlays import result_card
from display.palette import Colour
from display.renderer import Renderer
from display.typeset import BODY_PX_1080, Role, body_floor, row_width
from display.view import (
    FlowScreen,
    FlowView,
    MatchView,
    NoteKind,
    SeatMark,
    SeatNote,
    TableView,
)
from engine import game
from engine.commands import Play, Slam
from engine.rules import Game
from engine.state import GameState, Phase
from tests.display import scenes
from tests.display.pixels import changed, save_shot

HD = (1920, 1080)
SMALL = (1280, 720)
SIZES = [HD, SMALL]
HINT = "SLAM when ready: game 2 of the match   slot 4: your initials"
STATS = ("mean reaction  P1 0.62 s   P2 0.71 s", "longest run  P1 7   P2 4")


def _rect(r: Rect) -> pygame.Rect:
    return pygame.Rect(r.x, r.y, r.w, r.h)


def _overlay_smallest(renderer: Renderer, shot: pygame.Surface, view: TableView) -> int:
    """Draw ``view``, then its overlays again measured: their smallest font size."""
    layout = renderer.draw(shot, view, Animations(), view.state.now)
    paint = renderer.paint
    paint.measure()
    art = art_for(view.state.rules.game)
    overlays.banners(paint, shot, view, layout, art, view.state.now, True)
    if view.flow is not None:
        overlays.flow(paint, shot, view.flow, layout, True)
    if view.service is not None:
        service_menu.draw(paint, shot, view.service, layout)
    assert paint.smallest is not None, "no text drawn"
    return paint.smallest[0]


# The result: why the game ended, every line in its band.


def _speed_both_out() -> Any:
    """P1 runs out and never calls; P2 runs out and calls: "cards left 0 - 0"."""
    state = scenes.speed_table("6C/KD -/- 7D/QS 3C/4H -")
    state, _ = game.step(state, Play(10, 0, "6C", 0))
    state, _ = game.step(state, Play(20, 1, "KD", 1))
    state, _ = game.step(state, Slam(30, 1))
    assert state.winner == 1
    assert [p.cards for p in state.players] == [0, 0]
    return state


def _spit_over() -> Any:
    state = scenes.greedy(scenes.spit_new(), 5000)
    assert state.is_over
    return state


def _california_over() -> Any:
    state = scenes.greedy(scenes.california_new(), 3000)
    assert state.is_over
    return state


ENDINGS: list[tuple[str, Callable[[], Any], list[str]]] = [
    (
        "speed",
        _speed_both_out,
        ["P2 ran out and called SPEED!", "P1 ran out but never called SPEED!"],
    ),
    ("speed-claim", scenes.speed_won, ["P1 ran out and called SPEED!"]),
    ("spit", _spit_over, ["P1 got rid of every card"]),
    ("california", _california_over, ["P1 emptied the deck first"]),
]


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize(("name", "make", "why"), ENDINGS, ids=[name for name, _, _ in ENDINGS])
def test_the_result_says_why_and_every_line_fits_its_band(
    screen: pygame.Surface,
    size: tuple[int, int],
    name: str,
    make: Callable[[], Any],
    why: list[str],
) -> None:
    """ "cards left 0 - 0, P2 WINS!" says that P1 ran out but never called (issue 15 item
    2); each game's own reason is on its result. Every line (California's hint too) is no
    wider than its band, inside the panel and the screen, none over another; at 1080p no
    line is under 26 px."""
    state = make()
    flow = FlowView(
        screen=FlowScreen.RESULT,
        game=state.rules.game,
        seats=(SeatMark.JOINED, SeatMark.READY),
        hint=HINT,
        stats=STATS,
    )
    match = MatchView(title="best of 3", score=(1, 0), game=1)
    view = scenes.view(state, humans=2, match=match, flow=flow)
    renderer = Renderer(size)
    shot = pygame.Surface(size)
    smallest = _overlay_smallest(renderer, shot, view)
    save_shot("FLOW_SHOTS", shot, f"result-{name}-{size[1]}")
    layout = renderer.layout_of(view)
    fonts = renderer.paint.fonts
    card = result_card(view, layout, art_for(state.rules.game), fonts)
    texts = [r.text for r in card.rows]
    for line in why:
        assert line in texts, texts
    assert texts.index(why[0]) == 1  # right under the winner
    rows = [*card.rows, *card.seat_rows]
    screen_rect = Rect(0, 0, *size)
    assert screen_rect.contains(card.box)
    for i, row in enumerate(rows):
        assert card.box.contains(row.rect), row
        assert row_width(fonts, row.pieces, row.size) <= row.rect.w, row
        for other in rows[i + 1 :]:
            assert not row.rect.overlaps(other.rect), (row, other)
    hint = " ".join(r.text for r in card.rows if r.role is Role.HINT)
    assert hint.split() == HINT.split()  # all of it, wrapped or not, nothing cut
    if size == HD:
        assert smallest >= BODY_PX_1080, smallest
    else:
        assert smallest >= body_floor(size[1]) - 1, smallest


def test_a_seat_a_bot_took_over_is_named_on_the_result(screen: pygame.Surface) -> None:
    """A game a bot finished for a player who went quiet says so on the result."""
    flow, _ = fl.start(
        FlowConfig(60, 10, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED,),
        difficulties=("medium",),
        seed=3,
        now=0.0,
    )
    for seat, t in ((0, 1.0), (1, 1.0), (0, 1.1), (1, 1.2)):
        flow, _ = fl.step(flow, fl.FlowPress(seat, Control.SLAM), t)
    flow, _ = fl.step(flow, fl.FlowTick(), 4.3)
    assert flow.phase is fl.FlowPhase.PLAYING
    flow, _ = fl.step(flow, fl.FlowPress(1, Control.SLOT1), 10.0)
    flow, effects = fl.step(flow, fl.FlowTick(), 14.5)  # P1 quiet for 10 s
    assert effects == [fl.TakeOver(0, "medium")]
    flow, _ = fl.step(flow, fl.GameOver(1, (3, 0)), 20.0)
    assert flow.phase is fl.FlowPhase.RESULT
    assert fl.view_of(flow, 20.0).notes == ("P1 went quiet: a bot played on",)
    view = scenes.view(scenes.speed_won(), humans=2, flow=fl.view_of(flow, 20.0))
    renderer = Renderer(HD)
    card = result_card(view, renderer.layout_of(view), art_for(Game.SPEED), renderer.paint.fonts)
    assert "P1 went quiet: a bot played on" in [r.text for r in card.rows]


# Attract's card: clear of the piles and the info line, readable.


ATTRACT: list[tuple[str, Callable[[], GameState]]] = [
    ("speed-2", lambda: scenes.speed_new(2)),
    ("speed-3", lambda: scenes.speed_new(3)),
    ("speed-4", lambda: scenes.speed_new(4)),
    ("spit", scenes.spit_new),
    ("california", scenes.california_new),
]


def _protected(layout: Layout) -> list[Rect]:
    """What attract's card must leave in sight: the centre's piles and the info line (a
    seat's cards too where the free space holds the rules at a newcomer's size, else the
    card stands over them, opaque: issue 26 items 8 and 11)."""
    out = [*layout.center, *layout.side, layout.info]
    if layout.burned is not None:
        out.append(layout.burned)
    return out


@pytest.mark.parametrize("laptop", [True, False], ids=["laptop", "kiosk"])
@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("scores", [False, True], ids=["rules", "scores"])
@pytest.mark.parametrize(("name", "make"), ATTRACT, ids=[n for n, _ in ATTRACT])
def test_attract_card_leaves_piles_and_info_line_in_sight(
    screen: pygame.Surface,
    size: tuple[int, int],
    laptop: bool,
    scores: bool,
    name: str,
    make: Callable[[], Any],
) -> None:
    """No pixel of the piles or the info line changes under attract's card, with any
    game and seats at either size (at 720p Spit's card covered the info line's left end:
    issue 15 item 9), and its lines are at least 26 px at 1080p (item 13)."""
    state = make()
    g = state.rules.game
    table = (
        ("1.  ZOE   2 wins   fastest 41.0 s", "2.  MAX   1 win   fastest 30.0 s") if scores else ()
    )
    flow = FlowView(
        screen=FlowScreen.ATTRACT,
        game=g,
        rules=rules_card(g),
        hint="press SLAM to join: the best-of-5 match stands 0-1",
        scores=table,
    )
    renderer = Renderer(size)
    bare = pygame.Surface(size)
    layout = renderer.draw(bare, scenes.view(state, humans=0, laptop=laptop), Animations(), 0)
    shot = pygame.Surface(size)
    smallest = _overlay_smallest(
        renderer, shot, scenes.view(state, humans=0, laptop=laptop, flow=flow)
    )
    what = "scores" if scores else "rules"
    kind = "laptop" if laptop else "kiosk"
    save_shot("FLOW_SHOTS", shot, f"attract-{name}-{what}-{size[1]}-{kind}")
    for r in _protected(layout):
        assert changed(shot, bare, _rect(r), 2) == 0, r
    assert changed(shot, bare, pygame.Rect(0, 0, *size), 6) > 1000  # the card is there
    card = attract.attract_card(layout, renderer.paint.fonts, attract.attract_text(flow))
    said = " ".join(r.text for r in card.rows).split()
    title = "HIGH SCORES" if scores else g.upper()
    meant = " ".join((title, *(table or rules_card(g)), flow.hint)).split()
    assert sorted(said) == sorted(meant)  # every word, wrapped, none cut
    floor = BODY_PX_1080 if size == HD else body_floor(size[1]) - 2
    assert smallest >= floor, (smallest, [(c.box, c.lh) for c in card.cards])


def test_free_rects_keep_off_the_info_line() -> None:
    for name, make in ATTRACT:
        view = scenes.view(make(), humans=0)
        layout = Renderer(SMALL).layout_of(view)
        for r in free_rects(layout):
            assert not r.overlaps(layout.info), (name, r)


# Every other flow screen, 2-4 seats, at 1080p.


def _flow_views(players: int) -> dict[str, TableView]:
    state = scenes.speed_new(players)
    n = players
    menu = (("game", "Speed"), ("bots", f"{n - 2} x medium"), ("match", "best-of-3"))
    join = FlowView(
        screen=FlowScreen.JOIN,
        menu=menu,
        row=1,
        seats=(SeatMark.READY, SeatMark.JOINED) + (SeatMark.BOT,) * (n - 2),
        hint="slot 1-3: choose   LEFT / RIGHT: change   slot 4: initials   SLAM: ready",
        names=("",) * n,
        editing=(None,) * n,
    )
    initials = replace(
        join,
        names=("CZA",) + ("",) * (n - 1),
        editing=(1,) + (None,) * (n - 1),
        hint="LEFT / RIGHT: letter   slot 4: next letter   slot 5: clear   SLAM: ready",
    )
    won = scenes.speed_won() if n == 2 else state
    penalty = SeatNote(NoteKind.PENALTY, "FALSE CALL +8", state.now + 1000)
    rejected = SeatNote(NoteKind.REJECTED, "J fits neither 3 nor 7", state.now + 1000)
    plain = scenes.view(state, humans=2)
    noted = replace(
        plain,
        seats=tuple(
            replace(s, note=penalty if s.index % 2 == 0 else rejected) for s in plain.seats
        ),
    )
    return {
        "join": scenes.view(state, humans=2, flow=join),
        "initials": scenes.view(state, humans=2, flow=initials),
        "countdown": scenes.view(
            state, humans=2, flow=FlowView(screen=FlowScreen.COUNTDOWN, count=3)
        ),
        "idle": scenes.view(state, humans=2, flow=FlowView(screen=FlowScreen.PLAYING, idle=12)),
        "offline": scenes.view(state, humans=2, offline=("P2 panel", "P3 panel")),
        "paused": scenes.view(replace(state, paused_at=state.now), humans=2),
        "resetting": scenes.view(
            state,
            humans=2,
            flow=FlowView(screen=FlowScreen.RESETTING, hint="back to the demo in a moment"),
        ),
        "result": scenes.view(
            won,
            humans=2,
            match=MatchView(title="best of 3", score=(1,) + (0,) * (n - 1), game=1, winner=None),
            flow=FlowView(
                screen=FlowScreen.RESULT,
                seats=(SeatMark.READY,) * 2 + (SeatMark.BOT,) * (n - 2),
                hint=HINT,
                stats=STATS,
            ),
        ),
        "notes": noted,
    }


SCREENS = ["join", "initials", "countdown", "idle", "offline", "paused", "resetting", "result"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", SCREENS)
def test_flow_screens_are_readable_at_1080p(
    screen: pygame.Surface, players: int, name: str
) -> None:
    view = _flow_views(players)[name]
    renderer = Renderer(HD)
    shot = pygame.Surface(HD)
    smallest = _overlay_smallest(renderer, shot, view)
    save_shot("FLOW_SHOTS", shot, f"text-{name}-{players}p")
    assert smallest >= BODY_PX_1080, (name, smallest)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_notes_are_readable_at_1080p(
    screen: pygame.Surface, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "FALSE CALL +8" and a refused play's reason on each seat, 26 px or more."""
    view = _flow_views(players)["notes"]
    renderer = Renderer(HD)
    sizes: dict[str, int] = {}
    text = renderer.paint.text

    def seen(t: str, size: int, colour: Colour, rotation: int = 0) -> pygame.Surface:
        sizes[t] = min(size, sizes.get(t, size))
        return text(t, size, colour, rotation)

    monkeypatch.setattr(renderer.paint, "text", seen)
    shot = pygame.Surface(HD)
    renderer.draw(shot, view, Animations(), view.state.now)
    save_shot("FLOW_SHOTS", shot, f"text-notes-{players}p")
    assert sizes["FALSE CALL +8"] >= BODY_PX_1080, sizes
    assert sizes["J fits neither 3 nor 7"] >= BODY_PX_1080, sizes


def _service_pages() -> list[tuple[str, sv.ServiceMenu]]:
    from cabinet.config import laptop_config, parse_operator_code

    def page(p: sv.Page) -> sv.ServiceMenu:
        svc = sv.start(laptop_config(4, 2, "easy", seed=1))
        svc, _ = sv.step(svc, sv.ServiceButton(p is sv.Page.PAUSE), 0.0)
        if p is not sv.Page.MENU:
            while sv.ITEMS[svc.cursor] is not p:
                svc, _ = sv.step(svc, sv.MenuPress(0, Control.RIGHT), 0.0)
            svc, _ = sv.step(svc, sv.MenuPress(0, Control.SLAM), 0.0)
        return svc

    out = [(p.name.lower(), page(p)) for p in (sv.Page.MENU, *sv.ITEMS) if p is not sv.Page.EXIT]
    config = replace(
        laptop_config(4, 2, "easy", seed=1),
        operator_code=parse_operator_code("slot2 right slam slot5 left slot1"),
    )
    code, _ = sv.step(sv.start(config), sv.Held(frozenset({0, 1}), True), 0.0)
    code, _ = sv.step(code, sv.MenuTick(), sv.HOLD_S)
    out.append(("code", code))
    out.append(("locked", replace(code, page=sv.Page.LOCKED)))
    example = replace(config, operator_code=parse_operator_code("slot1 slot3 slam slot5"))
    off, _ = sv.step(sv.start(example), sv.Held(frozenset({0, 1}), True), 0.0)
    off, _ = sv.step(off, sv.MenuTick(), sv.HOLD_S)  # disabled: read-only, saying why
    out.append(("code-disabled", off))
    return out


def test_service_pages_are_readable_at_1080p(screen: pygame.Surface) -> None:
    renderer = Renderer(HD)
    table = scenes.view(scenes.speed_new(4), players=4)
    for name, svc in _service_pages():
        view = replace(table, service=sv.view_of(svc, scenes.SERVICE_LIVE, 0.0))
        shot = pygame.Surface(HD)
        smallest = _overlay_smallest(renderer, shot, view)
        save_shot("FLOW_SHOTS", shot, f"text-service-{name}")
        assert smallest >= BODY_PX_1080, (name, smallest)


def test_the_idle_warning_and_join_card_fit_the_screen(screen: pygame.Surface) -> None:
    """The modal cards sit inside the screen with every line inside them."""
    for players in (2, 3, 4):
        views = _flow_views(players)
        for size in SIZES:
            renderer = Renderer(size)
            for name, make in (
                ("idle", overlays.idle_card),
                ("join", overlays.join_card),
            ):
                view = views[name]
                assert view.flow is not None
                layout = renderer.layout_of(view)
                card = make(renderer.paint.fonts, view.flow, layout)
                assert Rect(0, 0, *size).contains(card.box), (name, size)
                for row in card.rows:
                    assert card.box.contains(row.rect), (name, row)
                    assert row_width(renderer.paint.fonts, row.pieces, row.size) <= row.rect.w


def _ended(state: Any, winner: int | None, **fields: Any) -> Any:
    """``state`` decided for ``winner`` (None: a draw) with ``fields`` replaced: the
    endings read only the final state, so each of its shapes is written out here."""
    phase = Phase.TIED if winner is None else Phase.WON
    return replace(state, phase=phase, winner=winner, **fields)


def _emptied(players: Any, seats: set[int], **fields: Any) -> tuple[Any, ...]:
    return tuple(replace(p, **fields) if i in seats else p for i, p in enumerate(players))


def test_every_games_ending_reads_its_final_state() -> None:
    """The reason under the winner for each way each game ends (docs/rules.md SPD-8,
    SPD-9, A.3.5, SPT-12, A.6, CAL-7 and the round limit)."""
    from engine.rules import CallMode, Scoring

    ending = {g: art_for(g).ending for g in Game}
    speed = scenes.speed_new(2)
    out = _emptied(speed.players, {0}, hand=(), draw=())
    assert ending[Game.SPEED](_ended(speed, 0, players=out)) == ["P1 ran out and called SPEED!"]
    auto = replace(speed.rules, call=CallMode.AUTO)
    assert ending[Game.SPEED](_ended(speed, 0, players=out, rules=auto)) == [
        "P1 ran out of cards first"
    ]
    either = replace(speed.rules, call=CallMode.EITHER)
    assert ending[Game.SPEED](_ended(speed, 1, players=out, rules=either)) == [
        "P1 ran out, P2 called SPEED! first"
    ]
    assert ending[Game.SPEED](_ended(speed, 1)) == ["deadlock: P2 held the fewest cards"]
    assert ending[Game.SPEED](_ended(speed, None)) == [
        "deadlock: the fewest cards are shared, a draw"
    ]
    assert ending[Game.SPEED](speed) == []  # not over: nothing to say

    spit = scenes.spit_new()
    limit = spit.rules.round_limit
    gone = _emptied(spit.players, {1}, stocks=((),) * 5, spit=())
    assert ending[Game.SPIT](_ended(spit, 1, players=gone)) == ["P2 got rid of every card"]
    assert ending[Game.SPIT](_ended(spit, 0, round=limit)) == [
        f"round limit ({limit}): P1 has fewer cards"
    ]
    assert ending[Game.SPIT](_ended(spit, None, round=limit)) == [
        f"round limit ({limit}): equal cards, a draw"
    ]
    points = replace(spit.rules, scoring=Scoring.POINTS)
    assert ending[Game.SPIT](_ended(spit, 1, rules=points, scores=(104, 61))) == [
        "series over, a score reached 100: P2 has the lowest score"
    ]
    assert ending[Game.SPIT](_ended(spit, None, rules=points, scores=(80, 80), round=limit)) == [
        "series over, round limit: the lowest score is shared, a draw"
    ]

    cal = scenes.california_new()
    limit = cal.rules.round_limit
    dry = _emptied(cal.players, {0}, deck=())
    assert ending[Game.CALIFORNIA](_ended(cal, 0, players=dry)) == ["P1 emptied the deck first"]
    both = _emptied(cal.players, {0, 1}, deck=())
    assert ending[Game.CALIFORNIA](_ended(cal, 1, players=both)) == [
        "both decks ran out: P2 has fewer cards in the row"
    ]
    assert ending[Game.CALIFORNIA](_ended(cal, None, players=both)) == [
        "both decks ran out with equal rows, a draw"
    ]
    assert ending[Game.CALIFORNIA](_ended(cal, 1, round=limit)) == [
        f"round limit ({limit}): P2 has fewer cards"
    ]
