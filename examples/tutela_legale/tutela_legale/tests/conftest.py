"""Sportello's test kit first (the test environment, a private database, the fixtures of
:mod:`core.testing.fixtures`), then the line's own (:mod:`tutela_legale.tests.kit`)."""

pytest_plugins = ["core.testing.fixtures", "tutela_legale.tests.kit"]
