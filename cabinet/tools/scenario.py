"""``speed-cabinet scenario``: play a scenario file headless and print the result (JSON).

Imports only the engine: outside checks run it many times, and a scenario needs no
cabinet (no gpiozero, no pygame).

The result streams (docs/scenario.md, "Output"): every check, the playing of the whole game
included, is done before the first byte goes out, then the final state's keys and the
events, last, as they happen. A game whose events fit ``KEEP_EVENTS`` is played once and its
events kept; a longer one is played a second time (the engine is deterministic)
and its events written as they come, so memory stays flat however long the game runs.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import fields
from json.encoder import encode_basestring_ascii
from typing import Any

from cabinet.errors import CabinetError
from engine.cards import Card
from engine.events import Event
from engine.scenario import MAX_BYTES, ScenarioError, loads, play_checked, summary

KEEP_EVENTS = 40_000
"""Events the first playing keeps (a few MB): a longer game is played again."""

WRITE_CHARS = 1 << 16
"""Output is written in pieces of about this many characters."""


class Unwritable(CabinetError):
    """The result cannot be written (stdout closed, full or gone)."""


def play_scenario(path: str, *, compact: bool = False) -> int:
    """Exit 0 with the result, 2 for a malformed or unreadable file, 1 when the result cannot
    be written (see README: Replaying a scenario)."""
    try:
        # At most one byte past the limit, so an endless stdin is malformed, not a hang.
        if path == "-":
            if sys.stdin is None:  # started with fd 0 closed
                raise OSError("stdin is closed")
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:
        print(f"speed-cabinet scenario: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    encode = EventText(compact)
    kept = Kept()
    try:
        scenario = loads(data)
        state = play_checked(scenario, kept)
    except ScenarioError as exc:
        # One line, never a traceback: the message may quote input with newlines.
        print(f"speed-cabinet scenario: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    head, tail = frame(summary(state), compact)
    try:
        out = Output()
        out.write(head)
        events = EventList(out, encode)
        if kept.events is not None:
            for event in kept.events:
                events.add(encode(event))
        else:
            # The second playing: the same events again, each written as it comes.
            play_checked(scenario, events)
        events.close()
        out.write(tail)
        out.flush()
    except Unwritable as exc:
        return _unwritable(exc)
    return 0


def frame(head: dict[str, Any], compact: bool) -> tuple[str, str]:
    """The output around its ``events`` list: the text before the list and after it.
    ``json.dumps`` writes both, so the bytes are the ones it writes for the whole object
    (``events`` being its last key), one line with ``compact``, else indented by one."""
    options: dict[str, Any] = {"separators": (",", ":")} if compact else {"indent": 1}
    text = json.dumps({**head, "events": []}, **options)
    tail = "}\n" if compact else "\n}\n"
    return text[: -len(tail) - 1], tail


class EventText:
    """One event as ``json.dumps`` writes its ``to_dict()`` inside the output's ``events``
    list: compact, or indented one space a level (an event sits at level 2). Written
    straight from the event's fields (the fields ``to_dict`` writes, in its order), several
    times faster than ``to_dict`` and ``json.dumps``; an event with a field of any other
    kind (a list) goes through ``json.dumps`` itself."""

    def __init__(self, compact: bool) -> None:
        self.compact = compact
        self.opening = '{"t":' if compact else '  {\n   "t": '
        self.between, self.colon = (",", ":") if compact else (",\n   ", ": ")
        self.closing = "}" if compact else "\n  }"
        self.plans: dict[type, tuple[str, tuple[tuple[str, str], ...]]] = {}

    def __call__(self, event: Event) -> str:
        plan = self.plans.get(type(event))
        if plan is None:
            plan = self.plans[type(event)] = self.plan(event)
        kind, fields = plan
        t = event.t
        if type(t) is not int:
            return self.dumps(event.to_dict())
        parts = [self.opening, int.__repr__(t), kind]
        for name, key in fields:
            value = getattr(event, name)
            if value is None:
                continue  # to_dict leaves an absent field out
            if type(value) is int:
                text = int.__repr__(value)
            elif type(value) is Card:
                text = encode_basestring_ascii(value.code)
            elif isinstance(value, str):  # a StrEnum writes its value
                text = encode_basestring_ascii(str(value))
            elif type(value) is bool:
                text = "true" if value else "false"
            else:
                return self.dumps(event.to_dict())
            parts += (key, text)
        parts.append(self.closing)
        return "".join(parts)

    def plan(self, event: Event) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The text of the event class's ``type`` and its written fields, each with its
        key's text (``to_dict``'s fields: all but ``t`` and those marked ``json=False``)."""
        kind = self.between + '"type"' + self.colon + encode_basestring_ascii(event.type)
        names = [f.name for f in fields(event) if f.name != "t" and f.metadata.get("json", True)]
        return kind, tuple(
            (name, self.between + encode_basestring_ascii(name) + self.colon) for name in names
        )

    def dumps(self, fields: dict[str, Any]) -> str:
        if self.compact:
            return json.dumps(fields, separators=(",", ":"))
        return "  " + json.dumps(fields, indent=1).replace("\n", "\n  ")


class Kept:
    """The first playing's events, until there are more than ``KEEP_EVENTS``; then none
    (``events`` None): the game is played again to write them."""

    def __init__(self) -> None:
        self.events: list[Event] | None = []

    def __call__(self, event: Event) -> None:
        if self.events is None:
            return
        self.events.append(event)
        if len(self.events) > KEEP_EVENTS:
            self.events = None


class EventList:
    """The ``events`` list as ``json.dumps`` lays it out: its opening, the separators
    between the events, its closing; ``[]`` when empty."""

    def __init__(self, out: Output, encode: EventText) -> None:
        self.out, self.encode, self.count = out, encode, 0
        self.separator, self.comma, self.closing = (
            ("[", ",", "]") if encode.compact else ("[\n", ",\n", "\n ]")
        )

    def add(self, text: str) -> None:
        self.out.write(self.separator + text)
        self.separator = self.comma
        self.count += 1

    def __call__(self, event: Event) -> None:
        """Write ``event`` (as the second playing hands it over)."""
        self.add(self.encode(event))

    def close(self) -> None:
        self.out.write(self.closing if self.count else "[]")


class Output:
    """stdout, written in pieces of about ``WRITE_CHARS``."""

    def __init__(self) -> None:
        self.pending: list[str] = []
        self.chars = 0

    def write(self, text: str) -> None:
        self.pending.append(text)
        self.chars += len(text)
        if self.chars >= WRITE_CHARS:
            self.flush()

    def flush(self) -> None:
        text = "".join(self.pending)
        self.pending, self.chars = [], 0
        try:
            if sys.stdout is None:  # started with fd 1 closed
                raise OSError("stdout is closed")
            sys.stdout.write(text)
            sys.stdout.flush()
        except (OSError, ValueError) as exc:
            raise Unwritable(exc) from None


def _unwritable(exc: Unwritable) -> int:
    """One line for output that cannot be written; exit 1."""
    print(f"speed-cabinet scenario: cannot write the result: {exc}", file=sys.stderr)
    # What is still buffered would fail again in the interpreter's flush at exit (a
    # second message, exit 120): point stdout at /dev/null first.
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
    return 1


__all__ = ["play_scenario"]
