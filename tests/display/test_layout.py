"""Layout is pure geometry: inside the screen, no overlaps, each seat's cards facing it."""

from __future__ import annotations

import random

import pytest

from display.games import art_for
from display.layout import ROTATION, Position, layout_for, make_layout, pile_order, problems
from engine.game import new_game
from engine.rules import Game, Rules

SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
SEATINGS = (
    ("south", "north"),
    ("north", "south"),
    ("south", "west", "north"),
    ("south", "west", "north", "east"),
    ("south", "east", "north", "west"),
)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("positions", SEATINGS)
@pytest.mark.parametrize("laptop", [False, True])
def test_layout_speed_fits_without_overlaps(
    size: tuple[int, int], positions: tuple[str, ...], laptop: bool
) -> None:
    layout = make_layout(*size, positions, laptop=laptop)
    assert problems(layout) == []
    assert len(layout.center) == len(positions) == len(layout.side)
    # Readable: cards at least 7% of the screen's short side.
    assert layout.card_h >= 0.07 * min(size) * 1.4


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", [Game.SPIT, Game.CALIFORNIA])
def test_layout_two_player_games_fit(size: tuple[int, int], game: Game) -> None:
    for row in (4, 5):
        state, _ = new_game(Rules(game=game, row=row), random.Random(1))
        shape = art_for(game).table(state)
        layout = layout_for(*size, shape, (Position.SOUTH, Position.NORTH), laptop=True)
        assert problems(layout) == []
        assert len(layout.seats[0].slots) == (5 if game is Game.SPIT else row)


def test_layout_scales_with_the_screen() -> None:
    small = make_layout(1280, 720, ("south", "north"))
    big = make_layout(3840, 2160, ("south", "north"))
    assert big.card_w == pytest.approx(3 * small.card_w, rel=0.05)


def test_layout_rotation_faces_each_seat() -> None:
    layout = make_layout(1920, 1080, ("south", "west", "north", "east"))
    for seat in layout.seats:
        assert seat.rotation == ROTATION[seat.position]
        first, last = seat.slots[0], seat.slots[-1]
        # Slot 1 is on the seat's left hand: south left->right, north right->left,
        # west top->bottom, east bottom->top; cards lie across side seats.
        match seat.position:
            case "south":
                assert first.x < last.x
                assert first.h > first.w
                assert seat.bar.bottom > 1000
            case "north":
                assert first.x > last.x
                assert first.h > first.w
                assert seat.bar.y < 80
            case "west":
                assert first.y < last.y
                assert first.w > first.h
                assert seat.bar.x < 80
            case "east":
                assert first.y > last.y
                assert first.w > first.h
                assert seat.bar.right > 1840


def test_layout_raised_slot_moves_toward_the_centre() -> None:
    layout = make_layout(1920, 1080, ("south", "west", "north", "east"))
    cx, cy = 960, 540
    for seat in layout.seats:
        rest, up = seat.slots[2], seat.raised[2]
        d_rest = abs(rest.center[0] - cx) + abs(rest.center[1] - cy)
        d_up = abs(up.center[0] - cx) + abs(up.center[1] - cy)
        assert d_up < d_rest, seat.position


def test_layout_piles_sit_by_the_seats_that_share_them() -> None:
    # Two players: pile 0 is P1's LEFT (west for a south seat) and P2's RIGHT.
    assert pile_order((Position.SOUTH, Position.NORTH), 2) == [0, 1]
    assert pile_order((Position.NORTH, Position.SOUTH), 2) == [1, 0]
    # Counter-clockwise seating puts each pile between the two seats sharing it.
    round_table = (Position.SOUTH, Position.EAST, Position.NORTH, Position.WEST)
    layout = make_layout(1920, 1080, round_table)
    assert [layout.center[k].x for k in pile_order(round_table, 4)] == sorted(
        r.x for r in layout.center
    )


def test_layout_rejects_a_repeated_position() -> None:
    with pytest.raises(ValueError, match="distinct"):
        make_layout(1920, 1080, ("south", "south"))
