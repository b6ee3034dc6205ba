"""The player's flow around the games: attract, join, countdown, play, result; pure.

A frozen ``Flow`` and ``step(flow, input, now) -> (flow, effects)``; no pygame, no threads,
no engine state (the cabinet turns effects into games: cabinet/modes/director.py).

- ATTRACT: a bot-vs-bot demo plays; the active game's rules on a short card; "press SLAM
  to join". A seat that presses SLAM joins: JOIN.
- JOIN: more seats join with SLAM. The slot buttons choose a menu row (1 game, 2 bots'
  difficulty, 3 match), LEFT/RIGHT cycle its value (which clears every ready mark); a
  joined seat's next SLAM readies it. Every joined seat ready: COUNTDOWN. Seats nobody
  joined get bots of the chosen difficulty. Slot 4 enters the seat's own three-letter
  initials for the records (arcade style: LEFT/RIGHT change the letter, slot 4 again moves
  on, SLAM finishes); slot 5 clears them. Initials stay with the seat until attract.
- COUNTDOWN: ``countdown_s`` seconds (3-2-1), then ``StartGame``: PLAYING. A new match
  starts (``engine.match.Match``) unless one is running; the deal's seed is
  ``Match.deal_seed()``.
- PLAYING: presses go to the engine (the flow only notes who pressed). With
  ``bot_takeover_s`` a joined seat quiet that long is played by a bot (``TakeOver``) until
  it presses again (``GiveBack``). ``GameOver`` records the game in the match: RESULT.
- RESULT: the match scoreboard. Joined seats ready with SLAM: the next game of the match,
  or a rematch (a new match, same settings) once it is decided. Once it is decided any
  other button goes back to JOIN to change the settings. Seats a bot took over have left.
- No press from any player for ``idle_return_s`` (JOIN, PLAYING, RESULT; a game's start
  and end count as a press): ATTRACT.
- A match the records kept open through a restart (``saved``: a power cut, a crash) is
  offered in attract and in the join menu's match row; starting that game and format plays
  it on from its score. Starting anything else starts a new match instead.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from cabinet.config import Control, FlowConfig
from display.view import FlowScreen, FlowView, MatchView, SeatMark
from engine.match import Match, MatchRules
from engine.rules import Game

DEMO_PAUSE_S = 5.0
"""The finished demo game stays on screen this long before the next demo deals."""

EPS = 1e-6
"""Clock times this close count as equal (a deadline woken for is reached)."""

MATCHES = ("single", "best-of-3", "best-of-5", "first-to-3", "margin-25")
"""The match formats the join menu cycles through."""

ROWS = ("game", "bots", "match")
"""The join menu's rows, chosen with slot buttons 1-3."""
INITIALS_SLOT = 3
"""Slot 4 (index 3) enters a seat's initials in the join menu; slot 5 clears them."""
CLEAR_SLOT = 4
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

RULES_CARD: dict[Game, tuple[str, ...]] = {
    Game.SPEED: (
        "Play a card one above or below a centre pile",
        "pick a slot, then LEFT or RIGHT to play it",
        "stuck? everyone SLAMs and new cards flip",
        "out of cards: SLAM to call SPEED!",
    ),
    Game.SPIT: (
        "Play stock tops one above or below a spit pile",
        "stuck? both SLAM: spit new cards",
        "a pile empty: SLAP the smaller spit pile",
        "first to run out of cards wins",
    ),
    Game.CALIFORNIA: (
        "Two tops of one rank showing: cover them from your deck",
        "a slot covers your own pile; LEFT / RIGHT then a slot: theirs",
        "cover every match, even the last card of a rank",
        "first to run out of cards wins",
    ),
}


class Phase(StrEnum):
    ATTRACT = "attract"
    JOIN = "join"
    COUNTDOWN = "countdown"
    PLAYING = "playing"
    RESULT = "result"


# Inputs.


@dataclass(frozen=True, slots=True)
class Press:
    """A debounced press of a seat's button."""

    seat: int
    control: Control


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passed (the caller wakes at ``next_due``)."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game on the table was decided (winner None: a draw)."""

    winner: int | None
    cards_left: tuple[int, ...]


Input = Press | Tick | GameOver


# Effects.


