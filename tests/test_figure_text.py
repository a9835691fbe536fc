"""helpers.figure_text: a figure's text alternative follows the numbers it draws, and notebooks carry it."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from helpers.course_map import all_notebooks  # noqa: E402
from helpers.figure_text import _number, describe_figure, enable_figure_descriptions  # noqa: E402
from helpers.plotting import plot_confusion_matrix  # noqa: E402

NOTEBOOKS = all_notebooks(Path(__file__).resolve().parents[1] / "notebooks")
cells = st.integers(min_value=0, max_value=10**6)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@settings(max_examples=25, deadline=None)
@given(tp=cells, fn=cells, fp=cells, tn=cells)
def test_confusion_matrix_text_holds_its_four_counts(tp, fn, fp, tn):
    fig, ax = plt.subplots()
    plot_confusion_matrix(tp=tp, fn=fn, fp=fp, tn=tn, ax=ax)
    text = describe_figure(fig)
    for name, value in (("TN", tn), ("FP", fp), ("FN", fn), ("TP", tp)):
        assert f"{name} {value:,}" in text
    assert "2 by 2 grid" in text
    plt.close(fig)


@settings(max_examples=25, deadline=None)
@given(heights=st.lists(st.integers(min_value=1, max_value=10**5), min_size=2, max_size=6))
def test_bar_text_follows_the_heights_and_names_the_ticks(heights):
    names = [f"group {i}" for i in range(len(heights))]
    fig, ax = plt.subplots()
    ax.bar(names, heights, label="counts")
    text = describe_figure(fig)
    expected = ", ".join(f"{n}: {h:,}" for n, h in zip(names, heights, strict=True))
    assert f"{len(heights)} bars 'counts': {expected}" in text
    plt.close(fig)


def test_text_changes_when_a_number_changes():
    texts = []
    for tp in (8, 9):
        fig, ax = plt.subplots()
        plot_confusion_matrix(tp=tp, fn=2, fp=100, tn=99_890, ax=ax)
        texts.append(describe_figure(fig))
    assert texts[0] != texts[1] and "TP 8" in texts[0] and "TP 9" in texts[1]


def test_lines_points_axes_and_titles():
    fig, (a, b) = plt.subplots(1, 2)
    a.plot([0, 0.1, 1], [0, 0.7, 1], label="model (AUC 0.85)")
    a.plot([0, 1], [0, 1], label="chance")
    a.set(xlabel="false positive rate", ylabel="true positive rate", title="ROC curve", xscale="log")
    b.scatter([1, 2, 3], [4, 5, 6], label="patients")
    b.axhline(0.5, label="half")
    fig.suptitle("Two panels")
    fig.set_label("The curves of the example")
    text = describe_figure(fig)
    assert text.startswith("The curves of the example. Figure of 2 panels 'Two panels'.")
    assert "Panel 1, 'ROC curve'" in text and "x axis 'false positive rate' (log scale)" in text
    assert "'model (AUC 0.85)' line of 3 points from (0, 0) to (1, 1)" in text
    assert "3 points 'patients', x 1 to 3, y 4 to 6" in text
    assert "'half' horizontal line at 0.5" in text


def test_histogram_and_large_grid_are_summarised():
    fig, ax = plt.subplots()
    ax.hist(np.arange(100) % 10, bins=20, label="scores")
    assert "20 bars 'scores' (a histogram)" in describe_figure(fig)
    fig, ax = plt.subplots()
    m = np.diag(np.arange(1, 6)) + np.eye(5, k=1, dtype=int)
    ax.imshow(m)
    for i in range(5):
        for j in range(5):
            ax.text(j, i, str(m[i, j]))
    text = describe_figure(fig)
    assert "on the diagonal 1, 2, 3, 4, 5" in text and "4 other cells not 0" in text


@pytest.mark.parametrize(("x", "digits", "shown"), [
    (99_890, 3, "99,890"), (0.04381, 3, "0.0438"), (0.05, 2, "0.05"), (363.2, 2, "360"), (6.39e-05, 3, "6.39e-05"),
    (-0.02, 2, "-0.02"), (1.0, 2, "1"), (0.0, 2, "0"),
])
def test_numbers_are_rounded_for_reading(x, digits, shown):
    assert _number(x, digits) == shown


def test_an_ipython_shell_gets_the_text_as_alt_and_plain_text():
    from IPython.core.interactiveshell import InteractiveShell
    from matplotlib.figure import Figure

    shell = InteractiveShell.instance()
    try:
        _check_shell(shell, Figure)
    finally:
        InteractiveShell.clear_instance()


def _check_shell(shell, Figure):
    shell.display_formatter.formatters["image/png"].for_type(Figure, lambda fig: b"\x89PNG fake")
    assert enable_figure_descriptions(shell) is True
    assert enable_figure_descriptions(shell) is True  # twice: still one wrapper
    fig, ax = plt.subplots()
    plot_confusion_matrix(tp=8, fn=2, fp=100, tn=99_890, ax=ax)
    data, metadata = shell.display_formatter.format(fig)
    assert data["image/png"] == b"\x89PNG fake"
    assert metadata["image/png"]["alt"] == describe_figure(fig) == data["text/plain"]
    assert "TP 8" in data["text/plain"]


def test_outside_ipython_nothing_happens(monkeypatch):
    import IPython

    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert enable_figure_descriptions() is False


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_figure_carries_its_text(notebook):
    """The committed outputs were built with the texts: each PNG has an alt, equal to its plain text (nbval checks)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            if "image/png" not in out.get("data", {}):
                continue
            alt = (out.get("metadata", {}).get("image/png") or {}).get("alt", "")
            plain = "".join(out["data"].get("text/plain", ""))
            assert alt.startswith(("Figure", "Empty figure")) or ". Figure" in alt, f"cell {i}: alt {alt!r:.80}"
            assert plain == alt, f"cell {i}: text/plain {plain!r:.80} is not the figure's text"
