"""Every widget figure says in text what it shows, the text follows the numbers, presets jump to named situations.

The text alternative of a figure (``FigureView.alt``, the ``alt`` of its ``<img>``) is written from the
numbers the figure draws; these tests move a control and check that the text now holds the new numbers,
computed here independently (by hand from the counts, or with scikit-learn).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix

from helpers.widgets import (
    confusion,
    costs,
    imbalance,
    prior_shift,
    rare_disease,
    roc_by_hand,
    score_histograms,
    start_here,
    thresholds,
)
from helpers.widgets.dashboard import CUSTOM, MIN_TEXT_PX, Dashboard, FigureView, html_table

RNG = np.random.default_rng(3)
Y = (RNG.random(400) < 0.2).astype(int)
S = np.clip(0.35 * Y + 0.65 * RNG.random(400), 0.0, 1.0)


def _factories():
    return {
        "start_here": lambda: start_here.prevalence_demo(),
        "confusion": lambda: confusion.confusion_dashboard(),
        "imbalance": lambda: imbalance.imbalance_dashboard(),
        "thresholds": lambda: thresholds.threshold_dashboard(Y, S),
        "roc_by_hand": lambda: roc_by_hand.roc_by_hand_dashboard(),
        "rare_disease": lambda: rare_disease.rare_disease_dashboard(),
        "prior_shift": lambda: prior_shift.prior_shift_dashboard(Y, S),
        "costs": lambda: costs.cost_dashboard(Y, S),
        "score_histograms": lambda: score_histograms.score_histogram_dashboard(Y, S),
    }


MODULES = {"start_here": start_here, "confusion": confusion, "imbalance": imbalance, "thresholds": thresholds,
           "roc_by_hand": roc_by_hand, "rare_disease": rare_disease, "prior_shift": prior_shift, "costs": costs,
           "score_histograms": score_histograms}


def _figures(d: Dashboard) -> dict[str, FigureView]:
    return {name: v for name, v in d.views.items() if isinstance(v, FigureView)}


def _html_views(d: Dashboard) -> list[str]:
    return [v.value for v in d.views.values() if not isinstance(v, FigureView) and hasattr(v, "value")]


@pytest.fixture(scope="module")
def dashboards():
    return {name: make() for name, make in _factories().items()}


@pytest.mark.parametrize("name", list(_factories()))
def test_every_figure_has_a_text_alternative_in_its_img(dashboards, name):
    d = dashboards[name]
    figures = _figures(d)
    assert figures, f"{name}: no FigureView (an ipywidgets.Image has no alt)"
    for view in figures.values():
        assert len(view.alt) > 60, view.alt  # specific, not "figure"
        assert view.png[:8] == b"\x89PNG\r\n\x1a\n"
        img = re.fullmatch(r'<img src="data:image/png;base64,[A-Za-z0-9+/=]+" alt="([^"]+)" '
                           r'data-text-px="([0-9.]+)" style="[^"]*">', view.value)
        assert img is not None and img.group(1).startswith(view.alt[:20])
        assert float(img.group(2)) >= MIN_TEXT_PX  # the page can check the size the text is shown at


@pytest.mark.parametrize("name", list(_factories()))
def test_tables_have_no_empty_header_cells(dashboards, name):
    for text in _html_views(dashboards[name]):
        assert not re.search(r"<th[^>]*>\s*</th>", text), text[:300]


def test_rare_disease_text_follows_the_sliders(dashboards):
    d = dashboards["rare_disease"]
    d.controls["sensitivity"].value = 0.5
    d.controls["population"].value = 1_000_000
    alt = d.views["picture"].alt
    # by hand: 1 in 10 000 of a million are sick = 100; half are found; 0.1 % of the healthy are flagged
    sick, healthy = 100, 1_000_000 - 100
    tp, fp = 50, round(healthy * 0.001)
    assert f"{tp:,} true positives" in alt and f"{sick - tp:,} missed" in alt
    assert f"{fp:,} false alarms" in alt and f"{healthy - fp:,} true negatives" in alt
    share = round(100 * tp / (tp + fp))
    assert f"of 100 people flagged positive, {share} are sick and {100 - share} healthy" in alt


def test_confusion_text_follows_the_boxes(dashboards):
    d = dashboards["confusion"]
    for name, value in (("tn", 7), ("fp", 11), ("fn", 13), ("tp", 17)):
        d.controls[name].value = value
    alt = d.views["matrix"].alt
    for words, value in (("true negatives", 7), ("false positives", 11), ("false negatives", 13),
                         ("true positives", 17)):
        assert f"{value} {words}" in alt


def test_thresholds_text_follows_the_slider(dashboards):
    d = dashboards["thresholds"]
    before = d.views["curves"].alt
    t = float(np.quantile(S, 0.7))
    d.controls["threshold"].value = t
    alt = d.views["curves"].alt
    assert alt != before
    tn, fp, fn, tp = confusion_matrix(Y, (S >= d.controls["threshold"].value).astype(int)).ravel()
    assert f"recall {tp / (tp + fn):.3f}" in alt and f"precision {tp / (tp + fp):.3f}" in alt
    assert f"FPR {fp / (fp + tn):.3f}" in alt


def test_start_here_text_follows_the_prevalence(dashboards):
    d = dashboards["start_here"]
    d.controls["prevalence"].value = 0.01
    t, f = d.controls["tpr"].value, d.controls["fpr"].value
    assert f"precision {t * 0.01 / (t * 0.01 + f * 0.99):.2%}" in d.views["plot"].alt


def test_roc_by_hand_text_lists_the_curve(dashboards):
    d = dashboards["roc_by_hand"]
    d.controls["scores"].value = "0.9, 0.1, 0.5"
    d.controls["labels"].value = "1, 0, 0"
    assert "(0, 0); (0, 1); (0.5, 1); (1, 1)" in d.views["curve"].alt and "AUC = 1.000" in d.views["curve"].alt


def test_score_histograms_text_follows_threshold_and_prevalence(dashboards):
    d = dashboards["score_histograms"]
    d.controls["threshold"].value = 0.6
    d.controls["prevalence"].value = 0.01
    t = d.controls["threshold"].value
    pi = d.controls["prevalence"].value
    tn, fp, fn, tp = confusion_matrix(Y, S >= t).ravel()
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    precision = tpr * pi / (tpr * pi + fpr * (1 - pi))
    alt = d.views["plots"].alt
    assert f"{tp} true positives, {fn} missed" in alt and f"threshold {t:.3f}" in alt
    assert f"FPR {fpr:.3f} and TPR {tpr:.3f}" in alt and f"precision {precision:.3f}" in alt
    d.controls["prevalence"].value = 0.2
    assert f"precision {tpr * 0.2 / (tpr * 0.2 + fpr * 0.8):.3f}" in d.views["plots"].alt


@pytest.mark.parametrize("name", ["prior_shift", "costs", "imbalance", "score_histograms"])
def test_text_changes_with_every_control(dashboards, name):
    d = dashboards[name]
    for key, control in d.controls.items():
        if key == "preset":
            continue
        before = {n: v.alt for n, v in _figures(d).items()}
        if hasattr(control, "max") and isinstance(control.value, float):
            lo, hi = control.min, control.max
            if control.__class__.__name__ == "FloatLogSlider":
                lo, hi = control.base**lo, control.base**hi
            control.value = lo + 0.37 * (hi - lo) if control.value != lo + 0.37 * (hi - lo) else hi
        elif isinstance(control.value, int):
            control.value = control.value + 7
        else:
            continue
        assert d.status.value == ""
        assert any(v.alt != before[n] for n, v in _figures(d).items()), f"{name}: {key} left the text as it was"


# --------------------------------------------------------------------------------------------- presets


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in MODULES if n != "imbalance"])
def test_each_preset_sets_its_controls_and_the_dropdown_follows(name):
    d = _factories()[name]()
    presets = MODULES[name].PRESETS
    assert 2 <= len(presets) <= 4
    dropdown = d.controls["preset"]
    assert dropdown.description == "situation" and dropdown.options[-1] == CUSTOM
    # a dashboard whose starting values are no situation offers them as one more, first: the way back to them
    start = {key: d.controls[key].value for key in next(iter(presets.values()))}
    back = [] if dropdown.options[0] in presets else [dropdown.options[0]]
    for preset in [*dropdown.options[:-1], *back]:
        before = {n: v.alt for n, v in _figures(d).items()}
        was = dropdown.value
        dropdown.value = preset
        assert d.status.value == ""
        if preset not in presets:
            assert preset == dropdown.options[0] and preset.startswith("starting "), preset
        for key, value in presets.get(preset, start).items():
            assert d.controls[key].value == (pytest.approx(value) if isinstance(value, float) else value)
        if was != preset:
            assert any(v.alt != before[n] for n, v in _figures(d).items())
    # a control moved away from the situation: the dropdown says "custom", the figure follows the control
    key = next(iter(presets.get(dropdown.value, start)))
    control = d.controls[key]
    if isinstance(control.value, str):
        control.value = "0.9, 0.3, 0.2" if key == "scores" else "1, 0, 1"
        d.controls["labels" if key == "scores" else "scores"].value = "1, 0, 1" if key == "scores" else "0.9, 0.3, 0.2"
    elif hasattr(control, "options"):
        control.value = next(o[1] if isinstance(o, tuple) else o for o in control.options
                             if (o[1] if isinstance(o, tuple) else o) != control.value)
    else:
        ends = (control.min, control.max)
        if hasattr(control, "base"):
            ends = (control.base**control.min, control.base**control.max)
        control.value = ends[0] if control.value != pytest.approx(ends[0]) else ends[1]
    assert dropdown.value == CUSTOM


@pytest.mark.slow
def test_thresholds_keeps_only_presets_inside_the_scores():
    d = thresholds.threshold_dashboard(Y, 0.2 + 0.6 * S)  # scores from 0.2 to 0.8: only "0.5" fits
    assert "preset" not in d.controls
    d = thresholds.threshold_dashboard(Y, S)
    assert list(d.controls["preset"].options) == [*thresholds.PRESETS, CUSTOM]


def test_dashboard_refuses_presets_it_cannot_apply():
    import ipywidgets as widgets

    def make(presets):
        slider = widgets.FloatSlider(min=0.0, max=1.0, value=0.5)
        return Dashboard({"x": slider}, {"v": widgets.HTML()}, lambda d: None, presets=presets)

    assert make({"a": {"x": 0.2}, "b": {"x": 0.7}}).controls["preset"].value == CUSTOM
    with pytest.raises(ValueError, match="presets.*'y'.*not a control"):
        make({"a": {"y": 0.2}})
    with pytest.raises(ValueError, match="presets.*outside the control's range"):
        make({"a": {"x": 2.0}})
    with pytest.raises(ValueError, match="presets must be named"):
        make({CUSTOM: {"x": 0.2}})


def test_a_preset_redraws_once():
    import ipywidgets as widgets

    calls = []
    controls = {"x": widgets.FloatSlider(min=0.0, max=1.0, value=0.5), "y": widgets.IntSlider(min=0, max=9)}
    d = Dashboard(controls, {"v": widgets.HTML()}, lambda d: calls.append((controls["x"].value, controls["y"].value)),
                  presets={"both": {"x": 0.25, "y": 4}, "start": {"x": 0.5, "y": 0}})
    assert d.controls["preset"].value == "start"
    calls.clear()
    d.controls["preset"].value = "both"
    assert calls == [(0.25, 4)]


def test_html_table_refuses_an_empty_header_cell():
    with pytest.raises(ValueError, match="header must give every column a title"):
        html_table([("a", 1)], header=("", "value"))
    assert "<th scope='col'" in html_table([("a", 1)], header=("name", "value"))


def test_figure_view_refuses_a_picture_without_text():
    view = FigureView()
    with pytest.raises(ValueError, match="alt must be"):
        view.show(b"\x89PNG\r\n\x1a\n", " ")
    with pytest.raises(ValueError, match="png must be"):
        view.show(b"GIF89a", "a picture")
    view.show(b"\x89PNG\r\n\x1a\n", 'a "quoted" <b>text</b>')
    assert 'alt="a &quot;quoted&quot; &lt;b&gt;text&lt;/b&gt;"' in view.value


def test_a_dashboard_sends_the_script_that_names_its_sliders(monkeypatch):
    """Displayed, a dashboard first sends name_controls.js (marked for the build tool), then itself."""
    import IPython.display
    import ipywidgets as widgets

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append((obj, kw)))
    slider = widgets.FloatSlider(value=0.5, description="prevalence")
    board = Dashboard({"p": slider}, {"out": widgets.HTML()}, lambda d: None)
    board._ipython_display_()
    (script, script_kw), (bundle, bundle_kw) = shown
    assert isinstance(script, IPython.display.Javascript) and script_kw["metadata"] == {"course": "name-controls"}
    assert "aria-label" in script.data and "noUi-handle" in script.data
    assert bundle_kw == {"raw": True} and "application/vnd.jupyter.widget-view+json" in bundle
