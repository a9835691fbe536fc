"""Shared test settings."""

import os
from pathlib import Path

import matplotlib
import pytest
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


# --------------------------------------------------------------------------- Spark (helpers.report.count)


def _spark_missing() -> str | None:
    """Why the Spark tests cannot run here, or None."""
    import importlib.util
    import shutil

    if importlib.util.find_spec("pyspark") is None:
        return 'PySpark is not installed (pip install -e ".[test,spark]")'
    java_home = os.environ.get("JAVA_HOME")
    if shutil.which("java") is None and not (java_home and Path(java_home, "bin", "java").exists()):
        return "no Java found (PySpark needs Java 17+; Debian: apt-get install -y openjdk-17-jre-headless)"
    return None


@pytest.fixture(scope="session")
def spark():
    """One local[2] SparkSession for the whole test session (per xdist worker), stopped at the end.

    Skipped with the reason when PySpark or Java is missing, except under CI=true, where that fails: CI installs
    both (.ci/run), so it never skips the Spark tests silently.
    """
    reason = _spark_missing()
    if reason is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and {reason}: the Spark tests must run in CI", pytrace=False)
        pytest.skip(reason)
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("rare-positives-course-tests")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()
