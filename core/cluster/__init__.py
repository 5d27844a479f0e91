"""The production topology as local processes (``sportello cluster``, ``make run-cluster``):
nginx in front of several ``sportello serve`` workers on PostgreSQL and Redis.

    with Cluster(demo=True) as cluster:
        cluster.restart_worker(0)  # the proxy keeps answering through the others

See :class:`~core.cluster.cluster.Cluster`; docs/operations.md, "Cluster locale".
"""

from core.cluster.cluster import DEFAULT_BUS_URL, DEFAULT_DATABASE_URL, Cluster
from core.cluster.processes import ClusterError

__all__ = ["DEFAULT_BUS_URL", "DEFAULT_DATABASE_URL", "Cluster", "ClusterError"]
