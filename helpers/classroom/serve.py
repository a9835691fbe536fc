"""The classroom's server: Voila with the course's index and pages that stop their kernel when left.

``python -m helpers.classroom.serve FOLDER [Voila's options]`` runs Voila (the command line is built by
:func:`helpers.classroom.classroom_command`) with two additions, both through Voila's own settings:

* the index page (``tree.html``) gets :func:`index_entries` as the template variable ``course_index``:
  each course notebook's number, title, one-line lead and time on one's own, read from its card by
  :func:`helpers.course_map.card` when the index is loaded (so a notebook rewritten while the server runs
  shows its new card);
* a notebook's page sets the ``_xsrf`` cookie (:func:`prelaunch_hook`). Voila's page asks the server to stop
  its kernel when it is left (a POST that must carry that cookie's value), but only a page rendered from
  Voila's own templates sets the cookie; a notebook's page opened directly (``python -m helpers.classroom 05``,
  a bookmark) had none, the request was refused (403) and the kernel stayed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..course_map import card, course_notebooks

if TYPE_CHECKING:
    from nbformat import NotebookNode
    from tornado.web import RequestHandler

__all__ = ["IndexEntry", "index_entries", "main", "prelaunch_hook"]


@dataclass(frozen=True)
class IndexEntry:
    """One line of the classroom's index: a course notebook and what its card says of it."""

    name: str
    """The notebook's file name, e.g. ``03_thresholds_pr_roc.ipynb`` (the page is ``voila/render/<name>``)."""
    number: str
    title: str
    lead_html: str
    """The card's one line on what the notebook teaches, as HTML (its markdown rendered); empty if none."""
    minutes: int | None
    """The time on one's own the card states, or None if it states none."""


def _lead_html(lead: str) -> str:
    if not lead.strip():
        return ""
    from nbconvert.filters import markdown2html

    html = markdown2html(lead).strip()
    # one paragraph: its content, without the <p> around it; a link keeps its text (its target, e.g.
    # "00_start_here.ipynb#Sources", is relative to the notebook, not to the index)
    m = re.fullmatch(r"<p>(.*)</p>", html, flags=re.S)
    html = m.group(1).strip() if m else html
    return re.sub(r"</?a\b[^>]*>", "", html)


def index_entries(folder: str | Path) -> list[IndexEntry]:
    """The course notebooks of ``folder`` (:func:`helpers.course_map.course_notebooks`, so no solutions), each
    with its card. A notebook whose first cell is not a card (no ``# NN · Title``) is listed by its file name
    (``03_thresholds_pr_roc`` -> "thresholds pr roc") with no lead and no time.
    """
    if not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of notebooks, got {str(folder)!r}")
    entries = []
    for path in course_notebooks(folder):
        try:
            c = card(path)
        except (ValueError, KeyError, OSError):
            number, _, slug = path.stem.partition("_")
            entries.append(IndexEntry(path.name, number, slug.replace("_", " "), "", None))
            continue
        entries.append(IndexEntry(path.name, c.number, c.title, _lead_html(c.lead), c.minutes))
    return entries


def prelaunch_hook(req: RequestHandler, notebook: NotebookNode, cwd: str) -> NotebookNode:
    """Voila's ``VoilaConfiguration.prelaunch_hook``: called with the page's request handler before the
    notebook runs. Reading ``req.xsrf_token`` makes tornado send the ``_xsrf`` cookie with the page, which
    Voila's shutdown request on leaving the page needs. Returns the notebook unchanged.
    """
    req.xsrf_token  # noqa: B018 (the property sets the cookie)
    return notebook


def main(argv: Sequence[str] | None = None) -> None:
    """Run Voila with ``argv`` (default ``sys.argv[1:]``), the index's cards and the pages' cookie."""
    from voila.app import Voila

    app = Voila.instance()

    def course_index() -> list[IndexEntry]:
        return index_entries(app.root_dir)

    app.initialize(list(sys.argv[1:] if argv is None else argv))
    # both read when the server starts (its handlers and settings are made in start())
    app.voila_configuration.prelaunch_hook = prelaunch_hook
    # jupyter_server's handlers add "jinja_template_vars" to every template's variables
    app.tornado_settings = {**app.tornado_settings, "jinja_template_vars": {"course_index": course_index}}
    app.start()


if __name__ == "__main__":
    main()
