"""A process's peak memory during one call, measured from outside it (the judge reads and resets
the sandbox's counters in /proc, and samples its resident size while the call runs): the
learner's code cannot change what is measured. It cannot start another process to hold memory
either (seccomp.py)."""

from __future__ import annotations


def _status(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    raise OSError(f"no {key} in /proc/{pid}/status")


class _Sampler:
    """The process's resident size read every millisecond while a call runs, for its largest rise
    above the lowest it had reached before: memory freed at the start of the call (a ballast
    allocated earlier) and taken again hides under the peak counter, not from this."""

    def __init__(self, pid: int):
        import threading

        self.pid, self.rise = pid, 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        import os

        page, low = os.sysconf("SC_PAGE_SIZE"), None
        try:
            fd = os.open(f"/proc/{self.pid}/statm", os.O_RDONLY)
        except OSError:
            return
        try:
            while not self.stop.is_set():
                try:
                    rss = int(os.pread(fd, 100, 0).split()[1]) * page
                except (OSError, ValueError, IndexError):
                    return
                low = rss if low is None else min(low, rss)
                self.rise = max(self.rise, rss - low)
                self.stop.wait(0.001)
        finally:
            os.close(fd)

    def close(self) -> int:
        self.stop.set()
        self.thread.join()
        return self.rise


class Peak:
    """with Peak(pid) as m: ...; m.growth is how far the process's peak resident memory rose above
    what it held when the block began, in bytes (None where /proc cannot tell). The peak is reset
    first (clear_refs 5); where that is refused, the growth is measured above the earlier peak,
    which can only understate it."""

    def __init__(self, pid: int):
        self.pid, self.growth, self.base = pid, None, None

    def __enter__(self):
        try:
            try:
                with open(f"/proc/{self.pid}/clear_refs", "w") as fh:
                    fh.write("5")
                self.base = _status(self.pid, "VmRSS:")
            except PermissionError:
                self.base = _status(self.pid, "VmHWM:")
        except OSError:
            self.base = None
        self.sampler = _Sampler(self.pid)
        return self

    def __exit__(self, *exc):
        rise = self.sampler.close()
        if self.base is not None:
            try:
                self.growth = max(_status(self.pid, "VmHWM:") - self.base, rise)
            except OSError:
                self.growth = None
        return False
