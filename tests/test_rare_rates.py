"""Rare rates for people: "1 in 10 000" and plain percentages, checked against hand-written strings."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.rare_rates import decimals_for, fixed_percent, one_in, percent, with_interval

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


@pytest.mark.parametrize(
    ("numbers", "least", "decimals"),
    [((0.048, 0.043, 0.053), 3, 3), ((0.0027, 0.0025, 0.0029), 3, 4), ((0.0, 3e-5), 3, 6), ((0.01,), 3, 3),
     ((0.0099,), 3, 4), ((float("nan"),), 3, 3), ((0.9,), 4, 4), ((0.00012, 0.5), 4, 5)],
)
def test_decimals_for(numbers, least, decimals):
    assert decimals_for(*numbers, least=least) == decimals


def _significant_digits(text: str) -> int:
    return len(text.replace(".", "").lstrip("0"))


@given(st.lists(st.floats(1e-9, 1.0), min_size=1, max_size=3), st.integers(0, 5))
def test_decimals_for_keeps_two_significant_digits_and_no_more_than_needed(numbers, least):
    k = decimals_for(*numbers, least=least)
    assert k >= least
    assert all(_significant_digits(f"{x:.{k}f}") >= 2 for x in numbers)
    if k > least:  # and no decimal more than needed: with one fewer, the leading digit would be the last shown
        assert min(numbers) < 10.0 ** (2 - k)


@given(st.floats(1e-7, 0.5), st.floats(1.01, 2.0))
def test_an_interval_never_collapses_to_one_number(precision, ratio):
    """A precision at deployment and an interval wider than 1 % of it: the three printed numbers differ."""
    low, high = precision / ratio, min(precision * ratio, 1.0)
    value, interval = with_interval(precision, low, high).split(" [")
    low_text, high_text = interval.rstrip("]").split(", ")
    assert float(low_text) <= float(value) <= float(high_text)
    assert float(value) == pytest.approx(precision, rel=0.051) and float(low_text) == pytest.approx(low, rel=0.051)


def test_with_interval():
    assert with_interval(0.0027, 0.00251, 0.00292) == "0.0027 [0.0025, 0.0029]"
    assert with_interval(0.848, 0.836, 0.86) == "0.848 [0.836, 0.860]"  # unchanged where every number is >= 0.01


@given(st.floats(1e-9, 1.0))
def test_fixed_percent_keeps_two_decimals_and_shows_small_rates(rate):
    text = fixed_percent(rate)
    assert text.endswith("%") and "e" not in text
    assert len(text[:-1].split(".")[1]) >= 2
    if rate >= 0.001:  # 0.1 % and more: exactly what f"{rate:.2%}" prints
        assert text == f"{rate:.2%}"
    assert float(text[:-1]) == pytest.approx(100 * rate, rel=0.051)  # never 0.00% for a rate above zero
