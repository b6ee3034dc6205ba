"""Turn the loop's state into ``display.view.TableView``s: one frozen view per publish.

``ScreenFeed`` is a loop observer, so it runs on the loop thread: per publish it builds the
view (a few microseconds: the seats' LEDs, picks and targets, the cabinet's notes, the
flow's screen and the service menu) and hands it over by reference; the window's frame
loop (cabinet/adapters/screen/frame_loop.py) takes the newest one with the events since its
last take.
The cabinet maps its own types here (``Led`` to ``Light``, a seat's config to its
``Position``), so ``display/`` imports nothing of the cabinet.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from cabinet.adapters.keyboard import Bindings
from cabinet.adapters.screen.labels import label, seat_labels, seated
from cabinet.adapters.screen.refusals import NO_AIMS, AimsOf, refusal_text, seat_aims
from cabinet.adapters.screen.replay_view import replay_seats
from cabinet.config import CONTROLS, Control, SeatConfig
from cabinet.loop import Published, SeatRuntime
from cabinet.loop.seats import in_game
from cabinet.modes.flow.replays import ReplayClock
from cabinet.panel import LEVELS, Led, PanelLights
from display.moments import PHOTO_FINISH_MS, PenaltyMove, PhotoFinishes
from display.view import (
    FlowView,
    Light,
    Lights,
    MatchView,
    NoteKind,
    PhotoFinish,
    Position,
    SeatMark,
    SeatNote,
    SeatView,
    ServiceView,
    SoundLevels,
    TableView,
)
from engine.commands import Command, Slam
from engine.events import (
    ActionRejected,
    Event,
    GameWon,
    PenaltyTaken,
    PlayRejected,
)
from engine.games import of
from engine.state import GameState

_LIGHT = {
    Led.OFF: Light.OFF,
    Led.DIM: Light.DIM,
    Led.ON: Light.ON,
    Led.BLINK: Light.BLINK,
    Led.BREATHE: Light.BLINK,  # (only the sleeping screen breathes: nothing to draw)
}


def lights_view(lights: PanelLights) -> Lights:
    return Lights(
        tuple(_LIGHT[x] for x in lights.slots),
        _LIGHT[lights.left],
        _LIGHT[lights.right],
        _LIGHT[lights.slam],
    )


def seat_keys(seats: Sequence[SeatConfig], bindings: Bindings) -> dict[int, tuple[str, ...]]:
    """Per keyboard seat, its key labels in panel order (slots 1-5, LEFT, RIGHT, SLAM)."""
    out: dict[int, dict[Control, str]] = {}
    for key, (seat, control) in bindings.items():
        if key.islower() or key.isdigit():
            out.setdefault(seat, {})[control] = key
    return {s: tuple(keys.get(c, "") for c in CONTROLS) for s, keys in out.items()}


def seat_view(
    seat: SeatRuntime, state: GameState, now_ms: int, keys: tuple[str, ...] = ()
) -> SeatView:
    """One seat's view: the LEDs it shows (computed here for seats without a panel), its
    picks and the centre piles its LEFT and RIGHT aim at."""
    cfg = seat.config
    ctrl = seat.controller
    bot = seat.bot is not None
    lights = seat.lights
    if lights is None:
        lights = ctrl.lights(state, cfg.assist, now_ms)
    left, right = ctrl.piles(state)  # None: California's LEFT / RIGHT pick a row
    return SeatView(
        index=cfg.index,
        position=Position(cfg.position),
        upright=cfg.upright,
        four_colour=cfg.four_colour,
        large_cards=cfg.large_cards,
        left_handed=cfg.left_handed,
        picked=tuple(ctrl.picked_slots(state)),
        lights=lights_view(lights),
        keys=keys,
        bot=bot,
        label=label(seated(seat, None)),
        left_pile=left,
        right_pile=right,
    )


PENALTY_NOTE_MS = 2000
"""How long "FALSE CALL +8" shows on the seat that took the penalty."""
REJECTED_NOTE_MS = 1500
"""How long the reason for a refused play shows on its seat."""


def penalty_text(count: int, *, called: bool) -> str:
    """A penalty's note: what it cost and why. A SLAM while not out is a false call; an
    out seat's call that ran out (3 s) is a missed one. Either way the centre pile with the
    fewest cards under its top gives those cards to the seat's draw pile; with none under
    any top nothing moves and an out seat may still call (docs/rules.md A.3.5, V-1, V-1F)."""
    if called:
        return f"FALSE CALL +{count}" if count else "FALSE CALL"
    if count:
        return f"MISSED CALL: took a centre pile, +{count}"
    return "MISSED CALL: no pile to take, call now"


class SeatNotes:
    """Each seat's latest note from the published events: a penalty ("FALSE CALL +8" when
    the seat slammed, "MISSED CALL: took a centre pile, +8" when its call ran out:
    ``penalty_text``) or a refused play's reason.
    A note lasts its time in engine milliseconds; a newer one replaces it."""

    def __init__(self, aims: AimsOf | None = None) -> None:
        self._notes: dict[int, SeatNote] = {}
        self.aims = aims
        """Which pile each seat's LEFT and RIGHT aim at, for the refusal notes' buttons."""

    def clear(self) -> None:
        """A new deal: every note was the last game's (docs/display.md, "Each game's own")."""
        self._notes.clear()

    def see(self, state: GameState, commands: Sequence[Command], events: Sequence[Event]) -> None:
        for ev in events:
            if isinstance(ev, PenaltyTaken):
                called = any(isinstance(c, Slam) and c.player == ev.player for c in commands)
                text = penalty_text(ev.count, called=called)
                self._notes[ev.player] = SeatNote(NoteKind.PENALTY, text, ev.t + PENALTY_NOTE_MS)
            elif isinstance(ev, (PlayRejected, ActionRejected)):
                current = self._notes.get(ev.player)
                if (
                    current is not None
                    and current.kind is NoteKind.PENALTY
                    and ev.t < current.until
                ):
                    continue  # the penalty is the bigger news
                aims = self.aims(state, ev.player) if self.aims is not None else NO_AIMS
                text = refusal_text(state, ev, aims)
                self._notes[ev.player] = SeatNote(NoteKind.REJECTED, text, ev.t + REJECTED_NOTE_MS)

    def at(self, seat: int, now_ms: int) -> SeatNote | None:
        """The seat's note while it lasts; None once it has run out."""
        note = self._notes.get(seat)
        if note is None or now_ms >= note.until:
            return None
        return note


