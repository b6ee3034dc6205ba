"""LEFT aims at the pile on the player's left (issue 15 items 5 and 6).

On the cabinet each seat's cards face its own edge; with the seats going round clockwise
the rules' LEFT pile lies on the player's right, so the buttons turn round. In laptop mode
the top seat is drawn upright, so its LEFT is the pile on the screen's left. Every check
goes through the real pieces: the config, the seat's controller, the display's layout.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cabinet.config import Control, SeatConfig, laptop_config, parse_config
from cabinet.loop import seat_runtime
from display.layout import Layout, Position, make_layout
from engine import game
from engine.rules import Game, Rules


def _kiosk(positions: tuple[str, ...] | None, players: int) -> tuple[SeatConfig, ...]:
    seats: list[dict[str, Any]] = [{"controls": "bot"} for _ in range(players)]
    if positions is not None:
        for seat, where in zip(seats, positions, strict=True):
            seat["position"] = where
    return parse_config({"seat": seats}).seats


def _layout(seats: tuple[SeatConfig, ...], g: Game = Game.SPEED) -> Layout:
    positions = tuple(Position(s.position) for s in seats)
    upright = tuple(Position(s.position) for s in seats if s.upright)
    if g is Game.CALIFORNIA:
        return make_layout(1920, 1080, positions, slots=4, centre=0, side=False, burned=False)
    return make_layout(1920, 1080, positions, upright=upright)


def _state(players: int, g: Game = Game.SPEED) -> Any:
    rules = Rules(players=players, game=g) if g is Game.SPEED else Rules(game=g, row=4)
    state, _ = game.new_game(rules, random.Random(3), 3)
    return state


def _piles(seat: SeatConfig, state: Any) -> tuple[int, int]:
    ctrl = seat_runtime(
        seat, debounce_ms=5, stuck_ms=10_000, service_hold_ms=2000, two_hand=False
    ).controller
    left, right = ctrl.piles(state)
    assert left is not None
    assert right is not None
    return left, right


@pytest.mark.parametrize("players", [3, 4])
def test_the_default_clockwise_seats_turn_round(players: int) -> None:
    seats = _kiosk(None, players)
    assert [s.position for s in seats][:2] == ["south", "west"]  # clockwise
    assert all(s.turned for s in seats)


@pytest.mark.parametrize(
    "positions",
    [("south", "east", "north"), ("south", "east", "north", "west"), ("south", "north")],
)
def test_counter_clockwise_seats_and_two_seats_keep_the_rules_sides(
    positions: tuple[str, ...],
) -> None:
    assert not any(s.turned for s in _kiosk(positions, len(positions)))


@pytest.mark.parametrize(
    "positions",
    [
        None,
        ("south", "east", "north"),
        ("south", "west", "north", "east"),
        ("south", "east", "north", "west"),
        ("west", "north", "east"),
    ],
)
def test_on_the_cabinet_left_is_the_pile_on_the_players_left(
    positions: tuple[str, ...] | None,
) -> None:
    """A south seat's LEFT pile is further left on screen than its RIGHT one; a north seat
    faces down the screen, so for it the other way round. Both piles are its neighbours'."""
    players = 3 if positions is None else len(positions)
    seats = _kiosk(positions, players)
    state = _state(players)
    layout = _layout(seats)
    checked = 0
    for seat in seats:
        left, right = _piles(seat, state)
        assert {left, right} == {seat.index, (seat.index + 1) % players}  # the rules' reach
        lx, rx = layout.center[left].x, layout.center[right].x
        if seat.position == "south":
            assert lx < rx, seat
            checked += 1
        elif seat.position == "north":
            assert lx > rx, seat
            checked += 1
    assert checked >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_laptop_mode_left_is_the_screens_left_for_both_keyboard_seats(
    players: int,
) -> None:
    seats = laptop_config(players, 2).seats
    assert [s.position for s in seats][:2] == ["south", "north"]
    assert all(s.upright for s in seats)
    state = _state(players)
    layout = _layout(seats)
    assert layout.seats[1].rotation == 0  # P2 is not upside down
    for seat in seats[:2]:
        left, right = _piles(seat, state)
        assert layout.center[left].x < layout.center[right].x, seat


@pytest.mark.parametrize("laptop", [False, True])
def test_california_left_and_a_slot_covers_the_pile_drawn_across_from_it(
    laptop: bool,
) -> None:
    """LEFT then slot k covers the opposite row's k-th pile counted from the player's own
    left as the screen shows it, RIGHT then slot k the k-th from their right, whether the
    rows face each other (the cabinet: the top seat's left is the screen's right) or both
    stand upright (laptop mode: the same pile is straight across from slot k)."""
    if laptop:
        seats = laptop_config(2, 2, game="california").seats
    else:
        seats = _kiosk(("south", "north"), 2)
    state = _state(2, Game.CALIFORNIA)
    positions = tuple(Position(s.position) for s in seats)
    upright = tuple(Position(s.position) for s in seats if s.upright)
    layout = make_layout(
        1920, 1080, positions, slots=4, centre=0, side=False, burned=False, upright=upright
    )
    for seat in seats:
        me, them = seat.index, 1 - seat.index
        ctrl = seat_runtime(
            seat,
            debounce_ms=5,
            stuck_ms=10_000,
            service_hold_ms=2000,
            two_hand=False,
            game=Game.CALIFORNIA,
        ).controller
        row = state.players[them].row
        # The opposite row's piles from this player's left: the screen's left to right,
        # unless the seat faces down the screen (the cabinet's top seat).
        xs = [r.x for r in layout.seats[them].slots]
        from_left = sorted(range(4), key=lambda j: xs[j], reverse=layout.seats[me].rotation == 180)
        for k in range(4):
            for button, rank in ((Control.LEFT, k), (Control.RIGHT, 3 - k)):
                pile = ctrl.target(state, k, button)  # type: ignore[attr-defined]
                assert from_left.index(row.index(pile)) == rank, (seat, k, button)
            if laptop:  # upright rows: LEFT + slot k is the pile straight across
                pile = ctrl.target(state, k, Control.LEFT)  # type: ignore[attr-defined]
                across = layout.seats[them].slots[row.index(pile)]
                assert across.x == layout.seats[me].slots[k].x
