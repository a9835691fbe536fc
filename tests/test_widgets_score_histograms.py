"""Notebook 03 widget: score histograms cut by one threshold, the ROC and PR points, and a prevalence slider."""

import io
import re

import numpy as np
import PIL.Image
import pytest
from sklearn.metrics import confusion_matrix, precision_score

from helpers.widgets import Dashboard
from helpers.widgets.score_histograms import score_histogram_dashboard, score_histograms

RNG = np.random.default_rng(1)
Y = (RNG.random(600) < 0.1).astype(int)
S = RNG.normal(size=600) + 1.5 * Y


def shown(d: Dashboard) -> dict[str, str]:
    """The readout table as {row title: value}."""
    cells = re.findall(r"<td[^>]*>([^<]*)</td><td[^>]*>([^<]*)</td>", d.views["numbers"].value)
    return {k.replace("&#x27;", "'").replace("&gt;", ">"): v for k, v in cells}


def row(d: Dashboard, start: str) -> str:
    (value,) = [v for k, v in shown(d).items() if k.startswith(start)]
    return value


def panels(d: Dashboard) -> tuple[np.ndarray, np.ndarray]:
    """The pixels of the ROC panel and of the PR panel (the figure's second and third axes)."""
    view = d.views["plots"]
    image = np.asarray(PIL.Image.open(io.BytesIO(view.png)).convert("RGB"))
    height = image.shape[0]
    crops = []
    for ax in view.figure.axes[1:3]:
        box = ax.get_window_extent()  # pixels from the bottom left; the image's rows run from the top
        crops.append(image[int(height - box.y1):int(height - box.y0), int(box.x0):int(box.x1)])
    roc, pr = crops
    return roc, pr


@pytest.fixture(scope="module")
def d() -> Dashboard:
    """One dashboard for the module (its first drawing is the slow part); each test sets the controls it reads."""
    d = score_histogram_dashboard(Y, S)
    # the initial state
    assert "<th" in d.views["numbers"].value and d.status.value == ""
    assert d.views["plots"].png[:8] == b"\x89PNG\r\n\x1a\n"
    assert d.controls["prevalence"].value == pytest.approx(Y.mean())  # starts at the sample's own prevalence
    assert row(d, "precision at pi") == row(d, "precision in the sample")
    return d


def test_threshold_moves_the_point_to_sklearns_counts(d):
    d.controls["prevalence"].value = 0.01
    assert d.controls["prevalence"].value == pytest.approx(0.01)
    for t in [-1.0, 0.3, 1.2, 2.4]:
        d.controls["threshold"].value = t
        t = d.controls["threshold"].value  # the slider snaps to its step
        tn, fp, fn, tp = confusion_matrix(Y, S >= t).ravel()
        assert row(d, "positives") == f"{tp} / {fn}"
        assert row(d, "negatives N") == f"{fp} / {tn}"
        assert float(row(d, "TPR")) == pytest.approx(tp / (tp + fn), abs=5e-4)
        assert float(row(d, "FPR")) == pytest.approx(fp / (fp + tn), abs=5e-4)
        w = 0.99 / 0.01 * Y.sum() / (Y == 0).sum()
        expected = precision_score(Y, S >= t, sample_weight=np.where(Y == 1, 1.0, w))
        assert float(row(d, "precision at pi")) == pytest.approx(expected, abs=5e-4)


def test_prevalence_keeps_the_roc_point_and_moves_the_pr_point(d):
    d.controls["prevalence"].value = 0.5
    d.controls["threshold"].value = 1.0
    t = d.controls["threshold"].value
    roc_before, pr_before = panels(d)
    rates_before = row(d, "TPR"), row(d, "FPR")
    precisions = []
    for pi in [0.3, 0.05, 0.002]:
        d.controls["prevalence"].value = pi
        pi = d.controls["prevalence"].value  # the log slider snaps to its step
        assert (row(d, "TPR"), row(d, "FPR")) == rates_before
        roc_now, pr_now = panels(d)
        assert np.array_equal(roc_now, roc_before), pi  # not one pixel of the ROC panel moves
        assert not np.array_equal(pr_now, pr_before), pi
        pr_before = pr_now
        # the weighted formula, by scikit-learn: every negative weighs w = (P (1 - pi) / pi) / N
        w = (Y.sum() * (1 - pi) / pi) / (Y == 0).sum()
        expected = precision_score(Y, S >= t, sample_weight=np.where(Y == 1, 1.0, w))
        assert float(row(d, "precision at pi")) == pytest.approx(expected, abs=5e-4), pi
        assert float(row(d, "negatives with")) == pytest.approx(Y.sum() * (1 - pi) / pi, abs=0.05)
        precisions.append(float(row(d, "precision at pi")))
    assert precisions == sorted(precisions, reverse=True)


def test_histogram_heights_follow_the_prevalence():
    edges, pos, neg = score_histograms(Y, S, prevalence=Y.mean(), bins=12)
    assert np.array_equal(edges, np.linspace(S.min(), S.max(), 13))
    assert np.array_equal(pos, np.histogram(S[Y == 1], bins=edges)[0])
    assert np.allclose(neg, np.histogram(S[Y == 0], bins=edges)[0])  # own prevalence: weight 1
    for pi in [0.5, 0.01, 0.001]:
        _, pos_pi, neg_pi = score_histograms(Y, S, prevalence=pi, bins=12)
        assert np.array_equal(pos_pi, pos)  # the positives stay as counted
        assert neg_pi.sum() == pytest.approx(Y.sum() * (1 - pi) / pi)  # N' negatives come with them
        assert np.allclose(neg_pi / neg_pi.sum(), neg / neg.sum())  # same shape, scaled


def test_histogram_picture_changes_with_the_prevalence(d):
    d.controls["prevalence"].value = 0.1
    before = d.views["plots"].png
    d.controls["prevalence"].value = 0.002
    assert d.views["plots"].png != before


@pytest.mark.slow  # a second dashboard: its first drawing takes about a second
def test_start_values_are_taken():
    d2 = score_histogram_dashboard(Y, S, threshold=0.75, prevalence=0.02, bins=10)
    assert d2.controls["threshold"].value == pytest.approx(0.75, abs=d2.controls["threshold"].step)
    assert d2.controls["prevalence"].value == pytest.approx(0.02)


def test_bad_inputs_refused():
    with pytest.raises(ValueError, match="prevalence"):
        score_histogram_dashboard(Y, S, prevalence=0.9)
    with pytest.raises(ValueError, match="bins"):
        score_histograms(Y, S, prevalence=0.1, bins=0)
    with pytest.raises(ValueError, match="two different scores"):
        score_histogram_dashboard([0, 1], [0.5, 0.5])
