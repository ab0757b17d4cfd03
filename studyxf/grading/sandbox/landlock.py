"""Landlock, the kernel's unprivileged access control, for the sandbox whether or not it has
namespaces (Docker's default seccomp takes those away): writes confined to the sandbox's own
folder and /dev (before the exec), then, once the fresh interpreter has made its own imports,
reads denied beneath the folders that hold the answers and the learner's data (the drills, the
engine, the repository they came from, the data directory). A rule lets everything beneath its
folder be read, so what is readable is given as the siblings of each hidden folder and of each of
its ancestors; those ancestors cannot be listed afterwards (Python's import system listed them
before, and keeps the listing).

Landlock has no Python binding in the standard library or a maintained package that does only
this, so the three system calls are made here with ctypes (linux/landlock.h)."""

from __future__ import annotations

import ctypes
import os
import stat

CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446  # the same numbers on every architecture
RULESET_VERSION = 1  # landlock_create_ruleset's flag: return the ABI version
PATH_BENEATH = 1

WRITE_FILE, READ_FILE, READ_DIR = 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE = 1 << 4, 1 << 5
MAKE = sum(1 << bit for bit in range(6, 13))  # char, dir, reg, sock, fifo, block, sym
REFER = 1 << 13  # ABI 2: linking or renaming a file into another folder
TRUNCATE = 1 << 14  # ABI 3
FILE_RIGHTS = 1 | WRITE_FILE | READ_FILE | TRUNCATE  # the rights a rule on a file (not a folder) may hold
NET_TCP = 1 | 2  # ABI 4: bind and connect on TCP ports, handled with no rule: none allowed
SCOPE_ABSTRACT_UNIX, SCOPE_SIGNAL = 1, 2  # ABI 6: nothing outside the domain reached by either


class _PathBeneath(ctypes.Structure):
    _pack_ = 1  # struct landlock_path_beneath_attr is packed
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def confine_writes(writable: list[str]) -> str:
    """Let this process and what it execs write only beneath `writable` (no_new_privs must be set);
    returns what happened, in words."""
    def handled(abi: int) -> int:
        return WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE | (REFER if abi >= 2 else 0) | \
            (TRUNCATE if abi >= 3 else 0)

    abi = [0]

    def also(found: int) -> tuple[int, int]:  # what the ABI adds: TCP closed, signals and abstract sockets scoped
        abi[0] = found
        return (NET_TCP if found >= 4 else 0), (SCOPE_ABSTRACT_UNIX | SCOPE_SIGNAL if found >= 6 else 0)

    failed = _restrict(handled, writable, also)
    if failed:
        return f"writes not confined ({failed})"
    said = "writes confined to its own folder (Landlock)"
    if abi[0] < 4:
        return said + f"; TCP not closed by Landlock (ABI {abi[0]} < 4)"
    said += "; TCP closed (Landlock)"
    if abi[0] < 6:
        return said + f"; signals and abstract sockets not scoped (Landlock ABI {abi[0]} < 6)"
    return said + "; signals and abstract sockets kept within the sandbox (Landlock)"


def confine_reads(hidden: list[str], own: str | None = None, allowed: list[str] | None = None,
                  listed: list[str] = ()) -> str:
    """Let this process and what it starts read only beneath `allowed` (None: everywhere) and its
    `own` folder, and nothing beneath `hidden` (files or folders) but that folder; the folders
    `listed` may be listed, their files not read (/dev: its nodes by name only). Returns what
    happened, in words."""
    keep = [own] if own else []
    readable = readable_except(hidden, keep)
    if allowed is not None:
        readable = intersect(readable, [*allowed, *keep])
    failed = _restrict(lambda abi: READ_FILE | READ_DIR, [*readable, *((d, READ_DIR) for d in listed)])
    if failed:
        return f"reads not confined ({failed})"
    return ("reads only what Python, NumPy and torch need (Landlock)" if allowed is not None
            else "the answers and your data unreadable (Landlock)")


