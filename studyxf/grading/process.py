"""What the grading processes do to themselves with prctl: the judge and the command closed to
the sandbox (not dumpable), and the judge as the reaper of whatever the sandbox leaves behind.
No NumPy or torch here: the drill command calls it before it imports anything heavy."""

from __future__ import annotations

import ctypes
import os
import signal

PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 1, 4, 36, 38


PR_CAPBSET_DROP, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 24, 47, 4


def drop_capabilities() -> None:
    """Whatever capabilities this process holds (a grading started by root, or the root of a user
    namespace), none come across its exec: the bounding and ambient sets emptied and the inheritable
    one too, so the learner's code cannot make device nodes, read a non-dumpable judge's /proc
    entries or get past file permissions. Where there are none (an ordinary user) nothing changes."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    try:
        with open("/proc/sys/kernel/cap_last_cap") as fh:
            last = int(fh.read())
    except (OSError, ValueError):
        last = 63
    for cap in range(last + 1):
        libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)  # fails without CAP_SETPCAP: then there is nothing to drop
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()  # {effective, permitted, inheritable} x 2 words
    if libc.capget(header, data) == 0:
        data[2] = data[5] = 0  # inheritable: root's exec would hand these back
        libc.capset(header, data)


def prctl(option: int, value: int) -> bool:
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):  # not Linux
        return False


def not_dumpable() -> None:
    """This process's /proc/PID (its descriptors, memory and environment) closed to processes of
    the same user without CAP_SYS_PTRACE: where there are no namespaces, the sandbox cannot write
    into the judge's stdout through /proc/<pid>/fd/1, nor read its memory."""
    prctl(PR_SET_DUMPABLE, 0)


def dies_with_parent() -> None:
    """SIGKILL this process when its parent ends: a command killed (Ctrl-C twice, SIGKILL, a closed
    terminal) leaves no judge or sandbox running behind it."""
    parent = os.getppid()
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before the prctl took
        os._exit(70)


def reaper() -> None:
    """This process becomes the subreaper of what it starts: an orphan of the sandbox (a double fork
    with setsid, where no PID namespace could be made) is re-parented here, to be killed."""
    prctl(PR_SET_CHILD_SUBREAPER, 1)


def kill_descendants() -> None:
    """SIGKILL every child of this process (the judge's only children are the sandbox and what the
    reaper took in), until none is left."""
    me = os.getpid()
    for _ in range(20):
        found = []
        for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as fh:
                    stat = fh.read().decode("ascii", "replace")
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == me:
                found.append(int(entry))
        if not found:
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError, PermissionError):
                pass


def before_forks() -> None:
    """A server that forks one judge per grading (kept.py, warm.py), made ready to fork: what a
    judge imports is imported here once, and every object made so far is out of the collector's
    sight (gc.freeze). A judge that imports a module itself pays for it every grading (without .pyc
    files, as the worker is run, its source compiled each time: 90 ms of a failing attention
    verdict). And a collection of the oldest generation in a judge touches every object it inherited,
    copying each page it writes to: 9,800 page faults and 85 ms of a failing MHA verdict's 160 ms of
    diagnosis, measured, where the judge, frozen, diagnosed in 60."""
    import gc
    import importlib
    import importlib.util
    import pkgutil

    # every module of the judge, the sandbox and the engine, and numpy.ma, which np.median imports
    # on its first call
    modules = ["numpy", "numpy.ma", "torch", "studyxf.grading.worker", "studyxf.grading.request", "studyxf.safefile",
               "studyxf.escape"]
    for package in ("studyxf.grading.judge", "studyxf.grading.sandbox", "engine"):
        found = importlib.util.find_spec(package)
        for info in pkgutil.iter_modules(found.submodule_search_locations if found else []):
            modules.append(f"{package}.{info.name}")
    for module in modules:
        try:
            importlib.import_module(module)
        except Exception:  # noqa: BLE001 - moved, renamed or broken: the judge meets it when it needs it
            pass
    gc.collect()
    gc.freeze()
