"""Read a predictions file with pandas (pyarrow for Parquet), then check it with the course's rules.

The course's last notebook reruns every analysis on *your* predictions: one row
per example, a column of true labels and a column of scores.  The libraries do
the parsing; this module checks what they parsed, because a silently misread
file (a shifted column, a label read as a score, a ``NaN`` turned into a zero)
would make every number downstream wrong without anyone noticing.  It also
lists and checks the files of a folder or a glob pattern for the engines
that read many files (``_resolve_files``: one kind of file, readable Parquet
and Feather footers).  Every problem raises :class:`PredictionFileError`
with one line naming the file, the place and the problem, e.g. ``preds.csv:
row 3 (line 4 of the file), column 'y_score': the score is NaN (not a
number); every row needs a finite score``.
"""

from __future__ import annotations

import bz2
import contextlib
import csv
import glob
import gzip
import io
import itertools
import lzma
import math
import numbers
import os
import re
import warnings
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

import numpy as np
import pandas as pd

__all__ = ["PredictionFileError", "command_line_words", "load_predictions"]

PathOrBuffer = str | os.PathLike[str] | IO[str] | IO[bytes]
Label = str | int | float | bool

_SAVE_AS_CSV = "in Excel use 'Save As' > 'CSV UTF-8'"
_REFUSED = {  # files that are clearly something else, by their first bytes
    b"\xd0\xcf\x11\xe0": f"an old Excel workbook (.xls), not a CSV file; {_SAVE_AS_CSV}",
    b"\xff\xfe": "UTF-16 text, not UTF-8; save it again as 'CSV UTF-8'",
    b"\xfe\xff": "UTF-16 text, not UTF-8; save it again as 'CSV UTF-8'",
}
_SEPARATORS = {",": "comma", "\t": "tab", ";": "semicolon"}
_NAN_WORDS = frozenset({"nan", "+nan", "-nan"})
_MISSING_WORDS = frozenset({"na", "n/a", "#n/a", "null", "none", "nil", "missing", "?", "-"})
_INF_WORDS = frozenset({"inf", "infinity"})
_WORDS = frozenset({"true", "false", "yes", "no"})  # labels compared without case
_MANY = 1000  # a label column with more distinct values is a column of scores
# Bytes of a text file: printable ASCII, tab, LF, CR and bytes >= 128 (UTF-8 is checked apart).
_TEXT_BYTES = bytes(range(32, 127)) + b"\t\n\r" + bytes(range(128, 256))
_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_FAST = True  # shortcuts for the usual file (ASCII, 0/1 labels...); tests turn them off to compare the results
_PARALLEL_BYTES = 8 << 20  # a larger file of integer labels is parsed in parts, one thread each (tests lower it)


class PredictionFileError(ValueError):
    """A predictions file that :func:`load_predictions` refuses to read.

    ``str(error)`` is a single line naming the file, the place and the problem.
    The parts are also attributes (``None`` where they do not apply): ``file``
    (the path as given, or ``"<buffer>"``), ``column``, ``row`` (1-based data
    row, the header not counted) and ``line`` (1-based physical line of the
    text, the header being line 1; Parquet files have rows but no lines).
    """

    def __init__(
        self, message: str, *, file: str | None = None, column: str | None = None, row: int | None = None,
        line: int | None = None,
    ) -> None:  # fmt: skip
        super().__init__(message)
        self.file, self.column, self.row, self.line = file, column, row, line

    @property
    def command_line(self) -> str:
        """The message in the words of the command line: ``rare-report``'s options (``--y-true``, ``--y-score``,
        ``--pos-label``) where ``str(error)`` names Python's arguments (:func:`command_line_words`)."""
        return command_line_words(str(self))


# What a message says to a Python caller, and what the same hint says on the command line (rare-report's options).
# Every hint that names an argument is written from this table, so that the command line can reword it.
HINT_COLUMNS = "pass y_true=... and y_score=... to load_predictions to use other column names"
HINT_COUNT_COLUMNS = "pass label=... and score=... to score_count_table to use other column names"
HINT_POSITIVE = "say which one is the positive class with pos_label=..."
_COMMAND_LINE = (
    (HINT_COLUMNS, "give --y-true COL and --y-score COL to use other column names"),
    (HINT_COUNT_COLUMNS, "give --y-true COL and --y-score COL to use other column names"),
    (HINT_POSITIVE, "say which one is the positive class with --pos-label LABEL"),
    ("pos_label ", "--pos-label "),
    ("y_true and y_score must name two different columns", "--y-true and --y-score must name two different columns"),
    ("label and score must name two different columns", "--y-true and --y-score must name two different columns"),
    ("y_score names the column ", "--y-score names the column "),
    ("y_true must be a non-empty column name", "--y-true must be a non-empty column name"),
    ("y_score must be a non-empty column name", "--y-score must be a non-empty column name"),
    ("use engine='duckdb' (or 'auto')", "use --engine duckdb (or auto)"),
)


def command_line_words(message: str) -> str:
    """``message`` with each hint meant for Python callers replaced by the command line's words.

    ``"... ; pass y_true=... and y_score=... to load_predictions to use other
    column names"`` becomes ``"...; give --y-true COL and --y-score COL to use
    other column names"``, ``"pos_label 'x' is not one of the labels"``
    becomes ``"--pos-label 'x' is not one of the labels"``, and so on.
    """
    if not isinstance(message, str):
        raise TypeError(f"message must be a str (an error's message), got {type(message).__name__}")
    for python, command in _COMMAND_LINE:
        message = message.replace(python, command)
    return message


def _fail(
    file: str, problem: str, *, column: str | None = None, row: int | None = None, line: int | None = None
) -> PredictionFileError:
    """Build the error: ``file: row R (line L of the file), column 'c': problem``."""
    where = [f"row {row}" + (f" (line {line} of the file)" if line is not None else "")] if row is not None else []
    where += [f"line {line}"] if row is None and line is not None else []
    where += [f"column {_show(column)}"] if column is not None else []
    message = f"{file}: " + (", ".join(where) + ": " if where else "") + problem
    return PredictionFileError(" ".join(message.splitlines()), file=file, column=column, row=row, line=line)


def _show(text: str, limit: int = 40) -> str:
    """Quote a piece of the file for a message (escaped, shortened)."""
    return repr(text[: limit - 3] + "..." if len(text) > limit else text)


# --------------------------------------------------------------------------- bytes


def _display_name(name: str) -> str:
    """The file as messages name it: a long path keeps its end (the file's own name) and loses the middle."""
    name = name[:20] + "..." + name[-57:] if len(name) > 80 else name
    return name if name.isprintable() else repr(name)


