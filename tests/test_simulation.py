"""Simulated studies: the rare-disease blog post's counts and figures, exact and random draws."""

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

from helpers import Counts, confusion_counts, metric_zoo, simulate_counts, simulate_labels, simulate_studies
from helpers.simulation import simulate_population_studies


def test_blog_post_real_population():
    c = simulate_counts(10, 99_990, 0.8, 0.999)
    assert c == Counts(tn=99_890, fp=100, fn=2, tp=8)
    z = metric_zoo(c)
    assert f"{z['accuracy']:.2%}" == "99.90%"
    assert f"{z['precision']:.2%}" == "7.41%"
    assert f"{z['recall']:.2%}" == "80.00%"
    assert f"{z['f1']:.2%}" == "13.56%"


def test_blog_post_enriched_population():
    c = simulate_counts(110, 99_990, 0.8, 0.999)
    assert c.n == 100_100
    z = metric_zoo(c)
    assert [f"{z[k]:.2%}" for k in ("accuracy", "precision", "recall", "f1")] == [
        "99.88%",
        "46.81%",
        "80.00%",
        "59.06%",
    ]


def test_blog_post_recovered_rates_rebuild_the_real_metrics():
    enriched = simulate_counts(110, 99_990, 0.8, 0.999)
    z = metric_zoo(enriched)
    assert z["recall"] == 0.8
    assert z["specificity"] == pytest.approx(0.998999899989999, abs=1e-15)
    rebuilt = simulate_counts(10, 99_990, z["recall"], z["specificity"])
    assert rebuilt == simulate_counts(10, 99_990, 0.8, 0.999)


def test_labels_match_counts_and_sklearn():
    y_true, y_pred = simulate_labels(10, 99_990, 0.8, 0.999)
    assert confusion_counts(y_true, y_pred) == simulate_counts(10, 99_990, 0.8, 0.999)
    assert f"{accuracy_score(y_true, y_pred):.2%}" == "99.90%"
    assert f"{precision_score(y_true, y_pred):.2%}" == "7.41%"
    assert f"{recall_score(y_true, y_pred):.2%}" == "80.00%"
    assert f"{f1_score(y_true, y_pred):.2%}" == "13.56%"


def test_counts_always_add_up_even_at_half():
    # 5 * 0.5 = 2.5: rounding TP and FN separately would give 2 + 2 = 4 people
    c = simulate_counts(5, 5, 0.5, 0.5)
    assert c.n_pos == 5 and c.n_neg == 5


def test_a_trillion_people_by_counts():
    c = simulate_counts(10**7, 10**12 - 10**7, 0.8, 0.999)
    assert c.n == 10**12
    assert c.tp == 8 * 10**6


@pytest.mark.slow  # a Monte Carlo study: the full suite runs it, the fast tier does not
def test_random_labels_follow_the_binomial():
    tps = [confusion_counts(*simulate_labels(100, 50, 0.8, 0.9, rng=seed)).tp for seed in range(300)]
    assert np.mean(tps) == pytest.approx(80, abs=1.0)  # sd of the mean = 4/sqrt(300) = 0.23


def test_studies_are_vectorised_and_reproducible():
    a = simulate_studies(10, 99_990, 0.8, 0.999, n_studies=5000, rng=1)
    b = simulate_studies(10, 99_990, 0.8, 0.999, n_studies=5000, rng=1)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert a.tp.shape == (5000,)
    assert np.all(a.tp + a.fn == 10) and np.all(a.tn + a.fp == 99_990)
    assert a.tp.mean() == pytest.approx(8, abs=0.1)  # sd of the mean = 1.26/sqrt(5000)
    assert a.fp.mean() == pytest.approx(99.99, abs=0.5)


def test_population_studies_draw_the_number_of_sick_people():
    c = simulate_population_studies(100_000, 1e-4, 0.8, 0.999, n_studies=20_000, rng=4)
    assert c.tp.shape == (20_000,)
    assert np.all(c.tp + c.fn + c.fp + c.tn == 100_000)
    assert np.all((c.tp >= 0) & (c.fn >= 0) & (c.fp >= 0) & (c.tn >= 0))
    n_pos = c.tp + c.fn
    # Binomial(100 000, 1e-4): mean 10, variance 9.999 (sd of the mean 0.022, of the variance about 0.1)
    assert n_pos.mean() == pytest.approx(10, abs=0.1)
    assert n_pos.var() == pytest.approx(9.999, abs=0.5)
    # given n_pos, TP is Binomial(n_pos, 0.8): overall E[TP] = 8, Var[TP] = 10 * 0.8 * 0.2 + 0.8**2 * 10 = 8
    assert c.tp.mean() == pytest.approx(8, abs=0.1)
    assert c.tp.var() == pytest.approx(8, abs=0.5)
    assert c.fp.mean() == pytest.approx(0.001 * (100_000 - 10), abs=0.5)
    again = simulate_population_studies(100_000, 1e-4, 0.8, 0.999, n_studies=20_000, rng=4)
    assert all(np.array_equal(x, y) for x, y in zip(c, again, strict=True))


def test_population_studies_spread_more_than_fixed_ones():
    """A prevalence counted in the study adds its own noise: the number of sick people varies."""
    fixed = simulate_studies(10, 99_990, 0.8, 0.999, n_studies=20_000, rng=5)
    drawn = simulate_population_studies(100_000, 1e-4, 0.8, 0.999, n_studies=20_000, rng=5)
    assert np.all(fixed.tp + fixed.fn == 10)
    assert np.std(drawn.tp) > 1.5 * np.std(fixed.tp)  # sqrt(8) vs sqrt(1.6): about 2.2 times


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"n_people": 100, "prevalence": 0.0}, "prevalence"), ({"n_people": -1, "prevalence": 0.1}, "n_people"),
     ({"n_people": 100, "prevalence": 0.1, "tpr": 2.0}, "tpr")],
)
def test_population_studies_bad_arguments(kwargs, match):
    args = {"tpr": 0.8, "tnr": 0.9} | kwargs
    with pytest.raises(ValueError, match=match):
        simulate_population_studies(args["n_people"], args["prevalence"], args["tpr"], args["tnr"], n_studies=3)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((10, 100, 1.2, 0.9), "tpr"),
        ((10, 100, 0.8, -0.1), "tnr"),
        ((-1, 100, 0.8, 0.9), "n_pos"),
        ((10, 2.5, 0.8, 0.9), "n_neg"),
    ],
)
def test_bad_arguments(args, match):
    with pytest.raises(ValueError, match=match):
        simulate_counts(*args)
    with pytest.raises(ValueError, match=match):
        simulate_labels(*args)
