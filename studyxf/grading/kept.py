"""A judge kept warm between commands (issue 44): after a grading that imported torch (a failing
verdict's diagnosis, a torch file), the command leaves a server behind that imports torch once and
forks one judge per later grading, so the next failing verdict costs its diagnosis, not torch's
import (1-1.5 s of a 0.3-0.5 s pass). It ends after STUDYXF_JUDGE_IDLE seconds without a grading
(600 by default; 0: no server is started or used).

The server listens on a Unix socket in a folder of the user's own (0700, checked), named by a hash
of everything that makes a judge: the interpreter, the environment the worker would get and the
code of studyxf and the engine (a changed file or setting starts another server; the old one idles
out). Each connection is one grading: the command sends the request and its time-out as one JSON
line and reads the worker's lines back ("I", "T", "R", as the one-shot worker's stdout), then
"X {"status": exit code or "timeout"}". A supervisor forked per connection forks the judge
(worker.grade, as the watch server does), kills it at the time-out or when the command goes away
(Ctrl-C, SIGKILL: the socket ends), and then whatever it left behind. The sandbox reaches none of
this: its seccomp filter refuses every socket, and the folder is among those it hides.
No NumPy or torch imported here on the command's side."""

from __future__ import annotations

import hashlib
import json
import os
import select
import signal
import socket
import stat
import struct
import sys
import tempfile
import time
from pathlib import Path

IDLE_S = 600.0
READY = b"X "  # the supervisor's last line


def idle_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get("STUDYXF_JUDGE_IDLE", IDLE_S)))
    except ValueError:
        return IDLE_S


def folder() -> Path | None:
    """The user's own folder for the servers' sockets, made 0700; None where it is not one (another
    owner, looser permissions, a link): then no server is used."""
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    d = Path(base) / f"studyxf-judge-{os.getuid()}"
    try:
        d.mkdir(mode=0o700, exist_ok=True)
        st = os.lstat(d)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
        return None
    return d


