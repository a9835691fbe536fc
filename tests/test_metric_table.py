"""The metric-zoo table: fractions, formulas, undefined values."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import class_likelihood_ratios

from helpers import METRIC_FORMULAS, Counts, metric_zoo
from helpers.metric_table import METRIC_NAMES, format_metric, fraction_parts, zoo_table


def test_names_cover_every_zoo_key():
    assert set(METRIC_NAMES) == set(METRIC_FORMULAS)


def test_cheat_sheet_example_2_fractions():
    c = Counts(tn=72, fp=18, fn=2, tp=8)
    t = zoo_table(c)
    assert t.loc["precision", "fraction"] == "8 / 26"
    assert t.loc["precision", "denominator"] == "column sum: predicted positive"
    assert t.loc["recall", "fraction"] == "8 / 10"
    assert t.loc["recall", "denominator"] == "row sum: truth = positive"
    assert t.loc["specificity", "fraction"] == "72 / 90"
    assert t.loc["accuracy", "fraction"] == "80 / 100"
    assert t.loc["mcc", "fraction"] == ""
    assert t.loc["precision", "shown"] == "0.308"


@given(st.tuples(*[st.integers(0, 30)] * 4).filter(lambda c: sum(c) > 0))
def test_fractions_equal_the_zoo(counts):
    c = Counts(*counts)
    zoo = metric_zoo(c)
    for key in METRIC_FORMULAS:
        parts = fraction_parts(key, c)
        if parts is None:
            continue
        num, den = parts
        if den == 0:
            assert math.isnan(zoo[key])
            assert num == 0  # a count ratio with an empty denominator is always 0/0
        else:
            assert zoo[key] == pytest.approx(num / den)


def test_likelihood_ratios_match_sklearn():
    c = Counts(tn=72, fp=18, fn=2, tp=8)
    y_true = np.repeat([0, 0, 1, 1], c)
    y_pred = np.repeat([0, 1, 0, 1], c)
    lr_plus, lr_minus = class_likelihood_ratios(y_true, y_pred)
    t = zoo_table(c)
    assert t.loc["lr_plus", "value"] == pytest.approx(lr_plus)
    assert t.loc["lr_minus", "value"] == pytest.approx(lr_minus)


def test_format_metric():
    assert format_metric("f1", 0.44444) == "0.444"
    assert format_metric("f1", 0.44444, digits=1) == "0.4"
    assert format_metric("precision", float("nan")) == "undefined (0/0)"
    assert format_metric("lr_plus", float("nan")).startswith("undefined (FPR")
    with pytest.raises(ValueError, match="key"):
        format_metric("nope", 0.5)
    with pytest.raises(ValueError, match="key"):
        fraction_parts("nope", Counts(1, 1, 1, 1))


def test_bad_counts():
    with pytest.raises(ValueError, match=r"counts must be a helpers\.Counts"):
        zoo_table((1, 2))
    with pytest.raises(ValueError, match=r"^counts\.tn \+ counts\.fp"):
        zoo_table(Counts(0, 0, 0, 0))
    assert zoo_table(tp=8, fn=2, fp=18, tn=72).equals(zoo_table(Counts(tn=72, fp=18, fn=2, tp=8)))
