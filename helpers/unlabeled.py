"""Recall and precision at k on unlabeled data, from a known class size.

The idea (the precision@k article): recall measured on labeled positives carries over to
unlabeled data as long as *that class* looks the same in both; precision needs
every class to look the same. Ranking the unlabeled pool by score and reading
the test recall at the k-th score gives an estimate of how many positives the
top k hold, hence of precision. No label of the pool is used, except the
class size ``C``, which has to come from somewhere: domain knowledge, or an
audit that labels a random sample of the pool (``class_size_from_audit``).

The estimates are ratios of noisy counts: recall@k rests on the few labeled
test positives, so precision@k can exceed 1 by chance, most easily at small k.
``precision_at_k_interval`` gives its exact (Clopper-Pearson) interval, one k at
a time; ``simultaneous_band`` widens a band of redrawn curves so that it holds for
every k at once, and ``precision_at_k_coverage`` / ``class_size_interval_coverage``
give the exact coverage of these intervals against the quantity they are read as.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import beta, binom, hypergeom

from ._validate import check_count, check_positive, check_probability_open, check_rate, check_scores

__all__ = [
    "recall_at_k_unlabeled",
    "precision_at_k_unlabeled",
    "f1_at_k_unlabeled",
    "precision_at_k_interval",
    "class_size_from_audit",
    "simultaneous_band",
    "precision_at_k_coverage",
    "class_size_interval_coverage",
    "ideal_ranking_p_value",
]


def _check_recall_at_k(recall_at_k) -> np.ndarray:
    r = np.asarray(recall_at_k, dtype=float)
    if r.ndim != 1 or r.size == 0:
        raise ValueError("recall_at_k must be a non-empty one-dimensional array")
    if not np.all((r >= 0) & (r <= 1)):
        raise ValueError("recall_at_k must hold recalls between 0 and 1")
    return r


def recall_at_k_unlabeled(test_scores_pos, unlabeled_scores) -> np.ndarray:
    """Test recall at the score of each ranked unlabeled example.

    Sort the unlabeled scores from high to low, ``s_(1) >= s_(2) >= ...``. Then::

        recall@k = #{positive test scores >= s_(k)} / #{positive test scores}

    Entry ``k - 1`` of the result is recall@k, for k = 1 .. len(unlabeled_scores).
    It never decreases with k.

    >>> recall_at_k_unlabeled([0.9, 0.6], [0.95, 0.7, 0.5]).tolist()
    [0.0, 0.5, 1.0]
    """
    pos = np.sort(check_scores(test_scores_pos, "test_scores_pos"))
    unl = np.sort(check_scores(unlabeled_scores, "unlabeled_scores"))[::-1]
    below = np.searchsorted(pos, unl, side="left")  # positives with score < s_(k)
    return (pos.size - below) / pos.size


def precision_at_k_unlabeled(recall_at_k, *, class_size: float) -> np.ndarray:
    """Estimated precision of the top k unlabeled examples.

    If the unlabeled pool holds ``class_size`` positives and recall@k carries
    over, the top k hold about ``recall@k * class_size`` of them::

        precision@k = recall@k * class_size / k,   k = 1 .. len(recall_at_k)

    It estimates ``r_k * class_size / k``, with ``r_k`` the class's recall at
    the k-th unlabeled score; the realised share of positives among the top k
    of this pool scatters around that.

    Values above 1 are possible, and common by chance at small k or with few
    test positives. The interval of ``precision_at_k_interval`` is pointwise:
    read across thousands of k, its lower end exceeds 1 somewhere by chance
    in many studies of a perfect ranking. Evidence that the labeled positives
    do not represent the whole class needs a reading at a k fixed in advance,
    well below class_size (at k = class_size the estimate is recall@k, at most 1),
    or a band that holds for every k at once (``simultaneous_band``); see notebook 09b.
    """
    r = _check_recall_at_k(recall_at_k)
    size = check_positive(class_size, "class_size")
    return r * size / np.arange(1, r.size + 1)


def f1_at_k_unlabeled(recall_at_k, *, class_size: float) -> np.ndarray:
    """Estimated F1 of flagging the top k unlabeled examples, k = 1 .. len(recall_at_k).

    With ``R = recall@k`` and ``P = R * C / k`` (precision@k, class size ``C``)::

        F1 = 2 P R / (P + R) = 2 R C / (k + C)

    i.e. ``2 * (estimated true positives) / (flagged + actual positives)``.
    """
    r = _check_recall_at_k(recall_at_k)
    size = check_positive(class_size, "class_size")
    k = np.arange(1, r.size + 1)
    return 2 * r * size / (k + size)


def _clopper_pearson(x: np.ndarray, n: np.ndarray | int, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """Exact binomial interval for x / n (Clopper & Pearson 1934), elementwise; 0 and 1 at the edges."""
    a = (1 - confidence) / 2
    x = np.asarray(x, dtype=float)
    n = np.broadcast_to(np.asarray(n, dtype=float), x.shape)
    with np.errstate(invalid="ignore"):
        low = np.where(x > 0, beta.ppf(a, x, n - x + 1), 0.0)
        high = np.where(x < n, beta.ppf(1 - a, x + 1, n - x), 1.0)
    return low, high


def precision_at_k_interval(
    test_scores_pos, unlabeled_scores, *, class_size: float, confidence: float = 0.95
) -> tuple[np.ndarray, np.ndarray]:
    """Exact confidence interval of precision@k unlabeled, k = 1 .. len(unlabeled_scores), for a known class size.

    With ``n`` labeled test positives, ``x_k`` of them scoring at least the k-th
    ranked unlabeled score ``s_(k)`` (so recall@k = x_k / n), the Clopper-Pearson
    interval (Clopper & Pearson 1934) of the recall is, with ``a = (1 - confidence) / 2``
    and ``B(q; a, b)`` the q-quantile of a Beta(a, b) distribution::

        recall_low  = B(a; x_k, n - x_k + 1)       (0 when x_k = 0)
        recall_high = B(1 - a; x_k + 1, n - x_k)   (1 when x_k = n)

    and precision@k = recall@k * class_size / k carries it over::

        (low, high) = (recall_low, recall_high) * class_size / k

    The pool (hence ``s_(k)``) and ``class_size`` are taken as fixed: the
    interval is for ``r_k * class_size / k``, with ``r_k`` the class's recall at
    the score ``s_(k)``, and covers the noise of the test positives only. The
    realised share of positives among the top k of one pool adds the binomial
    noise of its ``class_size`` members, so the interval covers that share a
    little less often (``precision_at_k_coverage`` with ``target="realised"``).
    It is pointwise, one k at a time, not a band that holds for every k at
    once (``simultaneous_band``).

    >>> low, high = precision_at_k_interval([0.9, 0.8, 0.7, 0.6], [0.95, 0.75, 0.5], class_size=2)
    >>> low.round(3).tolist(), high.round(3).tolist()
    ([0.0, 0.068, 0.265], [1.205, 0.932, 0.667])
    """
    pos = np.sort(check_scores(test_scores_pos, "test_scores_pos"))
    unl = np.sort(check_scores(unlabeled_scores, "unlabeled_scores"))[::-1]
    size = check_positive(class_size, "class_size")
    confidence = check_probability_open(confidence, "confidence")
    x = pos.size - np.searchsorted(pos, unl, side="left")
    low, high = _clopper_pearson(x, pos.size, confidence)
    k = np.arange(1, unl.size + 1)
    return low * size / k, high * size / k


def class_size_from_audit(
    members: int, audited: int, *, pool_size: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Class size of an unlabeled pool estimated from an audit: ``audited`` pool items drawn at random and labeled.

    If ``members`` of the ``audited`` items belong to the class::

        C_hat = pool_size * members / audited

    and the interval is the Clopper-Pearson interval of ``members / audited``
    scaled by ``pool_size`` (a = (1 - confidence) / 2)::

        (low, high) = pool_size * (B(a; m, n - m + 1), B(1 - a; m + 1, n - m))

    An audit draws without replacement; the binomial interval ignores the
    finite-population correction ``sqrt(1 - audited / pool_size)`` and so errs
    on the wide side (``class_size_interval_coverage`` gives its exact coverage).

    Returns ``(estimate, low, high)``.

    >>> [round(v, 1) for v in class_size_from_audit(10, 100, pool_size=1000)]
    [100.0, 49.0, 176.2]
    """
    m = check_count(members, "members")
    n = check_count(audited, "audited")
    size = check_count(pool_size, "pool_size")
    confidence = check_probability_open(confidence, "confidence")
    if n == 0:
        raise ValueError("audited must be at least 1: an audit labels at least one pool item")
    if m > n:
        raise ValueError(f"members ({m}) cannot exceed audited ({n})")
    if n > size:
        raise ValueError(f"audited ({n}) cannot exceed pool_size ({size})")
    low, high = _clopper_pearson(np.array(m), n, confidence)
    return size * m / n, float(size * low), float(size * high)


