"""Notebook 02's widget: class balance and per-class accuracy, with the cheat sheet's presets."""

import re

import pytest
from html_cells import cells

from helpers import Counts, metric_zoo
from helpers.widgets import Dashboard
from helpers.widgets.imbalance import CUSTOM, PRESETS, imbalance_dashboard

EX1, EX2 = list(PRESETS)




def counts_line(d: Dashboard) -> str:
    return re.search(r"<p>(TN \d+, FP \d+, FN \d+, TP \d+)</p>", d.views["metrics"].value).group(1)


def test_factory_shape():
    d = imbalance_dashboard()
    assert isinstance(d, Dashboard)
    assert set(d.controls) == {"preset", "n", "share_negative", "acc_negative", "acc_positive"}
    assert set(d.views) == {"matrix", "metrics"}
    assert d.controls["preset"].options == (EX1, EX2, CUSTOM)


def test_cheat_sheet_example_1_figures():
    d = imbalance_dashboard(EX1)
    assert counts_line(d) == "TN 90, FP 0, FN 9, TP 1"
    shown = cells(d.views["metrics"].value)
    # the cheat sheet, example 1: every figure, computed by hand from TN 90 FP 0 FN 9 TP 1
    assert shown["accuracy"] == f"{91 / 100:.3f}" == "0.910"
    assert shown["misclassification rate"] == "0.090"
    assert shown["recall"] == "0.100"
    assert shown["balanced accuracy"] == "0.550"
    assert shown["specificity"] == "1.000"
    assert shown["false positive rate"] == "0.000"
    assert shown["precision"] == "1.000"
    assert shown["F1"] == f"{2 / 11:.3f}" == "0.182"
    assert shown["accuracy of &#x27;always negative&#x27;"] == "0.900"


def test_preset_sets_sliders_and_example_2_figures():
    d = imbalance_dashboard(EX1)
    first_png = d.views["matrix"].value
    d.controls["preset"].value = EX2
    assert d.controls["acc_negative"].value == pytest.approx(0.8)
    assert d.controls["acc_positive"].value == pytest.approx(0.8)
    assert d.controls["preset"].value == EX2  # setting the sliders did not switch to custom
    assert counts_line(d) == "TN 72, FP 18, FN 2, TP 8"
    shown = cells(d.views["metrics"].value)
    assert shown["accuracy"] == "0.800"
    assert shown["precision"] == f"{8 / 26:.3f}" == "0.308"
    assert shown["F1"] == f"{16 / 36:.3f}" == "0.444"
    assert shown["MCC"] == f"{metric_zoo(Counts(72, 18, 2, 8))['mcc']:.3f}"
    assert d.views["matrix"].value != first_png


def test_moving_a_slider_switches_to_custom_and_updates():
    d = imbalance_dashboard(EX2)
    d.controls["share_negative"].value = 0.99
    assert d.controls["preset"].value == CUSTOM
    # 99 negatives, 1 positive; 80 % of each class right
    assert counts_line(d) == f"TN {round(99 * 0.8)}, FP {99 - round(99 * 0.8)}, FN 0, TP 1"
    d.controls["n"].value = 1000
    assert counts_line(d) == "TN 792, FP 198, FN 2, TP 8"
    assert cells(d.views["metrics"].value)["precision"] == f"{8 / 206:.3f}"
    d.controls["preset"].value = EX1  # back to a preset: every control follows
    assert d.controls["n"].value == 100
    assert counts_line(d) == "TN 90, FP 0, FN 9, TP 1"


def test_one_draw_per_preset_change():
    d = imbalance_dashboard(EX1)
    draws = []
    d.views["matrix"].observe(lambda ch: draws.append(ch), names="value")
    d.controls["preset"].value = EX2
    assert len(draws) == 1


def test_no_positives_does_not_crash():
    d = imbalance_dashboard(EX1)
    d.controls["share_negative"].value = 1.0
    assert d.status.value == ""
    shown = cells(d.views["metrics"].value)
    assert shown["recall"] == "undefined (0/0)"
    assert shown["precision"] == "undefined (0/0)"  # nothing predicted positive either


def test_bad_preset():
    with pytest.raises(ValueError, match="preset"):
        imbalance_dashboard("nope")


def test_a_step_too_small_to_move_a_count_still_shows_the_rounding():
    d = imbalance_dashboard()
    d.controls["acc_positive"].value = 0.10  # 10 positives: TP = round(10 x 0.10) = 1
    before = d.views["metrics"].value
    d.controls["acc_positive"].value = 0.11  # still TP = round(1.1) = 1
    after = d.views["metrics"].value
    assert counts_line(d) == "TN 90, FP 0, FN 9, TP 1"
    assert "TP = round(10 &times; 0.11) = 1" in after and after != before
