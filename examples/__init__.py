"""Runnable examples the README quotes (each imported and run by a test)."""
