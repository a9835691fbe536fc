"""The score-count table: one row per distinct score with its positives and negatives, on any engine.

Every metric of the course is a function of the ROC table, and the ROC table
is a ``GROUP BY score`` of two counts followed by a running sum.  The first
step is the only one that reads every row, so it is the one to run where the
data lives: numpy/pandas for arrays in memory, DuckDB for files on one machine
(out of core, under a memory limit), Spark for a Spark DataFrame or files on a
cluster.  The second step runs on the small table, here, in pandas
(:func:`roc_from_score_counts`).

Every engine gives the same table, bit for bit: the same rows, the same
``float64`` scores, the same counts.  Binned mode makes the table short when
there are too many distinct scores: ``digits=d`` rounds each score as
``floor(score * 10**d + 0.5) / 10**d`` (halves go up, towards +infinity),
computed in float64 the same way on every engine; ``quantile_bins=k`` cuts the
scores at their ``j/k`` quantiles.  Binning can move the AUC by at most
:func:`binning_auc_error_bound`.
"""

from __future__ import annotations

import atexit
import functools
import glob
import math
import numbers
import os
import shutil
import tempfile
import warnings
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import check_binary_labels, check_same_length, check_scores
from .read import (
    HINT_COUNT_COLUMNS,
    HINT_POSITIVE,
    PredictionFileError,
    _bookkeeping,  # noqa: F401 (cli imports it from here)
    _check_csv_headers,
    _display_name,
    _explain_read_error,
    _fail,
    _label_key,
    _resolve_files,
    _show,
)

__all__ = [
    "SCORE_COUNT_COLUMNS",
    "SCORE_COUNT_SQL",
    "binning_auc_error_bound",
    "cell_of",
    "count_scores",
    "merge_negative_runs",
    "pair_table_duckdb",
    "pair_table_from_arrays",
    "roc_from_score_counts",
    "score_count_table",
]

SCORE_COUNT_COLUMNS = ["score", "n_pos", "n_neg"]
ENGINES = ("auto", "pandas", "duckdb", "spark")

# The query every engine runs (DuckDB as written; Spark as the same DataFrame operations).
SCORE_COUNT_SQL = """\
SELECT
    score,                                  -- one row per distinct score
    count(*) FILTER (WHERE label = {pos})   AS n_pos,  -- positives with that score
    count(*) FILTER (WHERE label <> {pos})  AS n_neg   -- negatives with that score
FROM {source}                               -- e.g. read_parquet('predictions/*.parquet')
GROUP BY score
ORDER BY score DESC                         -- highest score first: the running sums give tp and fp
"""

_BIG = 2.0**52  # from here on every float64 is a whole number: rounding leaves it as it is


# --------------------------------------------------------------------------- arguments


def _check_binning(digits: object, quantile_bins: object) -> tuple[int | None, int | None]:
    if digits is not None and quantile_bins is not None:
        raise ValueError("digits and quantile_bins are two ways of binning; give one of them, not both")
    if digits is not None and (isinstance(digits, bool) or not isinstance(digits, numbers.Integral)):
        raise TypeError(f"digits must be a whole number of decimals from 0 to 15, or None, got {digits!r:.40}")
    if digits is not None and not 0 <= int(digits) <= 15:
        raise ValueError(f"digits must be a whole number of decimals from 0 to 15, or None, got {int(digits)}")
    if quantile_bins is not None and (
        isinstance(quantile_bins, bool) or not isinstance(quantile_bins, numbers.Integral)
    ):
        raise TypeError(f"quantile_bins must be a whole number >= 2, or None, got {quantile_bins!r:.40}")
    if quantile_bins is not None and int(quantile_bins) < 2:
        raise ValueError("quantile_bins must be a whole number >= 2 (the number of bins), or None")
    return (None if digits is None else int(digits)), (None if quantile_bins is None else int(quantile_bins))


def _quantile_positions(n: int, k: int) -> list[int]:
    """0-based positions (in ascending order) of the ``j/k`` quantiles, ``j = 1..k-1``: ``ceil((j/k) * n) - 1``.

    The float64 product ``(j / k) * n`` is the one Spark's exact ``approxQuantile`` forms, so
    every engine picks the same order statistics.
    """
    return [max(math.ceil((j / k) * n) - 1, 0) for j in range(1, k)]


def _round_half_up(scores: np.ndarray, digits: int) -> np.ndarray:
    """``floor(s * 10**d + 0.5) / 10**d`` where ``|s * 10**d| < 2**52``, else ``s`` (float64, as every engine)."""
    power = float(10**digits)
    scaled = scores * power
    rounded = np.floor(scaled + 0.5) / power
    return np.where(np.abs(scaled) < _BIG, rounded, scores)


# --------------------------------------------------------------------------- in memory


def _group(scores: np.ndarray, is_pos: np.ndarray, quantile_bins: int | None) -> pd.DataFrame:
    """Sort once, then cut the sorted scores where the value (or the quantile bin) changes; highest first."""
    order = np.argsort(scores, kind="stable")
    ordered = scores[order]
    positive = is_pos[order].view(np.int8)
    del order
    if quantile_bins is None:
        starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    else:  # a bin starts at the first score >= each edge; its score is that lowest score
        edges = ordered[_quantile_positions(ordered.size, quantile_bins)]
        starts = np.unique(np.concatenate(([0], np.searchsorted(ordered, edges, side="left"))))
    n_pos = np.add.reduceat(positive, starts, dtype=np.int64)
    n_all = np.diff(np.append(starts, ordered.size))
    return pd.DataFrame(
        {"score": ordered[starts][::-1], "n_pos": n_pos[::-1], "n_neg": (n_all - n_pos)[::-1].astype(np.int64)}
    )


def count_scores(y_true, y_score, *, digits: int | None = None, quantile_bins: int | None = None) -> pd.DataFrame:
    """The score-count table of arrays in memory: one row per distinct score, highest first.

    Row ``i`` holds a score ``s_i`` and the counts of the rows with that score::

        n_pos_i = #{rows: y_score == s_i and y_true == 1}
        n_neg_i = #{rows: y_score == s_i and y_true == 0}

    so ``sum(n_pos) = P`` and ``sum(n_neg) = N``, and the running sums of
    ``n_pos`` and ``n_neg`` down the table are ``tp`` and ``fp`` at the
    threshold ``score >= s_i`` (:func:`roc_from_score_counts`).  ``-0.0`` is
    counted as ``0.0``.

    Binned mode (one of the two):

    * ``digits=d`` (0 to 15) rounds each score first, halves up:
      ``s -> floor(s * 10**d + 0.5) / 10**d`` in float64 (a score whose
      scaled value is ``2**52`` or more is kept as it is).  Like any rounding
      of binary floats, a score such as 0.285, stored a hair below the half,
      may go down.
    * ``quantile_bins=k`` cuts at the ``j/k`` quantiles ``e_j`` (``j = 1..k-1``,
      the value at 0-based position ``ceil((j/k) * n) - 1`` of the sorted
      scores; repeated edges merge) into bins ``[e_j, e_{j+1})``; ``score`` is
      the bin's lowest score, so "score >= t" keeps its meaning.  Ties never
      straddle two bins, so there may be fewer than ``k`` rows.

    Returns a DataFrame with columns ``score`` (float64), ``n_pos`` and
    ``n_neg`` (int64).  ``y_true`` holds 0/1 or booleans (1 and True
    positive), ``y_score`` finite numbers.

    >>> count_scores([1, 0, 1, 0, 0], [0.9, 0.9, 0.4, 0.1, 0.4])
       score  n_pos  n_neg
    0    0.9      1      1
    1    0.4      1      1
    2    0.1      0      1
    >>> count_scores([1, 0, 1, 0], [0.94, 0.91, 0.35, 0.25], digits=1)
       score  n_pos  n_neg
    0    0.9      1      1
    1    0.4      1      0
    2    0.3      0      1
    """
    digits, quantile_bins = _check_binning(digits, quantile_bins)
    y_score = check_scores(y_score)
    y_true = np.asarray(y_true)
    check_same_length(y_true, y_score, "y_true", "y_score")
    is_pos = check_binary_labels(y_true)
    scores = y_score + 0.0  # -0.0 -> 0.0 (and a copy)
    if digits is not None:
        scores = _round_half_up(scores, digits) + 0.0
    return _group(scores, is_pos, quantile_bins)


# --------------------------------------------------------------------------- from the table


