"""Mutation testing of the core helpers with mutmut: a maintainer's check, not part of CI.

    pip install mutmut==3.8.1            # into the project's virtual environment only
    nice -n 10 python tools/mutation_test.py counts          # one module at a time: it is CPU-heavy
    python tools/mutation_test.py --list                     # the modules and the tests each is run with

For each module named, the script copies the repository's files (tracked and
untracked, not ignored) to a fresh work folder, writes a ``setup.cfg`` that
tells mutmut to mutate ``helpers/<module>.py`` only and to run the fast tier's
tests of that module (``TESTS`` below; mutmut then runs, for each mutant, only
those of them that call the mutated function), runs ``mutmut run`` there and
prints a summary: mutants, killed, survivors, and the score with and without
the survivors that ``tests/README.md`` lists as equivalent (section "Mutation
testing": a table per module of the function, the mutated line and why no
test can tell the mutant from the original). Every survivor not in that list
is printed with its diff: a gap in the tests, or an equivalent mutant to argue
in the README. The exit status is 1 when any module scores below
``--target`` (97 %) without its equivalent mutants.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "tests" / "README.md"

# The fast tier's tests that use each module (mutmut narrows them further, per mutated function).
COMMON = ["tests/test_error_messages.py", "tests/test_docstrings.py"]
TESTS = {
    "counts": ["tests/test_counts.py", "tests/test_one_definition.py", *COMMON],
    "intervals": ["tests/test_intervals.py", "tests/test_interval_coverage.py", *COMMON],
    "prior_shift": ["tests/test_prior_shift.py", "tests/test_one_definition.py", *COMMON],
    "curves": ["tests/test_curves.py", *COMMON],
    "delong": ["tests/test_delong.py", "tests/test_small_sample_auc.py", *COMMON],
    "small_sample_auc": ["tests/test_small_sample_auc.py", *COMMON],
}
PYTEST_ARGS = ["-p", "no:nbval", "-n", "0", "-m", "not browser and not slow"]
MUTMUT = [sys.executable, "-m", "mutmut"]
ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
STATUS = {1: "killed", 3: "killed", 0: "survived", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout",
          255: "timeout", 5: "no tests", 33: "no tests"}


def _copy_repository(source: Path, work: Path) -> None:
    """The files git knows of or would add (tracked, and untracked but not ignored), as they are on disk."""
    if not (source / ".git").exists():  # an exported tree (git archive): all of it
        shutil.copytree(source, work, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".venv", "mutants"))
        return
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=source,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        path = source / name
        if path.is_file():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, work / name)


def _setup_cfg(module: str, work: Path) -> str:
    """mutmut's settings: mutate one module; copy the rest of the repository beside it (tests read its files)."""
    others = sorted(p.name for p in work.iterdir() if p.name not in {"helpers", "tests", "pyproject.toml"})
    lines = ["[mutmut]", "source_paths = helpers", f"only_mutate = helpers/{module}.py",
             "also_copy =", *(f"    {name}" for name in others),
             "pytest_add_cli_args_test_selection =", *(f"    {t}" for t in TESTS[module] if (work / t).exists()),
             "pytest_add_cli_args =", *(f"    {a}" for a in PYTEST_ARGS)]
    return "\n".join(lines) + "\n"


def _function_of(mutant: str) -> str:
    """``helpers.counts.x_metric_zoo__mutmut_12`` -> ``metric_zoo``; ``xǁCountsǁn__mutmut_1`` -> ``Counts.n``."""
    name = mutant.rsplit(".", 1)[-1].rsplit("__mutmut_", 1)[0]
    if name.startswith("xǁ"):
        return ".".join(part for part in name[2:].split("ǁ") if part)
    return name.removeprefix("x_")


