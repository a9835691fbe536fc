"""Rare rates written for people: "1 in 10 000" and plain percentages, never e-notation.

An error of 0.0001 reads differently on a prevalence of 0.0001 and of 0.1;
"1 in 10 000" and "0.01%" say at a glance how rare a rate is, and read well
on a projector, where ``1.00e-04`` does not.
"""

from __future__ import annotations

import numpy as np

__all__ = ["decimals_for", "fixed_percent", "one_in", "percent", "with_interval"]

_THIN_SPACE = "\u202f"  # narrow no-break space: "10 000" never breaks across lines


def _group(n: int) -> str:
    return f"{n:,}".replace(",", _THIN_SPACE)


def _check_rate(rate: object, name: str = "rate") -> float:
    """A number (nan allowed: it reads "undefined"); not a string, not an array."""
    if isinstance(rate, (bool, str)) or np.ndim(rate) != 0:
        raise ValueError(f"{name} must be a number, got {rate!r}")
    try:
        return float(rate)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {rate!r}") from None


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


def decimals_for(*values: float, least: int = 3) -> int:
    """Decimals that show every one of ``values`` with at least two significant digits.

    ``d = max(least, 1 - floor(log10(m)))``, where ``m`` is the smallest
    non-zero ``|value|`` (zeros and nan are ignored). A precision at
    deployment of 0.0027 with its interval 0.0025 to 0.0029 is then written
    ``0.0027 [0.0025, 0.0029]`` and not ``0.003 [0.003, 0.003]``, which hides
    the interval; numbers of 0.01 and more keep ``least`` decimals.

    >>> decimals_for(0.048, 0.043, 0.053), decimals_for(0.0027, 0.0025, 0.0029), decimals_for(0.0, 3e-5)
    (3, 4, 6)
    """
    if isinstance(least, bool) or not isinstance(least, (int, np.integer)) or least < 0:
        raise ValueError(f"least must be a whole number >= 0, got {least!r}")
    sizes = [abs(_check_rate(v, f"values[{i}]")) for i, v in enumerate(values)]
    sizes = [v for v in sizes if v > 0 and np.isfinite(v)]
    if not sizes:
        return int(least)
    return max(int(least), 1 - int(np.floor(np.log10(min(sizes)))))


def with_interval(value: float, low: float, high: float, least: int = 3) -> str:
    """``"value [low, high]"``, all three with :func:`decimals_for` decimals (at least ``least``).

    >>> with_interval(0.0027, 0.00251, 0.00292), with_interval(0.848, 0.836, 0.86)
    ('0.0027 [0.0025, 0.0029]', '0.848 [0.836, 0.860]')
    """
    value, low, high = (_check_rate(x, name) for x, name in ((value, "value"), (low, "low"), (high, "high")))
    k = decimals_for(value, low, high, least=least)
    return f"{value:.{k}f} [{low:.{k}f}, {high:.{k}f}]"


def fixed_percent(rate: float, least: int = 2) -> str:
    """A rate as a percentage with ``least`` decimals, more where ``100 * rate`` is below 0.1.

    The decimals are ``decimals_for(100 * rate, least=least)``: a
    prevalence of 1 % reads ``'1.00%'`` as with ``f"{rate:.2%}"``, and one of
    0.001 % reads ``'0.0010%'`` where ``.2%`` would print ``'0.00%'``.

    >>> fixed_percent(0.01), fixed_percent(1e-5), fixed_percent(0.0524)
    ('1.00%', '0.0010%', '5.24%')
    """
    rate = _check_rate(rate)
    return f"{rate:.{decimals_for(100 * rate, least=least)}%}"
