"""One self-contained HTML report of notebook 13 on your own predictions file.

Usage (from anywhere, with the course's environment)::

    python -m helpers.report PATH --prevalence P [--y-true COL] [--y-score COL [--y-score COL ...]]
                                  [--at-recall R | --cost-fp C --cost-fn C | --threshold T]
                                  [--out FILE.html]

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
or a bad option stops at once, before any kernel starts, with one line on
stderr naming the file, the column, the row and the problem, and exit status
2 (bad option) or 1 (bad file). Then notebook 13 runs on the file with
papermill (the options become its parameters) and nbconvert turns the result
into one HTML page: no code, the figures embedded as PNG, no scripts or
stylesheets fetched from the network, so it opens offline and can be mailed.
The page is written to a temporary file and moved into place only when
everything succeeded; a failure leaves no HTML behind.

The default ``--out`` is ``<name of PATH without .csv>_report.html`` in the
current folder. Relative paths (PATH and ``--out``) are relative to the
current folder.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from numbers import Real
from pathlib import Path
from typing import NoReturn

import numpy as np

from .own_predictions import NOTEBOOKS
from .predictions_file import PredictionFileError, load_predictions
from .threshold_choice import threshold_rule

__all__ = ["NOTEBOOK", "ReportError", "build_report", "main"]

NOTEBOOK = NOTEBOOKS / "13_your_own_predictions.ipynb"
PROG = "python -m helpers.report"

# The lab template without the scripts it would load from a CDN (require.js,
# MathJax, mermaid, widgets): notebook 13 needs none of them, and the page must
# read the same offline. Its CSS is inlined by nbconvert.
_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""
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


def _output_path(out: str | None, source: Path) -> Path:
    target = Path(out) if out else Path(f"{source.name.removesuffix('.csv')}_report.html")
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


@contextlib.contextmanager
def _quiet_fd2(log: Path) -> Iterator[object]:
    """Send everything written to file descriptor 2 (the kernel's log lines) to ``log``.

    Yields a text stream on the original stderr, for papermill's progress bar.
    """
    sys.stderr.flush()
    saved = os.dup(2)
    original = os.fdopen(os.dup(saved), "w", buffering=1)
    try:
        with open(log, "wb") as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield original
            finally:
                sys.stderr.flush()
                os.dup2(saved, 2)
    finally:
        original.close()
        os.close(saved)


def _execute(parameters: dict, executed: Path, workdir: Path) -> None:
    import nbformat
    import papermill

    # The cells the page leaves out (how to run it, the exercises) are not run either.
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nb.cells = [cell for cell in nb.cells if HIDE_TAG not in cell.metadata.get("tags", [])]
    runnable = workdir / "report.ipynb"
    nbformat.write(nb, runnable)
    show_bar = sys.stderr.isatty()
    os.environ.pop("MPLBACKEND", None)  # the kernel draws inline figures, whatever the caller's backend
    with _quiet_fd2(workdir / "kernel.log") as terminal:
        previous = sys.stderr
        sys.stderr = terminal  # tqdm writes its bar to sys.stderr
        try:
            papermill.execute_notebook(
                str(runnable),
                str(executed),
                parameters=parameters,
                cwd=str(NOTEBOOKS),
                kernel_name="python3",
                progress_bar=show_bar,
                log_output=False,
                report_mode=False,
            )
        except Exception as exc:  # PapermillExecutionError, kernel death, timeouts...
            what = f"{getattr(exc, 'ename', type(exc).__name__)}: {getattr(exc, 'evalue', exc)}"
            raise ReportError(f"{PROG}: notebook 13 failed on {parameters['predictions_path']}: {what}") from None
        finally:
            sys.stderr = previous


def _to_html(executed: Path, title: str) -> str:
    import nbformat
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    nb = nbformat.read(executed, as_version=4)
    nb.metadata["title"] = title  # the template escapes it
    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[DictLoader({"report.html.j2": _TEMPLATE})],
        template_file="report.html.j2",
        exclude_input=True,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        embed_images=True,
    )
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={HIDE_TAG}), enabled=True)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": "report"}})
    return body


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
) -> Path:
    """Check the file, run notebook 13 on it and write the HTML page to ``out``; return its path.

    Raises :class:`PredictionFileError` for a bad file (before any kernel
    starts) and :class:`ReportError` when the run or the conversion fails. The
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
    (:func:`helpers.own_predictions.threshold_table`: one row per model and
    distinct score) is written there as CSV, also only when everything
    succeeded.
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
    checked: dict[str, np.ndarray] = {}
    for k, column in enumerate(columns):
        frame = load_predictions(source, y_true=y_true, y_score=column, pos_label=pos_label)
        checked["y_true"] = frame[y_true].to_numpy(dtype=np.int8)
        checked[f"score_{k}"] = frame[column].to_numpy()
        del frame
    source = source.absolute()
    target = Path(out).absolute()
    models = f", {len(columns)} models" if len(columns) > 1 else ""
    _step(f"{source.name}: {checked['y_true'].size:,} rows, {int(checked['y_true'].sum()):,} positives{models}, "
          "checked")
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
        executed = workdir / "executed.ipynb"
        # The kernel gets the checked columns as numpy arrays: the file is read (and checked) once.
        np.savez(workdir / "checked.npz", **checked)
        parameters["checked_columns"] = str(workdir / "checked.npz")
        del checked
        if table is not None:
            parameters["table_path"] = str(workdir / "table.csv")
        start = time.perf_counter()
        _step("running notebook 13 (papermill)...")
        _execute(parameters, executed, workdir)
        _step(f"notebook ran in {time.perf_counter() - start:.1f} s; writing the HTML page...")
        try:
            html = _to_html(executed, f"Predictions report: {source.name}")
        except Exception as exc:
            raise ReportError(f"{PROG}: converting the notebook to HTML failed: {type(exc).__name__}: {exc}") from None
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
                os.replace(workdir / "table.csv", Path(table).absolute())
            os.replace(partial, target)
        except OSError as exc:
            if partial is not None:
                partial.unlink(missing_ok=True)
            raise ReportError(f"{PROG}: cannot write {target}: {exc.strerror or exc}") from None
    return target


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
            pos_label=args.pos_label, out=target, table=table, **rule,
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