def simultaneous_band(curves, *, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """A band that holds for every column at once: ``confidence`` of the rows lie inside it everywhere.

    ``curves`` holds one redrawn curve per row (for instance precision@k of a
    simulated study, one column per k). With the column means ``m_k`` and
    standard deviations ``s_k`` (columns with ``s_k = 0`` only need the curve
    to equal ``m_k``), each row's largest standardised deviation is::

        D_i = max_k |curves[i, k] - m_k| / s_k

    and with ``q`` the ``confidence`` quantile of ``D_1 .. D_n`` (the smallest
    ``D_i`` that at least ``confidence`` of them do not exceed)::

        (low_k, high_k) = m_k -+ q * s_k

    A pointwise band (the middle 95 % of each column) is left somewhere by most
    curves when there are many columns; this one by ``1 - confidence`` of them.
    It is a sup-t band (Montiel Olea & Plagborg-Møller, 2019, "Simultaneous
    confidence bands", *Journal of Applied Econometrics* 34:1), here built from
    simulated curves rather than bootstrap draws. Returns ``(low, high)``.

    >>> low, high = simultaneous_band([[0.0, 1.0], [1.0, 2.0], [2.0, 3.0]], confidence=0.9)
    >>> low.tolist(), high.tolist()
    ([0.0, 1.0], [2.0, 3.0])
    """
    c = np.asarray(curves, dtype=float)
    if c.ndim != 2 or c.shape[0] < 2 or c.shape[1] < 1:
        raise ValueError(f"curves must be a two-dimensional array with at least two rows, got shape {c.shape}")
    if not np.all(np.isfinite(c)):
        raise ValueError("curves must hold finite numbers")
    confidence = check_probability_open(confidence, "confidence")
    centre = c.mean(axis=0)
    spread = c.std(axis=0, ddof=1)
    dev = np.abs(c - centre)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(spread > 0, dev / np.where(spread > 0, spread, 1.0), np.where(dev > 0, np.inf, 0.0))
    q = np.quantile(z.max(axis=1), confidence, method="inverted_cdf")
    return centre - q * spread, centre + q * spread


def _cp_table(n: int, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    return _clopper_pearson(np.arange(n + 1), n, confidence)


def _study_sizes(n_test_pos, class_size) -> tuple[int, int]:
    """``(n_test_pos, class_size)`` checked: whole numbers, each at least 1."""
    n = check_count(n_test_pos, "n_test_pos")
    size = check_count(class_size, "class_size")
    if n < 1:
        raise ValueError("n_test_pos must be at least 1")
    if size < 1:
        raise ValueError("class_size must be at least 1")
    return n, size


def precision_at_k_coverage(
    recall: float, *, n_test_pos: int, class_size: int, target: str = "expected",
    pool_size: int | None = None, audited: int | None = None, confidence: float = 0.95,
) -> float:
    """Exact probability that the interval of precision@k unlabeled contains its target.

    With ``n`` test positives, ``x ~ Binomial(n, r)`` of them above the k-th
    pool score (``r = recall``) and the Clopper-Pearson limits ``L(x), U(x)`` of
    ``precision_at_k_interval``, the interval for the count of members among
    the top k is ``(L(x) C, U(x) C)`` when the class size ``C`` is known. Its
    target is either

    - ``target="expected"``: ``r C`` (so the precision ``r C / k``), or
    - ``target="realised"``: the count ``T ~ Binomial(C, r)`` of this pool's
      members above that score (so the precision ``T / k`` of one pool).

    Then, summing over the independent counts::

        coverage = sum_x P(x) * P(L(x) C <= target <= U(x) C)

    With ``audited`` and ``pool_size`` the class size comes from an audit
    instead: ``m ~ Hypergeometric(pool_size, C, audited)`` members in the
    audit and the interval of ``class_size_from_audit``, ``(N l(m), N u(m))``;
    the combined interval takes the ends over both,
    ``(L(x) N l(m), U(x) N u(m))``, and the sum runs over ``x`` and ``m``.
    (A clip of the precision at 1 changes nothing: every target is at most 1.)

    >>> round(precision_at_k_coverage(0.99, n_test_pos=18, class_size=90), 4)
    0.9862
    >>> round(precision_at_k_coverage(0.99, n_test_pos=18, class_size=90, target="realised"), 4)
    0.9278
    """
    r = check_rate(recall, "recall")
    n, size = _study_sizes(n_test_pos, class_size)
    confidence = check_probability_open(confidence, "confidence")
    if target not in ("expected", "realised"):
        raise ValueError(f"target must be 'expected' or 'realised', got {target!r}")
    if (pool_size is None) != (audited is None):
        raise ValueError("audited and pool_size go together: pass both or neither")
    x = np.arange(n + 1)
    px = binom.pmf(x, n, r)
    low, high = _cp_table(n, confidence)
    if audited is None:
        c_low = c_high = np.array([float(size)])
        pm = np.array([1.0])
    else:
        big_n = check_count(pool_size, "pool_size")
        a = check_count(audited, "audited")
        if size > big_n:
            raise ValueError(f"class_size ({size}) cannot exceed pool_size ({big_n})")
        if not 1 <= a <= big_n:
            raise ValueError(f"audited must be between 1 and pool_size ({big_n}), got {a}")
        m = np.arange(a + 1)
        pm = hypergeom.pmf(m, big_n, size, a)
        m_low, m_high = _cp_table(a, confidence)
        c_low, c_high = big_n * m_low, big_n * m_high
    lo = low[:, None] * c_low[None, :]  # (x, m) grid of interval ends on the count scale
    hi = high[:, None] * c_high[None, :]
    if target == "expected":
        inside = (lo <= r * size) & (r * size <= hi)
        return float(px @ inside @ pm)
    t = np.arange(size + 1)
    pt = binom.pmf(t, size, r)
    inside = (lo[..., None] <= t) & (t <= hi[..., None])  # (x, m, t)
    return float(np.einsum("x,m,t,xmt->", px, pm, pt, inside))


def class_size_interval_coverage(class_size: int, *, pool_size: int, audited: int, confidence: float = 0.95) -> float:
    """Exact coverage of the class-size interval of ``class_size_from_audit``, for a random audit.

    An audit of ``n = audited`` items drawn without replacement from a pool of
    ``N = pool_size`` holding ``C = class_size`` members finds
    ``m ~ Hypergeometric(N, C, n)`` of them; the interval is ``N`` times the
    binomial Clopper-Pearson interval ``(l(m), u(m))`` of ``m / n``. So::

        coverage = sum_m P(m) * [N l(m) <= C <= N u(m)]

    It exceeds ``confidence`` when the audit is a large share of the pool, as
    the binomial interval ignores the finite-population correction.

    >>> round(class_size_interval_coverage(90, pool_size=1256, audited=200), 4)
    0.9749
    """
    size = check_count(class_size, "class_size")
    big_n = check_count(pool_size, "pool_size")
    a = check_count(audited, "audited")
    confidence = check_probability_open(confidence, "confidence")
    if size > big_n:
        raise ValueError(f"class_size ({size}) cannot exceed pool_size ({big_n})")
    if not 1 <= a <= big_n:
        raise ValueError(f"audited must be between 1 and pool_size ({big_n}), got {a}")
    m = np.arange(a + 1)
    low, high = _cp_table(a, confidence)
    inside = (big_n * low <= size) & (size <= big_n * high)
    return float(np.sum(hypergeom.pmf(m, big_n, size, a) * inside))


def ideal_ranking_p_value(below: int, *, n_test_pos: int, class_size: int) -> float:
    """Chance that ``below`` or more test positives score below the class_size-th pool score, for an ideal ranking.

    In an ideal ranking the pool's ``C = class_size`` members rank above every
    other pool item, so the C-th pool score is the lowest member's score, and
    the ``n`` test positives and the C pool members come from one distribution
    (continuous scores, no ties). Then the ``n + C`` scores are exchangeable,
    and ``j`` or more test positives fall below every pool member exactly when
    the ``j`` lowest of all ``n + C`` scores are test scores::

        P(below >= j) = comb(n, j) / comb(n + C, j)

    A small value at k = C (a k fixed in advance) is evidence that other pool
    items rank among the members (look-alikes). ``below = n - x_C``, with
    ``x_C`` the test positives at or above the C-th pool score.

    >>> round(ideal_ranking_p_value(3, n_test_pos=18, class_size=91), 4)
    0.0039
    """
    j = check_count(below, "below")
    n, size = _study_sizes(n_test_pos, class_size)
    if j > n:
        raise ValueError(f"below ({j}) cannot exceed n_test_pos ({n})")
    return math.comb(n, j) / math.comb(n + size, j)