def _read_source(source: object) -> tuple[str, bytes]:
    """Return ``(name for messages, raw bytes)`` of a path or a file-like object."""
    if isinstance(source, (bytes, bytearray)):
        raise TypeError("path_or_buffer must be a path or a file-like object, got raw bytes; wrap them in io.BytesIO()")
    if isinstance(source, (str, os.PathLike)):
        path, name = Path(os.fsdecode(source)), _display_name(os.fsdecode(source))
        if path.is_dir():
            raise _fail(name, "is a directory, not a file; give the path of the predictions file itself")
        try:
            return name, path.read_bytes()
        except FileNotFoundError:
            hint = "; to read CSV text held in a string, pass io.StringIO(text)"
            hint *= isinstance(source, str) and ("\n" in source or "," in source)
            problem = f"no such file (looked for {path.absolute()}); check the name and the current folder{hint}"
            raise _fail(name, problem) from None
        except PermissionError:
            raise _fail(name, "cannot be read: permission denied") from None
        except OSError as exc:
            raise _fail(name, f"cannot be read: {exc.strerror or exc}") from None
        except ValueError:  # e.g. a NUL character in the path
            raise _fail(name, "is not a valid file name") from None
    if not callable(getattr(source, "read", None)):
        raise TypeError(
            "path_or_buffer must be a file path (str or pathlib.Path) or a file-like object with .read(), "
            f"got {type(source).__name__}"
        )
    name = getattr(source, "name", None)
    name = _display_name(name) if isinstance(name, str) else "<buffer>"
    try:
        data = source.read()  # type: ignore[attr-defined]
        if isinstance(data, str):
            data = data.encode("utf-8")
    except UnicodeDecodeError as exc:
        problem = f"is not UTF-8 text ({exc.reason}); open it in binary mode ('rb') or save it again as 'CSV UTF-8'"
        raise _fail(name, problem) from None
    except UnicodeEncodeError:
        raise _fail(name, "contains characters that are not valid Unicode text") from None
    except OSError as exc:
        raise _fail(name, f"cannot be read: {exc.strerror or exc}") from None
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"{name}: .read() returned {type(data).__name__}, expected str or bytes")
    return name, bytes(data)


def _unzip(name: str, data: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = [m for m in archive.infolist() if not m.is_dir() and not m.filename.startswith("__MACOSX/")]
        if any(m.filename == "[Content_Types].xml" or m.filename.startswith("xl/") for m in members):
            raise _fail(name, f"is an Excel workbook (.xlsx), not a CSV file; {_SAVE_AS_CSV}")
        if len(members) != 1:
            raise _fail(name, f"is a zip archive of {len(members)} files; it must hold exactly one predictions file")
        return archive.read(members[0])


def _unzstd(name: str, data: bytes) -> bytes:
    try:
        import zstandard
    except ImportError:
        raise _fail(
            name, "is zstd-compressed; reading it needs the zstandard package (pip install zstandard)"
        ) from None
    with zstandard.ZstdDecompressor().stream_reader(io.BytesIO(data)) as reader:
        return reader.read()


_COMPRESSIONS: tuple[tuple[str, Callable[[bytes], bool], Callable[[str, bytes], bytes]], ...] = (
    ("gzip", lambda d: d[:2] == b"\x1f\x8b", lambda _, d: gzip.decompress(d)),
    ("bzip2", lambda d: d[:3] == b"BZh" and d[4:10] in (b"1AY&SY", b"\x17rE8P\x90"), lambda _, d: bz2.decompress(d)),
    ("xz", lambda d: d[:6] == b"\xfd7zXZ\x00", lambda _, d: lzma.decompress(d)),
    ("zstd", lambda d: d[:4] == b"\x28\xb5\x2f\xfd", _unzstd),
    ("zip", lambda d: d[:4] in (b"PK\x03\x04", b"PK\x05\x06"), _unzip),  # the second: an empty archive
)


def _decompress(name: str, data: bytes) -> bytes:
    """Undo gzip, bzip2, xz, zstd or zip compression, recognised by the first bytes (whatever the name)."""
    for kind, matches, unpack in _COMPRESSIONS:
        if matches(data):
            try:
                return unpack(name, data)
            except PredictionFileError:
                raise
            except Exception as exc:  # each decompressor has error classes of its own
                problem = f"is {kind}-compressed but cannot be decompressed ({exc}); the file is damaged or incomplete"
                raise _fail(name, problem) from None
    return data


def _decode(name: str, data: bytes) -> str:
    """Check the bytes are UTF-8 text (not binary, not another format) and decode them."""
    if not data:
        raise _fail(name, "is empty (0 bytes); it needs a header line and data rows")
    if data[:4] in _REFUSED or data[:2] in _REFUSED:
        raise _fail(name, f"is {_REFUSED.get(data[:4]) or _REFUSED[data[:2]]}")
    if data.translate(None, _TEXT_BYTES):  # something left: a control byte
        at = _CONTROL.search(data).start()  # type: ignore[union-attr]
        problem = f"contains binary data (control byte 0x{data[at]:02X}), so it is not a CSV text file"
        if data[at] == 0:
            problem = f"contains NUL bytes ({data.count(0)} in all), so it is binary data or UTF-16 text, not UTF-8"
        raise _fail(name, problem, line=data.count(b"\n", 0, at) + 1)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        problem = (
            f"is not UTF-8 text (byte 0x{data[exc.start]:02X} is not valid UTF-8; the file was probably saved "
            "as Latin-1 or Windows-1252); save it again as 'CSV UTF-8'"
        )
        raise _fail(name, problem, line=data.count(b"\n", 0, exc.start) + 1) from None


# --------------------------------------------------------------------------- Parquet and Feather files, folders

_DAMAGED = "the file is damaged or incomplete"


def _reason(exc: BaseException) -> str:
    """The first line of a library's error, for a message in parentheses."""
    text = str(exc).strip()  # pyarrow: "Parquet magic bytes not found in footer. Either the file is corrupted or..."
    first = "".join(c for c in text.splitlines()[0] if c.isprintable()) if text else ""
    return first.split(". ")[0].strip().rstrip(".:").strip() or type(exc).__name__


def _unreadable(name: str, kind: str, exc: BaseException) -> PredictionFileError:
    """``FILE: is a Parquet file that cannot be read (<reason>); the file is damaged or incomplete``."""
    return _fail(name, f"is a {kind} file that cannot be read ({_reason(exc)}); {_DAMAGED}")


def _not_parquet(name: str, head: bytes) -> PredictionFileError:
    """A file named ``*.parquet`` whose first bytes are not Parquet's mark ``PAR1``."""
    if not head.translate(None, _TEXT_BYTES):
        first = head.decode("utf-8", errors="replace").strip().splitlines()
        begins = f"it is text beginning {_show(first[0] if first else '', 30)}"
    else:
        begins = "its first bytes are not 'PAR1', the mark every Parquet file begins with"
    return _fail(name, f"is not a Parquet file, although its name ends in .parquet ({begins}); the file is damaged, "
                 "or is a file of another kind renamed")


def _bookkeeping(file: str) -> bool:
    """Files a Spark or Hadoop job writes beside its data (``_SUCCESS``, ``.part-0.crc``, hidden files): not data."""
    base = os.path.basename(file)
    return base.startswith(("_", ".")) or base.endswith(".crc")


def _folder_files(folder: str) -> list[str]:
    """The data files of a folder and its subfolders: every file but the bookkeeping (:func:`_bookkeeping`), and
    none inside a hidden or bookkeeping folder (``_temporary/``, ``.ipynb_checkpoints/``)."""
    files = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(("_", ".")))
        files += [os.path.join(root, n) for n in names if not _bookkeeping(n) and os.path.isfile(os.path.join(root, n))]
    return sorted(files)


