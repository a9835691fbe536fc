"""Argument checks shared by the public functions.

Validation happens here, at the boundary; the code behind it assumes clean
arrays. Every check raises ``ValueError`` with one line that names the
argument and says what is wrong with it.
"""

from __future__ import annotations

import math
from numbers import Integral, Real

import numpy as np


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_probability_open(value: object, name: str) -> float:
    """A number strictly between 0 and 1 (a prevalence)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{name} must be a number strictly between 0 and 1, got {_describe(value)}")
    x = float(value)
    if not (0.0 < x < 1.0):
        raise ValueError(f"{name} must be strictly between 0 and 1, got {x!r}")
    return x


def check_rate(value: object, name: str) -> float:
    """A number in [0, 1] (a TPR, FPR, TNR...)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{name} must be a rate between 0 and 1, got {_describe(value)}")
    x = float(value)
    if not (0.0 <= x <= 1.0):
        raise ValueError(f"{name} must be a rate between 0 and 1, got {x!r}")
    return x


def check_rate_array(value: object, name: str) -> np.ndarray:
    """An array (or number) of rates, all in [0, 1]."""
    arr = np.asarray(value, dtype=float)
    if arr.size and not np.all((arr >= 0.0) & (arr <= 1.0)):
        bad = arr[~((arr >= 0.0) & (arr <= 1.0))].flat[0]
        raise ValueError(f"{name} must hold rates between 0 and 1, found {bad!r}")
    return arr


def check_prevalence_array(value: object, name: str) -> np.ndarray:
    """An array (or number) of prevalences, all strictly inside (0, 1)."""
    arr = np.asarray(value, dtype=float)
    ok = (arr > 0.0) & (arr < 1.0)
    if arr.size and not np.all(ok):
        bad = arr[~ok].flat[0]
        raise ValueError(f"{name} must be strictly between 0 and 1, found {bad!r}")
    return arr


def check_positive(value: object, name: str) -> float:
    """A finite number > 0 (a class ratio, a class size)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{name} must be a positive number, got {_describe(value)}")
    x = float(value)
    if not (math.isfinite(x) and x > 0):
        raise ValueError(f"{name} must be a positive finite number, got {x!r}")
    return x


def check_number(value: object, name: str, low: float = -math.inf, high: float = math.inf) -> float:
    """A finite number in ``[low, high]`` (a threshold, a cost, a share); the bounds are allowed."""
    if math.isinf(low) and math.isinf(high):
        what = "a finite number"
    elif math.isinf(high):
        what = f"a finite number >= {low:g}"
    elif math.isinf(low):
        what = f"a finite number <= {high:g}"
    else:
        what = f"a number between {low:g} and {high:g}"
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{name} must be {what}, got {_describe(value)}")
    x = float(value)
    if not (math.isfinite(x) and low <= x <= high):
        raise ValueError(f"{name} must be {what}, got {x!r}")
    return x


def check_count(value: object, name: str, *, low: int = 0) -> int:
    """A whole number >= ``low`` (0 unless told: a cell of the confusion matrix, a class size)."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number >= {low}, got {value!r}")
    if isinstance(value, Integral):
        n = int(value)
    elif isinstance(value, Real) and float(value).is_integer():
        n = int(value)
    else:
        raise ValueError(f"{name} must be a whole number >= {low}, got {_describe(value)}")
    if n < low:
        raise ValueError(f"{name} must be a whole number >= {low}, got {n}")
    return n


def check_count_array(value: object, name: str) -> np.ndarray:
    """Counts as an array: whole numbers >= 0 (scalars allowed)."""
    arr = np.asarray(value)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise ValueError(f"{name} must hold whole numbers >= 0, got {_describe(value)}")
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)) or not np.all(arr == np.round(arr)):
            raise ValueError(f"{name} must hold whole numbers >= 0, got {_describe(value)}")
    if np.any(arr < 0):
        raise ValueError(f"{name} must hold whole numbers >= 0, found a negative count")
    return arr


def check_weighted_count_array(value: object, name: str) -> np.ndarray:
    """Weighted counts as a float array: finite numbers >= 0, not necessarily whole (scalars allowed)."""
    arr = np.asarray(value)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise ValueError(f"{name} must hold weighted counts (finite numbers >= 0), got {_describe(value)}")
    arr = arr.astype(float)
    if not np.all(np.isfinite(arr)):
        bad = float(arr[~np.isfinite(arr)].flat[0])
        raise ValueError(f"{name} must hold weighted counts (finite numbers >= 0), found {bad!r}")
    if np.any(arr < 0):
        raise ValueError(f"{name} must hold weighted counts (finite numbers >= 0), found a negative count")
    return arr


def check_binary_labels(y_true: object, name: str = "y_true", *, pos_label: object = 1) -> np.ndarray:
    """Labels as a boolean array (True = positive); both classes must occur."""
    arr = np.asarray(y_true)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty")
    if arr.dtype.kind == "f" and np.isnan(arr).any():
        raise ValueError(f"{name} contains NaN; labels must be two classes such as 0 and 1")
    is_pos = arr == pos_label if arr.dtype != bool else (arr if pos_label in (1, True) else ~arr)
    n_pos = int(np.count_nonzero(is_pos))
    if arr.dtype != bool and 0 < n_pos < arr.size:
        negative = arr[int(np.argmin(is_pos))]  # the first label that is not pos_label
        if n_pos + int(np.count_nonzero(arr == negative)) != arr.size:  # O(n), no np.unique on big arrays
            found = np.unique(arr)
            raise ValueError(
                f"{name} must hold two classes (pos_label={pos_label!r} and one other), "
                f"found {found.size} distinct values: {_describe(found.tolist())}"
            )
    if n_pos == 0 or n_pos == arr.size:
        which = "negatives" if n_pos == arr.size else f"positives (pos_label={pos_label!r})"
        raise ValueError(f"{name} has no {which}; both classes are needed")
    return is_pos


_DIMENSIONS = {1: "one-dimensional", 2: "two-dimensional (rows x columns)"}


def check_numbers(value: object, name: str, *, ndim: int = 1) -> np.ndarray:
    """Finite numbers as a float array with ``ndim`` dimensions (1 or 2), not empty."""
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must hold numbers, got {_describe(value)}") from None
    if arr.ndim != ndim:
        raise ValueError(f"{name} must be {_DIMENSIONS[ndim]}, got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty")
    finite = np.isfinite(arr)
    if not finite.all():
        where = np.unravel_index(int(np.argmin(finite)), arr.shape)
        position = int(where[0]) if ndim == 1 else tuple(int(i) for i in where)
        raise ValueError(f"{name} must be finite numbers, found {arr[where]!r} at position {position}")
    return arr


def check_scores(y_score: object, name: str = "y_score") -> np.ndarray:
    """Scores as a 1-D float array of finite numbers."""
    return check_numbers(y_score, name, ndim=1)


def check_probabilities(proba: object, name: str = "proba") -> np.ndarray:
    """An array of probabilities in [0, 1] (NaN refused)."""
    try:
        arr = np.asarray(proba, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must hold numbers, got {_describe(proba)}") from None
    if arr.size == 0:
        raise ValueError(f"{name} is empty")
    ok = (arr >= 0.0) & (arr <= 1.0)  # False for NaN
    if not ok.all():
        i = int(np.argmin(ok.ravel()))
        raise ValueError(f"{name} must be probabilities in [0, 1], found {arr.ravel()[i]!r} at position {i}")
    return arr


def check_same_length(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    if len(a) != len(b):
        raise ValueError(f"{name_a} and {name_b} must have the same length, got {len(a)} and {len(b)}")