def key(env: dict) -> str:
    """What makes a judge: the interpreter, the worker's environment (its HOME aside: a folder of its
    own per grading) and every module of studyxf and the engine, by size and modification time."""
    h = hashlib.sha256()
    h.update(sys.executable.encode() + b"\0" + sys.version.encode())
    h.update(json.dumps(sorted((k, v) for k, v in env.items() if k != "HOME")).encode())
    root = Path(__file__).resolve().parent.parent.parent
    for top in (root / "studyxf", root / "engine"):
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith(".py"):
                    try:
                        st = os.stat(os.path.join(dirpath, name))
                    except OSError:
                        continue
                    h.update(f"{dirpath}/{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:20]


def address(env: dict) -> str | None:
    d = folder()
    path = str(d / f"{key(env)}.sock") if d else None
    return path if path and len(path.encode()) < 100 else None  # a socket's address holds 107 bytes


def ask(path: str | None, request_json: str, timeout: float) -> socket.socket | None:
    """The request sent to the server listening at `path`: the connection to read the grading from,
    or None (no server, or it did not take it: the command grades in a worker of its own)."""
    if not path or idle_seconds() <= 0:
        return None
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.settimeout(2.0)
        conn.connect(path)
        conn.sendall((json.dumps({"request": json.loads(request_json), "timeout": timeout}) + "\n").encode())
    except OSError:
        conn.close()
        return None
    return conn


def read(conn: socket.socket, timeout: float) -> tuple[str, int | None, bool, bool]:
    """(the worker's lines, its exit code, whether it timed out, whether the server answered at all)."""
    chunks, deadline = [], time.monotonic() + timeout + 10.0  # the server keeps the time-out; this is a backstop
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            conn.settimeout(left)
            data = conn.recv(1 << 16)
            if not data:
                break
            chunks.append(data)
    except OSError:
        pass
    finally:
        conn.close()
    text = b"".join(chunks).decode("utf-8", "replace")
    status = None
    for line in text.splitlines():
        if line.startswith("X {"):
            try:
                status = json.loads(line[2:])["status"]
            except (ValueError, KeyError, TypeError):
                status = None
    if status is None and not text.strip():
        return "", None, False, False
    return text, (status if isinstance(status, int) else None), status == "timeout", True


def start(path: str | None, env: dict) -> None:
    """A server for the next gradings, started in the background (it outlives this command and ends
    when idle); nothing where one already answers at `path`."""
    import subprocess

    idle = idle_seconds()
    if not path or idle <= 0 or _alive(path):
        return
    cwd = tempfile.mkdtemp(prefix="studyxf-judge-")
    env = dict(env, HOME=cwd)
    try:
        subprocess.Popen([sys.executable, "-S", "-m", "studyxf.grading.kept", path, str(idle), cwd], cwd=cwd, env=env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except OSError:
        pass


def _alive(path: str) -> bool:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.settimeout(1.0)
        conn.connect(path)
        return True
    except OSError:
        return False
    finally:
        conn.close()


def serve(path: str, idle: float, cwd: str) -> None:
    """The server: torch imported once, then one supervisor forked per connection (CPU only in the
    server itself: CUDA is started, if at all, in a forked judge)."""
    import shutil

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from studyxf.grading.process import before_forks, not_dumpable

    not_dumpable()
    before_forks()
    if _alive(path):  # another command started one meanwhile
        return
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    temp = os.path.join(os.path.dirname(path), f".{os.getpid()}")
    old = os.umask(0o177)
    try:
        listener.bind(temp)
    finally:
        os.umask(old)
    listener.listen(16)
    os.replace(temp, path)
    mine = os.stat(path).st_ino
    listener.settimeout(1.0)
    children, last = set(), time.monotonic()
    try:
        while True:
            for pid in list(children):
                try:
                    if os.waitpid(pid, os.WNOHANG)[0]:
                        children.discard(pid)
                except ChildProcessError:
                    children.discard(pid)
            try:
                replaced = os.stat(path).st_ino != mine
            except OSError:
                replaced = True
            if children:
                last = time.monotonic()
            elif replaced or time.monotonic() - last > idle:
                break
            if replaced:  # another server owns the address: finish what runs here, take nothing new
                time.sleep(0.2)
                continue
            try:
                conn, _ = listener.accept()
            except (socket.timeout, InterruptedError):
                continue
            last = time.monotonic()
            if _peer_uid(conn) != os.getuid():
                conn.close()
                continue
            pid = os.fork()
            if pid == 0:
                try:
                    listener.close()
                    _supervise(conn)
                finally:
                    os._exit(0)
            children.add(pid)
            conn.close()
    finally:
        listener.close()
        try:
            if os.stat(path).st_ino == mine:
                os.unlink(path)
        except OSError:
            pass
        shutil.rmtree(cwd, ignore_errors=True)


def _peer_uid(conn: socket.socket) -> int | None:
    try:
        creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        return struct.unpack("3i", creds)[1]
    except OSError:
        return None


def _supervise(conn: socket.socket) -> None:
    """One grading: read the request, fork the judge with the connection as its output, wait for it
    (killed at the time-out, or as soon as the command has gone), then kill what it left behind and
    send its exit status."""
    import shutil

    from studyxf.grading.process import dies_with_parent, kill_descendants, reaper

    dies_with_parent()
    reaper()  # the sandbox's orphans come here, to be killed
    conn.settimeout(10.0)
    data = b""
    try:
        while not data.endswith(b"\n") and len(data) < 1 << 20:
            got = conn.recv(1 << 16)
            if not got:
                return
            data += got
        message = json.loads(data)
        request, timeout = json.dumps(message["request"]), float(message["timeout"])
    except (OSError, ValueError, KeyError, TypeError):
        return
    conn.settimeout(None)
    cwd = tempfile.mkdtemp(prefix="studyxf-grade-")
    out = conn.makefile("w", encoding="utf-8")
    pid = os.fork()
    if pid == 0:  # the judge, as the one-shot worker is: its own folder and HOME, stdio away
        try:
            dies_with_parent()
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            os.chdir(cwd)
            os.environ["HOME"] = cwd
            from studyxf.grading import worker
            from studyxf.grading.request import Request

            worker.grade(Request.from_json(request), out)
        finally:
            os._exit(70)
    deadline, status = time.monotonic() + timeout, None
    poller = select.poll()
    poller.register(conn.fileno(), select.POLLIN | select.POLLHUP | select.POLLERR)
    while status is None:
        done, raw = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(raw)
        elif time.monotonic() > deadline:
            status = "timeout"
        elif poller.poll(5):  # the command sends nothing more: readable means it has gone
            status = "gone"
        if status in ("timeout", "gone"):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    kill_descendants()
    shutil.rmtree(cwd, ignore_errors=True)
    if status != "gone":
        try:
            out.write("\n" + READY.decode() + json.dumps({"status": status}) + "\n")
            out.flush()
        except OSError:
            pass


if __name__ == "__main__":
    serve(sys.argv[1], float(sys.argv[2]), sys.argv[3])
