"""Simulated studies: a population with a known sensitivity and specificity.

Everything is simulated by counts (four numbers per study), so a population
of 10**12 people costs no memory; labels are only made when asked for.
"""

from __future__ import annotations

import numpy as np

from ._arguments import as_generator
from ._validate import check_count, check_probability_open, check_rate
from .counts import Counts

__all__ = ["simulate_counts", "simulate_labels", "simulate_studies", "simulate_population_studies"]


def simulate_counts(n_pos: int, n_neg: int, tpr: float, tnr: float) -> Counts:
    """Expected confusion counts, rounded as in the rare-disease blog post's study.

    ::

        TP = round(n_pos * tpr)    FN = n_pos - TP
        TN = round(n_neg * tnr)    FP = n_neg - TN

    ``round`` is round-half-to-even, like ``np.rint`` in the blog post. (The post
    rounds FN and FP separately; at an exact .5 that loses or adds a person,
    so here FN and FP are what is left of each class.)

    >>> simulate_counts(10, 99_990, 0.8, 0.999)
    Counts(tn=99890, fp=100, fn=2, tp=8)
    """
    n_pos = check_count(n_pos, "n_pos")
    n_neg = check_count(n_neg, "n_neg")
    tpr = check_rate(tpr, "tpr")
    tnr = check_rate(tnr, "tnr")
    tp = round(n_pos * tpr)
    tn = round(n_neg * tnr)
    return Counts(tn=tn, fp=n_neg - tn, fn=n_pos - tp, tp=tp)


def simulate_labels(n_pos: int, n_neg: int, tpr: float, tnr: float, *, rng=None):
    """Label arrays ``(y_true, y_pred)`` for one simulated study.

    ``y_true`` holds ``n_pos`` ones then ``n_neg`` zeros. With ``rng=None`` the
    predictions reproduce :func:`simulate_counts` exactly; with an int seed or a
    ``numpy.random.Generator`` each person is classified at random, so
    ``TP ~ Binomial(n_pos, tpr)`` and ``TN ~ Binomial(n_neg, tnr)``.

    >>> y_true, y_pred = simulate_labels(2, 3, 0.5, 1.0)
    >>> y_true.tolist(), y_pred.tolist()
    ([1, 1, 0, 0, 0], [1, 0, 0, 0, 0])
    """
    n_pos = check_count(n_pos, "n_pos")
    n_neg = check_count(n_neg, "n_neg")
    tpr = check_rate(tpr, "tpr")
    tnr = check_rate(tnr, "tnr")
    if rng is None:
        c = simulate_counts(n_pos, n_neg, tpr, tnr)
    else:
        g = as_generator(rng)
        tp = int(g.binomial(n_pos, tpr))
        tn = int(g.binomial(n_neg, tnr))
        c = Counts(tn=tn, fp=n_neg - tn, fn=n_pos - tp, tp=tp)
    y_true = np.zeros(n_pos + n_neg, dtype=np.int8)
    y_true[:n_pos] = 1
    y_pred = np.zeros_like(y_true)
    y_pred[: c.tp] = 1  # positives predicted positive, then the missed ones
    y_pred[n_pos : n_pos + c.fp] = 1  # the negatives flagged by mistake
    return y_true, y_pred


def simulate_studies(
    n_pos: int, n_neg: int, tpr: float, tnr: float, *, n_studies: int, rng=None
) -> Counts:
    """Repeat a random study ``n_studies`` times; each field is an array.

    ``TP ~ Binomial(n_pos, tpr)``, ``TN ~ Binomial(n_neg, tnr)``,
    ``FN = n_pos - TP``, ``FP = n_neg - TN``, drawn for all studies at once.
    ``rng`` is ``None`` (fresh randomness), an int seed or a
    ``numpy.random.Generator``. Pass the result to :func:`metric_zoo` to get
    one metric value per study.
    """
    n_pos = check_count(n_pos, "n_pos")
    n_neg = check_count(n_neg, "n_neg")
    tpr = check_rate(tpr, "tpr")
    tnr = check_rate(tnr, "tnr")
    n_studies = check_count(n_studies, "n_studies")
    return _draw_studies(as_generator(rng), np.full(n_studies, n_pos), np.full(n_studies, n_neg), tpr, tnr)


def _draw_studies(g: np.random.Generator, n_pos, n_neg, tpr: float, tnr: float) -> Counts:
    """One study per entry of ``n_pos``/``n_neg``: ``TP ~ Binomial(n_pos, tpr)``, ``TN ~ Binomial(n_neg, tnr)``."""
    tp = g.binomial(n_pos, tpr)
    tn = g.binomial(n_neg, tnr)
    return Counts(tn=tn, fp=n_neg - tn, fn=n_pos - tp, tp=tp)


def simulate_population_studies(
    n_people: int, prevalence: float, tpr: float, tnr: float, *, n_studies: int, rng=None
) -> Counts:
    """Repeat a screening study of ``n_people`` drawn from a population; each field is an array.

    Unlike :func:`simulate_studies`, the number of sick people is not fixed:
    each study screens ``n_people`` people from a population with the given
    prevalence, so::

        n_pos ~ Binomial(n_people, prevalence),   n_neg = n_people - n_pos
        TP ~ Binomial(n_pos, tpr),                TN ~ Binomial(n_neg, tnr)

    and ``FN = n_pos - TP``, ``FP = n_neg - TN``. ``counts.n_pos / n_people``
    is then each study's estimate of the prevalence. ``rng`` is ``None``
    (fresh randomness), an int seed or a ``numpy.random.Generator``.

    >>> c = simulate_population_studies(100_000, 1e-4, 0.8, 0.999, n_studies=3, rng=0)
    >>> (c.tp + c.fn + c.fp + c.tn).tolist()
    [100000, 100000, 100000]
    """
    n_people = check_count(n_people, "n_people")
    prevalence = check_probability_open(prevalence, "prevalence")
    tpr = check_rate(tpr, "tpr")
    tnr = check_rate(tnr, "tnr")
    n_studies = check_count(n_studies, "n_studies")
    g = as_generator(rng)
    n_pos = g.binomial(n_people, prevalence, size=n_studies)
    return _draw_studies(g, n_pos, n_people - n_pos, tpr, tnr)
