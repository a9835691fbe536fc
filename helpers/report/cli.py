"""One self-contained HTML report of notebook 13 on your own predictions file.

Usage (from anywhere, with the course's environment)::

    python -m helpers.report PATH --prevalence P [--y-true COL] [--y-score COL [--y-score COL ...]]
                                  [--at-recall R | --cost-fp C --cost-fn C | --threshold T]
                                  [--out FILE.html] [--engine auto|pandas|duckdb|spark]

The threshold needs a rule that the user states: a recall target
(``--at-recall``), the prices of a false positive and of a false negative
(``--cost-fp`` and ``--cost-fn``: the lowest expected cost per case at the
deployment prevalence), or a threshold fixed in advance (``--threshold``).
Each ``--y-score`` is one model scored on the same rows; with two or more the
page compares them (ROC AUC with DeLong's interval, the paired difference of
the AUCs, each model's threshold, recall and precision at deployment).
Without a rule the page shows the trade-off (recall, false positive rate and
precision at deployment for a few recall targets) and chooses no threshold.
A rule that looks at the rows chooses on one random half of the file
(stratified) and every number at its threshold, the interval included, is
counted on the other half; a fixed threshold is counted on every row, and its
plain interval holds.

The file is checked first with :func:`helpers.load_predictions`, so a bad file
or a bad option stops at once with one line on stderr naming the file, the
column, the row and the problem, and exit status 2 (bad option) or 1 (bad
file). Then notebook 13 runs on the checked columns (the options become its
parameters, injected by papermill; nbclient runs it) and nbconvert turns the
result into one HTML page: no code, the figures embedded as PNG, no scripts
or stylesheets fetched from the network, so it opens offline and can be
mailed. For a file of 2 MB or more, the notebook's process and its kernel
start while the file is read (:mod:`helpers.report_runner`), so that their
start-up costs no time on a machine with two cores; a bad file stops them.
A smaller file is read first, and a bad one stops before any kernel starts.
The page is written to a temporary file and moved into place only when
everything succeeded; a failure leaves no HTML behind.

``--engine`` says who reads and counts the file. ``pandas`` (the default
for files up to 5 % of the available memory) reads the rows into memory and
runs notebook 13 on them: every analysis, with the split into halves made on
the rows and the paired DeLong comparison of several models. ``duckdb`` (the
default for larger files, and for a folder or glob of Parquet files) and
``spark`` count each score column by score where the file lies (a ``GROUP BY
score``, :func:`helpers.report.count.score_count_table`), one progress line
per step on stderr, and the page is built from those score-count tables
alone: curves, AUC with DeLong's interval, average precision, the rules'
thresholds chosen on a random half drawn from the counts
(:func:`helpers.report.metrics.split_counts`) and judged on the other, the
precision at deployment with its interval, the costs. What needs the rows
(the paired comparison, the first rows) is left out and the page says so.
A bad path, column or label gets the same kind of one-line message from
every engine (the engines count in bulk, so their messages name the column
but not the row).

The default ``--out`` is ``<name of PATH without .csv, .parquet, .gz...>_report.html`` in the
current folder. Relative paths (PATH and ``--out``) are relative to the
current folder.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from numbers import Real
from pathlib import Path
from typing import NoReturn

import numpy as np

from .read import PredictionFileError, _load_columns
from ..threshold_rules import threshold_rule

# helpers.report.metrics.NOTEBOOKS, not imported from there: that module imports scikit-learn and SciPy, which
# this process does not need (the kernel does; it starts sooner without them).
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

__all__ = ["NOTEBOOK", "ReportError", "build_report", "main", "pick_engine"]

NOTEBOOK = NOTEBOOKS / "13_your_own_predictions.ipynb"
PROG = "python -m helpers.report"

# The lab template without the scripts it would load from a CDN (require.js,
# MathJax, mermaid, widgets): notebook 13 needs none of them, and the page must
# read the same offline. Its CSS is inlined by nbconvert. Each figure's <img>
# gets the text alternative the kernel wrote from the figure
# (helpers.figure_text, metadata["image/png"]["alt"]): nbconvert's lab template
# reads no alt, and would give every figure "No description has been provided".
_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block data_png scoped -%}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
<img src="data:image/png;base64,{{ output.data['image/png'] | escape_html }}"
{%- set alt = output | get_metadata('alt', 'image/png') %}
{%- if alt %} alt="{{ alt | escape_html }}"{% endif %}>
</div>
{%- endblock data_png -%}
"""
# What the kernel imports as it starts, while the file is read (the notebooks' own imports then cost nothing).
WARM_IMPORTS = "import matplotlib.pyplot, pandas, sklearn.metrics, helpers.report.metrics, helpers.plotting"
# Cells of notebook 13 that explain how to run it: left out of the report.
HIDE_TAG = "report-hide"


