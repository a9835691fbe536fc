"""Environment check for notebook 00: is every package installed, new enough, and matched?"""

from __future__ import annotations

import sys
from importlib import metadata

import pandas as pd
from packaging.requirements import Requirement
from packaging.version import Version

__all__ = ["DISTRIBUTION", "check_environment", "requirements"]

DISTRIBUTION = "rare-positives-course"
# ipywidgets' kernel side and JupyterLab's front-end extension must share a major line.
WIDGET_FRONTEND = {8: ("jupyterlab_widgets", 3), 7: ("jupyterlab_widgets", 1)}


def requirements(*, extras: tuple[str, ...] = ()) -> list[Requirement]:
    """The course's requirements as declared in ``pyproject.toml`` (read from the installed metadata).

    ``extras`` names optional groups (a tuple of strings, e.g. ``("test",)``)
    whose requirements are included too.
    """
    extras = _check_extras(extras)
    out = []
    for line in metadata.requires(DISTRIBUTION) or []:
        req = Requirement(line)
        if req.marker is None or any(req.marker.evaluate({"extra": e}) for e in extras):
            out.append(req)
    return out


def _check_extras(extras: object) -> tuple[str, ...]:
    """``extras`` as a tuple of strings, or a ``TypeError`` naming it."""
    if isinstance(extras, str):
        raise TypeError(f"extras must be a tuple of group names, got the string {extras!r}; write extras=({extras!r},)")
    if not isinstance(extras, (tuple, list)) or not all(isinstance(e, str) for e in extras):
        raise TypeError(f"extras must be a tuple of group names (strings) such as ('test',), got {extras!r:.60}")
    return tuple(extras)


def _installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def check_environment(*, extras: tuple[str, ...] = ()) -> pd.DataFrame:
    """One row per package: what it is needed for, what is required, what is installed, and a status.

    Columns ``package, needed for, required, installed, status``. The rows cover
    Python itself, every dependency of ``pyproject.toml`` (``needed for`` =
    ``"course"``), the packages of the optional groups named in ``extras``
    (``needed for`` = the group's name, e.g. ``"test"`` for the tools that run
    the course's tests), and whether the JupyterLab widget front-end
    (``jupyterlab_widgets``) matches the installed ``ipywidgets``: without that
    match JupyterLab shows "Error displaying widget" instead of sliders.

    ``status`` is ``"OK"``; ``"FAIL"`` when a package the course needs is
    missing or too old; for an optional group, ``"not installed (only the
    <group> need it)"`` when it is missing, which is not a failure, and
    ``"FAIL"`` only when it is installed at a version that does not satisfy
    the requirement.
    """
    extras = _check_extras(extras)
    rows = []
    py = ".".join(map(str, sys.version_info[:3]))
    rows.append(("python", "course", ">=3.10", py, "OK" if sys.version_info >= (3, 10) else "FAIL"))
    try:
        course = requirements()
        optional = [
            (extra, req)
            for extra in extras
            for req in requirements(extras=(extra,))
            if req.name not in {r.name for r in course}
        ]
    except metadata.PackageNotFoundError:
        rows.append((DISTRIBUTION, "course", "installed", None, "FAIL: run the README's install command"))
        course, optional = [], []
    for group, req in [("course", r) for r in course] + optional:
        version = _installed(req.name)
        ok = version is not None and req.specifier.contains(version, prereleases=True)
        if ok:
            status = "OK"
        elif version is None and group != "course":
            status = f"not installed (only the {group}s need it)" if group == "test" else f"not installed ({group})"
        else:
            status = "FAIL"
        rows.append((req.name, group, str(req.specifier) or "any", version, status))
    widgets_version = _installed("ipywidgets")
    if widgets_version is not None:
        major = Version(widgets_version).major
        name, wanted = WIDGET_FRONTEND.get(major, ("jupyterlab_widgets", None))
        front = _installed(name)
        ok = front is not None and wanted is not None and Version(front).major == wanted
        rows.append(
            (
                f"{name} (front-end of ipywidgets {major})",
                "course",
                f"{wanted}.x" if wanted else "?",
                front,
                "OK" if ok else "FAIL",
            )
        )
    return pd.DataFrame(rows, columns=["package", "needed for", "required", "installed", "status"])
