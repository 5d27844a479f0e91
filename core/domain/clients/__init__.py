"""Clients derived from quotes and policies, and the routes that list them."""
