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


def test_example_predictions_are_what_the_script_makes():
    """Same labels, and scores equal to the 6 significant digits written.

    Compared as numbers with a tolerance of one unit in the 6th digit rather
    than byte for byte, so that a future numpy or scikit-learn that rounds one
    score's last digit the other way does not fail the suite; a real change of
    the model or data moves scores far more than that.
    """
    script = load_script("make_example_predictions")
    fresh = script.make_example_predictions()
    committed = load_predictions(DATA / "example_predictions.csv")
    assert (DATA / "example_predictions.csv").read_text().splitlines()[0] == "y_true,y_score"
    np.testing.assert_array_equal(committed["y_true"].to_numpy(), fresh["y_true"].to_numpy())
    np.testing.assert_allclose(committed["y_score"].to_numpy(), fresh["y_score"].to_numpy(), rtol=1e-5, atol=0)


def test_example_predictions_load_and_match_the_readme():
    frame = load_predictions(DATA / "example_predictions.csv")
    assert list(frame.columns) == ["y_true", "y_score"]
    assert len(frame) == 569
    assert int(frame["y_true"].sum()) == 212  # prevalence 37.3 %, as data/README.md says
    assert np.all((frame["y_score"] > 0) & (frame["y_score"] < 1))


def test_screening_predictions_are_what_the_script_makes():
    """Same labels, and scores equal to the 6 significant digits written (as for the example file)."""
    script = load_script("make_screening_predictions")
    fresh = script.make_screening_predictions()
    committed = load_predictions(DATA / "screening_predictions.csv")
    assert (DATA / "screening_predictions.csv").read_text().splitlines()[0] == "y_true,y_score"
    np.testing.assert_array_equal(committed["y_true"].to_numpy(), fresh["y_true"].to_numpy())
    np.testing.assert_allclose(committed["y_score"].to_numpy(), fresh["y_score"].to_numpy(), rtol=1e-5, atol=0)


def test_screening_predictions_load_and_match_the_readme():
    from sklearn.metrics import average_precision_score, roc_auc_score

    frame = load_predictions(DATA / "screening_predictions.csv")
    assert list(frame.columns) == ["y_true", "y_score"]
    assert len(frame) == 20_000 and int(frame["y_true"].sum()) == 300  # prevalence 1.5 %, as data/README.md says
    assert np.all((frame["y_score"] > 0) & (frame["y_score"] < 1))
    readme = (DATA / "README.md").read_text()
    auc = roc_auc_score(frame["y_true"], frame["y_score"])
    ap = average_precision_score(frame["y_true"], frame["y_score"])
    assert f"ROC AUC {auc:.3f}, average precision {ap:.3f}" in readme.replace("\n", " ")
