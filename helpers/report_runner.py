"""The process that runs the report's notebook and writes its HTML page (used by :mod:`helpers.report`).

The report starts it *before* it reads a big predictions file, as a script,
so that on a machine with two or more cores three things happen at once:
the report reads and checks the file; this process starts the kernel first
(jupyter_client only), then imports nbclient, nbformat and papermill; and the
kernel imports numpy, pandas, matplotlib and the course's helpers as it
starts (``warm``) and runs the notebook's first cells. Before the first cell
after the injected parameters (the first that reads the data) it waits for
one line on its standard input: ``go`` once the checked columns are on disk;
anything else, the end of the input or SIGTERM (the report stops on a bad
file) shuts the kernel down and ends it. nbconvert is imported while the
kernel computes.

It takes one argument, a JSON file of settings written by the report::

    source      the notebook to run (.ipynb)
    hide_tag    cells with this tag are neither run nor shown
    parameters  papermill's parameters (injected after the cell tagged "parameters")
    cwd         the kernel's working folder
    html        where the page is written
    title       the page's title
    template    the nbconvert template (Jinja) that the page extends from "lab"
    bar_fd      a file descriptor for a progress bar over the cells, or null
    warm        lines the kernel runs as it starts, without history (imports)

and writes one line per step on standard output: ``ran SECONDS`` when the
notebook has run, ``done`` when the page is written, or ``failed MESSAGE``.
It imports nothing of the course, so it starts without scikit-learn.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import threading
import time
from pathlib import Path

INJECTED = "injected-parameters"

# nbformat imports jsonschema, whose format checkers import rfc3987_syntax when it is installed (JupyterLab's
# jupyter_events brings it): it builds a Lark grammar as it is imported, 2 s of CPU on a two-core machine
# where the kernel and the report are starting too (python-jsonschema/jsonschema#1428). Its one checker
# ("iri" strings) checks nothing in a notebook: this process never imports it (None in sys.modules makes
# the import raise ImportError, which jsonschema expects of a package that is not installed).
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


def _say(line: str) -> None:
    print(line.replace("\n", " "), flush=True)


def _notebook(settings: dict) -> object:
    from papermill.iorw import load_notebook_node
    from papermill.parameterize import parameterize_notebook

    nb = load_notebook_node(settings["source"])  # with the metadata papermill expects
    nb.cells = [cell for cell in nb.cells if settings["hide_tag"] not in cell.metadata.get("tags", [])]
    return parameterize_notebook(nb, settings["parameters"])


class _WaitForData:
    """nbclient's hooks: before the first cell after the injected parameters, wait for ``go``; then a progress bar."""

    def __init__(self, nb: object, bar_fd: int | None) -> None:
        tags = [cell.metadata.get("tags", []) for cell in nb.cells]
        injected = [i for i, t in enumerate(tags) if INJECTED in t]
        self.first_data_cell = injected[0] + 1 if injected else 0
        self.code_cells = sum(cell.cell_type == "code" and bool(cell.source.strip()) for cell in nb.cells)
        self.waiting, self.ran, self.bar_fd, self.bar = True, 0, bar_fd, None

    def __call__(self, cell: object, cell_index: int, **_: object) -> None:
        # (nbclient calls the hooks for code cells only: the first data cell may follow a markdown cell)
        if self.waiting and cell_index >= self.first_data_cell:
            self.waiting = False
            if sys.stdin.readline().strip() != "go":
                raise _Stopped
            threading.Thread(target=_import_nbconvert, daemon=True).start()  # while the kernel computes
            if self.bar_fd is not None:
                from tqdm import tqdm

                stream = open(self.bar_fd, "w", buffering=1, closefd=False)  # noqa: SIM115
                self.bar = tqdm(total=self.code_cells, initial=self.ran, unit="cell", desc="Executing", file=stream)

    def done(self, cell: object, cell_index: int, **_: object) -> None:
        self.ran += 1
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class _Stopped(Exception):
    """The report stopped before the data came (a bad file): no page."""


def _import_nbconvert() -> None:
    import nbconvert  # noqa: F401


def to_html(nb: object, title: str, template: str, hide_tag: str) -> str:
    """The page: the lab template without code or prompts, figures embedded, cells tagged ``hide_tag`` left out."""
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import CoalesceStreamsPreprocessor, TagRemovePreprocessor

    nb.metadata["title"] = title  # the template escapes it
    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[DictLoader({"report.html.j2": template})],
        template_file="report.html.j2",
        exclude_input=True,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        embed_images=True,
    )
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={hide_tag}), enabled=True)
    # A cell's printed lines can reach the notebook as one stream output or several, as the kernel flushed
    # them: one block per cell, so that the page does not depend on that timing.
    exporter.register_preprocessor(CoalesceStreamsPreprocessor(), enabled=True)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": "report"}})
    return body


def run(settings: dict) -> int:
    """Run the notebook as the settings say, then write the page; the exit status (0: the page is written)."""
    return asyncio.run(_run(settings))


async def _run(settings: dict) -> int:
    from jupyter_client.manager import AsyncKernelManager  # light: the kernel starts before the heavy imports

    km = AsyncKernelManager(kernel_name="python3")
    hooks = None
    # SIGTERM (the report stops on a bad file) cancels this task, so that the kernel is shut down below.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    try:
        # The kernel imports its modules as it starts (``warm``, run without history), while this process
        # imports nbclient and nbformat; the notebook's own import cell then finds them loaded.
        warm = [f"--IPKernelApp.exec_lines={line}" for line in settings.get("warm", [])]
        await km.start_kernel(cwd=settings["cwd"], extra_arguments=["--HistoryManager.hist_file=:memory:", *warm])
        from nbclient import NotebookClient

        nb = _notebook(settings)
        hooks = _WaitForData(nb, settings.get("bar_fd"))
        client = NotebookClient(
            nb, km=km, kernel_name="python3", resources={"metadata": {"path": settings["cwd"]}},
            on_cell_execute=hooks, on_cell_complete=hooks.done,
        )
        start = time.perf_counter()
        await client.async_execute()
        hooks.close()
        _say(f"ran {time.perf_counter() - start:.1f}")
        if client.kc is not None:
            client.kc.stop_channels()
        await km.shutdown_kernel(now=True)
        Path(settings["html"]).write_text(
            to_html(nb, settings["title"], settings["template"], settings["hide_tag"]), encoding="utf-8"
        )
    except _Stopped:
        _say("stopped")
        return 1
    except Exception as exc:  # CellExecutionError, a kernel that died or never started, the conversion...
        _say(f"failed {getattr(exc, 'ename', type(exc).__name__)}: {getattr(exc, 'evalue', exc)}")
        return 1
    finally:
        if hooks is not None:
            hooks.close()
        if km.has_kernel:
            await km.shutdown_kernel(now=True)
    _say("done")
    return 0


if __name__ == "__main__":
    sys.exit(run(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))))
