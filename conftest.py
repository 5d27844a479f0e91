"""Shared fixtures for every test tree: the harness (environment first) and the plugin kit."""

pytest_plugins = ["tests.harness", "tests.plugin_kit"]