class ReportError(Exception):
    """A problem reported to the user in one line (no traceback)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(" ".join(message.split()))
        self.status = status


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line (no usage block)."""

    def error(self, message: str) -> NoReturn:
        raise ReportError(f"{PROG}: error: {message} (see --help)", status=2)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Run notebook 13 (your own predictions) on a CSV file and save one self-contained HTML page.",
        epilog="Example: python -m helpers.report preds.csv --prevalence 0.001 --y-true truth --y-score prob "
        "--at-recall 0.9",
    )
    parser.add_argument(
        "path",
        help="predictions file (CSV, TSV, ';'-separated with decimal commas, compressed, or Parquet) with one row per "
        "example: a label column and a score column",
    )
    parser.add_argument(
        "--prevalence", required=True, metavar="P", help="share of positives where the model is deployed, in (0, 1)"
    )
    parser.add_argument("--y-true", default="y_true", metavar="COL", help="label column (default: y_true)")
    parser.add_argument(
        "--y-score",
        action="append",
        metavar="COL",
        help="score column (default: y_score); give it again for each further model to compare on the same rows",
    )
    parser.add_argument(
        "--pos-label",
        metavar="L",
        help="the label of the positive class, e.g. fraud, yes, True or -1 (needed unless the labels are 0/1 or "
        "True/False)",
    )
    rule = parser.add_argument_group(
        "choosing the threshold (give one; without, the page shows the trade-off and chooses none)",
        "A rule that looks at the rows chooses on one half of the file; its numbers are counted on the other half.",
    )
    rule.add_argument("--at-recall", metavar="R", help="the highest threshold with recall at least R, in (0, 1]")
    rule.add_argument("--cost-fp", metavar="C", help="price of a false positive (with --cost-fn: lowest expected cost)")
    rule.add_argument("--cost-fn", metavar="C", help="price of a false negative (with --cost-fp)")
    rule.add_argument("--threshold", metavar="T", help="a threshold fixed in advance: positive means score >= T")
    parser.add_argument(
        "--table",
        metavar="FILE.csv",
        help="also write the per-threshold table at the deployment prevalence (every model, every distinct score) "
        "as CSV",
    )
    parser.add_argument(
        "--out", metavar="FILE.html", help="where to write the page (default: <PATH's name>_report.html, here)"
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="who reads and counts the file: pandas (in memory, every analysis), duckdb (out of core: the page "
        "is built from the score-count tables) or spark; auto (default): pandas unless PATH is a folder or a glob "
        f"of Parquet files or larger than {AUTO_MEMORY_SHARE * 100:g} %% of the available memory, then duckdb",
    )
    return parser