def penalty_moves(
    before: GameState | None, after: GameState, events: Sequence[Event]
) -> list[PenaltyMove]:
    """Each penalty in ``events`` that moved cards, with the centre pile they came from:
    the one that lost cards between ``before`` (the last publish) and ``after``, the loss
    nearest the penalty's count first (a play on it in the same batch makes up some). The
    engine names no pile (``PenaltyTaken``), so the screen reads it off the piles' depths."""
    penalties = [ev for ev in events if isinstance(ev, PenaltyTaken) and ev.count > 0]
    if not penalties:
        return []
    lost: dict[int, int] = {}
    if before is not None and before.rules.game is after.rules.game:
        old, new = of(before).table_cards(before).centre, of(after).table_cards(after).centre
        if len(old) == len(new):
            lost = {k: a.depth - b.depth for k, (a, b) in enumerate(zip(old, new, strict=True))}
            lost = {k: d for k, d in lost.items() if d > 0}
    moves = []
    for ev in penalties:
        pile = min(lost, key=lambda k: (abs(lost[k] - ev.count), k)) if lost else None
        if pile is not None:
            del lost[pile]
        moves.append(PenaltyMove(ev.player, pile, ev.count, ev.t))
    return moves


@dataclass
class Frame:
    """What the window takes from the feed each frame."""

    view: TableView
    events: list[Event]
    before: GameState | None
    claims: int = 0
    """"SPEED!" claims since the last take (a seat out of cards slammed and won)."""
    penalties: list[PenaltyMove] = field(default_factory=list)
    """Where the cards of each penalty since the last take came from (``penalty_moves``)."""
    deal: int = 0
    """Which game on the table this frame is of (``ScreenFeed.deal``): a frame of a new
    one drops the animations still running from the last (cabinet/adapters/screen/
    frame_loop.py, ``Painter.draw``)."""
    clock: ReplayClock | None = None
    """A replay's clock while one is on (its engine times are drawn, not the table's)."""


