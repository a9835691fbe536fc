"""Notebook 01's widget: four counts in, matrix picture and metric zoo out."""

import math

import numpy as np
import pytest
from html_cells import cells
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    f1_score,
    matthews_corrcoef,
    precision_score,
    recall_score,
)

from helpers import Counts
from helpers.widgets import Dashboard
from helpers.widgets.confusion import MatrixFigure, confusion_dashboard, metrics_html


def labels_for(c: Counts):
    y_true = np.array([0] * c.tn + [0] * c.fp + [1] * c.fn + [1] * c.tp)
    y_pred = np.array([0] * c.tn + [1] * c.fp + [0] * c.fn + [1] * c.tp)
    return y_true, y_pred


def set_counts(d: Dashboard, c: Counts) -> None:
    for name, value in zip(Counts._fields, c, strict=True):
        d.controls[name].value = value


def test_factory_returns_dashboard_with_named_controls_and_views():
    d = confusion_dashboard()
    assert isinstance(d, Dashboard)
    assert set(d.controls) == {"preset", "tn", "fp", "fn", "tp"}
    assert set(d.views) == {"matrix", "metrics"}
    assert d.views["matrix"].png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("c", [Counts(72, 18, 2, 8), Counts(50, 3, 3, 87), Counts(90, 0, 9, 1)])
def test_metrics_match_sklearn(c):
    d = confusion_dashboard(Counts(1, 1, 1, 1))
    set_counts(d, c)
    shown = cells(d.views["metrics"].value)
    y_true, y_pred = labels_for(c)
    expected = {
        "ACC": accuracy_score(y_true, y_pred),
        "PPV": precision_score(y_true, y_pred, zero_division=np.nan),
        "TPR": recall_score(y_true, y_pred),
        "TNR": recall_score(y_true, y_pred, pos_label=0),
        "NPV": precision_score(y_true, y_pred, pos_label=0),
        "F1": f1_score(y_true, y_pred),
        "BA": balanced_accuracy_score(y_true, y_pred),
        "MCC": matthews_corrcoef(y_true, y_pred),
    }
    for name, value in expected.items():
        assert shown[name] == f"{value:.3f}", name
    assert shown["FPR"] == f"{c.fp / (c.fp + c.tn):.3f}"
    assert shown["FOR"] == f"{c.fn / (c.fn + c.tn):.3f}"


def test_fractions_show_the_counts():
    d = confusion_dashboard(Counts(72, 18, 2, 8))
    text = d.views["metrics"].value
    assert "<td style='padding:2px 8px'>8 / 26</td>" in text  # precision: TP over the predicted-positive column
    assert "<td style='padding:2px 8px'>8 / 10</td>" in text  # recall: TP over the truth-positive row
    assert "prevalence 10 / 100" in text


def test_undefined_metrics_are_named_not_raised():
    d = confusion_dashboard()
    set_counts(d, Counts(0, 0, 3, 7))  # no negatives at all
    shown = cells(d.views["metrics"].value)
    assert d.status.value == ""
    assert shown["TNR"] == "undefined (0/0)"
    assert shown["FPR"] == "undefined (0/0)"
    assert shown["PPV"] == "1.000"
    assert shown["LR+"].startswith("undefined")
    assert shown["MCC"].startswith("undefined")
    assert shown["TPR"] == f"{7 / 10:.3f}"


def test_all_zero_is_reported_in_status_and_recovers():
    d = confusion_dashboard(Counts(1, 0, 0, 0))
    before = d.views["metrics"].value
    d.controls["tn"].value = 0
    assert "nobody" in d.status.value
    assert d.views["metrics"].value == before  # the last good state stays
    d.controls["tp"].value = 4
    assert d.status.value == ""
    assert cells(d.views["metrics"].value)["TPR"] == "1.000"


def test_picture_changes_with_the_counts():
    d = confusion_dashboard(Counts(50, 3, 3, 87))
    first = d.views["matrix"].value
    d.controls["fp"].value = 40
    assert d.views["matrix"].value != first
    d.controls["fp"].value = 3
    assert d.views["matrix"].value == first  # same counts, same picture


def test_matrix_figure_texts_in_sklearn_order():
    pic = MatrixFigure()
    pic.png(Counts(tn=5, fp=6, fn=7, tp=8), "t")
    assert [t.get_text() for t in pic.texts] == ["TN\n5", "FP\n6", "FN\n7", "TP\n8"]
    assert pic.image.get_array().tolist() == [[5, 6], [7, 8]]


def test_metrics_html_escapes_and_covers_the_zoo():
    shown = cells(metrics_html(Counts(72, 18, 2, 8)))
    assert len(shown) == 16
    assert math.isclose(float(shown["DOR"]), (0.8 / 0.2) / (0.2 / 0.8), rel_tol=1e-3)


def test_bad_counts_argument():
    with pytest.raises(ValueError, match=r"counts must be a helpers\.Counts"):
        confusion_dashboard((1, 2, 3))
    with pytest.raises(TypeError, match="by position"):
        confusion_dashboard(1, 2, 3, 4)
    d = confusion_dashboard(tp=8, fn=2, fp=18, tn=72)  # the four counts as keywords
    assert [d.controls[k].value for k in ("tn", "fp", "fn", "tp")] == [72, 18, 2, 8]
