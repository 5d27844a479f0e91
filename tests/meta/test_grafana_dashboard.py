"""The example Grafana dashboard (deploy/grafana/sportello.json), the operations page and the
metrics module agree: every metric the dashboard queries is one the process exposes, and every
metric the process exposes has a panel and a row in docs/operations.md."""

from __future__ import annotations

import json
import re
from typing import Any

from prometheus_client.metrics_core import Metric

from core.observability.metrics import REGISTRY
from tests.meta.doc_pages import DOCS, ROOT, page, section

DASHBOARD = ROOT / "deploy" / "grafana" / "sportello.json"
HISTOGRAM_SERIES = re.compile(r"_(bucket|sum|count)$")


def _dashboard() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(page(DASHBOARD))
    return loaded


def _queried() -> set[str]:
    """The sportello metrics the panels' queries read (a histogram by its own name)."""
    names: set[str] = set()
    for panel in _dashboard()["panels"]:
        for target in panel["targets"]:
            for name in re.findall(r"\bsportello_[a-z_]+", target["expr"]):
                names.add(HISTOGRAM_SERIES.sub("", name))
    return names


def _exposed_name(family: Metric) -> str:
    return f"{family.name}_total" if family.type == "counter" else family.name


def _exposed() -> set[str]:
    return {
        _exposed_name(family)
        for family in REGISTRY.collect()
        if family.name.startswith("sportello_")
    }


def test_the_walks_find_what_they_look_for() -> None:
    assert "sportello_http_requests_total" in _exposed()
    assert "sportello_fanout_latency_seconds" in _exposed()
    assert "sportello_fanout_latency_seconds" in _queried()


def test_every_queried_metric_exists() -> None:
    unknown = _queried() - _exposed()
    assert not unknown, f"the dashboard queries metrics the process does not expose: {unknown}"


def test_every_metric_is_on_the_dashboard() -> None:
    missing = _exposed() - _queried()
    assert not missing, f"metrics without a panel in {DASHBOARD.name}: {missing}"


def test_every_panel_has_a_query_a_datasource_and_its_own_place() -> None:
    panels = _dashboard()["panels"]
    assert len({panel["id"] for panel in panels}) == len(panels)
    places = [(p["gridPos"]["x"], p["gridPos"]["y"]) for p in panels]
    assert len(set(places)) == len(places)
    for panel in panels:
        assert panel["title"]
        assert panel["targets"], panel["title"]
        assert all(target["expr"].strip() for target in panel["targets"]), panel["title"]
        assert panel["datasource"]["type"] == "prometheus", panel["title"]


def test_every_metric_has_a_row_in_the_operations_page() -> None:
    text = section(DOCS / "operations.md", "## Metriche e tracce")
    rows = set(re.findall(r"^\| `(sportello_[a-z_]+)` \|", text, re.M))
    assert rows == _exposed()
