"""One vocabulary for two kinds of argument: a confusion matrix and a source of randomness.

**A confusion matrix** (``counts``) is a :class:`~helpers.Counts`, whose
fields are named, so the order of the cells cannot be mixed up, or the four
cells as keywords ``tp=, fn=, fp=, tn=`` (each a :data:`Cell`). Never four
numbers by position: ``(tp, fn, fp, tn)`` and scikit-learn's ``(tn, fp, fn, tp)``
are both in use, and a wrong guess gives a silently wrong number.
:func:`takes_counts` turns a call with loose positional numbers into a
``TypeError`` that shows the fix. The cells themselves are checked by
:func:`helpers.counts.resolve_counts`, beside the class ``Counts`` it builds;
this module knows nothing of that class, so ``helpers.counts`` can import it.

**Randomness** is ``rng``: ``None``, an ``int`` seed or a
``numpy.random.Generator`` (:func:`as_generator`), as in
``numpy.random.default_rng``. ``random_state`` is kept only where a
scikit-learn estimator's or splitter's own parameter is meant.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from numbers import Integral
from typing import TypeVar

import numpy as np
from numpy.typing import ArrayLike

from ._validate import _describe

F = TypeVar("F", bound=Callable)

Cell = ArrayLike | None
"""The type of one of the keywords ``tp, fn, fp, tn``: a count, an array of counts, or left out."""

COUNT_KEYWORDS = ("tp", "fn", "fp", "tn")
"""The keywords that carry the four cells when no :class:`~helpers.Counts` is given."""

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def takes_counts(*, keywords: bool = True) -> Callable[[F], F]:
    """Decorator for a function with a confusion-matrix argument: refuse loose numbers by position.

    A call with more positional arguments than the signature has (say
    ``precision_interval(88, 22, 100, 99_890, ...)``) raises a ``TypeError``
    that says how to write it: ``f(Counts(tn=..., fp=..., fn=..., tp=...), ...)``,
    or, when ``keywords`` is true, ``f(tp=..., fn=..., fp=..., tn=..., ...)``.
    Everything else goes to the function unchanged; ``inspect.signature``
    and ``help()`` show the function's own signature and docstring.
    """

    def decorate(func: F) -> F:
        n_positional = sum(p.kind in _POSITIONAL for p in inspect.signature(func).parameters.values())
        name = func.__name__
        fix = f"{name}(Counts(tn=..., fp=..., fn=..., tp=...), ...)"
        if keywords:
            fix += f" or {name}(tp=..., fn=..., fp=..., tn=..., ...)"

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if len(args) > n_positional:
                raise TypeError(
                    f"{name}() takes at most {n_positional} positional argument"
                    f"{'' if n_positional == 1 else 's'} but {len(args)} were given: a confusion matrix is "
                    f"never passed as loose numbers by position (the order of the cells is easy to mix up); "
                    f"write {fix}"
                )
            return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def as_generator(rng: object, name: str = "rng") -> np.random.Generator:
    """``rng`` as a ``numpy.random.Generator``: a Generator is used as it is (and advanced), else a new one.

    ``None`` gives fresh entropy from the operating system, an ``int`` seed
    ``>= 0`` (or a ``numpy.random.SeedSequence``) the same stream on every
    run, as ``numpy.random.default_rng`` does. Anything else (a float, a
    bool, a legacy ``RandomState``) raises a ``ValueError`` naming ``name``.
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, np.random.SeedSequence):
        return np.random.default_rng(rng)
    if isinstance(rng, Integral) and not isinstance(rng, bool):
        if rng < 0:
            raise ValueError(f"{name} must be None, an int seed >= 0 or a numpy.random.Generator, got {rng}")
        return np.random.default_rng(int(rng))
    raise ValueError(
        f"{name} must be None, an int seed >= 0 or a numpy.random.Generator, got {type(rng).__name__} {_describe(rng)}"
    )

