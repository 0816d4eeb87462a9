"""Shared test plumbing."""

# pytester runs a test session inside a test: used to check the contract plugin catches a broken puzzle.
pytest_plugins = ["pytester"]
