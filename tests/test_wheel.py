"""The course as a user installs it: the wheel in a fresh virtual environment, run from a folder outside the repo.

The wheel is built from this checkout (``pip wheel``), installed with ``--no-deps`` into a new virtual
environment, and three installed commands run from a temporary folder that is not the repository:
``rare-report`` on the example file the package ships, ``python -m helpers.classroom`` (its index must list the
notebooks, served from the package), and papermill on notebook 13 as the package ships it. The new environment
borrows this one's dependencies through a ``.pth`` line (installing numpy, scikit-learn, JupyterLab... again
would take minutes and test pip, not the course); this checkout's own editable install is not among them,
so ``helpers`` can only come from the wheel, which the test checks.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of the new environment, its site-packages, an empty working folder outside the repository)."""
    tmp = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"),
                            str(ROOT)], capture_output=True, text=True, timeout=600, cwd=tmp)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp / "dist").glob("rare_positives_course-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "helpers/course_files/notebooks/13_your_own_predictions.ipynb" in names
    assert "helpers/course_files/data/screening_predictions.csv" in names
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "borrowed_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    work = tmp / "elsewhere"
    work.mkdir()
    return python, site, work


def _env() -> dict:
    env = dict(os.environ, PYTHONWARNINGS="", MPLBACKEND="Agg")
    for name in ("PYTHONPATH", "JUPYTER_PATH", "JUPYTER_DATA_DIR"):
        env.pop(name, None)
    return env


def test_helpers_come_from_the_wheel(installed):
    python, site, work = installed
    where = subprocess.run([str(python), "-c", "import helpers, helpers.course_files as c; "
                            "print(helpers.__file__); print(c.notebooks_dir())"],
                           capture_output=True, text=True, cwd=work, env=_env(), timeout=120)
    assert where.returncode == 0, where.stderr
    module, notebooks = where.stdout.split()
    assert Path(module).is_relative_to(site) and Path(notebooks) == site / "helpers" / "course_files" / "notebooks"


def test_rare_report_runs_from_anywhere(installed):
    python, site, work = installed
    data = site / "helpers" / "course_files" / "data" / "screening_predictions.csv"
    result = subprocess.run([str(python.parent / "rare-report"), str(data), "--prevalence", "0.01", "--at-recall",
                             "0.8", "--json", "r.json"], capture_output=True, text=True, cwd=work, env=_env(),
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert (work / "screening_predictions_report.html").read_text("utf-8").count("Verdict") >= 1
    numbers = json.loads((work / "r.json").read_text())
    assert numbers["rows"] == 20_000 and numbers["positives"] == 300 and numbers["models"][0]["threshold"] > 0


def test_classroom_serves_the_shipped_notebooks(installed):
    python, _, work = installed
    port = _free_port()
    server = subprocess.Popen([str(python), "-m", "helpers.classroom", "--no-browser", "--port", str(port)],
                              cwd=work, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline, page = time.monotonic() + 120, None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.5)
        assert page is not None, f"the server did not answer: {server.poll()}"
        assert "13_your_own_predictions" in page and "01_confusion_matrix" in page
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stdout.close()


def test_papermill_runs_notebook_13_as_shipped(installed):
    python, site, work = installed
    notebook = site / "helpers" / "course_files" / "notebooks" / "13_your_own_predictions.ipynb"
    result = subprocess.run([str(python), "-m", "papermill", str(notebook), "out.ipynb", "-p", "seed", "1",
                             "--no-progress-bar"], capture_output=True, text=True, cwd=work, env=_env(), timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    ran = json.loads((work / "out.ipynb").read_text())
    outputs = [o for c in ran["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])]
    assert not any(o["output_type"] == "error" for o in outputs)
    assert any("Exercise 3: not answered yet." in "".join(o.get("text", "")) for o in outputs)  # ran to its end
    # its worked solutions, shipped beside it, replay it and check every answer with the shipped data
    solutions = notebook.parent / "solutions" / "13_your_own_predictions_solutions.ipynb"
    result = subprocess.run([str(python), "-m", "papermill", str(solutions), "solved.ipynb", "--cwd",
                             str(solutions.parent), "--no-progress-bar"], capture_output=True, text=True, cwd=work,
                            env=_env(), timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    solved = json.loads((work / "solved.ipynb").read_text())
    text = "".join("".join(o.get("text", "")) for c in solved["cells"] if c["cell_type"] == "code"
                   for o in c.get("outputs", []))
    assert "Exercise 3: correct." in text and "PROBLEM" not in text


def test_the_graded_homework_builds_from_the_wheel(installed):
    """python -m helpers.instructor, installed: it finds the shipped notebooks and their solutions, and a build
    replays a shipped notebook in a kernel of the new environment to write its assignment."""
    python, _, work = installed
    listed = subprocess.run([str(python), "-m", "helpers.instructor", "list"], capture_output=True, text=True,
                            cwd=work, env=_env(), timeout=300)
    assert listed.returncode == 0, listed.stderr[-2000:]
    assert [line.split(":")[0] for line in listed.stdout.splitlines() if line.startswith("hw")][:2] == ["hw01", "hw02"]
    built = subprocess.run([str(python), "-m", "helpers.instructor", "build", "--out", "course", "--only", "13"],
                           capture_output=True, text=True, cwd=work, env=_env(), timeout=900)
    assert built.returncode == 0, built.stderr[-3000:]
    source = json.loads((work / "course" / "source" / "hw13" / "13_your_own_predictions_homework.ipynb").read_text())
    tests = [c for c in source["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id", "").endswith("_test")]
    assert len(tests) == 3 and all("homework.grade(" in "".join(c["source"]) for c in tests)
