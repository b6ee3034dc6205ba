"""The flow director's records book (cabinet/kiosk/records/): ``MatchBook`` records the
match games it starts, the match kept open through a restart, attract's high-score card
and the boards (docs/boards.md: ``boards``, the ``BoardsSource`` the screens draw from,
read between games into ``board_list``, and the placings of the game just named or
played, for the result screen's "2nd fastest today"); ``safely`` (cabinet/kiosk/safely.py)
keeps a failed write from stopping the cabinet. Writes happen between games only: the
book puts what a decided game needs onto the director's next pass."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple, Protocol

from cabinet.kiosk.records import PlayerChoices, Records, SeatEntry
from cabinet.kiosk.records.board_kind import DealKind
from cabinet.kiosk.records.board_model import BoardsSource
from cabinet.kiosk.records.model import HANDICAP_LEGEND
from cabinet.kiosk.safely import safely
from cabinet.modes.event.stored import GameEnd
from cabinet.modes.flow.board_cards import read_cards, read_entered
from cabinet.modes.flow.choices import HINT_LEVELS, HandicapChoice, SeatChoices
from cabinet.modes.flow.messages import StartGame
from cabinet.modes.played import Played, SeatResults
from display.boards import BoardCard
from engine.match import Match
from engine.rules import Game, Rules

Later = list[Callable[[], object]]
"""Jobs for the director's next pass (between games)."""

log = logging.getLogger("speed_cabinet.session")

HIGH_SCORES = 5
"""Initials on attract's high-score card."""
FAST_HANDS = 3
"""Initials on its "fastest hands" line (the best mean reaction times)."""
FAST_HANDS_PLAYS = 10
"""Plays a set of initials needs before its mean reaction counts (one lucky slap won't)."""


class RecordedGame(NamedTuple):
    """The recorded game on the table: its records id and deal seed."""

    id: int
    seed: int


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """The open match in the records (its score survived a restart), with its game."""

    match_id: int
    game: Game
    match: Match


def attract_scores(records: Records) -> tuple[str, ...] | None:
    """Attract's high-score card from the records (between games only); None if they
    could not be read (logged)."""
    try:
        table = records.high_scores(HIGH_SCORES)
        everyone = records.initials_stats()
    except Exception:
        log.exception("records: reading the high scores failed")
        return None
    winners = [s for s in table if s.wins]
    lines = [
        f"{i + 1}.  {s.key}{s.mark}   {s.wins} {'win' if s.wins == 1 else 'wins'}"
        + (f"   fastest {s.fastest_win_ms / 1000:.1f} s" if s.fastest_win_ms else "")
        for i, s in enumerate(winners)
    ]
    if any(s.mark for s in winners):
        lines.append(HANDICAP_LEGEND)
    hands = sorted(
        (s.mean_reaction_ms, s.key)
        for s in everyone
        if s.mean_reaction_ms is not None and s.plays >= FAST_HANDS_PLAYS
    )
    if hands:
        lines.append(
            "fastest hands   "
            + "   ".join(f"{key} {ms / 1000:.2f} s" for ms, key in hands[:FAST_HANDS])
        )
    return tuple(lines)


def saved_match(records: Records) -> SavedMatch | None:
    """The open match in the records, if there is one with a game this cabinet knows."""
    try:
        current = records.current_match()
        if current is None:
            return None
        match_id, match = current
        game = records.match_game(match_id)
    except Exception:
        log.exception("records: reading the open match failed")
        return None
    try:
        return SavedMatch(match_id, Game(game), match) if game is not None else None
    except ValueError:
        return None


def kept(choices: SeatChoices) -> PlayerChoices:
    """A seat's choices as the records keep them."""
    return PlayerChoices(
        hints=choices.hints.value,
        handicap=choices.handicap.value,
        four_colour=choices.four_colour,
        large_cards=choices.large_cards,
        left_handed=choices.left_handed,
    )


def read_back(stored: PlayerChoices, default: SeatChoices) -> SeatChoices:
    """Kept choices as the flow's: a value this release does not offer (another release
    wrote it) is the seat's default for that row."""
    hints = next((a for a in HINT_LEVELS if a.value == stored.hints), default.hints)
    try:
        handicap = HandicapChoice(stored.handicap)
    except ValueError:
        handicap = default.handicap
    return SeatChoices(
        hints=hints,
        handicap=handicap,
        four_colour=stored.four_colour,
        large_cards=stored.large_cards,
        left_handed=stored.left_handed,
    )


