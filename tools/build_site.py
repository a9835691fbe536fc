"""Build the course's static website from the committed notebooks (needs the ``[site]`` extra).

    python tools/build_site.py                  # the students' site, into build/site
    python tools/build_site.py --teachers       # the teachers' site (guide, session plans), into build/teachers
    python tools/build_site.py [--teachers] OUT_FOLDER

It runs ``python -m sphinx -b html -c docs . OUT_FOLDER -W`` from the repository's root (with ``-t teachers`` for
the teachers' site): the configuration is docs/conf.py, the pages are docs/index.md (docs/teachers/index.md),
the handouts, the notebooks and their solutions (never re-executed), and for teachers notebooks/TEACHING.md and
the session plans; a warning (a broken link between pages, a missing file) fails the build.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    teachers = "--teachers" in args
    args = [a for a in args if a != "--teachers"]
    out = Path(args[0]).resolve() if args else ROOT / "build" / ("teachers" if teachers else "site")
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", "docs", ".", str(out), "-W", "-q",
               "-d", str(out.parent / f".{out.name}-doctrees"), *(["-t", "teachers"] if teachers else [])]
    done = subprocess.run(command, cwd=ROOT)
    if done.returncode == 0:
        print(f"site built: {out / 'index.html'}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
