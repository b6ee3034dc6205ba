"""The event's presses and screens at the table (docs/menus.md, "A party's event"): a
guest starts it from the join menu's page 2, slot 2; initials are refused with the
event's own line (a taken name gets its free spelling to confirm); the shorter setting
and the other format at sign-up; the guest ends it from their seat; a seat that goes
quiet mid-game finishes last; the operator's desk pauses it (free play, attract shows the
event's card, awake)."""

from __future__ import annotations

from dataclasses import replace

from cabinet.config import Control, FlowConfig
from cabinet.modes import flow as fl
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.party.core import Stage
from cabinet.modes.party.presses import END_SLOT
from cabinet.modes.stack import PLAYING
from display.party_view import EventPhase
from display.view import FlowScreen, ScreenCare
from engine.bots import Bot
from engine.rules import Game
from tests.cabinet.modes.party.party_rigs import PartyRig, rig
from tests.cabinet.rigs import wait


def guest_event(r: PartyRig) -> None:
    """Seat 1 joins, turns the menu to page 2 (slot 2 twice) and presses SLAM on
    "party event"."""
    r.press(0, Control.SLAM)
    r.press(0, Control.SLOT2)
    r.press(0, Control.SLOT2)
    assert r.flow.flow.page_rows()[r.flow.flow.row] is fl.JoinRow.EVENT
    r.press(0, Control.SLAM)


def test_a_guest_starts_an_event_from_the_join_menu_and_ends_it_from_their_seat() -> None:
    r = rig(2)
    guest_event(r)
    assert r.stage() is Stage.SIGN_UP
    view = r.party.screen(PLAYING).flow
    assert view.screen is FlowScreen.PARTY
    assert view.party is not None
    assert view.party.phase is EventPhase.SIGN_UP
    assert view.party.estimate is not None
    r.press(1, END_SLOT)  # not the starter's seat: nothing
    assert r.stage() is Stage.SIGN_UP
    r.press(0, END_SLOT)
    assert "again" in r.party.party.line
    r.press(0, END_SLOT)
    assert r.stage() is Stage.NONE  # no game played: no podium, free play again


def test_a_taken_name_is_refused_with_its_free_spelling() -> None:
    r = rig(2)
    r.party.start_event(EventRules(EventFormat.WINNER_STAYS), r.clock())
    r.sign_up(0, "JAS")
    r.sign_up(1, "JAS")
    assert "JAS" in r.party.party.line
    entry = r.party.party.entries.at(1)
    assert entry is not None
    assert entry.name == "JAT"  # the suggestion, to confirm with SLAM
    r.press(1, Control.SLAM)
    event = r.party.party.event
    assert event is not None
    assert [e.name for e in event.active] == ["JAS", "JAT"]


def test_the_shorter_setting_and_the_other_format_keep_the_players() -> None:
    r = rig(2)
    r.party.start_event(EventRules(EventFormat.FAIR_STRIKES), r.clock())
    for i, name in enumerate(("ABC", "BOB", "CAT", "DAN")):
        r.sign_up(i % 2, name)
    r.press(0, Control.SLOT1)  # shorter
    event = r.party.party.event
    assert event is not None
    assert event.rules.strikes_out == 2
    assert [e.name for e in event.active] == ["ABC", "BOB", "CAT", "DAN"]
    r.press(0, Control.SLOT3)  # the other format
    event = r.party.party.event
    assert event is not None
    assert event.rules.format is EventFormat.WINNER_STAYS
    assert len(event.active) == 4


