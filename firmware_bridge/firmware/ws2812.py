"""WS2812 ("NeoPixel") strip through a PIO state machine, fed by DMA: the CPU only starts
a transfer, so a strip update never holds up the button scan. Timing: 800 kHz, 24 bits
(GRB) per pixel, 30 us per pixel, then a >= 50 us low latch.

The PIO program is the Raspberry Pi pico-micropython-examples ``pio_ws2812.py`` one.
"""
# ruff: noqa: F821  (the PIO assembler's names exist only inside @rp2.asm_pio)

from array import array

import rp2
from machine import Pin

_PIO0_TXF0 = 0x50200010  # PIO0 TX FIFO of state machine 0; + 4 per state machine
_DREQ_PIO0_TX0 = 0


@rp2.asm_pio(
    sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True, pull_thresh=24
)
def _ws2812():  # type: ignore[no-untyped-def]
    T1 = 2
    T2 = 5
    T3 = 3
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[T3 - 1]
    jmp(not_x, "do_zero").side(1)[T1 - 1]
    jmp("bitloop").side(1)[T2 - 1]
    label("do_zero")
    nop().side(0)[T2 - 1]
    wrap()


class Strip:
    """``set(i, (r, g, b))`` then ``show()``; ``show`` returns at once."""

    def __init__(self, pin: int, count: int, sm_id: int = 0) -> None:
        self.count = count
        self.buf = array("I", [0] * count)
        self.sm = rp2.StateMachine(sm_id, _ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.sm_id = sm_id
        self.pending = False
        self.dma = None
        if hasattr(rp2, "DMA"):  # MicroPython >= 1.21
            self.dma = rp2.DMA()
            self.ctrl = self.dma.pack_ctrl(size=2, inc_write=False, treq_sel=_DREQ_PIO0_TX0 + sm_id)

    def set(self, i: int, rgb: tuple[int, int, int]) -> None:
        r, g, b = rgb
        self.buf[i] = (g << 16 | r << 8 | b) << 8

    def show(self) -> None:
        """Start sending the buffer (or mark it pending while a transfer runs)."""
        self.pending = True
        self.poll()

    def poll(self) -> None:
        """Start a pending update once the previous transfer is done (call every loop)."""
        if not self.pending:
            return
        if self.dma is None:
            self.sm.put(self.buf, 8)  # blocks ~30 us per pixel: only without DMA
            self.pending = False
            return
        if self.dma.active() or self.sm.tx_fifo():
            return
        self.pending = False
        self.dma.config(
            read=self.buf,
            write=_PIO0_TXF0 + 4 * self.sm_id,
            count=self.count,
            ctrl=self.ctrl,
            trigger=True,
        )