_KINDS = {"parquet": "Parquet", "arrow": "Feather/Arrow", "csv": "CSV", "other": "other"}


def _text_name(file: str) -> bool:
    """Whether a file's name is one of a text file of rows: ``.csv``, ``.tsv``, ``.txt``... (compressed or not), or
    no extension at all (a Hadoop job's ``part-00000``)."""
    stem, ext = os.path.splitext(os.path.basename(file).lower())
    if ext in (".gz", ".bz2", ".xz", ".zst", ".zip"):
        ext = os.path.splitext(stem)[1]
    return ext in ("", ".csv", ".tsv", ".tab", ".txt", ".dat", ".psv")


def _check_data_file(file: str) -> str:
    """The kind of one file of a source (``'parquet'``, ``'arrow'``, ``'csv'``, or ``'other'`` for a text file
    whose name is not one of a table, such as ``README.md``), after checking that a Parquet or Feather file's
    footer can be read (a file cut short has none) and that a ``*.parquet`` file is Parquet."""
    name = _display_name(file)
    try:
        with open(file, "rb") as handle:
            head = handle.read(64)
    except OSError as exc:
        raise _fail(name, f"cannot be read: {exc.strerror or exc}") from None
    kind = "parquet" if head[:4] == b"PAR1" else "arrow" if head[:4] == b"ARRO" else "csv"
    if kind == "csv" and head and file.lower().endswith(".parquet"):
        raise _not_parquet(name, head)
    if kind == "csv" and not _text_name(file):
        kind = "other"  # README.md, image.png, notes.json...: refused beside data files, read as CSV alone
    if kind in ("parquet", "arrow"):
        import pyarrow as pa

        try:
            if kind == "parquet":
                import pyarrow.parquet as pq

                pq.ParquetFile(file).metadata  # noqa: B018 (reads the footer only)
            else:
                import pyarrow.ipc as ipc

                ipc.open_file(pa.memory_map(file)).schema  # noqa: B018
        except (pa.ArrowException, OSError) as exc:
            raise _unreadable(name, _KINDS[kind], exc) from None
    return kind


def _explain_read_error(spec: tuple[str, str, list[str]], exc: BaseException,
                        limit: int = 200 * 10**6) -> PredictionFileError:
    """The one-line error for an engine that failed to read the files of ``spec`` (:func:`_resolve_files`) although
    their footers were readable: the first Parquet or Feather file (of at most ``limit`` bytes) that pyarrow cannot
    read either is named as damaged; else the source, with the engine's reason."""
    import pyarrow as pa

    name, kind, files = spec
    if kind in ("parquet", "arrow"):
        for file in files:
            try:
                if os.path.getsize(file) > limit:
                    continue
                if kind == "parquet":
                    import pyarrow.parquet as pq

                    pq.read_table(file)
                else:
                    import pyarrow.ipc as ipc

                    ipc.open_file(pa.memory_map(file)).read_all()
            except (pa.ArrowException, OSError) as error:
                return _unreadable(_display_name(file), _KINDS[kind], error)
        if len(files) == 1:
            return _unreadable(name, _KINDS[kind], exc)
        return _fail(name, f"holds a {_KINDS[kind]} file that cannot be read ({_reason(exc)}); {_DAMAGED}")
    return _fail(name, f"cannot be read as CSV ({_reason(exc)})")


def _check_csv_headers(files: list[str], wanted: tuple[str, ...], same_order: bool = False) -> None:
    """Raise the error of the first of several CSV files whose header line lacks a wanted column (or names one
    twice), as :func:`load_predictions` words it for that file; return if every header has them all. With
    ``same_order`` (Spark, which reads every file's columns in the first file's order), a header that differs
    from the first file's is refused too."""
    openers = {b"\x1f\x8b": gzip.open, b"BZ": bz2.open, b"\xfd7": lzma.open}
    first: list[str] | None = None
    for file in files:
        try:
            with open(file, "rb") as handle:
                magic = handle.read(4)
            if magic[:2] == b"PK" or magic == b"\x28\xb5\x2f\xfd":  # zip, zstd: left to the engine
                continue
            with openers.get(magic[:2], open)(file, "rb") as handle:
                sample = handle.read(1 << 16).decode("utf-8", errors="replace").removeprefix("\ufeff")
        except (OSError, EOFError, ValueError):  # unreadable: the engine's message stands
            continue
        if not sample.strip():  # an empty part (an empty partition of a Spark job)
            continue
        names = _sniff(sample)[1]
        _check_columns(_display_name(file), names, wanted, "the header line names")
        first = names if first is None else first
        if same_order and names != first:
            raise _fail(_display_name(file), f"its header line names {', '.join(map(_show, names[:10]))}, not the "
                        f"columns of {_display_name(files[0])} in their order ({', '.join(map(_show, first[:10]))}); "
                        "the Spark engine reads every part by position: write the parts with one header")


def _some(files: list[str], base: str) -> str:
    shown = [os.path.relpath(f, base) if base else f for f in files[:3]]
    return ", ".join(map(repr, shown)) + (f" and {len(files) - 3} more" if len(files) > 3 else "")


def _resolve_files(source: str | os.PathLike[str]) -> tuple[str, str, list[str]]:
    """``(name for messages, 'csv', 'parquet' or 'arrow', files)`` of a file, a folder or a glob pattern.

    A folder is read with its subfolders: every file in them but a Spark job's
    bookkeeping (``_SUCCESS``, ``*.crc``, hidden files and folders). The files
    of a folder or a pattern must be of one kind (all Parquet, all
    Feather/Arrow or all CSV); otherwise the error names the files of each
    kind, so that no file is left out unnoticed. Every Parquet and Feather
    file's footer is read here, so that a damaged or truncated one is named in
    one line before an engine reads it.
    """
    text = os.fspath(source)
    name = _display_name(text)
    base = ""
    if glob.has_magic(text):
        files = sorted(f for f in glob.glob(text, recursive=True) if os.path.isfile(f) and not _bookkeeping(f))
        if not files:
            raise _fail(name, "no file matches this pattern; check the name and the current folder")
    elif os.path.isdir(text):
        files, base = _folder_files(text), text
        if not files:
            raise _fail(name, "is a folder without data files (only bookkeeping such as _SUCCESS, *.crc or hidden "
                        "files, or nothing); give a file, a folder of data files or a pattern such as 'preds/*.csv'")
    elif os.path.isfile(text):
        files = [text]
    else:
        try:
            load_predictions(text)  # no such file, or not a valid file name: its message, word for word
        except PredictionFileError:
            raise
        except (TypeError, ValueError):
            pass
        raise _fail(name, f"no such file (looked for {Path(text).absolute()}); check the name and the current folder")
    kinds: dict[str, list[str]] = {}
    for file in files:
        kinds.setdefault(_check_data_file(file), []).append(file)
    if len(kinds) > 1:
        what = " and ".join(f"{len(f)} {_KINDS[k]} file{'s' * (len(f) > 1)} ({_some(f, base)})"
                            for k, f in sorted(kinds.items(), key=lambda item: list(_KINDS).index(item[0])))
        mixes = "is a folder mixing" if base else "matches"
        raise _fail(name, f"{mixes} files of different kinds: {what}; the files must be all Parquet, all "
                    "Feather/Arrow or all CSV: move the others out, or give a pattern such as 'preds/*.parquet'")
    kind = next(iter(kinds))
    return name, "csv" if kind == "other" else kind, files


