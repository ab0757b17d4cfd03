"""The sandbox: the process that imports the learner's file and only computes outputs for the
requests it is sent, answering with data (wire.py) over pipes the judge owns and reads with
deadlines. A child forked from the judge sets itself up: a temporary directory, its own process
group, stdout and stderr on a capped file the judge opened (RLIMIT_FSIZE), hard limits on address
space, CPU time and open files, no_new_privs, and where the kernel allows it without privileges new
user, mount and PID namespaces (the learner's data, the drill folders and the engine under empty
tmpfs mounts locked by a nested user namespace, the import path read-only, everything the code
starts killed with it). Then it execs a fresh interpreter (fresh.py) that holds nothing of the
judge's: no grader, no engine, no cases. The judge (worker.py, runcases.py) never runs the
learner's code; it sends inputs, compares what comes back and decides."""

from __future__ import annotations

import ctypes
import dataclasses
import json
import os
import resource
import shutil
import signal
import sys
import tempfile

# imported here, not in the child: its mounts may cover the folder studyxf comes from
from studyxf.grading.sandbox import landlock
from studyxf.grading.process import (PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, dies_with_parent,
                                     drop_capabilities, kill_descendants, prctl, reaper)

OUTPUT_FILE_CAP = 1024 * 1024  # bytes the learner's prints may take on disk
MEMORY_HEADROOM = 4 * 1024 ** 3  # address space allowed beyond what torch's import mapped
CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x00020000, 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_BIND = 1, 2, 4, 8, 32, 4096
ANSWER_CAP = 64 * 1024 * 1024  # bytes of one answer line
CPU_SECONDS = 600  # a whole grading's CPU time (each case has its own wall-clock limit, 10 s)
OPEN_FILES = 1024
KEEP_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "PYTHONHASHSEED", "OMP_NUM_THREADS",
            "OPENBLAS_NUM_THREADS", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "MKL_NUM_THREADS", "CUDA_VISIBLE_DEVICES",
            "STUDYXF_CASE_TIMEOUT",  # the fresh interpreter's alarm must be the judge's limit
            "TRITON_INTERPRET",  # set by the judge for a Triton drill: its kernels run on the CPU
            "LD_LIBRARY_PATH")  # where the driver's libcuda is found on many GPU machines (issue 41)
KEEP_PREFIXES = ("CUDA_", "NVIDIA_")  # CUDA_VISIBLE_DEVICES, CUDA_HOME, NVIDIA_VISIBLE_DEVICES...: CUDA's own


