"""The files in data/ are what their generating scripts make, and load cleanly."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np

from helpers import load_predictions

DATA = Path(__file__).resolve().parent.parent / "data"


def load_script(name: str) -> ModuleType:
    """Import a script of data/ as a module (data/ is not a package), without running main()."""
    spec = importlib.util.spec_from_file_location(f"_data_{name}", DATA / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_predictions_are_reproduced_byte_for_byte():
    script = load_script("make_example_predictions")
    committed = (DATA / "example_predictions.csv").read_bytes()
    assert script.example_predictions_csv().encode("utf-8") == committed


def test_example_predictions_load_and_match_the_readme():
    frame = load_predictions(DATA / "example_predictions.csv")
    assert list(frame.columns) == ["y_true", "y_score"]
    assert len(frame) == 569
    assert int(frame["y_true"].sum()) == 212  # prevalence 37.3 %, as data/README.md says
    assert np.all((frame["y_score"] > 0) & (frame["y_score"] < 1))
