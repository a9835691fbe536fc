"""The examples in the helpers' docstrings run and print what they show (as a reader of ``help()`` sees them)."""

import doctest
import importlib
import pkgutil

import pytest

import helpers

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(helpers.__path__, prefix="helpers.") if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} docstring examples fail (run doctest)"


def test_some_examples_exist():
    attempted = sum(doctest.testmod(importlib.import_module(n), verbose=False).attempted for n in MODULES)
    assert attempted >= 15