# --------------------------------------------------------------------------- header and shape


def _sniff(text: str) -> tuple[str, list[str]]:
    """The separator (the one giving the first lines the most values, all alike) and the header's names."""
    sample, best = io.StringIO(text[: 1 << 16]), ((False, -1), ",", [""])
    for sep in _SEPARATORS:
        sample.seek(0)
        try:
            records = list(itertools.islice(csv.reader(sample, delimiter=sep, skipinitialspace=True), 20))
        except csv.Error:
            continue
        header = records[0] if records else []
        rows = records[1:] if len(text) <= 1 << 16 else records[1:-1]  # the last one may be cut short
        rank = (len(header) > 1 and all(len(r) == len(header) for r in rows if r), len(header))
        best = (rank, sep, [field.strip() for field in header]) if rank > best[0] else best
    return best[1], best[2]


def _check_columns(name: str, names: list[str], wanted: tuple[str, ...], listed: str) -> tuple[int, ...]:
    """Positions of the wanted columns (labels, then scores), or the error: blank header, duplicate or missing names."""
    if not any(names):
        problem = "the first line must be the header naming the columns (e.g. 'y_true,y_score'), but it is blank"
        raise _fail(name, problem, line=1)
    seen: dict[str, int] = {}
    for position, column in enumerate(names, start=1):
        if column and column in seen:
            problem = (
                f"this name appears twice in the header (columns {seen[column]} and {position}); names must be unique"
            )
            raise _fail(name, problem, column=column)
        seen.setdefault(column, position)
    missing = [column for column in wanted if column not in seen]
    if not missing:
        return tuple(seen[column] - 1 for column in wanted)
    shown = ", ".join(map(_show, names[:10])) + (f", ... ({len(names)} in all)" if len(names) > 10 else "")
    problem = f"has no column{'s' * (len(missing) > 1)} {' and '.join(map(_show, missing))}; {listed} {shown}"
    lowered = {column.lower(): column for column in names}
    guesses = [lowered[c.lower()] for c in missing if c.lower() in lowered]
    if all(_number(column, ".") is not None for column in names if column):
        problem += "; that first line looks like data: add a header line naming the columns, e.g. 'y_true,y_score'"
    elif guesses:
        problem += f"; did you mean {_show(guesses[0])}? names are case-sensitive"
    else:
        problem += "; " + HINT_COLUMNS
    raise _fail(name, problem)


