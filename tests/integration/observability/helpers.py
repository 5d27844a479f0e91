"""Reading the Prometheus exposition the way a scrape does."""

from __future__ import annotations

from litestar import Litestar
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from core.runtime import Runtime
from core.settings import Settings
from core.testing.app_pool import AppPool

TOKEN = "scrape-token-for-the-tests-0123456789"
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def with_token(settings: Settings, token: str = TOKEN) -> Settings:
    observability = settings.observability.model_copy(update={"metrics_token": SecretStr(token)})
    return settings.model_copy(update={"observability": observability})


def metrics_app(settings: Settings, runtime: Runtime) -> Litestar:
    """The test app with ``/metrics`` on (token :data:`TOKEN`)."""
    return AppPool.borrow(with_token(settings), runtime.pm, migrate=False, seed=False)


def parse(text: str) -> Samples:
    """Every sample of an exposition: (name, labels) → value."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def label_values(samples: Samples, name: str, label: str) -> set[str]:
    return {dict(key)[label] for (sample, key) in samples if sample == name and label in dict(key)}
