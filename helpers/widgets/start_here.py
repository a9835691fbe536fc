"""The small widget of notebook 00: precision of one test at any prevalence."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from ..prior_shift import precision_at_prevalence
from .dashboard import BlitFigure, Dashboard, new_figure

__all__ = ["prevalence_demo"]


def prevalence_demo(tpr: float = 0.8, fpr: float = 0.001, prevalence: float = 1e-4) -> Dashboard:
    """Sliders for TPR, FPR and prevalence; shows precision by Bayes' rule and its curve over prevalence.

    ``precision = TPR pi / (TPR pi + FPR (1 - pi))``
    """
    controls = {
        "tpr": widgets.FloatSlider(value=tpr, min=0.01, max=1.0, step=0.01, description="TPR", readout_format=".2f"),
        "fpr": widgets.FloatLogSlider(value=fpr, base=10, min=-5, max=-0.5, step=0.1, description="FPR",
                                      readout_format=".1e"),
        "prevalence": widgets.FloatLogSlider(value=prevalence, base=10, min=-6, max=-0.31, step=0.1,
                                             description="prevalence", readout_format=".1e"),
    }
    views = {"numbers": widgets.HTML(), "plot": widgets.Image(format="png")}
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
        d.views["plot"].value = frames.png()

    return Dashboard(controls, views, update, title="Precision depends on prevalence")