class Sandbox:
    """The judge's handle on the sandbox process."""

    def __init__(self, req, framework: str, hide: list[str]):
        """The learner's code runs in a new interpreter (fresh.py) that is sent inputs as data. req
        None: a spare, started ahead with NumPy (and torch: framework "torch") imported, that `load`
        gives its file later (watch mode's warm server keeps one ready for the next save)."""
        self.tmp = tempfile.mkdtemp(prefix="studyxf-sandbox-")
        self.hide = list(hide)
        self.framework = framework
        # the sandbox's first line, written before the learner's file was imported: its isolation and
        # CUDA as it found them (the same words later could be the file's)
        self.ready: dict | None = None
        # the learner's prints go to a file the judge opened and keeps: it reads this descriptor, never
        # the path again (a FIFO or a link put in its place by the learner's code would block it)
        self.capture = os.open(os.path.join(self.tmp, ".output"), os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                               0o600)
        if req is not None:
            req = dataclasses.replace(req, path=self._copy(req.path))
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        reaper()  # what the sandbox starts and leaves behind comes back to the judge, to be killed
        self.pid = os.fork()
        if self.pid == 0:  # the child never returns from here
            try:
                os.close(to_child_w)
                os.close(from_child_r)
                _child(req, framework, to_child_r, from_child_w, self.tmp, self.capture, hide)
            finally:
                os._exit(70)
        os.close(to_child_r)
        os.close(from_child_w)
        self.out, self.inp = to_child_w, from_child_r  # pipes the judge owns, read and written with deadlines
        os.set_blocking(self.out, False)
        os.set_blocking(self.inp, False)
        self.pending = b""

    def _copy(self, path: str) -> str:
        """The learner's file may live in the data directory the sandbox will not see: a copy goes in."""
        copy = os.path.join(self.tmp, os.path.basename(path))
        shutil.copyfile(path, copy)
        return copy

    def load(self, req, framework: str, timeout: float) -> bool:
        """A spare's file to import (then `ask(None)` reads what importing it gave); False when the
        spare is gone."""
        import time

        spec = _spec(dataclasses.replace(req, path=self._copy(req.path)), framework)
        return self._write((json.dumps(spec) + "\n").encode(), time.monotonic() + timeout) is None

    def _write(self, data: bytes, deadline: float) -> dict | None:
        """All of `data` to the sandbox before the deadline; None, or why it could not be."""
        import select
        import time

        while data:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [self.out], [], left)[1]:
                self.kill()
                return {"dead": "time-out"}
            try:
                data = data[os.write(self.out, data):]
            except BlockingIOError:
                continue
            except OSError:
                return {"dead": self._why()}
        return None

    def ask(self, message: dict | None, timeout: float) -> dict:
        """Send one request (None: only wait for what the child says first); the answer, or
        {"dead": why} when the child died, ran out of time, or sent what is not an answer (then it
        is killed with everything it started). Nothing here blocks past the deadline: a child that
        stops reading, or sends half a line and stops, is a time-out."""
        import select
        import time

        deadline = time.monotonic() + timeout
        if message is not None:
            failed = self._write((json.dumps(message) + "\n").encode(), deadline)
            if failed:
                return {**failed, "timeout": timeout} if failed["dead"] == "time-out" else failed
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.inp], [], [], left)[0]:
                self.kill()
                return {"dead": "time-out", "timeout": timeout}
            try:
                chunk = os.read(self.inp, 1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                return {"dead": self._why()}
            self.pending += chunk
            if len(self.pending) > ANSWER_CAP:
                self.kill()
                return {"dead": "the sandbox sent an answer larger than 64 MiB"}
        line, self.pending = self.pending.split(b"\n", 1)
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):  # nested 100,000 deep: json recurses
            answer = None
        if not isinstance(answer, dict):
            self.kill()
            return {"dead": "the sandbox sent something that is not an answer"}
        if "ready" in answer and self.ready is None:  # its first line: then the answer asked for
            self.ready = answer
            return self.ask(None, max(0.0, deadline - time.monotonic()))
        if "imported" in answer:  # what the import's answer says of the sandbox is taken from the first line
            ready = self.ready or {}
            answer.update(isolated=ready.get("ready"), cuda=ready.get("cuda"), half=bool(ready.get("half")))
        return answer

    def _why(self) -> str:
        """Why the sandbox's pipe ended: how its process ended. One that closed the pipe and goes on
        (its alarm ignored) is given a moment, then killed: the judge never waits on it."""
        import time

        status = None
        for _ in range(50):
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return "the process running your code stopped"
            if pid:
                break
            status = None
            time.sleep(0.01)
        if status is None:
            self.kill()
            return "the process running your code closed its connection to the judge and went on running (killed)"
        self.pid = 0
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            return (f"the process running your code was killed by signal {sig} (out of memory, or a crash in native "
                    f"code)")
        return (f"the process running your code exited (exit code {os.WEXITSTATUS(status)}): did the file call "
                f"os._exit() or exit inside the function?")

    def runner_pid(self) -> int:
        """The process running the learner's code, as this process sees it: with a PID namespace,
        the child of the one forked here (PID 1 inside); otherwise that one."""
        try:
            with open(f"/proc/{self.pid}/task/{self.pid}/children") as fh:
                children = fh.read().split()
        except OSError:
            children = []
        return int(children[0]) if children else self.pid

    def kill(self) -> None:
        if self.pid:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
            self.pid = 0
        kill_descendants()  # a double fork with setsid left its own group: the reaper found it

    def output(self, cap: int = 4000) -> str | None:
        """What the learner's code printed (fd 1 and 2), its first `cap` characters."""
        try:
            data = os.pread(self.capture, cap + 1, 0)
            rest = os.fstat(self.capture).st_size - len(data)
        except OSError:
            return None
        if not data:
            return None
        text = data[:cap].decode("utf-8", "replace")  # escaped with the rest of the report (judge/results.py)
        more = len(data) - cap + max(rest, 0)
        full = rest + len(data) >= OUTPUT_FILE_CAP
        return text + (f"\n[{more} more bytes not shown" + ("; output past 1 MiB was dropped" if full else "") + "]"
                       if more > 0 else "")

    def detach(self) -> None:
        """In the warm server, once a judge it forked holds this spare: its descriptors closed here;
        the process is still this one's child, to be killed and waited for afterwards."""
        for fd in (self.out, self.inp, self.capture):
            try:
                os.close(fd)
            except OSError:
                pass

    def close(self) -> None:
        self.detach()
        self.kill()
        shutil.rmtree(self.tmp, ignore_errors=True)