@dataclass(frozen=True, slots=True)
class StartDemo:
    """Deal a bot-vs-bot demo of ``game``: every seat a bot."""

    game: Game
    seed: int


@dataclass(frozen=True, slots=True)
class StartGame:
    """Deal ``game`` with ``seed``; ``bots``: (seat, difficulty) for each seat not joined."""

    game: Game
    seed: int
    bots: tuple[tuple[int, str], ...]
    match: Match
    names: tuple[tuple[int, str], ...] = ()
    """(seat, initials) for each joined seat that entered them: the records' names."""


@dataclass(frozen=True, slots=True)
class TakeOver:
    """A bot of ``difficulty`` plays ``seat`` from now on (it went quiet)."""

    seat: int
    difficulty: str


@dataclass(frozen=True, slots=True)
class Named:
    """``seat`` finished entering its initials (join or result screen): on the result
    screen they also go on the game just played, if it was that player's own."""

    seat: int
    initials: str


@dataclass(frozen=True, slots=True)
class GiveBack:
    """``seat`` pressed again: its bot stops, the player plays."""

    seat: int


Effect = StartDemo | StartGame | TakeOver | GiveBack | Named


@dataclass(frozen=True, slots=True)
class Flow:
    config: FlowConfig
    seats: int
    humans: frozenset[int]
    """Seats with a panel or keys: they can join. Other seats are always bots."""
    games: tuple[Game, ...]
    """The games the cabinet can run, in menu order."""
    difficulties: tuple[str, ...]
    game: Game
    difficulty: str
    match_rules: MatchRules
    seed: int
    """The base of every demo and match seed."""
    phase: Phase = Phase.ATTRACT
    since: float = 0.0
    """When the phase began (clock seconds)."""
    last_press: float = 0.0
    """Any player's last press."""
    pressed: tuple[float, ...] = ()
    """Each seat's last press (or the game's start), for the bot takeover."""
    joined: frozenset[int] = frozenset()
    ready: frozenset[int] = frozenset()
    taken: frozenset[int] = frozenset()
    """Joined seats a bot is playing (they went quiet)."""
    row: int = 0
    """The join menu's chosen row (index into ``ROWS``)."""
    match: Match | None = None
    deals: int = 0
    """Demos and matches dealt so far: each takes the next seed."""
    demo_over: float | None = None
    table_demo: bool = True
    """Is the table showing a demo (so a return to attract need not deal another)?"""
    last_result: tuple[int | None, tuple[int, ...]] | None = field(default=None)
    names: tuple[str, ...] = ()
    """Per seat: its three-letter initials, or "" (none entered)."""
    editing: tuple[int, ...] = ()
    """Per seat: the initial being entered (0-2), or -1."""
    saved: Match | None = None
    """A match the records kept open through a restart, offered until a match starts."""
    saved_game: Game | None = None

    # Derived.

    def count_at(self, now: float) -> int:
        """The countdown's number at ``now`` (3, 2, 1), 0 once it is over."""
        left = self.since + self.config.countdown_s - now
        return max(0, math.ceil(left - EPS))

    def bot_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.joined)

    def menu(self) -> tuple[tuple[str, str], ...]:
        """The join menu: (row name, value shown)."""
        bots = len(self.bot_seats())
        bot_text = f"{bots} x {self.difficulty}" if bots else f"none ({self.difficulty})"
        match = str(self.match_rules)
        if self.resumes():
            assert self.saved is not None
            match += f" (plays on at {_score(self.saved)})"
        return (("game", self.game.value.capitalize()), ("bots", bot_text), ("match", match))

    def resumes(self) -> bool:
        """Would the next match start play on the saved one (same game and format)?"""
        saved = self.saved
        return (
            saved is not None
            and not saved.is_over
            and saved.players == self.seats
            and saved.rules == self.match_rules
            and self.saved_game is self.game
        )

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def waiting_for(self) -> tuple[int, ...]:
        """Joined seats (not taken over) that have not readied."""
        return tuple(sorted(s for s in self.joined - self.taken if s not in self.ready))


