"""helpers.threshold_choice: weights to a prevalence, the F1-best threshold, picked-on vs held-out F1."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.datasets import make_blobs
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from helpers.threshold_choice import f1_best_threshold, picked_vs_held_out, prevalence_weights

labelled_scores = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.integers(0, 8).map(lambda k: k / 8), min_size=n, max_size=n),  # ties
        st.lists(st.floats(0.1, 10), min_size=n, max_size=n),
    )
)


@given(labelled_scores, st.floats(0.01, 0.99))
def test_weights_give_the_prevalence(data, pi):
    y = np.array(data[0])
    w = prevalence_weights(y, pi)
    assert np.all(w[y == 1] == 1)
    assert np.sum(w[y == 1]) / np.sum(w) == pytest.approx(pi)


@given(labelled_scores, st.booleans())
def test_f1_best_threshold_matches_a_brute_force_search(data, weighted):
    y, s, w = np.array(data[0]), np.array(data[1]), np.array(data[2])
    w = w if weighted else None
    f1 = {t: f1_score(y, s >= t, sample_weight=w) for t in np.unique(s)}
    best = max(f1.values())
    expected = max(t for t, v in f1.items() if np.isclose(v, best, rtol=0, atol=1e-12))  # ties: the highest
    assert f1_best_threshold(y, s, sample_weight=w) == expected


def test_f1_best_threshold_example_and_errors():
    assert f1_best_threshold([0, 1, 0, 1, 1], [0.1, 0.4, 0.35, 0.8, 0.9]) == 0.4
    # weighting the negatives up makes the extra false positive at 0.35 dearer: the cut moves up
    assert f1_best_threshold([0, 1, 0, 1], [0.3, 0.35, 0.4, 0.9]) == 0.35
    assert f1_best_threshold([0, 1, 0, 1], [0.3, 0.35, 0.4, 0.9], sample_weight=[1, 1, 9, 1]) == 0.9
    with pytest.raises(ValueError, match="same length"):
        f1_best_threshold([0, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="sample_weight"):
        f1_best_threshold([0, 1], [0.1, 0.2], sample_weight=[-1, 1])
    with pytest.raises(ValueError, match="zero total weight"):
        f1_best_threshold([0, 1], [0.1, 0.2], sample_weight=[1, 0])
    with pytest.raises(ValueError, match="prevalence"):
        prevalence_weights([0, 1], 1.0)


def test_picked_vs_held_out_repeats_a_split_by_hand():
    X, y = make_blobs(n_samples=(400, 100), cluster_std=[4.0, 2], random_state=1)
    model = make_pipeline(StandardScaler(), LogisticRegression())
    out = picked_vs_held_out(model, X, y, prevalence=0.1, n_splits=3, rng=5)
    seed = int(np.random.default_rng(5).integers(0, 2**31 - 1, size=3)[1])  # the seed of split 1
    assert out.shape == (3, 3) and list(out.columns) == ["threshold", "f1_picked_on", "f1_held_out"]
    # split 1 by hand
    X_rest, X_test, y_rest, y_test = train_test_split(X, y, test_size=0.25, stratify=y, random_state=seed)
    X_fit, X_val, y_fit, y_val = train_test_split(X_rest, y_rest, test_size=1 / 3, stratify=y_rest, random_state=seed)
    fitted = make_pipeline(StandardScaler(), LogisticRegression()).fit(X_fit, y_fit)
    s_val, s_test = fitted.predict_proba(X_val)[:, 1], fitted.predict_proba(X_test)[:, 1]
    w_val = np.where(y_val == 1, 1.0, 9 * y_val.sum() / (y_val == 0).sum())
    w_test = np.where(y_test == 1, 1.0, 9 * y_test.sum() / (y_test == 0).sum())
    f1 = {t: f1_score(y_val, s_val >= t, sample_weight=w_val) for t in np.unique(s_val)}
    t = max(f1, key=lambda k: (round(f1[k], 12), k))
    assert out.threshold[1] == pytest.approx(t)
    assert out.f1_picked_on[1] == pytest.approx(f1[t])
    assert out.f1_held_out[1] == pytest.approx(f1_score(y_test, s_test >= t, sample_weight=w_test))
    # the picked-on F1 is the maximum over thresholds on the validation rows
    assert out.f1_picked_on[1] == pytest.approx(max(f1.values()))


def test_picked_vs_held_out_refuses_bad_sizes():
    X, y = make_blobs(n_samples=(40, 20), random_state=0)
    model = LogisticRegression()
    with pytest.raises(ValueError, match="n_splits"):
        picked_vs_held_out(model, X, y, prevalence=0.1, n_splits=0)
    with pytest.raises(ValueError, match="below 1"):
        picked_vs_held_out(model, X, y, prevalence=0.1, validation_size=0.5, test_size=0.5)
