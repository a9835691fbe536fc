"""A slip of form a checker can name without knowing the exercise: the parts of a several-part answer in
another order (every part right, but not where the question put it). (A number cut after the asked digits
instead of rounded is named by every checker: :mod:`helpers.exercises.core`.)"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

import numpy as np

from .core import Compare


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

