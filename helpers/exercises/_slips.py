"""Two slips of form a checker can name without knowing the exercise: the parts of a several-part answer in
another order (every part right, but not where the question put it), and a number cut after the asked digits
instead of rounded (0.36 for 0.369)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import permutations

import numpy as np

from .core import Compare, digits_text, round_significant


def in_another_order(compare: Compare, answer: object, expected: Sequence) -> bool:
    """True when ``answer`` is not right as given, but some other order of its parts is.

    ``compare`` is the exercise's comparison of the whole answer (e.g. :func:`helpers.exercises.core.numbers`);
    ``answer`` a list or tuple of as many parts as ``expected``. An answer that is right as given is never "in
    another order", so a mistake built on this test cannot fire on a right answer.

    >>> from helpers.exercises.core import numbers
    >>> cmp = numbers(["a", "b"], digits=2)
    >>> in_another_order(cmp, (0.27, 0.28), (0.282, 0.269)), in_another_order(cmp, (0.28, 0.27), (0.282, 0.269))
    (True, False)
    """
    if isinstance(answer, str) or not isinstance(answer, Sequence | np.ndarray) or len(answer) != len(expected):
        return False
    if compare.same(answer, expected):
        return False
    parts = list(answer)
    return any(compare.same(list(order), expected) for order in permutations(parts) if list(order) != parts)


def truncated(x: float, digits: int) -> float:
    """``x`` cut, not rounded, after ``digits`` significant digits.

    >>> truncated(0.369, 2), truncated(0.89978, 3), truncated(-0.369, 2), truncated(2_069_903, 2)
    (0.36, 0.899, -0.36, 2000000.0)
    """
    if x == 0 or not math.isfinite(x):
        return x
    scale = 10.0 ** (digits - 1 - math.floor(math.log10(abs(x))))
    return round_significant(math.trunc(round(x * scale, 9)) / scale, digits)


def truncated_message(digits: int) -> str:
    """What a checker says to a number cut after ``digits`` significant digits instead of rounded."""
    return (f"your number is the answer cut after {digits_text(digits)}; round it instead (a next digit of 5 or "
            "more rounds up)")
