"""One vocabulary for two kinds of argument: a confusion matrix and a source of randomness.

**A confusion matrix** (``counts``) is a :class:`~helpers.Counts`, whose
fields are named, so the order of the cells cannot be mixed up, or the four
cells as keywords ``tp=, fn=, fp=, tn=``. Never four numbers by position:
``(tp, fn, fp, tn)`` and scikit-learn's ``(tn, fp, fn, tp)`` are both in use,
and a wrong guess gives a silently wrong number. :func:`takes_counts` turns a
call with loose positional numbers into a ``TypeError`` that shows the fix;
:func:`resolve_counts` checks the cells and names them in its messages the
way the caller wrote them (``counts.tn`` or ``tn``).

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

from ._validate import check_count_array

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


def check_counts_object(value: object, name: str = "counts") -> Counts:
    """``value`` itself when it is a :class:`~helpers.Counts`; otherwise a ``ValueError`` that shows the fix."""
    if isinstance(value, Counts):
        return value
    kind = type(value).__name__
    hint = ""
    if isinstance(value, (tuple, list, np.ndarray)) and np.size(value) == 4:
        hint = (
            "; if the four values are in scikit-learn's confusion_matrix(...).ravel() order, "
            "write Counts(*values)"
        )
    raise ValueError(
        f"{name} must be a helpers.Counts (named fields tn, fp, fn, tp), got {kind} {_short(value)}{hint}"
    )


def resolve_counts(
    counts: object = None,
    *,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
    function: str,
    whole: bool = True,
) -> tuple[Counts, str]:
    """The confusion matrix of a call, checked: ``(Counts of arrays, prefix for messages)``.

    Exactly one of the two spellings must be used: ``counts`` (a
    :class:`~helpers.Counts`), or all four keywords ``tp, fn, fp, tn``. Each
    cell must hold whole numbers >= 0, or with ``whole=False`` any finite
    numbers >= 0 (expected or weighted counts); a number, or an array with one
    entry per study, the four shapes broadcasting together. The cells come back
    as numpy arrays (0-d for a number), unconverted. The prefix is
    ``"counts."`` or ``""``, so that a message such as ``f"{prefix}tp + {prefix}fn
    must be > 0"`` names the cells the way the caller wrote them.
    ``function`` is the public function's name, for the messages.
    """
    given = {k: v for k, v in zip(COUNT_KEYWORDS, (tp, fn, fp, tn), strict=True) if v is not None}
    if counts is not None and given:
        raise TypeError(
            f"{function}() got counts and also {', '.join(k + '=' for k in given)}: give the confusion matrix "
            "one way, either counts=Counts(...) or the four keywords tp=, fn=, fp=, tn="
        )
    if counts is not None:
        c = check_counts_object(counts)
        cells, prefix = {k: getattr(c, k) for k in COUNT_KEYWORDS}, "counts."
    elif given:
        missing = [k for k in COUNT_KEYWORDS if k not in given]
        if missing:
            raise TypeError(
                f"{function}() got {', '.join(k + '=' for k in given)} but not {', '.join(k + '=' for k in missing)}: "
                "give all four counts tp=, fn=, fp=, tn= (or counts=Counts(...))"
            )
        cells, prefix = given, ""
    else:
        raise TypeError(
            f"{function}() needs the confusion matrix: counts=Counts(tn=..., fp=..., fn=..., tp=...), "
            "or the four keywords tp=, fn=, fp=, tn="
        )
    check = check_count_array if whole else _check_weighted_cell
    arrays = {k: check(v, prefix + k) for k, v in cells.items()}
    try:
        np.broadcast_shapes(*(a.shape for a in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{prefix}{k} {a.shape}" for k, a in arrays.items())
        raise ValueError(f"the four counts must have shapes that broadcast together, got {shapes}") from None
    return Counts(tn=arrays["tn"], fp=arrays["fp"], fn=arrays["fn"], tp=arrays["tp"]), prefix


def _check_weighted_cell(value: object, name: str) -> np.ndarray:
    """A cell of expected (weighted) counts: finite numbers >= 0, not necessarily whole."""
    arr = np.asarray(value)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise ValueError(f"{name} must hold counts (finite numbers >= 0), got {_short(value)}")
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError(f"{name} must hold counts (finite numbers >= 0), got {_short(value)}")
    return arr


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
        f"{name} must be None, an int seed >= 0 or a numpy.random.Generator, got {type(rng).__name__} {_short(rng)}"
    )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# At the end: helpers.counts imports this module as it is being defined (after its class Counts), and this
# module may be imported first (``import helpers`` imports nothing eagerly): either way both modules are complete.
from .counts import Counts  # noqa: E402
