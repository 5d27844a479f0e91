"""Latency matching and percentiles."""

from __future__ import annotations

import bisect
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Matched:
    """Deliveries matched to the changes (sends) they carry."""

    latencies: list[float] = field(default_factory=list)
    """Seconds from a change's send to one delivery of it, for every delivery."""
    unmatched: int = 0
    earliest: list[float | None] = field(default_factory=list)
    """Per change: the latency of the first socket that received it (``None``: none did)."""
    latest: list[float | None] = field(default_factory=list)
    """Per change: the latency of the last socket that received it."""

    def merge(self, other: Matched) -> None:
        """Add another process's deliveries of the same changes."""
        self.latencies += other.latencies
        self.unmatched += other.unmatched
        if not self.earliest:
            self.earliest, self.latest = list(other.earliest), list(other.latest)
            return
        for i, (first, last) in enumerate(zip(other.earliest, other.latest, strict=True)):
            self.earliest[i] = _pick(min, self.earliest[i], first)
            self.latest[i] = _pick(max, self.latest[i], last)


def _pick(
    choose: Callable[[float, float], float], a: float | None, b: float | None
) -> float | None:
    return b if a is None else a if b is None else choose(a, b)


def match_latencies(
    sends: Sequence[Sequence[Any]], deliveries: Sequence[tuple[str, str, float]]
) -> Matched:
    """Match each delivery to its change: known by (quote id, status), a delivery belongs to
    the latest send of its key made before it arrived."""
    sent: dict[tuple[str, str], list[tuple[float, int]]] = defaultdict(list)
    for index, (quote_id, status, at) in enumerate(sends):
        sent[(quote_id, status)].append((at, index))
    for times in sent.values():
        times.sort()
    matched = Matched(earliest=[None] * len(sends), latest=[None] * len(sends))
    for quote_id, status, at in deliveries:
        times = sent.get((quote_id, status), [])
        position = bisect.bisect_right(times, (at, len(sends))) - 1
        if position < 0:
            matched.unmatched += 1
            continue
        sent_at, index = times[position]
        latency = at - sent_at
        matched.latencies.append(latency)
        matched.earliest[index] = _pick(min, matched.earliest[index], latency)
        matched.latest[index] = _pick(max, matched.latest[index], latency)
    return matched


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (``fraction`` 0.99 → p99); ``nan`` when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]
