"""How uncertain an estimated prevalence is, and how that uncertainty reaches precision (notebook 08).

Adjusted classify and count (ACC) estimates the prevalence ``pi`` of an
unlabeled sample from the share ``q`` of it that the model flags, and from
the model's TPR and FPR measured on a labeled set::

    pi_hat = (q_hat - FPR_hat) / (TPR_hat - FPR_hat)

Three samples feed it: the unlabeled rows (``q_hat``), the labeled positives
(``TPR_hat``) and the labeled negatives (``FPR_hat``).
:func:`acc_standard_error` and :func:`unlabeled_rows_needed` give its
sampling error by the delta method; :func:`acc_rate_bias` the systematic
error left when the rates ACC is given differ from the rates the model has
where it is used; :func:`acc_intervals` gives intervals for ``pi`` and for
the precision at ``pi`` that hold all three sources of sampling error;
:func:`acc_interval_coverage` checks their coverage and width on simulated
studies, with or without a gap between the rates the labeled set measures
and the rates in deployment.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike
from scipy.stats import norm

from ._arguments import Cell, as_generator, takes_counts
from ._validate import check_count, check_count_array, check_prevalence_array, check_probability_open, check_rate
from .counts import Counts, resolve_counts
from .intervals import precision_interval
from .prior_shift import precision_at_prevalence

__all__ = [
    "AccIntervals",
    "AccBias",
    "acc_rate_bias",
    "acc_standard_error",
    "unlabeled_rows_needed",
    "acc_intervals",
    "acc_interval_coverage",
]


def _scalar_or_array(x):
    return float(x) if np.ndim(x) == 0 else x


def _rates(tpr: float, fpr: float) -> tuple[float, float]:
    t, f = check_rate(tpr, "tpr"), check_rate(fpr, "fpr")
    if t <= f:
        raise ValueError(f"tpr ({t}) must exceed fpr ({f}) for adjusted classify and count to be defined")
    return t, f


def _labeled_variance(pi: np.ndarray, t: float, f: float, n_pos, n_neg) -> np.ndarray:
    """``pi^2 TPR(1-TPR)/n_pos + (1-pi)^2 FPR(1-FPR)/n_neg``; a size left out (``None``) adds nothing."""
    out = np.zeros_like(pi)
    if n_pos is not None:
        out = out + pi**2 * t * (1 - t) / _size(n_pos, "n_pos")
    if n_neg is not None:
        out = out + (1 - pi) ** 2 * f * (1 - f) / _size(n_neg, "n_neg")
    return out


def _size(value, name: str) -> float:
    n = check_count(value, name)
    if n == 0:
        raise ValueError(f"{name} must be > 0 (or None when the rate is known exactly)")
    return float(n)


def acc_standard_error(
    prevalence: ArrayLike, *, tpr: float, fpr: float, n_unlabeled: ArrayLike, n_pos: int | None = None,
    n_neg: int | None = None,
):
    """Standard error of the adjusted classify-and-count estimate, by the delta method.

    With ``q = TPR pi + FPR (1 - pi)`` the share of the unlabeled sample
    that the model flags and ``d = TPR - FPR``::

        Var(pi_hat) = [ q (1 - q) / n_unlabeled                       (the unlabeled rows)
                        + pi^2 TPR (1 - TPR) / n_pos                  (TPR from the labeled positives)
                        + (1 - pi)^2 FPR (1 - FPR) / n_neg ] / d^2    (FPR from the labeled negatives)

    (``d pi_hat / d q = 1 / d``, ``d pi_hat / d TPR = -pi / d``,
    ``d pi_hat / d FPR = -(1 - pi) / d``.) Leave ``n_pos`` or ``n_neg`` out
    (``None``) for a rate known exactly; ``n_unlabeled`` may be ``inf``
    (only the labeled part remains). ``prevalence`` and ``n_unlabeled`` may
    be arrays. The approximation ignores the clipping of ``pi_hat`` at 0,
    so it needs a standard error well below ``pi``.

    >>> round(acc_standard_error(0.01, tpr=0.8, fpr=0.01, n_unlabeled=10_000), 5)
    0.00168
    """
    t, f = _rates(tpr, fpr)
    pi = check_prevalence_array(prevalence, "prevalence")
    n_u = np.asarray(n_unlabeled, dtype=float)
    if not np.all(n_u > 0):
        raise ValueError(f"n_unlabeled must be > 0, found {float(n_u[~(n_u > 0)].flat[0])!r}")
    q = t * pi + f * (1 - pi)
    var = (q * (1 - q) / n_u + _labeled_variance(pi, t, f, n_pos, n_neg)) / (t - f) ** 2
    return _scalar_or_array(np.sqrt(var))


def unlabeled_rows_needed(
    prevalence: ArrayLike, *, tpr: float, fpr: float, relative_error: ArrayLike, n_pos: int | None = None,
    n_neg: int | None = None, confidence: float = 0.95,
):
    """Unlabeled rows for adjusted classify and count to be within ``relative_error`` of ``pi``.

    "Within ``r``" means a normal-approximation interval ``pi_hat +- z SE``
    of half-width ``r pi`` (``z = Phi^-1((1 + confidence) / 2)``). Solving
    ``z SE = r pi`` (:func:`acc_standard_error`) for the unlabeled size::

        n = z^2 q (1 - q) / ( (r pi d)^2 - z^2 V_lab ),
        q = TPR pi + FPR (1 - pi),  d = TPR - FPR,
        V_lab = pi^2 TPR (1 - TPR) / n_pos + (1 - pi)^2 FPR (1 - FPR) / n_neg

    rounded up. ``inf`` where ``z^2 V_lab >= (r pi d)^2``: the labeled set
    alone is too small for that precision, and no number of unlabeled rows
    helps. Leave ``n_pos`` and ``n_neg`` out for rates known exactly.

    >>> unlabeled_rows_needed(0.01, tpr=0.8, fpr=0.01, relative_error=0.1)
    108206
    """
    t, f = _rates(tpr, fpr)
    pi = check_prevalence_array(prevalence, "prevalence")
    r = np.asarray(relative_error, dtype=float)
    if not np.all((r > 0) & np.isfinite(r)):
        raise ValueError(f"relative_error must be > 0, found {float(r[~((r > 0) & np.isfinite(r))].flat[0])!r}")
    z = float(norm.ppf(0.5 + check_probability_open(confidence, "confidence") / 2))
    q = t * pi + f * (1 - pi)
    room = (r * pi * (t - f)) ** 2 - z**2 * _labeled_variance(pi, t, f, n_pos, n_neg)
    with np.errstate(divide="ignore"):
        n = np.where(room > 0, np.ceil(z**2 * q * (1 - q) / np.where(room > 0, room, 1.0)), np.inf)
    return int(n) if np.ndim(n) == 0 and np.isfinite(n) else _scalar_or_array(n)


class AccBias(NamedTuple):
    """ACC's limit for an endless unlabeled sample, and its error split by rate (see :func:`acc_rate_bias`)."""

    estimate: float
    from_tpr: float
    from_fpr: float


