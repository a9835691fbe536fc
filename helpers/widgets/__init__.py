"""Widget factories for the notebooks, one module per notebook topic.

Every factory returns a :class:`~helpers.widgets.dashboard.Dashboard`: an
``ipywidgets.VBox`` whose ``controls`` (sliders, dropdowns, text boxes) drive
``views`` that hold their content in widget values (``HTML.value``; a
figure is a ``FigureView``, whose ``png`` bytes and text alternative ``alt``
are shown as one ``<img alt=...>``). Tests set ``controls[name].value`` and
read the views without a browser; JupyterLab, Voila and a page built with
the saved widget state show the same state.
"""

from .dashboard import Dashboard, figure_png, html_table

__all__ = ["Dashboard", "figure_png", "html_table"]