def _check_table(table: object, name: str = "table") -> pd.DataFrame:
    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"{name} must be a score-count table (a DataFrame with columns score, n_pos, n_neg), "
                        f"got {type(table).__name__}")
    missing = [c for c in SCORE_COUNT_COLUMNS if c not in table.columns]
    if missing:
        raise ValueError(f"{name} must have the columns score, n_pos, n_neg; it lacks {', '.join(missing)}")
    if len(table) == 0:
        raise ValueError(f"{name} is empty")
    score = table["score"].to_numpy(dtype=np.float64)
    if not np.isfinite(score).all():
        raise ValueError(f"{name}.score must hold finite numbers")
    if len(score) > 1 and not (score[1:] < score[:-1]).all():
        raise ValueError(f"{name}.score must be distinct and in decreasing order (highest first)")
    for column in ("n_pos", "n_neg"):
        values = table[column].to_numpy()
        if values.dtype.kind not in "iu" or (values.size and values.min() < 0):
            raise ValueError(f"{name}.{column} must hold whole numbers >= 0")
    if table["n_pos"].sum() == 0 or table["n_neg"].sum() == 0:
        raise ValueError(f"{name} must count both classes (n_pos and n_neg each sum to more than 0)")
    return table


def roc_from_score_counts(table: pd.DataFrame) -> pd.DataFrame:
    """The ROC table (:func:`helpers.roc.roc_table`'s columns and dtypes) from a score-count table.

    With ``P = sum(n_pos)``, ``N = sum(n_neg)`` and row 0 the point (0, 0) at
    threshold ``+inf``::

        tp_i = n_pos_1 + ... + n_pos_i      fp_i = n_neg_1 + ... + n_neg_i
        tpr_i = tp_i / P                    fpr_i = fp_i / N
        auc_piece_i = (fpr_i - fpr_{i-1}) * (tpr_i + tpr_{i-1}) / 2

    On an exact table (``count_scores(y_true, y_score)``, or
    :func:`score_count_table` on any engine) the result equals
    ``roc_table(y_true, y_score)`` column for column; on a binned table it is
    the ROC curve of the binned scores.

    >>> roc = roc_from_score_counts(count_scores([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]))
    >>> float(roc.auc_piece.sum())
    0.75
    """
    table = _check_table(table)
    n_total = int(table["n_pos"].sum() + table["n_neg"].sum())
    from ..roc import ROC_COLUMNS, _count_dtype  # scikit-learn comes with it: not imported to count

    dtype = _count_dtype(n_total)
    m = len(table) + 1
    threshold = np.empty(m)
    threshold[0] = np.inf
    threshold[1:] = table["score"].to_numpy(dtype=np.float64)
    n_pos = np.zeros(m, dtype=dtype)
    n_pos[1:] = table["n_pos"].to_numpy()
    n_neg = np.zeros(m, dtype=dtype)
    n_neg[1:] = table["n_neg"].to_numpy()
    tp = np.cumsum(n_pos, out=np.empty(m, dtype=dtype))  # no overflow: the totals fit in dtype
    fp = np.cumsum(n_neg, out=np.empty(m, dtype=dtype))
    tpr = np.divide(tp, float(tp[-1]))
    fpr = np.divide(fp, float(fp[-1]))
    auc_piece = np.zeros(m)
    np.subtract(fpr[1:], fpr[:-1], out=auc_piece[1:])
    half_height = np.add(tpr[1:], tpr[:-1])
    half_height *= 0.5
    auc_piece[1:] *= half_height
    out = pd.DataFrame(
        {"threshold": threshold, "n_pos": n_pos, "n_neg": n_neg, "tp": tp, "fp": fp, "tpr": tpr, "fpr": fpr,
         "auc_piece": auc_piece},
        copy=False,
    )
    return out[ROC_COLUMNS]


def binning_auc_error_bound(table: pd.DataFrame) -> float:
    """The most that binning can have moved the AUC: ``sum_b n_pos_b * n_neg_b / (2 * P * N)``.

    The AUC is the share of positive-negative pairs that the scores put in
    the right order, a tie counting one half.  Binning only changes pairs
    that land in the same bin: each becomes a tie (worth 1/2) where before it
    was worth 0, 1/2 or 1.  So the binned AUC is within this bound of the
    exact AUC, and it is reached when inside every bin all positives score
    above (or all below) all negatives.  On an exact table it is the share of
    tied pairs, halved.

    >>> binning_auc_error_bound(count_scores([1, 0, 1, 0], [0.94, 0.91, 0.35, 0.25], digits=1))
    0.125
    """
    table = _check_table(table)
    n_pos = table["n_pos"].to_numpy(dtype=np.float64)
    n_neg = table["n_neg"].to_numpy(dtype=np.float64)
    return float(np.dot(n_pos, n_neg) / (2.0 * n_pos.sum() * n_neg.sum()))


# --------------------------------------------------------------------------- sources and labels


class _Source:
    """What the engines share: the name for messages, the column names, the positive label."""

    def __init__(self, name: str, label: str, score: str, pos_label: object) -> None:
        self.name, self.label, self.score, self.pos_label = name, label, score, pos_label

    def fail(self, problem: str, column: str | None = None) -> PredictionFileError:
        return _fail(self.name, problem, column=column)

    def check_columns(self, columns: list[str]) -> None:
        missing = [c for c in (self.label, self.score) if c not in columns]
        if not missing:
            return
        shown = ", ".join(map(_show, columns[:10])) + (f", ... ({len(columns)} in all)" if len(columns) > 10 else "")
        missed = " and ".join(map(_show, missing))
        problem = f"has no column{'s' * (len(missing) > 1)} {missed}; its columns are {shown}"
        lowered = {c.lower(): c for c in columns}
        guesses = [lowered[c.lower()] for c in missing if c.lower() in lowered]
        if guesses:
            problem += f"; did you mean {_show(guesses[0])}? names are case-sensitive"
        else:
            problem += "; " + HINT_COUNT_COLUMNS
        raise self.fail(problem)

    def positive(self, labels: list[object], n_blank: int, n_rows: int) -> object:
        """The positive label among the (at most three) distinct labels found, or the error."""
        if n_blank:
            raise self.fail(
                "the label is blank; every row needs a label" + f" ({n_blank} blank labels)" * (n_blank > 1),
                column=self.label,
            )
        labels = sorted(labels, key=_label_order)
        spellings = [_spell(v) for v in labels]
        wanted = None if self.pos_label is None else _label_key(self.pos_label, ".")
        if len(labels) > 2:
            keys = [_label_key(v, ".") for v in labels]
            if wanted in keys:  # the positive label and the first other one, then the one left
                first = keys.index(wanted)
                order = [first] + [i for i in range(3) if i != first]
                spellings = [spellings[i] for i in order]
            problem = (
                f"label {_show(spellings[2])} is neither {_show(spellings[0])} nor {_show(spellings[1])}; the labels "
                f"must name two classes, this column has more than 2: {', '.join(map(_show, spellings))}"
            )
            raise self.fail(problem, column=self.label)
        keys = [_label_key(v, ".") for v in labels]
        if isinstance(wanted, str) and wanted not in keys:  # the one label that matches without regard to case
            same = [k for k in keys if isinstance(k, str) and k.lower() == wanted.lower()]
            wanted = same[0] if len(same) == 1 else wanted
        if wanted is None:  # as load_predictions: 0/1 or True/False as they are, any other pair needs pos_label
            if set(keys) <= {0.0, 1.0}:
                wanted = 1.0
            elif set(keys) <= {"true", "false"}:
                wanted = "true"
            elif len(keys) == 2:
                problem = (
                    f"the labels are {_show(spellings[0])} and {_show(spellings[1])}, not 0/1 or True/False; "
                    + HINT_POSITIVE
                )
                raise self.fail(problem, column=self.label)
            else:
                wanted = keys[0]
        if wanted not in keys and wanted in (1.0, "true") and set(keys) <= {"true", "false"}:
            wanted = "true"  # pos_label=1 with True/False labels: True is positive
        if wanted not in keys and len(keys) == 2:
            problem = (
                f"pos_label {self.pos_label!r} is not one of the labels in this column: "
                f"{', '.join(map(_show, spellings))}"
            )
            raise self.fail(problem, column=self.label)
        if len(keys) == 1:
            only = f"the label {_show(spellings[0])}"
            if keys[0] in (0.0, 1.0, "true", "false"):
                only = "0s (negatives)" if keys[0] in (0.0, "false") else "1s (positives)"
            problem = f"holds only {only} in its {n_rows} rows; the analyses need both classes"
            raise self.fail(problem, column=self.label)
        return labels[keys.index(wanted)] if wanted in keys else None  # None: a single class, refused above

    def check_scores(self, table: pd.DataFrame) -> None:
        """Refuse scores that are blank, NaN or infinite: the engines group them as values, in rows that
        ``bad`` marks 1 (blank, NULL), 2 (NaN) or 3 (infinite); 0 marks a good score."""
        bad = table["bad"].to_numpy()
        if not bad.any():
            return
        n = {code: int(table.loc[bad == code, ["n_pos", "n_neg"]].to_numpy().sum()) for code in (1, 2, 3)}
        if n[1]:
            problem = "the score is blank; every row needs a score" + f" ({n[1]} blank scores)" * (n[1] > 1)
        elif n[2]:
            problem = "the score is NaN (not a number); every row needs a finite score"
            problem += f" ({n[2]} NaN scores)" * (n[2] > 1)
        else:
            problem = "the score is infinite; scores must be finite numbers" + f" ({n[3]} infinite scores)" * (n[3] > 1)
        raise self.fail(problem, column=self.score)


