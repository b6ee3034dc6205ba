"""The moments' state (display/moments.py), pure and pinned by the engine time passed in: a
win's moment and when it lets the result card in, the burst, a penalty's cards on their
way, the photo finish's words, and the frame key that makes the window draw them."""

from __future__ import annotations

from display.layout import Position, Rect, make_layout
from display.moments import (
    BURST,
    GROW_MS,
    PENALTY_CARDS,
    PENALTY_MS,
    PENALTY_STAGGER_MS,
    PHOTO_MS,
    WIN_MS,
    Moments,
    PenaltyMove,
    WinMoment,
    burst,
    photo_showing,
    photo_text,
    readable,
)
from display.view import PhotoFinish
from engine import game
from engine.commands import Play, Slam
from engine.events import GameWon, PenaltyTaken
from engine.games.speed.state import SpeedState
from tests.display import scenes

LAYOUT = make_layout(1920, 1080, (Position.SOUTH, Position.NORTH))


def test_the_win_holds_the_result_for_its_moment_then_lets_it_in() -> None:
    won = scenes.speed_won()  # P1 claimed at t = 20
    moments = Moments()
    moments.start([GameWon(20, 0)], LAYOUT)
    assert moments.win == WinMoment(0, 20)
    assert moments.holds_result(won, 20)
    assert moments.holds_result(won, 20 + WIN_MS - 1)
    assert not moments.holds_result(won, 20 + WIN_MS)
    assert not moments.holds_result(won, 19)  # another game's clock, before the win
    # A state that is not this win (the next deal, or another winner) is never held.
    fresh = scenes.speed_new()
    assert not moments.holds_result(fresh, 100)
    other = Moments()
    other.start([GameWon(20, 1)], LAYOUT)
    assert not other.holds_result(won, 100)
    moments.clear()
    assert not moments.holds_result(won, 100)


def test_the_winners_line_grows_in_steps_then_stays() -> None:
    win = WinMoment(0, 1000)
    sizes = [win.grown(1000 + t) for t in range(0, GROW_MS + 1, 10)]
    assert sizes[0] == 0.4
    assert sizes == sorted(sizes)
    assert len(set(sizes)) <= 9  # a handful of cached sizes, not one per frame
    assert win.grown(1000 + GROW_MS) == 1.0
    assert win.grown(1000 + WIN_MS - 1) == 1.0


