"""The panel firmware's logic on the host, against stand-ins for machine/rp2/utime."""

from __future__ import annotations

from typing import Any

from firmware_bridge import protocol as P
from firmware_bridge.firmware.panel import EdgeRing, TxQueue

Pico = tuple[Any, Any, Any]


def step(fw: Any, panel: Any, n: int = 1) -> None:
    fw.main.run(panel, iterations=n)


def host_sends(usb: Any, *messages: P.Message) -> None:
    for i, m in enumerate(messages):
        usb.incoming.extend(P.encode(m, i))


def test_main_disables_ctrl_c_before_running(firmware: Any, monkeypatch: Any) -> None:
    ran: list[Any] = []
    monkeypatch.setattr(firmware.main, "run", lambda panel: ran.append(panel))
    monkeypatch.setattr(firmware.main, "build", lambda: "panel")
    firmware.main.main()
    assert firmware.micropython.kbd_intr_calls == [-1]
    assert ran == ["panel"]


def test_slot1_and_slot5_held_at_power_up_keep_the_repl(firmware: Any, monkeypatch: Any) -> None:
    ran: list[Any] = []
    monkeypatch.setattr(firmware.main, "run", lambda panel: ran.append(panel))
    monkeypatch.setattr(firmware.main, "build", lambda: "panel")
    pin_cls = firmware.machine.Pin
    held = {firmware.config.SEATS[0][1]["slot1"], firmware.config.SEATS[0][1]["slot5"]}

    class Held(pin_cls):  # type: ignore[misc,valid-type]
        def value(self, v: int | None = None) -> int:
            return 0 if self.n in held else 1

    monkeypatch.setattr(firmware.main, "Pin", Held)
    firmware.main.main()
    assert firmware.micropython.kbd_intr_calls == []
    assert ran == []


def test_build_arms_hard_irqs_on_both_edges_with_pull_ups(pico: Pico) -> None:
    fw, panel, _usb = pico
    pins = [fw.machine.pins[g] for _seat, table in fw.config.SEATS for g in table.values()]
    assert len(pins) == 16
    for pin in pins:
        assert pin.handler is not None
        assert pin.hard
        assert pin.trigger == pin.IRQ_FALLING | pin.IRQ_RISING
        assert pin.level == 1  # pulled up: released reads 1
    assert panel.seats == ((0, P.BUTTONS), (1, P.BUTTONS))


def test_press_is_stamped_in_the_irq_and_sent_as_an_edge(pico: Pico) -> None:
    fw, panel, usb = pico
    slam = fw.machine.pins[fw.config.SEATS[0][1]["slam"]]
    stamp = fw.clock.ticks_us()
    slam.drive(0)  # active low: pressed
    fw.clock.us += 700  # the loop runs later; the stamp is the IRQ's
    step(fw, panel)
    assert usb.messages() == [P.Edge(0, "slam", True, stamp)]


def test_bounce_gives_one_press_at_the_first_edge_and_a_late_release(pico: Pico) -> None:
    fw, panel, usb = pico
    pin = fw.machine.pins[fw.config.SEATS[1][1]["left"]]
    first = fw.clock.ticks_us()
    for level in (0, 1, 0, 1, 0):  # chatter over 1.2 ms, ending pressed
        pin.drive(level)
        fw.clock.us += 300
    step(fw, panel)
    assert usb.messages() == [P.Edge(1, "left", True, first)]
    # A tap shorter than the 5 ms window: the release is caught up when the window ends.
    pin.drive(1)
    release = fw.clock.ticks_us()
    step(fw, panel)
    assert usb.messages() == []
    fw.clock.us += 5000
    step(fw, panel)
    assert usb.messages() == [P.Edge(1, "left", False, release)]


def test_hello_ping_and_errors(pico: Pico) -> None:
    fw, panel, usb = pico
    host_sends(usb, P.HelloRequest(), P.Ping(42))
    step(fw, panel)
    hello, errors, pong, *rest = usb.messages()
    assert hello == P.Hello(1, (1, 1, 0), fw.config.PANEL_ID, ((0, P.BUTTONS), (1, P.BUTTONS)))
    assert errors == P.Errors((0, 0, 0, 0, 0, 0))
    assert pong == P.Pong(42, fw.clock.ticks_us())
    assert rest == []
    # A corrupt frame from the host is counted and reported with the next heartbeat.
    bad = bytearray(P.encode(P.Ping(1), 2))
    bad[3] ^= 0x10
    usb.incoming.extend(bytes(bad) + P.encode(P.Ping(7), 3))
    step(fw, panel)
    assert usb.messages() == [P.Pong(7, fw.clock.ticks_us()), P.Errors((1, 0, 0, 1, 0, 0))]


def test_leds_drive_pwm_pins_and_the_ws2812_strip(pico: Pico) -> None:
    fw, panel, usb = pico
    levels = (255, 0, 128, 0, 0, 255, 0, 64)
    host_sends(usb, P.Leds(((0, levels),)))
    step(fw, panel)
    pwm = fw.machine.pwms
    assert pwm[20].duty == 65535  # left
    assert pwm[21].duty == 0  # right
    assert pwm[22].duty == 64 * 257  # slam
    dma = panel.strip.dma
    assert len(dma.transfers) == 1
    sent = dma.transfers[0]
    assert sent["count"] == fw.config.WS2812_COUNT
    assert sent["write"] == 0x50200010  # PIO0 TX FIFO 0
    # slot1 at full white, slot3 at half: GRB << 8.
    assert sent["data"][0] == (255 << 16 | 255 << 8 | 255) << 8
    assert sent["data"][2] == (128 << 16 | 128 << 8 | 128) << 8
    assert sent["data"][1] == 0


