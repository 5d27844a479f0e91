"""Benchmarks: ``make bench`` (``python -m bench``) runs each and prints a table."""
