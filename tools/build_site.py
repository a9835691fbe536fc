"""Build the course's static website from the committed notebooks (needs the ``[site]`` extra).

    python tools/build_site.py              # into build/site; open build/site/index.html
    python tools/build_site.py OUT_FOLDER

It runs ``python -m sphinx -b html -c docs . OUT_FOLDER -W`` from the repository's root: the configuration is
docs/conf.py, the pages are docs/index.md, the notebooks (never re-executed) and notebooks/TEACHING.md, and a
warning (a broken link between pages, a missing file) fails the build.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]).resolve() if args else ROOT / "build" / "site"
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", "docs", ".", str(out), "-W", "-q",
               "-d", str(out.parent / f".{out.name}-doctrees")]
    done = subprocess.run(command, cwd=ROOT)
    if done.returncode == 0:
        print(f"site built: {out / 'index.html'}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