def test_a_busy_usb_port_never_blocks_the_scan(pico: Pico) -> None:
    fw, panel, usb = pico
    usb.room = 0  # the host stopped reading
    pin = fw.machine.pins[fw.config.SEATS[0][1]["slot1"]]
    stamps = []
    for _ in range(3):
        stamps.append(fw.clock.ticks_us())
        pin.drive(0)
        fw.clock.us += 6000
        step(fw, panel)
        pin.drive(1)
        fw.clock.us += 6000
        step(fw, panel)
    assert usb.out == b""
    assert len(panel.tx) == 6  # queued, not lost, and the loop kept going
    usb.room = 1 << 20
    step(fw, panel)
    got = usb.messages()
    assert [m.t_us for m in got if m.pressed] == stamps


def test_tx_queue_drops_and_counts_when_full() -> None:
    q = TxQueue(4)
    assert all(q.push(bytes([i])) for i in range(3))
    assert not q.push(b"x")
    assert q.dropped == 1
    taken: list[bytes] = []

    def take(d: bytes) -> int:
        taken.append(d)
        return len(d)

    q.pump(take)
    assert taken == [b"\x00", b"\x01", b"\x02"]


def test_tx_queue_resumes_a_partly_written_frame() -> None:
    q = TxQueue(4)
    q.push(b"abcdef")
    out = bytearray()

    def two(d: bytes) -> int:
        out.extend(d[:2])
        return 2

    q.pump(lambda d: 0)
    for _ in range(3):  # one packet per loop turn while the port is only partly free
        q.pump(two)
    assert bytes(out) == b"abcdef"
    assert len(q) == 0


def test_edge_ring_overflow_is_counted_not_blocking() -> None:
    ring = EdgeRing(4)
    for i in range(6):
        ring.put(i, 0, 1)
    assert ring.idx[2] == 3
    assert [ring.pop(), ring.pop(), ring.pop(), ring.pop()] == [
        (0, 0, 1),
        (1, 0, 1),
        (2, 0, 1),
        None,
    ]


def test_irq_handler_allocates_nothing_new_per_edge(pico: Pico) -> None:
    """The handler writes into the preallocated arrays only (what a hard IRQ may do)."""
    fw, panel, _usb = pico
    ring = panel.ring
    arrays = (id(ring.t), id(ring.k), id(ring.level), id(ring.idx))
    pin = fw.machine.pins[fw.config.SEATS[0][1]["right"]]
    pin.drive(0)
    pin.drive(1)
    assert (id(ring.t), id(ring.k), id(ring.level), id(ring.idx)) == arrays
    assert ring.idx[0] == 2


def test_loop_idles_when_nothing_is_due(pico: Pico) -> None:
    fw, panel, _usb = pico
    step(fw, panel, 3)
    assert fw.machine.idles == 3


def test_leds_go_dark_a_second_after_the_host_falls_silent(pico: Pico) -> None:
    """A host killed with SIGKILL says nothing more: the panel darkens by itself (issue 13,
    item 3). Any valid frame (the 50 ms heartbeat) keeps the LEDs as they are."""
    fw, panel, usb = pico
    lit = (255, 0, 128, 0, 0, 255, 0, 64)
    host_sends(usb, P.Leds(((0, lit), (1, (9,) * 8))))
    step(fw, panel)
    pwm = fw.machine.pwms
    assert pwm[20].duty == 65535  # seat 0's LEFT
    fw.clock.us += 900_000
    host_sends(usb, P.Ping(1))  # the host is alive: the second counts from here
    step(fw, panel)
    fw.clock.us += 999_000
    step(fw, panel)
    assert pwm[20].duty == 65535
    assert panel.leds[0] == lit
    fw.clock.us += 1_000
    step(fw, panel)
    assert (pwm[20].duty, pwm[22].duty) == (0, 0)
    assert panel.leds == {0: (0,) * 8, 1: (0,) * 8}
    assert panel.strip.dma.transfers[-1]["data"] == [0] * fw.config.WS2812_COUNT
    assert panel.darkened == 1
    fw.clock.us += 5_000_000
    step(fw, panel)
    assert panel.darkened == 1  # dark once, not again and again
    host_sends(usb, P.Leds(((0, lit),)))  # the cabinet is back: its state shows again
    step(fw, panel)
    assert pwm[20].duty == 65535


def test_a_timer_wakes_the_idle_loop_for_the_silence_check(pico: Pico) -> None:
    fw, _panel, _usb = pico
    (timer,) = fw.machine.timers
    assert timer.mode == timer.PERIODIC
    assert 0 < timer.period <= 100  # ms: the LEDs go dark within 1.1 s of the last frame
    timer.fire()  # its callback does nothing but must run in an interrupt