def _number(text: str, option: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ReportError(f"{PROG}: error: {option} must be a number, got {text!r}", status=2) from None
    if not math.isfinite(value):
        raise ReportError(f"{PROG}: error: {option} must be a finite number, got {text!r}", status=2)
    return value


def _checked_number(value: object, name: str) -> float:
    """A finite real number given to :func:`build_report`, or a ``ValueError`` naming ``name``."""
    if isinstance(value, (bool, str)) or not isinstance(value, Real):
        raise ValueError(f"{name} must be a finite number, got {value!r:.40}")
    if not math.isfinite(float(value)):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def _prevalence(text: str) -> float:
    value = _number(text, "--prevalence")
    if not 0 < value < 1:
        raise ReportError(
            f"{PROG}: error: --prevalence must be strictly between 0 and 1 (e.g. 0.001 for 1 in 1000), got {text!r}",
            status=2,
        )
    return value


def _rule_options(args: argparse.Namespace) -> dict[str, float | None]:
    """The threshold rule's options as numbers, checked, with messages naming the options as typed."""
    values = {
        name: None if getattr(args, name) is None else _number(getattr(args, name), option)
        for name, option in _RULE_OPTIONS.items()
    }
    given = [option for name, option in _RULE_OPTIONS.items() if values[name] is not None and name != "cost_fn"]
    if (values["cost_fp"] is None) != (values["cost_fn"] is None):
        missing = "--cost-fn" if values["cost_fn"] is None else "--cost-fp"
        raise ReportError(f"{PROG}: error: {missing} is needed too: the cost rule needs the price of both errors", 2)
    if len(given) > 1:
        raise ReportError(f"{PROG}: error: give one way to choose the threshold, got {' and '.join(given)}", 2)
    if values["at_recall"] is not None and not 0 < values["at_recall"] <= 1:
        raise ReportError(f"{PROG}: error: --at-recall must be in (0, 1], got {args.at_recall!r}", 2)
    for name in ("cost_fp", "cost_fn"):
        if values[name] is not None and values[name] <= 0:
            raise ReportError(f"{PROG}: error: {_RULE_OPTIONS[name]} must be > 0, got {getattr(args, name)!r}", 2)
    return values


_RULE_OPTIONS = {"at_recall": "--at-recall", "cost_fp": "--cost-fp", "cost_fn": "--cost-fn", "threshold": "--threshold"}


def _stem(name: str) -> str:
    """A file's name without its data and compression extensions: ``preds.csv.gz`` -> ``preds``."""
    for suffix in (".gz", ".bz2", ".xz", ".zst", ".zip"):
        name = name.removesuffix(suffix)
    for suffix in (".csv", ".tsv", ".txt", ".parquet", ".pq"):
        name = name.removesuffix(suffix)
    return name or "predictions"


def _output_path(out: str | None, source: Path) -> Path:
    target = Path(out) if out else Path(f"{_stem(source.name)}_report.html")
    target = target.expanduser().absolute()
    if target.is_dir():
        raise ReportError(f"{PROG}: error: --out {str(target)!r} is a directory; give a file name", status=2)
    if not target.parent.is_dir():
        raise ReportError(f"{PROG}: error: --out: the folder {str(target.parent)!r} does not exist", status=2)
    return target


def _table_path(text: str) -> Path:
    target = Path(text).expanduser().absolute()
    if target.is_dir():
        raise ReportError(f"{PROG}: error: --table {str(target)!r} is a directory; give a file name", status=2)
    if not target.parent.is_dir():
        raise ReportError(f"{PROG}: error: --table: the folder {str(target.parent)!r} does not exist", status=2)
    return target


def _step(message: str) -> None:
    print(f"report: {message}", file=sys.stderr, flush=True)


_RUN_SCRIPT = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"


class _Runner:
    """The process that runs the notebook and writes the page (:mod:`helpers.report_runner`), started as a script.

    ``go()`` once the arrays are on disk; ``stop()`` when the report stops
    before (a bad file): the process then shuts its kernel down and exits.
    Its standard error and its kernel's go to ``kernel.log`` in the work folder.
    """

    def __init__(self, workdir: Path, source_nb: Path, parameters: dict, title: str) -> None:
        self.workdir = workdir
        settings = {
            "source": str(source_nb), "hide_tag": HIDE_TAG, "parameters": parameters, "cwd": str(NOTEBOOKS),
"html": str(workdir / "page.html"), "title": title,
            "template": _TEMPLATE, "bar_fd": None, "warm": [WARM_IMPORTS],
        }
        keep_fds: tuple[int, ...] = ()
        if sys.stderr.isatty():  # papermill's kind of progress bar over the cells, on the terminal
            settings["bar_fd"] = os.dup(sys.stderr.fileno())
            keep_fds = (settings["bar_fd"],)
        (workdir / "runner.json").write_text(json.dumps(settings), encoding="utf-8")
        env = dict(os.environ)
        env.pop("MPLBACKEND", None)  # the kernel draws inline figures, whatever the caller's backend
        with open(workdir / "kernel.log", "wb") as log:
            self.process = subprocess.Popen(  # a script, not -m: importing the package would load scikit-learn
                [sys.executable, "-c", _RUN_SCRIPT, str(Path(__file__).with_name("report_runner.py")),
                 str(workdir / "runner.json")],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, cwd=workdir, env=env, text=True,
                pass_fds=keep_fds,
            )
        for fd in keep_fds:
            os.close(fd)

    def go(self) -> None:
        with contextlib.suppress(BrokenPipeError):  # the process has failed already: finish() says how
            self.process.stdin.write("go\n")
            self.process.stdin.close()

    def stop(self) -> None:
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()  # end of input, then SIGTERM: the process shuts its kernel down and ends
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()

    def finish(self, what_ran: str, name: str) -> str:
        """Wait for the page; its HTML, or :class:`ReportError` with the notebook's own error in one line."""
        start = time.perf_counter()
        problem = None
        with self.process.stdout:
            for line in self.process.stdout:
                word, _, rest = line.strip().partition(" ")
                if word == "ran":
                    _step(f"notebook ran in {time.perf_counter() - start:.1f} s; writing the HTML page...")
                elif word == "failed":
                    problem = rest
        status = self.process.wait()
        page = self.workdir / "page.html"
        if problem is not None:
            raise ReportError(f"{PROG}: {what_ran} failed on {name}: {problem}")
        if status != 0 or not page.exists():
            log = (self.workdir / "kernel.log").read_text("utf-8", errors="replace").strip().splitlines()
            last = f": {log[-1].strip()}" if log else ""
            raise ReportError(f"{PROG}: {what_ran} failed on {name}: its process ended with status {status}{last}")
        return page.read_text(encoding="utf-8")


def build_report(
    path: str | os.PathLike[str],
    *,
    prevalence: float,
    y_true: str = "y_true",
    y_score: str | Sequence[str] = "y_score",
    at_recall: float | None = None,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    threshold: float | None = None,
    pos_label: str | int | float | bool | None = None,
    out: str | os.PathLike[str],
    table: str | os.PathLike[str] | None = None,
    engine: str = "auto",
) -> Path:
    """Check the file, run notebook 13 on it and write the HTML page to ``out``; return its path.

    Raises :class:`PredictionFileError` for a bad file (a kernel started
    while a big file was read is shut down first) and :class:`ReportError`
    when the run or the conversion fails. The
    page appears at ``out`` only when everything succeeded. ``prevalence``
    (strictly between 0 and 1) and the threshold rule are checked first, with
    a ``ValueError`` naming the argument: at most one of ``at_recall`` (in
    (0, 1]), the pair ``cost_fp``, ``cost_fn`` (both > 0) and ``threshold``
    (finite), as :func:`helpers.threshold_choice.threshold_rule` takes them.
    With none, the page shows the trade-off and chooses no threshold.
    ``pos_label`` names the positive class when the labels are not 0/1 or
    True/False (:func:`helpers.load_predictions`). ``y_score`` is one score
    column or a list of them (one per model, compared on one page). With
    ``table``, the per-threshold table at the deployment prevalence
    (:func:`helpers.report.metrics.threshold_table`: one row per model and
    distinct score) is written there as CSV, also only when everything
    succeeded. ``engine`` (:func:`pick_engine`) says who reads and counts
    the file: ``"pandas"`` runs notebook 13 on the rows, ``"duckdb"`` and
    ``"spark"`` count each score column by score where the file lies
    (:func:`helpers.report.count.score_count_table`) and build the page from
    those tables alone; ``"auto"`` picks pandas or DuckDB by the file's size.
    """
    prevalence = _checked_number(prevalence, "prevalence")
    if not 0 < prevalence < 1:
        raise ValueError(f"prevalence must be strictly between 0 and 1 (e.g. 0.001 for 1 in 1000), got {prevalence!r}")
    rule = {"at_recall": at_recall, "cost_fp": cost_fp, "cost_fn": cost_fn, "threshold": threshold}
    rule = {name: None if value is None else _checked_number(value, name) for name, value in rule.items()}
    threshold_rule(**rule)  # one rule at most, each value in range
    columns = [y_score] if isinstance(y_score, str) else list(y_score)
    if not columns or not all(isinstance(c, str) for c in columns):
        raise ValueError(f"y_score must be a column name or a non-empty list of them, got {y_score!r:.60}")
    if len(set(columns)) < len(columns):
        raise ValueError(f"y_score names a column twice: {columns!r:.80}")
    source = Path(os.fsdecode(path)).expanduser()
    engine = pick_engine(source, engine)
    if engine != "pandas":
        arrays = _count_on_engine(source, columns, y_true=y_true, pos_label=pos_label, engine=engine,
                                  threshold=rule["threshold"], every_score=table is not None)
        parameters = {"models": columns, "source_name": source.name, "engine": engine,
                      "deploy_prevalence": float(prevalence), "table_path": None,
                      **{name: value for name, value in rule.items()}}
        return _counts_page(parameters, arrays, source, Path(out).absolute(), table)
    source = source.absolute()
    target = Path(out).absolute()
    parameters: dict = {
        "predictions_path": str(source),
        "y_true_column": y_true,
        "y_score_column": columns[0],
        "y_score_columns": columns,
        "pos_label": pos_label,
        "deploy_prevalence": float(prevalence),
        "table_path": None,
        **rule,  # every rule parameter, None included: the notebook's own default rule is not used
    }
    with tempfile.TemporaryDirectory(prefix="report-") as tmp:
        workdir = Path(tmp)
        # The kernel gets the checked columns as numpy arrays in one .npz file: the file is read (and checked) once.
        parameters["checked_columns"] = str(workdir / "arrays.npz")
        if table is not None:
            parameters["table_path"] = str(workdir / "table.csv")
        runner = None
        if source.is_file() and source.stat().st_size >= EARLY_START_BYTES:
            # A big file: the notebook's process, its kernel and their imports start while the file is read.
            runner = _Runner(workdir, NOTEBOOK, parameters, _title(source))
        try:
            # The file is read and parsed once for every score column (the checks as load_predictions makes them).
            labels, scores = _load_columns(source, y_true=y_true, y_scores=columns, pos_label=pos_label)
            checked: dict[str, np.ndarray] = {"y_true": labels.astype(np.int8)}
            checked.update({f"score_{k}": column_scores for k, column_scores in enumerate(scores)})
            del labels, scores
            models = f", {len(columns)} models" if len(columns) > 1 else ""
            _step(f"{source.name}: {checked['y_true'].size:,} rows, {int(checked['y_true'].sum()):,} positives"
                  f"{models}, checked")
            np.savez(workdir / "arrays.npz", **checked)
            del checked
        except BaseException:
            if runner is not None:
                runner.stop()
            raise
        if runner is None:
            runner = _Runner(workdir, NOTEBOOK, parameters, _title(source))
        _step("running notebook 13...")
        return _write_page(runner, "notebook 13", source, target, table)


# Files at least this big start the notebook's process before they are read (reading them takes about as long as
# the kernel's start); a smaller file is read first, so that a bad one stops before any kernel starts.
EARLY_START_BYTES = 2 * 10**6


def _title(source: Path) -> str:
    return f"Predictions report: {source.name}"


def _write_page(runner: _Runner, what_ran: str, source: Path, target: Path,
                table: str | os.PathLike[str] | None) -> Path:
    """Let the runner go, wait for its page and move it (and the --table) into place; no page on any failure."""
    runner.go()
    html = runner.finish(what_ran, str(source))
    partial = None
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=target.parent, prefix=".report-", suffix=".html.part", delete=False
        ) as handle:
            partial = Path(handle.name)
            handle.write(html)
        umask = os.umask(0)
        os.umask(umask)
        partial.chmod(0o666 & ~umask)  # as an ordinary new file, not 0600
        if table is not None:
            os.replace(runner.workdir / "table.csv", Path(table).absolute())
        os.replace(partial, target)
    except OSError as exc:
        if partial is not None:
            partial.unlink(missing_ok=True)
        raise ReportError(f"{PROG}: cannot write {target}: {exc.strerror or exc}") from None
    return target