def _label_order(value: object) -> tuple[int, float, str]:
    """Sort labels the same way whichever engine found them: numbers first, then text."""
    key = _label_key(value, ".")
    return (0, key, "") if isinstance(key, float) else (1, 0.0, str(key))


def _spell(value: object) -> str:
    key = _label_key(value, ".")
    return str(int(key)) if isinstance(key, float) and key.is_integer() else str(value).strip()


def _finish(table: pd.DataFrame) -> pd.DataFrame:
    """The engines' result in the one layout: float64 score, int64 counts, highest first, index 0..m-1."""
    table = table.sort_values("score", ascending=False, kind="stable").reset_index(drop=True)
    return pd.DataFrame(
        {
            "score": table["score"].to_numpy(dtype=np.float64),
            "n_pos": table["n_pos"].to_numpy(dtype=np.int64),
            "n_neg": table["n_neg"].to_numpy(dtype=np.int64),
        }
    )


def _resolve_path(source: str | os.PathLike[str]) -> tuple[str, str, list[str]]:
    """``(name for messages, 'csv', 'parquet' or 'arrow', files)`` of a file, a folder or a glob: the files checked
    (:func:`helpers.report.read._resolve_files`: one kind, Parquet and Feather footers readable)."""
    return _resolve_files(source)


# A bad single file at most this large gets load_predictions' own message (with the first bad row): reading it
# with pandas, only to explain the error, costs well under a few GB of memory.
EXPLAIN_BYTES = 200 * 10**6


def _load_predictions_says(path: str, label: str = "y_true", score: str = "y_score", pos_label: object = None) -> None:
    """Raise load_predictions' PredictionFileError for this file, if it refuses it; else return."""
    from .read import load_predictions

    try:
        load_predictions(path, y_true=label, y_score=score, pos_label=pos_label)  # type: ignore[arg-type]
    except PredictionFileError:
        raise
    except (TypeError, ValueError):
        return


def _as_load_predictions_says(spec: object, source: _Source, error: PredictionFileError) -> PredictionFileError:
    """The engine's error, or for a small single file the message load_predictions gives for it (the same
    wording, and the first bad row where it names one)."""
    if isinstance(spec, tuple) and spec[1] == "csv" and len(spec[2]) > 1:  # which part lacks a column
        try:
            _check_csv_headers(spec[2], (source.label, source.score))
        except PredictionFileError as explained:
            return explained
    if not isinstance(spec, tuple) or len(spec[2]) != 1:
        return error
    file = spec[2][0]
    try:
        if os.path.getsize(file) > EXPLAIN_BYTES:
            return error
        _load_predictions_says(file, source.label, source.score, source.pos_label)
    except PredictionFileError as explained:
        return explained
    except OSError:
        pass
    return error


def _csv_format(file: str) -> tuple[str, str]:
    """The separator and the decimal mark of a CSV file, sniffed from its first 64 KiB as load_predictions
    does: a comma is the decimal mark when the separator is ';' and a digit, a comma and a digit follow."""
    import gzip
    import re

    from .read import _sniff

    opener = gzip.open if file.endswith(".gz") else open
    try:
        with opener(file, "rb") as handle:
            sample = handle.read(1 << 16).decode("utf-8", errors="replace")
    except (OSError, EOFError):  # unreadable or truncated: the engine's read says what is wrong, in one line
        return ",", "."
    sep, _ = _sniff(sample)
    return sep, "," if sep == ";" and re.search(r"\d,\d", sample) else "."


# --------------------------------------------------------------------------- engines


def _table_pandas(frame: pd.DataFrame, source: _Source, digits: int | None, k: int | None) -> pd.DataFrame:
    source.check_columns([str(c) for c in frame.columns])
    labels = frame[source.label]
    blank = labels.isna()
    distinct = sorted(pd.unique(labels[~blank]), key=_label_order)[:3]
    positive = source.positive(distinct, int(blank.sum()), len(frame))
    scores = frame[source.score]
    if not (pd.api.types.is_numeric_dtype(scores) and not pd.api.types.is_bool_dtype(scores)):
        raise source.fail(f"holds {scores.dtype} values, not numbers; scores must be numbers", column=source.score)
    values = scores.to_numpy(dtype=np.float64, na_value=np.nan)
    if not np.isfinite(values).all():
        bad = np.where(np.isnan(values), 2, np.where(np.isinf(values), 3, 0))
        source.check_scores(pd.DataFrame({"bad": bad, "n_pos": 1, "n_neg": 0}))
    is_pos = np.asarray(labels.map(lambda v: _label_key(v, ".") == _label_key(positive, ".")), dtype=bool)
    return count_scores(is_pos, values, digits=digits, quantile_bins=k)


def _sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _duckdb_relation(kind: str, files: list[str], label: str | None = None) -> str:
    """The files as a DuckDB relation; a CSV's ``label`` column read as text (DuckDB's sniffer would read
    yes/no as booleans, which load_predictions does not)."""
    listed = "[" + ", ".join(map(_sql_text, files)) + "]"
    if kind == "parquet":
        return f"read_parquet({listed})"
    if kind == "arrow":
        return "arrow_source"  # registered on the connection by _register_arrow
    options = "header = true"
    if _csv_format(files[0])[1] == ",":  # a semicolon file with decimal commas (load_predictions reads it so too)
        options += ", delim = ';', decimal_separator = ','"
    if label is not None:
        options += f", types = {{{_sql_text(label)}: 'VARCHAR'}}"
    return f"read_csv({listed}, {options})"


_DUCKDB_NUMBERS = ("DOUBLE", "FLOAT", "REAL", "BIGINT", "INTEGER", "SMALLINT", "TINYINT", "HUGEINT", "UBIGINT",
                   "UINTEGER", "USMALLINT", "UTINYINT", "UHUGEINT", "DECIMAL")


def _duckdb_connection(memory_limit: str, progress: bool = False):  # noqa: ANN202 (a duckdb connection)
    """A connection of its own to the one in-memory database, with its memory limit, and its progress bar
    off unless asked for (it must never show in a notebook's outputs)."""
    import duckdb

    con = _duckdb_database().cursor()
    try:
        con.execute(f"SET memory_limit = {_sql_text(memory_limit)}")
    except duckdb.Error:
        con.close()
        raise ValueError(f"memory_limit must be a size such as '4GB', got {memory_limit!r:.40}") from None
    con.execute(f"SET enable_progress_bar = {'true' if progress else 'false'}")
    return con


def _register_arrow(con, files: list[str]) -> None:  # noqa: ANN001
    """Feather/Arrow IPC files as the relation ``arrow_source`` (memory-mapped: DuckDB reads them in place)."""
    import pyarrow as pa
    import pyarrow.ipc as ipc

    tables = [ipc.open_file(pa.memory_map(f)).read_all() for f in files]
    con.register("arrow_source", pa.concat_tables(tables) if len(tables) > 1 else tables[0])


_MISSING_SQL = ("'', 'na', 'n/a', '#n/a', 'null', 'none', 'nil', 'missing', '?', '-', 'nan', '+nan', '-nan', "
                "'<na>'")


def _drop_missing_relation(relation: str, label: str, scores: list[str]) -> str:
    """The rows of ``relation`` whose label and every score are present (not blank, NA, null, NaN...), the scores
    as DOUBLE."""
    def missing(column: str) -> str:
        return f"({_quote(column)} IS NULL OR lower(trim(CAST({_quote(column)} AS VARCHAR))) IN ({_MISSING_SQL}))"

    where = " OR ".join(missing(c) for c in [label, *scores])
    replace = ", ".join(f"CAST({_quote(c)} AS DOUBLE) AS {_quote(c)}" for c in scores)
    return f"(SELECT * REPLACE ({replace}) FROM {relation} WHERE NOT ({where}))"


