"""The command line of the report: ``rare-report`` (or ``python -m helpers.report``).

Usage (from anywhere, with the course installed)::

    rare-report PATH --prevalence P [--y-true COL] [--y-score COL [--y-score COL ...]] [--pos-label L]
                     [--at-recall R [--recall-confidence C] | --cost-fp C --cost-fn C | --threshold T]
                     [--seed S] [--drop-missing] [--out FILE.html] [--json FILE.json] [--table FILE.csv]
                     [--engine auto|pandas|duckdb|spark]

The path it follows is the subpackage's (:mod:`helpers.report`): the file is
read and counted by score on an engine (:func:`helpers.report.count.count_for_report`),
the count tables are analysed (:func:`helpers.report.analysis.analyse`: the
threshold the rule gives on all rows, its recall and precision at the
deployment prevalence corrected for the choice by the optimism-corrected
bootstrap, seeded by ``--seed``), and the page is written
(:func:`helpers.report.page.page_html`), with ``--json`` the headline numbers
and with ``--table`` the per-threshold table. The engine changes the speed,
never a number: the same file, rule and seed give the same page and JSON on
every engine (but for the engine's name and the date in the provenance).

A bad file or option stops at once with one line on stderr naming the file,
the column, the row and the problem, and exit status 2 (bad option) or 1 (bad
file). The outputs are written to temporary files and moved into place only
when everything succeeded. Relative paths are relative to the current folder.
"""

from __future__ import annotations

import argparse
import datetime
import glob
import hashlib
import json
import math
import os
import shlex
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from numbers import Real
from pathlib import Path
from typing import NoReturn

from ..threshold_rules import threshold_rule
from .read import PredictionFileError, command_line_words

__all__ = ["ENGINES", "ReportError", "build_report", "main", "pick_engine"]

