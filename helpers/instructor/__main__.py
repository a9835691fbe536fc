"""``python -m helpers.instructor build --out course_dir`` and ``python -m helpers.instructor list``.

``build`` writes the nbgrader course folder (:mod:`helpers.instructor.build`); ``list`` prints, without
running anything, each graded assignment's exercises, the variable each asks for and the written part its
question asks for (:mod:`helpers.instructor.questions`), to review what a build will make.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m helpers.instructor",
                                     description="The course's graded homework for nbgrader, generated from the "
                                                 "notebooks, their checkers and their worked solutions.")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="write an nbgrader course folder (source assignments, solutions in)")
    build.add_argument("--out", required=True, help="the course folder to write (created if missing)")
    build.add_argument("--only", nargs="+", default=(), metavar="NN",
                       help="only these notebooks, by number (01 03b ...)")
    build.add_argument("--notebooks", help="the course's notebook folder (default: the installed course's)")
    build.add_argument("--jobs", type=int, default=1, help="kernels that replay notebooks at once (default 1)")
    build.add_argument("--timeout", type=int, default=600, help="seconds allowed to replay one notebook")
    show = sub.add_parser("list", help="print each assignment's exercises and written parts")
    show.add_argument("--notebooks", help="the course's notebook folder (default: the installed course's)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (2 with a one-line message on bad input)."""
    from ..course_files import notebooks_dir
    from .build import build
    from .discover import homework, homework_notebooks

    args = _parser().parse_args(argv)
    folder = Path(args.notebooks) if args.notebooks else notebooks_dir()
    try:
        if args.command == "list":
            for path in homework_notebooks(folder):
                hw = homework(path)
                print(f"{hw.assignment}: {path.name}")
                for e in hw.exercises:
                    words = f"; in words: {e.written}" if e.written else ""
                    print(f"  exercise {e.number}: {e.variable} = {e.what_to_give or 'the answer'}{words}")
            return 0
        build(args.out, notebooks=folder, only=args.only, jobs=args.jobs, timeout=args.timeout)
    except (ValueError, RuntimeError) as err:
        print(f"python -m helpers.instructor {args.command}: {err}", file=sys.stderr)
        return 2
    print(f"Next, with the course's environment active, in {args.out}: nbgrader validate source/hw01/*.ipynb, then "
          f"nbgrader generate_assignment hw01 ({Path(args.out) / 'HOMEWORK.md'} lists the commands in order).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
