"""The sandbox: a child process, forked from the judge, that imports the learner's file and only
computes outputs for the requests it is sent, answering with data (wire.py) over a private pipe.
It starts in a temporary directory with a scrubbed environment (no STUDYXF_*, HOME the temporary
directory), in its own process group, with stdout and stderr on a capped file (RLIMIT_FSIZE: a
flood or os.write to fd 1 cannot grow it), and where the kernel allows it without privileges in
new user and mount namespaces in which the learner's data directory is hidden under an empty
tmpfs. The judge (worker.py, runcases.py) never runs the learner's code; it compares and decides."""

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

from studyxf.grading import wire

OUTPUT_FILE_CAP = 1024 * 1024  # bytes the learner's prints may take on disk
MEMORY_HEADROOM = 4 * 1024 ** 3  # address space allowed beyond what torch's import mapped
CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
KEEP_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "PYTHONHASHSEED", "OMP_NUM_THREADS",
            "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "MKL_NUM_THREADS", "CUDA_VISIBLE_DEVICES")


class Sandbox:
    """The judge's handle on the sandbox process."""

    def __init__(self, req, framework: str, hide: list[str]):
        self.tmp = tempfile.mkdtemp(prefix="studyxf-sandbox-")
        self.capture = os.path.join(self.tmp, ".output")
        # the learner's file may live in the data directory the sandbox will not see: a copy goes in
        copy = os.path.join(self.tmp, os.path.basename(req.path))
        shutil.copyfile(req.path, copy)
        req = dataclasses.replace(req, path=copy)
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
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
        self.out = os.fdopen(to_child_w, "wb")
        self.inp = os.fdopen(from_child_r, "rb")
        self.isolated = None  # what the child reports: namespaces or not

    def ask(self, message: dict | None, timeout: float) -> dict:
        """Send one request (None: only wait for what the child says first); the answer, or
        {"dead": why} when the child died or ran out of time (then it is killed with its whole
        process group)."""
        import select

        try:
            if message is not None:
                wire.send(self.out, message)
        except (BrokenPipeError, OSError):
            return {"dead": self._why()}
        ready, _, _ = select.select([self.inp], [], [], timeout)
        if not ready:
            self.kill()
            return {"dead": "time-out", "timeout": timeout}
        line = self.inp.readline(64 * 1024 * 1024)
        if not line:
            return {"dead": self._why()}
        try:
            return json.loads(line)
        except ValueError:
            self.kill()
            return {"dead": "the sandbox sent something that is not an answer"}

    def _why(self) -> str:
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            return "the process running your code stopped"
        self.pid = 0
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            return (f"the process running your code was killed by signal {sig} (out of memory, or a crash in native "
                    f"code)")
        return (f"the process running your code exited (exit code {os.WEXITSTATUS(status)}): did the file call "
                f"os._exit() or exit inside the function?")

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

    def output(self, cap: int = 4000) -> str | None:
        """What the learner's code printed (fd 1 and 2), its first `cap` characters."""
        try:
            with open(self.capture, "rb") as fh:
                data = fh.read(cap + 1)
                rest = os.fstat(fh.fileno()).st_size - len(data)
        except OSError:
            return None
        if not data:
            return None
        text = data[:cap].decode("utf-8", "replace")
        more = len(data) - cap + max(rest, 0)
        full = rest + len(data) >= OUTPUT_FILE_CAP
        return text + (f"\n[{more} more bytes not shown" + ("; output past 1 MiB was dropped" if full else "") + "]"
                       if more > 0 else "")

    def close(self) -> None:
        try:
            self.out.close()
        except OSError:
            pass
        self.kill()
        shutil.rmtree(self.tmp, ignore_errors=True)


# -- the child ------------------------------------------------------------------------------------

def _child(req, framework, from_judge: int, to_judge: int, tmp: str, capture: str, hide: list[str]) -> None:
    os.setpgid(0, 0)  # its own group: the judge kills everything it started at once
    fd = os.open(capture, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
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
    from studyxf.grading.runcases import load_grader

    load_grader(req.folder)  # read now: the learner's own drill folder may be inside what is hidden next
    isolated = _hide(hide)
    for key in list(os.environ):
        if key not in KEEP_ENV:
            del os.environ[key]
    os.environ.update(HOME=tmp, TMPDIR=tmp)
    os.chdir(tmp)
    judge_in = os.fdopen(from_judge, "rb")
    judge_out = os.fdopen(to_judge, "wb")
    from studyxf.grading import sandbox_serve  # the child's work, kept apart from the judge's handle

    sandbox_serve.serve(req, framework, judge_in, judge_out, isolated)


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
    """New user and mount namespaces with each directory covered by an empty tmpfs, where the kernel
    allows it without privileges (the process is single-threaded right after fork). Says what happened."""
    dirs = [d for d in dirs if d and os.path.isdir(d)]
    if not dirs:
        return "nothing to hide"
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        uid, gid = os.getuid(), os.getgid()
        if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
            return f"not isolated: unshare failed ({os.strerror(ctypes.get_errno())})"
        for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
            with open(f"/proc/self/{name}", "w") as fh:
                fh.write(text)
        for d in dirs:
            if libc.mount(b"none", d.encode(), b"tmpfs", 0, b"size=64k") != 0:
                return f"not isolated: mount over {d} failed ({os.strerror(ctypes.get_errno())})"
    except OSError as exc:
        return f"not isolated: {exc}"
    return "isolated"


def limit_address_space() -> None:
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as fh:
            vm = int(fh.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (vm + MEMORY_HEADROOM, hard))
    except (ValueError, OSError):
        pass  # no such limit here: the judge's time-out still stops a runaway
