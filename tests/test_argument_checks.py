"""The general argument checks of ``helpers._validate`` that the exercise factories use, and the factories' labels.

Each check either returns the value in its clean form or raises a one-line ``ValueError`` that starts with the
argument's name; these tests pin what each accepts, what it refuses, and the words of the refusal.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers._validate import check_count, check_number, check_numbers
from helpers.exercises._labels import classes, labels01, labels_scores


@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(-10, 10), st.floats(0, 10))
def test_check_number_accepts_exactly_the_finite_numbers_inside_the_bounds(x, low, width):
    high = low + width
    inside = math.isfinite(x) and low <= x <= high
    if inside:
        assert check_number(x, "cut", low, high) == x
    else:
        with pytest.raises(ValueError, match=r"^cut must be a number between .* and .*, got "):
            check_number(x, "cut", low, high)


@pytest.mark.parametrize("value, low, high, message", [
    ("0.5", -math.inf, math.inf, r"^cut must be a finite number, got '0\.5'$"),
    (True, -math.inf, math.inf, r"^cut must be a finite number, got True$"),
    (math.inf, -math.inf, math.inf, r"^cut must be a finite number, got inf$"),
    (-1, 0, math.inf, r"^cost_fp must be a finite number >= 0, got -1\.0$"),
    (2, -math.inf, 1, r"^x must be a finite number <= 1, got 2\.0$"),
    (1.5, 0, 1, r"^share must be a number between 0 and 1, got 1\.5$"),
])
def test_check_number_names_the_argument_and_its_range(value, low, high, message):
    name = message[1:].split(" ")[0]
    with pytest.raises(ValueError, match=message):
        check_number(value, name, low, high)


def test_check_number_keeps_the_bounds():
    assert check_number(0, "p", 0, 1) == 0.0 and check_number(1, "p", 0, 1) == 1.0
    assert isinstance(check_number(np.float32(0.25), "p", 0, 1), float)


def test_check_count_takes_a_lower_bound():
    assert check_count(0, "n") == 0 and check_count(3.0, "n", low=1) == 3
    with pytest.raises(ValueError, match=r"^n_pos must be a whole number >= 1, got 0$"):
        check_count(0, "n_pos", low=1)
    with pytest.raises(ValueError, match=r"^n_pos must be a whole number >= 1, got 0\.5$"):
        check_count(0.5, "n_pos", low=1)


def test_check_numbers_in_two_dimensions():
    X = check_numbers([[1, 2], [3, 4]], "X", ndim=2)
    assert X.dtype == float and X.shape == (2, 2)
    with pytest.raises(ValueError, match=r"^X must be two-dimensional \(rows x columns\), got shape \(3,\)$"):
        check_numbers([1, 2, 3], "X", ndim=2)
    with pytest.raises(ValueError, match=r"^X must be finite numbers, found .*inf.* at position \(1, 0\)$"):
        check_numbers([[1, 2], [np.inf, 4]], "X", ndim=2)
    with pytest.raises(ValueError, match=r"^X is empty$"):
        check_numbers(np.zeros((0, 3)), "X", ndim=2)
    with pytest.raises(ValueError, match=r"^y must hold numbers, got 'pixels'$"):
        check_numbers("pixels", "y")


def test_labels01_gives_one_for_the_positive_class_and_needs_both():
    assert labels01([0.0, 1.0, 1.0], "y").tolist() == [0, 1, 1]
    assert labels01(np.array([True, False]), "y").tolist() == [1, 0]
    assert labels01([1, -1, -1], "y").tolist() == [1, 0, 0]  # any second class is the negative one
    with pytest.raises(ValueError, match=r"^y has no negatives; both classes are needed$"):
        labels01([1, 1], "y")
    with pytest.raises(ValueError, match=r"^y must hold two classes"):
        labels01([0, 1, 2], "y")


def test_labels_scores_checks_both_and_their_lengths():
    y, s = labels_scores([0, 1], [0.2, 0.8], "y_val", "p_val")
    assert y.tolist() == [0, 1] and s.tolist() == [0.2, 0.8]
    with pytest.raises(ValueError, match=r"^y_val and p_val must have the same length, got 2 and 1$"):
        labels_scores([0, 1], [0.2], "y_val", "p_val")
    with pytest.raises(ValueError, match=r"^p_val must be finite numbers"):
        labels_scores([0, 1], [0.2, np.nan], "y_val", "p_val")


@pytest.mark.parametrize("value, message", [
    ("012", r"^seen must be a list of class labels such as \[0, 1, 2\], got '012'$"),
    ([], r"^seen must be a list of class labels"),
    ([0, 1.5], r"^seen must hold whole-number class labels, found 1\.5$"),
    ([0, True], r"^seen must hold whole-number class labels, found True$"),
    ([3, 3], r"^seen must not repeat a class, got \[3, 3\]$"),
])
def test_classes_refuses(value, message):
    with pytest.raises(ValueError, match=message):
        classes(value, "seen")


def test_classes_gives_plain_ints():
    out = classes(np.array([4, 1, 7]), "seen")
    assert out == [4, 1, 7] and all(type(c) is int for c in out)
