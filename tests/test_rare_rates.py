"""Rare rates for people: "1 in 10 000" and plain percentages, checked against hand-written strings."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.rare_rates import one_in, percent

NNBSP = "\u202f"  # the narrow no-break space that groups digits: 10 000


@pytest.mark.parametrize(
    ("rate", "text"),
    [(1e-4, f"1 in 10{NNBSP}000"), (1e-5, f"1 in 100{NNBSP}000"), (0.001, f"1 in 1{NNBSP}000"), (0.5, "1 in 2"),
     (1 - 0.9995, f"1 in 2{NNBSP}000"), (0.0, "0"), (float("nan"), "undefined")],
)
def test_one_in(rate, text):
    assert one_in(rate) == text


@pytest.mark.parametrize(
    ("rate", "digits", "text"),
    [(1e-4, 2, "0.01%"), (1e-5, 2, "0.001%"), (3.3e-5, 2, "0.0033%"), (0.5, 2, "50%"), (0.9999, 5, "99.99%"),
     (0.99995, 5, "99.995%"), (1.0, 5, "100%"), (1e-7, 2, "0.00001%")],
)
def test_percent(rate, digits, text):
    assert percent(rate, digits) == text


@given(st.integers(2, 10**7))
def test_one_in_round_trips(n):
    text = one_in(1 / n)
    assert int(text.removeprefix("1 in ").replace(NNBSP, "")) == n


@given(st.floats(1e-9, 10.0))
def test_percent_never_uses_e_notation(rate):
    text = percent(rate)
    assert "e" not in text and text.endswith("%")
    assert float(text[:-1]) == pytest.approx(100 * rate, rel=0.051)  # two significant digits


def test_undefined_rates():
    assert percent(np.nan) == "undefined"
