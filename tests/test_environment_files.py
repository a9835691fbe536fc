"""pyproject.toml is the single source of dependencies; environment.yml must say the same."""

import re
from pathlib import Path

import yaml
from packaging.requirements import Requirement

from helpers.environment import check_environment, requirements

ROOT = Path(__file__).resolve().parents[1]
# PyPI name -> conda-forge name, where they differ (none today; keep the mapping explicit).
CONDA_NAME: dict[str, str] = {}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pyproject_requirements() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text()
    block = re.findall(r'^\s+"([A-Za-z0-9_.\-]+[<>=!~][^"]*)",$', text, flags=re.M)
    reqs = [Requirement(r) for r in block]
    return {_norm(CONDA_NAME.get(r.name, r.name)): str(r.specifier) for r in reqs}


def _conda_requirements() -> dict[str, str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    out = {}
    deps = list(env["dependencies"])
    for dep in env["dependencies"]:  # packages conda-forge lacks come from PyPI, in the pip: section
        if isinstance(dep, dict):
            deps += [d for d in dep.get("pip", []) if not d.startswith("-")]
    for dep in deps:
        if isinstance(dep, str) and dep not in ("pip",) and not dep.startswith("python"):
            m = re.match(r"^([A-Za-z0-9_.\-]+)\s*(.*)$", dep)
            out[_norm(m.group(1))] = m.group(2).replace(" ", "")
    return out


def test_environment_yml_lists_the_same_packages_and_minimums():
    py = _pyproject_requirements()
    conda = _conda_requirements()
    assert set(py) == set(conda), (
        f"only in pyproject: {set(py) - set(conda)}; only in environment.yml: {set(conda) - set(py)}"
    )
    for name, spec in py.items():
        assert conda[name] == spec, f"{name}: pyproject says {spec!r}, environment.yml says {conda[name]!r}"


def test_environment_yml_python_matches_requires_python():
    text = (ROOT / "pyproject.toml").read_text()
    wanted = re.search(r'requires-python = "([^"]+)"', text).group(1)
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert f"python{wanted}" in env["dependencies"]


def test_installed_metadata_is_the_pyproject_list():
    """The installed package declares what pyproject.toml declares (reinstall after editing it)."""
    declared = {_norm(r.name): str(r.specifier) for r in requirements(extras=("test",))}
    assert declared == _pyproject_requirements()


def test_environment_check_reports_ok_here():
    table = check_environment(extras=("test",))
    assert {"python", "numpy", "scikit-learn", "ipywidgets"} <= set(table.package)
    assert any(name.startswith("jupyterlab_widgets (front-end") for name in table.package)
    bad = table[table.status != "OK"]
    assert bad.empty, bad.to_string()


def test_missing_test_tool_is_not_a_course_failure(monkeypatch):
    """A student who installed the course without [test] sees the test tools as optional, not FAIL."""
    import helpers.environment as environment

    real = environment._installed
    monkeypatch.setattr(environment, "_installed", lambda name: None if name in {"pytest", "numpy"} else real(name))
    table = check_environment(extras=("test",)).set_index("package")
    assert table.loc["pytest", "needed for"] == "test"
    assert table.loc["pytest", "status"] == "not installed (only the tests need it)"
    assert table.loc["numpy", "needed for"] == "course"
    assert table.loc["numpy", "status"] == "FAIL"


def test_too_old_test_tool_fails(monkeypatch):
    import helpers.environment as environment

    real = environment._installed
    monkeypatch.setattr(environment, "_installed", lambda name: "0.0.1" if name == "ruff" else real(name))
    table = check_environment(extras=("test",)).set_index("package")
    assert table.loc["ruff", "status"] == "FAIL"


def test_extras_must_be_a_tuple_of_group_names():
    import pytest

    for bad in (5, "test", ("test", 1)):
        with pytest.raises(TypeError, match=r"^extras must be a tuple of group names"):
            requirements(extras=bad)
        with pytest.raises(TypeError, match=r"^extras must be a tuple of group names"):
            check_environment(extras=bad)
    assert requirements(extras=["test"]) == requirements(extras=("test",))


def _requirements_txt() -> tuple[dict[str, str], list[str]]:
    """requirements.txt (Binder's install list) as {name: specifier}, and its lines that are not requirements."""
    reqs, other = {}, []
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line == ".":
            other.append(line)
            continue
        req = Requirement(line)
        reqs[_norm(req.name)] = str(req.specifier)
    return reqs, other


def test_requirements_txt_is_the_course_dependencies_of_pyproject():
    """Binder installs requirements.txt: the [project] dependencies, with the same minimums, then the repo itself."""
    course = {_norm(r.name): str(r.specifier) for r in requirements()}
    reqs, other = _requirements_txt()
    assert set(reqs) == set(course), (
        f"only in pyproject: {set(course) - set(reqs)}; only in requirements.txt: {set(reqs) - set(course)}"
    )
    for name, spec in course.items():
        assert reqs[name] == spec, f"{name}: pyproject says {spec!r}, requirements.txt says {reqs[name]!r}"
    assert other == ["."], "requirements.txt must end by installing the course's own package: a line '.'"


def test_site_extra_lists_the_site_builder():
    """`pip install -e ".[site]"` brings what tools/build_site.py runs; the test extra has it too (test_site.py)."""
    site = {_norm(r.name) for r in requirements(extras=("site",))} - {_norm(r.name) for r in requirements()}
    assert site == {"sphinx", "myst-nb", "sphinx-book-theme"}
    test = {_norm(r.name) for r in requirements(extras=("test",))}
    assert site <= test