def remember_chosen(records: Records, eff: StartGame) -> None:
    """Each named seat's choices kept with its initials (between games); a failed write
    is logged, the next seat's still tried."""
    names = dict(eff.names)
    for c in eff.chosen:
        initials = names.get(c.seat)
        if initials:
            safely("remember_choices", partial(records.remember_choices, initials, kept(c.choices)))


def recall(records: Records, initials: str, default: SeatChoices) -> SeatChoices | None:
    """The choices kept with ``initials`` (None: none kept, or they could not be read:
    logged)."""
    try:
        stored = records.choices(initials)
    except Exception:
        log.exception("records: reading the choices of %s failed", initials)
        return None
    return None if stored is None else read_back(stored, default)


def daily_tried(records: Records | None, seed: int) -> frozenset[str]:
    """The initials that played the deal of the day dealt from ``seed`` (none without
    records, or when they cannot be read: logged)."""
    if records is None:
        return frozenset()
    try:
        return records.played_deal(seed, DealKind.DAILY)
    except Exception:
        log.exception("records: reading the deal of the day's tries failed")
        return frozenset()


def start_recorded(
    records: Records,
    eff: StartGame,
    rules: Rules,
    match_id: int | None,
    saved: SavedMatch | None,
) -> tuple[RecordedGame | None, int | None]:
    """Record a match game as started (before its deal): (the game, its match's id). The
    match is the saved one if this game plays it on, the running one, or a new one."""
    m = eff.match
    if saved is not None and m is saved.match:
        match_id = saved.match_id  # play on in the match the records kept open
    elif not m.results or match_id is None:
        try:
            match_id = records.start_match(m.rules, m.players, m.seed)
        except Exception:
            log.exception("records: start_match failed")
            match_id = None
    bots, names = dict(eff.bots), dict(eff.names)
    seats = [
        SeatEntry(bot=bots[i]) if i in bots else SeatEntry(initials=names.get(i))
        for i in range(rules.players)
    ]
    try:
        mark = None if eff.mark is None else eff.mark
        game_id = records.start_game(rules, seats, eff.seed, match_id=match_id, deal=mark)
    except Exception:
        log.exception("records: start_game failed")
        return None, match_id
    return RecordedGame(game_id, eff.seed), match_id


class GameEnds(Protocol):
    """Who else writes a decided game's end (a party's event: its ``Decided`` with the
    game's own record, in one transaction; docs/party.md, "Records")."""

    def finish_game(self, end: GameEnd, winner: int | None) -> bool:
        """Write the game's ``end`` with what belongs with it: True when written (the
        book then writes nothing more), False: the book writes it alone."""
        ...


