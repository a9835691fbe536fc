"""The README's two commands, CI's script and the course map stay true."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _bash_blocks():
    return re.findall(r"```bash\n(.*?)```", README, flags=re.S)


def test_two_setup_commands_open_and_test():
    """A student installs the course alone (no test tools); the test command adds the test extra."""
    open_cmd, test_cmd = (b.strip() for b in _bash_blocks()[:2])
    venv = "python3 -m venv .venv && .venv/bin/python -m pip install -e "
    assert open_cmd.startswith(venv + ". && ") and "jupyter lab notebooks/00_start_here.ipynb" in open_cmd
    nbval = "--nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg"
    assert test_cmd.startswith(venv + '".[test]" && ') and test_cmd.endswith(f"-m pytest {nbval}")


def test_the_students_install_brings_what_opens_the_course():
    """`pip install -e .` alone must open the course: JupyterLab, its widget front-end and the kernel are base
    dependencies, not extras; notebook 00 gives the README's open command word for word."""
    from helpers.environment import requirements

    base = {re.sub(r"[-_.]+", "-", r.name).lower() for r in requirements()}  # no extra: what `pip install .` brings
    assert {"jupyterlab", "jupyterlab-widgets", "ipywidgets", "ipykernel", "jupyterquiz"} <= base
    start_here = (ROOT / "notebooks" / "00_start_here.py").read_text()
    assert f"# {_bash_blocks()[0].strip()}\n" in start_here


def test_start_here_states_what_the_notebook_benchmark_measured():
    """Notebook 00's times are those of the last table of bench/README.md (bench/bench_notebooks.py)."""
    bench = (ROOT / "bench" / "README.md").read_text()
    tables = re.findall(r"bench/bench_notebooks\.py.*?\n(.*?)```", bench, flags=re.S)
    seconds = dict(re.findall(r"^(\d\d[a-z]?)_\S+\.ipynb\s+([\d.]+)\s", tables[-1], flags=re.M))
    assert len(seconds) >= 17, tables[-1]
    times = {k: float(v) for k, v in seconds.items()}
    last = max(times)  # notebook 14, which starts Spark in its Going deeper part
    others = [t for k, t in times.items() if k != last]
    text = " ".join((ROOT / "notebooks" / "00_start_here.py").read_text().split())
    stated = (f"ran each notebook's cells in {min(others):.0f} to {max(others):.0f} seconds "
              f"(notebook {last} in {times[last]:.0f},")
    assert stated in text.replace("# ", ""), stated


def test_ci_runs_the_readme_test_command_word_for_word():
    test_cmd = _bash_blocks()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text()
    assert test_cmd in ci.splitlines()


def test_course_map_is_the_course_notebooks_with_their_cards():
    """One row per course notebook, in course order, each linking an existing notebook: the rows
    ``python -m helpers.course_map --readme`` prints (its time column is checked in tests/test_main_line.py, its
    graded-homework column in tests/test_instructor.py)."""
    from helpers.course_map import readme_rows

    row = r"^\| (\d\d[a-z]?) \| \[[^\]]+\]\((notebooks/[^)]+)\) \| [^|]+ \| ([^|]+) \| [^|]+ \|$"
    rows = re.findall(row, README, flags=re.M)
    assert rows, "README: no course map"
    for number, path, _ in rows:
        assert (ROOT / path).exists(), f"README: notebook {number} links {path}, which does not exist"
    expected = readme_rows(ROOT / "notebooks")
    assert [line for line in README.splitlines() if re.match(r"^\| \d\d[a-z]? \| \[", line)] == expected, (
        "README's course map differs from the notebooks' cards: paste `python -m helpers.course_map --readme`")


@pytest.mark.slow
def test_the_open_command_starts_jupyterlab_on_notebook_00(tmp_path):
    """Run the README's open command's JupyterLab part (the install is the test command's own) with --no-browser."""
    import json
    import os
    import shlex
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    open_cmd = _bash_blocks()[0].strip()
    launch = shlex.split(open_cmd.split("&&")[-1])
    assert launch[0] == ".venv/bin/jupyter"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = [sys.executable, "-m", "jupyter", *launch[1:], "--no-browser", f"--ServerApp.port={port}",
            "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=readme-check"]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    log = (tmp_path / "lab.log").open("w")
    proc = subprocess.Popen(args, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    # given a notebook, JupyterLab serves the notebook's folder and opens the notebook in it
    url = f"http://127.0.0.1:{port}/api/contents/00_start_here.ipynb?content=0&token=readme-check"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (tmp_path / "lab.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    model = json.load(response)
                break
            except urllib.error.HTTPError:
                raise
            except OSError:  # not listening yet
                assert time.monotonic() < deadline, "JupyterLab did not answer within 90 s"
                time.sleep(0.5)
        assert model["type"] == "notebook" and model["path"] == "00_start_here.ipynb"
        assert f"local directory: {ROOT / 'notebooks'}" in (tmp_path / "lab.log").read_text()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def test_the_readme_sql_gives_the_rows_of_roc_table():
    """The README's GROUP BY + running-sum query, run by SQLite, equals helpers.roc_table on tied scores."""
    import sqlite3

    import numpy as np

    from helpers import roc_table

    (query,) = re.findall(r"```sql\n(.*?)```", README, flags=re.S)
    rng = np.random.default_rng(3)
    y = (rng.random(5_000) < 0.05).astype(int)
    score = np.round(rng.normal(y * 1.5, 1.0), 1)  # one decimal: many ties
    with sqlite3.connect(":memory:") as db:
        db.execute("CREATE TABLE predictions (y_true INTEGER, y_score REAL)")
        db.executemany("INSERT INTO predictions VALUES (?, ?)", zip(y.tolist(), score.tolist(), strict=True))
        rows = np.array(db.execute(query).fetchall(), dtype=float)
    table = roc_table(y, score).iloc[1:]  # after the +inf row
    np.testing.assert_array_equal(rows[:, 0], table["threshold"].to_numpy())
    np.testing.assert_array_equal(rows[:, 1], table["tp"].to_numpy())
    np.testing.assert_array_equal(rows[:, 2], table["fp"].to_numpy())
