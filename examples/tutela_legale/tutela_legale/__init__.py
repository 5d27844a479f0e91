"""Tutela legale: a product line of Sportello (its hooks are in :mod:`tutela_legale.plugin`)."""
