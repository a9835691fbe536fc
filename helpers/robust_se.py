"""A standard error of a fitted line's slope that allows the spread of the points to vary (HC3).

The usual standard error of a least-squares slope assumes one spread for every
point. When the residuals fan out (a funnel, notebook 12), that assumption
fails and the usual standard error can be too small or too large. A
heteroskedasticity-consistent ("robust") standard error estimates the slope's
variance from each point's own squared residual instead; HC3 (MacKinnon &
White, 1985) also inflates each by its leverage, which keeps it honest in
small samples.
"""

from __future__ import annotations

import numpy as np

from ._validate import check_same_length, check_scores

__all__ = ["slope_standard_error_hc3"]


def slope_standard_error_hc3(x, y) -> float:
    """HC3 standard error of the slope of the least-squares line of ``y`` on ``x``.

    With the design ``A = [1, x]`` (n x 2), ``B = (A'A)^-1``, the residuals
    ``u_i`` of the fitted line and the leverages ``h_i = a_i' B a_i``::

        Var_HC3(intercept, slope) = B A' diag(u_i^2 / (1 - h_i)^2) A B

    and the result is the square root of its slope entry. Its square equals
    ``sum_i (b - b_(i))^2``, with ``b`` the slope and ``b_(i)`` the slope
    fitted without point ``i``, since ``b - b_(i)`` is the slope entry of
    ``B a_i u_i / (1 - h_i)`` (MacKinnon & White, 1985).

    >>> round(slope_standard_error_hc3([1, 2, 3, 4, 5], [1.0, 2.5, 2.5, 4.5, 4.5]), 4)
    0.2076
    """
    x = check_scores(x, "x")
    y = check_scores(y, "y")
    check_same_length(x, y, "x", "y")
    if x.size < 3:
        raise ValueError(f"x must hold at least 3 points for a slope and its standard error, got {x.size}")
    if np.ptp(x) == 0:
        raise ValueError("x must not be constant: a line through one x value has no slope")
    design = np.column_stack([np.ones_like(x), x])
    bread = np.linalg.inv(design.T @ design)
    residuals = y - design @ (bread @ design.T @ y)
    leverage = np.einsum("ij,jk,ik->i", design, bread, design)
    if np.any(leverage >= 1 - 1e-12):
        raise ValueError("x must not hold a point that alone decides the slope (leverage 1): HC3 divides by 1 - h")
    meat = (design.T * (residuals / (1 - leverage)) ** 2) @ design
    return float(np.sqrt((bread @ meat @ bread)[1, 1]))
