"""``CabinetBook``: what the records keep besides the games: the cabinet's own log (starts,
faults, power), initials put on a past win, each player's choices, the operator lock's
count of wrong codes, and the reset."""

from __future__ import annotations

from cabinet.kiosk.records import operator_lock
from cabinet.kiosk.records.base import Store
from cabinet.kiosk.records.health import RecordsError
from cabinet.kiosk.records.model import PlayerChoices, PowerEvent, valid_initials
from cabinet.kiosk.records.opening import now_wall


class CabinetBook(Store):
    """The cabinet's log, initials, players' choices, the operator lock, the reset."""

    def note_start(self) -> None:
        """The cabinet started (at start-up, before the first deal)."""
        self._note("start", None)

    def note_fault(self, detail: str) -> None:
        """The failsafe reset the table after an error (``detail``: one line)."""
        self._note("fault", " ".join(detail.split())[:300])

    def note_power(self, event: PowerEvent, detail: str = "") -> None:
        """The Pi's power flags changed (cabinet/loop/power.py): ``detail`` what was read."""
        self._note(event, " ".join(detail.split())[:300] or None)

    def _note(self, kind: str, detail: str | None) -> None:
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO cabinet_log (wall, kind, detail) VALUES (?, ?, ?)",
                (now_wall(), kind, detail),
            )

    def set_initials(self, game_id: int, seat: int, initials: str) -> None:
        """The service menu's high-score entry: ``initials`` for a seat of a past game."""
        if not valid_initials(initials):
            raise ValueError(f"initials {initials!r}: use three letters A-Z")
        with self._tx() as conn:
            cur = conn.execute(
                "UPDATE game_seats SET initials = ? WHERE game_id = ? AND seat = ?",
                (initials, game_id, seat),
            )
            if cur.rowcount != 1:
                raise RecordsError(f"no seat {seat + 1} in game {game_id}")
        self.rewritten.append(game_id)

    # Players' choices (issue 16).

    def remember_choices(self, initials: str, choices: PlayerChoices) -> None:
        """Keep ``choices`` with ``initials`` (replacing what was kept): committed when it
        returns, so a power cut after it loses nothing."""
        if not valid_initials(initials):
            raise ValueError(f"initials {initials!r}: use three letters A-Z")
        with self._tx() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO player_choices (initials, hints, handicap, four_colour, "
                "large_cards, left_handed, updated_wall) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    initials,
                    choices.hints,
                    choices.handicap,
                    int(choices.four_colour),
                    int(choices.large_cards),
                    int(choices.left_handed),
                    now_wall(),
                ),
            )

    def choices(self, initials: str) -> PlayerChoices | None:
        """The choices kept with ``initials``, or None (none kept)."""
        row = self._conn.execute(
            "SELECT hints, handicap, four_colour, large_cards, left_handed FROM player_choices "
            "WHERE initials = ?",
            (initials,),
        ).fetchone()
        if row is None:
            return None
        hints, handicap, four, large, left = row
        return PlayerChoices(str(hints), str(handicap), bool(four), bool(large), bool(left))

    def reset_stats(self) -> None:
        """The service menu's "reset stats": every game, match and log line is deleted,
        and the boards' marks on those games (the players' choices are no statistics:
        they stay)."""
        with self._tx() as conn:
            conn.execute("DELETE FROM board_marks")
            conn.execute("DELETE FROM game_seats")
            conn.execute("DELETE FROM games")
            conn.execute("DELETE FROM matches")
            conn.execute("DELETE FROM cabinet_log")
        self.rewritten.append(0)

    # The operator lock (issue 25): cabinet/modes/service/lock.py grows its lockout with
    # this count; kept here, a restart does not clear it.

    def lock_count(self) -> int:
        """Wrong operator codes since the last right one or the service button (a value
        that is no count reads as one lockout's worth; a records fault raises, and the
        service menu then counts one lockout too)."""
        return operator_lock.read_wrong(self._conn)

    def keep_lock_count(self, wrong: int) -> None:
        """Keep the count of wrong codes (committed when it returns)."""
        with self._tx() as conn:
            operator_lock.keep_wrong(conn, wrong, now_wall())