def _duckdb_rows(con, spec: object, source: _Source, digits: int | None,  # noqa: ANN001
                 relation: str | None = None) -> tuple[str, object, int]:
    """Check the source on the connection (readable, columns, score type, labels) and return the relation of its
    rows ``(score DOUBLE, label)``, the positive label and the number of rows. ``relation`` replaces the
    file's own (the report's rows without missing values)."""
    import duckdb

    given = relation
    if isinstance(spec, pd.DataFrame):
        con.register("frame_source", spec)
        relation, kind, files = "frame_source", "DataFrame", []
    else:
        _, kind, files = spec  # type: ignore[misc]
        if kind == "arrow":
            try:
                _register_arrow(con, files)
            except Exception as exc:  # noqa: BLE001 (pyarrow's errors: the file is no Arrow file)
                raise source.fail(f"cannot be read as Feather/Arrow ({str(exc).strip().splitlines()[0]})") from None
        relation = _duckdb_relation(kind, files) if given is None else given
    try:
        described = con.execute(f"DESCRIBE SELECT * FROM {relation}").fetchall()
    except duckdb.Error as exc:
        raise source.fail(f"cannot be read as {kind.upper()} ({str(exc).strip().splitlines()[0]})") from None
    types = {row[0]: str(row[1]) for row in described}
    source.check_columns(list(types))
    if kind == "csv" and given is None:
        relation = _duckdb_relation(kind, files, source.label)
    if not types[source.score].upper().startswith(_DUCKDB_NUMBERS):
        problem = f"holds {types[source.score]} values, not numbers; scores must be numbers"
        raise source.fail(problem, column=source.score)
    lab, sc = _quote(source.label), _quote(source.score)
    labels = con.execute(
        f"SELECT {lab}, count(*) FROM {relation} GROUP BY 1 ORDER BY 1 NULLS FIRST LIMIT 4").fetchall()
    n_rows = sum(r[1] for r in labels)  # all rows, unless there are more than 3 labels (then an error)
    distinct = [r[0] for r in labels if r[0] is not None][:3]
    positive = source.positive(distinct, sum(r[1] for r in labels if r[0] is None), n_rows)
    value = f"(CAST({sc} AS DOUBLE) + 0.0::DOUBLE)"  # -0.0 -> 0.0
    if digits is not None:  # floor(s * 10^d + 0.5) / 10^d where |s * 10^d| < 2^52
        p, big = f"{float(10**digits)!r}::DOUBLE", f"{_BIG!r}::DOUBLE"
        value = (f"(CASE WHEN abs({value} * {p}) < {big} THEN floor({value} * {p} + 0.5::DOUBLE) / {p} "
                 f"ELSE {value} END + 0.0::DOUBLE)")
    return f"(SELECT {value} AS score, {lab} AS label FROM {relation})", positive, int(n_rows)


_BAD_SQL = "CASE WHEN score IS NULL THEN 1 WHEN isnan(score) THEN 2 WHEN isinf(score) THEN 3 ELSE 0 END AS bad"


def _table_duckdb(
    spec: object, source: _Source, digits: int | None, k: int | None, memory_limit: str, progress: bool = False
) -> pd.DataFrame:
    con = _duckdb_connection(memory_limit, progress)
    try:
        rows, positive, n_rows = _duckdb_rows(con, spec, source, digits)
        bad = _BAD_SQL
        counts = "count(*) FILTER (WHERE label = $pos) AS n_pos, count(*) FILTER (WHERE label <> $pos) AS n_neg"
        if k is None:
            query = f"SELECT score, {counts}, {bad} FROM {rows} GROUP BY score ORDER BY score DESC"
            table = con.execute(query, {"pos": positive}).fetchdf()
            source.check_scores(table)
            return _finish(table)
        # quantile bins: refuse bad scores, then find the order statistics, then count by bin
        source.check_scores(con.execute(f"SELECT count(*) AS n_pos, 0 AS n_neg, {bad} FROM {rows} "
                                        "WHERE score IS NULL OR NOT isfinite(score) GROUP BY score").fetchdf())
        con.execute(
            "CREATE TEMP TABLE edges AS SELECT DISTINCT score AS edge FROM "
            f"(SELECT score, row_number() OVER (ORDER BY score) - 1 AS i FROM {rows}) WHERE list_contains($i, i)",
            {"i": _quantile_positions(int(n_rows), k)},
        )
        query = (
            f"SELECT min(r.score) AS score, {counts} FROM {rows} r "
            "ASOF LEFT JOIN edges e ON r.score >= e.edge GROUP BY e.edge"
        )
        return _finish(con.execute(query, {"pos": positive}).fetchdf())
    finally:
        con.close()


def _vertex_table(
    path: str | os.PathLike[str],
    *,
    label: str = "y_true",
    score: str = "y_score",
    pos_label: object = 1,
    keep: tuple[float, ...] = (),
    memory_limit: str = "4GB",
    progress: bool = False,
    batch_rows: int = 1 << 20,
    drop_missing: bool = False,
    also: list[str] | None = None,
) -> tuple[pd.DataFrame, int] | tuple[pd.DataFrame, int, int]:
    """``merge_negative_runs(score_count_table(path, engine="duckdb"), keep=keep)`` without the long table.

    The report needs the ROC curve's vertices, not every distinct score: a run of consecutive scores without
    positives is one horizontal segment.  So DuckDB counts the positives by score (a small GROUP BY: the P
    positives have at most P distinct scores ``u``), then streams the negatives' scores out in Arrow batches,
    and each negative score ``s`` lands in numpy, by binary search in ``u``, on the positive score it equals
    or in the run between two of them (cut also at each threshold in ``keep``): counts and the run's lowest
    score.  At most ``2P + 1`` rows (more with ``keep``), from one pass over the negatives and memory
    for one batch.  Returns the table and the number of rows of the file; bad input as score_count_table.
    With ``drop_missing``, rows whose label or any score of ``also`` (default: ``score``) is missing are left
    out, and their number comes third.
    """
    spec = _resolve_path(path)
    info = _Source(spec[0], label, score, pos_label)
    con = _duckdb_connection(memory_limit, progress)
    dropped = 0
    try:
        try:
            relation = None
            if drop_missing:
                if spec[1] == "arrow":
                    _register_arrow(con, spec[2])
                whole = _duckdb_relation(spec[1], spec[2], label)
                relation = _drop_missing_relation(whole, label, also or [score])
            rows, positive, n_rows = _duckdb_rows(con, spec, info, None, relation=relation)
            if drop_missing:
                dropped = int(con.execute(f"SELECT count(*) FROM {whole}").fetchone()[0]) - int(n_rows)
            # the positives by score, and every bad score (refused): a small table
            small = con.execute(
                f"SELECT score, count(*) FILTER (WHERE label = $pos) AS n_pos, count(*) FILTER (WHERE label <> $pos) "
                f"AS n_neg, {_BAD_SQL} FROM {rows} WHERE label = $pos OR score IS NULL OR NOT isfinite(score) "
                "GROUP BY score ORDER BY score",
                {"pos": positive},
            ).fetchdf()
            info.check_scores(small)
        except PredictionFileError as exc:
            raise _as_load_predictions_says(spec, info, exc) from None
        u = small["score"].to_numpy(dtype=np.float64)  # the positives' distinct scores, ascending
        cuts = np.sort(np.asarray([float(v) for v in keep], dtype=np.float64))
        n_keys = (u.size + 1) * (cuts.size + 1)
        at_u = np.zeros(u.size, dtype=np.int64)
        run_n = np.zeros(n_keys, dtype=np.int64)
        run_low = np.full(n_keys, np.inf)
        reader = con.sql(f"SELECT score FROM {rows} WHERE label <> $pos", params={"pos": positive}).to_arrow_reader(
            batch_rows)
        for batch in reader:
            s = np.sort(batch.column(0).to_numpy())  # sorted, so searchsorted is fast and each run's first is its min
            j = np.searchsorted(u, s, side="left")  # u[j-1] < s <= u[j]
            exact = u[np.minimum(j, u.size - 1)] == s
            at_u += np.bincount(j[exact], minlength=u.size)
            s, j = s[~exact], j[~exact]
            if cuts.size:  # rows >= t and rows below never share a run
                j = j * (cuts.size + 1) + np.searchsorted(cuts, s, side="right")
            if not j.size:
                continue
            first = np.flatnonzero(np.concatenate(([True], j[1:] != j[:-1])))  # j is nondecreasing
            keys = j[first]
            run_n[keys] += np.diff(np.append(first, j.size))
            run_low[keys] = np.minimum(run_low[keys], s[first])
    finally:
        con.close()
    runs = run_n > 0
    table = pd.DataFrame({
        "score": np.concatenate((u, run_low[runs])),
        "n_pos": np.concatenate((small["n_pos"].to_numpy(dtype=np.int64), np.zeros(int(runs.sum()), np.int64))),
        "n_neg": np.concatenate((at_u, run_n[runs])),
    })
    return (_finish(table), n_rows, dropped) if drop_missing or also is not None else (_finish(table), n_rows)


