"""Refusals as a seat meets them (for test_refusals.py and test_refusal_truth.py): seats
with real controllers, presses turned into commands by them, the feed's note after the
step, and an oracle that reads a note's words back and asks the engine whether they hold."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from cabinet.adapters.screen.feed import ScreenFeed
from cabinet.adapters.screen.refusals import PLAIN, Aims, Refused, rank_name
from cabinet.config import Assist, Control
from cabinet.loop import Published, SeatRuntime
from cabinet.loop.seats import reseat
from display.view import TableView
from engine import game
from engine.commands import Command
from engine.events import ActionRejected, PlayRejected, Reason
from engine.games import of, speed, spit
from engine.rules import Game
from engine.state import GameState
from tests.display import scenes


def seats(
    state: GameState, humans: int = 2, left_handed: frozenset[int] = frozenset()
) -> list[SeatRuntime]:
    """The laptop's seats for ``state`` (P1 south, P2 north, drawn upright), keyboard for
    the first ``humans``, the ``left_handed`` ones with their LEFT and RIGHT swapped."""
    out, _keys = scenes.seats_for(len(state.players), humans, Assist.TARGETS, state.rules.game)
    for s in out:
        if s.config.index in left_handed:
            reseat(s, replace(s.config, left_handed=True), state.rules.game)
    return out


def feed_for(
    state: GameState, humans: int = 2, left_handed: frozenset[int] = frozenset()
) -> ScreenFeed:
    """The laptop window's feed over ``seats``, the keyboard seats' keys named."""
    _seats, keys = scenes.seats_for(len(state.players), humans, Assist.TARGETS, state.rules.game)
    return ScreenFeed(seats(state, humans, left_handed), laptop=True, keys=keys)


@dataclass
class Pressed:
    """What a seat's presses did: the state after, the command and the seat's note."""

    state: Any
    command: Command
    refused: list[Refused]
    note: str | None
    view: TableView


def press(feed: ScreenFeed, state: Any, player: int, *controls: Control, t: int) -> Pressed:
    """``controls`` pressed in turn on ``player``'s seat; the last one makes a command,
    which the engine steps and the feed publishes."""
    ctrl = next(s for s in feed.seats if s.config.index == player).controller
    cmd = None
    for control in controls:
        cmd = ctrl.press(state, control, t)
    assert cmd is not None, f"{controls} made no command"
    after, events = game.step(state, cmd)
    feed(Published(after, tuple(events), (cmd,), ()))
    view = feed.view_of(after)
    note = view.seats[player].note
    refused = [e for e in events if isinstance(e, PlayRejected | ActionRejected)]
    return Pressed(after, cmd, refused, note.text if note is not None else None, view)


FITS = re.compile(
    r"(?P<card>\S+) (?P<verb>fits|goes on) the (?P<top>\S+): press (?P<button>LEFT|RIGHT)"
)
NEITHER = re.compile(r"(?P<card>\S+) fits neither (?P<a>\S+) nor (?P<b>\S+)")
NOT_FIT = re.compile(r"(?P<card>\S+) doesn't fit the (?P<top>\S+)")
EMPTY_PRESS = re.compile(r"that pile is empty")
NO_MATCH = re.compile(r"(?P<card>\S+) has no match(: cover (?P<ranks>.+))?")
SLOT = re.compile(r"slot taken: try slot (?P<slot>[1-5])")


def _can_play(state: Any, player: int, card: Any, pile: int) -> bool:
    """The game's own rule 1 (lockouts aside): Speed's or Spit's ``can_play``."""
    if state.rules.game is Game.SPEED:
        return speed.can_play(state, player, card, pile)
    return spit.can_play(state, player, card, pile)


def check_note(state: Any, event: Refused, text: str, aims: Aims) -> None:
    """Read ``text`` (the note for ``event``, in ``state`` after it) back and assert the
    engine agrees with every claim in it: a card "fits" a pile the engine takes it on
    (``can_play`` and the slot's ``fits`` in ``seat_cards``), the button named aims there,
    "fits neither" only when the engine takes it on none of the seat's piles, and
    California's ranks are exactly those that may be covered."""
    table = of(state).table_cards(state)
    seat = table.seats[event.player]
    slot = next((s for s in seat.slots if s.top is not None and s.top.code == event.card), None)
    card = rank_name(event.card)
    m = FITS.fullmatch(text)
    if m:
        assert slot is not None, text
        assert slot.top is not None, text
        pile = aims.left if m["button"] == "LEFT" else aims.right
        assert pile is not None, text
        assert m["card"] == card, text
        top = table.centre[pile].top
        assert top is not None, text
        assert rank_name(top.code) == m["top"], text
        assert pile in slot.fits, (text, slot)
        adjacent = _can_play(state, event.player, slot.top, pile)
        assert adjacent == (m["verb"] == "fits"), text
        return
    mine = [p for p in (aims.left, aims.right, *seat.reach) if p is not None]
    if NEITHER.fullmatch(text) or NOT_FIT.fullmatch(text):
        m = NEITHER.fullmatch(text) or NOT_FIT.fullmatch(text)
        assert m is not None, text
        assert m["card"] == card, text
        tops = {rank_name(t.code) for p in mine if (t := table.centre[p].top) is not None}
        named = {m[k] for k in ("a", "b", "top") if k in m.groupdict() and m[k]}
        assert named <= tops, (text, tops)
        if slot is not None and slot.top is not None:
            assert not set(slot.fits) & set(mine), (text, slot)
            assert not any(_can_play(state, event.player, slot.top, p) for p in mine), text
        return
    if event.reason is Reason.EMPTY_PILE:
        assert EMPTY_PRESS.fullmatch(text), text
        assert isinstance(event, PlayRejected)
        assert table.centre[event.to].top is None, text
        if slot is not None:
            assert not set(slot.fits) & set(mine), (text, slot)
        return
    if event.reason is Reason.NO_MATCH:
        _check_no_match(state, event, text)
        return
    m = SLOT.fullmatch(text)
    if m:
        assert slot is not None, (text, slot)
        assert int(m["slot"]) - 1 in slot.moves_to, (text, slot)
        return
    assert event.reason is not Reason.NOT_ADJACENT, text
    assert text in (PLAIN[event.reason], "not your top card"), text


def _check_no_match(state: Any, event: Refused, text: str) -> None:
    table = of(state).table_cards(state)
    coverable = {
        rank_name(s.top.code) for q in table.seats for s in q.slots if s.coverable and s.top
    }
    for q in table.seats:
        for s in q.slots:
            if s.top is not None and s.top.code == event.card:
                assert not s.coverable, text
    if text == "no matches left: SLAM":
        assert not coverable, text
        assert table.seats[event.player].may_ready, text
        return
    m = NO_MATCH.fullmatch(text)
    assert m is not None, text
    assert m["card"] == rank_name(event.card), text
    named = set(re.split(r", | or ", m["ranks"])) if m["ranks"] else set()
    assert named == coverable, (text, coverable)


__all__ = ["Pressed", "check_note", "feed_for", "press", "seats"]
