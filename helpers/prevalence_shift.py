"""Simulated prevalence shifts and estimating the new prevalence from scores alone (notebook 08).

:func:`sample_at_prevalence` draws a labeled sample with a chosen prevalence
(a simulated shift), :func:`prevalence_estimates` estimates that prevalence
from the scores alone in four ways, and :func:`prevalence_study` repeats both
over shifts of several sizes.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ._arguments import as_generator
from ._validate import check_count, check_prevalence_array, check_probabilities, check_probability_open, check_rate
from .enriched_pool import _as_bool
from .prior_shift import estimate_prevalence_acc, estimate_prevalence_em

__all__ = ["sample_at_prevalence", "prevalence_estimates", "prevalence_study", "study_summary"]


def sample_at_prevalence(y_true, prevalence: float, *, rng=0, max_size: int | None = None) -> np.ndarray:
    """Indices of a random subsample of ``y_true`` with the given prevalence.

    Takes as many examples as the two classes allow (at most ``max_size``):
    with ``P`` positives and ``N`` negatives available and ``pi = prevalence``
    the sample holds ``n_pos = min(P, round(N pi / (1 - pi)))`` positives and
    ``n_neg = round(n_pos (1 - pi) / pi)`` negatives (both rescaled down when
    ``max_size`` is smaller), drawn without replacement. Its prevalence is
    ``pi`` up to the rounding of the counts. Returns the indices, positives
    first. ``rng`` is an int seed, ``None`` or a ``numpy.random.Generator``.
    """
    y = _as_bool(y_true, "y_true")
    pi = check_probability_open(prevalence, "prevalence")
    gen = as_generator(rng)
    pos = np.flatnonzero(y)
    neg = np.flatnonzero(~y)
    n_pos = min(pos.size, round(neg.size * pi / (1.0 - pi)))
    n_neg = min(neg.size, round(n_pos * (1.0 - pi) / pi))
    if max_size is not None and n_pos + n_neg > check_count(max_size, "max_size"):
        n_pos = round(max_size * pi)
        n_neg = max_size - n_pos
    if n_pos < 1 or n_neg < 1:
        raise ValueError(f"prevalence={pi} leaves no positive or no negative in a sample of y_true")
    return np.concatenate([gen.choice(pos, n_pos, replace=False), gen.choice(neg, n_neg, replace=False)])


def prevalence_estimates(
    proba, *, train_prevalence: float, tpr: float, fpr: float, threshold: float = 0.5
) -> dict[str, float]:
    """Four estimates of the prevalence of an unlabeled sample from its scores.

    ``proba`` holds P(y=1|x) from a model trained at ``train_prevalence``;
    ``tpr`` and ``fpr`` are its rates at ``threshold`` (flagged when
    ``proba >= threshold``) measured on labeled data. Returns::

        em    = estimate_prevalence_em(proba, train_prevalence)   (Saerens et al. 2002)
        acc   = (q - fpr) / (tpr - fpr), clipped to [0, 1]       (adjusted classify and count)
        cc    = q = share of the sample flagged                   (classify and count)
        mean  = mean of proba                                     (probability average)
    """
    p = check_probabilities(proba, "proba")
    threshold = check_rate(threshold, "threshold")
    flagged = (p >= threshold).astype(int)
    return {
        "em": estimate_prevalence_em(p, train_prevalence=train_prevalence),
        "acc": estimate_prevalence_acc(flagged, tpr=tpr, fpr=fpr),
        "cc": float(flagged.mean()),
        "mean": float(p.mean()),
    }


def prevalence_study(
    y_true,
    proba,
    *,
    priors,
    n_draws: int,
    train_prevalence: float,
    tpr: float,
    fpr: float,
    threshold: float = 0.5,
    rng=0,
    progress: bool = False,
    labeled_true=None,
    labeled_proba=None,
) -> pd.DataFrame:
    """Prevalence estimates on simulated shifts of several sizes.

    For every prior ``pi`` in ``priors`` and each of ``n_draws`` draws, take a
    sample of the labeled pool ``(y_true, proba)`` with prevalence ``pi``
    (:func:`sample_at_prevalence`) and estimate its prevalence from ``proba``
    alone (:func:`prevalence_estimates`). Returns one row per draw with the
    columns ``prior`` (the target), ``true`` (the sample's actual
    prevalence, after rounding of the counts), ``n`` (sample size), ``em``,
    ``acc``, ``cc`` and ``mean``. ``rng`` is an int seed, ``None`` or a
    ``numpy.random.Generator``. ``progress=True`` shows a tqdm bar.

    ``tpr`` and ``fpr`` are held fixed in every draw, so the spread of
    ``acc`` over the draws leaves out the error of estimating them on a
    small labeled set. Give that labeled set, ``labeled_true`` and
    ``labeled_proba`` (the held-out or cross-validated probabilities from
    which ``tpr`` and ``fpr`` were measured), and every draw also redraws
    it: its positives and its negatives are resampled with replacement
    (a stratified bootstrap), the rates are measured again at ``threshold``
    and a column ``acc_lab`` holds ACC with these redrawn rates (``nan``
    where TPR <= FPR). The redraws use their own stream, spawned from
    ``rng``, so the other columns are the same with or without them.
    """
    y = _as_bool(y_true, "y_true")
    p = check_probabilities(proba, "proba")
    if p.shape != y.shape:
        raise ValueError(f"y_true and proba must have the same length, got {y.size} and {p.size}")
    priors = check_prevalence_array(priors, "priors")
    if priors.ndim != 1 or priors.size == 0:
        raise ValueError(f"priors must be a non-empty list of prevalences, got shape {priors.shape}")
    n_draws = check_count(n_draws, "n_draws")
    gen = as_generator(rng)
    redraw = _labeled_redraws(labeled_true, labeled_proba, threshold, gen)
    rows = []
    jobs = [(float(pi), k) for pi in priors for k in range(n_draws)]
    for pi, _ in tqdm(jobs, disable=not progress, desc="samples"):
        idx = sample_at_prevalence(y, pi, rng=gen)
        est = prevalence_estimates(p[idx], train_prevalence=train_prevalence, tpr=tpr, fpr=fpr, threshold=threshold)
        row = {"prior": pi, "true": float(y[idx].mean()), "n": int(idx.size), **est}
        if redraw is not None:
            t_lab, f_lab = redraw()
            q = float(np.mean(p[idx] >= threshold))
            row["acc_lab"] = min(max((q - f_lab) / (t_lab - f_lab), 0.0), 1.0) if t_lab > f_lab else float("nan")
        rows.append(row)
    return pd.DataFrame(rows)


def _labeled_redraws(labeled_true, labeled_proba, threshold: float, gen: np.random.Generator):
    """A function returning ``(TPR, FPR)`` on a stratified bootstrap resample of the labeled set, or ``None``."""
    if labeled_true is None and labeled_proba is None:
        return None
    if labeled_true is None or labeled_proba is None:
        name = "labeled_proba" if labeled_proba is None else "labeled_true"
        raise ValueError(f"{name} is missing: give labeled_true and labeled_proba together, or neither")
    y_lab = _as_bool(labeled_true, "labeled_true")
    p_lab = check_probabilities(labeled_proba, "labeled_proba")
    if p_lab.shape != y_lab.shape:
        raise ValueError(
            f"labeled_true and labeled_proba must have the same length, got {y_lab.size} and {p_lab.size}"
        )
    hit_pos = p_lab[y_lab] >= check_rate(threshold, "threshold")
    hit_neg = p_lab[~y_lab] >= threshold
    if hit_pos.size == 0 or hit_neg.size == 0:
        raise ValueError("labeled_true must hold positives and negatives")
    (lab_gen,) = gen.spawn(1)

    def redraw() -> tuple[float, float]:
        t = float(hit_pos[lab_gen.integers(0, hit_pos.size, hit_pos.size)].mean())
        f = float(hit_neg[lab_gen.integers(0, hit_neg.size, hit_neg.size)].mean())
        return t, f

    return redraw


ESTIMATORS = ("em", "acc", "cc", "mean")


def study_summary(study: pd.DataFrame) -> pd.DataFrame:
    """One row per prior of a :func:`prevalence_study`: mean estimates, relative errors, spreads.

    For each estimator ``e`` among ``em, acc, cc, mean`` (and ``acc_lab``
    when the study has it), over the draws of one prior::

        e         = mean of the estimates
        e_rel     = mean of (estimate - true) / true      (relative error, signed)
        e_sd      = standard deviation of the estimates   (ddof = 1)
        e_sd_rel  = e_sd / mean of true                   (relative spread)

    plus ``n`` and ``true``, the means of the sample size and of the true
    prevalence. An error of 0.002 at a prevalence of 0.01 is a relative
    error of 0.2: the relative columns say how far off an estimate is at
    the prevalence where it is used. Rows keep the order of the priors.
    """
    if not isinstance(study, pd.DataFrame):
        raise ValueError(f"study must be a DataFrame from prevalence_study, got {type(study).__name__}")
    missing = [c for c in ("prior", "true", "n", *ESTIMATORS) if c not in study.columns]
    if missing:
        raise ValueError(f"study lacks the columns {missing} of a prevalence_study")
    names = [*ESTIMATORS, *(["acc_lab"] if "acc_lab" in study.columns else [])]
    rel = study[names].sub(study["true"], axis=0).div(study["true"], axis=0).add_suffix("_rel")
    grouped = pd.concat([study, rel], axis=1).groupby("prior", sort=False)
    out = grouped[["n", "true", *names, *rel.columns]].mean()
    sd = grouped[names].std()
    out[[f"{e}_sd" for e in names]] = sd.to_numpy()
    out[[f"{e}_sd_rel" for e in names]] = (sd.to_numpy().T / out["true"].to_numpy()).T
    return out