@functools.cache
def _duckdb_database():  # noqa: ANN202 (a duckdb connection; duckdb is imported on first use)
    """One in-memory DuckDB for the process (connecting costs a tenth of a second), spilling to a
    temporary folder that is removed at exit."""
    import duckdb

    spill = tempfile.mkdtemp(prefix="score_counts_duckdb_")
    atexit.register(shutil.rmtree, spill, ignore_errors=True)
    return duckdb.connect(config={"temp_directory": spill})


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _is_spark_frame(obj: object) -> bool:
    return any(
        cls.__name__ == "DataFrame" and cls.__module__.startswith("pyspark.sql") for cls in type(obj).__mro__
    )


def _collect(frame) -> pd.DataFrame:  # noqa: ANN001 (a PySpark DataFrame)
    """Bring the table home as Arrow batches (10**7 rows take a few hundred MB, not millions of Row objects),
    then to pandas with pyarrow: no PySpark pandas conversion, so no warning about pandas' version."""
    return frame.toArrow().to_pandas()


# The JVM's own start-up lines ("Setting default log level", "Unable to load native-hadoop library", ...) go
# to this file, not to the terminal or a notebook; log4j logs errors only.
_LOG4J = """\
rootLogger.level = error
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n
"""


def _for_spark(files: list) -> list[str]:
    """The files as absolute paths: Spark's JVM resolves a relative path against its own working folder, fixed
    when the session started, not against Python's current one."""
    return [os.path.abspath(f) for f in files]


def _spark_session():  # noqa: ANN202 (a SparkSession)
    """The active SparkSession, or a quiet local one: no progress bar, no UI, log level ERROR, and the JVM's
    start-up lines (written to stderr before any log level can be set) sent to a log file."""
    from pyspark.sql import SparkSession

    active = SparkSession.getActiveSession()
    if active is not None:
        return active
    folder = tempfile.mkdtemp(prefix="score_counts_spark_")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    config = Path(folder, "log4j2.properties")
    config.write_text(_LOG4J)
    builder = (
        SparkSession.builder.master("local[2]").appName("score_counts")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "2g")  # local mode: the driver is the executor too (default 1g)
        .config("spark.driver.maxResultSize", "4g")  # the table of 10**7 distinct scores is about 300 MB
        .config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile={config.as_uri()}")
    )
    saved = os.dup(2)  # the JVM inherits the stderr it is started with: its start-up lines go to the log file
    with open(Path(folder, "jvm.log"), "ab") as log:
        os.dup2(log.fileno(), 2)
        try:
            session = builder.getOrCreate()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
    session.sparkContext.setLogLevel("ERROR")
    return session


def _table_spark(spec: object, source: _Source, digits: int | None, k: int | None) -> pd.DataFrame:
    from pyspark.errors import PySparkException
    from pyspark.sql import functions as F
    from pyspark.sql.types import NumericType, StringType

    decimal = "."
    if _is_spark_frame(spec):
        df = spec
    else:
        spark = _spark_session()
        if isinstance(spec, pd.DataFrame):
            with warnings.catch_warnings():  # PySpark warns about pandas >= 3; the conversion is plain here
                warnings.simplefilter("ignore", FutureWarning)
                df = spark.createDataFrame(spec)
        else:
            _, kind, files = spec  # type: ignore[misc]
            try:
                if kind == "parquet":
                    df = spark.read.parquet(*_for_spark(files))
                else:
                    _check_csv_headers(files, (source.label, source.score), same_order=True)
                    sep, decimal = _csv_format(files[0])
                    df = spark.read.csv(_for_spark(files), header=True, inferSchema=decimal == ".", sep=sep)
                df.schema  # noqa: B018 (reading the schema is what fails on a damaged file)
            except PySparkException as exc:
                raise source.fail(f"cannot be read as {kind.upper()} ({str(exc).strip().splitlines()[0]})") from None
    source.check_columns(list(df.columns))
    score_type = df.schema[source.score].dataType
    text_with_commas = decimal == "," and isinstance(score_type, StringType)
    if not isinstance(score_type, NumericType) and not text_with_commas:
        problem = f"holds {score_type.simpleString()} values, not numbers; scores must be numbers"
        raise source.fail(problem, column=source.score)
    lab = F.col(source.label)
    raw = F.col(source.score)
    if text_with_commas:  # Spark's CSV reader knows no decimal comma: read the text, then swap the mark
        raw = F.regexp_replace(F.trim(raw), ",", ".")
        if decimal == "," and not isinstance(df.schema[source.label].dataType, NumericType):
            lab = F.trim(lab)
    value = (raw.try_cast("double") if text_with_commas else raw.cast("double")) + F.lit(0.0)  # -0.0 -> 0.0
    if digits is not None:  # floor(s * 10^d + 0.5) / 10^d where |s * 10^d| < 2^52
        p = float(10**digits)
        scaled = value * F.lit(p)
        rounded = F.floor(scaled + F.lit(0.5)).cast("double") / F.lit(p)
        value = F.when(F.abs(scaled) < F.lit(_BIG), rounded).otherwise(value) + F.lit(0.0)
    rows = df.select(value.alias("score"), lab.alias("label"))
    score = F.col("score")
    bad = (F.when(score.isNull(), 1).when(F.isnan(score), 2).when(F.abs(score) == F.lit(math.inf), 3).otherwise(0)
           .alias("bad"))
    labels = rows.groupBy("label").count().orderBy(F.col("label").asc_nulls_first()).limit(4).collect()
    n_blank = sum(r["count"] for r in labels if r["label"] is None)
    distinct = [r["label"] for r in labels if r["label"] is not None][:3]
    positive = source.positive(distinct, n_blank, sum(r["count"] for r in labels))
    is_pos = F.col("label") == F.lit(positive)
    counts = [F.count(F.when(is_pos, 1)).alias("n_pos"), F.count(F.when(~is_pos, 1)).alias("n_neg")]
    if k is None:  # one job, one row per distinct score brought home as Arrow; the bad scores are checked here
        table = _collect(rows.groupBy("score").agg(*counts).select("*", bad))
        source.check_scores(table)
        return _finish(table)
    bad_rows = rows.where(score.isNull() | F.isnan(score) | (F.abs(score) == F.lit(math.inf)))
    source.check_scores(_collect(bad_rows.groupBy("score").agg(*counts).select("*", bad)))
    # relativeError=0 makes approxQuantile exact: the value of rank ceil(q * n), as _quantile_positions
    edges = sorted(set(rows.approxQuantile("score", [j / k for j in range(1, k)], 0.0)))
    from pyspark.ml.feature import Bucketizer

    binned = Bucketizer(splits=[-math.inf, *edges, math.inf], inputCol="score", outputCol="bin").transform(rows)
    return _finish(_collect(binned.groupBy("bin").agg(F.min("score").alias("score"), *counts)))