def start(
    config: FlowConfig,
    *,
    seats: int,
    humans: Sequence[int],
    games: Sequence[Game],
    difficulties: Sequence[str],
    game: Game = Game.SPEED,
    difficulty: str = "medium",
    match: MatchRules | None = None,
    seed: int = 0,
    now: float = 0.0,
    saved: tuple[Game, Match] | None = None,
) -> tuple[Flow, list[Effect]]:
    """Attract mode with its first demo. ``saved``: a match kept open through a restart
    (its game and score), offered to the players (ignored if it cannot be played here)."""
    games = tuple(games) or (Game.SPEED,)
    difficulties = tuple(difficulties) or ("medium",)
    flow = Flow(
        config=config,
        seats=seats,
        humans=frozenset(humans),
        games=games,
        difficulties=difficulties,
        game=game if game in games else games[0],
        difficulty=difficulty if difficulty in difficulties else difficulties[0],
        match_rules=match or MatchRules.parse("single"),
        seed=seed,
        since=now,
        last_press=now,
        pressed=(now,) * seats,
        names=("",) * seats,
        editing=(-1,) * seats,
    )
    if saved is not None:
        saved_game, saved_match = saved
        if (
            saved_game in games
            and saved_match.players == seats
            and not saved_match.is_over
            and saved_match.results
        ):
            flow = replace(
                flow,
                saved=saved_match,
                saved_game=saved_game,
                game=saved_game,
                match_rules=saved_match.rules,
            )
    return _attract(flow, now, deal=True)


def _score(match: Match) -> str:
    return "-".join(str(x) for x in match.score)


def seed_of(base: int, n: int) -> int:
    """The ``n``th seed drawn from the flow's base seed (demos and matches: the first demo
    is 0, the first match 1 unless another demo was dealt first)."""
    return random.Random(f"speed-cabinet flow {base} deal {n}").getrandbits(32)


def _attract(flow: Flow, now: float, *, deal: bool) -> tuple[Flow, list[Effect]]:
    flow = replace(
        flow,
        phase=Phase.ATTRACT,
        since=now,
        joined=frozenset(),
        ready=frozenset(),
        taken=frozenset(),
        match=None,
        demo_over=None,
        row=0,
        names=("",) * flow.seats,
        editing=(-1,) * flow.seats,
    )
    if not deal and flow.table_demo:
        return flow, []
    return _demo(flow)


def _demo(flow: Flow) -> tuple[Flow, list[Effect]]:
    seed = seed_of(flow.seed, flow.deals)
    return (
        replace(flow, deals=flow.deals + 1, demo_over=None, table_demo=True),
        [StartDemo(flow.game, seed)],
    )


def _cycle(values: Sequence[object], value: object, by: int) -> int:
    i = values.index(value) if value in values else 0
    return (i + by) % len(values)


def step(flow: Flow, inp: Input, now: float) -> tuple[Flow, list[Effect]]:
    """The flow after ``inp`` at clock time ``now`` (seconds), and what the cabinet must do."""
    if isinstance(inp, Press):
        return _press(flow, inp, now)
    if isinstance(inp, GameOver):
        return _game_over(flow, inp, now)
    return _tick(flow, now)