def _counts_page(parameters: dict, arrays: dict, source: Path, target: Path,
                 table: str | os.PathLike[str] | None) -> Path:
    """The page of an engine's count tables: the arrays handed over as one .npz file, then the notebook run."""
    import nbformat

    with tempfile.TemporaryDirectory(prefix="report-") as tmp:
        workdir = Path(tmp)
        np.savez(workdir / "arrays.npz", **arrays)
        arrays.clear()
        parameters["count_tables"] = str(workdir / "arrays.npz")
        if table is not None:
            parameters["table_path"] = str(workdir / "table.csv")
        nbformat.write(_counts_notebook(), workdir / "counts.ipynb")
        runner = _Runner(workdir, workdir / "counts.ipynb", parameters, _title(source))
        _step("building the page from the counts...")
        return _write_page(runner, "the page of the count tables", source, target, table)


# --------------------------------------------------------------------------- on an engine: the counts page

ENGINES = ("auto", "pandas", "duckdb", "spark")
# --engine auto counts in pandas when the file is at most this share of the available memory (a CSV read and
# counted in memory takes about 20 times its size on disk), and with DuckDB, out of core, above it.
AUTO_MEMORY_SHARE = 0.05


def _available_memory() -> int:
    """Bytes of memory available now (Linux: MemAvailable), or 4 GiB when it cannot be read."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 4 * 2**30


def pick_engine(path: str | os.PathLike[str], engine: str = "auto") -> str:
    """Who counts the file for the report: ``engine`` itself, or for ``"auto"`` pandas or DuckDB.

    ``"auto"`` gives ``"duckdb"`` for a glob pattern or a folder holding
    Parquet files, and for a file larger than ``AUTO_MEMORY_SHARE`` (5 %) of the
    memory available now::

        size(path) > 0.05 * MemAvailable   ->  "duckdb"   (out of core)
        otherwise                          ->  "pandas"   (in memory: every per-row analysis of notebook 13)

    and ``"pandas"`` otherwise, also for a path that does not exist (its
    reader then says so).
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r:.40}")
    if engine != "auto":
        return engine
    text = os.fsdecode(path)
    if any(ch in text for ch in "*?["):
        return "duckdb"
    if Path(text).is_dir():  # a folder of Parquet files; any other folder is refused by the pandas reader
        return "duckdb" if next(Path(text).rglob("*.parquet"), None) is not None else "pandas"
    try:
        size = Path(text).stat().st_size
    except OSError:
        return "pandas"
    return "duckdb" if size > AUTO_MEMORY_SHARE * _available_memory() else "pandas"


