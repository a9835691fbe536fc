"""The notebook-00 widget: set values, read the views."""

import re

import pytest

from helpers import precision_at_prevalence
from helpers.widgets.dashboard import FigureView
from helpers.widgets.start_here import prevalence_demo


def _shown_precision(d):
    return float(re.search(r"precision = ([\d.]+)%", d.views["numbers"].value).group(1)) / 100


def test_initial_state_is_the_rare_disease_blog_post_figure():
    d = prevalence_demo()
    assert "precision = 7.41%" in d.views["numbers"].value


def test_moving_each_slider_updates_numbers_and_plot():
    d = prevalence_demo()
    for name, value in [("prevalence", 0.01), ("tpr", 0.5), ("fpr", 0.05)]:
        before_html, before_png = d.views["numbers"].value, d.views["plot"].value
        d.controls[name].value = value
        assert d.views["numbers"].value != before_html
        assert d.views["plot"].value != before_png
        t, f, p = (d.controls[k].value for k in ("tpr", "fpr", "prevalence"))
        assert _shown_precision(d) == pytest.approx(precision_at_prevalence(t, f, p), abs=5e-5)
    assert bytes(d.views["plot"].png).startswith(b"\x89PNG")


def test_pictures_keep_their_own_size_next_to_tall_tables():
    from helpers.widgets.confusion import confusion_dashboard
    from helpers.widgets.imbalance import imbalance_dashboard

    for d in (prevalence_demo(), confusion_dashboard(), imbalance_dashboard()):
        images = [v for v in d.views.values() if isinstance(v, FigureView)]
        assert images and all(v.layout.align_self == "flex-start" and v.layout.width is None for v in images)