PROG = "rare-report"
ENGINES = ("auto", "pandas", "duckdb", "spark")
# --engine auto counts in memory (pandas) up to this many rows times score columns, and with DuckDB above it (or for
# a folder, a pattern or a Feather file). The numbers are the same either way; this is about speed and memory: a
# CSV read in memory takes about 30 bytes per value, DuckDB streams it.
AUTO_PANDAS_VALUES = 3 * 10**6


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
        description="Decide whether to deploy a classifier: read a file of labels and scores, choose the threshold "
        "your rule gives, estimate its recall and precision where it will be deployed, and write one HTML page.",
        epilog="Example: rare-report preds.csv --prevalence 0.001 --y-true truth --y-score prob --at-recall 0.9",
    )
    parser.add_argument(
        "path",
        help="predictions file (CSV, TSV, ';'-separated with decimal commas, compressed, Parquet or Feather/Arrow), "
        "a folder or a pattern such as 'preds/*', with one row per case: a label column and a score column. A "
        "folder is read with its subfolders, every file in them but a Spark job's _SUCCESS, .crc and hidden files; "
        "the files of a folder or a pattern must be of one kind (all Parquet, all Feather/Arrow or all CSV), and "
        "any other file in a folder is refused, named, rather than left out",
    )
    parser.add_argument(
        "--prevalence", required=True, metavar="P", help="share of positives where the model is deployed, in (0, 1)"
    )
    parser.add_argument("--y-true", default="y_true", metavar="COL", help="label column (default: y_true)")
    parser.add_argument(
        "--y-score", action="append", metavar="COL",
        help="score column (default: y_score); give it again for each further model to compare on the same rows",
    )
    parser.add_argument(
        "--pos-label", metavar="L",
        help="the label of the positive class, e.g. fraud, yes, True or -1 (needed unless the labels are 0/1 or "
        "True/False; matched without regard to case when that is unambiguous)",
    )
    rule = parser.add_argument_group(
        "choosing the threshold (give one; without, the page shows the models and chooses none)",
        "A rule that looks at the rows is applied to all of them; its recall and precision are corrected for the "
        "choice by resampling.",
    )
    rule.add_argument("--at-recall", metavar="R", help="the highest threshold with recall at least R, in (0, 1]")
    rule.add_argument(
        "--recall-confidence", metavar="C",
        help="with --at-recall: meet the target on new cases with confidence C (e.g. 0.95), at the lower end of "
        "recall's one-sided C interval",
    )
    rule.add_argument("--cost-fp", metavar="C", help="price of a false positive (with --cost-fn: lowest expected cost)")
    rule.add_argument("--cost-fn", metavar="C", help="price of a false negative (with --cost-fp)")
    rule.add_argument("--threshold", metavar="T", help="a threshold fixed in advance: positive means score >= T")
    parser.add_argument("--seed", default="0", metavar="S", help="seed of the resampling (default 0; printed on "
                        "the page)")
    parser.add_argument("--drop-missing", action="store_true",
                        help="leave out rows with a missing label or score (blank, NA, null, NaN) instead of "
                        "refusing the file; the page says how many")
    parser.add_argument(
        "--out", metavar="FILE.html", help="where to write the page (default: <PATH's name>_report.html, here)"
    )
    parser.add_argument("--json", metavar="FILE.json", help="also write every headline number as JSON")
    parser.add_argument(
        "--table", metavar="FILE.csv",
        help="also write the per-threshold table at the deployment prevalence (every model, every ROC vertex, "
        "counted on all rows) as CSV",
    )
    parser.add_argument(
        "--engine", choices=ENGINES, default="auto",
        help="who reads and counts the file: pandas (in memory), duckdb (out of core) or spark; the numbers are the "
        "same. auto (default): pandas for up to about 3 million values (rows times score columns) in one CSV or "
        "Parquet file, else duckdb",
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
    for suffix in (".csv", ".tsv", ".txt", ".parquet", ".pq", ".feather", ".arrow"):
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


def _table_path(text: str, option: str) -> Path:
    target = Path(text).expanduser().absolute()
    if target.is_dir():
        raise ReportError(f"{PROG}: error: {option} {str(target)!r} is a directory; give a file name", status=2)
    if not target.parent.is_dir():
        raise ReportError(f"{PROG}: error: {option}: the folder {str(target.parent)!r} does not exist", status=2)
    return target


_PROGRESS = {"on": False}  # one line per step on stderr for a big source (a small one is done in a moment)
PROGRESS_BYTES = 20 * 10**6


def _step(message: str) -> None:
    if _PROGRESS["on"]:
        print(f"report: {message}", file=sys.stderr, flush=True)


def _big(source: str) -> bool:
    try:
        if glob.has_magic(source):
            files = glob.glob(source, recursive=True)
        elif os.path.isdir(source):
            files = [str(p) for p in Path(source).rglob("*")]
        else:
            files = [source]
        return sum(os.path.getsize(f) for f in files if os.path.isfile(f)) >= PROGRESS_BYTES
    except OSError:
        return False


def _rows_in(path: Path) -> int | None:
    """The number of rows of one file, cheaply: Parquet's metadata, else the size over the mean line's length."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(1 << 16)
        if head[:4] == b"PAR1":
            import pyarrow.parquet as pq

            try:
                return int(pq.ParquetFile(path).metadata.num_rows)
            except (OSError, ValueError):  # a damaged footer (pyarrow's ArrowInvalid): the reader names the file
                return None
        if head[:2] in (b"\x1f\x8b", b"BZ", b"\xfd7", b"PK") or head[:4] == b"\x28\xb5\x2f\xfd":
            return None  # compressed: unknown
        lines = head.count(b"\n")
        return None if lines < 2 else int(path.stat().st_size / (len(head) / lines))
    except OSError:
        return None


def pick_engine(path: str | os.PathLike[str], engine: str = "auto", *, columns: int = 1) -> str:
    """Who counts the file: ``engine`` itself, or for ``"auto"`` pandas or DuckDB by the work, never by free memory.

    ``"auto"`` gives ``"duckdb"`` for a pattern, a folder, a Feather/Arrow file
    or a compressed file of unknown length, and for a file whose rows times
    ``columns`` (score columns) exceed ``AUTO_PANDAS_VALUES`` (3 million;
    rows from Parquet's metadata, or a CSV's size over the length of its
    first lines); ``"pandas"`` otherwise, also for a path that does not exist
    (its reader then says so). The numbers are the same on both.
    """
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r:.40}")
    if engine != "auto":
        return engine
    text = os.fsdecode(path)
    if glob.has_magic(text) or Path(text).is_dir():
        return "duckdb"
    if not Path(text).is_file():
        return "pandas"
    try:
        with open(text, "rb") as handle:
            if handle.read(6) == b"ARROW1":
                return "duckdb"
    except OSError:
        return "pandas"
    rows = _rows_in(Path(text))
    if rows is None:
        return "duckdb" if Path(text).stat().st_size > 20 * 10**6 else "pandas"
    return "duckdb" if rows * columns > AUTO_PANDAS_VALUES else "pandas"


def _warm_imports() -> None:
    """Import what the analysis and the page need (run in a thread while the file is counted)."""
    import contextlib
    import importlib

    for name in ("scipy.stats", "helpers.report.analysis", "helpers.report.page", "matplotlib.pyplot"):
        with contextlib.suppress(Exception):  # an import that fails here fails again, with its message, where used
            importlib.import_module(name)


def _sha256(path: str) -> str:
    """The file's SHA-256; for a folder or pattern, of its files' SHA-256s in name order."""
    from .read import _bookkeeping, _folder_files

    if glob.has_magic(path) or os.path.isdir(path):
        if os.path.isdir(path):
            files = _folder_files(path)  # the files the engines read
        else:
            files = sorted(f for f in glob.glob(path, recursive=True) if os.path.isfile(f) and not _bookkeeping(f))
        whole = hashlib.sha256()
        for f in files:
            whole.update(_sha256(f).encode())
        return whole.hexdigest()
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 22):
            digest.update(chunk)
    return digest.hexdigest()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rare-positives-course")
    except PackageNotFoundError:
        return "unknown"


def _write_atomic(target: Path, text: str) -> Path:
    partial = None
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent, prefix=".report-",
                                         suffix=".part", delete=False) as handle:
            partial = Path(handle.name)
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        partial.chmod(0o666 & ~umask)  # as an ordinary new file, not 0600
        return partial
    except OSError as exc:
        if partial is not None:
            partial.unlink(missing_ok=True)
        raise ReportError(f"{PROG}: cannot write {target}: {exc.strerror or exc}") from None


TABLE_HEADER = ("# counted on ALL rows: choosing a threshold from this table and reading its recall or precision "
                "here brings back the same-rows bias; the report's page and --json give them corrected for the choice")


def threshold_table_csv(analysis) -> str:  # noqa: ANN001
    """The ``--table`` CSV: one row per model and ROC vertex, at the deployment prevalence, under a warning line."""
    import numpy as np
    import pandas as pd

    pi = analysis.deploy_prevalence
    parts = []
    for m in analysis.models:
        tp = np.cumsum(m.table["n_pos"].to_numpy())
        fp = np.cumsum(m.table["n_neg"].to_numpy())
        recall, fpr = tp / analysis.positives, fp / analysis.negatives
        with np.errstate(invalid="ignore", divide="ignore"):
            precision = pi * recall / (pi * recall + (1 - pi) * fpr)
        parts.append(pd.DataFrame({"model": m.name, "threshold": m.table["score"].to_numpy(), "tp": tp, "fp": fp,
                                   "recall": recall, "fpr": fpr, "precision": precision,
                                   "flagged_per_1000": 1000 * (pi * recall + (1 - pi) * fpr)}))
    return TABLE_HEADER + "\n" + pd.concat(parts, ignore_index=True).to_csv(index=False)


def build_report(
    path: str | os.PathLike[str],
    *,
    prevalence: float,
    y_true: str = "y_true",
    y_score: str | Sequence[str] = "y_score",
    at_recall: float | None = None,
    recall_confidence: float | None = None,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    threshold: float | None = None,
    pos_label: str | int | float | bool | None = None,
    out: str | os.PathLike[str],
    json_path: str | os.PathLike[str] | None = None,
    table: str | os.PathLike[str] | None = None,
    engine: str = "auto",
    seed: int = 0,
    drop_missing: bool = False,
    command: str | None = None,
) -> Path:
    """Read and count the file, analyse it and write the page (and the JSON and table); return the page's path.

    Raises :class:`PredictionFileError` for a bad file, ``ValueError`` for a
    bad argument (naming it) and :class:`ReportError` when an output cannot be
    written. The rule is at most one of ``at_recall`` (with
    ``recall_confidence``), the pair ``cost_fp``, ``cost_fn`` and
    ``threshold``, as :func:`helpers.threshold_rules.threshold_rule` takes
    them; none: the page compares the models and chooses no threshold.
    ``engine`` is ``"auto"`` (:func:`pick_engine`), ``"pandas"``,
    ``"duckdb"`` or ``"spark"``: the numbers are the same on each.
    """
    prevalence = _checked_number(prevalence, "prevalence")
    if not 0 < prevalence < 1:
        raise ValueError(f"prevalence must be strictly between 0 and 1 (e.g. 0.001 for 1 in 1000), got {prevalence!r}")
    values = {"at_recall": at_recall, "cost_fp": cost_fp, "cost_fn": cost_fn, "threshold": threshold,
              "recall_confidence": recall_confidence}
    values = {name: None if value is None else _checked_number(value, name) for name, value in values.items()}
    rule = threshold_rule(**values)
    columns = [y_score] if isinstance(y_score, str) else list(y_score)
    if not columns or not all(isinstance(c, str) for c in columns):
        raise ValueError(f"y_score must be a column name or a non-empty list of them, got {y_score!r:.60}")
    if len(set(columns)) < len(columns):
        twice = next(c for i, c in enumerate(columns) if c in columns[:i])
        raise ValueError(f"y_score names the column {twice[:60]} twice; give each score column once")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r:.40}")
    source = os.fsdecode(os.path.expanduser(os.fsdecode(path)))
    engine = pick_engine(source, engine, columns=len(columns))
    _PROGRESS["on"] = _big(source)
    started = time.perf_counter()
    hashed: dict = {}

    def hash_file() -> None:
        try:
            hashed["sha256"] = _sha256(source)
        except OSError as exc:
            hashed["sha256"] = f"not computed ({exc.strerror or exc})"

    hasher = threading.Thread(target=hash_file, daemon=True)  # hashlib lets go of the GIL: it runs beside the count
    hasher.start()
    # The analysis and the page import SciPy, scikit-learn and matplotlib (seconds): imported beside the count, which
    # spends its time in DuckDB, numpy's sort or pandas' parser, all outside the GIL.
    warm = threading.Thread(target=_warm_imports, daemon=True)
    warm.start()
    from .count import count_for_report

    keep = () if rule is None or rule.kind != "fixed" else (rule.threshold,)
    _step(f"counting {', '.join(map(repr, columns))} by score with {engine}...")
    counted = count_for_report(source, label=y_true, scores=columns, pos_label=pos_label, engine=engine, keep=keep,
                               drop_missing=drop_missing, progress=sys.stderr.isatty())
    _step(f"counted in {time.perf_counter() - started:.1f} s; analysing...")
    warm.join()
    from .analysis import analyse

    result = analyse(counted.tables, deploy_prevalence=prevalence, rule=rule, seed=seed, pairs=counted.pairs,
                     dropped=counted.dropped)
    hasher.join()
    provenance = {
        "command": command if command is not None else "(called from Python: build_report)",
        "version": _version(),
        "file": os.path.basename(source.rstrip("/")) or source,
        "sha256": hashed.get("sha256", "not computed"),
        "rows": result.rows,
        "dropped_rows": result.dropped,
        "positives": result.positives,
        "seed": seed,
        "engine": engine,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }
    from .page import page_html

    _step("writing the page...")
    target = Path(out).expanduser().absolute()
    written = [(_write_atomic(target, page_html(result, provenance)), target)]
    try:
        if json_path is not None:
            data = result.to_json()
            data.update({"engine": engine, "version": provenance["version"], "provenance": provenance})
            target_json = Path(json_path).expanduser().absolute()
            written.append((_write_atomic(target_json, json.dumps(data, indent=2) + "\n"), target_json))
        if table is not None:
            target_table = Path(table).expanduser().absolute()
            written.append((_write_atomic(target_table, threshold_table_csv(result)), target_table))
        for partial, final in reversed(written):
            os.replace(partial, final)
    except BaseException:
        for partial, _ in written:
            partial.unlink(missing_ok=True)
        raise
    return target


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status (0 = the page was written)."""
    os.environ.setdefault("MPLBACKEND", "Agg")  # figures go to the page, never to a window (pyplot reads it on import)
    given = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(given)
        prevalence = _prevalence(args.prevalence)
        rule = _rule_options(args)
        recall_confidence = None
        if args.recall_confidence is not None:
            if args.at_recall is None:
                raise ReportError(f"{PROG}: error: --recall-confidence needs --at-recall", 2)
            recall_confidence = _number(args.recall_confidence, "--recall-confidence")
            if not 0 < recall_confidence < 1:
                raise ReportError(f"{PROG}: error: --recall-confidence must be in (0, 1), got "
                                  f"{args.recall_confidence!r}", 2)
        try:
            seed = int(args.seed)
        except ValueError:
            raise ReportError(f"{PROG}: error: --seed must be a whole number >= 0, got {args.seed!r}", 2) from None
        if seed < 0:
            raise ReportError(f"{PROG}: error: --seed must be a whole number >= 0, got {args.seed!r}", 2)
        source = Path(args.path)
        target = _output_path(args.out, source)
        table = None if args.table is None else _table_path(args.table, "--table")
        json_path = None if args.json is None else _table_path(args.json, "--json")
        written = build_report(
            source, prevalence=prevalence, y_true=args.y_true, y_score=args.y_score or ["y_score"],
            pos_label=args.pos_label, out=target, table=table, json_path=json_path, engine=args.engine, seed=seed,
            drop_missing=args.drop_missing, recall_confidence=recall_confidence,
            command=shlex.join([PROG, *given]), **rule,
        )
    except PredictionFileError as exc:
        print(exc.command_line.replace("\n", " "), file=sys.stderr)
        return 1
    except ReportError as exc:
        print(exc, file=sys.stderr)
        return exc.status
    except ValueError as exc:  # e.g. equal or blank column names
        print(f"{PROG}: error: {' '.join(command_line_words(str(exc)).split())}", file=sys.stderr)
        return 2
    except ImportError as exc:  # --engine spark without PySpark: what to install, in one line
        message = " ".join(str(exc).split()).replace("engine='spark'", "--engine spark")
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; no report written", file=sys.stderr)
        return 130
    print(f"report written to {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
