"""A party's event in the records through the real loop (docs/party.md, "Records"): each
decided game's ``Decided`` and the game's own record in one transaction, linked, written
once; a forfeit win is the event's only; after a restart the event carries on at the same
point, the game that was on the table dealt again on its next attempt."""

from __future__ import annotations

from pathlib import Path

from cabinet.config import Control
from cabinet.kiosk.records import Records
from cabinet.modes.event.rules import EventFormat, EventRules
from cabinet.modes.event.stored import load
from cabinet.modes.party.calling import FORFEIT_S
from cabinet.modes.party.core import Stage
from cabinet.modes.stack import PLAYING
from engine.rules import Game
from tests.cabinet.modes.party.party_rigs import PartyRig, rig
from tests.cabinet.rigs import wait


def signed(r: PartyRig, names: tuple[str, ...], rules: EventRules) -> None:
    assert r.party.start_event(rules, r.clock()) is None
    for i, name in enumerate(names):
        r.sign_up(i % len(r.loop.table.seats), name)
    r.press(0, Control.SLOT2)  # start
    r.wait_call()


def test_each_game_is_recorded_once_with_its_decided(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    r = rig(2, records)
    signed(r, ("ABC", "XYZ", "JAS"), EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2))
    r.play_called(1)
    r.wait_call()
    stored = load(records, r.party.party.ledger.id)
    decided = [row for row in records.event_log(stored.id) if row.kind == "decided"]
    assert len(decided) == 1
    game_id = decided[0].game_id
    assert game_id is not None
    game = records.game(game_id)
    assert game.status.value == "finished"
    assert [s.initials for s in game.seats] == ["ABC", "XYZ"]
    assert len(stored.event.games) == 1
    assert stored.event.games[0].order[0] == ["ABC", "XYZ"][game.winner or 0]
    records.close()


def test_a_player_who_does_not_press_forfeits_and_the_other_wins_for_the_event(
    tmp_path: Path,
) -> None:
    records = Records.open(tmp_path)
    r = rig(2, records)
    signed(r, ("ABC", "XYZ", "JAS"), EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2))
    r.press(0, Control.SLAM)  # ABC is in; XYZ is not here
    view = r.party.screen(PLAYING).flow.party
    assert view is not None
    assert view.call is not None
    assert view.call.forfeit_s is not None
    assert 55 <= view.call.forfeit_s <= FORFEIT_S
    wait(r.loop, r.clock, FORFEIT_S / 2)
    view = r.party.screen(PLAYING).flow.party
    assert view is not None
    assert view.call is not None
    assert view.call.forfeit_s is not None
    assert view.call.forfeit_s <= FORFEIT_S / 2 + 1
    wait(r.loop, r.clock, FORFEIT_S / 2 + 1)
    event = r.party.party.event
    assert event is not None
    assert len(event.games) == 1
    assert event.games[0].by_forfeit
    assert event.games[0].forfeited == ("XYZ",)
    rows = records.event_log(r.party.party.ledger.id)
    assert rows[-1].kind == "forfeited"  # it decides the game: no deal, no games row
    assert not any(row.kind in ("dealt", "decided") for row in rows)
    assert records.high_scores(5) == []
    records.close()


def test_an_absent_player_is_sent_to_the_back_once() -> None:
    r = rig(2)
    signed(r, ("ABC", "XYZ", "JAS"), EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2))
    assert r.called() == ("ABC", "XYZ")
    r.press(1, Control.SLOT1)  # XYZ is away: slot 1 on seat 2's panel
    r.wait_call()
    assert r.called() == ("ABC", "JAS")
    r.press(1, Control.SLOT1)  # JAS now
    r.wait_call()
    assert r.called() == ("ABC", "XYZ")
    r.press(1, Control.SLOT1)  # XYZ again: once only
    assert "already sent" in r.party.party.line
    assert r.called() == ("ABC", "XYZ")


def test_three_players_at_a_four_seat_cabinet_play_at_seats_1_to_3() -> None:
    r = rig(4)
    signed(r, ("ABC", "XYZ", "JAS"), EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 4))
    assert r.called() == ("ABC", "XYZ", "JAS")
    r.press(3, Control.SLAM)  # nobody's seat: nothing
    assert r.stage() is Stage.CALLING
    for seat in range(3):
        r.press(seat, Control.SLAM)
    r.until(lambda: r.flow.flow.phase.value == "playing")
    assert len(r.loop.table.state.players) == 3
    assert all(s.bot is None for s in r.loop.table.seats)
    assert r.flow.flow.names[:3] == ("ABC", "XYZ", "JAS")


def test_a_restart_carries_on_at_the_same_point(tmp_path: Path) -> None:
    records = Records.open(tmp_path)
    r = rig(2, records)
    signed(r, ("ABC", "XYZ", "JAS"), EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2))
    r.play_called(1)
    r.wait_call()
    for seat in range(2):
        r.press(seat, Control.SLAM)
    r.until(lambda: r.flow.flow.phase.value == "playing")
    before = r.party.party.event
    assert before is not None
    assert before.on_table
    records.close()  # the power goes (nothing more is written)
    again = Records.open(tmp_path)
    r2 = rig(2, again)
    event = r2.party.party.event
    assert event is not None
    assert event.standings() == before.standings()
    assert event.dealt is not None
    assert event.dealt.attempt == 1
    assert not event.on_table
    r2.wait_call()
    assert r2.called() == before.dealt.present if before.dealt else False
    assert r2.party.party.calling is not None
    assert r2.party.party.calling.attempt == 1
    again.close()


def test_a_game_the_failsafe_takes_off_the_table_is_played_again_afresh() -> None:
    r = rig(2)
    signed(r, ("ABC", "XYZ", "JAS"), EventRules(EventFormat.WINNER_STAYS, Game.SPEED, 2))
    for seat in range(2):
        r.press(seat, Control.SLAM)
    r.until(lambda: r.flow.flow.phase.value == "playing")
    first = r.loop.table.first
    r.flow.reset(RuntimeError("a fault"))  # the loop's failsafe: "resetting", attract
    r.wait_call()
    event = r.party.party.event
    assert event is not None
    assert [c.change.__class__.__name__ for c in event.log[-2:]] == ["Dealt", "Abandoned"]
    assert r.called() == ("ABC", "XYZ")
    calling = r.party.party.calling
    assert calling is not None
    assert calling.attempt == 1
    for seat in range(2):
        r.press(seat, Control.SLAM)
    r.until(lambda: r.flow.flow.phase.value == "playing")
    assert r.loop.table.first != first  # a fresh deal
