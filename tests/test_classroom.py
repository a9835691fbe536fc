"""Classroom mode's command line and template (the pages themselves: tests/browser/test_classroom_in_browser.py)."""

from __future__ import annotations

import json
import sys

import pytest

from helpers.classroom import NOTEBOOKS, TEMPLATE_ROOT, classroom_command, main, notebook_path


def test_notebook_path_finds_each_notebook_by_its_number():
    for nb in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        assert notebook_path(nb.name[:2]) == nb


def test_command_serves_the_folder_with_the_classroom_template():
    cmd = classroom_command(port=8999)
    assert cmd[:4] == [sys.executable, "-m", "voila", str(NOTEBOOKS)]
    assert "--template=classroom" in cmd and "--port=8999" in cmd and "--no-browser" in cmd


def test_template_ships_its_pages_and_has_landmarks():
    folder = TEMPLATE_ROOT / "voila" / "templates" / "classroom"
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    index = (folder / "index.html.j2").read_text()
    assert "<main" in index and "<nav" in index and "https://" not in index  # nothing from a CDN
    for tree in ("tree.html", "tree-lab.html"):  # Voila picks one or the other by its classic_tree setting
        text = (folder / tree).read_text()
        assert '<html lang="en">' in text and "<main" in text and "<nav" in text


@pytest.mark.parametrize("argv", [["5"], ["99"], ["--port", "70000"], ["--notebooks", "no/such/folder"]])
def test_bad_arguments_exit_with_status_2_naming_them(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert any(word in err for word in ("number", "port", "notebooks_dir"))
