"""Styled tables that print the same text on every run.

A pandas ``Styler`` shows in a notebook as HTML, but its plain text (what a
text-only front end shows, and what nbval compares) is
``<pandas.io.formats.style.Styler at 0x7f...>``: a memory address, new on every
run. :func:`styled` wraps a Styler so that its plain text is the formatted
table itself (``Styler.to_string``) and its HTML is ``Styler.to_html``.
"""

from __future__ import annotations

from pandas.io.formats.style import Styler

__all__ = ["StyledTable", "styled"]


class StyledTable:
    """A Styler shown as its HTML in a notebook and as its formatted text elsewhere."""

    def __init__(self, styler: Styler) -> None:
        self.styler = styler

    def _repr_html_(self) -> str:
        return self.styler.to_html()

    def __repr__(self) -> str:
        return self.styler.to_string().rstrip("\n")


def styled(styler: Styler) -> StyledTable:
    """Wrap ``styler`` so that a notebook shows its HTML and its plain text is the table, not an address.

    The HTML is ``styler.to_html()`` (give the Styler a fixed ``set_uuid`` so it is
    the same on every run); the text is ``styler.to_string()``, with the same
    number formats and hidden index.

    >>> import pandas as pd
    >>> print(repr(styled(pd.DataFrame({"rule": ["a"], "recall": [0.81234]}).style.hide(axis="index").format(
    ...     "{:.3f}", subset=["recall"]))))
    rule recall
    a 0.812
    """
    if not isinstance(styler, Styler):
        raise ValueError(f"styler must be a pandas Styler (df.style...), got {type(styler).__name__}")
    return StyledTable(styler)
