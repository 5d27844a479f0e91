"""The one-time code a company integration asks the admins for (SPEC §5, §9)."""