def _press(flow: Flow, p: Press, now: float) -> tuple[Flow, list[Effect]]:
    if p.seat not in flow.humans or not 0 <= p.seat < flow.seats:
        return flow, []
    pressed = list(flow.pressed)
    pressed[p.seat] = now
    flow = replace(flow, last_press=now, pressed=tuple(pressed))
    slam = p.control is Control.SLAM
    phase = flow.phase
    if phase is Phase.ATTRACT:
        if slam:
            return replace(
                flow,
                phase=Phase.JOIN,
                since=now,
                joined=frozenset({p.seat}),
                ready=frozenset(),
                row=0,
            ), []
        return flow, []
    if phase is Phase.JOIN:
        if slam:
            if p.seat not in flow.joined:
                return replace(flow, joined=flow.joined | {p.seat}), []
            flow, named = _finish_initials(flow, p.seat)  # SLAM finishes them too
            flow = replace(flow, ready=flow.ready | {p.seat})
            if not flow.waiting_for():
                return replace(flow, phase=Phase.COUNTDOWN, since=now), named
            return flow, named
        if p.seat not in flow.joined:
            return flow, []
        entered = _initials_press(flow, p)
        if entered is not None:
            return entered
        slot = p.control.slot
        if slot == CLEAR_SLOT:
            return _set_name(flow, p.seat, ""), []
        if slot is not None:
            return replace(_edit(flow, p.seat, -1), row=slot), []
        return _change(flow, 1 if p.control is Control.RIGHT else -1), []
    if phase is Phase.PLAYING:
        if p.seat in flow.taken:
            return replace(flow, taken=flow.taken - {p.seat}), [GiveBack(p.seat)]
        return flow, []
    if phase is Phase.RESULT:
        decided = flow.match is None or flow.match.is_over
        if slam:
            if p.seat not in flow.joined:
                if not decided:
                    return flow, []  # no joining in the middle of a match
                return replace(
                    flow,
                    phase=Phase.JOIN,
                    since=now,
                    joined=flow.joined | {p.seat},
                    ready=frozenset(),
                    match=None,
                ), []
            flow, named = _finish_initials(flow, p.seat)
            flow = replace(flow, ready=flow.ready | {p.seat})
            if not flow.waiting_for():
                if decided:
                    flow = replace(flow, match=None)  # the rematch: a new match
                return replace(flow, phase=Phase.COUNTDOWN, since=now), named
            return flow, named
        entered = _initials_press(flow, p) if p.seat in flow.joined else None
        if entered is not None:  # a winner puts initials on the game just played
            return entered
        if decided and p.seat in flow.joined:
            return replace(flow, phase=Phase.JOIN, since=now, ready=frozenset(), match=None), []
        return flow, []
    return flow, []  # COUNTDOWN: presses wait for the flip


def _edit(flow: Flow, seat: int, cursor: int) -> Flow:
    editing = list(flow.editing)
    editing[seat] = cursor
    return replace(flow, editing=tuple(editing))


def _set_name(flow: Flow, seat: int, name: str) -> Flow:
    names = list(flow.names)
    names[seat] = name
    return replace(flow, names=tuple(names))


def _initials_press(flow: Flow, p: Press) -> tuple[Flow, list[Effect]] | None:
    """A joined seat's press on the join or result screen as initials entry (slot 4
    starts and moves on; while entering, LEFT/RIGHT change the letter and slot 5 clears);
    None if it is no initials press."""
    seat, slot = p.seat, p.control.slot
    if slot == INITIALS_SLOT:
        was = flow.editing[seat]
        flow = _next_initial(flow, seat)
        if was >= 0 and flow.editing[seat] < 0:  # the third letter confirmed
            return flow, [Named(seat, flow.names[seat])]
        return flow, []
    if flow.editing[seat] < 0:
        return None
    if slot == CLEAR_SLOT:
        return _set_name(_edit(flow, seat, -1), seat, ""), []
    if p.control in (Control.LEFT, Control.RIGHT):
        return _letter(flow, seat, 1 if p.control is Control.RIGHT else -1), []
    return None


def _finish_initials(flow: Flow, seat: int) -> tuple[Flow, list[Effect]]:
    """SLAM while entering initials: they are done."""
    if flow.editing[seat] < 0:
        return flow, []
    flow = _edit(flow, seat, -1)
    return flow, [Named(seat, flow.names[seat])] if flow.names[seat] else []


def _next_initial(flow: Flow, seat: int) -> Flow:
    """Slot 4: start entering initials (from "AAA" or the ones there), or move on a letter;
    after the third it is done."""
    cursor = flow.editing[seat]
    if cursor < 0:
        if not flow.names[seat]:
            flow = _set_name(flow, seat, "AAA")
        return _edit(flow, seat, 0)
    return _edit(flow, seat, cursor + 1 if cursor < 2 else -1)


def _letter(flow: Flow, seat: int, by: int) -> Flow:
    """LEFT/RIGHT while entering initials: the letter at the cursor cycles A-Z. This seat's
    own: nobody else's ready mark clears."""
    cursor = flow.editing[seat]
    name = list(flow.names[seat] or "AAA")
    name[cursor] = LETTERS[(LETTERS.index(name[cursor]) + by) % len(LETTERS)]
    return _set_name(flow, seat, "".join(name))


