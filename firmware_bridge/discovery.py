"""Finding a panel's port: a device path (or pyserial URL) as configured, or by USB ids.

Several panels on one host are told apart by their USB serial number; ``find_port`` is
asked again at every reconnect, so a panel that enumerates under another ``ttyACM`` name
after a replug is still found.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from serial.tools import list_ports

PICO_VID = 0x2E8A
"""Raspberry Pi's USB vendor id; MicroPython on a Pico enumerates as 2e8a:0005."""
MICROPYTHON_PID = 0x0005


class PortSpec(Protocol):
    """Where a panel is: a ``path``, or else USB ids (``cabinet.config.SerialPort``)."""

    @property
    def path(self) -> str | None: ...
    @property
    def vid(self) -> int | None: ...
    @property
    def pid(self) -> int | None: ...
    @property
    def serial_number(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class PanelMatch:
    """Find a panel by USB ids (and serial number, when several panels are fitted)."""

    vid: int = PICO_VID
    pid: int = MICROPYTHON_PID
    serial_number: str | None = None

    @property
    def path(self) -> None:
        """A match is by ids only (so it is a ``PortSpec`` without a path)."""
        return None


class ComPort(Protocol):
    """What ``find_port`` reads of one of pyserial's ``ListPortInfo``."""

    @property
    def device(self) -> str: ...
    @property
    def vid(self) -> int | None: ...
    @property
    def pid(self) -> int | None: ...
    @property
    def serial_number(self) -> str | None: ...


Comports = Callable[[], Sequence[ComPort]]
"""Lists the host's serial ports (pyserial's ``list_ports.comports``; tests pass a fake)."""


def comports() -> Sequence[ComPort]:
    ports: Sequence[ComPort] = list_ports.comports()
    return ports


def describe(spec: str | PortSpec) -> str:
    """A port for a log line: the path, or the USB ids it is looked for by."""
    if isinstance(spec, str):
        return spec
    if spec.path:
        return spec.path
    ids = f"usb {spec.vid or 0:04x}:{spec.pid or 0:04x}"
    return f"{ids} serial {spec.serial_number}" if spec.serial_number else ids


def find_port(spec: str | PortSpec, ports: Comports = comports) -> str | None:
    """The device path for ``spec``: a path (or pyserial URL) as given if it exists; else
    the first port (by device name) whose USB vid, pid and, if given, serial number match.
    """
    if isinstance(spec, str):
        return _existing(spec)
    if spec.path:
        return _existing(spec.path)
    number = spec.serial_number
    found = sorted(
        p.device
        for p in ports()
        if p.vid == spec.vid and p.pid == spec.pid and (number is None or p.serial_number == number)
    )
    return found[0] if found else None


def _existing(path: str) -> str | None:
    return path if "://" in path or os.path.exists(path) else None
