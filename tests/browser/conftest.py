"""Fixtures of the browser tests: one JupyterLab server and one Chromium per test session (per xdist worker).

Both are always stopped, also when a test fails or the session is interrupted.
The browser is found by :func:`lab_driver.find_chromium` (``$CHROMIUM_PATH``, then
``PATH``, then Playwright's own download). Without one the browser tests are skipped,
except when the environment variable CI is "true": then they fail, so CI never skips
them silently.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lab_driver import CHROMIUM, SCREENSHOTS, LabServer, launch_chromium  # noqa: E402

_ran_browser_tests: list[str] = []


def _require_chromium() -> None:
    if CHROMIUM is not None and CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK):
        return
    message = (
        f"no Chromium found ({'CHROMIUM_PATH=' + str(CHROMIUM) if CHROMIUM else 'none on PATH'}): the browser tests "
        "need one (Debian: sudo apt-get install chromium; elsewhere: .venv/bin/playwright install chromium, "
        "or set CHROMIUM_PATH)"
    )
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="session")
def lab_server():
    """JupyterLab over a temporary copy of notebooks/ and data/; stopped (process group killed) at the end."""
    _require_chromium()
    server = LabServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium():
    _require_chromium()
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = launch_chromium(pw)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        pw.stop()


@pytest.fixture
def lab_page(chromium, lab_server, screenshot_dir):
    """A fresh browser context and page; page errors are collected in ``page.errors``."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()


def pytest_runtest_logreport(report):
    if report.when == "call" and "browser" in report.keywords:  # the test ran (its fixtures did not skip)
        _ran_browser_tests.append(report.nodeid)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say where the screenshots are, in every run that ran a browser test.

    (Under pytest-xdist this hook runs in the workers, whose terminal output is hidden; the failure
    messages of the browser tests name the folder as well. A hook in tests/conftest.py, which the
    xdist controller loads, can print the same line; ``config._course_screenshots_reported`` keeps
    it to one line when both run.)
    """
    if _ran_browser_tests and not getattr(config, "_course_screenshots_reported", False):
        config._course_screenshots_reported = True
        terminalreporter.write_sep("-", "browser tests")
        terminalreporter.write_line(
            f"{len(_ran_browser_tests)} notebooks opened in JupyterLab/Chromium; screenshots "
            f"(after run-all, after interacting, each widget): {SCREENSHOTS}"
        )
