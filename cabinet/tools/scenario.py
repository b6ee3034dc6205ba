"""``speed-cabinet scenario``: play a scenario file headless and print the result (JSON).

Imports only the engine: outside checks run it many times, and a scenario needs no
cabinet (no gpiozero, no pygame).
"""

from __future__ import annotations

import json
import os
import sys

from engine.errors import EngineError
from engine.scenario import MAX_BYTES, ScenarioError, run_text


def play_scenario(path: str, *, compact: bool = False) -> int:
    """Exit 0 with the result, 2 for a malformed or unreadable file, 1 when the result cannot
    be written, 3 when the engine refuses to play on (see README: Replaying a scenario)."""
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
    try:
        result = run_text(data)
    except ScenarioError as exc:
        # One line, never a traceback: the message may quote input with newlines.
        print(f"speed-cabinet scenario: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except EngineError as exc:
        # Not the file's fault as such (it is well formed): the engine stopped a game that
        # would never end at one instant.
        print(f"speed-cabinet scenario: the engine refused to go on: {exc}", file=sys.stderr)
        return 3
    out = json.dumps(
        result, separators=(",", ":") if compact else None, indent=None if compact else 1
    )
    return _write_result(out + "\n")


def _write_result(text: str) -> int:
    """Write and flush the result; a closed, full or broken stdout exits 1 with one line."""
    try:
        if sys.stdout is None:  # started with fd 1 closed
            raise OSError("stdout is closed")
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError) as exc:
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
    return 0


__all__ = ["play_scenario"]
