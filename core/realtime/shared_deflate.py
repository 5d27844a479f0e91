"""permessage-deflate that keeps no state per socket and compresses a broadcast once.

With context takeover (the default), every socket keeps its own compressor (about 40 KB of
zlib state) and every event is compressed again for every socket. This extension negotiates
no context takeover both ways instead: each message is compressed on its own, so

- no zlib state outlives a message (websockets drops it once the message is written),
- the compressed form of a message is the same for every socket, so the fan-out compresses
  an event once: :class:`SharedDeflate` remembers the last payload it compressed and reuses
  the result when the next socket sends that very payload object;
- small frames (pings' replies, acknowledgements, short events) go uncompressed, as RFC 7692
  lets any message: compressing them costs more than the bytes it saves;
- a sync's batch arrives compressed already, in a worker thread (:mod:`core.realtime.prepared`):
  its compressed form is taken as it is.

The ratio lost is that of small events against each other; a sync's batches are large and
compress on their own about as well.
"""

from __future__ import annotations

from typing import Any

from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import CONT, CTRL_OPCODES, Frame

from core.realtime.prepared import Deflate, ready_compressed

SMALLEST_COMPRESSED = 256
"""Payloads shorter than this many bytes are sent uncompressed."""


class SharedDeflate(PerMessageDeflate):
    """One socket's side of the extension (negotiated without context takeover), its
    state in slots rather than a dict per socket."""

    __slots__ = (
        "compress_settings", "decode_cont_data", "decoder", "encoder",
        "local_max_window_bits", "local_no_context_takeover",
        "remote_max_window_bits", "remote_no_context_takeover",
    )  # fmt: skip

    _last: tuple[object, int, Frame] | None = None
    """The last payload compressed by any socket, its window, and the compressed frame."""

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode in CTRL_OPCODES or frame.opcode is CONT or not frame.fin:
            return super().encode(frame)  # fragments are not ours to skip or share
        if len(frame.data) < SMALLEST_COMPRESSED:
            return frame
        if type(frame.data) is not bytes:  # only an immutable payload can be shared
            return super().encode(frame)
        made = ready_compressed(frame.data, self.local_max_window_bits)
        if made is not None and self.local_no_context_takeover:
            return Frame(frame.opcode, made, True, True, frame.rsv2, frame.rsv3)
        last = SharedDeflate._last
        if last is not None and last[0] is frame.data and last[1] == self.local_max_window_bits:
            return Frame(frame.opcode, last[2].data, True, True, frame.rsv2, frame.rsv3)
        encoded = super().encode(frame)
        if self.local_no_context_takeover:  # else the output depends on this socket's past
            SharedDeflate._last = (frame.data, self.local_max_window_bits, encoded)
        return encoded

    @property
    def deflate(self) -> Deflate | None:
        """What a frame is compressed with for this socket, when that does not depend on
        the socket's past (no context takeover), else ``None``."""
        if not self.local_no_context_takeover:
            return None
        return Deflate(self.local_max_window_bits, dict(self.compress_settings))


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    """Accepts the client's offer as uvicorn does, without context takeover either way."""

    def __init__(self, **options: Any) -> None:
        super().__init__(
            server_no_context_takeover=True, client_no_context_takeover=True, **options
        )

    def process_request_params(
        self, params: Any, accepted_extensions: Any
    ) -> tuple[Any, PerMessageDeflate]:
        response, plain = super().process_request_params(params, accepted_extensions)
        shared = SharedDeflate(
            plain.remote_no_context_takeover,
            plain.local_no_context_takeover,
            plain.remote_max_window_bits,
            plain.local_max_window_bits,
            plain.compress_settings,
        )
        return response, shared
