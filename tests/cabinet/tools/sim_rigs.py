"""The sim command run in this process (for tests/cabinet/tools/test_sim_command.py and
test_sim_play.py)."""

from __future__ import annotations

import pytest

from cabinet.cli import build_parser


def run_sim(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``speed-cabinet sim ARGV`` through the real command line, in this process."""
    args = build_parser().parse_args(["sim", *argv])
    code = int(args.func(args))
    out, err = capsys.readouterr()
    return code, out, err