# -- the child ------------------------------------------------------------------------------------

def _child(req, framework, from_judge: int, to_judge: int, tmp: str, capture: int, hide: list[str]) -> None:
    # a session of its own, without a controlling terminal: its own group (the judge kills everything
    # it started at once), no /dev/tty to write escapes to or push keys into with TIOCSTI, and no
    # group of the command's to join
    os.setsid()
    dies_with_parent()  # and a judge that is killed takes it along
    fd = os.dup(capture)
    os.set_inheritable(fd, True)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    keep = {0, 1, 2, from_judge, to_judge}
    for entry in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else []:
        n = int(entry)
        if n not in keep:
            try:
                os.close(n)
            except OSError:
                pass
    sys.stdout, sys.stderr = _CappedFd(1), _CappedFd(2)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past the cap a write fails; it does not kill
    resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_FILE_CAP, OUTPUT_FILE_CAP))
    # the judge made itself undumpable (its /proc entries closed to this process); the flag came
    # across the fork, and an undumpable process cannot write its own uid_map
    prctl(PR_SET_DUMPABLE, 1)
    isolated = _hide(hide)
    drop_capabilities()  # after the mounts above, which needed them in the new user namespace
    prctl(PR_SET_NO_NEW_PRIVS, 1)  # nothing it runs gains privileges (a setuid binary)

    # files written only in its own folder: without namespaces the data directory is in reach, and
    # this keeps a pass out of the history (with them, it is one more wall)
    confined = landlock.confine_writes([tmp, *devices()])
    isolated += f"; {confined}"
    for limit, value in ((resource.RLIMIT_CPU, CPU_SECONDS), (resource.RLIMIT_NOFILE, OPEN_FILES)):
        try:  # hard as well as soft: the learner's code cannot raise them back
            soft, hard = resource.getrlimit(limit)
            value = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass
    for key in list(os.environ):
        if key not in KEEP_ENV and not key.startswith(KEEP_PREFIXES):
            del os.environ[key]
    os.environ.update(HOME=tmp, TMPDIR=tmp)
    os.chdir(tmp)
    # a new interpreter: nothing of the judge's memory (grader, engine, cases) comes along
    os.set_inheritable(from_judge, True)
    os.set_inheritable(to_judge, True)
    spec = {**(_spec(req, framework) if req is not None else {"spare": framework}), "isolated": isolated,
            "in": from_judge, "out": to_judge, "hide": hide}
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    # -S: no `site`, as the worker (runner.python): the import path is in PYTHONPATH
    os.execve(sys.executable, [sys.executable, "-S", "-m", "studyxf.grading.sandbox.fresh", json.dumps(spec)], env)


def devices() -> list[str]:
    """The device nodes the sandbox may open: the harmless character devices, and where there is an
    NVIDIA driver its nodes (CUDA opens them read-write). Not /dev/shm, a block device or a terminal."""
    import glob

    return ["/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom",
            *sorted(glob.glob("/dev/nvidia*")), *sorted(glob.glob("/dev/dri/renderD*"))]


def _spec(req, framework: str) -> dict:
    """What the fresh interpreter needs to import and call the learner's file."""
    return {"path": req.path, "entry": req.entry, "kind": req.kind, "method": req.method, "drill": req.drill,
            "forbidden": req.forbidden, "device": req.device, "framework": framework,
            # Triton compiles a GPU kernel with the system's compiler, in a process of its own
            "processes": bool(req.interpret) and os.environ.get("TRITON_INTERPRET") == "0"}


class _CappedFd:
    """print() in the sandbox: straight to the file descriptor; past RLIMIT_FSIZE the rest is dropped
    instead of raising in the learner's code."""

    def __init__(self, fd: int):
        self.fd = fd

    def write(self, text: str) -> int:
        try:
            os.write(self.fd, text.encode("utf-8", "replace"))
        except OSError:
            pass
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.fd


