"""Scenario files (docs/scenario.md): parse, check, play, report.

Pure: text or decoded JSON in, a result dict out. Reading the file and the exit codes
belong to the command line (``cabinet/cli.py``). Every fault raises ScenarioError with a
one-line message naming it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine import game
from engine.cards import InvalidCard, normalize_code
from engine.commands import SLOTS, Command, Cover, Move, Pause, Play, Resume, Slam, Slap, Tick
from engine.errors import EngineTypeError, InvalidPosition
from engine.events import Event
from engine.games import GAMES, rules_for
from engine.rules import Game, Rules, RulesError
from engine.scenario_io import ScenarioError

__all__ = ["ScenarioError"]


TOP_KEYS = {"rules", "table", "seed", "inputs", "until"}

# Every action and the keys it may carry (besides t and player).
ACTIONS: dict[str, frozenset[str]] = {
    "play": frozenset({"play", "to"}),
    "slam": frozenset({"slam"}),
    "pause": frozenset({"pause"}),
    "resume": frozenset({"resume"}),
    "move": frozenset({"move", "slot"}),
    "slap": frozenset({"slap"}),
    "cover": frozenset({"cover"}),
}
GAME_ACTIONS: dict[Game, frozenset[str]] = {g: rules.actions for g, rules in GAMES.items()}
INPUT_KEYS = frozenset({"t", "player"}).union(*ACTIONS.values())
SUPPORTED = set(GAMES)


@dataclass(frozen=True, slots=True)
class Scenario:
    rules: Rules
    seed: int
    table: game.Table | None
    inputs: tuple[Command, ...]
    until: int | None


MAX_BYTES = 64 * 1024 * 1024
"""A scenario file over 64 MiB is malformed: a reader takes at most one byte more."""

INT_MIN, INT_MAX = -(2**63), 2**63 - 1
"""Every number in a scenario fits a signed 64-bit integer (else malformed)."""

_OUT_OF_RANGE = "a number outside the signed 64-bit range"


def loads(text: str | bytes) -> Scenario:
    """Parse scenario text (JSON; bytes are UTF-8) into a checked Scenario."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise ScenarioError(f"the file is over 64 MiB ({MAX_BYTES} bytes)")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ScenarioError(f"not UTF-8 text: {exc}") from None
    try:
        data = json.loads(text, parse_int=_parse_int)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"not JSON: {exc}") from None
    except RecursionError:
        raise ScenarioError("not JSON: nested too deeply") from None
    return parse(data)


def _parse_int(digits: str) -> int:
    """JSON integers: past 19 digits a number is out of range, and ``int`` itself refuses
    more than 4,300 digits (a ValueError deep in the decoder): say so before it tries."""
    if len(digits.lstrip("-")) > 19:
        shown = digits if len(digits) <= 24 else f"{digits[:24]}... ({len(digits)} characters)"
        raise ScenarioError(f"{_OUT_OF_RANGE}: {shown}")
    return int(digits)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_values(data: object) -> None:
    """The checks that hold anywhere in the file: no key is null, every integer fits 64
    bits. A loop, not recursion: the decoder nests deeper than Python's stack."""
    todo: list[tuple[str, object]] = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                path = f"{where}.{key}" if where else str(key)
                if item is None:
                    raise ScenarioError(f"key {path!r} is null; leave an optional key out instead")
                todo.append((path, item))
        elif isinstance(value, list):
            todo.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
        elif _is_int(value) and not INT_MIN <= value <= INT_MAX:  # type: ignore[operator]
            raise ScenarioError(f"{where or 'the file'}: {_OUT_OF_RANGE}")