_COUNTS_CELLS: list[tuple[str, str]] = [
    ("markdown", """# Your predictions, counted by a data engine

The file was counted where it lies, by a data engine (DuckDB or Spark, named
below), as a *score-count table*:
one row per distinct score with its numbers of positives and negatives (a
`GROUP BY score`, notebook 14). Every number on this page comes from those
tables; the rows themselves never reach Python. What needs the rows is left
out: the paired comparison of two models' AUCs (it needs each row's scores
under both models) and the first rows of the file. DuckDB's table (Spark's
above a million distinct scores; not with `--table`, which lists every
distinct score) comes with each run of scores that holds no positive
merged into one row: along such a run the ROC curve is flat, so the curves,
the AUC and its interval and every threshold stay the same. For those, run the report
with `--engine pandas` on a file that fits in memory.

A rule that looks at the rows chooses its threshold on one random half and
is judged on the other, as in notebook 13, but the halves are drawn
differently. Here they are drawn from the counts: rows with the same score
and class are interchangeable, so a random half of the rows is a random half
of each count (`split_counts`). They are drawn per model, from each model's
own table, so two models are not judged on the same rows. The pandas engine
(`--engine pandas`) draws one split of the rows, shared by all models, so on
the same file and rule its threshold, recall and precision differ from these
by the luck of the split: the gap between the two pages is a measure of how
much the split moves the threshold."""),
    ("code", """# %matplotlib inline
import json

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from helpers import precision_interval
from helpers.report.metrics import (counts_auc_interval, counts_rule_table, deployment_cost_curve,
                                     deployment_metrics, deployment_table, merge_negative_runs,
                                     real_in_batch_interval, split_counts, thin_indices)
from helpers.plotting import PALETTE, use_course_style
from helpers.rare_rates import decimals_for, fixed_percent, with_interval
from helpers.report.count import roc_from_score_counts
from helpers.tables import styled
from helpers.threshold_choice import threshold_rule

use_course_style()
CYCLE = [PALETTE[c] for c in ("blue", "orange", "green", "vermillion", "purple", "sky")]
pd.set_option("display.float_format", "{:.4g}".format)"""),
    ("parameters", """count_tables = None  # the report's npz file of score-count tables, one per model
models = ["y_score"]
source_name = "predictions"
engine = "duckdb"
deploy_prevalence = 0.01
at_recall = None
cost_fp = None
cost_fn = None
threshold = None
split_rng = 0
table_path = None"""),
    ("markdown", """## At a glance

Per model: the ROC AUC with DeLong's 95 % interval (from the counts: a
positive's placement among the negatives depends only on its score), and the
threshold your rule gives it, chosen on one half, with the recall and the
expected precision at the deployment prevalence counted on the other half,
each with its 95 % interval. "Flagged per 1000" is the expected number of
cases flagged per 1000 at deployment, `1000 (π recall + (1 − π) FPR)` at the
deployment prevalence π.

The correction to the deployment prevalence assumes prior shift only: only
the share of positives changes between the file and deployment (the scores
of positives and of negatives are distributed as in the file), so recall and
FPR carry over (notebook 07 shows what happens when they do not). The
deployment prevalence is taken as known exactly: the intervals hold the
uncertainty of recall and FPR only, not that of the prevalence."""),
    ("code", """with np.load(count_tables) as arrays:
    tables = {name: pd.DataFrame({"score": arrays[f"score_{k}"], "n_pos": arrays[f"n_pos_{k}"],
                                  "n_neg": arrays[f"n_neg_{k}"]}) for k, name in enumerate(models)}
rule = threshold_rule(at_recall=at_recall, cost_fp=cost_fp, cost_fn=cost_fn, threshold=threshold)
# Halves drawn from the ROC vertices (runs of scores without positives merged), however the engine handed the
# table over: the same draws, so the same numbers, with or without --table and on every engine.
keep = () if threshold is None else (threshold,)
halves = {name: split_counts(merge_negative_runs(t, keep=keep), rng=split_rng) for name, t in tables.items()}
rows = []
for name, t in tables.items():
    auc, low, high = counts_auc_interval(t)
    row = {"model": name, "rows": f"{int(t.n_pos.sum() + t.n_neg.sum()):,}", "positives": f"{int(t.n_pos.sum()):,}",
           "ROC vertices": f"{len(merge_negative_runs(t, keep=keep)):,}",
           "ROC AUC [95 %]": with_interval(auc, low, high)}
    if rule is not None:
        choose, judge = halves[name] if rule.looks_at_rows else (t, t)
        at = counts_rule_table([(rule, deploy_prevalence)], choose=choose, count=judge).iloc[0]
        row.update({"threshold": f"{at.threshold:.4g}",
                    "recall [95 %]": with_interval(at.recall, at.recall_low, at.recall_high),
                    "precision at deployment [95 %]": with_interval(at.precision, at.low, at.high),
                    "flagged per 1000": f"{at.flagged_per_1000:.1f}"})
    rows.append(row)
print(f"{source_name}, counted by {engine}; deployment prevalence {deploy_prevalence:.4%}")
print(f"rule: {'none (no threshold chosen)' if rule is None else rule.describe()}"
      + ("" if rule is None else ", chosen on one half, counted on the other" if rule.looks_at_rows
         else ", counted on every row"))
pd.DataFrame(rows).set_index("model").rename_axis(index=None, columns="model")  # one header row"""),
    ("markdown", """ROC curves (they do not depend on the prevalence) and precision against
recall at the deployment prevalence (the false positives rescaled, notebook
06), each drawn through at most 2000 of its points. Average precision as
tested and at deployment is the sum of precision times each step in recall."""),
    ("code", """rocs = {name: roc_from_score_counts(t) for name, t in tables.items()}
fig, (ax_roc, ax_pr) = plt.subplots(1, 2, figsize=(10, 4.4))
for (name, roc), colour in zip(rocs.items(), CYCLE, strict=False):
    keep = thin_indices(len(roc))
    ax_roc.plot(roc.fpr.to_numpy()[keep], roc.tpr.to_numpy()[keep], color=colour,
                label=f"{name}, AUC {roc.auc_piece.sum():.3f}")
    tested = deployment_table(roc, deploy_prevalence=roc.tp.iloc[-1] / (roc.tp.iloc[-1] + roc.fp.iloc[-1]))
    deployed = deployment_table(roc, deploy_prevalence=deploy_prevalence)
    ap_tested, ap_deployed = (float(np.sum(np.diff(d.tpr, prepend=0.0) * d.precision)) for d in (tested, deployed))
    k = decimals_for(ap_tested, ap_deployed, least=4)  # more decimals where a number is below 0.001
    print(f"{name}: average precision as tested {ap_tested:.{k}f}, at deployment {ap_deployed:.{k}f}")
    keep = thin_indices(len(deployed))
    ax_pr.plot(deployed.tpr.to_numpy()[keep], deployed.precision.to_numpy()[keep], color=colour, label=name)
ax_roc.plot([0, 1], [0, 1], color=PALETTE["black"], lw=0.8, ls=":", label="chance")
ax_roc.set(xlabel="false positive rate", ylabel="recall (true positive rate)", title="ROC curves")
ax_pr.set(xlabel="recall", ylabel="precision at deployment", ylim=(0, 1.02),
          title=f"Precision–recall at {fixed_percent(deploy_prevalence)} prevalence")
ax_roc.legend(loc="lower right", fontsize="small")
ax_pr.legend(loc="upper right", fontsize="small")
plt.show()"""),
    ("code", """if table_path is not None:  # the report's --table: every model's every threshold at deployment
    parts = []
    for name, roc in rocs.items():
        d = deployment_table(roc, deploy_prevalence=deploy_prevalence)
        parts.append(pd.DataFrame({"model": name, "threshold": d.threshold, "tp": d.tp, "fp": d.fp,
                                   "recall": d.tpr, "fpr": d.fpr, "precision": d.precision, "f1": d.f1,
                                   "flagged_per_1000": 1000 * (deploy_prevalence * d.tpr
                                                               + (1 - deploy_prevalence) * d.fpr)}))
    pd.concat(parts, ignore_index=True).to_csv(table_path, index=False)
    print("per-threshold table at deployment written")"""),
    ("markdown", """## The trade-off, and every rule names its prevalence

For the first model: a few recall targets, each chosen on the first half
and counted on the second (its recall there estimates the recall on new
cases). Then your rule at half and double the deployment prevalence, next
to a cost rule as an example (a missed case costs as much as 50 false
alarms; left out when your rule is a cost rule): a cost rule moves its
threshold with the prevalence, and every rule moves its precision."""),
    ("code", """first = models[0]
choose, judge = halves[first]
names = {"recall_low": "recall low", "recall_high": "recall high", "low": "precision low", "high": "precision high"}
targets = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95]
tradeoff = counts_rule_table([(threshold_rule(at_recall=r), deploy_prevalence) for r in targets], choose=choose,
                             count=judge)
tradeoff.index = pd.Index(targets)
tradeoff[["threshold", "recall", "recall_low", "recall_high", "fpr", "precision", "low", "high",
          "flagged_per_1000"]].rename(columns=names).rename_axis(columns="recall target")"""),
    ("code", """example_cost = threshold_rule(cost_fp=1, cost_fn=50)
shown = ([rule] if rule is not None else []) + ([] if rule is not None and rule.kind == "cost" else [example_cost])
prevalences = [f * deploy_prevalence for f in (0.5, 1.0, 2.0) if f * deploy_prevalence < 1]
moves = pd.concat([counts_rule_table([(r, p) for p in prevalences], choose=choose if r.looks_at_rows else tables[first],
                                     count=judge if r.looks_at_rows else tables[first]) for r in shown])
moves["rule"] = moves["rule"].replace({example_cost.describe(): "cost 1 : 50 (example)"})
moves_columns = ["threshold", "recall", "fpr", "precision", "low", "high", "flagged_per_1000"]
styled(moves[["rule", "prevalence", *moves_columns]].rename(columns=names).style.hide(axis="index")  # no row numbers
       .format("{:.4g}", subset=["prevalence", *[names.get(c, c) for c in moves_columns]]).set_uuid("moves"))"""),
    ("markdown", """## Precision at deployment, with its uncertainty, and what the threshold costs

At the first model's threshold: the expected precision at the deployment
prevalence with its 95 % interval (for that threshold fixed before the
counted half was seen), and the range of real cases in one batch of 1000
flagged cases (the deployment prevalence taken as known, as above). Then
the expected cost per 1000 cases at deployment against the threshold,
counted on the judging half (your prices with a cost rule, else the example
prices 1 : 50), each model's chosen threshold marked on its curve. The
expected cost per case is `(1 − π) FPR C_fp + π (1 − recall) C_fn`; the lines
above the chart give it per 1000 cases at each model's threshold, next to
the cost of flagging nobody (`1000 π C_fn`) and of flagging everybody
(`1000 (1 − π) C_fp`)."""),
    ("code", """if rule is None:
    print("No rule given: no threshold is chosen (--at-recall, --cost-fp/--cost-fn or --threshold).")
else:
    counted_on = judge if rule.looks_at_rows else tables[first]
    at = counts_rule_table([(rule, deploy_prevalence)], choose=choose if rule.looks_at_rows else tables[first],
                           count=counted_on).iloc[0]
    c = dict(tp=int(at.tp), fn=int(at.fn), fp=int(at.fp), tn=int(at.tn))
    batch_low, batch_high = real_in_batch_interval(**c, deploy_prevalence=deploy_prevalence, batch=1000)
    d = deployment_metrics(**c, deploy_prevalence=deploy_prevalence)
    print(f"{first} at threshold {at.threshold:.6g}: TP {c['tp']:,}, FN {c['fn']:,}, FP {c['fp']:,}, TN {c['tn']:,}")
    k = decimals_for(at.precision, at.low, at.high, least=4)  # more decimals where precision is below 0.001
    print(f"expected precision at {deploy_prevalence:.4%}: {at.precision:.{k}f}, 95 % interval {at.low:.{k}f} to "
          f"{at.high:.{k}f}; F1 at deployment {d['f1']:.4f}")
    print(f"one batch of 1000 flagged cases: {batch_low:.0f} to {batch_high:.0f} real ones (95 % range)")
own_prices = rule is not None and rule.kind == "cost"
prices = (rule.cost_fp, rule.cost_fn) if own_prices else (1.0, 50.0)
priced = (f"your prices (FP {prices[0]:g}, FN {prices[1]:g})" if own_prices else f"example prices FP {prices[0]:g}, "
          f"FN {prices[1]:g} ({'no rule given' if rule is None else 'your rule is not a cost rule'})")
nobody, everybody = 1000 * deploy_prevalence * prices[1], 1000 * (1 - deploy_prevalence) * prices[0]
marked = {}  # model -> (its chosen threshold, expected cost per 1000 there, counted on the judging half)
fig, ax = plt.subplots(figsize=(7.5, 4.2))
for name, colour in zip(models, CYCLE, strict=False):
    curve = deployment_cost_curve(roc_from_score_counts(halves[name][1]), cost_fp=prices[0], cost_fn=prices[1],
                                  deploy_prevalence=deploy_prevalence)
    keep = thin_indices(len(curve) - 1) + 1
    ax.plot(curve.threshold.to_numpy()[keep], 1000 * curve.mean_cost.to_numpy()[keep], color=colour, label=name)
    if rule is not None:
        choose_on = halves[name][0] if rule.looks_at_rows else tables[name]
        t = counts_rule_table([(rule, deploy_prevalence)], choose=choose_on, count=halves[name][1]).threshold.iloc[0]
        at_t = 1000 * curve.mean_cost.to_numpy()[np.flatnonzero(curve.threshold.to_numpy() >= t)[-1]]  # score >= t
        marked[name] = (t, at_t)
        ax.plot(t, at_t, ls="none", marker="o", ms=8, color=colour, markeredgecolor=PALETTE["black"],
                label=f"{name} at its threshold {t:.4g}")
k = decimals_for(nobody, everybody, *(cost for _, cost in marked.values()), least=1)
print(f"expected cost per 1000 cases at {fixed_percent(deploy_prevalence)} prevalence, {priced}: "
      f"flagging nobody {nobody:,.{k}f}, flagging everybody {everybody:,.{k}f}")
for name, (at_threshold, cost) in marked.items():
    print(f"{name} at its threshold {at_threshold:.4g}: {cost:,.{k}f} (counted on the judging half, like the curve)")
ax.set(xlabel="threshold", ylabel="expected cost per 1000 cases",
       title=f"Cost at {fixed_percent(deploy_prevalence)} prevalence (FP {prices[0]:g}, FN {prices[1]:g}), "
             "judging half")
ax.legend(loc="best", fontsize="small")
plt.show()"""),
]


