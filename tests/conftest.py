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
settings.load_profile("course")


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