def _change(flow: Flow, by: int) -> Flow:
    """LEFT/RIGHT in the join menu: the chosen row's next value; every ready mark clears."""
    row = ROWS[flow.row]
    if row == "game":
        flow = replace(flow, game=flow.games[_cycle(flow.games, flow.game, by)])
    elif row == "bots":
        flow = replace(
            flow, difficulty=flow.difficulties[_cycle(flow.difficulties, flow.difficulty, by)]
        )
    else:
        names = list(MATCHES)
        current = str(flow.match_rules)
        if current not in names:
            names.insert(0, current)
        flow = replace(flow, match_rules=MatchRules.parse(names[_cycle(names, current, by)]))
    return replace(flow, ready=frozenset())


def _game_over(flow: Flow, g: GameOver, now: float) -> tuple[Flow, list[Effect]]:
    if flow.phase is Phase.ATTRACT or (flow.table_demo and flow.phase is Phase.JOIN):
        return replace(flow, demo_over=now), []
    if flow.phase is not Phase.PLAYING or flow.match is None:
        return flow, []
    match = flow.match
    if not match.is_over and len(g.cards_left) == match.players:
        match = match.record(g.winner, g.cards_left)
    joined = flow.joined - flow.taken  # a seat a bot had to take over has left
    flow = replace(
        flow,
        phase=Phase.RESULT,
        since=now,
        last_press=now,
        match=match,
        joined=joined,
        ready=frozenset(),
        taken=frozenset(),
        last_result=(g.winner, tuple(g.cards_left)),
    )
    if not joined:
        return _attract(flow, now, deal=True)
    return flow, []


def _tick(flow: Flow, now: float) -> tuple[Flow, list[Effect]]:
    cfg = flow.config
    phase = flow.phase
    if phase is Phase.ATTRACT:
        if flow.demo_over is not None and now - flow.demo_over >= DEMO_PAUSE_S - EPS:
            return _demo(flow)
        return flow, []
    if phase is Phase.COUNTDOWN:
        if now - flow.since >= cfg.countdown_s - EPS:
            return _start_game(flow, now)
        return flow, []
    if now - flow.last_press >= cfg.idle_return_s - EPS:
        return _attract(flow, now, deal=phase is not Phase.JOIN)
    if (
        phase is Phase.JOIN
        and flow.table_demo
        and flow.demo_over is not None
        and now - flow.demo_over >= DEMO_PAUSE_S - EPS
    ):
        return _demo(flow)
    if phase is Phase.PLAYING and cfg.bot_takeover_s:
        effects: list[Effect] = []
        taken = set(flow.taken)
        for seat in sorted(flow.joined - flow.taken):
            if now - flow.pressed[seat] >= cfg.bot_takeover_s - EPS:
                taken.add(seat)
                effects.append(TakeOver(seat, flow.difficulty))
        if effects:
            return replace(flow, taken=frozenset(taken)), effects
    return flow, []


def _start_game(flow: Flow, now: float) -> tuple[Flow, list[Effect]]:
    match = flow.match
    deals = flow.deals
    if match is None or match.is_over:
        if flow.resumes():
            match = flow.saved  # play on from the score kept through the restart
        else:
            match = Match(flow.match_rules, flow.seats, seed_of(flow.seed, deals))
            deals += 1
        flow = replace(flow, saved=None, saved_game=None)  # a match is on: no other offer
    assert match is not None
    bots = tuple((s, flow.difficulty) for s in flow.bot_seats())
    pressed = tuple(now if s in flow.joined else p for s, p in enumerate(flow.pressed))
    flow = replace(
        flow,
        phase=Phase.PLAYING,
        since=now,
        last_press=now,
        match=match,
        deals=deals,
        ready=frozenset(),
        taken=frozenset(),
        pressed=pressed,
        demo_over=None,
        table_demo=False,
        editing=(-1,) * flow.seats,
    )
    names = tuple((s, flow.names[s]) for s in sorted(flow.joined) if flow.names[s])
    return flow, [StartGame(flow.game, match.deal_seed(), bots, match, names)]


def reset(flow: Flow, now: float) -> tuple[Flow, list[Effect]]:
    """The failsafe (cabinet/modes/director.py ``FlowDirector.reset``): whatever was on, back to
    attract with a fresh demo; the match in play is given up."""
    return _attract(replace(flow, table_demo=False, last_result=None), now, deal=True)