def acc_rate_bias(prevalence: ArrayLike, *, tpr: float, fpr: float, true_tpr: float, true_fpr: float) -> AccBias:
    """What adjusted classify and count converges to when its rates are not the model's true rates.

    ACC is given ``tpr`` and ``fpr`` (e.g. cross-validated estimates), while
    on the unlabeled data the model flags with ``true_tpr`` and
    ``true_fpr``. With an endless unlabeled sample at prevalence ``pi`` the
    flagged share is ``q = true_tpr pi + true_fpr (1 - pi)``, and::

        estimate = (q - fpr) / (tpr - fpr)                     (not clipped)
                 = pi + from_tpr + from_fpr,
        from_tpr = (true_tpr - tpr) pi / (tpr - fpr)
        from_fpr = (true_fpr - fpr) (1 - pi) / (tpr - fpr)

    So a gap in the FPR weighs ``(1 - pi) / pi`` times as much as the same
    gap in the TPR: at small ``pi`` the FPR decides the bias. No sampling
    error of the unlabeled rows is in it; it is the error every unlabeled
    sample shares. ``prevalence`` may be an array.

    >>> b = acc_rate_bias(0.01, tpr=0.8, fpr=0.01, true_tpr=0.8, true_fpr=0.012)
    >>> round(b.estimate, 5), round(b.from_fpr, 5)
    (0.01251, 0.00251)
    """
    t, f = _rates(tpr, fpr)
    tt, tf = check_rate(true_tpr, "true_tpr"), check_rate(true_fpr, "true_fpr")
    pi = check_prevalence_array(prevalence, "prevalence")
    from_tpr = (tt - t) * pi / (t - f)
    from_fpr = (tf - f) * (1 - pi) / (t - f)
    return AccBias(*(_scalar_or_array(v) for v in (pi + from_tpr + from_fpr, from_tpr, from_fpr)))