def test_the_burst_flies_out_from_the_winner_toward_the_table() -> None:
    win = WinMoment(1, 0)
    origin, aim = (960, 60), (960, 540)
    assert burst(win, origin, aim, (60, 90), -1) == ()
    assert burst(win, origin, aim, (60, 90), WIN_MS) == ()
    first = burst(win, origin, aim, (60, 90), 0)
    assert len(first) == BURST
    assert all(s.rect.center == origin for s in first)  # all leave the seat together
    later = burst(win, origin, aim, (60, 90), WIN_MS // 2)
    assert later == burst(win, origin, aim, (60, 90), WIN_MS // 2)  # time is the only input
    ys = [s.rect.center[1] for s in later]
    assert sum(ys) / len(ys) > origin[1] + 100  # thrown down, toward the middle
    assert len({s.rect.center for s in later}) == BURST  # each its own way
    xs = [s.rect.center[0] for s in later]
    assert min(xs) < origin[0] - 100 < origin[0] + 100 < max(xs)  # fanned, not a line


def test_a_penalty_streams_its_cards_from_the_pile_to_the_seat() -> None:
    moments = Moments()
    move = PenaltyMove(seat=1, pile=0, count=8, t=5000)
    moments.start([PenaltyTaken(5000, 1, 8)], LAYOUT, [move])
    (flight,) = moments.flights
    seat = LAYOUT.seats[1]
    pile = LAYOUT.center[0]
    assert flight.move == move
    assert flight.end == seat.draw
    assert flight.rotation == seat.rotation
    assert flight.start == Rect(pile.x, pile.y, LAYOUT.card_w, LAYOUT.card_h)
    # The lead card leaves the pile first; the others follow, at most PENALTY_CARDS drawn.
    ((lead, turn),) = flight.cards(5000)
    assert lead.center == flight.start.center
    assert turn == 0
    assert len(flight.cards(5000 + (PENALTY_CARDS - 1) * PENALTY_STAGGER_MS)) == PENALTY_CARDS
    half = flight.cards(5000 + PENALTY_MS // 2)
    assert all(
        min(pile.center[1], seat.draw.center[1])
        < r.center[1]
        < max(pile.center[1], seat.draw.center[1])
        for r, _ in half[-1:]
    )
    last = flight.until - 1
    ((landing, turned),) = flight.cards(last)
    assert abs(landing.center[0] - seat.draw.center[0]) <= 2
    assert abs(landing.center[1] - seat.draw.center[1]) <= 2
    assert turned == seat.rotation
    assert flight.cards(flight.until) == ()
    assert flight.cards(4999) == ()
    assert flight.label(5000) == flight.start.center  # "+8" rides with the lead card
    assert flight.label(flight.until) is None
    assert flight.until == 5000 + (PENALTY_CARDS - 1) * PENALTY_STAGGER_MS + PENALTY_MS


def test_a_penalty_without_a_known_pile_comes_from_the_middle_and_none_without_cards() -> None:
    moments = Moments()
    moments.start([PenaltyTaken(10, 0, 3), PenaltyTaken(10, 1, 0)], LAYOUT)
    (flight,) = moments.flights  # a count of 0 moved nothing: nothing travels
    assert flight.move == PenaltyMove(0, None, 3, 10)
    assert flight.start.center == LAYOUT.centre_area.center
    assert len(flight.cards(10 + 2 * PENALTY_STAGGER_MS)) == 3
    # Landed flights are forgotten when the next events come; so are another game's.
    moments.start([PenaltyTaken(flight.until, 1, 2)], LAYOUT)
    assert [f.move.seat for f in moments.flights] == [1]
    moments.start([PenaltyTaken(5, 0, 2)], LAYOUT)  # a new deal's clock
    assert [f.move.t for f in moments.flights] == [5]


def test_photo_finish_words_and_time() -> None:
    photo = PhotoFinish(pile=1, winner=1, loser=0, margin_ms=7.0, t=400)
    assert photo_text(photo) == "P2 by 7 ms"
    assert photo_text(PhotoFinish(0, 0, 1, 0.2, 0)) == "P1 by <1 ms"
    assert photo_showing(photo, 400)
    assert photo_showing(photo, 400 + PHOTO_MS - 1)
    assert not photo_showing(photo, 400 + PHOTO_MS)
    assert not photo_showing(photo, 399)
    assert not photo_showing(None, 400)


def test_photo_shows_as_long_as_its_strip() -> None:
    from display.overlays import PHOTO_SHOW_MS

    assert PHOTO_MS == PHOTO_SHOW_MS  # the tag on the pile and the strip go together


def test_readable_keeps_the_floor_at_every_height() -> None:
    assert readable(1080) == 26
    assert readable(720) >= 26 * 720 // 1080
    assert readable(2160) == 52


def test_the_frame_key_moves_only_while_something_moves() -> None:
    won = scenes.speed_won()
    moments = Moments()
    calm = moments.key(won, None, 100)
    assert calm == moments.key(won, None, 5000)  # nothing running: no redraws
    moments.start([GameWon(20, 0)], LAYOUT)
    assert moments.key(won, None, 100) != moments.key(won, None, 100 + 17)  # every frame
    after = moments.key(won, None, 20 + WIN_MS)
    assert after == moments.key(won, None, 20 + WIN_MS + 500)  # the card is up: still
    assert after != moments.key(won, None, 20 + WIN_MS - 1)  # ... and it came with a frame
    photo = PhotoFinish(0, 0, 1, 7.0, 3000)
    assert moments.key(won, photo, 3000) != moments.key(won, photo, 3000 + PHOTO_MS)
    moving = Moments()
    moving.start([PenaltyTaken(0, 0, 2)], LAYOUT)
    assert moving.key(won, None, 50) != moving.key(won, None, 50 + 17)


def test_a_real_false_call_starts_a_flight_to_the_caller() -> None:
    state = scenes.speed_table("6C2D9H2S9C/KDJD5H5S9D 3S/4S 7D6D5D4D3D/QSKSJS 3C4C/4H8H 8C")
    state, events = game.step(state, Slam(10, 1))
    (penalty,) = [e for e in events if isinstance(e, PenaltyTaken)]
    assert penalty.count == 2  # QS's pile, the smaller one with cards under its top
    moments = Moments()
    moments.start(events, LAYOUT, [PenaltyMove(1, 1, 2, 10)])
    (flight,) = moments.flights
    assert flight.end == LAYOUT.seats[1].draw
    assert flight.start.x == LAYOUT.center[1].x
    # A plain play starts nothing.
    quiet = Moments()
    _, played = game.step(scenes.speed_table(scenes.PLAYABLE_2P), Play(5, 0, "6C", 0))
    assert played
    quiet.start(played, LAYOUT)
    assert quiet.flights == []
    assert quiet.win is None


def test_the_feed_reads_a_penaltys_pile_off_the_depths() -> None:
    from cabinet.adapters.screen.feed import penalty_moves

    before = scenes.speed_table("6C2D9H2S9C/KDJD5H5S9D 3S/4S 7D6D5D4D3D/QSKSJS 3C4C/4H8H 8C")
    after, events = game.step(before, Slam(10, 0))
    assert penalty_moves(before, after, events) == [PenaltyMove(0, 1, 2, 10)]
    assert penalty_moves(None, after, events) == [PenaltyMove(0, None, 2, 10)]
    # A play on the emptied pile in the same batch makes up one card: still that pile.
    later, more = game.step(after, Play(20, 1, "JD", 1))
    assert isinstance(later, SpeedState)
    assert later.center[1][0].code == "JD"
    assert penalty_moves(before, later, [*events, *more]) == [PenaltyMove(0, 1, 2, 10)]
    # A penalty that moved nothing travels nowhere.
    bare = scenes.speed_table(scenes.PLAYABLE_2P)
    called, nothing = game.step(bare, Slam(10, 0))
    assert [e.count for e in nothing if isinstance(e, PenaltyTaken)] == [0]
    assert penalty_moves(bare, called, nothing) == []


def test_a_penalty_to_a_side_seat_lands_turned_to_face_it() -> None:
    four = make_layout(1920, 1080, (Position.SOUTH, Position.WEST, Position.NORTH, Position.EAST))
    moments = Moments()
    moments.start([PenaltyTaken(0, 3, 2)], four, [PenaltyMove(3, 1, 2, 0)])
    (flight,) = moments.flights
    east = four.seats[3]
    assert east.rotation == 90
    ((early, turn),) = flight.cards(10)
    assert (early.w, early.h, turn) == (four.card_w, four.card_h, 0)  # upright as it leaves
    (landing, turned), _ = flight.cards(flight.until - PENALTY_STAGGER_MS - 1)
    assert (landing.w, landing.h, turned) == (east.draw.w, east.draw.h, 90)  # lying as it lands
    assert east.draw.w > east.draw.h
