"""The README's minimal product line (tests/plugins/test_readme_example.py runs it)."""