def intersect(readable: list[str], allowed: list[str]) -> list[str]:
    """Rules for what lies beneath both a path of `readable` and one of `allowed`: of two nested
    paths the deeper one (subtrees either nest or do not meet)."""
    allowed = [os.path.realpath(a) for a in allowed if a and os.path.lexists(a)]
    out = []
    for r in readable:
        for a in allowed:
            if within(r, a):
                out.append(r)
            elif within(a, r):
                out.append(a)
    return list(dict.fromkeys(out))


def readable_except(hidden: list[str], keep: list[str] = ()) -> list[str]:
    """Paths whose subtrees together hold everything but `hidden`, and the `keep` paths within them:
    the entries of every folder on the way from / to a hidden (or kept) path, less the hidden ones.
    A symbolic link counts as where it leads, so that no rule reaches a hidden path through one
    (a link inside a readable folder is harmless: Landlock judges the path it leads to)."""
    hidden = [os.path.realpath(h) for h in hidden if h and os.path.lexists(h)]
    keep = [os.path.realpath(k) for k in keep if k and os.path.lexists(k)]
    if not hidden:
        return ["/"]
    found: list[str] = []
    seen: set[str] = set()
    hidden_set, kept = set(hidden), set(keep)
    # the folders on the way to a hidden or a kept path: a set, so that each entry is one look-up
    # (a walk of a thousand entries took 9 ms with a scan of the list for each)
    on_way = {os.path.dirname(p.rstrip("/")) for p in [*hidden, *keep]}
    while any(os.path.dirname(p) not in on_way for p in on_way):
        on_way |= {os.path.dirname(p) for p in on_way}

    def walk(folder: str, covered: bool) -> None:
        seen.add(folder)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for entry in entries:
            link = entry.is_symlink()
            real = os.path.realpath(entry.path) if link else entry.path
            # an entry of a folder that is not hidden is hidden only if it is a hidden path itself,
            # unless it is a link, which may lead anywhere
            if covered or real in hidden_set or link and any(within(real, h) for h in hidden):
                if real in kept:  # nothing of it but what is kept
                    found.append(real)
                elif real in on_way and real not in seen:
                    walk(real, True)
            elif real in on_way or link and any(within(h, real) for h in hidden):  # its entries one by one
                if real not in seen:
                    walk(real, False)
            else:
                found.append(real)

    walk("/", False)
    return list(dict.fromkeys(found))


def within(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or inside it."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


def abi_version() -> int:
    """The kernel's Landlock ABI: 0 where there is none (or it is turned off)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return max(0, libc.syscall(CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(RULESET_VERSION)))


def _restrict(handled, paths: list, also=None) -> str | None:
    """One Landlock layer on this process: the rights handled(abi) denied except beneath `paths`
    (a path, or a (path, rights) pair that allows only those; a file's rule keeps only the file
    rights among them); also(abi), where given, the network
    rights handled (with no rule: all denied) and the scopes. None, or what failed, in words."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(RULESET_VERSION))
    if abi < 1:
        return f"Landlock: {os.strerror(ctypes.get_errno())}"
    rights = handled(abi)
    net, scoped = also(abi) if also else (0, 0)
    attr = _RulesetAttr(rights, net, scoped)
    # the struct's size tells the kernel which fields it holds: the older ABIs' size when unused
    size = 24 if scoped else 16 if net else 8
    ruleset = libc.syscall(CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        return f"Landlock: {os.strerror(ctypes.get_errno())}"
    try:
        for path in paths:
            path, allowed = path if isinstance(path, tuple) else (path, rights)  # (path, its own rights)
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                folder = stat.S_ISDIR(os.fstat(fd).st_mode)
                rule = _PathBeneath((allowed & rights) if folder else allowed & rights & FILE_RIGHTS, fd)
                if not rule.allowed_access:
                    continue
                if libc.syscall(ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(PATH_BENEATH), ctypes.byref(rule),
                                ctypes.c_uint32(0)) != 0:
                    return f"Landlock rule for {path}: {os.strerror(ctypes.get_errno())}"
            finally:
                os.close(fd)
        if libc.syscall(RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            return f"Landlock: {os.strerror(ctypes.get_errno())}"
    finally:
        os.close(ruleset)
    return None
