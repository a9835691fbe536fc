"""What pages ready at once cost: the time to get a session's pages ready, and the memory of their kernels.

    .venv/bin/python bench/bench_classroom.py            # session 2 of docs/teachers/sessions.md
    .venv/bin/python bench/bench_classroom.py 3          # another session

Starts the classroom server as a teacher does before class (``python -m helpers.classroom --session N
--no-browser``, on a free port), waits until it says every page of the plan is ready, and prints how long that
took and, for each kernel it keeps ready, its memory: RSS (what ``top`` shows) and PSS (its RSS with the
pages it shares with the other kernels divided among them; the sum of the PSS is what the pool adds to the
machine's memory). Then it opens each page once in Chromium at 1280x720 and prints how long the widgets took
to show; a page used gets a fresh kernel in the background (Voila refills the pool), which is measured too.
Linux only (it reads ``/proc``).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernels_of(pid: int) -> list[int]:
    """The ipykernel processes started by the process ``pid`` (its descendants)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    found = []
    for child in parents:
        p = child
        while p in parents and p not in (0, 1, pid):
            p = parents[p]
        if p == pid:
            try:
                if b"ipykernel_launcher" in Path(f"/proc/{child}/cmdline").read_bytes():
                    found.append(child)
            except OSError:
                continue
    return sorted(found)


def memory_mib(pid: int) -> tuple[float, float]:
    """RSS and PSS of process ``pid`` in MiB (``/proc/PID/smaps_rollup``)."""
    text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    rss = int(re.search(r"^Rss:\s+(\d+) kB", text, re.M).group(1)) / 1024
    pss = int(re.search(r"^Pss:\s+(\d+) kB", text, re.M).group(1)) / 1024
    return rss, pss


def report(label: str, server: int) -> float:
    rows = [(k, *memory_mib(k)) for k in kernels_of(server)]
    print(f"\n{label}: {len(rows)} kernels")
    for k, rss, pss in rows:
        print(f"  kernel {k:>7d}   RSS {rss:6.0f} MiB   PSS {pss:6.0f} MiB")
    total = sum(p for _, _, p in rows)
    srss, spss = memory_mib(server)
    print(f"  all kernels: PSS {total:.0f} MiB; the server itself: RSS {srss:.0f} MiB, PSS {spss:.0f} MiB")
    return total


def main(argv: list[str]) -> int:
    from helpers.classroom import session_notebooks

    session = int(argv[0]) if argv else 2
    numbers = session_notebooks(session)
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "helpers.classroom", "--session", str(session), "--no-browser", "--port", str(port)]
    print(f"session {session}: notebooks {', '.join(numbers)}; {' '.join(cmd[1:])}")
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            start_new_session=True)
    ready = threading.Event()
    lines: list[str] = []

    def read() -> None:
        for line in proc.stdout:
            lines.append(line)
            if "pages asked for are ready" in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        if not ready.wait(1800):
            print("".join(lines[-30:]))
            return 1
        print(f"every page ready {time.monotonic() - start:.0f} s after the start")
        print("".join(line for line in lines if line.startswith("classroom mode:")), end="")
        server = next(p for p in _children(proc.pid) if b"helpers.classroom.serve" in _cmdline(p))
        before = report("kept ready (one kernel per page of the plan)", server)
        idle = _idle_kernel_mib()
        print(f"\na kernel that has run one empty cell (helpers not imported): PSS {idle:.0f} MiB")
        _open_pages(port, numbers)
        time.sleep(5)
        after = report("after opening each page once and leaving it (the pool refilled)", server)
        print(f"\nper page kept ready: PSS {before / len(numbers):.0f} MiB on average; "
              f"after the visits {after:.0f} MiB in all")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
    return 0


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except OSError:
                continue
    return out


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _idle_kernel_mib() -> float:
    """PSS of a kernel that has run one empty cell, for comparison."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    client = NotebookClient(nb, kernel_name="python3")
    with client.setup_kernel():
        client.execute_cell(nb.cells[0], 0)
        return memory_mib(client.km.provisioner.pid)[1]


def _open_pages(port: int, numbers: list[str]) -> None:
    from lab_driver import launch_chromium
    from playwright.sync_api import sync_playwright
    from voila_driver import wait_page_ready, widget_outputs

    from helpers.classroom import notebook_path

    base = f"http://127.0.0.1:{port}"
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        page.goto(f"{base}/voila/tree")
        print()
        for number in numbers:
            path = notebook_path(number)
            t = time.monotonic()
            page.locator(f'main a[href$="/{path.name}"]').click()
            wait_page_ready(page, widget_outputs(path), timeout_ms=300_000)
            print(f"{path.name}: widgets shown {time.monotonic() - t - 0.5:.1f} s after the click "
                  f"(load average {os.getloadavg()[0]:.1f})")
            page.get_by_role("link", name="All notebooks").click()
            page.wait_for_selector("main ol li")
        browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
