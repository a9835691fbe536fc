"""The classroom's server: Voila with the course's index, pages that stop their kernel when left, and pages
ready at once.

``python -m helpers.classroom.serve FOLDER [--ready=NAME,...] [Voila's options]`` runs Voila (the command line
is built by :func:`helpers.classroom.classroom_command`) with these additions, all through Voila's own settings:

* the index page (``tree.html``) gets :func:`index_entries` as the template variable ``course_index``:
  each course notebook's number, title, one-line lead and time on one's own, read from its card by
  :func:`helpers.course_map.card`, and its time in class, read from the teacher's guide ``TEACHING.md``
  beside the notebooks (:func:`class_minutes`), when the index is loaded (so a notebook rewritten while the
  server runs shows its new card);
* a notebook's page sets the ``_xsrf`` cookie (:func:`page_handler`). Voila's page asks the server to stop
  its kernel when it is left (a POST that must carry that cookie's value), but only a page rendered from
  Voila's own templates sets the cookie; a notebook's page opened directly (``python -m helpers.classroom 05``,
  a bookmark) had none, the request was refused (403) and the kernel stayed;
* ``--ready=05_simulated_rare_disease.ipynb,...`` turns on Voila's pre-heated kernels with a pool of one kernel
  for each notebook named, none for the others (:func:`kernel_pools`): as the server starts, Voila runs each
  of those notebooks in its pool's kernel and keeps the page it renders, so opening the page shows it at
  once, with that kernel. Voila then prepares the next one for the next visit. The terminal says when each
  page is ready, and the index marks it (:func:`ready_pages`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..course_map import card, course_notebooks

__all__ = ["GUIDE", "IndexEntry", "class_minutes", "index_entries", "kernel_pools", "main", "page_handler",
           "ready_pages"]


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
    class_minutes: int | None = None
    """The time in class the teacher's guide gives the notebook (:func:`class_minutes`), or None if it gives none."""
    ready: bool | None = None
    """Whether its page is ready to show at once (:func:`ready_pages`); None when it was not asked to be."""


GUIDE = "TEACHING.md"
"""The teacher's guide, beside the notebooks: a section per notebook whose heading gives its time in class."""
_IN_CLASS = re.compile(r"^##\s+(?P<number>\d\d[a-z]?)\s+·\s+.*?(?P<minutes>\d+)\s+minutes\s+in\s+class\b", re.M)


