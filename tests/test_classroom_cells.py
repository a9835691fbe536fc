"""Classroom mode runs a notebook without its cells tagged ``code-only``: no cell it runs may need a name that only
such a cell defines (the quiz once used the checkers' import, and every classroom page stopped on a NameError)."""

import ast
import json
from pathlib import Path

import pytest
from IPython.core.inputtransformer2 import TransformerManager

from helpers.course_map import course_notebooks

ROOT = Path(__file__).resolve().parents[1]
COURSE = course_notebooks(ROOT / "notebooks")


def _bound(tree: ast.AST) -> set[str]:
    """Every name a cell binds, at any depth: assignments, imports, definitions, parameters, ``except ... as``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


def _loaded(tree: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def names_only_code_only_cells_define(cells: list[tuple[str, bool]]) -> list[tuple[int, str]]:
    """``(cell index, name)`` for each name a shown cell reads that, before it, only ``code-only`` cells bind.

    ``cells``: ``(source, is_code_only)`` for each code cell, in order."""
    shown: set[str] = set()
    hidden: set[str] = set()
    found = []
    for i, (source, code_only) in enumerate(cells):
        tree = ast.parse(TransformerManager().transform_cell(source))  # magics become calls
        if not code_only:
            found += [(i, name) for name in sorted(_loaded(tree) & hidden - shown - _bound(tree))]
        (hidden if code_only else shown).update(_bound(tree))
    return found


def _code_cells(path: Path) -> list[tuple[str, bool]]:
    nb = json.loads(path.read_text())
    return [("".join(c["source"]), "code-only" in c.get("metadata", {}).get("tags", []))
            for c in nb["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_cells_shown_in_classroom_mode_need_no_code_only_cell(path):
    missing = names_only_code_only_cells_define(_code_cells(path))
    assert not missing, (f"{path.name}: in classroom mode (code-only cells left out) these names are undefined: "
                         + ", ".join(f"{name!r} in code cell {i}" for i, name in missing))


def test_the_check_finds_a_name_only_a_code_only_cell_binds():
    cells = [("import numpy as np", False), ("from helpers.exercises import nb02\nex = nb02.x()", True),
             ("quiz = nb02.quiz(np.arange(3))", False), ("from helpers.exercises import nb02\nnb02.quiz()", False)]
    assert names_only_code_only_cells_define(cells) == [(2, "nb02")]
