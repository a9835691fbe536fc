"""ruff is clean over the whole repository (helpers, tests, notebooks and their sources, tools)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_import_is_declared():
    """deptry: every package the code imports is a declared dependency, and none is declared for nothing."""
    result = subprocess.run(
        [sys.executable, "-m", "deptry", "."], cwd=ROOT, capture_output=True, text=True, check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_report_console_script_is_installed():
    script = Path(sys.executable).with_name("rare-report")
    assert script.exists(), "reinstall (pip install -e .): pyproject.toml declares the rare-report command"
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "--prevalence" in result.stdout, result.stdout + result.stderr