class MatchBook:
    """The records of the games and matches the flow deals (nothing without records)."""

    __slots__ = (
        "abandon_reason",
        "boards",
        "cards",
        "ends",
        "entered",
        "entered_new",
        "game",
        "later",
        "match_id",
        "named_game",
        "placings",
        "records",
        "saved",
        "scores",
        "taken",
    )

    def __init__(
        self, records: Records | None, later: Later, boards: BoardsSource | None = None
    ) -> None:
        """``boards``: the boards the records keep (None: none, the high-score card)."""
        self.records = records
        self.boards = boards
        self.cards: tuple[BoardCard, ...] = ()
        """Attract's board cards, as of the last game recorded."""
        self.entered: tuple[str, ...] = ()
        """The boards the game just decided entered ("JAS: 2nd fastest today")."""
        self.entered_new = False
        """``entered`` changed since the screen was last told."""
        self.later = later
        """The director's jobs for its next pass: the book's writes wait there."""
        self.game: RecordedGame | None = None
        """The recorded game on the table."""
        self.match_id: int | None = None
        self.taken: dict[int, str] = {}
        """Seats of the recorded game a bot took over (seat -> difficulty): not theirs."""
        self.named_game: tuple[int, frozenset[int]] | None = None
        """The recorded game just decided, and its seats a bot took over: initials entered
        on its result screen go on it."""
        self.scores: tuple[str, ...] = ()
        """Attract's high-score card."""
        self.abandon_reason = ""
        """Why the recorded game on the table is about to be abandoned ("": no reason
        given: a service reset, the failsafe, exit), for the log beside its record."""
        self.ends: GameEnds | None = None
        """Who writes a decided game's end with its own records (None: the book alone)."""
        self.load_scores()
        self.saved: SavedMatch | None = None if records is None else saved_match(records)
        """The match the records kept open through a restart, until a match starts."""

    def load_scores(self) -> None:
        """Attract's high-score card and board cards from the records (between games
        only)."""
        if self.records is not None:
            scores = attract_scores(self.records)
            if scores is not None:
                self.scores = scores
        if self.boards is not None:
            cards = read_cards(self.boards)
            if cards is not None:
                self.cards = cards

    def load_entered(self, game_id: int) -> None:
        """The boards game ``game_id`` entered, for its result screen (between games)."""
        if self.boards is not None:
            entered = read_entered(self.boards, game_id)
            if entered is not None and entered != self.entered:
                self.entered, self.entered_new = entered, True

    def start(self, eff: StartGame, rules: Rules) -> None:
        """A match game is about to be dealt (the last game's record is written)."""
        saved, self.saved = self.saved, None  # one offer: taken now or never
        self.taken = {}
        if self.records is not None:
            self.game, self.match_id = start_recorded(
                self.records, eff, rules, self.match_id, saved
            )

    def decided(self, match: Match, winner: int | None, cards: tuple[int, ...]) -> None:
        """A match game was decided: if that decides its recorded match, the match is
        closed, next pass (after the game's own record)."""
        records = self.records
        if self.match_id is None or records is None:
            return
        if match.is_over or len(cards) != match.players:
            return
        done = match.record(winner, cards)
        if done.is_over:
            match_id, self.match_id = self.match_id, None
            end = partial(records.end_match, match_id, done.winner)
            self.later.append(partial(safely, "end_match", end))

    def give_up_match(self) -> None:
        """A demo is dealt over a recorded match: it ends undecided (now)."""
        if self.match_id is not None and self.records is not None:
            match_id, self.match_id = self.match_id, None
            safely("end_match", partial(self.records.end_match, match_id, None))

    def name(self, seat: int, initials: str) -> int | None:
        """Initials entered on the result screen go on the game just played (next pass),
        unless a bot played that seat for part of it: that game's id, or None."""
        records = self.records
        if self.named_game is None or records is None or not initials:
            return None
        game_id, taken = self.named_game
        if seat in taken:
            return None
        write = partial(records.set_initials, game_id, seat, initials)
        self.later.append(partial(safely, "set_initials", write))
        self.later.append(self.load_scores)
        self.later.append(partial(self.load_entered, game_id))  # a board entered by name
        return game_id

    def game_over(self, match_game: bool) -> tuple[RecordedGame | None, dict[int, str]]:
        """The game on the table was decided: no longer the one on the table. Its record
        and the seats a bot took over (for ``finish``)."""
        recorded, self.game = self.game, None
        taken, self.taken = self.taken, {}
        if match_game and recorded is not None:
            self.named_game = (recorded.id, frozenset(taken))
        return recorded, taken

    def finish(
        self,
        recorded: RecordedGame | None,
        taken: dict[int, str],
        played: Played,
        results: SeatResults,
    ) -> None:
        """A decided game's record, with its replay and numbers (between games)."""
        records = self.records
        if recorded is None or records is None:
            return
        end = GameEnd(
            recorded.id, played.state.now, played.replay(recorded.seed), tuple(results), taken
        )
        winner = played.state.winner
        ends = self.ends  # a party's event writes its game's end with its own record
        if ends is None or not ends.finish_game(end, winner):
            safely(
                "finish_game",
                lambda: records.finish_game(
                    end.game_id,
                    winner=winner,
                    duration_ms=end.duration_ms,
                    replay=end.replay,
                    results=end.results,
                    taken_over=end.taken_over,
                ),
            )
        self.load_scores()
        self.load_entered(recorded.id)

    def abandon(self, played: Played, flush: Callable[[], None]) -> None:
        """The recorded game on the table ends undecided (written now: between games),
        after the writes still waiting (``flush``)."""
        records = self.records
        reason, self.abandon_reason = self.abandon_reason, ""  # this abandonment's only
        if self.game is None or records is None:
            return
        recorded, self.game = self.game, None
        replay = played.replay(recorded.seed)
        flush()
        duration = played.state.now
        if reason:
            log.info("records: game %d abandoned: %s", recorded.id, reason)
        safely(
            "abandon_game",
            lambda: records.abandon_game(recorded.id, duration_ms=duration, replay=replay),
        )