def score_count_table(
    source,
    *,
    label: str = "y_true",
    score: str = "y_score",
    pos_label=1,
    engine: str = "auto",
    digits: int | None = None,
    quantile_bins: int | None = None,
    memory_limit: str = "4GB",
    progress: bool = False,
) -> pd.DataFrame:
    """The score-count table of a data source, counted by the engine where the data is.

    The engine runs ``SCORE_COUNT_SQL``: for each distinct score ``s``::

        n_pos(s) = #{rows: score == s and label == pos_label}
        n_neg(s) = #{rows: score == s and label != pos_label}

    and returns it here as :func:`count_scores` does for arrays: columns
    ``score`` (float64), ``n_pos``, ``n_neg`` (int64), highest score first.
    Every engine gives the same table (the same rows and the same bits).

    Parameters
    ----------
    source
        A pandas DataFrame; a path (str or PathLike) to a CSV file (with a
        header line; compressed ``.gz`` too), a Parquet or Feather file, a
        folder (read with its subfolders: every file but a Spark job's
        ``_SUCCESS``, ``.crc`` and hidden files, all of one kind) or a glob
        pattern (``"preds/*.parquet"``); or a PySpark DataFrame. A damaged
        or truncated Parquet file, a file of another kind in a folder, or a
        ``.parquet`` file that is not Parquet is refused in one line naming it.
    label, score : str
        The names of the label column and of the score column.
    pos_label
        The label of the positive class.  Labels compare as numbers where
        both are numbers (``1``, ``1.0`` and ``"1"`` are one label), else as
        text; with True/False labels the default ``1`` means True.  ``None``
        reads labels as :func:`helpers.report.read.load_predictions`
        does: 0/1 and True/False as they are, any other pair refused with a
        message that asks for ``pos_label``.
    engine : {"auto", "pandas", "duckdb", "spark"}
        Who counts.  ``"auto"``: Spark for a Spark DataFrame, DuckDB for a
        path, pandas for a pandas DataFrame.  DuckDB reads files out of core,
        spilling to a temporary folder beyond ``memory_limit``.  Spark uses the
        active session (or starts a quiet ``local[2]`` one: no progress bar,
        log level ERROR, the JVM's start-up lines in a log file), finds the
        labels in a small first job, then counts by score and brings the table
        home as Arrow batches.  A CSV with ``;`` and decimal commas is read as
        load_predictions reads it, on every engine.
    digits, quantile_bins
        Binned mode, as in :func:`count_scores`: every engine rounds with the
        same float64 formula and cuts at the same quantiles (the exact order
        statistics at 0-based positions ``ceil((j/k) * n) - 1``; Spark finds
        them with ``approxQuantile(..., relativeError=0)``, which is exact).
        Quantile bins sort the scores once more, so for the largest data
        prefer ``digits``.
    memory_limit : str
        DuckDB's memory limit, e.g. ``"4GB"``.
    progress : bool
        Let DuckDB draw its progress bar on the terminal (off by default, so
        that it never shows in a notebook's outputs).

    Raises
    ------
    PredictionFileError
        One line naming the file (or ``<DataFrame>``), the column and the
        problem, worded as :func:`helpers.report.read.load_predictions`
        words it: no such file, a missing column, a label that is blank, a
        third label, ``pos_label`` not among the labels, a single class, a
        score that is not a number, blank, NaN or infinite.  For a single
        file of at most ``EXPLAIN_BYTES`` (200 MB) the message is
        ``load_predictions``' own, word for word, with the first bad row; for
        larger sources (and DataFrames) the engines count in bulk, so the
        message says how many rows, not which row.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y_true": [1, 0, 1, 0], "y_score": [0.9, 0.8, 0.8, 0.1]})
    >>> score_count_table(frame)
       score  n_pos  n_neg
    0    0.9      1      0
    1    0.8      1      1
    2    0.1      0      1
    """
    digits, quantile_bins = _check_binning(digits, quantile_bins)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {engine!r:.40}")
    for argument, value in (("label", label), ("score", score)):
        if not isinstance(value, str) or not value:
            raise TypeError(f"{argument} must be a column name (a non-empty str), got {value!r:.40}")
    if label == score:
        raise ValueError(f"label and score must name two different columns, both are {label!r:.40}")
    if not isinstance(memory_limit, str) or not memory_limit.strip():
        raise TypeError(f"memory_limit must be a size such as '4GB', got {memory_limit!r:.40}")
    if pos_label is not None and (not isinstance(pos_label, (str, numbers.Real)) or _label_key(pos_label, ".") == ""):
        raise TypeError(
            f"pos_label must be a label (a non-blank str, a finite number or a bool) or None, got {pos_label!r:.40}"
        )
    spark_frame = _is_spark_frame(source)
    if engine == "pandas" and not isinstance(source, pd.DataFrame):
        raise ValueError("engine='pandas' takes a pandas DataFrame; for a file use engine='duckdb' (or 'auto')")
    if isinstance(source, pd.DataFrame):
        spec: object = source
        name = "<DataFrame>"
    elif spark_frame:
        spec, name = source, "<Spark DataFrame>"
    elif isinstance(source, (str, os.PathLike)):
        spec = _resolve_path(source)
        name = spec[0]  # type: ignore[index]
    else:
        raise TypeError(
            "source must be a pandas DataFrame, a path (str or pathlib.Path) to a CSV or Parquet file, a folder "
            f"of data files or a glob pattern, or a PySpark DataFrame; got {type(source).__name__}"
        )
    if engine == "auto":
        engine = "spark" if spark_frame else "pandas" if isinstance(source, pd.DataFrame) else "duckdb"
    if spark_frame and engine != "spark":
        raise ValueError(f"engine={engine!r} cannot read a Spark DataFrame; use engine='spark' (or 'auto')")
    info = _Source(name, label, score, pos_label)
    if engine == "pandas":
        return _table_pandas(spec, info, digits, quantile_bins)  # type: ignore[arg-type]
    if engine == "spark":
        if isinstance(spec, tuple) and spec[1] == "arrow":  # Spark has no reader of Arrow IPC files
            raise info.fail("is a Feather/Arrow file, which the Spark engine cannot read; use engine='duckdb' (or "
                            "'auto'), or write it as Parquet")
        try:
            import pyspark  # noqa: F401
        except ImportError:
            raise ImportError(
                "engine='spark' needs PySpark and Java 17+: pip install -e '.[spark]' and, on Debian, "
                "apt-get install -y openjdk-17-jre-headless"
            ) from None
    try:
        if engine == "duckdb":
            import duckdb

            try:
                return _table_duckdb(spec, info, digits, quantile_bins, memory_limit, progress)
            except duckdb.Error as exc:  # a Parquet file damaged past its footer: named in one line
                if not isinstance(spec, tuple):
                    raise
                raise _explain_read_error(spec, exc) from None
        return _table_spark(spec, info, digits, quantile_bins)
    except PredictionFileError as exc:
        raise _as_load_predictions_says(spec, info, exc) from None


# --------------------------------------------------------------------------- merged tables and pair tables


def _count_table(table: object, name: str) -> pd.DataFrame:
    """A score-count table (columns ``score, n_pos, n_neg``, scores descending), or a ``ValueError`` naming it."""
    if not isinstance(table, pd.DataFrame) or not {"score", "n_pos", "n_neg"} <= set(table.columns):
        raise ValueError(f"{name} must be a score-count table (a DataFrame with columns score, n_pos, n_neg)")
    score = table["score"].to_numpy()
    if score.size == 0 or not np.all(np.isfinite(score)) or np.any(score[1:] >= score[:-1]):
        raise ValueError(f"{name} must hold distinct finite scores in decreasing order (highest first)")
    for column in ("n_pos", "n_neg"):
        counts = table[column].to_numpy()
        if counts.dtype.kind not in "iu" or np.any(counts < 0):
            raise ValueError(f"{name}.{column} must hold whole numbers >= 0")
    return table


def merge_negative_runs(table: pd.DataFrame, *, keep: tuple[float, ...] = ()) -> pd.DataFrame:
    """A score-count table with each run of consecutive rows without positives merged into one row.

    Rows ``j..l`` (scores descending) with ``n_pos = 0`` become one row with
    ``score = s_l`` (the run's lowest score) and ``n_neg = n_neg_j + ... +
    n_neg_l``. Along such a run the ROC curve is a horizontal segment and the
    precision–recall curve a vertical one, so only the run's end point is
    kept; every row with a positive stays as it is. What that leaves exact::

        the ROC and PR curves as drawn (their corners), AUC = sum of trapezoids,
        DeLong's placements (a run's negatives all have the same positives above them),
        every recall-target, cost and F1 threshold (each lies on a row with positives, or at +inf),
        the counts at every kept score, and a random half drawn by split_counts (counts aggregate).

    A threshold fixed in advance may fall inside a run: give it in ``keep``
    and no run spans it (rows with ``score >= t`` and rows below never
    merge). With rare positives the table shrinks from one row per distinct
    score to at most about twice the number of positives.
    """
    table = _count_table(table, "table")
    score = table["score"].to_numpy()
    n_pos = table["n_pos"].to_numpy()
    n_neg = table["n_neg"].to_numpy()
    cuts = np.zeros(score.size, dtype=np.int64)
    for t in keep:
        t = float(_threshold_value(t))
        cuts += score >= t  # a different count on each side of every kept threshold
    # a new group starts at every row with positives, after every such row, and where the cut count changes
    has_pos = n_pos > 0
    start = np.ones(score.size, dtype=bool)
    start[1:] = has_pos[1:] | has_pos[:-1] | (cuts[1:] != cuts[:-1])
    first = np.flatnonzero(start)
    last = np.append(first[1:], score.size) - 1
    return pd.DataFrame({"score": score[last], "n_pos": np.add.reduceat(n_pos, first),
                         "n_neg": np.add.reduceat(n_neg, first)}, copy=False)


