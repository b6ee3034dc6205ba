"""The flow's transitions: ``start`` and ``step(flow, input, now) -> (flow, effects)``, and
``next_due``, the next time a ``FlowTick`` may change anything (or the screen's care
level: ``Flow.care_at``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import again, join, menu, options, result, watch
from cabinet.modes.flow.choices import SeatChoices
from cabinet.modes.flow.match import offer_saved, record
from cabinet.modes.flow.messages import (
    FlowEffect,
    FlowInput,
    FlowPress,
    FlowRelease,
    FlowTick,
    GameOver,
    GiveBack,
    Recalled,
    SeatBot,
    SeatName,
    StartDemo,
    StartGame,
    TakeOver,
    WentIdle,
)
from cabinet.modes.flow.state import (
    DEMO_PAUSE_S,
    EPS,
    JOIN_PAGES,
    RESULT_ALONE_S,
    RESULT_GRACE_S,
    RESULT_HOLD_S,
    RESULT_TIME_S,
    Flow,
    FlowPhase,
    seed_of,
)
from display.view import ScreenCare
from engine.match import Match, MatchRules
from engine.rules import CallMode, Game

Step = tuple[Flow, list[FlowEffect]]


def start(
    config: FlowConfig,
    *,
    seats: int,
    humans: Sequence[int],
    games: Sequence[Game],
    difficulties: Sequence[str],
    game: Game | None = None,
    difficulty: str = "casual",
    match: MatchRules | None = None,
    seed: int = 0,
    now: float = 0.0,
    saved: tuple[Game, Match] | None = None,
    choices: Sequence[SeatChoices] = (),
    head_start_limits: Mapping[Game, int] | None = None,
    call: CallMode = CallMode.CALL,
) -> Step:
    """Attract mode with its first demo. ``saved``: a match kept open through a restart
    (its game and score), offered to the players (ignored if it cannot be played here).
    ``game``: the one chosen first (default: the first of ``games``). ``choices``: per
    seat, its choices when a player joins it (default: ``SeatChoices()``).
    ``head_start_limits``: per game, the most a head start may take here (the options
    page offers no more; default: ``engine.rules.MAX_HEAD_START``). ``call``: Speed's call
    rule until the table chooses another (the cabinet's rules)."""
    games = tuple(games)
    if not games:
        raise ValueError("the flow needs at least one game to offer")
    difficulties = tuple(difficulties) or ("casual",)
    defaults = tuple(choices[s] if s < len(choices) else SeatChoices() for s in range(seats))
    flow = Flow(
        config=config,
        seats=seats,
        humans=frozenset(humans),
        games=games,
        difficulties=difficulties,
        game=game if game is not None and game in games else games[0],
        difficulty=difficulty if difficulty in difficulties else difficulties[0],
        match_rules=match or MatchRules.parse("single"),
        seed=seed,
        since=now,
        last_press=now,
        pressed=(now,) * seats,
        names=("",) * seats,
        editing=(None,) * seats,
        defaults=defaults,
        choices=defaults,
        options=(None,) * seats,
        head_start_limits=dict(head_start_limits or {}),
        call=call,
        holding=(None,) * seats,
    )
    return _attract(offer_saved(flow, saved), now, deal=True)


def step(flow: Flow, inp: FlowInput, now: float) -> Step:
    """The flow after ``inp`` at clock time ``now`` (seconds), and what the cabinet must do."""
    match inp:
        case FlowPress():
            return _press(flow, inp, now)
        case FlowRelease():
            return _release(flow, inp, now)
        case GameOver():
            return _game_over(flow, inp, now)
        case FlowTick():
            return _tick(flow, now)
        case Recalled():
            return _recalled(flow, inp), []


def reset(flow: Flow, now: float) -> Step:
    """The failsafe (``FlowDirector.reset``): whatever was on, back to attract with a fresh
    demo; the match in play is given up."""
    return _attract(replace(flow, table_demo=False, last_result=None), now, deal=True)


def wake(flow: Flow, now: float) -> Flow:
    """Screen care: the screen wakes and attract's idle time starts again (the service
    menu opened or closed); no other change."""
    return replace(flow, last_press=now) if flow.phase is FlowPhase.ATTRACT else flow


def menu_closed(flow: Flow, now: float) -> Flow:
    """The service menu closed: time in it is no player's idleness, so the press clocks
    restart (in attract, the screen's idle time); a slot 5 hold begun before it opened was
    let go unseen: no hold."""
    if flow.phase is FlowPhase.ATTRACT:
        return wake(flow, now)
    seats = len(flow.pressed)
    return replace(flow, last_press=now, pressed=(now,) * seats, holding=(None,) * seats)


def next_due(flow: Flow, now: float) -> float | None:
    """The next clock time a ``FlowTick`` may change the flow (or the countdown's number)."""
    cfg = flow.config
    if flow.watch.on is not None:
        return flow.watch.on.until  # a replay: nothing else moves under it (watch.py)
    if flow.phase is FlowPhase.COUNTDOWN:
        # +EPS: at a digit's own time (``since + k`` rounded below k) the next one is k+1,
        # never k again, which would wake the loop at once, over and over.
        elapsed = now - flow.since
        return flow.since + min(cfg.countdown_s, math.floor(elapsed + EPS) + 1)
    times: list[float] = []
    if flow.demo_over is not None and flow.phase in (FlowPhase.ATTRACT, FlowPhase.JOIN):
        times.append(flow.demo_over + DEMO_PAUSE_S)
    care = flow.care_due(now)
    if care is not None:
        times.append(care)  # the screen dims or goes black: the view changes
    if flow.phase is not FlowPhase.ATTRACT:
        times.append(flow.last_press + cfg.idle_return_s)
        warn = flow.idle_warn_at()
        if now < warn - EPS:
            times.append(warn)  # the warning goes up
        else:  # its countdown: the next whole second (+EPS as the countdown's digits)
            times.append(warn + math.floor(now - warn + EPS) + 1)
    if flow.phase is FlowPhase.RESULT:
        times.extend(_result_due(flow, now))
    if flow.phase is FlowPhase.PLAYING and cfg.bot_takeover_s:
        times.extend(flow.pressed[s] + cfg.bot_takeover_s for s in flow.joined - flow.taken)
    return min(times) if times else None


def _result_due(flow: Flow, now: float) -> list[float]:
    """The result's deadlines: alone, its time out (and each second of its countdown on
    screen), a slot 5 held long enough."""
    if not flow.joined:
        return [flow.since + RESULT_ALONE_S]
    start = flow.answered
    times = [start + RESULT_TIME_S, start + math.floor(now - start + EPS) + 1]
    held = result.held_since(flow)
    if held is not None:
        times.append(held + RESULT_HOLD_S)
    return times


def _attract(flow: Flow, now: float, *, deal: bool) -> Step:
    flow = replace(
        flow,
        phase=FlowPhase.ATTRACT,
        since=now,
        joined=frozenset(),
        ready=frozenset(),
        taken=frozenset(),
        match=None,
        demo_over=None,
        row=0,
        page=0,
        picked=None,
        holding=(None,) * flow.seats,
        names=("",) * flow.seats,
        editing=(None,) * flow.seats,
        choices=flow.defaults,
        options=(None,) * flow.seats,
        touched=frozenset(),
        daily=False,
        deal=None,
        asked=None,
        watch=replace(flow.watch, on=None),
    )
    if not deal and flow.table_demo:
        return flow, []
    return _demo(flow)


def _demo(flow: Flow) -> Step:
    seed = seed_of(flow.seed, flow.deals)
    return (
        replace(flow, deals=flow.deals + 1, demo_over=None, table_demo=True),
        [StartDemo(flow.game, seed)],
    )


def _press(flow: Flow, p: FlowPress, now: float) -> Step:
    if p.seat not in flow.humans or not 0 <= p.seat < flow.seats:
        return flow, []
    asleep = flow.care_at(now) is not ScreenCare.AWAKE
    pressed = list(flow.pressed)
    pressed[p.seat] = now
    flow = replace(flow, last_press=now, pressed=tuple(pressed))
    if asleep:
        return flow, []  # screen care: the press only wakes the screen (it is not a join)
    match flow.phase:
        case FlowPhase.ATTRACT:
            return _attract_press(flow, p, now)
        case FlowPhase.JOIN:
            return _join_press(flow, p, now)
        case FlowPhase.PLAYING:
            if p.seat in flow.taken:
                return replace(flow, taken=flow.taken - {p.seat}), [GiveBack(p.seat)]
            return flow, []
        case FlowPhase.RESULT:
            return _result_press(flow, p, now)
        case FlowPhase.COUNTDOWN:
            return flow, []  # presses wait for the flip


def _attract_press(flow: Flow, p: FlowPress, now: float) -> Step:
    if p.control is not Control.SLAM:
        return flow, []
    return replace(
        flow,
        phase=FlowPhase.JOIN,
        since=now,
        joined=frozenset({p.seat}),
        ready=frozenset(),
        row=0,
        watch=replace(flow.watch, on=None),  # a moment on ends with attract
    ), []


def _join_press(flow: Flow, p: FlowPress, now: float) -> Step:
    slot = p.control.slot
    if slot is None or slot >= len(JOIN_PAGES[0]):
        flow = replace(flow, picked=None)  # only a row button twice in a row turns the page
    if p.control is Control.SLAM:
        if p.seat not in flow.joined:
            return replace(flow, joined=flow.joined | {p.seat}), []
        flow, named = join.finish_initials(flow, p.seat)  # SLAM finishes them too
        flow = options.page(flow, p.seat, None)  # and closes the options page
        if again.needs_initials(flow, p.seat):  # the deal of the day counts by initials
            entered = join.initials_press(flow, FlowPress(p.seat, Control.SLOT4))
            return entered if entered is not None else (flow, named)
        flow = replace(flow, ready=flow.ready | {p.seat})
        if not flow.waiting_for():
            return replace(flow, phase=FlowPhase.COUNTDOWN, since=now), named
        return flow, named
    if p.seat not in flow.joined:
        return flow, []
    if not flow.is_entering(p.seat):
        chose = options.options_press(flow, p.seat, p.control)
        if chose is not None:
            return chose, []
        flow = options.page(flow, p.seat, None)  # any other button closes the page
    entered = join.initials_press(flow, p)
    if entered is not None:
        return entered
    if slot is not None:  # a row button (slots 1-3): docs/menus.md
        return menu.choose(join.edit(flow, p.seat, None), slot), []
    return menu.change(flow, 1 if p.control is Control.RIGHT else -1), []


def _recalled(flow: Flow, r: Recalled) -> Flow:
    """The choices the records keep for the initials a seat just entered come back, unless
    its player has chosen for themselves since attract, or the seat has moved on (other
    initials, left) or the game is on."""
    if (
        flow.phase not in (FlowPhase.JOIN, FlowPhase.COUNTDOWN)
        or r.seat not in flow.joined
        or r.seat in flow.touched
        or flow.name_of(r.seat) != r.initials
    ):
        return flow
    return options.set_choices(flow, r.seat, r.choices, own=False)


def _result_press(flow: Flow, p: FlowPress, now: float) -> Step:
    """The result screen's key map (result.py): SLAM readies, slot 4 initials, slot 5
    held goes to the menu; any other press, and every press in the grace, is ignored."""
    if now - flow.since < RESULT_GRACE_S - EPS:
        return flow, []  # the presses of the game just ended, not answers to the result
    if flow.watch.on is not None:  # the replay: SLAM stops it and does nothing else
        shown, effects = watch.pressed(flow.watch, p)
        return (flow if shown is flow.watch else _replay_ended(flow, now)), effects
    joined = p.seat in flow.joined
    if joined and flow.is_entering(p.seat) and p.control in (Control.LEFT, Control.RIGHT):
        entered = join.initials_press(flow, p)  # a letter of the initials being entered
        return entered if entered is not None else (flow, [])
    key = result.key_of(p.control)
    if key is None:
        return flow, []  # a stray press: ignored
    match key.action:
        case result.ResultAction.READY:
            return _result_ready(flow, p.seat, now)
        case result.ResultAction.SAME_DEAL if joined and flow.dealt is not None:
            return _result_ready(again.ask(flow, p.seat), p.seat, now)
        case result.ResultAction.INITIALS if joined:
            entered = join.initials_press(flow, p)
            if entered is not None:  # a winner puts initials on the game just played
                back, named = entered
                return replace(back, answered=now), named
        case result.ResultAction.MENU if joined:
            return result.hold(flow, p.seat, now), []
        case result.ResultAction.WATCH_AGAIN:
            shown = watch.start(flow.watch, now)  # nothing to watch yet: a stray press
            if shown is flow.watch:
                return flow, []
            return replace(flow, watch=shown, holding=(None,) * flow.seats), []
    return flow, []


def _replay_ended(flow: Flow, now: float) -> Flow:
    """The replay on screen ended or was stopped at ``now``: the result's own time stood
    still under it (its 20 s move on by the time it ran; the idle return counts from
    now), so a replay never uses up the time to answer (watch.py)."""
    ran = watch.ran(flow.watch, now)
    flow = replace(flow, watch=replace(flow.watch, on=None))
    if flow.phase is not FlowPhase.RESULT:
        return flow
    return replace(flow, answered=flow.answered + ran, last_press=max(flow.last_press, now))


def _result_ready(flow: Flow, seat: int, now: float) -> Step:
    """SLAM on the result: a joined seat readies; a new seat joins once it is decided."""
    decided = flow.match is None or flow.match.is_over
    if seat not in flow.joined:
        if not decided:
            return flow, []  # no joining in the middle of a match
        return _result_to_menu(replace(flow, joined=flow.joined | {seat}), now)
    flow, named = join.finish_initials(flow, seat)
    flow = replace(flow, ready=flow.ready | {seat}, answered=now)
    if not flow.waiting_for():
        if decided:
            flow = replace(flow, match=None)  # the rematch: a new match
        flow = replace(again.agreed(flow), holding=(None,) * flow.seats)
        return replace(flow, phase=FlowPhase.COUNTDOWN, since=now), named
    return flow, named


def _release(flow: Flow, r: FlowRelease, now: float) -> Step:
    """A button let go: on the result, slot 5 held long enough goes to the menu (a late
    batch brings the release after the hold time); a shorter hold was a stray press."""
    if flow.phase is not FlowPhase.RESULT or r.control is not Control.SLOT5:
        return flow, []
    since = flow.holding[r.seat] if 0 <= r.seat < len(flow.holding) else None
    if since is None:
        return flow, []
    if now - since >= RESULT_HOLD_S - EPS:
        return _result_to_menu(flow, now)
    return result.hold(flow, r.seat, None), []


def _result_to_menu(flow: Flow, now: float) -> Step:
    """The result back to the join menu (its first page), the joined seats still joined;
    a match not yet decided is given up. Initials being entered go on being entered
    there."""
    return replace(
        flow,
        phase=FlowPhase.JOIN,
        since=now,
        ready=frozenset(),
        match=None,
        holding=(None,) * flow.seats,
        page=0,
        row=0,
        picked=None,
        asked=None,
    ), []


def _game_over(flow: Flow, g: GameOver, now: float) -> Step:
    if flow.phase is FlowPhase.ATTRACT or (flow.table_demo and flow.phase is FlowPhase.JOIN):
        return replace(flow, demo_over=now), []
    if flow.phase is not FlowPhase.PLAYING or flow.match is None:
        return flow, []
    joined = flow.joined - flow.taken  # a seat a bot had to take over has left
    flow = replace(
        flow,
        phase=FlowPhase.RESULT,
        since=now,
        last_press=now,
        match=record(flow.match, g),
        joined=joined,
        ready=frozenset(),
        taken=frozenset(),
        last_result=g,
        left=flow.taken,
        answered=now,
        holding=(None,) * flow.seats,
        asked=None,
        watch=replace(flow.watch, clip=None, on=None),  # this game's clip: once it is built
    )
    return flow, []  # nobody left (all taken over): the result still shows, then attract


def _tick(flow: Flow, now: float) -> Step:
    if flow.watch.on is not None:
        if not watch.over(flow.watch, now):
            return flow, []  # a replay on: nothing else is due under it
        flow = _replay_ended(flow, now)
    cfg = flow.config
    phase = flow.phase
    if phase is FlowPhase.ATTRACT:
        if flow.demo_over is not None and now - flow.demo_over >= DEMO_PAUSE_S - EPS:
            shown = watch.moment(flow.watch, flow.deals, now)  # a moment between demos
            return _demo(flow) if shown is None else (replace(flow, watch=shown), [])
        return flow, []
    if phase is FlowPhase.COUNTDOWN:
        if now - flow.since >= cfg.countdown_s - EPS:
            return _start_game(flow, now)
        return flow, []
    if now - flow.last_press >= cfg.idle_return_s - EPS:
        back, dealt = _attract(flow, now, deal=phase is not FlowPhase.JOIN)
        return back, [WentIdle(phase, float(cfg.idle_return_s)), *dealt]
    if phase is FlowPhase.RESULT and not flow.joined and now - flow.since >= RESULT_ALONE_S - EPS:
        return _attract(flow, now, deal=True)
    if phase is FlowPhase.RESULT and flow.joined:
        held = result.held_since(flow)
        if now - flow.answered >= RESULT_TIME_S - EPS or (
            held is not None and now - held >= RESULT_HOLD_S - EPS
        ):
            return _result_to_menu(flow, now)
    if (
        phase is FlowPhase.JOIN
        and flow.table_demo
        and flow.demo_over is not None
        and now - flow.demo_over >= DEMO_PAUSE_S - EPS
    ):
        return _demo(flow)
    if phase is FlowPhase.PLAYING and cfg.bot_takeover_s:
        effects: list[FlowEffect] = []
        taken = set(flow.taken)
        for seat in sorted(flow.joined - flow.taken):
            if now - flow.pressed[seat] >= cfg.bot_takeover_s - EPS:
                taken.add(seat)
                effects.append(TakeOver(seat, flow.difficulty))
        if effects:
            return replace(flow, taken=frozenset(taken)), effects
    return flow, []


def _start_game(flow: Flow, now: float) -> Step:
    deal = again.coming(flow)
    flow = again.to_play(flow)
    match = flow.match
    assert match is not None
    bots = tuple(SeatBot(s, again.bot_level(flow)) for s in flow.bot_seats())
    pressed = tuple(now if s in flow.joined else p for s, p in enumerate(flow.pressed))
    flow = replace(
        flow,
        phase=FlowPhase.PLAYING,
        since=now,
        last_press=now,
        ready=frozenset(),
        taken=frozenset(),
        pressed=pressed,
        demo_over=None,
        table_demo=False,
        editing=(None,) * flow.seats,
        options=(None,) * flow.seats,
    )
    names = tuple(SeatName(s, flow.names[s]) for s in sorted(flow.joined) if flow.names[s])
    chosen = options.chosen(flow)
    flow = again.dealing(flow, deal)
    start = StartGame(flow.game, deal.seed, bots, match, names, chosen, call=flow.call)
    return flow, [replace(start, turn=deal.turn, mark=deal.mark)]