class _Records:
    """Values per record of the text (the header is record 0) and the line where each starts.

    Without double quotes records are lines, so counting separators is
    vectorised (numpy on the bytes) and data row ``r`` is on line ``r + 1``.
    With quotes a value may hold separators or line breaks, so the ``csv``
    module (pandas' quoting rules) counts, and where each record starts is
    found only when a message needs it.  A blank record counts 0 values.
    """

    def __init__(self, name: str, text: str, data: bytes, sep: str) -> None:
        self.name, self.text, self.sep, self.quoted = name, text, sep, '"' in text
        self._scanned: tuple[list[int], list[bool]] | None = None
        if not self.quoted:
            marks = data.translate(None, bytes(set(range(256)) - {10, ord(sep)}))  # separators, line ends
            if not data.endswith(b"\n"):  # (data may end with the last line's "\n")
                marks += b"\n"
            n_columns = marks.index(b"\n") + 1
            if marks == (sep.encode() * (n_columns - 1) + b"\n") * (len(marks) // n_columns):
                # every line as the header, the usual case: the counts take no memory
                self.counts = np.broadcast_to(np.int64(n_columns), (len(marks) // n_columns,))
                return
            del marks
            codes = np.frombuffer(data[:-1] if data.endswith(b"\n") else data, dtype=np.uint8)
            ends = np.append(np.flatnonzero(codes == 10), codes.size)
            self.counts = np.diff(np.searchsorted(np.flatnonzero(codes == ord(sep)), ends), prepend=0) + 1
            single = np.flatnonzero(self.counts == 1)  # a line without separator: blank if only spaces
            starts = np.concatenate(([0], ends[:-1] + 1))[single]
            blank = [not data[s:e].strip() for s, e in zip(starts, ends[single], strict=True)]
            self.counts[single[np.asarray(blank, dtype=bool)]] = 0
            return
        try:
            self.counts = np.fromiter(map(len, self._reader(strict=True)), dtype=np.int64)
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):
                problem = 'a double quote (") opens a quoted value that is never closed; check the quotes from here on'
                raise _fail(self.name, problem, line=self._scan()[0][-1]) from None
            # e.g. text after a closing quote: pandas reads that, so we do too
            self.counts = np.fromiter(map(len, self._reader(strict=False)), dtype=np.int64)

    def _reader(self, strict: bool) -> csv.Reader:
        return csv.reader(io.StringIO(self.text), delimiter=self.sep, skipinitialspace=True, strict=strict)

    def _scan(self) -> tuple[list[int], list[bool]]:
        """Start line and blankness of every record (a Python loop: only for messages)."""
        if self._scanned is None:
            reader, starts, blank, start = self._reader(strict=False), [], [], 1
            for record in reader:
                starts.append(start)
                blank.append(not record or (len(record) == 1 and not record[0].strip()))
                start = reader.line_num + 1
            self._scanned = starts, blank
        return self._scanned

    def line(self, row: int) -> int:
        """Physical line (1-based) where record ``row`` starts; data rows are records 1, 2..."""
        return self._scan()[0][row] if self.quoted else row + 1

    def check_shape(self) -> int:
        """Refuse ragged or blank rows; return the number of data rows."""
        counts, n_columns = self.counts, int(self.counts[0])
        if counts.strides == (0,):  # every line as the header (see __init__)
            return counts.size - 1
        bad = np.flatnonzero(counts[1:] != n_columns)
        if not bad.size:
            return counts.size - 1
        row, found, more = int(bad[0]) + 1, int(counts[bad[0] + 1]), f" ({bad.size} such rows in all)" * (bad.size > 1)
        if found == 0 or (self.quoted and self._scan()[1][row]):
            problem = f"is blank; delete empty lines inside the file{more}"
        else:
            problem = (
                f"has {found} value{'s' * (found != 1)} but the header has {n_columns} columns; every row needs "
                f"exactly {n_columns} {_SEPARATORS[self.sep]}-separated values{more}"
            )
        raise _fail(self.name, problem, row=row, line=self.line(row))


# --------------------------------------------------------------------------- parsing


def _number(text: str, decimal: str) -> float | None:
    """The finite number a piece of text spells (with the file's decimal mark), else None."""
    text = text.strip()
    if decimal == ",":
        text = "x" if "." in text else text.replace(",", ".")
    try:
        value = float(text) if "_" not in text else math.nan
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _to_float(tokens: pd.Series, decimal: str) -> np.ndarray:
    """Parse text to float64, vectorised; anything unparsable becomes NaN (a point too, under decimal commas)."""
    text = tokens.astype(str)
    if decimal == ",":
        text = text.where(~text.str.contains(".", regex=False), "x").str.replace(",", ".", regex=False)
    return pd.to_numeric(text, errors="coerce").to_numpy(dtype=np.float64)


def _read_csv(
    name: str, data: bytes | _View, sep: str, decimal: str, columns: list[int], dtype: dict, *,
    low_memory: bool = False, header: int | None = 0, spaces: bool | None = None, warn: bool = True,
) -> pd.DataFrame:  # fmt: skip
    """``pandas.read_csv`` of some columns (by position), any parser complaint turned into an error.

    ``low_memory=False`` infers each column's type from the whole column (see
    :func:`_read_in_parts` for ``True``).  ``skipinitialspace`` is left out
    where the bytes hold no space (``spaces``, found here if None), as it then
    changes nothing and costs time.  ``warn=False``: the caller has set the
    warning filters (threads must not set them).
    """
    spaces = (b" " in data if isinstance(data, bytes) else True) if spaces is None else spaces
    with warnings.catch_warnings() if warn else contextlib.nullcontext():
        if warn:
            warnings.simplefilter("error", pd.errors.ParserWarning)
            warnings.simplefilter("ignore", pd.errors.DtypeWarning)  # labels of mixed types are handled below
        try:
            return pd.read_csv(
                io.BytesIO(data) if isinstance(data, bytes) else data, sep=sep, decimal=decimal, header=header,
                usecols=columns, index_col=False, dtype=dtype, na_filter=False, skipinitialspace=spaces or not _FAST,
                skip_blank_lines=False, engine="c", encoding="utf-8", low_memory=low_memory,
            )  # fmt: skip
        except (ValueError, csv.Error, pd.errors.ParserWarning) as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise _fail(name, f"cannot be read as CSV ({first})") from None


class _View:
    """A file-like view of bytes, read by pandas piece by piece (``io.BytesIO`` of a memoryview would copy it)."""

    def __init__(self, view: memoryview) -> None:
        self.view, self.position = view, 0

    def read(self, size: int | None = -1) -> bytes:
        end = len(self.view) if size is None or size < 0 else min(self.position + size, len(self.view))
        piece, self.position = self.view[self.position : end].tobytes(), end
        return piece


def _read_in_parts(
    name: str, data: bytes, sep: str, decimal: str, columns: list[int], dtype: dict, label: int, n_rows: int,
    lines_are_records: bool,
) -> pd.DataFrame | None:  # fmt: skip
    """What :func:`_read_csv` returns, read faster, or None where that may differ (the caller then reads as usual).

    ``read_csv(low_memory=True)`` infers a column's type chunk by chunk, and
    a large file whose lines are its records (no quotes) is cut at line ends
    into parts, one thread each: the scores have the dtype given, so each is
    parsed alone as before; the labels are kept only if every part read them
    as ``int64`` (or every part as ``bool``), as the whole column then reads
    too, with the same values.  Any complaint of pandas: None.
    """
    try:
        workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    except OSError:
        workers = 1
    workers = min(workers, 4) if lines_are_records and len(data) >= _PARALLEL_BYTES else 1
    cuts = [data.index(b"\n") + 1]  # after the header line
    for k in range(1, workers):
        cut = data.find(b"\n", cuts[0] + (len(data) - cuts[0]) * k // workers) + 1
        cuts += [cut] if cut > cuts[-1] else []
    cuts += [len(data)] if cuts[-1] < len(data) else []
    view, spaces = memoryview(data), b" " in data

    def part(bounds: tuple[int, int]) -> pd.DataFrame:
        return _read_csv(
            name, _View(view[bounds[0] : bounds[1]]), sep, decimal, columns, dtype, low_memory=True, header=None,
            spaces=spaces, warn=False,
        )  # fmt: skip

    with warnings.catch_warnings():  # here, not in the threads: the filters are the process's
        warnings.simplefilter("error", pd.errors.ParserWarning)
        warnings.simplefilter("ignore", pd.errors.DtypeWarning)
        try:
            if workers == 1 or len(cuts) < 3:
                frames = [_read_csv(name, data, sep, decimal, columns, dtype, low_memory=True, warn=False)]
            else:
                with ThreadPoolExecutor(len(cuts) - 1) as pool:
                    frames = list(pool.map(part, itertools.pairwise(cuts)))
        except PredictionFileError:
            return None
    kinds = {frame.iloc[:, label].dtype for frame in frames}
    if len(kinds) != 1 or kinds.pop() not in (np.int64, np.bool_) or sum(map(len, frames)) != n_rows:
        return None
    if len(frames) == 1:
        return frames[0]
    return pd.DataFrame(
        {k: np.concatenate([frame.iloc[:, k].to_numpy() for frame in frames]) for k in range(len(columns))}
    )


# A parsed file: the label column (any dtype), each score column (NaN where not a finite number) and the text
# of one of its scores for messages, the line of a data row (None for Parquet), the file's decimal mark.
_Parsed = tuple[pd.Series, list[np.ndarray], list[Callable[[int], str]], Callable[[int], "int | None"], str]


def _integer_labels(text: str, sep: str, position: int) -> bool:
    """Whether the first data row's label looks like an integer or a bool, so labels chunk by chunk likely agree.

    ``read_csv(low_memory=True)`` infers a column's type chunk by chunk: the
    labels it returns are those of ``low_memory=False`` when it returns them
    as ``int64`` or ``bool`` (every chunk read them so, hence the whole column
    too, with the same values); otherwise the file is read again with
    ``low_memory=False``.  This guess only saves that second reading.
    """
    start = text.find("\n") + 1
    end = text.find("\n", start)
    fields = text[start : end if end >= 0 else len(text)].split(sep)
    label = fields[position].strip().lower() if position < len(fields) else ""
    return label.lstrip("+-").isdigit() or label in ("true", "false")


def _parse_text(name: str, data: bytes, wanted: tuple[str, ...]) -> _Parsed:
    text = _decode(name, data)
    same = _FAST and data.isascii() and "\r" not in text  # the text: the bytes decoded, but for blank lines at the end
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    end = len(text)
    while end and text[end - 1] in " \t\n":  # (str.rstrip would copy the whole text)
        end -= 1
    end = text.find("\n", end)
    text = text[:end] if end >= 0 else text  # blank lines at the end are harmless
    start = re.match(r"\s*(.?)", text).group(1)  # type: ignore[union-attr]
    if not start:
        raise _fail(name, "is empty (it holds only blank lines or spaces)")
    if start in "{[":
        problem = "export the predictions as a CSV file with a header line such as 'y_true,y_score'"
        raise _fail(name, f"looks like JSON (it starts with {start!r}), not CSV; {problem}")
    if start == "<":
        problem = "if you downloaded it, download the raw CSV file instead of the web page"
        raise _fail(name, f"looks like an HTML or XML page (it starts with '<'), not CSV; {problem}")
    sep, names = _sniff(text)
    positions = _check_columns(name, names, wanted, "the header line names")
    decimal = "," if sep == ";" and re.search(r"\d,\d", text) else "."
    if not same or len(data) - len(text) not in (0, 1):  # else the bytes, or with one "\n" more: no copy needed
        data = text.encode("utf-8")
    records = _Records(name, text, data, sep)
    n_rows = records.check_shape()
    if n_rows == 0:
        raise _fail(name, "has a header line but no data rows")
    columns = sorted(positions)  # all the wanted columns in one read (usecols)
    label, where = columns.index(positions[0]), [columns.index(p) for p in positions[1:]]
    floats, frame = dict.fromkeys(positions[1:], np.float64), None
    if _FAST and _integer_labels(text, sep, positions[0]):  # the fastest way, kept where it reads as the next one
        frame = _read_in_parts(name, data, sep, decimal, columns, floats, label, n_rows, not records.quoted)
    try:  # the fast way: pandas parses the scores as float64
        frame = _read_csv(name, data, sep, decimal, columns, floats) if frame is None else frame
        scores, tokens = [frame.iloc[:, k].to_numpy(dtype=np.float64) for k in where], None
    except PredictionFileError:  # a score is not a number: the text read below says which
        scores = [np.array([np.nan])]
    if not all(np.isfinite(s).all() for s in scores):
        frame = _read_csv(name, data, sep, decimal, columns, dict.fromkeys(positions[1:], str))
        tokens = [frame.iloc[:, k] for k in where]
        scores = [_to_float(t, decimal) for t in tokens]
    if len(frame) != n_rows:
        raise _fail(name, f'has {n_rows} data rows but pandas read {len(frame)}; check for stray double quotes (")')
    texts = [lambda row, k=k: str(tokens[k].iloc[row]) for k in range(len(where))]  # type: ignore[index]
    return frame.iloc[:, label], scores, texts, records.line, decimal


def _parse_parquet(name: str, data: bytes, wanted: tuple[str, ...]) -> _Parsed:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        file = pq.ParquetFile(io.BytesIO(data))
        _check_columns(name, file.schema_arrow.names, wanted, "its columns are")
        table = file.read(columns=list(wanted))
    except (pa.ArrowException, OSError) as exc:
        raise _unreadable(name, "Parquet", exc) from None
    if table.num_rows == 0:
        raise _fail(name, "has no data rows")
    labels, all_scores, texts = table.column(0).to_pandas(), [], []
    for k, column in enumerate(wanted[1:], start=1):
        scores, text = _parquet_scores(name, table.column(k), column)
        all_scores.append(scores)
        texts.append(text)
    return labels, all_scores, texts, lambda _: None, "."


def _parse_arrow(name: str, data: bytes, wanted: tuple[str, ...]) -> _Parsed:
    """A Feather (version 2) / Arrow IPC file, read as a Parquet file is read."""
    import pyarrow as pa
    import pyarrow.ipc as ipc

    try:
        table = ipc.open_file(pa.BufferReader(data)).read_all()
        _check_columns(name, table.column_names, wanted, "its columns are")
        table = table.select(list(wanted))
    except (pa.ArrowException, OSError) as exc:
        raise _unreadable(name, "Feather/Arrow", exc) from None
    if table.num_rows == 0:
        raise _fail(name, "has no data rows")
    labels, all_scores, texts = table.column(0).to_pandas(), [], []
    for k, column in enumerate(wanted[1:], start=1):
        scores, text = _parquet_scores(name, table.column(k).combine_chunks(), column)
        all_scores.append(scores)
        texts.append(text)
    return labels, all_scores, texts, lambda _: None, "."


def _parquet_scores(name: str, score: object, column: str) -> tuple[np.ndarray, Callable[[int], str]]:
    """One Parquet score column as float64 (NaN where not a finite number), and the text of a value for messages."""
    import pyarrow as pa

    if any(check(score.type) for check in (pa.types.is_integer, pa.types.is_floating, pa.types.is_decimal)):
        scores = score.cast(pa.float64()).to_numpy(zero_copy_only=False)

        def token(row: int) -> str:
            return repr(float(scores[row])) if score[row].is_valid else "null"

        return scores, token
    if pa.types.is_string(score.type) or pa.types.is_large_string(score.type):
        tokens = score.to_pandas().astype(object).fillna("null")
        return _to_float(tokens, "."), lambda row: str(tokens.iloc[row])
    raise _fail(name, f"holds {score.type} values, not numbers; scores must be numbers", column=column)


def _describe_score(token: str, value: float, decimal: str) -> str:
    word = token.strip().lower()
    if not word:
        return "the score is blank; every row needs a score"
    if word in _NAN_WORDS:
        return "the score is NaN (not a number); every row needs a finite score"
    if word in _MISSING_WORDS:
        return f"the score is missing ({_show(token)}); every row needs a finite score"
    if word.lstrip("+-") in _INF_WORDS:
        return f"the score is infinite ({_show(token)}); scores must be finite numbers"
    if np.isinf(value):
        return (
            f"the score {_show(token)} is too large for a 64-bit float (it overflows to infinity); rescale the scores"
        )
    if decimal == "." and re.fullmatch(r"[+-]?\d*,\d+", word):
        return f"the score {_show(token)} uses a comma as decimal mark; write {word.replace(',', '.')} instead"
    if decimal == "," and _number(word, ".") is not None:
        return f"the score {_show(token)} uses a point as decimal mark, but this file uses commas; use one mark only"
    return f"the score {_show(token)} is not a number"


# --------------------------------------------------------------------------- labels


def _label_key(value: object, decimal: str) -> object:
    """What makes two labels equal: the number they spell, else lower-cased true/false/yes/no, else the text."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, numbers.Real):
        return float(value) if math.isfinite(value) else ""  # NaN: a missing value (Parquet)
    text = "" if value is None or value is pd.NA else str(value).strip()
    number = _number(text, decimal)
    return number if number is not None else text.lower() if text.lower() in _WORDS else text


def _classes(labels: pd.Series, decimal: str) -> tuple[np.ndarray, list[object], list[str]]:
    """Each row's label as an index into the distinct labels in order of appearance (-1: blank).

    Returns the indices, the distinct labels' keys and their spellings in the
    file.  Only the first ``_MANY`` distinct values are looked at (more is a
    column of scores); the rest get the index ``_MANY``.
    """
    fast = _two_classes(labels) if _FAST else None
    if fast is not None:
        return fast
    codes, uniques = pd.factorize(labels, use_na_sentinel=False)
    keys: list[object] = []
    spellings: list[str] = []
    index = np.full(len(uniques), _MANY, dtype=np.int64)
    for position, value in enumerate(uniques[:_MANY]):
        key = _label_key(value, decimal)
        if key != "" and key not in keys:
            keys.append(key)
            spellings.append(str(int(key)) if isinstance(key, float) and key.is_integer() else str(value).strip())
        index[position] = keys.index(key) if key != "" else -1
    return index[codes], keys, spellings


def _two_classes(labels: pd.Series) -> tuple[np.ndarray, list[object], list[str]] | None:
    """What :func:`_classes` returns, found fast for labels read as integers 0/1 or as bools; else None."""
    values = labels.to_numpy() if labels.dtype in (np.int64, np.bool_) else None
    if values is None or values.size == 0 or (values.dtype == np.int64 and (values.min() < 0 or values.max() > 1)):
        return None
    first, both = bool(values[0]), values.min() != values.max()
    ids = (values ^ first if values.dtype == np.bool_ else 1 - values if first else values).astype(np.int64, copy=False)
    if values.dtype == np.bool_:
        keys: list[object] = ["true" if first else "false", "false" if first else "true"]
        spellings = [str(first), str(not first)]
    else:
        keys, spellings = [float(first), float(not first)], [str(int(first)), str(int(not first))]
    return ids, keys[: 1 + both], spellings[: 1 + both]


def _listed(spellings: list[str]) -> str:
    return ", ".join(map(_show, spellings[:5])) + (", ..." if len(spellings) > 5 else "")


def _bad_labels(ids: np.ndarray, keys: list[object], spellings: list[str], pos_key: object) -> tuple[np.ndarray, str]:
    """Rows whose label is blank or beyond the two classes, and what to say about the first of them."""
    if len(keys) <= 2:
        pair = keys
    elif pos_key in keys:  # the positive label and the first other one
        pair = [pos_key, next(k for k in keys if k != pos_key)]
    else:  # 0/1 or true/false if there, else the first two
        pair = next((p for p in ([0.0, 1.0], ["true", "false"]) if set(p) <= set(keys)), keys[:2])
    good = [keys.index(key) for key in pair] or [-2]  # no label at all: every row is bad
    bad = (ids != good[0]) & (ids != good[-1])
    if not bad.any():
        return bad, ""
    first = int(ids[np.argmax(bad)])
    if first < 0:
        n_blank = int((ids < 0).sum())
        return bad, "the label is blank; every row needs a label" + f" ({n_blank} blank labels)" * (n_blank > 1)
    label = _show(spellings[first]) if first < len(keys) else "another label"
    count = f"{'more than ' * bool((ids == _MANY).any())}{len(keys)}"
    problem = (
        f"label {label} is neither {' nor '.join(_show(spellings[keys.index(k)]) for k in pair)}; the labels must "
        f"name two classes, this column has {count}: {_listed(spellings)}"
    )
    if first < len(keys) and isinstance(keys[first], float) and not keys[first].is_integer():  # type: ignore[union-attr]
        problem += "; labels are the true classes, not scores: are the columns swapped?"
    return bad, problem


def _positive(
    name: str, column: str, ids: np.ndarray, keys: list, spellings: list[str], pos_label: Label | None
) -> np.ndarray:
    """The labels as 1 (positive) and 0 (negative), or the error: unknown pos_label, a pair to name, one class."""
    if pos_label is not None:
        wanted = _pos_key(pos_label, keys)
        if wanted not in keys:
            problem = f"pos_label {pos_label!r} is not one of the labels in this column: {_listed(spellings)}"
            same = [s for k, s in zip(keys, spellings, strict=True) if isinstance(k, str) and isinstance(wanted, str)
                    and k.lower() == wanted.lower()]
            if len(same) > 1:
                problem += f" (it matches {_listed(same)} without regard to case; give one of them exactly)"
            raise _fail(name, problem, column=column)
        positive = keys.index(wanted)
    elif set(keys) <= {0.0, 1.0} or set(keys) <= {"true", "false"}:
        positive = keys.index(1.0) if 1.0 in keys else keys.index("true") if "true" in keys else -1
    elif len(keys) == 2:
        problem = (
            f"the labels are {_show(spellings[0])} and {_show(spellings[1])}, not 0/1 or True/False; {HINT_POSITIVE}"
        )
        raise _fail(name, problem, column=column)
    else:
        positive = 0
    if len(keys) == 1:
        only, other = f"the label {_show(spellings[0])}", "label of the other class"
        if keys[0] in (0.0, 1.0):
            only, other = ("0s (negatives)", "1 (positive)") if keys[0] == 0.0 else ("1s (positives)", "0 (negative)")
        problem = f"holds only {only} in its {ids.size} rows; the analyses need both classes, add at least one {other}"
        raise _fail(name, problem, column=column)
    return (ids == positive).astype(np.int64)


# --------------------------------------------------------------------------- public


def load_predictions(
    path_or_buffer: PathOrBuffer, *, y_true: str = "y_true", y_score: str = "y_score", pos_label: Label | None = None
) -> pd.DataFrame:
    """Read a file of true labels and scores with pandas (pyarrow for Parquet), after checking it thoroughly.

    Parameters
    ----------
    path_or_buffer : str, pathlib.Path or file-like object
        A path, or an object with ``.read()`` returning ``str`` or ``bytes``.
        Text separated by commas, tabs or semicolons (found from the first
        lines; a semicolon file may write decimal commas, ``0,91``), or
        Parquet; compressed or not with gzip, bzip2, xz, zstd or zip (one file
        inside), as the first bytes tell whatever the extension (``.gz``,
        ``.bz2``, ``.xz``, ``.zst``, ``.zip``).
    y_true, y_score : str
        Names of the label column and of the score column.
    pos_label : str, int, float, bool or None
        The label of the positive class.  ``None`` accepts 0/1 and True/False
        (1 and True positive).  Otherwise any two labels: ``"fraud"`` for
        fraud/legit, ``1`` for -1/+1, ``"yes"``.  It is compared with the
        labels as a number where both are numbers (``"1"``, ``1``, ``1.0`` and
        ``"+1"`` are one label), else as text after stripping spaces, without
        case for true/false/yes/no.  A command line passes its ``--pos-label``
        text as it is: ``load_predictions(path, pos_label=args.pos_label)``.

    Returns
    -------
    pandas.DataFrame
        Exactly two columns, named ``y_true`` and ``y_score`` as given: the
        labels as ``int64`` (1 positive, 0 negative) and the scores as
        ``float64`` (parsed exactly: ``DataFrame.to_csv`` output reads back bit
        for bit), one row per data row in file order, index 0, 1, ...

    Raises
    ------
    PredictionFileError
        (a ``ValueError``) for any problem with the file, in one line naming
        the file (its path, or ``"<buffer>"``), and where it applies the
        column and the row, ``row 3 (line 4 of the file)``: data rows count
        from 1 after the header, lines from 1 at the header (of the text after
        decompression).  Problems of the whole file come first; among bad
        values, the first in file order.  What is refused: a missing file, a
        directory, an empty, damaged or binary file (a Parquet file cut
        short, a ``.parquet`` file that is not Parquet), text not in UTF-8
        (Latin-1, UTF-16), an Excel workbook, JSON, HTML; a header that is
        blank, names a column twice or lacks a wanted one (names are stripped,
        case matters); a row with more or fewer values than the header, a
        blank line inside the file; fewer than two data rows; a blank label,
        a third label (``2``, ``0.5``, ``maybe``), two labels other than 0/1
        or True/False without ``pos_label``, a ``pos_label`` not among the
        labels, a single class; a score that is blank, text, ``NaN``, ``NA``,
        infinite or too large for a float (``1e999``), or written with a
        decimal comma outside a semicolon file.
    TypeError, ValueError
        For bad arguments (not a path nor a buffer, empty or equal column
        names, a ``pos_label`` that is not a label).

    Examples
    --------
    >>> import io
    >>> load_predictions(io.StringIO("y_true,y_score\\n1,0.9\\n0,-1.5\\n"))
       y_true  y_score
    0       1      0.9
    1       0     -1.5
    >>> load_predictions(io.StringIO("y_true;y_score\\nfraud;0,9\\nlegit;0,2\\n"), pos_label="fraud")
       y_true  y_score
    0       1      0.9
    1       0      0.2
    """
    wanted = _wanted(y_true, y_score, pos_label)
    name, data = _read_source(path_or_buffer)
    y, (scores,), _ = _load(name, data, wanted, pos_label)
    return pd.DataFrame({wanted[0]: y, wanted[1]: scores})


def _wanted(y_true: object, y_score: object, pos_label: object) -> tuple[str, str]:
    """The two column names, stripped, after :func:`load_predictions`'s checks of its arguments."""
    for argument, value in (("y_true", y_true), ("y_score", y_score)):
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{argument} must be a non-empty column name, got {value!r}")
    if y_true.strip() == y_score.strip():
        raise ValueError(f"y_true and y_score must name two different columns, both are {y_true!r}")
    if pos_label is not None and (not isinstance(pos_label, (str, numbers.Real)) or _label_key(pos_label, ".") == ""):
        raise TypeError(
            f"pos_label must be a label (a non-blank str, a finite number or a bool) or None, got {pos_label!r:.60}"
        )
    return y_true.strip(), y_score.strip()


def _load_columns(
    path_or_buffer: PathOrBuffer, *, y_true: str, y_scores: list[str], pos_label: Label | None = None,
    drop_missing: bool = False,
) -> tuple[np.ndarray, list[np.ndarray]] | tuple[np.ndarray, list[np.ndarray], int]:
    """The labels (int64, 1 positive) and every score column (float64) of one file, which is read once.

    The same arrays, and the same error for a bad file, as
    ``load_predictions(path_or_buffer, y_true=y_true, y_score=c, pos_label=pos_label)``
    for each ``c`` of ``y_scores`` in turn: the file is read from disk once and
    parsed once for all the columns (``usecols``); only when that finds a
    problem are the columns parsed one by one, so that the message is the one
    the first bad column gives. With ``drop_missing`` (the report's
    ``--drop-missing``) a row whose label or any score is missing (blank,
    ``NA``, ``null``, ``NaN``...) is left out instead of refused, and the
    number of rows left out comes third.
    """
    wanted = [_wanted(y_true, column, pos_label) for column in y_scores]
    if not wanted:
        raise ValueError("y_scores must name at least one score column")
    name, data = _read_source(path_or_buffer)
    if len(wanted) > 1 or drop_missing:
        try:
            y, scores, dropped = _load(name, data, (wanted[0][0], *(w[1] for w in wanted)), pos_label, drop_missing)
            return (y, scores, dropped) if drop_missing else (y, scores)
        except PredictionFileError:
            if drop_missing:
                raise
            # parsed again column by column below, for the message the first bad column gives
    loaded = [_load(name, data, pair, pos_label) for pair in wanted]
    return loaded[0][0], [scores for _, (scores,), _ in loaded]


def _missing_tokens(tokens: Callable[[int], str], rows: np.ndarray) -> np.ndarray:
    """Which of ``rows`` hold a missing value: blank, a missing-value word (NA, null, ...) or NaN."""
    words = _MISSING_WORDS | _NAN_WORDS | {"", "null", "nan", "<na>"}
    return np.array([tokens(int(r)).strip().lower() in words for r in rows], dtype=bool)


def _load(name: str, data: bytes, wanted: tuple[str, ...], pos_label: Label | None,
          drop_missing: bool = False) -> tuple[np.ndarray, list, int]:
    """Parse and check the bytes of a file: the labels as 0/1, each wanted score column (``wanted[1:]``), and the
    number of rows left out for a missing label or score (``drop_missing``; else 0)."""
    data = _decompress(name, data)
    if name.lower().endswith(".parquet") and data and data[:4] != b"PAR1" and data[:6] != b"ARROW1":
        raise _not_parquet(name, data[:64])
    parse = _parse_parquet if data[:4] == b"PAR1" else _parse_arrow if data[:6] == b"ARROW1" else _parse_text
    labels, all_scores, tokens, line, decimal = parse(name, data, wanted)
    scores, token = all_scores[0], tokens[0]
    if scores.size == 1:
        raise _fail(name, "has only one data row; the analyses need many rows, with both classes")
    ids, keys, spellings = _classes(labels, decimal)
    missing = np.zeros(scores.size, dtype=bool)
    if drop_missing:
        words = _MISSING_WORDS | _NAN_WORDS | {"null", "<na>"}
        gone = [i for i, k in enumerate(keys) if isinstance(k, str) and k.lower() in words]
        if gone:  # a missing-value word is no label: its rows are blank
            remap = np.full(len(keys) + 1, -1, dtype=np.int64)
            kept = [i for i in range(len(keys)) if i not in gone]
            remap[kept] = np.arange(len(kept))
            ids = np.where((ids >= 0) & (ids < len(keys)), remap[np.minimum(ids, len(keys))], ids)
            ids = np.where(ids == _MANY, _MANY, ids)
            keys, spellings = [keys[i] for i in kept], [spellings[i] for i in kept]
        missing |= ids < 0
        for k, more in enumerate(all_scores):
            nan = np.flatnonzero(np.isnan(more))
            missing[nan[_missing_tokens(tokens[k], nan)]] = True
        if missing.all():
            raise _fail(name, "has no row with both a label and a score left after dropping the missing ones")
    bad_labels, label_problem = _bad_labels(
        ids, keys, spellings, None if pos_label is None else _pos_key(pos_label, keys)
    )
    bad_labels &= ~missing
    bad_scores = ~np.isfinite(scores) & ~missing
    first_label = int(np.argmax(bad_labels)) if bad_labels.any() else scores.size
    first_score = int(np.argmax(bad_scores)) if bad_scores.any() else scores.size
    if first_label < scores.size and first_label <= first_score:
        raise _fail(name, label_problem, column=wanted[0], row=first_label + 1, line=line(first_label + 1))
    if first_score < scores.size:
        problem = _describe_score(token(first_score), scores[first_score], decimal)
        problem += f" ({int(bad_scores.sum())} bad scores in this column)" * (int(bad_scores.sum()) > 1)
        raise _fail(name, problem, column=wanted[1], row=first_score + 1, line=line(first_score + 1))
    dropped = int(missing.sum())
    if dropped:
        ids = ids[~missing]
        all_scores = [s[~missing] for s in all_scores]
    y = _positive(name, wanted[0], ids, keys, spellings, pos_label)
    for column, more in zip(wanted[2:], all_scores[1:], strict=True):  # further models: read the same way
        if not np.isfinite(more).all():
            raise _fail(name, "a score is not a finite number", column=column)  # the caller parses it again alone
    return y, all_scores, dropped


def _pos_key(pos_label: Label, keys: list[object]) -> object:
    """The key of ``pos_label`` among ``keys``: as it is, else the one label that matches it without regard to case."""
    key = _label_key(pos_label, ".")
    if key in keys or not isinstance(key, str):
        return key
    same = [k for k in keys if isinstance(k, str) and k.lower() == key.lower()]
    return same[0] if len(same) == 1 else key
