"""`studyxf doctor`: what this machine gives the grader, one check each (as `brew doctor` and
`flutter doctor` do). Each probe is a small function returning a Check, so that the sandbox's
measures added later (seccomp's filter, the network namespace) get their own. No torch in this
process: its import alone takes 1.5-2 s here, the whole command's budget. CUDA is asked of torch in
child processes, and only where an NVIDIA driver is present; the sandbox is asked of a real one
(grading/probe.py), started as a grading starts it."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from dataclasses import asdict, dataclass

CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x00020000, 0x10000000, 0x20000000, 0x40000000
PROBE_TIMEOUT_S = 120.0  # torch's import and CUDA's start on a GPU machine; a CPU machine's probe takes 0.3 s


@dataclass
class Check:
    name: str
    ok: bool
    said: str  # what holds, or what is missing
    fix: str | None = None
    required: bool = False  # missing, it makes the exit code 1 (what the learner's config asks for)

    def line(self) -> str:
        if self.ok:
            return f"{self.name}: ok: {self.said}"
        return f"{self.name}: missing: {self.said}" + (f" (fix: {self.fix})" if self.fix else "")


# -- the sandbox's isolation ------------------------------------------------------------------------

def _in_child(flags: int) -> str | None:
    """unshare(flags) in a forked child: None when it works, else the error's words."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child only unshares and reports; it never returns into the command
        try:
            os.close(r)
            libc = ctypes.CDLL(None, use_errno=True)
            err = 0 if libc.unshare(flags) == 0 else ctypes.get_errno()
            os.write(w, str(err).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as fh:
        said = fh.read()
    os.waitpid(pid, 0)
    err = int(said) if said.strip().isdigit() else -1
    return None if err == 0 else (os.strerror(err) if err > 0 else "the probe died")


USERNS_FIX = ("allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or "
              "kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu 24.04; in Docker, --security-opt "
              "seccomp=unconfined); without them the sandbox relies on Landlock and sees your user's files")


def namespaces() -> Check:
    if os.environ.get("STUDYXF_SANDBOX_NAMESPACES") == "0":
        return Check("namespaces", False, "turned off by STUDYXF_SANDBOX_NAMESPACES=0", "unset it")
    failed = _in_child(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID)
    if failed:
        return Check("namespaces", False, f"user, mount and PID namespaces refused ({failed})", USERNS_FIX)
    return Check("namespaces", True, "user, mount and PID namespaces")


def network() -> Check:
    """A network namespace (no interface up) is what cuts the sandbox off the network."""
    if os.environ.get("STUDYXF_SANDBOX_NAMESPACES") == "0":
        return Check("network isolation", False, "no network namespace: namespaces turned off", "unset "
                     "STUDYXF_SANDBOX_NAMESPACES")
    failed = _in_child(CLONE_NEWUSER | CLONE_NEWNET)
    if failed:
        return Check("network isolation", False, f"a network namespace refused ({failed})", USERNS_FIX)
    return Check("network isolation", True, "a network namespace can be made (no interface up inside)")


def landlock_abi() -> int | str:
    """Landlock's ABI version, or why there is none."""
    from studyxf.grading.sandbox import landlock

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(landlock.CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(landlock.RULESET_VERSION))
    return int(abi) if abi >= 1 else os.strerror(ctypes.get_errno())


def landlock() -> Check:
    abi = landlock_abi()
    if isinstance(abi, str):
        return Check("Landlock", False, f"not available ({abi})",
                     "a Linux kernel >= 5.13 with landlock among its LSMs (the lsm= boot parameter)")
    return Check("Landlock", True, f"ABI {abi}" + ("" if abi >= 4 else " (network rules need ABI 4)"))


def seccomp() -> Check:
    """Whether this kernel filters system calls (seccomp's filter mode), and whether this process
    is already under a filter (a container's)."""
    try:
        with open("/proc/self/status") as fh:
            mode = next((ln.split()[1] for ln in fh if ln.startswith("Seccomp:")), None)
    except OSError:
        mode = None
    if mode is None or not os.path.exists("/proc/sys/kernel/seccomp/actions_avail"):
        return Check("seccomp", False, "no seccomp filters in this kernel", "a kernel built with CONFIG_SECCOMP_FILTER")
    under = " (this process is already under a filter: a container's)" if mode == "2" else ""
    return Check("seccomp", True, f"filters available{under}")


def sandbox(device: str) -> tuple[Check, dict]:
    """A real sandbox started as a grading starts one, on `device`: how it is isolated, in its words;
    and its answer (with device cuda: whether CUDA started in it)."""
    import json
    import tempfile

    from studyxf import paths
    from studyxf.grading import runner

    with tempfile.TemporaryDirectory(prefix="studyxf-doctor-") as cwd:
        try:
            proc = subprocess.run(runner.python("studyxf.grading.probe", device, json.dumps(paths.data_dirs())),
                                  cwd=cwd, env=runner._env(cwd), capture_output=True, text=True,
                                  timeout=PROBE_TIMEOUT_S, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return Check("sandbox", False, f"no answer within {PROBE_TIMEOUT_S:.0f} s", None, True), {}
    try:
        answer = json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return Check("sandbox", False, f"the probe failed: {tail[:200]}", "reinstall studyxf", True), {}
    if not answer.get("imported"):
        why = answer.get("dead") or answer.get("import_error") or "no answer"
        return Check("sandbox", False, f"a grading's sandbox did not start: {why}", "reinstall studyxf", True), answer
    said = answer.get("isolated") or ""
    from studyxf.grading.judge.results import NOT_HELD

    isolated = bool(said) and not any(word in said for word in NOT_HELD)
    return Check("sandbox", isolated, f"a grading's sandbox starts: {said}",
                 None if isolated else "see the namespaces and Landlock lines"), answer


# -- CUDA, Triton, versions --------------------------------------------------------------------------

CUDA_PROBE = ("import json, torch\nfrom studyxf.grading.sandbox.gpu import cuda_state\n"
              "print(json.dumps(cuda_state(torch)))\n")


def cuda_in_command() -> subprocess.Popen | None:
    """torch.cuda asked in a child with the command's environment (started, not waited for)."""
    from studyxf.grading import runner

    env = {**os.environ, "PYTHONPATH": runner._env(os.getcwd())["PYTHONPATH"]}
    return subprocess.Popen([sys.executable, "-c", CUDA_PROBE], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)


def cuda_checks(wanted: bool, command: dict | None, box: dict | None, no_device: str | None) -> list[Check]:
    """CUDA in the command's process and inside the sandbox. `wanted`: the learner's config asks for
    cuda (then a missing CUDA makes the exit code 1)."""
    fix_driver = "an NVIDIA GPU with its driver (nvidia-smi lists it) and a CUDA build of torch"
    if no_device:
        said = f"no CUDA device ({no_device}): drills are graded on the CPU"
        if not wanted:
            return [Check("CUDA", True, said)]
        return [Check("CUDA", False, said + ", but config.toml asks for device = \"cuda\"",
                      fix_driver + "; or device = \"cpu\" or \"auto\" in config.toml", True)]
    out = []
    for name, state in (("CUDA in the command", command), ("CUDA in the sandbox", box)):
        state = state or {"error": "not asked"}
        if "device" in state:
            out.append(Check(name, True, state["device"]))
        else:
            where = "the sandbox" if "sandbox" in name else "this process"
            fix = ("CUDA starts in this process but not in the grader's sandbox (its environment, limits or "
                   "Landlock stop it): report it with `studyxf doctor --json`; grade with --device cpu meanwhile"
                   if "sandbox" in name and "device" in (command or {}) else fix_driver)
            out.append(Check(name, False, f"CUDA does not start in {where}: {state['error']}", fix, wanted))
    return out


def version(dist: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def packages() -> list[Check]:
    out = []
    for dist, why, required in (("numpy", "grades every drill", True), ("torch", "grades torch files", True)):
        v = version(dist)
        out.append(Check(dist, True, v) if v else
                   Check(dist, False, f"not installed: {why}", f"pip install {dist}", required))
    return out


def triton() -> Check:
    """Triton and its interpreter (TRITON_INTERPRET=1: the Triton drills' kernels on the CPU), found
    without importing it (importing it, then torch, is most of two seconds)."""
    import importlib.util

    v = version("triton")
    spec = importlib.util.find_spec("triton") if v else None
    if not v or spec is None or not spec.submodule_search_locations:
        return Check("Triton", False, "not installed: the three Triton drills need it",
                     "pip install 'studyxf[kernels]'")
    folder = spec.submodule_search_locations[0]
    if not os.path.exists(os.path.join(folder, "runtime", "interpreter.py")):
        return Check("Triton", False, f"triton {v} without its interpreter (triton/runtime/interpreter.py)",
                     "pip install 'studyxf[kernels]'")
    return Check("Triton", True, f"triton {v}, its interpreter present (TRITON_INTERPRET=1 runs the kernels on the "
                                 f"CPU; not run by doctor)")


# -- the learner's data -------------------------------------------------------------------------------

def data_directory() -> Check:
    from studyxf import paths

    home = paths.home()
    if not home.exists():
        parent = next((p for p in home.parents if p.exists()), None)
        if parent is not None and os.access(parent, os.W_OK):
            return Check("data directory", True, f"{home} (made on first use)")
        return Check("data directory", False, f"{home} cannot be made", "set STUDYXF_HOME to a folder you own", True)
    if not os.access(home, os.W_OK | os.X_OK):
        return Check("data directory", False, f"{home} is not writable", f"chmod u+rwx {home}", True)
    db = paths.database()
    size = f", history {db.stat().st_size / 1e6:.1f} MB" if db.exists() else ", no history yet"
    return Check("data directory", True, f"{home}{size}")


def last_backup() -> Check:
    """The newest backup: each is checked (integrity_check) before it joins the rotation."""
    from datetime import date

    from studyxf import clock, paths
    from studyxf.store import db

    found = db.good_backups()
    if not found:
        if not paths.database().exists():
            return Check("backup", True, "no history yet, so no backup")
        return Check("backup", False, f"no backup in {paths.backups()}",
                     "run `studyxf today` (the first command of a study day makes the day's backup)")
    newest = found[-1]
    label = newest.stem.removeprefix("studyxf-")
    try:
        age = (clock.study_day() - date.fromisoformat(label[:10])).days
        when = "today" if age == 0 else f"{age} day{'s' if age != 1 else ''} ago"
    except ValueError:
        when = label
    return Check("backup", True, f"last verified backup {newest.name} ({when}, {newest.stat().st_size / 1e6:.1f} MB)")


def sync_folder() -> Check:
    """When this machine last synced (the folder itself is given to each `studyxf sync DIR`)."""
    import sqlite3

    from studyxf import paths

    path = paths.database()
    if not path.exists():
        return Check("sync", True, "never synced (optional: studyxf sync DIR)")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
        try:
            row = conn.execute("SELECT name, last_sync FROM device").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return Check("sync", True, "never synced (optional: studyxf sync DIR)")
    if not row or not row[1]:
        return Check("sync", True, "never synced (optional: studyxf sync DIR)")
    return Check("sync", True, f"this machine ({row[0]}) last synced {row[1]}")


# -- all of it -------------------------------------------------------------------------------------

def run(device: str) -> list[Check]:
    """Every check, for a learner whose config asks for `device`. The probes that start
    interpreters (the sandbox, CUDA in the command) run side by side with the others."""
    import json

    from studyxf.grading.sandbox import gpu

    no_device = gpu.no_device_here()
    wanted = device == "cuda"
    command = cuda_in_command() if not no_device else None  # started now, read below
    checks = [namespaces(), landlock(), seccomp(), network()]
    box_check, answer = sandbox("cuda" if not no_device else "cpu")
    checks.append(box_check)
    command_state = None
    if command is not None:
        try:
            out, err = command.communicate(timeout=PROBE_TIMEOUT_S)
            command_state = json.loads(out.strip().splitlines()[-1])
        except (subprocess.TimeoutExpired, ValueError, IndexError):
            command.kill()
            command_state = {"error": "torch could not be asked (no answer)"}
    checks += cuda_checks(wanted, command_state, answer.get("cuda"), no_device)
    checks += [triton(), *packages(), data_directory(), last_backup(), sync_folder()]
    return checks


def as_json(checks: list[Check]) -> list[dict]:
    return [{**asdict(c), "status": "ok" if c.ok else "missing", "line": c.line()} for c in checks]
