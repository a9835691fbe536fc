"""Rare rates written for people: "1 in 10 000" and plain percentages, never e-notation.

An error of 0.0001 reads differently on a prevalence of 0.0001 and of 0.1;
"1 in 10 000" and "0.01%" say at a glance how rare a rate is, and read well
on a projector, where ``1.00e-04`` does not.
"""

from __future__ import annotations

import numpy as np

__all__ = ["one_in", "percent"]

_THIN_SPACE = "\u202f"  # narrow no-break space: "10 000" never breaks across lines


def _group(n: int) -> str:
    return f"{n:,}".replace(",", _THIN_SPACE)


def _check_rate(rate: object) -> float:
    """A number (nan allowed: it reads "undefined"); not a string, not an array."""
    if isinstance(rate, (bool, str)) or np.ndim(rate) != 0:
        raise ValueError(f"rate must be a number, got {rate!r}")
    try:
        return float(rate)
    except (TypeError, ValueError):
        raise ValueError(f"rate must be a number, got {rate!r}") from None


def percent(rate: float, digits: int = 2) -> str:
    """A rate as a plain percentage, ``digits`` significant digits, no e-notation.

    ``percent(0.0001) -> '0.01%'``, ``percent(0.99995, 5) -> '99.995%'``
    (``100 * rate`` written out); ``nan`` gives ``'undefined'``.
    """
    rate = _check_rate(rate)
    if isinstance(digits, bool) or not isinstance(digits, (int, np.integer)) or digits < 1:
        raise ValueError(f"digits must be a whole number >= 1, got {digits!r}")
    if np.isnan(rate):
        return "undefined"
    text = np.format_float_positional(100 * rate, precision=digits, unique=True, fractional=False, trim="-")
    return f"{text}%"


def one_in(rate: float) -> str:
    """A rate as "1 in N" (N = 1 / rate rounded, digits grouped): ``0.0001 -> '1 in 10 000'``.

    ``0`` gives ``'0'`` and ``nan`` gives ``'undefined'``.
    """
    rate = _check_rate(rate)
    if np.isnan(rate):
        return "undefined"
    if rate <= 0:
        return "0"
    return f"1 in {_group(round(1 / rate))}"
