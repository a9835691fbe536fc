"""helpers.curves: counts at one threshold, AUC by pairs, the cheat-sheet layout, the plots."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.figure import Figure
from scipy.stats import mannwhitneyu
from sklearn.metrics import confusion_matrix, roc_auc_score, roc_curve

from helpers import roc_table
from helpers.curve_plots import plot_pr_roc, plot_roc_pieces
from helpers.curves import cheat_sheet_roc_table, counts_at_threshold, pair_counts, pairwise_auc

CHEAT_SHEET_SCORES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
CHEAT_SHEET_LABELS = [1, 1, 1, 0, 1, 0, 1, 0, 0]

labelled_scores = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.integers(0, 6).map(lambda k: k / 6), min_size=n, max_size=n),  # many ties
    )
)


def test_counts_at_threshold_rules_on_the_cheat_sheet():
    # at 0.5 the seed's strict rule calls the 0.5 row negative, scikit-learn's >= calls it positive
    assert counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, 0.5, strict=True) == (3, 1, 2, 3)
    assert counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, 0.5) == (3, 1, 1, 4)


@given(labelled_scores, st.sampled_from([0.0, 1 / 6, 0.5, 2 / 3, 1.0, 0.3]), st.booleans())
def test_counts_match_confusion_matrix(data, threshold, strict):
    y, s = np.array(data[0]), np.array(data[1])
    pred = s > threshold if strict else s >= threshold
    expected = tuple(int(v) for v in confusion_matrix(y, pred, labels=[0, 1]).ravel())
    assert counts_at_threshold(y, s, threshold, strict=strict) == expected


def test_counts_points_lie_on_roc_curve():
    fpr, tpr, thresholds = roc_curve(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, drop_intermediate=False)
    for f, t, th in zip(fpr[1:], tpr[1:], thresholds[1:], strict=True):
        c = counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, th)
        assert (c.fp / 4, c.tp / 5) == pytest.approx((f, t))


def test_pairs_on_the_cheat_sheet():
    assert pair_counts(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES) == (17, 0, 3, 20)
    assert pairwise_auc(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES) == pytest.approx(0.85)


@given(labelled_scores)
def test_pairwise_auc_matches_sklearn_and_scipy(data):
    y, s = np.array(data[0]), np.array(data[1])
    p = pair_counts(y, s)
    assert p.wins + p.ties + p.losses == p.n_pairs == y.sum() * (1 - y).sum()
    assert p.auc == pytest.approx(roc_auc_score(y, s))
    u = mannwhitneyu(s[y == 1], s[y == 0]).statistic
    assert p.wins + p.ties / 2 == pytest.approx(u)


def test_pair_counts_chunks_agree():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 500)
    s = rng.integers(0, 20, 500).astype(float)
    assert pair_counts(y, s, chunk=7) == pair_counts(y, s)


def test_bad_input():
    with pytest.raises(ValueError, match="both classes"):
        pair_counts([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match="same length"):
        counts_at_threshold([0, 1], [0.1, 0.2, 0.3], 0.5)
    with pytest.raises(ValueError, match="threshold"):
        counts_at_threshold([0, 1], [0.1, 0.2], float("nan"))


def test_cheat_sheet_roc_table_reproduces_the_sheet():
    t = cheat_sheet_roc_table(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES)
    assert list(t.columns) == ["P", "Yp", "Yn", "FP", "TP", "FPR", "TPR", "AUC", "predicted"]
    assert t.P.iloc[0] == np.inf
    assert t.Yp.tolist()[1:] == CHEAT_SHEET_LABELS
    assert t.Yn.tolist()[1:] == [1 - v for v in CHEAT_SHEET_LABELS]
    assert t.FP.tolist() == [0, 0, 0, 0, 1, 1, 2, 2, 3, 4]
    assert t.TP.tolist() == [0, 1, 2, 3, 3, 4, 4, 5, 5, 5]
    np.testing.assert_allclose(t.AUC, [0, 0, 0, 0, 0.15, 0, 0.2, 0, 0.25, 0.25], atol=1e-12)
    assert t.AUC.sum() == pytest.approx(0.85)
    # seed: 0.9 .. 0.6 positive, 0.5 and below negative (strict rule)
    assert t.predicted.tolist() == ["", "1", "1", "1", "1", "0", "0", "0", "0", "0"]
    assert cheat_sheet_roc_table(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, strict=False).predicted.tolist()[5] == "1"


@given(labelled_scores)
def test_cheat_sheet_roc_table_is_roc_table(data):
    y, s = data
    t, r = cheat_sheet_roc_table(y, s), roc_table(y, s)
    np.testing.assert_array_equal(t.TP, r.tp)
    np.testing.assert_array_equal(t.FP, r.fp)
    assert t.AUC.sum() == pytest.approx(roc_auc_score(y, s))


def test_plots_draw_on_given_axes():
    fig = Figure()
    ax_pr, ax_roc = fig.subplots(1, 2)
    plot_pr_roc(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, axes=(ax_pr, ax_roc), label="seed")
    assert ax_pr.get_xlabel().startswith("recall") and ax_roc.get_ylabel().startswith("true positive")
    assert len(ax_pr.lines) == 2 and len(ax_roc.lines) == 2
    ax = Figure().subplots()
    plot_roc_pieces(roc_table(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES), ax=ax)
    assert len(ax.collections) == 4  # one shaded piece per step to the right
    assert "0.850" in ax.get_legend().get_texts()[0].get_text()


def test_pair_counts_chunk_of_one_and_bad_chunks():
    y, s = CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES
    assert pair_counts(y, s, chunk=1) == pair_counts(y, s) == pair_counts(y, s, chunk=np.int64(3))
    for bad in (True, 2.5, 0, -3, "8"):
        with pytest.raises(ValueError, match=rf"^chunk must be a whole number >= 1, got {bad!r}$"):
            pair_counts(y, s, chunk=bad)


@pytest.mark.parametrize(
    ("threshold", "shown"),
    [("0.5", "'0.5'"), (True, "True"), (None, "None"), (np.array([0.5]), r"array\(\[0\.5\]\)"),
     ([0.5], r"\[0\.5\]"), (float("nan"), "nan"),
     # float() takes a one-item masked array (numpy 2.4): only the shape check refuses it
     (np.ma.array([0.5]), r"masked_array\(data=\[0\.5\], mask=False, fill_value=1e\+20\)"),
     (1 + 2j, r"\(1\+2j\)")],  # one value, but float() refuses it
)
def test_a_threshold_must_be_one_number(threshold, shown):
    with pytest.raises(ValueError, match=rf"^threshold must be a number, got {shown}$"):
        counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, threshold)
    with pytest.raises(ValueError, match=rf"^threshold must be a number, got {shown}$"):
        cheat_sheet_roc_table(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, threshold=threshold)


def test_a_threshold_may_be_any_number_or_infinity():
    assert counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, np.array(0.5)) == (3, 1, 1, 4)
    assert counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, np.inf) == (4, 0, 5, 0)
    assert counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, -np.inf, strict=True) == (0, 4, 0, 5)
    assert counts_at_threshold(CHEAT_SHEET_LABELS, CHEAT_SHEET_SCORES, 1) == (4, 0, 5, 0)


def test_labels_and_scores_are_named_in_the_messages():
    with pytest.raises(ValueError, match=r"^y_true and y_score must have the same length, got 2 and 3$"):
        counts_at_threshold([0, 1], [0.1, 0.2, 0.3], 0.5)
    with pytest.raises(ValueError, match=r"^y_true has no negatives; both classes are needed$"):
        pairwise_auc([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError, match=r"^y_score must be finite numbers, found .*nan.* at position 1$"):
        pair_counts([0, 1], [0.1, np.nan])
