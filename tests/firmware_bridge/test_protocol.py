"""The wire protocol: round trips, CRC and COBS, and a decoder that never raises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol as P

u8 = st.integers(0, 255)
u32 = st.integers(0, 0xFFFFFFFF)
buttons = st.lists(st.sampled_from(P.BUTTONS), unique=True).map(
    lambda names: tuple(b for b in P.BUTTONS if b in names)
)
panel_id = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=16)

hellos = st.builds(
    P.Hello,
    st.just(P.PROTOCOL_VERSION),
    st.tuples(u8, u8, u8),
    panel_id,
    st.lists(st.tuples(u8, buttons), max_size=8).map(tuple),
)
messages = st.one_of(
    hellos,
    st.builds(P.HelloRequest, u8),
    st.builds(P.Edge, u8, st.sampled_from(P.BUTTONS), st.booleans(), u32),
    st.builds(P.Leds, st.lists(st.tuples(u8, st.tuples(*[u8] * 8)), max_size=8).map(tuple)),
    st.builds(P.Ping, u32),
    st.builds(P.Pong, u32, u32),
    st.builds(P.Errors, st.lists(u32, max_size=16).map(tuple)),
)


@given(messages, u8)
def test_every_message_round_trips(message: P.Message, seq: int) -> None:
    frame = P.encode(message, seq)
    assert frame.endswith(b"\x00")
    assert b"\x00" not in frame[:-1]
    assert P.decode(frame[:-1]) == (seq, message)


@given(st.lists(messages, max_size=20))
def test_a_stream_of_frames_decodes_in_order_in_any_chunking(msgs: list[P.Message]) -> None:
    data = b"".join(P.encode(m, i) for i, m in enumerate(msgs))
    decoder = P.Decoder()
    out = []
    for i in range(0, len(data), 7):
        out.extend(decoder.feed(data[i : i + 7]))
    assert [m for _s, m in out] == msgs
    assert decoder.counts["frames"] == len(msgs)
    assert decoder.counts["lost"] == 0


@settings(max_examples=300)
@given(st.binary(max_size=400), st.lists(messages, min_size=1, max_size=5))
def test_decoder_survives_garbage_and_resyncs_at_the_next_delimiter(
    garbage: bytes, msgs: list[P.Message]
) -> None:
    decoder = P.Decoder()
    decoder.feed(garbage)  # never raises, whatever the bytes
    tail = b"".join(P.encode(m, i) for i, m in enumerate(msgs))
    out = decoder.feed(b"\x00" + tail)
    assert [m for _s, m in out] == msgs


@given(st.binary(max_size=300))
def test_decode_raises_only_protocol_error(data: bytes) -> None:
    kinds = []
    try:
        P.decode(data)
    except P.ProtocolError as exc:
        kinds.append(exc.kind)
    assert set(kinds) <= set(P.DECODER_COUNTS)


def test_crc_is_ccitt_false() -> None:
    assert P.crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=600))
def test_cobs_round_trips_without_zeros(data: bytes) -> None:
    enc = P.cobs_encode(data)
    assert 0 not in enc
    assert len(enc) <= len(data) + len(data) // 254 + 1
    assert P.cobs_decode(enc) == data


def test_bad_crc_short_and_oversized_frames_are_counted_and_skipped() -> None:
    good = P.encode(P.Ping(1), 0)
    raw = bytearray(P.cobs_decode(good[:-1]))
    raw[3] ^= 0x40
    bad_crc = P.cobs_encode(raw) + b"\x00"
    short = P.cobs_encode(b"\x30") + b"\x00"
    huge = b"\x01" * (P.MAX_ENCODED + 10) + b"\x00"
    unknown = bytearray(b"\x77\x01")
    crc = P.crc16(unknown)
    unknown_frame = P.cobs_encode(bytes(unknown) + bytes([crc >> 8, crc & 0xFF])) + b"\x00"
    decoder = P.Decoder()
    out = decoder.feed(
        bad_crc + short + huge + unknown_frame + b"\x00\x00" + P.encode(P.Ping(2), 1)
    )
    assert out == [(1, P.Ping(2))]
    counts = decoder.counts
    assert (counts["bad_crc"], counts["bad_frame"], counts["too_long"], counts["bad_payload"]) == (
        1,
        1,
        1,
        1,
    )
    assert counts["frames"] == 1


def test_sequence_gaps_count_lost_frames() -> None:
    decoder = P.Decoder()
    decoder.feed(P.encode(P.Ping(0), 250) + P.encode(P.Ping(1), 251))
    decoder.feed(P.encode(P.Ping(2), 2))  # 252 .. 1 lost: 6 frames, across the wrap
    assert decoder.counts["lost"] == 6


def test_a_hello_from_another_protocol_version_is_refused_clearly() -> None:
    payload = bytes([2, 1, 4, 0, 2]) + b"p2" + b"\x09new-layout"
    crc_body = bytes([P.T_HELLO, 0]) + payload
    crc = P.crc16(crc_body)
    frame = P.cobs_encode(crc_body + bytes([crc >> 8, crc & 0xFF]))
    _seq, hello = P.decode(frame)
    assert isinstance(hello, P.Hello)
    assert hello.proto == 2
    with pytest.raises(P.VersionMismatch) as info:
        P.check_hello(hello)
    message = str(info.value)
    assert "'p2'" in message
    assert "firmware 1.4.0" in message
    assert "protocol version 2, this host speaks 1" in message
    assert "flash" in message


def test_encode_refuses_out_of_range_fields() -> None:
    for bad in (
        P.Edge(256, "slam", True, 0),
        P.Edge(0, "slam", True, -1),
        P.Leds(((0, (1, 2)),)),
        P.Hello(1, (1, 0, 0), "é", ()),
    ):
        with pytest.raises(ValueError):  # noqa: PT011
            P.encode(bad, 0)


def test_ticks_diff_wraps_like_micropython() -> None:
    assert P.ticks_diff(5, P.TICKS_PERIOD - 5) == 10
    assert P.ticks_diff(P.TICKS_PERIOD - 5, 5) == -10
