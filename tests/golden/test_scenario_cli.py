"""The scenario command's own faults, through real subprocesses: what it reads (a closed
stdin, an endless or oversized file) and what it writes to (a closed, full or broken
stdout). The contract: unreadable or malformed is exit 2 and one line on stderr, nothing on
stdout; output that cannot be written is exit 1 and one line on stderr; never a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import IO, Any

from engine.scenario import MAX_BYTES
from tests.golden.golden import HERE, REPO, assert_malformed_result

SCENARIO = HERE / "speed" / "01-plays-both-piles-refill.json"
COMMAND = [sys.executable, "-m", "cabinet.cli", "scenario"]


def _run(
    args: list[str],
    stdin: int | IO[Any] = subprocess.DEVNULL,
    stdout: int | IO[Any] = subprocess.PIPE,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        cwd=REPO,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        timeout=120,
    )


def _shell(redirect: str) -> subprocess.CompletedProcess[str]:
    """The command under sh with REDIRECT (e.g. ``<&-``), as a user's shell runs it."""
    line = " ".join(f"'{part}'" for part in COMMAND)
    return subprocess.run(
        ["sh", "-c", f"exec {line} {redirect}"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def _one_line(stderr: str) -> str:
    lines = stderr.rstrip("\n").split("\n")
    assert len(lines) == 1, f"expected one stderr line: {stderr!r}"
    assert lines[0].strip()
    assert "Traceback" not in stderr
    assert "Exception ignored" not in stderr
    return lines[0]


# Reading.


def test_closed_stdin_is_unreadable_exit_2() -> None:
    result = _shell("- <&-")
    assert_malformed_result(result)
    assert "stdin is closed" in result.stderr


def test_endless_stdin_is_malformed_after_64_mib_not_a_hang() -> None:
    # /dev/zero never ends: the command reads one byte past the limit and stops.
    with open("/dev/zero", "rb") as zero:
        result = _run(["-"], stdin=zero)
    assert_malformed_result(result)
    assert "64 MiB" in result.stderr


def test_endless_file_is_malformed_after_64_mib() -> None:
    result = _run(["/dev/zero"])
    assert_malformed_result(result)
    assert "64 MiB" in result.stderr


def test_file_one_byte_over_64_mib_is_malformed_and_at_64_mib_plays(tmp_path: Path) -> None:
    text = SCENARIO.read_bytes().rstrip()
    at_limit = tmp_path / "at.json"
    at_limit.write_bytes(text + b" " * (MAX_BYTES - len(text)))
    over = tmp_path / "over.json"
    over.write_bytes(text + b" " * (MAX_BYTES + 1 - len(text)))
    played = _run(["--compact", str(at_limit)])
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("{")
    result = _run([str(over)])
    assert_malformed_result(result)
    assert "64 MiB" in result.stderr


# Writing.


def _assert_unwritable(result: subprocess.CompletedProcess[str], what: str) -> None:
    assert result.returncode == 1, f"exit {result.returncode}, stderr: {result.stderr!r}"
    assert what in _one_line(result.stderr)


def test_closed_stdout_exits_1_with_one_line() -> None:
    _assert_unwritable(_shell(f"'{SCENARIO}' >&-"), "stdout is closed")


def test_full_stdout_exits_1_with_one_line() -> None:
    # The interpreter's own flush at exit must not fail a second time (exit 120).
    with open("/dev/full", "w") as full:
        result = _run([str(SCENARIO)], stdout=full)
    _assert_unwritable(result, "No space left on device")


def test_broken_pipe_on_stdout_exits_1_with_one_line() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: every write fails with EPIPE
    try:
        result = _run([str(SCENARIO)], stdout=write_end)
    finally:
        os.close(write_end)
    _assert_unwritable(result, "Broken pipe")


# No exit 3 (issue 25): a well-formed scenario whose timers keep falling due at one instant
# plays on until what it names decides it.


def test_a_california_redealing_at_one_instant_to_its_round_limit_exits_0() -> None:
    # stall_delay_ms 0, round_limit 10001, no cover ever possible: 10,000 re-deals at t = 0
    # (exit 3 before, "more than 10000 timers fired at t = 0"), then the round limit
    # decides it on cards: 22 each, a draw.
    result = _run(["--compact", str(HERE / "stress" / "california-no-cover-round-limit.json")])
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = json.loads(result.stdout)
    assert (out["over"], out["winner"], out["phase"], out["t"]) == (True, None, "tied", 0)
    assert out["round"] == 10001
    assert [p["cards"] for p in out["players"]] == [22, 22]
    types = Counter(e["type"] for e in out["events"])
    assert types == {"stalled": 10001, "redealt": 10000, "tied": 1}
