"""Widget factories for the notebooks, one module per notebook topic.

Every factory returns a :class:`~helpers.widgets.dashboard.Dashboard`: an
``ipywidgets.VBox`` whose ``controls`` (sliders, dropdowns, text boxes) drive
``views`` that hold their content in widget values (``HTML.value``,
``Image.value`` PNG bytes). Tests set ``controls[name].value`` and read the
views without a browser; JupyterLab shows the same state.
"""

from .dashboard import Dashboard, figure_png, html_table

__all__ = ["Dashboard", "figure_png", "html_table"]