def new_deal(last: GameState | None, state: GameState) -> bool:
    """Is ``state`` another game than ``last`` (the state of the feed's last publish)?
    Within a game engine time never goes back (cabinet/loop/table.py, ``Table.ms``) and a
    decided game stays decided; every deal starts again at 0 and undecided."""
    if last is None:
        return False
    return state.now < last.now or (last.is_over and not state.is_over)


def of_this_game(state: GameState, events: Sequence[Event]) -> list[Event]:
    """The events that can be ``state``'s game's: none later than its own time (a pass
    that dealt a new game in may still carry the last game's final moves)."""
    return [ev for ev in events if ev.t <= state.now]


class ScreenFeed:
    """A loop observer: keeps the newest ``TableView`` and the events since the last take."""

    def __init__(
        self,
        seats: Sequence[SeatRuntime],
        *,
        laptop: bool,
        keys: dict[int, tuple[str, ...]] | None = None,
        match: MatchView | None = None,
        four_colour: bool = False,
        offline: Callable[[], Sequence[str]] | None = None,
        flow: Callable[[], tuple[FlowView | None, MatchView | None]] | None = None,
        service: Callable[[], ServiceView | None] | None = None,
        sound: Callable[[], SoundLevels | None] | None = None,
        replay: Callable[[Published], tuple[Published, ReplayClock | None]] | None = None,
    ) -> None:
        self.seats = list(seats)
        self.laptop = laptop
        self.keys = keys or {}
        self.match = match
        self.four_colour = four_colour
        self.offline = offline
        self.flow = flow
        """The player's flow (cabinet/modes/flow/director.py): the screen over the table."""
        self.service = service
        """The operator's service menu (cabinet/modes/service/director.py), None while closed."""
        self.sound = sound
        """The speakers' levels (the service director's ``sound_levels``)."""
        self.replay = replay
        """A replay's state in place of the table's while one is on (the flow director's
        ``Replays.news``: cabinet/modes/flow/replays.py), and its clock."""
        self.clock: ReplayClock | None = None
        self._claims = 0
        self.photos = PhotoFinishes()
        self.notes = SeatNotes(seat_aims(self.seats))
        self._aims = self.notes.aims
        self.photo: PhotoFinish | None = None
        self._lock = threading.Lock()
        self._view: TableView | None = None
        self._view_clock: ReplayClock | None = None
        self._before: GameState | None = None
        self._events: deque[Event] = deque(maxlen=256)
        self._penalties: deque[PenaltyMove] = deque(maxlen=16)
        self._last: GameState | None = None
        """The state of the last publish: a penalty's pile is read off it."""
        self.deal = 0
        """Counts the games the feed has seen dealt in (``new_deal``): every note, photo
        tag and penalty flight belongs to the game it came from and ends with it."""
        self.published = threading.Event()

    def view_of(self, state: GameState) -> TableView:
        now = state.now
        flow, match = self.flow() if self.flow is not None else (None, None)
        if self.clock is not None:  # a replay: that game's cards, none of the panels' own
            seats = replay_seats(self.seats, self.keys, flow)
        else:
            seats = tuple(  # a seat the game does not seat is left out (docs/party.md)
                seat_view(s, state, now, self.keys.get(s.config.index, ()))
                for s in self.seats
                if in_game(s, state)
            )
        offline = tuple(self.offline()) if self.offline is not None else ()
        # A decided game's notes end with it, as its LOCKED marks do (display/table.py): the
        # result and the next countdown show none of them.
        over = state.is_over
        seats = tuple(_noted(v, None if over else self.notes.at(v.index, now)) for v in seats)
        if flow is not None and self.clock is None:  # one label per seat (labels.py)
            flow = replace(flow, labels=seat_labels(self.seats, flow))
            seats = tuple(_named(v, flow) for v in seats)
        return TableView(
            state=state,
            seats=seats,
            dim=LEVELS[Led.DIM],
            laptop=self.laptop,
            offline=offline,
            photo=None if over else self.photo,
            match=match or self.match,
            four_colour=self.four_colour,
            flow=flow,
            service=self.service() if self.service is not None else None,
            sound=self.sound() if self.sound is not None else None,
        )

    def __call__(self, pub: Published) -> None:
        clock = None
        if self.replay is not None:
            pub, clock = self.replay(pub)
        fresh = new_deal(self._last, pub.state) or clock != self.clock  # a replay on or off
        self.clock = clock
        # A replayed game need not be the one the seats' controls are for: its notes name
        # no buttons.
        self.notes.aims = self._aims if clock is None else None
        if fresh:
            self._forget()
        events = of_this_game(pub.state, pub.events)
        photo = self.photos.see(pub.commands, events)
        if photo is not None:
            self.photo = photo
        self.notes.see(pub.state, pub.commands, events)
        moves = penalty_moves(self._last, pub.state, events)
        self._last = pub.state
        view = self.view_of(pub.state)
        claims = sum(
            1
            for ev in events
            if isinstance(ev, GameWon)
            and any(isinstance(c, Slam) and c.player == ev.player for c in pub.commands)
        )
        with self._lock:
            if fresh:  # the last game's untaken events would animate on the new table
                self._events.clear()
                self._penalties.clear()
                self._claims, self._before = 0, None
            self._claims += claims
            if self._view is not None and events and self._before is None and not fresh:
                self._before = self._view.state
            self._view, self._view_clock = view, clock
            self._events.extend(events)
            self._penalties.extend(moves)
        self.published.set()

    def _forget(self) -> None:
        """A new deal: the last game's notes and photo tag go with it."""
        self.deal += 1
        self.notes.clear()
        self.photos.clear()
        self.photo = None

    def prime(self, state: GameState) -> None:
        if new_deal(self._last, state):
            self._forget()
        self._last = state
        with self._lock:
            self._view = self.view_of(state)

    def take(self) -> Frame | None:
        with self._lock:
            if self._view is None:
                return None
            events = list(self._events)
            self._events.clear()
            before, self._before = self._before, None
            claims, self._claims = self._claims, 0
            penalties = list(self._penalties)
            self._penalties.clear()
            clock = self._view_clock
            return Frame(self._view, events, before, claims, penalties, self.deal, clock)


