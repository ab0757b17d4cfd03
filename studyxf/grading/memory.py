"""A process's peak memory during one call, measured from outside it (the judge reads and resets
the sandbox's counters in /proc): the learner's code cannot change what is measured."""

from __future__ import annotations


def _status(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    raise OSError(f"no {key} in /proc/{pid}/status")


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
        return self

    def __exit__(self, *exc):
        if self.base is not None:
            try:
                self.growth = _status(self.pid, "VmHWM:") - self.base
            except OSError:
                self.growth = None
        return False
