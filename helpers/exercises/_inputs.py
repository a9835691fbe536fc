"""Argument checks for the exercise factories of notebooks 07-13 (one line, naming the argument).

A factory gets the notebook's data; a wrong kind of data fails here, when the checker is built,
not later when a student's answer is checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral, Real

import numpy as np


def _kind(value: object) -> str:
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list | tuple):
        return f"a {type(value).__name__} of {len(value)}"
    return f"a {type(value).__name__}"


def numeric(value: object, name: str, *, ndim: int) -> np.ndarray:
    """``value`` as a float array with ``ndim`` dimensions and only finite numbers, else ``ValueError`` naming it."""
    what = {1: "a 1-d array of numbers", 2: "a 2-d array of numbers (rows x columns)"}[ndim]
    if isinstance(value, str | bytes) or value is None:
        raise ValueError(f"{name} must be {what}, got {_kind(value)}")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be {what}, got {_kind(value)} that is not all numbers") from None
    if arr.ndim != ndim or arr.size == 0:
        raise ValueError(f"{name} must be {what}, got {_kind(value)}")
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must hold finite numbers only")
    return arr


def labels01(value: object, name: str) -> np.ndarray:
    """0/1 labels as an int array, with at least one of each, else ``ValueError`` naming ``name``."""
    arr = numeric(value, name, ndim=1)
    if not np.isin(arr, [0, 1]).all():
        raise ValueError(f"{name} must hold 0/1 labels only")
    if arr.min() == arr.max():
        raise ValueError(f"{name} must hold both classes, 0 and 1")
    return arr.astype(int)


def same_length(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    """``ValueError`` naming ``name_b`` when ``b`` has not as many rows as ``a``."""
    if len(a) != len(b):
        raise ValueError(f"{name_b} must have one row per row of {name_a}, got {len(b)} rows for {len(a)}")


def rate(value: object, name: str) -> float:
    """A number strictly between 0 and 1, else ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 < float(value) < 1:
        raise ValueError(f"{name} must be a number strictly between 0 and 1, got {_kind(value)}"
                         if isinstance(value, bool) or not isinstance(value, Real)
                         else f"{name} must be strictly between 0 and 1")
    return float(value)


def positive(value: object, name: str) -> float:
    """A finite number > 0, else ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, Real) or not (0 < float(value) < np.inf):
        raise ValueError(f"{name} must be a finite number > 0")
    return float(value)


def count(value: object, name: str, *, low: int = 1) -> int:
    """A whole number >= ``low``, else ``ValueError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, Integral) or int(value) < low:
        raise ValueError(f"{name} must be a whole number >= {low}")
    return int(value)


def classes(value: object, name: str) -> list[int]:
    """A non-empty list of distinct whole-number class labels, else ``ValueError`` naming ``name``."""
    if isinstance(value, str) or not isinstance(value, Sequence | range | np.ndarray) or len(value) == 0:
        raise ValueError(f"{name} must be a list of class labels such as [0, 1, 2], got {_kind(value)}")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, Integral):
            raise ValueError(f"{name} must hold whole-number class labels")
        out.append(int(v))
    if len(set(out)) != len(out):
        raise ValueError(f"{name} must not repeat a class")
    return out