def parse(data: object) -> Scenario:
    """Check decoded scenario JSON against the contract and build a Scenario."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    _check_values(data)
    for key in data:
        if key not in TOP_KEYS:
            known = ", ".join(sorted(TOP_KEYS))
            raise ScenarioError(f"unknown key {key!r}; a scenario has {known}")
    if "rules" not in data:
        raise ScenarioError("missing 'rules'")
    raw_rules = data["rules"]
    if not isinstance(raw_rules, dict) or "game" not in raw_rules:
        raise ScenarioError("'rules' must be an object with a 'game'")
    try:
        rules = Rules.from_options(raw_rules)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None
    if rules.call_timeout_ms < 1:
        # The contract's floor, checked here: Rules itself takes 0 (engine tests build it).
        raise ScenarioError(
            f"rules option 'call_timeout_ms': {rules.call_timeout_ms} must be an integer >= 1"
            " (a 0 ms call makes every claim impossible)"
        )
    if rules.game not in SUPPORTED:
        raise ScenarioError(f"game {str(rules.game)!r} is not yet supported")
    seed = data.get("seed", 0)
    if not _is_int(seed):
        raise ScenarioError(f"'seed' must be an integer, got {seed!r}")
    inputs = _parse_inputs(data.get("inputs", []), rules)
    until = data.get("until")
    if until is not None:
        if not _is_int(until):
            raise ScenarioError(f"'until' must be an integer, got {until!r}")
        last = inputs[-1].t if inputs else 0
        if until < last:
            raise ScenarioError(f"'until' {until} is before the last input at t = {last}")
    table = _parse_table(data["table"], rules) if "table" in data else None
    return Scenario(rules, seed, table, inputs, until)


def _parse_inputs(raw: object, rules: Rules) -> tuple[Command, ...]:
    if not isinstance(raw, list):
        raise ScenarioError("'inputs' must be a list")
    out: list[Command] = []
    last = 0
    for n, item in enumerate(raw):
        where = f"input {n}"
        if not isinstance(item, dict):
            raise ScenarioError(f"{where}: an input is an object")
        for key in item:
            if key not in INPUT_KEYS:
                raise ScenarioError(f"{where}: unknown key {key!r}")
        actions = [a for a in ACTIONS if a in item]
        if len(actions) != 1:
            what = "no action" if not actions else f"several actions ({', '.join(actions)})"
            raise ScenarioError(f"{where}: {what}; give exactly one of {', '.join(ACTIONS)}")
        action = actions[0]
        for key in item:
            if key not in ("t", "player") and key not in ACTIONS[action]:
                raise ScenarioError(f"{where}: key {key!r} does not belong to a {action!r}")
        if action not in GAME_ACTIONS[rules.game]:
            raise ScenarioError(f"{where}: {action!r} is not an action of {rules.game}")
        for key in ("t", "player"):
            if key not in item:
                raise ScenarioError(f"{where}: missing {key!r}")
        t, player = item["t"], item["player"]
        if not _is_int(t):
            raise ScenarioError(f"{where}: 't' must be an integer, got {t!r}")
        if t < 0:
            raise ScenarioError(f"{where}: 't' must not be negative")
        if t < last:
            raise ScenarioError(f"{where}: 't' goes backwards ({t} after {last})")
        last = t
        if not _is_int(player) or not 0 <= player < rules.players:
            raise ScenarioError(f"{where}: player {player!r} out of range 0-{rules.players - 1}")
        out.append(_parse_action(where, action, item, t, player, rules))
    return tuple(out)


def _parse_action(
    where: str, action: str, item: dict[str, Any], t: int, player: int, rules: Rules
) -> Command:
    if action in ("slam", "pause", "resume"):
        if item[action] is not True:
            raise ScenarioError(f"{where}: {action!r} must be true")
        if action == "slam":
            return Slam(t, player)
        return Pause(t, player) if action == "pause" else Resume(t, player)
    if action == "play":
        if "to" not in item:
            raise ScenarioError(f"{where}: a play needs 'to'")
        to = item["to"]
        piles = rules_for(rules.game).centre_piles(rules)
        if not _is_int(to) or not 0 <= to < piles:
            raise ScenarioError(f"{where}: pile {to!r} out of range 0-{piles - 1}")
        return Play(t, player, _code(where, item["play"]), to)
    if action == "move":
        slot = item.get("slot")  # never null here: _check_values refused it
        if slot is not None and (not _is_int(slot) or not 1 <= slot <= SLOTS):
            raise ScenarioError(f"{where}: slot {slot!r} out of range 1-{SLOTS}")
        return Move(t, player, _code(where, item["move"]), slot)
    if action == "slap":
        pile = item["slap"]
        if not _is_int(pile) or not 0 <= pile < 2:
            raise ScenarioError(f"{where}: pile {pile!r} out of range 0-1")
        return Slap(t, player, pile)
    if action == "cover":
        return Cover(t, player, _code(where, item["cover"]))
    raise ScenarioError(f"{where}: {action!r} is not an action")


def _code(where: str, raw: object) -> str:
    try:
        return normalize_code(raw)
    except InvalidCard as exc:
        raise ScenarioError(f"{where}: {exc}") from None


TABLE_KEYS: dict[Game, tuple[str, ...]] = {g: rules.table_keys for g, rules in GAMES.items()}


def _parse_table(raw: object, rules: Rules) -> game.Table:
    if not isinstance(raw, dict):
        raise ScenarioError("'table' must be an object")
    keys = TABLE_KEYS[rules.game]
    for key in raw:
        if key not in keys:
            raise ScenarioError(f"table: unknown key {key!r}; {rules.game} has {', '.join(keys)}")
    return rules_for(rules.game).read_table(raw, rules)


SLICE_FIRES = 256
"""Timers one step may fire while the scenario runs the clock on (``Tick.fires``): a long
run of them, at one instant or between two inputs, comes out a slice of events at a time,
so a reader holds one slice, never the whole game's events (docs/scenario.md, "Output")."""


def play(scenario: Scenario, on_event: Callable[[Event], None] | None = None) -> game.GameState:
    """Play a scenario to its end; every event goes to ``on_event`` as it happens, and
    nothing here keeps them: memory stays flat however long the game runs."""
    emit = on_event or _ignore
    rng = random.Random(scenario.seed)
    if scenario.table is None:
        state, events = game.new_game(scenario.rules, rng, scenario.seed)
    else:
        state, events = game.start_table(scenario.rules, scenario.table, rng, scenario.seed)
    _emit_all(events, emit)
    if _due_by(state, 0):
        # A start stops after a slice of timers (``engine.work.OPENING_FIRES``).
        state = run_clock(state, 0, emit)
    for cmd in scenario.inputs:
        if _due_by(state, cmd.t):
            # The timers due before the input fire first (as the input's own step would
            # fire them), a slice at a time.
            state = run_clock(state, cmd.t, emit)
        state, events = game.step(state, cmd)
        _emit_all(events, emit)
    if scenario.until is not None:
        state = run_clock(state, scenario.until, emit)
    return state