def class_minutes(folder: str | Path) -> dict[str, int]:
    """The time in class of each notebook, by its number, as the teacher's guide ``folder/TEACHING.md`` gives it
    in its headings (``## 03 · Thresholds, PR and ROC curves — 35 minutes in class (estimate; about 60 minutes
    on your own)``). Empty when there is no guide.
    """
    guide = Path(folder) / GUIDE
    if not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of notebooks, got {str(folder)!r}")
    if not guide.is_file():
        return {}
    return {m["number"]: int(m["minutes"]) for m in _IN_CLASS.finditer(guide.read_text(encoding="utf-8"))}


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
    with its card and its time in class (:func:`class_minutes`). A notebook whose first cell is not a card (no
    ``# NN · Title``) is listed by its file name (``03_thresholds_pr_roc`` -> "thresholds pr roc") with no lead
    and no time on one's own.
    """
    if not Path(folder).is_dir():
        raise ValueError(f"folder must be a folder of notebooks, got {str(folder)!r}")
    in_class = class_minutes(folder)
    entries = []
    for path in course_notebooks(folder):
        number = path.name.split("_")[0]
        try:
            c = card(path)
        except (ValueError, KeyError, OSError):
            slug = path.stem.partition("_")[2]
            entries.append(IndexEntry(path.name, number, slug.replace("_", " "), "", None, in_class.get(number)))
            continue
        entries.append(IndexEntry(path.name, c.number, c.title, _lead_html(c.lead), c.minutes, in_class.get(number)))
    return entries


def page_handler() -> type:
    """Voila's handler of a notebook's page (``voila/render/<name>``), made to set the ``_xsrf`` cookie.

    Reading ``self.xsrf_token`` makes tornado send the cookie with the page, which Voila's shutdown request on
    leaving the page needs. (Voila's ``prelaunch_hook`` could read it too, but Voila refuses that hook together
    with pre-heated kernels, and a pre-heated page is rendered before any request.)
    """
    from voila.tornado.handler import TornadoVoilaHandler

    class ClassroomPageHandler(TornadoVoilaHandler):
        async def get(self, path=None):
            self.xsrf_token  # noqa: B018 (the property sets the cookie)
            await super().get(path)

    return ClassroomPageHandler


def kernel_pools(names: Sequence[str]) -> dict[str, dict[str, int]]:
    """Voila's ``VoilaKernelManager.kernel_pools_config`` for pages ready at once: one pre-heated kernel for each
    notebook of ``names`` (file names, relative to the served folder), none for the others ("default")."""
    if isinstance(names, str) or not all(isinstance(n, str) and n.endswith(".ipynb") for n in names):
        raise ValueError(f"names must be a list of notebooks' file names, got {names!r}")
    return {"default": {"pool_size": 0}, **{name: {"pool_size": 1} for name in names}}


def ready_pages(kernel_manager, names: Sequence[str]) -> dict[str, bool]:
    """For each notebook of ``names``: is a page ready in its pool, a kernel that has run the whole notebook?

    Reads the pools of Voila's pre-heating kernel manager (``_pools``: Voila 0.5 keeps, per notebook, the tasks
    that start a kernel and render the page); every notebook is "not ready" with a manager that has none.
    """
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must be a list of notebooks' file names, got {names!r}")
    pools = getattr(kernel_manager, "_pools", None) or {}
    state = {}
    for name in names:
        ready = False
        for task in pools.get(name, ()):
            if task.done() and not task.cancelled() and task.exception() is None:
                render = task.result().get("task")
                ready = ready or bool(render is not None and render.done())
        state[name] = ready
    return state


def _report_when_ready(app, names: list[str]) -> None:
    """Say in the terminal when each page asked for is ready, and when all are."""
    import time

    from tornado.ioloop import PeriodicCallback

    start, said = time.monotonic(), set()

    def check() -> None:
        for name, ready in ready_pages(app.kernel_manager, names).items():
            if ready and name not in said:
                said.add(name)
                print(f"classroom mode: {name} is ready ({time.monotonic() - start:.0f} s)", flush=True)
                if len(said) == len(names):
                    print(f"classroom mode: all {len(names)} pages asked for are ready", flush=True)

    PeriodicCallback(check, 1000).start()


def _split_ready(argv: list[str]) -> tuple[list[str], list[str]]:
    names: list[str] = []
    rest = []
    for arg in argv:
        if arg.startswith("--ready="):
            names += [n for n in arg.split("=", 1)[1].split(",") if n]
        else:
            rest.append(arg)
    return names, rest


def main(argv: Sequence[str] | None = None) -> None:
    """Run Voila with ``argv`` (default ``sys.argv[1:]``): the index's cards, the pages' cookie, and with
    ``--ready=NAME,...`` those notebooks' pages ready at once."""
    import voila.app
    from voila.app import Voila

    names, rest = _split_ready(list(sys.argv[1:] if argv is None else argv))
    app = Voila.instance()

    def course_index() -> list[IndexEntry]:
        entries = index_entries(app.root_dir)
        if not names:
            return entries
        state = ready_pages(app.kernel_manager, names)
        return [replace(e, ready=state[e.name]) if e.name in state else e for e in entries]

    app.initialize(rest)
    # all read when the server starts (its handlers and settings are made in start())
    voila.app.TornadoVoilaHandler = page_handler()
    if names:
        app.voila_configuration.preheat_kernel = True
        app.voila_configuration.default_pool_size = 0
        app.config.VoilaKernelManager.kernel_pools_config = kernel_pools(names)
    # jupyter_server's handlers add "jinja_template_vars" to every template's variables
    app.tornado_settings = {**app.tornado_settings, "jinja_template_vars": {"course_index": course_index}}
    if names:
        from tornado.ioloop import IOLoop

        IOLoop.current().add_callback(_report_when_ready, app, names)
    app.start()


if __name__ == "__main__":
    main()
