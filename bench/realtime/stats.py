"""Latency matching and percentiles."""

from __future__ import annotations

import bisect
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any


def match_latencies(
    sends: Sequence[Sequence[Any]], deliveries: Sequence[tuple[str, str, float]]
) -> tuple[list[float], int]:
    """Seconds from each change's send to each delivery of it; and the unmatched count.

    A change is known by (quote id, status); a delivery belongs to the latest send of its
    key made before it arrived.
    """
    sent: dict[tuple[str, str], list[float]] = defaultdict(list)
    for quote_id, status, at in sends:
        sent[(quote_id, status)].append(at)
    for times in sent.values():
        times.sort()
    latencies: list[float] = []
    unmatched = 0
    for quote_id, status, at in deliveries:
        times = sent.get((quote_id, status), [])
        index = bisect.bisect_right(times, at) - 1
        if index < 0:
            unmatched += 1
        else:
            latencies.append(at - times[index])
    return latencies, unmatched


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (``fraction`` 0.99 → p99); ``nan`` when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]
