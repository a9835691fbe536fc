"""Classroom mode: the notebooks served by Voila as pages with no code, large type and live widgets.

``python -m helpers.classroom [NN]`` (needs the ``classroom`` extra: ``pip install -e ".[classroom]"``)
starts Voila (:mod:`helpers.classroom.serve`) over ``notebooks/`` with the template shipped here
(``share/voila/templates/classroom``): an index page that lists the course's notebooks with each one's
title, time on one's own and one line on what it teaches, and a page per notebook showing its
markdown, outputs and live widgets without code (nor the cells tagged ``code-only``), in type large
enough for a projector, scrolling with the wheel and the keys, with ``main`` and ``nav`` landmarks and
slider handles named by their labels (``name_controls.js``). Leaving a page stops its kernel. The
kernels are this environment's Python with inline figures drawn at 144 dpi (``share/kernels/python3``:
1.8 times their size in a notebook, so they are shown large and sharp, never stretched, and fitted to the
page so that their smallest text is 18 px or more: :func:`helpers.plotting.fit_figure_to_page`). The server
stops with Ctrl+C.

Pages ready at once: ``--session N`` (the notebooks that session ``N`` of the plans projects,
``docs/teachers/sessions.md``) or ``--ready NN [NN ...]`` has Voila run those notebooks as soon as the server
starts, each in a kernel kept for its page (Voila's pre-heated kernels, a pool of one per notebook): opening
such a page shows it at once. The terminal, and the index, say when they are ready. A page used gets a
fresh kernel for its next visit, prepared in the background; leaving it still stops the one it used.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import webbrowser
from collections.abc import Sequence
from pathlib import Path

from ..course_files import notebooks_dir
from ..course_map import course_notebooks

__all__ = ["SESSION_PLANS", "TEMPLATE_ROOT", "classroom_command", "main", "notebook_path", "session_notebooks"]

TEMPLATE_ROOT = Path(__file__).resolve().parent / "share"
"""A Jupyter data folder holding ``voila/templates/classroom`` (put first on ``JUPYTER_PATH``)."""

NOTEBOOKS = notebooks_dir()
"""The course's notebooks: ``notebooks/`` of a checkout, or the copy a wheel ships (:mod:`helpers.course_files`)."""
_NUMBER = re.compile(r"^\d\d[a-z]?$")

SESSION_PLANS = NOTEBOOKS.parent / "docs" / "teachers" / "sessions.md"
"""The session plans of a checkout of the repository (a wheel does not ship them: name the notebooks instead)."""
_SESSION = re.compile(r"^## Session (\d+) · .*$", re.M)
_ROW = re.compile(r"^\|\s*\d+\s*\|\s*([^|]*?)\s*\|[^\n]*\|\s*$", re.M)