def _counts_notebook() -> object:
    """The page of an engine's count tables, as a notebook (not shipped in notebooks/: it reads no rows)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    for kind, text in _COUNTS_CELLS:
        if kind == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(text))
        else:
            cell = nbformat.v4.new_code_cell(text)
            if kind == "parameters":
                cell.metadata["tags"] = ["parameters"]
            nb.cells.append(cell)
    return nb


# Above this many distinct scores the engine's table is handed over with its runs of scores without positives
# merged (helpers.report.metrics.merge_negative_runs: every number of the page stays the same).
MERGE_ABOVE = 10**6


def _count_on_engine(source: Path, columns: list[str], *, y_true: str, pos_label, engine: str,
                     threshold: float | None, every_score: bool = False) -> dict:
    """Each score column's score-count table from the engine, as arrays for the kernel (one line per step).

    DuckDB hands over the ROC vertices only (helpers.report.count._vertex_table: the runs of scores without
    positives merged as it streams, at most about 2P + 1 rows; every number of the page stays the same),
    unless ``every_score`` (--table writes one row per distinct score); the full table is merged here when
    longer than MERGE_ABOVE."""
    from .metrics import merge_negative_runs
    from .count import _vertex_table, score_count_table

    keep = () if threshold is None else (threshold,)
    progress = sys.stderr.isatty()  # DuckDB's bar on a terminal only, never in a captured log
    arrays: dict[str, np.ndarray] = {}
    for k, column in enumerate(columns):
        start = time.perf_counter()
        _step(f"counting {column!r} by score with {engine}...")
        if engine == "duckdb" and not every_score:
            table, n_rows = _vertex_table(str(source), label=y_true, score=column, pos_label=pos_label, keep=keep,
                                          progress=progress)
            _step(f"{column!r}: {n_rows:,} rows, {int(table['n_pos'].sum()):,} positives, {len(table):,} table "
                  f"rows (runs of scores without positives merged), counted in {time.perf_counter() - start:.1f} s")
        else:
            table = score_count_table(str(source), label=y_true, score=column, pos_label=pos_label, engine=engine)
            _step(f"{column!r}: {int(table['n_pos'].sum() + table['n_neg'].sum()):,} rows, "
                  f"{int(table['n_pos'].sum()):,} positives, {len(table):,} distinct scores, counted in "
                  f"{time.perf_counter() - start:.1f} s")
            if len(table) > MERGE_ABOVE:
                table = merge_negative_runs(table, keep=keep)
                _step(f"{column!r}: runs of scores without positives merged: {len(table):,} table rows")
        arrays[f"score_{k}"] = table["score"].to_numpy()
        arrays[f"n_pos_{k}"] = table["n_pos"].to_numpy()
        arrays[f"n_neg_{k}"] = table["n_neg"].to_numpy()
    return arrays


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status (0 = the page was written)."""
    try:
        args = _parser().parse_args(argv)
        prevalence = _prevalence(args.prevalence)
        rule = _rule_options(args)
        source = Path(args.path)
        target = _output_path(args.out, source)
        table = None if args.table is None else _table_path(args.table)
        written = build_report(
            source, prevalence=prevalence, y_true=args.y_true, y_score=args.y_score or ["y_score"],
            pos_label=args.pos_label, out=target, table=table, engine=args.engine, **rule,
        )
    except PredictionFileError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 1
    except ReportError as exc:
        print(exc, file=sys.stderr)
        return exc.status
    except ValueError as exc:  # e.g. equal or blank column names
        print(f"{PROG}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; no report written", file=sys.stderr)
        return 130
    print(f"report written to {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
