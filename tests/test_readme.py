"""The README's two commands, CI's script and the course map stay true."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _bash_blocks():
    return re.findall(r"```bash\n(.*?)```", README, flags=re.S)


def test_two_setup_commands_open_and_test():
    open_cmd, test_cmd = (b.strip() for b in _bash_blocks()[:2])
    install = 'python3 -m venv .venv && .venv/bin/python -m pip install -e ".[test]"'
    assert open_cmd.startswith(install) and "jupyter lab notebooks/00_start_here.ipynb" in open_cmd
    assert test_cmd.startswith(install) and test_cmd.endswith("-m pytest")


def test_ci_runs_the_readme_test_command_word_for_word():
    test_cmd = _bash_blocks()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text()
    assert test_cmd in ci.splitlines()


def test_course_map_lists_00_to_13_and_says_which_exist():
    rows = re.findall(r"^\| (\d\d) \| \[[^\]]+\]\((notebooks/[^)]+)\) \| [^|]+ \| ([^|]+) \|$", README, flags=re.M)
    assert [r[0] for r in rows] == [f"{i:02d}" for i in range(14)]
    for number, path, status in rows:
        exists = (ROOT / path).exists()
        assert exists == (status.strip() == "ready"), f"notebook {number}: README says {status.strip()!r}"