def run_clock(state: game.GameState, t: int, on_event: Callable[[Event], None]) -> game.GameState:
    """``Tick(t)`` in slices of ``SLICE_FIRES`` timers: the same state and events, handed
    to ``on_event`` a slice at a time."""
    while True:
        state, events = game.step(state, Tick(t, SLICE_FIRES))
        _emit_all(events, on_event)
        if not _due_by(state, t):
            return state


def _due_by(state: game.GameState, t: int) -> bool:
    """Would a Tick(t) still fire a timer?"""
    if state.phase.is_over or state.paused_at is not None:
        return False
    return any(tm.due <= t for tm in state.timers)


def _ignore(event: Event) -> None:
    pass


def _emit_all(events: list[Event], emit: Callable[[Event], None]) -> None:
    for event in events:
        emit(event)


def summary(state: game.GameState) -> dict[str, Any]:
    """The contract's output object but its ``events`` (plus a few extra keys): what the
    final state says, so a writer can put it first and stream the events after it."""
    rules = rules_for(state.rules.game)
    own = rules.report(state)
    out: dict[str, Any] = {
        "over": state.is_over,
        "winner": state.winner,
        "center": own["center"],
        "center_sizes": own["center_sizes"],
        "players": own["players"],
        "cards_total": rules.cards_total(state),
        "phase": state.phase.value,
        "t": state.now,
        "paused": state.paused,
    }
    # The game's own extra keys: its round and scores, and the zones the contract's keys
    # leave out (Speed's side piles, the burned cards), so that every zone shown adds up
    # to ``cards_total``.
    out.update((key, value) for key, value in own.items() if key not in out)
    return out


def report(state: game.GameState, events: list[Event]) -> dict[str, Any]:
    """The contract's output object (plus a few extra keys), ``events`` last."""
    out = summary(state)
    out["events"] = [e.to_dict() for e in events]
    return out


def run(scenario: Scenario) -> dict[str, Any]:
    """Play a checked scenario; the contract's output as a dict (every event kept: the
    command line streams them instead)."""
    events: list[Event] = []
    state = play_checked(scenario, events.append)
    return report(state, events)


def play_checked(
    scenario: Scenario, on_event: Callable[[Event], None] | None = None
) -> game.GameState:
    """``play``, with a table the game cannot start from as a ScenarioError."""
    try:
        return play(scenario, on_event)
    except InvalidPosition as exc:
        raise ScenarioError(f"table: {exc}") from None


def run_scenario(data: object) -> dict[str, Any]:
    """Check and play decoded scenario JSON."""
    return run(parse(data))


def run_text(text: str | bytes) -> dict[str, Any]:
    """Check and play scenario text (bytes: UTF-8)."""
    return run(loads(text))


def command_to_input(cmd: Command) -> dict[str, Any]:
    """One command as a scenario input."""
    match cmd:
        case Play():
            return {"t": cmd.t, "player": cmd.player, "play": cmd.card, "to": cmd.to}
        case Slam():
            return {"t": cmd.t, "player": cmd.player, "slam": True}
        case Pause():
            return {"t": cmd.t, "player": cmd.player, "pause": True}
        case Resume():
            return {"t": cmd.t, "player": cmd.player, "resume": True}
        case Move():
            out: dict[str, Any] = {"t": cmd.t, "player": cmd.player, "move": cmd.card}
            if cmd.slot is not None:
                out["slot"] = cmd.slot
            return out
        case Slap():
            return {"t": cmd.t, "player": cmd.player, "slap": cmd.pile}
        case Cover():
            return {"t": cmd.t, "player": cmd.player, "cover": cmd.card}
    raise EngineTypeError(f"{cmd!r} is not a scenario input")


def table_to_json(table: game.Table, game_of: Game | None = None) -> dict[str, Any]:
    """A table in the scenario format (the game whose table type it is, unless given)."""
    if game_of is None:
        game_of = next(g for g, rules in GAMES.items() if isinstance(table, rules.table_type))
    return rules_for(game_of).table_json(table)


def record(
    rules: Rules,
    table: game.Table,
    seed: int,
    commands: Iterable[Command],
    until: int | None = None,
) -> dict[str, Any]:
    """A scenario that replays a game: its rules, the table at t = 0, its inputs.

    Ticks are not inputs: the clock they carry is kept as ``until`` when given.
    """
    data: dict[str, Any] = {
        "rules": rules.options(),
        "table": table_to_json(table, rules.game),
        "seed": seed,
        "inputs": [command_to_input(c) for c in commands if not isinstance(c, Tick)],
    }
    if until is not None:
        data["until"] = until
    return data
