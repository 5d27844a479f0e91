"""Policies (polizze): the records issued from quotes, with their instalments."""
