"""The cluster bench's verdict: met only with no 5xx, no change lost and something compared;
its restart windows pick the deliveries made while a worker was away."""

from __future__ import annotations

from bench.cluster import Crowd, Outcome, Window, report


def outcome(*, errors: int = 0, lost: int = 0, compared: int = 10) -> Outcome:
    crowd = Crowd(server_errors=errors, committed=3, http_answers=5, calls=7)
    crowd.live_ms = [(1.0, 20.0), (10.5, 900.0), (30.0, 40.0)]
    crowd.returns_s = [2.0, 3.0]
    crowd.closes = {1012: 2}
    return Outcome(crowd, [Window(0, 10.0, 12.0)], lost, compared, clients=4, duration=60.0)


def test_all_met_with_no_5xx_and_nothing_lost() -> None:
    table = report(outcome())
    assert table.endswith("all targets met")
    assert "0 of 10 quote views compared" in table


def test_a_5xx_a_lost_change_or_nothing_compared_fails() -> None:
    for bad in (outcome(errors=1), outcome(lost=1), outcome(compared=0)):
        assert report(bad).endswith("TARGETS NOT MET")


def test_the_restart_p99_reads_only_changes_sent_during_a_restart() -> None:
    table = report(outcome())
    during = next(line for line in table.splitlines() if "during the restarts" in line)
    assert "900.0 ms (1 deliveries)" in during
