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
from helpers.widgets.confusion import PRESET_CLASSES, PRESETS, MatrixFigure, confusion_dashboard, metrics_html
from helpers.widgets.dashboard import CUSTOM


def zoo(d: Dashboard) -> dict[str, str]:
    """The widget's zoo by metric name ("TPR", without its everyday name "(recall)") -> its value."""
    return {name.split(" (")[0]: value for name, value in cells(d.views["metrics"].value).items()}


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
    shown = zoo(d)
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
    assert "<td style='padding:2px 8px'>(TP + TN) / N</td>" in text and "N = TP + TN + FP + FN = 100" in text


def test_undefined_metrics_are_named_not_raised():
    d = confusion_dashboard()
    set_counts(d, Counts(0, 0, 3, 7))  # no negatives at all
    shown = zoo(d)
    assert d.status.value == ""
    assert shown["TNR"] == "undefined" and shown["FPR"] == "undefined"  # one short word: the row stays one line
    assert shown["PPV"] == "1.000"
    assert shown["LR+"] == "undefined" and shown["MCC"] == "undefined"
    assert shown["TPR"] == f"{7 / 10:.3f}"
    # why, once, below the table: the reasons metrics_html gives in each cell
    note = d.views["metrics"].value.rsplit("</table>", 1)[1]
    long = cells(metrics_html(Counts(0, 0, 3, 7)))
    for name in ("FPR", "TNR", "LR+", "MCC"):
        assert f"{name} {long[name].removeprefix('undefined ')}" in note, name
    set_counts(d, Counts(5, 1, 1, 5))
    assert "undefined" not in d.views["metrics"].value


def test_each_situation_names_its_classes():
    """The rare disease's classes are healthy and sick (never the notebook's tumours); the cheat sheet's 0 and 1;
    counts typed by hand keep the names of the situation they came from; the starting counts are a situation
    of their own, named by the classes given, and choosing it brings them back."""
    d = confusion_dashboard(Counts(50, 3, 3, 87), labels=("malignant", "benign"))
    start = "starting counts (malignant, benign)"
    assert list(d.controls["preset"].options) == [start, *PRESETS, CUSTOM] and d.controls["preset"].value == start
    assert "Truth benign (positive)" in d.views["matrix"].alt
    for situation, (neg, pos) in PRESET_CLASSES.items():
        d.controls["preset"].value = situation
        shown = d.views["matrix"].alt + d.views["metrics"].value
        assert f"Truth {neg} (negative)" in d.views["matrix"].alt and f"Truth {pos} (positive)" in d.views["matrix"].alt
        assert f"positive class: <b>{pos}</b>" in d.views["metrics"].value
        ticks = [t.get_text() for t in d.views["matrix"].figure.axes[0].get_xticklabels()]
        assert ticks == [f"{neg}\n(negative)", f"{pos}\n(positive)"], situation
        assert "benign" not in shown and "malignant" not in shown, situation
    d.controls["preset"].value = "rare disease, 10 sick in 100 000"
    d.controls["fp"].value = 50
    assert d.controls["preset"].value == CUSTOM and "Truth sick (positive)" in d.views["matrix"].alt
    d.controls["preset"].value = start
    assert [d.controls[k].value for k in ("tn", "fp", "fn", "tp")] == [50, 3, 3, 87]
    assert "Truth benign (positive)" in d.views["matrix"].alt
    assert PRESET_CLASSES.keys() == PRESETS.keys()


def test_starting_counts_that_are_a_situation_add_none():
    d = confusion_dashboard(Counts(**PRESETS["predicts 0 for 99 of 100"]))
    assert list(d.controls["preset"].options) == [*PRESETS, CUSTOM]
    assert d.controls["preset"].value == "predicts 0 for 99 of 100" and "Truth 1 (positive)" in d.views["matrix"].alt


def test_all_zero_is_reported_in_status_and_recovers():
    d = confusion_dashboard(Counts(1, 0, 0, 0))
    before = d.views["metrics"].value
    d.controls["tn"].value = 0
    assert "nobody" in d.status.value
    assert d.views["metrics"].value == before  # the last good state stays
    d.controls["tp"].value = 4
    assert d.status.value == ""
    assert zoo(d)["TPR"] == "1.000"


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
