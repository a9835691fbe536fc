"""Shared test settings."""

import os
from pathlib import Path

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")
os.environ.setdefault("IPYKERNEL_CELL_NAME", "<IPY-INPUT>")

settings.register_profile(
    "course", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# The fast tier (-m "not browser and not slow", tests/README.md) tries 10 examples per property
# instead of 150: the same properties, a quicker loop while you work; the full suite and CI use 150.
settings.register_profile("fast", parent=settings.get_profile("course"), max_examples=10)
settings.load_profile("course")


def pytest_configure(config):
    if "not slow" in (config.getoption("markexpr", "") or ""):
        settings.load_profile("fast")


SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"


def pytest_terminal_summary(terminalreporter, config):
    """Say where the browser tests left their screenshots (also under xdist, where tests/browser/conftest.py
    is not loaded by the controller)."""
    ran = any(
        "tests/browser/" in report.nodeid
        for key in ("passed", "failed")
        for report in terminalreporter.stats.get(key, [])
    )
    if ran and not getattr(config, "_course_screenshots_reported", False):  # one line, whichever hook runs first
        config._course_screenshots_reported = True
        terminalreporter.write_line(f"browser-test screenshots: {SCREENSHOTS}")