def _named(view: SeatView, flow: FlowView) -> SeatView:
    """A seat under the flow: its one label (``flow.labels``, cabinet/adapters/screen/
    labels.py) and a person's, not a bot's, once a person joined it (the demo's bot still
    plays it behind the menu and the countdown: its notes are not the player's). In the
    join menu a joined seat's cards already show its accessibility choices."""
    i = view.index
    for chose in flow.options:
        if chose.seat == i:
            view = replace(
                view,
                four_colour=chose.four_colour,
                large_cards=chose.large_cards,
                left_handed=chose.left_handed,
            )
    name = flow.labels[i] if i < len(flow.labels) else view.label
    mark = flow.seats[i] if i < len(flow.seats) else SeatMark.BOT
    if view.bot and mark in (SeatMark.JOINED, SeatMark.READY):
        return replace(view, label=name, bot=False, note=None)
    return replace(view, label=name)


def _noted(view: SeatView, note: SeatNote | None) -> SeatView:
    return replace(view, note=note) if note is not None else view


__all__ = [
    "PENALTY_NOTE_MS",
    "PHOTO_FINISH_MS",
    "REJECTED_NOTE_MS",
    "Frame",
    "PhotoFinishes",
    "ScreenFeed",
    "SeatNotes",
    "lights_view",
    "new_deal",
    "of_this_game",
    "penalty_moves",
    "penalty_text",
    "seat_keys",
    "seat_view",
]