def _threshold_value(value: object) -> float:
    if isinstance(value, (bool, str)) or np.ndim(value) != 0 or not np.isfinite(float(value)):
        raise ValueError(f"keep must hold finite thresholds, got {value!r:.40}")
    return float(value)


def cell_of(table: pd.DataFrame, scores: np.ndarray) -> np.ndarray:
    """Each score's cell in a merged score-count table (scores descending, each cell its lowest score).

    Cell ``j`` holds the scores ``s`` with ``score_j <= s < score_(j-1)``: ``j = #{cells with score > s}``.
    """
    ascending = _count_table(table, "table")["score"].to_numpy()[::-1]
    below_or_at = np.searchsorted(ascending, scores, side="right")  # cells with score <= s
    return (ascending.size - below_or_at).astype(np.int64)


def pair_table_from_arrays(is_pos: np.ndarray, scores: Mapping[str, np.ndarray],
                           tables: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """The pair table of rows in memory: the rows counted by their cell in each model's merged table."""
    if not isinstance(scores, Mapping) or len(scores) < 2:
        raise ValueError("scores must map two or more model names to their scores on the same rows")
    if not isinstance(tables, Mapping) or set(tables) != set(scores):
        raise ValueError("tables must hold one merged score-count table per model of scores")
    keys = [cell_of(tables[name], np.asarray(s, dtype=np.float64)) for name, s in scores.items()]
    sizes = [len(tables[name]) for name in scores]
    code = np.zeros(is_pos.size, dtype=np.int64)
    for key, size in zip(keys, sizes, strict=True):
        code = code * size + key
    code = code * 2 + is_pos.astype(np.int64)
    values, counts = np.unique(code, return_counts=True)
    label = values % 2
    values //= 2
    columns = {}
    for m in range(len(sizes) - 1, -1, -1):
        columns[f"key_{m}"] = values % sizes[m]
        values //= sizes[m]
    frame = pd.DataFrame({f"key_{m}": columns[f"key_{m}"] for m in range(len(sizes))})
    frame["n_pos"] = np.where(label == 1, counts, 0)
    frame["n_neg"] = np.where(label == 0, counts, 0)
    return frame.groupby([f"key_{m}" for m in range(len(sizes))], as_index=False, sort=True).sum()


def pair_table_duckdb(con, relation: str, score_columns: list[str], label: str, positive: object,  # noqa: ANN001
                      tables: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """The pair table counted by DuckDB where the file lies: each score found in its model's cells by an ASOF join."""
    if not callable(getattr(con, "execute", None)) or not callable(getattr(con, "register", None)):
        raise TypeError(f"con must be a DuckDB connection, got {type(con).__name__}")
    joins, keys = [], []
    for m, (_column, name) in enumerate(zip(score_columns, tables, strict=True)):
        cells = pd.DataFrame({"low": tables[name]["score"].to_numpy(), "key": np.arange(len(tables[name]))})
        con.register(f"cells_{m}", cells)
        joins.append(f"ASOF JOIN cells_{m} c{m} ON r.s{m} >= c{m}.low")
        keys.append(f"c{m}.key AS key_{m}")
    scores = ", ".join(f'(CAST("{c}" AS DOUBLE) + 0.0::DOUBLE) AS s{m}' for m, c in enumerate(score_columns))
    query = (f'SELECT {", ".join(keys)}, count(*) FILTER (WHERE r.lab = $pos) AS n_pos, '
             f'count(*) FILTER (WHERE r.lab <> $pos) AS n_neg '
             f'FROM (SELECT "{label}" AS lab, {scores} FROM {relation}) r {" ".join(joins)} '
             f'GROUP BY ALL ORDER BY ALL')
    frame = con.execute(query, {"pos": positive}).fetchdf()
    return frame.astype({c: np.int64 for c in frame.columns})


# --------------------------------------------------------------------------- the report's counts


def merged_table(is_pos: np.ndarray, scores: np.ndarray, keep: tuple[float, ...] = ()) -> pd.DataFrame:
    """``merge_negative_runs(count_scores(is_pos, scores), keep=keep)``, by one sort of the scores.

    The positives' distinct scores ``u_1 < ... < u_m`` are found among the
    sorted positive scores; each is a row with its positives and the negatives
    that share its score, and the negatives strictly between two of them (and
    below the lowest, above the highest) are one row each, scored by their
    lowest score. Found by bisection in the sorted scores: no per-row pass in
    Python, no table of every distinct score. With ``keep`` (a threshold fixed
    in advance) the runs are also cut there: then the long way.
    """
    if keep:
        return merge_negative_runs(count_scores(is_pos, scores), keep=keep)
    ranked = np.sort(scores)
    ranked += 0.0  # -0.0 -> 0.0
    pos = np.sort(scores[is_pos])
    pos += 0.0
    if pos.size == 0 or pos.size == scores.size:
        return merge_negative_runs(count_scores(is_pos, scores))
    starts = np.flatnonzero(np.concatenate(([True], pos[1:] != pos[:-1])))
    u = pos[starts]
    n_pos_u = np.diff(np.append(starts, pos.size))
    left = np.searchsorted(ranked, u, side="left")
    right = np.searchsorted(ranked, u, side="right")
    gap_start = np.concatenate(([0], right))
    gap_end = np.concatenate((left, [ranked.size]))
    gap_n = gap_end - gap_start
    has = gap_n > 0
    # ascending order: gap 0, u_1, gap 1, u_2, ..., u_m, gap m
    score = np.empty(2 * u.size + 1)
    score[1::2] = u
    score[0::2] = ranked[np.minimum(gap_start, ranked.size - 1)]
    n_pos = np.zeros(2 * u.size + 1, dtype=np.int64)
    n_pos[1::2] = n_pos_u
    n_neg = np.empty(2 * u.size + 1, dtype=np.int64)
    n_neg[1::2] = (right - left) - n_pos_u
    n_neg[0::2] = gap_n
    present = np.ones(score.size, dtype=bool)
    present[0::2] = has
    return pd.DataFrame({"score": score[present][::-1], "n_pos": n_pos[present][::-1],
                         "n_neg": n_neg[present][::-1]})


# Up to this many rows DuckDB hands the rows' scores and labels over as arrays, counted here as the pandas engine
# counts them (one read of a CSV file); above it, it streams them (:func:`_vertex_table`: memory for one batch).
ARRAYS_ROWS = 3 * 10**7


def _duckdb_arrays(path: str | os.PathLike[str], label: str, scores: list[str], pos_label: object,
                   drop_missing: bool, memory_limit: str, progress: bool) -> tuple[np.ndarray, list, int] | None:
    """Labels (bool) and every score column as arrays, read by DuckDB (a CSV parsed once, in parallel), and the
    rows dropped; ``None`` for a source of more than ``ARRAYS_ROWS`` rows. Bad input: as score_count_table."""
    spec = _resolve_path(path)
    con = _duckdb_connection(memory_limit, progress)
    try:
        _, kind, files = spec
        if kind == "arrow":
            _register_arrow(con, files)
        whole = _duckdb_relation(kind, files, label)
        if kind == "parquet":
            n = con.execute(f"SELECT count(*) FROM {whole}").fetchone()[0]
            if n > ARRAYS_ROWS:
                return None
        info = _Source(spec[0], label, scores[0], pos_label)
        if kind == "csv":  # read it once: a table in memory, labels as integers where they all are
            import duckdb

            try:
                integers = whole.replace(f"{{{_sql_text(label)}: 'VARCHAR'}}", f"{{{_sql_text(label)}: 'BIGINT'}}")
                con.execute(f"CREATE TEMP TABLE report_rows AS SELECT * FROM {integers}")
            except duckdb.Error:  # labels that are not all integers (yes/no, fraud/legit, 1.0...): as text
                try:
                    con.execute(f"CREATE TEMP TABLE report_rows AS SELECT * FROM {whole}")
                except duckdb.Error as exc:
                    raise _as_load_predictions_says(spec, info, info.fail(
                        f"cannot be read as CSV ({str(exc).strip().splitlines()[0]})")) from None
            whole = "report_rows"
            if con.execute("SELECT count(*) FROM report_rows").fetchone()[0] > ARRAYS_ROWS:
                return None
        relation = _drop_missing_relation(whole, label, scores) if drop_missing else whole
        dropped = 0
        if drop_missing:
            dropped = int(con.execute(f"SELECT count(*) FROM {whole}").fetchone()[0]
                          - con.execute(f"SELECT count(*) FROM {relation}").fetchone()[0])
        columns = []
        positive = None
        for column in scores:
            info = _Source(spec[0], label, column, pos_label)
            try:
                rows, positive, _ = _duckdb_rows(con, spec, info, None, relation=relation)
            except PredictionFileError as exc:
                raise _as_load_predictions_says(spec, info, exc) from None
            columns.append((_quote(column), rows, info))
        fetched = con.execute(
            f"SELECT {_quote(label)} = $pos AS is_pos, "
            + ", ".join(f"CAST({c} AS DOUBLE) + 0.0::DOUBLE AS s{k}" for k, (c, _, _) in enumerate(columns))
            + f" FROM {relation}", {"pos": positive}).fetchnumpy()
        arrays = []
        for k, (_, rows, info) in enumerate(columns):
            values = fetched[f"s{k}"]
            if np.ma.isMaskedArray(values) or not np.isfinite(values).all():  # blank, NaN or infinite: say which
                try:
                    bad = con.execute(f"SELECT count(*) FILTER (WHERE label = $pos) AS n_pos, count(*) FILTER "
                                      f"(WHERE label <> $pos) AS n_neg, {_BAD_SQL} FROM {rows} WHERE score IS NULL "
                                      "OR NOT isfinite(score) GROUP BY score", {"pos": positive}).fetchdf()
                    info.check_scores(bad)
                except PredictionFileError as exc:
                    raise _as_load_predictions_says(spec, info, exc) from None
            arrays.append(np.asarray(values, dtype=np.float64))
    finally:
        con.close()
    is_pos = np.asarray(fetched["is_pos"], dtype=bool)
    return is_pos, arrays, dropped


class ReportCounts:
    """What an engine hands the report: one merged score-count table per model, the pair table, the rows read.

    ``tables`` maps each score column to its table with runs of scores without
    positives merged (:func:`helpers.report.analysis.canonical_table`), the
    same on every engine; ``pairs`` is the pair table of
    :mod:`helpers.report.pairs` (``None`` for one model); ``dropped`` is the
    number of rows left out for a missing label or score.
    """

    def __init__(self, tables: dict, pairs: pd.DataFrame | None, dropped: int) -> None:
        self.tables, self.pairs, self.dropped = tables, pairs, dropped


def count_for_report(path: str | os.PathLike[str], *, label: str, scores: list[str], pos_label: object, engine: str,
                     keep: tuple[float, ...] = (), drop_missing: bool = False,
                     memory_limit: str = "1GB", progress: bool = False) -> ReportCounts:
    """Count a predictions file for the report on ``engine`` (``"pandas"``, ``"duckdb"`` or ``"spark"``).

    Every engine gives the same :class:`ReportCounts` for the same file: the
    pandas engine reads the rows with :func:`helpers.report.read._load_columns`
    and counts them in memory; DuckDB counts where the file lies and hands
    over the ROC vertices only (:func:`_vertex_table`); Spark runs
    ``SCORE_COUNT_SQL``. With ``drop_missing``, rows with a missing label
    or score (blank, NA, null, NaN) are left out and counted.
    """
    if engine == "pandas":
        from .read import _load_columns

        text = os.fspath(path)
        if glob.has_magic(text) or os.path.isdir(text):
            raise _fail(_display_name(text), "is a folder or a pattern of files; the pandas engine reads one file: "
                        "use --engine duckdb (or auto) for several files")
        loaded = _load_columns(path, y_true=label, y_scores=scores, pos_label=pos_label, drop_missing=drop_missing)
        labels, columns, dropped = loaded if drop_missing else (*loaded, 0)
        is_pos = labels.astype(bool)
        tables = {name: merged_table(is_pos, s, keep) for name, s in zip(scores, columns, strict=True)}
        pairs = None
        if len(scores) > 1:
            pairs = pair_table_from_arrays(labels.astype(bool), dict(zip(scores, columns, strict=True)), tables)
        return ReportCounts(tables, pairs, dropped)
    if engine == "duckdb":
        import duckdb

        try:
            return _count_duckdb(path, label, scores, pos_label, keep, drop_missing, memory_limit, progress)
        except duckdb.Error as exc:  # a Parquet file damaged past its footer: named in one line
            raise _explain_read_error(_resolve_path(path), exc) from None
    if engine == "spark":
        if drop_missing:
            raise ValueError("--drop-missing is not available with --engine spark; use duckdb or pandas")
        tables, dropped = {}, 0
        for column in scores:
            table = score_count_table(path, label=label, score=column, pos_label=pos_label, engine="spark")
            tables[column] = merge_negative_runs(table, keep=keep)
        pairs = None
        if len(scores) > 1:
            pairs = _pairs_spark(path, label, scores, pos_label, tables)
        return ReportCounts(tables, pairs, dropped)
    raise ValueError(f"engine must be pandas, duckdb or spark here, got {engine!r:.40}")


def _count_duckdb(path: str | os.PathLike[str], label: str, scores: list[str], pos_label: object,
                  keep: tuple[float, ...], drop_missing: bool, memory_limit: str, progress: bool) -> ReportCounts:
    """:func:`count_for_report` on DuckDB."""
    arrays = _duckdb_arrays(path, label, scores, pos_label, drop_missing, memory_limit, progress)
    if arrays is not None:
        is_pos, columns, dropped = arrays
        tables = {name: merged_table(is_pos, s, keep) for name, s in zip(scores, columns, strict=True)}
        pairs = None
        if len(scores) > 1:
            pairs = pair_table_from_arrays(is_pos, dict(zip(scores, columns, strict=True)), tables)
        return ReportCounts(tables, pairs, dropped)
    tables, dropped = {}, 0
    for column in scores:
        table, _, dropped = _vertex_table(path, label=label, score=column, pos_label=pos_label, keep=keep,
                                          memory_limit=memory_limit, progress=progress,
                                          drop_missing=drop_missing, also=scores)
        tables[column] = merge_negative_runs(table, keep=keep)
    pairs = None
    if len(scores) > 1:
        spec = _resolve_path(path)
        info = _Source(spec[0], label, scores[0], pos_label)
        con = _duckdb_connection(memory_limit, progress)
        try:
            relation = _duckdb_relation(spec[1], spec[2], label)
            relation = _drop_missing_relation(relation, label, scores) if drop_missing else relation
            rows, positive, _ = _duckdb_rows(con, spec, info, None, relation=relation)
            pairs = pair_table_duckdb(con, relation, scores, label, positive, tables)
        finally:
            con.close()
    return ReportCounts(tables, pairs, dropped)


def _pairs_spark(path: str | os.PathLike[str], label: str, scores: list[str], pos_label: object,
                 tables: dict) -> pd.DataFrame:
    """The pair table counted by Spark: each score found in its model's cells by a Bucketizer."""
    from pyspark.ml.feature import Bucketizer
    from pyspark.sql import functions as F

    spec = _resolve_path(path)
    spark = _spark_session()
    _, kind, files = spec
    if kind == "parquet":
        df = spark.read.parquet(*_for_spark(files))
    elif kind == "arrow":
        import pyarrow as pa
        import pyarrow.ipc as ipc

        df = spark.createDataFrame(pa.concat_tables([ipc.open_file(pa.memory_map(f)).read_all() for f in files])
                                   .to_pandas())
    else:
        sep, _ = _csv_format(files[0])
        df = spark.read.csv(_for_spark(files), header=True, inferSchema=True, sep=sep)
    info = _Source(spec[0], label, scores[0], pos_label)
    labels = [r[0] for r in df.select(label).distinct().limit(3).collect()]
    positive = info.positive([v for v in labels if v is not None], 0, 2)
    rows = df.select((F.col(label) == F.lit(positive)).alias("is_pos"),
                     *[(F.col(c).cast("double") + F.lit(0.0)).alias(f"s{m}") for m, c in enumerate(scores)])
    keys = []
    for m, name in enumerate(tables):
        ascending = tables[name]["score"].to_numpy()[::-1]
        splits = [-math.inf, *ascending[1:].tolist(), math.inf]
        rows = Bucketizer(splits=splits, inputCol=f"s{m}", outputCol=f"b{m}").transform(rows)
        keys.append((F.lit(len(ascending) - 1) - F.col(f"b{m}").cast("long")).alias(f"key_{m}"))
    counted = rows.groupBy(*keys).agg(F.count(F.when(F.col("is_pos"), 1)).alias("n_pos"),
                                      F.count(F.when(~F.col("is_pos"), 1)).alias("n_neg"))
    frame = _collect(counted)
    frame = frame.sort_values([f"key_{m}" for m in range(len(tables))]).reset_index(drop=True)
    return frame.astype({c: np.int64 for c in frame.columns})