class AccIntervals(NamedTuple):
    """Estimates and intervals of :func:`acc_intervals` (numbers, or arrays with one entry per study)."""

    prevalence: float
    prevalence_low: float
    prevalence_high: float
    precision: float
    precision_low: float
    precision_high: float


def _acc(q, t, f):
    """``clip((q - f) / (t - f), 0, 1)``; ``nan`` where ``t <= f``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(t > f, np.clip((q - f) / (t - f), 0.0, 1.0), np.nan)


def _ppv(t, f, pi):
    """:func:`helpers.precision_at_prevalence`, elementwise, extended to ``pi = 0`` (0) and ``pi = 1`` (1)."""
    t, f, pi = np.broadcast_arrays(np.asarray(t, dtype=float), np.asarray(f, dtype=float), np.asarray(pi, dtype=float))
    inside = (pi > 0) & (pi < 1)
    out = np.asarray(precision_at_prevalence(t, f, np.where(inside, pi, 0.5)), dtype=float)
    out = np.where(pi == 0, np.where(f > 0, 0.0, np.nan), out)
    out = np.where(pi == 1, np.where(t > 0, 1.0, np.nan), out)
    return np.where(np.isnan(pi), np.nan, out)


def _draw_rates(gen: np.random.Generator, k, n, size, method: str):
    if method == "jeffreys":
        return gen.beta(k + 0.5, n - k + 0.5, size=size)
    return gen.binomial(n.astype(np.int64), k / n, size=size) / n


@takes_counts()
def acc_intervals(
    counts: Counts | None = None,
    *,
    flagged: ArrayLike,
    n_unlabeled: ArrayLike,
    confidence: float = 0.95,
    n_draws: int = 4000,
    method: str = "jeffreys",
    rng=0,
    tp: Cell = None,
    fn: Cell = None,
    fp: Cell = None,
    tn: Cell = None,
) -> AccIntervals:
    """Prevalence of an unlabeled sample by adjusted classify and count, and precision there, with intervals.

    ``counts`` is the labeled set's confusion matrix at the model's
    threshold: a :class:`~helpers.Counts`, or the four counts as keywords
    ``tp=, fn=, fp=, tn=`` (never by position). The model flags ``flagged``
    of the ``n_unlabeled`` rows of an unlabeled sample. Estimates::

        TPR = TP / (TP + FN),  FPR = FP / (FP + TN),  q = flagged / n_unlabeled
        pi_hat = clip((q - FPR) / (TPR - FPR), 0, 1)                  (ACC)
        precision_hat = TPR pi_hat / (TPR pi_hat + FPR (1 - pi_hat))  (Bayes' rule at pi_hat)

    The intervals (``method="jeffreys"``, the default) are Monte Carlo
    intervals from three independent Jeffreys posteriors, not a bootstrap:
    ``n_draws`` times, each of TPR, FPR and ``q`` is drawn from
    ``Beta(k + 1/2, n - k + 1/2)`` (the posterior of a proportion ``k / n``
    under the Jeffreys prior ``Beta(1/2, 1/2)``, the distribution behind the
    Jeffreys interval of Brown, Cai & DasGupta 2001), the two estimates are
    recomputed from the drawn rates, and the intervals are the
    ``(1 - confidence) / 2`` and ``(1 + confidence) / 2`` quantiles of the
    recomputed values: Bayesian (equal-tailed posterior) intervals, whose
    frequentist coverage :func:`acc_interval_coverage` checks. The
    precision interval holds the uncertainty of ``pi_hat`` as well as that
    of TPR and FPR, and their correlation (``pi_hat`` uses the same TPR and
    FPR). ``method="bootstrap"`` draws each count from ``Binomial(n, k / n)``
    instead (a plain parametric bootstrap of the three samples): it gives
    intervals that are too short when counts are small
    (:func:`acc_interval_coverage` measures both).
    Draws with ``TPR <= FPR`` are left out. Every count may be an array
    (one study per entry). ``rng`` is an int seed, ``None`` or a
    ``numpy.random.Generator``.

    The estimand of the precision interval is the model's precision at the
    prevalence of the population the unlabeled rows come from; it assumes
    prior shift (TPR and FPR the same on the labeled set and in deployment).

    >>> r = acc_intervals(tp=76, fn=14, fp=7, tn=801, flagged=14, n_unlabeled=800)
    >>> round(r.prevalence, 4), round(r.precision, 3)
    (0.0106, 0.51)
    """
    c, prefix = resolve_counts(counts, tp=tp, fn=fn, fp=fp, tn=tn, function="acc_intervals")
    tp_, fn_, fp_, tn_ = (np.asarray(v, dtype=float) for v in (c.tp, c.fn, c.fp, c.tn))
    n_p, n_n = tp_ + fn_, fp_ + tn_
    if np.any(n_p == 0):
        raise ValueError(f"{prefix}tp + {prefix}fn must be > 0: TPR needs at least one labeled positive")
    if np.any(n_n == 0):
        raise ValueError(f"{prefix}fp + {prefix}tn must be > 0: FPR needs at least one labeled negative")
    k = check_count_array(flagged, "flagged").astype(float)
    n_u = check_count_array(n_unlabeled, "n_unlabeled").astype(float)
    if np.any(n_u == 0):
        raise ValueError("n_unlabeled must be > 0")
    if np.any(k > n_u):
        raise ValueError("flagged cannot exceed n_unlabeled")
    conf = check_probability_open(confidence, "confidence")
    n_draws = check_count(n_draws, "n_draws")
    if n_draws < 100:
        raise ValueError(f"n_draws must be at least 100 for the quantiles to mean anything, got {n_draws}")
    if method not in ("jeffreys", "bootstrap"):
        raise ValueError(f"method must be 'jeffreys' or 'bootstrap', got {method!r}")
    gen = as_generator(rng)
    tp_, n_p, fp_, n_n, k, n_u = np.broadcast_arrays(tp_, n_p, fp_, n_n, k, n_u)
    shape = tp_.shape
    pi_hat = _acc(k / n_u, tp_ / n_p, fp_ / n_n)
    ppv_hat = _ppv(tp_ / n_p, fp_ / n_n, pi_hat)
    size = (*shape, n_draws)
    t = _draw_rates(gen, tp_[..., None], n_p[..., None], size, method)
    f = _draw_rates(gen, fp_[..., None], n_n[..., None], size, method)
    q = _draw_rates(gen, k[..., None], n_u[..., None], size, method)
    pi = _acc(q, t, f)
    ppv = _ppv(t, f, pi)
    levels = [(1 - conf) / 2, (1 + conf) / 2]
    with np.errstate(invalid="ignore"):
        pi_low, pi_high = _quantiles(pi, levels)
        ppv_low, ppv_high = _quantiles(ppv, levels)
    return AccIntervals(*(_scalar_or_array(v) for v in (pi_hat, pi_low, pi_high, ppv_hat, ppv_low, ppv_high)))


def _quantiles(draws: np.ndarray, levels: list[float]) -> tuple[np.ndarray, np.ndarray]:
    """Quantiles over the last axis, ignoring ``nan`` draws (all ``nan``: ``nan``)."""
    ok = ~np.isnan(draws)
    if ok.all():
        low, high = np.quantile(draws, levels, axis=-1)
        return low, high
    filled = np.where(ok, draws, np.inf)  # nan draws sort last; each row uses its own count of valid draws
    filled.sort(axis=-1)
    m = ok.sum(axis=-1)
    out = []
    for level in levels:
        pos = level * np.maximum(m - 1, 0)
        lo = np.floor(pos).astype(int)
        hi = np.minimum(lo + 1, np.maximum(m - 1, 0))
        a = np.take_along_axis(filled, lo[..., None], axis=-1)[..., 0]
        b = np.take_along_axis(filled, hi[..., None], axis=-1)[..., 0]
        with np.errstate(invalid="ignore"):
            v = a + (pos - lo) * np.where(hi > lo, b - a, 0.0)
        out.append(np.where(m > 0, v, np.nan))
    return out[0], out[1]


def acc_interval_coverage(
    *,
    tpr: float,
    fpr: float,
    prevalence: float,
    n_pos: int,
    n_neg: int,
    n_unlabeled: int,
    n_studies: int = 2000,
    n_draws: int = 1000,
    confidence: float = 0.95,
    deploy_tpr: float | None = None,
    deploy_fpr: float | None = None,
    rng=0,
) -> dict[str, float]:
    """Coverage and width of the intervals of :func:`acc_intervals` on simulated studies.

    Each study draws a labeled set (``TP ~ Binomial(n_pos, tpr)``,
    ``FP ~ Binomial(n_neg, fpr)``) and an unlabeled sample of
    ``n_unlabeled`` rows from a population with prevalence ``pi``
    (``flagged ~ Binomial(n_unlabeled, q)``). On the unlabeled rows the
    model flags with ``deploy_tpr`` and ``deploy_fpr`` (by default ``tpr``
    and ``fpr``: prior shift only); other values simulate a systematic gap
    between the rates the labeled set measures and the rates in deployment::

        q = deploy_tpr pi + deploy_fpr (1 - pi)

    The targets are ``pi`` and the model's precision there,
    ``deploy_tpr pi / (deploy_tpr pi + deploy_fpr (1 - pi))``. Returns, as
    shares of the studies (coverage: the interval holds its target):

    - ``"prevalence"``: coverage of the interval for ``pi`` (Jeffreys draws);
    - ``"precision"``: coverage of the precision interval (Jeffreys draws);
    - ``"precision, plain bootstrap"``: the same with ``method="bootstrap"``;
    - ``"no plug-in interval"``: the share of studies with ``pi_hat = 0``
      (or 1), where :func:`helpers.precision_interval` gives no interval
      (it needs a prevalence strictly between 0 and 1);
    - ``"precision, pi_hat taken as known"``: coverage of
      :func:`helpers.precision_interval` at ``deploy_prevalence = pi_hat``,
      which ignores the error of ``pi_hat``, among the studies that have one;
    - ``"prevalence interval from 0"``: the share of intervals for ``pi``
      whose lower end is 0;

    and, as numbers, the medians over the studies of each end of the
    Jeffreys intervals (``"prevalence low"``, ``"prevalence high"``,
    ``"precision low"``, ``"precision high"``), and the target
    ``"true precision"``. Each share is a simulation estimate, with a
    standard error of about ``sqrt(c (1 - c) / n_studies)``.
    """
    t, f = _rates(tpr, fpr)
    dt = t if deploy_tpr is None else check_rate(deploy_tpr, "deploy_tpr")
    df = f if deploy_fpr is None else check_rate(deploy_fpr, "deploy_fpr")
    if dt <= df:
        raise ValueError(f"deploy_tpr ({dt}) must exceed deploy_fpr ({df})")
    pi = check_probability_open(prevalence, "prevalence")
    n_pos, n_neg = _size(n_pos, "n_pos"), _size(n_neg, "n_neg")
    n_u = _size(n_unlabeled, "n_unlabeled")
    n_studies = check_count(n_studies, "n_studies")
    if n_studies == 0:
        raise ValueError("n_studies must be > 0")
    gen = as_generator(rng)
    q = dt * pi + df * (1 - pi)
    tp = gen.binomial(int(n_pos), t, n_studies)
    fp = gen.binomial(int(n_neg), f, n_studies)
    k = gen.binomial(int(n_u), q, n_studies)
    target = float(precision_at_prevalence(dt, df, pi))
    cells = dict(tp=tp, fn=int(n_pos) - tp, fp=fp, tn=int(n_neg) - fp)
    common = dict(flagged=k, n_unlabeled=int(n_u), confidence=confidence, n_draws=n_draws, **cells)
    jeff = acc_intervals(rng=gen, **common)
    boot = acc_intervals(rng=gen, method="bootstrap", **common)
    usable = (jeff.prevalence > 0) & (jeff.prevalence < 1)
    plug_low, plug_high = precision_interval(
        deploy_prevalence=np.where(usable, jeff.prevalence, 0.5), confidence=confidence, **cells
    )

    def share(low, high, value):
        return float(np.mean((low <= value) & (value <= high)))

    return {
        "prevalence": share(jeff.prevalence_low, jeff.prevalence_high, pi),
        "precision": share(jeff.precision_low, jeff.precision_high, target),
        "precision, plain bootstrap": share(boot.precision_low, boot.precision_high, target),
        "no plug-in interval": float(np.mean(~usable)),
        "precision, pi_hat taken as known": share(plug_low[usable], plug_high[usable], target)
        if usable.any() else float("nan"),
        "prevalence interval from 0": float(np.mean(jeff.prevalence_low == 0)),
        "prevalence low": float(np.nanmedian(jeff.prevalence_low)),
        "prevalence high": float(np.nanmedian(jeff.prevalence_high)),
        "precision low": float(np.nanmedian(jeff.precision_low)),
        "precision high": float(np.nanmedian(jeff.precision_high)),
        "true precision": target,
    }