def test_a_seat_gone_quiet_is_taken_over_and_finishes_last() -> None:
    r = rig(2)
    quiet = FlowConfig(idle_return_s=3600, bot_takeover_s=20, countdown_s=2)
    r.flow.flow = replace(r.flow.flow, config=quiet)
    r.party.start_event(EventRules(EventFormat.WINNER_STAYS), r.clock())
    for i, name in enumerate(("ABC", "BOB", "CAT")):
        r.sign_up(i % 2, name)
    r.press(0, Control.SLOT2)
    r.wait_call()
    r.press(0, Control.SLAM)
    r.press(1, Control.SLAM)
    r.until(lambda: r.flow.flow.phase is fl.FlowPhase.PLAYING)
    r.loop.table.set_bot(1, Bot(1, "hard", 3))  # BOB plays; ABC goes quiet at seat 1
    for _ in range(400):
        if r.stage() is not Stage.SEATED:
            break
        r.press(1, Control.LEFT)  # BOB's own presses: not quiet
        wait(r.loop, r.clock, 5.0)
    assert r.flow.flow.left == frozenset({0})  # the flow's bot took seat 1 over
    event = r.party.party.event
    assert event is not None
    (game,) = event.games
    assert game.order == ("BOB", "ABC")  # taken over: last, whoever the bot made win


def test_paused_the_cabinet_is_free_play_with_the_event_card_awake() -> None:
    r = rig(2)
    r.party.start_event(EventRules(EventFormat.WINNER_STAYS), r.clock())
    for i, name in enumerate(("ABC", "BOB", "CAT")):
        r.sign_up(i % 2, name)
    r.press(0, Control.SLOT2)
    r.wait_call()
    assert r.party.pause_event(r.clock()) is None
    desk = r.party.desk()
    assert desk is not None
    assert desk.paused
    r.until(lambda: r.stage() is Stage.PAUSED)
    shown = r.party.screen(r.flow.screen(PLAYING)).flow
    assert shown.screen is FlowScreen.ATTRACT
    assert shown.party is not None
    wait(r.loop, r.clock, 3 * 3600)  # attract alone for hours: never dimmed
    assert r.flow.flow.care_at(r.clock()) is ScreenCare.AWAKE
    assert r.party.hide_name("BOB", r.clock()) is None
    assert r.party.resume_event(r.clock()) is None
    r.wait_call()
    view = r.party.screen(PLAYING).flow.party
    assert view is not None
    assert "BOB" in view.hidden
    assert r.party.remove_player("CAT", r.clock()) is None
    assert r.party.remove_player("CAT", r.clock()) is not None  # once only
    assert r.party.remove_player("XYZ", r.clock()) == "XYZ is not in this event"
    r.wait_call()
    assert r.called() == ("ABC", "BOB")


def test_an_event_fits_the_cabinet_and_a_hidden_name_never_shows() -> None:
    r = rig(2)
    four = EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 4)
    assert r.party.start_event(four, r.clock()) == "this cabinet seats 2 players a game, not 4"
    assert r.party.desk() is None
    r.party.start_event(EventRules(EventFormat.WINNER_STAYS), r.clock())
    for i, name in enumerate(("ABC", "BOB", "CAT")):
        r.sign_up(i % 2, name)
    r.press(0, Control.SLOT2)
    assert r.party.hide_name("BOB", r.clock()) is None
    r.wait_call()
    r.press(0, Control.SLAM)
    r.press(1, Control.SLAM)
    r.until(lambda: r.flow.flow.phase is fl.FlowPhase.COUNTDOWN)
    assert r.flow.flow.names[:2] == ("ABC", "---")  # the screen's labels
    seated = r.party.party.policy.seated
    assert seated is not None
    assert seated.names == ("ABC", "BOB")  # the records' names


def test_an_event_started_during_a_free_game_lets_it_finish() -> None:
    r = rig(2)
    for seat in (0, 1, 0, 1):
        r.press(seat, Control.SLAM)  # both join, both ready: a free-play game
    r.until(lambda: r.flow.flow.phase is fl.FlowPhase.PLAYING)
    assert r.party.start_event(EventRules(EventFormat.WINNER_STAYS), r.clock()) is None
    assert r.stage() is Stage.ASIDE
    for seat in (0, 1):
        r.loop.table.set_bot(seat, Bot(seat, "hard", seat))
    r.until(lambda: r.flow.flow.phase is fl.FlowPhase.RESULT)
    assert r.party.party.policy.seated is None  # a free game: no event game decided
    r.until(lambda: r.stage() is Stage.SIGN_UP and r.flow.flow.phase is fl.FlowPhase.ATTRACT)
    view = r.party.screen(PLAYING).flow
    assert view.screen is FlowScreen.PARTY
