"""What one process tells its operators: Prometheus metrics (``/metrics``) and, when turned
on, OpenTelemetry traces of requests, socket calls and database queries."""
