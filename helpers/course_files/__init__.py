"""Where the course's notebooks and data files are, in a checkout of the repository or in an installed package.

In the repository they are the top-level folders ``notebooks/`` and
``data/``. A wheel (``pip install .``, ``pip install git+...``, Binder) ships
them inside this package, as ``helpers/course_files/notebooks`` and
``helpers/course_files/data`` (``pyproject.toml`` maps the two folders here),
side by side as in the repository, so a notebook's ``../data/...`` holds in
both. :func:`notebooks_dir` and :func:`data_file` find them either way.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir", "data_file", "notebooks_dir"]

_HERE = Path(__file__).resolve().parent


def _folder(name: str) -> Path:
    shipped = _HERE / name  # installed from a wheel
    if shipped.is_dir():
        return shipped
    checkout = _HERE.parents[1] / name  # the repository, installed editable or on sys.path
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"the course's {name}/ folder is neither in the installed package ({shipped}) nor in a checkout "
        f"({checkout}); reinstall the course (pip install .)"
    )


def notebooks_dir() -> Path:
    """The folder of the course's notebooks (``NN_topic.ipynb``)."""
    return _folder("notebooks")


def data_dir() -> Path:
    """The folder of the course's data files (``data/``)."""
    return _folder("data")


def data_file(name: str) -> Path:
    """The path of one of the course's data files, e.g. ``data_file("screening_predictions.csv")``."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name:
        raise TypeError(f"name must be the name of one of the course's data files (a str), got {name!r:.60}")
    path = data_dir() / name
    if not path.is_file():
        have = ", ".join(sorted(p.name for p in data_dir().iterdir() if p.suffix in (".csv", ".parquet")))
        raise ValueError(f"name {name!r}: the course has no such data file; it has {have}")
    return path