def next_due(flow: Flow, now: float) -> float | None:
    """The next clock time a ``Tick`` may change the flow (or the countdown's number)."""
    cfg = flow.config
    times: list[float] = []
    if flow.phase is Phase.COUNTDOWN:
        # +EPS: at a digit's own time (``since + k`` rounded below k) the next one is k+1,
        # never k again, which would wake the loop at once, over and over.
        elapsed = now - flow.since
        times.append(flow.since + min(cfg.countdown_s, math.floor(elapsed + EPS) + 1))
        return min(times)
    if flow.demo_over is not None and flow.phase in (Phase.ATTRACT, Phase.JOIN):
        times.append(flow.demo_over + DEMO_PAUSE_S)
    if flow.phase is not Phase.ATTRACT:
        times.append(flow.last_press + cfg.idle_return_s)
    if flow.phase is Phase.PLAYING and cfg.bot_takeover_s:
        times.extend(flow.pressed[s] + cfg.bot_takeover_s for s in flow.joined - flow.taken)
    return min(times) if times else None


# What the screen shows (display/view.py).


def seat_marks(flow: Flow) -> tuple[str, ...]:
    """Per seat: "join" (can press SLAM to join), "joined", "ready" or "bot"."""
    out = []
    for s in range(flow.seats):
        if s in flow.taken:
            out.append("bot")
        elif s in flow.joined and flow.phase is not Phase.ATTRACT:
            out.append("ready" if s in flow.ready else "joined")
        elif s in flow.humans:
            out.append("join")
        else:
            out.append("bot")
    return tuple(out)


def hint(flow: Flow) -> str:
    if flow.phase is Phase.JOIN:
        if any(c >= 0 for c in flow.editing):
            return "LEFT / RIGHT: letter   slot 4: next letter   slot 5: clear   SLAM: ready"
        return "slot 1-3: choose   LEFT / RIGHT: change   slot 4: initials   SLAM: ready"
    if flow.phase is Phase.RESULT:
        if any(c >= 0 for c in flow.editing):
            return "LEFT / RIGHT: letter   slot 4: next letter   SLAM: done"
        if flow.match is None or flow.match.is_over:
            return "SLAM: rematch   slot 4: your initials   other buttons: change the game"
        return (
            f"SLAM when ready: game {flow.match.game_number} of the match   slot 4: your initials"
        )
    if flow.phase is Phase.ATTRACT:
        if flow.saved is not None:
            return f"press SLAM to join: the {flow.saved.rules} match stands {_score(flow.saved)}"
        return "press SLAM to join"
    return ""


def view_of(flow: Flow, now: float) -> FlowView:
    return FlowView(
        screen=FlowScreen(flow.phase.value),
        game=flow.game,
        rules=RULES_CARD.get(flow.game, ()),
        menu=flow.menu() if flow.phase is Phase.JOIN else (),
        row=flow.row,
        seats=tuple(SeatMark(m) for m in seat_marks(flow)),
        count=flow.count_at(now) if flow.phase is Phase.COUNTDOWN else 0,
        hint=hint(flow),
        names=flow.names,
        editing=tuple(c if c >= 0 else None for c in flow.editing),
    )


def match_view(flow: Flow) -> MatchView | None:
    """The live match's scoreboard (none in attract or before the first game)."""
    m = flow.match
    if m is None or flow.phase in (Phase.ATTRACT, Phase.JOIN):
        return None
    title = str(m.rules).replace("-", " ")
    game = len(m.results) if flow.phase is Phase.RESULT else m.game_number
    return MatchView(title=title, score=m.score, game=max(1, game), winner=m.winner)


__all__ = [
    "CLEAR_SLOT",
    "DEMO_PAUSE_S",
    "INITIALS_SLOT",
    "MATCHES",
    "ROWS",
    "RULES_CARD",
    "Effect",
    "Flow",
    "GameOver",
    "GiveBack",
    "Input",
    "Named",
    "Phase",
    "Press",
    "StartDemo",
    "StartGame",
    "TakeOver",
    "Tick",
    "hint",
    "match_view",
    "next_due",
    "reset",
    "seat_marks",
    "seed_of",
    "start",
    "step",
    "view_of",
]
