"""The small widget of notebook 00: precision of one test at any prevalence."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..prior_shift import precision_at_prevalence
from .dashboard import BlitFigure, Dashboard, FigureView, new_figure

__all__ = ["PRESETS", "prevalence_demo"]

PRESETS: dict[str, dict[str, float]] = {
    "rare disease, 1 in 10 000": {"tpr": 0.8, "fpr": 0.001, "prevalence": 1e-4},
    "same test, 1 in 100": {"tpr": 0.8, "fpr": 0.001, "prevalence": 0.01},
    "nearly balanced, 48 in 100": {"tpr": 0.8, "fpr": 0.001, "prevalence": 0.48},
    "a 10 times better FPR, 1 in 10 000": {"tpr": 0.8, "fpr": 1e-4, "prevalence": 1e-4},
}
"""Named situations of the dropdown "situation": control values (the first is the default start)."""

_TPR_MIN = 0.01
_FPR_LOG = (-5, -0.5)  # log10 of the FPR slider's ends
_PREVALENCE_LOG = (-6, -0.31)


def prevalence_demo(tpr: float = 0.8, fpr: float = 0.001, prevalence: float = 1e-4) -> Dashboard:
    """Sliders for TPR, FPR and prevalence; shows precision by Bayes' rule and its curve over prevalence.

    ``precision = TPR pi / (TPR pi + FPR (1 - pi))``

    The starting values must lie on the sliders: ``tpr`` from 0.01 to 1,
    ``fpr`` from 1e-5 to 10**-0.5 (about 0.32) and ``prevalence`` from 1e-6
    to 10**-0.31 (about 0.49); a value outside would be moved to the end of
    its slider without a word, so it is refused.
    """
    for name, value, low, high in (
        ("tpr", tpr, _TPR_MIN, 1.0),
        ("fpr", fpr, 10.0**_FPR_LOG[0], 10.0**_FPR_LOG[1]),
        ("prevalence", prevalence, 10.0**_PREVALENCE_LOG[0], 10.0**_PREVALENCE_LOG[1]),
    ):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not low <= float(value) <= high:
            raise ValueError(f"{name} must be a number from {low:.3g} to {high:.3g} (the slider's range), "
                             f"got {value!r}")
    controls = {
        "tpr": widgets.FloatSlider(value=tpr, min=_TPR_MIN, max=1.0, step=0.01, description="TPR",
                                   readout_format=".2f"),
        "fpr": widgets.FloatLogSlider(value=fpr, base=10, min=_FPR_LOG[0], max=_FPR_LOG[1], step=0.1,
                                      description="FPR", readout_format=".1e"),
        "prevalence": widgets.FloatLogSlider(value=prevalence, base=10, min=_PREVALENCE_LOG[0],
                                             max=_PREVALENCE_LOG[1], step=0.1, description="prevalence",
                                             readout_format=".1e"),
    }
    views = {"numbers": widgets.HTML(), "plot": FigureView()}
    grid = np.logspace(-6, np.log10(0.49), 200)
    fig = new_figure(5.0, 3.0)
    ax = fig.add_subplot()
    (curve,) = ax.semilogx(grid, grid, color="#0072B2")
    (point,) = ax.semilogx([prevalence], [0.5], "o", color="#D55E00")
    ax.set(xlabel="prevalence (log scale)", ylabel="precision", title="Same test, different prevalence", ylim=(0, 1.02))
    frames = BlitFigure(fig, [curve, point])  # axes drawn once; each change redraws the curve and the point

    def update(d: Dashboard) -> None:
        t, f, p = (d.controls[k].value for k in ("tpr", "fpr", "prevalence"))
        precision = precision_at_prevalence(t, f, p)
        d.views["numbers"].value = (
            f"<p>TPR = {t:.2f}, FPR = {f:.1e}, prevalence = {p:.1e}<br>"
            f"<b>precision = {precision:.2%}</b>: of every 100 people flagged, "
            f"{100 * precision:.1f} are truly positive.</p>"
        )
        curve.set_ydata(precision_at_prevalence(t, f, grid))
        point.set_data([p], [precision])
        d.views["plot"].show(frames.png(), (
            f"Line chart: precision (0 to 1) against prevalence on a log scale from 1 in a million to 1 in 2, "
            f"for TPR {t:.2f} and FPR {f:.1e}; precision rises with prevalence. The marked point: "
            f"prevalence {p:.1e}, precision {precision:.2%}."
        ))

    return Dashboard(controls, views, update, title="Precision depends on prevalence", presets=PRESETS)
