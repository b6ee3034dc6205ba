"""Golden tests: the contract's worked examples are collected only where they exist.

``../shared/contracts/examples`` sits beside a working checkout, not inside the repository;
a plain clone has the repository's own golden scenarios and none of the examples.
"""

from __future__ import annotations

from tests.golden.golden import EXAMPLES

collect_ignore = [] if EXAMPLES.is_dir() else ["test_contract_examples.py"]