def _changed_lines(diff: str) -> list[str]:
    return [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


def equivalent_mutants(module: str, readme: Path = README) -> Counter:
    """``(function, mutated line)`` pairs that the README's table for ``helpers/<module>.py`` lists as equivalent."""
    out: Counter = Counter()
    heading = re.compile(r"^#+ .*`helpers/(\w+)\.py`")
    row = re.compile(r"^\| `([\w.]+)` \| `(.+?)` \|")
    current = None
    for line in readme.read_text().splitlines():
        if m := heading.match(line):
            current = m.group(1)
        elif current == module and (m := row.match(line)):
            out[m.group(1), " ".join(m.group(2).replace("\\|", "|").split())] += 1
    return out


def run_module(module: str, work: Path, max_children: int, source: Path = ROOT) -> dict:
    """Run mutmut on one module of ``source`` in ``work``; return the counts and the survivors' diffs."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    _copy_repository(source, work)
    (work / "setup.cfg").write_text(_setup_cfg(module, work))
    subprocess.run([*MUTMUT, "run", "--max-children", str(max_children)], cwd=work, env=ENV, check=True,
                   stdout=subprocess.DEVNULL)
    return collect(module, work)


def collect(module: str, work: Path) -> dict:
    """The results of a finished ``mutmut run`` in ``work``: the counts and the survivors' diffs."""
    if not (work / "mutants" / "helpers" / f"{module}.py.meta").exists():
        sys.exit(f"{work}: no mutmut results for helpers/{module}.py; run without --summarize first")
    meta = json.loads((work / "mutants" / "helpers" / f"{module}.py.meta").read_text())
    statuses = {name: STATUS.get(code, "suspicious") for name, code in meta["exit_code_by_key"].items()}
    survivors = []
    for name in sorted(n for n, s in statuses.items() if s != "killed"):
        shown = subprocess.run([*MUTMUT, "show", name], cwd=work, env=ENV, check=True, capture_output=True, text=True)
        survivors.append({"name": name, "status": statuses[name], "function": _function_of(name),
                          "lines": _changed_lines(shown.stdout), "diff": shown.stdout})
    return {"module": module, "counts": Counter(statuses.values()), "survivors": survivors}


def summarize(result: dict, equivalent: Counter) -> tuple[str, float]:
    counts, total = result["counts"], sum(result["counts"].values())
    left = equivalent.copy()
    unexplained, explained = [], 0
    for s in result["survivors"]:
        key = (s["function"], " ".join(" ".join(s["lines"]).split()))
        if s["status"] == "timeout":  # detected: the tests ran past mutmut's time limit
            continue
        if s["status"] == "survived" and left[key] > 0:
            left[key] -= 1
            explained += 1
        else:
            unexplained.append(s)
    killed = counts["killed"] + counts["timeout"]
    score = killed / total if total else 1.0
    score_eq = killed / (total - explained) if total > explained else 1.0
    lines = [f"helpers/{result['module']}.py: {total} mutants, {counts['killed']} killed, "
             f"{counts['timeout']} timed out, {counts['survived']} survived, {counts['no tests']} without tests; "
             f"score {100 * score:.1f} %, {100 * score_eq:.1f} % leaving out the {explained} equivalent mutants "
             "listed in tests/README.md"]
    stale = sorted(k for k, v in left.items() if v > 0)
    if stale:
        lines.append(f"  listed as equivalent but not among the survivors (killed now, or the code changed): {stale}")
    for s in unexplained:
        lines.append(f"  {s['status']}: {s['name']} ({s['function']})")
        lines.extend("    " + line for line in s["diff"].splitlines() if line.startswith(("+", "-"))
                     and not line.startswith(("+++", "---")))
    return "\n".join(lines), score_eq


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help=f"modules of helpers to mutate: {', '.join(TESTS)}")
    parser.add_argument("--list", action="store_true", help="list the modules and their tests, and stop")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "rare-positives-mutation",
                        help="work folder (one subfolder per module, emptied first; default: %(default)s)")
    parser.add_argument("--max-children", type=int, default=1, help="mutants tested at once (default 1)")
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the checkout to test (default: this one; another, e.g. an older commit's git archive)")
    parser.add_argument("--summarize", action="store_true",
                        help="do not run mutmut: summarize the results already in the work folder (after editing "
                             "the README's list, say)")
    parser.add_argument("--target", type=float, default=97.0, help="the score to reach, in %% (default 97)")
    args = parser.parse_args(argv)
    if args.list or not args.modules:
        for module, tests in TESTS.items():
            print(f"{module}: {' '.join(tests)}")
        return 0
    unknown = [m for m in args.modules if m not in TESTS]
    if unknown:
        parser.error(f"unknown module {unknown[0]!r}; choose from {', '.join(TESTS)}")
    worst = 100.0
    for module in args.modules:
        work = args.work / module
        result = collect(module, work) if args.summarize else run_module(module, work, args.max_children, args.source)
        text, score = summarize(result, equivalent_mutants(module))
        print(text, flush=True)
        worst = min(worst, 100 * score)
    return 0 if worst >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
