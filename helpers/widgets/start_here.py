"""The small widget of notebook 00: precision of one test at any prevalence."""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter

from ..prior_shift import precision_at_prevalence
from ..rare_rates import one_in
from .dashboard import Dashboard, FigureView, columns, control_style, widget_figure

__all__ = ["PRESETS", "prevalence_demo"]

PRESETS: dict[str, dict[str, float]] = {
    "rare disease, 1 in 10 000": {"tpr": 0.8, "fpr": 0.001, "prevalence": 1e-4},
    "same test, 1 in 100": {"tpr": 0.8, "fpr": 0.001, "prevalence": 0.01},
    "balanced, 1 in 2": {"tpr": 0.8, "fpr": 0.001, "prevalence": 0.5},
    "a 10 times better FPR, 1 in 10 000": {"tpr": 0.8, "fpr": 1e-4, "prevalence": 1e-4},
}
"""Named situations of the dropdown "situation": control values (the first is the default start)."""

_TPR_MIN = 0.01
_FPR_LOG = (-5, -0.5)  # log10 of the FPR slider's ends
_PREVALENCE_LOG = (-6, float(np.log10(0.5)))  # 1 in a million to 1 in 2 (the slider's last stop)


def prevalence_demo(tpr: float = 0.8, fpr: float = 0.001, prevalence: float = 1e-4) -> Dashboard:
    """Sliders for TPR, FPR and prevalence; shows precision by Bayes' rule and its curve over prevalence.

    ``precision = TPR pi / (TPR pi + FPR (1 - pi))``

    The starting values must lie on the sliders: ``tpr`` from 0.01 to 1,
    ``fpr`` from 1e-5 to 10**-0.5 (about 0.32) and ``prevalence`` from 1e-6
    to 0.5; a value outside would be moved to the end of its slider without
    a word, so it is refused. The presets' values are stops of the sliders.
    """
    for name, value, low, high in (
        ("tpr", tpr, _TPR_MIN, 1.0),
        ("fpr", fpr, 10.0**_FPR_LOG[0], 10.0**_FPR_LOG[1]),
        ("prevalence", prevalence, 10.0**_PREVALENCE_LOG[0], 10.0**_PREVALENCE_LOG[1]),
    ):
        if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not low <= float(value) <= high:
            raise ValueError(f"{name} must be a number from {low:.3g} to {high:.3g} (the slider's range), "
                             f"got {value!r}")
    size = control_style(6, 24)
    controls = {
        "tpr": widgets.FloatSlider(value=tpr, min=_TPR_MIN, max=1.0, step=0.01, description="TPR",
                                   readout_format=".2f", **size),
        "fpr": widgets.FloatLogSlider(value=fpr, base=10, min=_FPR_LOG[0], max=_FPR_LOG[1], step=0.1,
                                      description="FPR", readout_format=".1e", **size),
        "prevalence": widgets.FloatLogSlider(value=prevalence, base=10, min=_PREVALENCE_LOG[0],
                                             max=_PREVALENCE_LOG[1], step=0.1, description="prevalence",
                                             readout_format=".1e", **size),
    }
    views = {"numbers": widgets.HTML(), "plot": FigureView()}
    grid = np.logspace(_PREVALENCE_LOG[0], _PREVALENCE_LOG[1], 200)

    def build(fig) -> list:  # the axes are drawn once, each change redraws the curve and the point
        ax = fig.add_subplot()
        (curve,) = ax.semilogx(grid, grid, color="#0072B2")
        (point,) = ax.semilogx([prevalence], [0.5], "o", color="#D55E00", ms=9)
        ax.set(xlabel="prevalence (log scale)", ylabel="precision", title="Same test, different prevalence",
               ylim=(0, 1.02))
        # "1 in 10 000" rather than 10^-4, whose small superscript is hard to read from the back of the room
        ax.xaxis.set_major_locator(FixedLocator([1e-6, 1e-4, 1e-2]))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: one_in(x)))
        ax.xaxis.set_minor_formatter(NullFormatter())
        return [curve, point]

    frames = widget_figure(6.6, 3.9, build)
    fig, (curve, point) = frames.fig, frames.dynamic

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
        d.views["plot"].show(frames.png(), figure=fig, alt=(
            f"Line chart: precision (0 to 1) against prevalence on a log scale from 1 in a million to 1 in 2, "
            f"for TPR {t:.2f} and FPR {f:.1e}; precision rises with prevalence. The marked point: "
            f"prevalence {p:.1e}, precision {precision:.2%}."
        ))

    return Dashboard(controls, views, update, title="Precision depends on prevalence", presets=PRESETS,
                     layout_children=[columns([*controls.values(), views["numbers"]], views["plot"], grow=0)])