def session_notebooks(session: int, plans: str | Path = SESSION_PLANS) -> list[str]:
    """The numbers of the notebooks that session ``session`` of the plans projects, in the plan's order, once
    each (``["05", "03b", "06", "07"]``). ``plans`` is the plans' markdown file: ``## Session N · Title``
    sections, each with a table ``| minutes | notebook | section | what |``."""
    if isinstance(session, bool) or not isinstance(session, int) or session < 1:
        raise ValueError(f"session must be a session's number (1, 2, ...), got {session!r}")
    path = Path(plans)
    if not path.is_file():
        raise ValueError(f"plans must be the session plans' file (docs/teachers/sessions.md), got {str(plans)!r}; "
                         "without it, name the notebooks: --ready 05 03b")
    text = path.read_text(encoding="utf-8")
    heads = list(_SESSION.finditer(text))
    numbers = [int(m.group(1)) for m in heads]
    if session not in numbers:
        raise ValueError(f"session {session} is not in {path.name}; it plans sessions {numbers}")
    i = numbers.index(session)
    body = text[heads[i].end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
    found: list[str] = []
    for number in _ROW.findall(body):
        if _NUMBER.match(number) and number not in found:
            found.append(number)
    return found


def notebook_path(number: str, notebooks_dir: str | Path = NOTEBOOKS) -> Path:
    """The notebook ``NN_*.ipynb`` in ``notebooks_dir`` whose two-digit prefix is ``number`` (e.g. ``"05"``)."""
    if not isinstance(number, str) or not _NUMBER.match(number.strip()):
        raise ValueError(f"number must be a notebook's two digits such as '05', got {number!r}")
    folder = Path(notebooks_dir)
    if not folder.is_dir():
        raise ValueError(f"notebooks_dir must be a folder of notebooks, got {str(notebooks_dir)!r}")
    found = sorted(folder.glob(f"{number.strip()}_*.ipynb"))
    if not found:
        have = ", ".join(sorted(p.name.split("_")[0] for p in course_notebooks(folder)))
        raise ValueError(f"number {number!r} names no notebook in {folder}; there are {have}")
    return found[0]


def classroom_command(
    *, port: int = 8866, notebooks_dir: str | Path = NOTEBOOKS, ready: Sequence[str] = ()
) -> list[str]:
    """The Voila command line that serves ``notebooks_dir`` in classroom mode on ``127.0.0.1:port``.

    ``ready`` names notebooks by their numbers (``["05", "03b"]``): Voila runs each as soon as the server
    starts, in a kernel kept for its page (:mod:`helpers.classroom.serve`), so the page shows at once.
    Run it with :data:`TEMPLATE_ROOT` first on ``JUPYTER_PATH`` (see :func:`main`); it opens no browser.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ValueError(f"port must be a whole number from 0 to 65535, got {port!r}")
    folder = Path(notebooks_dir)
    if not folder.is_dir():
        raise ValueError(f"notebooks_dir must be a folder of notebooks, got {str(notebooks_dir)!r}")
    if isinstance(ready, str) or not all(isinstance(n, str) for n in ready):
        raise ValueError(f"ready must be a list of notebooks' numbers such as ['05', '03b'], got {ready!r}")
    pages = [notebook_path(n, folder).name for n in ready]
    return [
        # Voila, with the index's cards and pages that stop their kernel when left (helpers.classroom.serve)
        sys.executable, "-m", "helpers.classroom.serve", str(folder),
        "--template=classroom", "--theme=light", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        "--ServerApp.port_retries=0", "--show_tracebacks=True",
        # jupytext's JupyterLab extension needs JupyterLab's document manager, which Voila does not have
        "--VoilaConfiguration.extension_denylist=['jupyterlab-jupytext']",
        # a kernel whose page went away without a word (closed while loading, a lost request) stops after
        # 10 idle minutes with no page connected; an open page stays connected and keeps its kernel
        "--MappingKernelManager.cull_idle_timeout=600", "--MappingKernelManager.cull_interval=60",
        *([f"--ready={','.join(pages)}"] if pages else []),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m helpers.classroom [NN] [--session N | --ready NN ...] [--port P] [--no-browser] [--notebooks DIR]``:
    serve until Ctrl+C."""
    parser = argparse.ArgumentParser(
        prog="python -m helpers.classroom",
        description="Serve the course's notebooks with Voila: no code, large type, live widgets.",
    )
    parser.add_argument("notebook", nargs="?", help="two digits, e.g. 05: open that notebook (default: the index)")
    parser.add_argument("--port", type=int, default=8866, help="port on 127.0.0.1 (default 8866)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--notebooks", default=str(NOTEBOOKS), help="folder of the notebooks (default: the course's)")
    pages = parser.add_mutually_exclusive_group()
    pages.add_argument("--session", type=int, metavar="N",
                       help="have the pages of session N of the plans (docs/teachers/sessions.md) ready at once")
    pages.add_argument("--ready", nargs="+", metavar="NN", default=[],
                       help="have these notebooks' pages ready at once, e.g. --ready 05 03b 06")
    args = parser.parse_args(argv)
    try:
        ready = session_notebooks(args.session) if args.session is not None else list(args.ready)
        cmd = classroom_command(port=args.port, notebooks_dir=args.notebooks, ready=ready)
        page = "voila/tree"
        if args.notebook is not None:
            page = f"voila/render/{notebook_path(args.notebook, args.notebooks).name}"
    except ValueError as exc:
        parser.error(str(exc))
    try:
        import voila  # noqa: F401
    except ImportError:
        parser.exit(2, 'classroom mode needs Voila: pip install -e ".[classroom]"\n')
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATE_ROOT), *filter(None, [env.get("JUPYTER_PATH")])])
    url = f"http://127.0.0.1:{args.port}/{page}"
    print(f"classroom mode: {url}  (Ctrl+C stops the server)", flush=True)
    if ready:
        print(f"classroom mode: preparing the pages of {', '.join(ready)}; the terminal says when each is ready",
              flush=True)
    proc = subprocess.Popen(cmd, env=env)

    def stop_the_server(signum, frame) -> None:  # a SIGTERM or SIGHUP to this launcher must not orphan the server
        proc.terminate()

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop_the_server)
    try:
        if not args.no_browser:
            _open_when_ready(url, proc)
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return proc.wait()


def _open_when_ready(url: str, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    import time
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url.rsplit("/voila/", 1)[0] + "/voila/tree", timeout=2):
                webbrowser.open(url)
                return
        except OSError:
            time.sleep(0.5)