def _hide(dirs: list[str]) -> str:
    """New user, mount and PID namespaces, where the kernel allows them without privileges (the
    process is single-threaded right after fork): each directory covered by an empty tmpfs, a /proc
    of the new PID namespace alone, then a nested user namespace, in which those mounts are locked
    (umount fails); this process then forks the one that runs the learner's code, PID 1 of the new
    namespace, so that when it ends, or this process is killed, everything it started is killed by
    the kernel. Returns what happened, in words (in the process that goes on)."""
    dirs = _outermost(dirs)
    if os.environ.get("STUDYXF_SANDBOX_NAMESPACES") == "0":  # what a machine without them does (the tests)
        return "not isolated: namespaces turned off (STUDYXF_SANDBOX_NAMESPACES=0)"
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        uid, gid = os.getuid(), os.getgid()
        # a network namespace of its own: no interface but a loopback that is down
        if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET) != 0:
            return f"not isolated: unshare failed ({os.strerror(ctypes.get_errno())})"
    except OSError as exc:
        return f"not isolated: {exc}"
    # at once: after unshare(CLONE_NEWPID) this process can no longer start threads (EINVAL), its
    # children can; whatever fails below, the learner's code runs in the child
    _init_of_namespace()
    try:
        _map(uid, gid)
        # first, so that the tmpfs mounts below sit on these binds (a bind made after them would
        # show the folders they cover)
        writable = not _read_only(libc, [p for p in sys.path if p])
        for d in dirs:
            if libc.mount(b"none", d.encode(), b"tmpfs", 0, b"size=64k") != 0:
                return f"not isolated: mount over {d} failed ({os.strerror(ctypes.get_errno())})"
    except OSError as exc:
        return f"not isolated: {exc}"
    said = "isolated: user, mount, PID and network namespaces (no network); the data directory hidden"
    if writable:
        said += "; the import path writable"
    if libc.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None) != 0:
        said += "; the host's /proc still seen"
    try:  # a nested user namespace: the mounts above are locked for it
        if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
            return said + f"; the mounts not locked ({os.strerror(ctypes.get_errno())})"
        _map(0, 0)
    except OSError as exc:
        return said + f"; the mounts not locked ({exc})"
    return said + "; mounts locked"


def _read_only(libc, dirs: list[str]) -> bool:
    """Each folder bound read-only onto itself (what Python imports from: a learner's file that
    edits studyxf's code or drops a .pth would run in every later judge). A remount in a user
    namespace must keep the flags locked from outside (nosuid, nodev, ...), read with statvfs."""
    here = os.getcwd()
    ok = True
    for d in _outermost(dirs):
        if landlock.within(here, d):  # the sandbox's own folder (sys.path[0] of -m)
            continue
        try:
            kept = os.statvfs(d).f_flag
        except OSError:
            continue
        flags = MS_BIND | MS_REMOUNT | MS_RDONLY
        for st, ms in ((os.ST_NOSUID, MS_NOSUID), (os.ST_NODEV, MS_NODEV), (os.ST_NOEXEC, MS_NOEXEC),
                       (os.ST_NOATIME, 1024), (os.ST_NODIRATIME, 2048), (os.ST_RELATIME, 1 << 21)):
            if kept & st:
                flags |= ms
        if libc.mount(d.encode(), d.encode(), None, MS_BIND, None) != 0 or \
                libc.mount(None, d.encode(), None, flags, None) != 0:
            ok = False
    return ok


def _outermost(dirs: list[str]) -> list[str]:
    """The existing folders, a folder inside another left out (hidden with it, and gone once that
    one is covered)."""
    dirs = sorted({os.path.realpath(d) for d in dirs if d and os.path.isdir(d)})
    return [d for d in dirs if not any(d != other and landlock.within(d, other) for other in dirs)]


def covers(hidden: list[str], wanted: list[str]) -> bool:
    """Whether hiding `hidden` hides every folder of `wanted`."""
    outer = _outermost(hidden)
    return all(any(landlock.within(d, o) for o in outer) for d in _outermost(wanted))


def _map(uid: int, gid: int) -> None:
    for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
        with open(f"/proc/self/{name}", "w") as fh:
            fh.write(text)


def _init_of_namespace() -> None:
    """Fork: the child, PID 1 of the new PID namespace, goes on (and dies with this process); this
    process waits for it and leaves with its status, so the judge's handle stays this process."""
    pid = os.fork()
    if pid == 0:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        return
    for fd in range(3, 1024):  # the waiter holds no pipe: the judge sees the end when the child ends
        try:
            os.close(fd)
        except OSError:
            pass
    try:
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
    except ChildProcessError:
        code = 70
    if code < 0:  # killed: the same signal, so the judge names it
        try:
            signal.signal(-code, signal.SIG_DFL)
        except (OSError, ValueError):  # SIGKILL and SIGSTOP take no handler
            pass
        os.kill(os.getpid(), -code)
    os._exit(code & 0xFF)


def limit_address_space() -> None:
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as fh:
            vm = int(fh.read().split()[0]) * resource.getpagesize()
        limit = vm + MEMORY_HEADROOM
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))  # hard too: the learner's code cannot raise it
    except (ValueError, OSError):
        pass  # no such limit here: the judge's time-out still stops a runaway
