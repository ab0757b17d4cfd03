"""Writes confined with Landlock: the sandbox may create, change or remove files only beneath its
own folder and /dev, whether or not the kernel gave it namespaces (Docker's default seccomp takes
those away, and then the learner's code ran with the learner's rights over the database). Reads
are not confined here: a rule that lets a folder be listed lets everything beneath it be read, and
the import path's folders hold the ones to hide; the mount namespace hides those where it can.

Landlock has no Python binding in the standard library or a maintained package that does only
this, so the three system calls are made here with ctypes (linux/landlock.h)."""

from __future__ import annotations

import ctypes
import os

CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446  # the same numbers on every architecture
RULESET_VERSION = 1  # landlock_create_ruleset's flag: return the ABI version
PATH_BENEATH = 1

WRITE_FILE = 1 << 1
REMOVE_DIR, REMOVE_FILE = 1 << 4, 1 << 5
MAKE = sum(1 << bit for bit in range(6, 13))  # char, dir, reg, sock, fifo, block, sym
REFER = 1 << 13  # ABI 2: linking or renaming a file into another folder
TRUNCATE = 1 << 14  # ABI 3


class _PathBeneath(ctypes.Structure):
    _pack_ = 1  # struct landlock_path_beneath_attr is packed
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def confine_writes(writable: list[str]) -> str:
    """Let this process and what it execs write only beneath `writable` (no_new_privs must be set);
    returns what happened, in words."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(RULESET_VERSION))
    if abi < 1:
        return f"writes not confined (Landlock: {os.strerror(ctypes.get_errno())})"
    handled = WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE | (REFER if abi >= 2 else 0) | \
        (TRUNCATE if abi >= 3 else 0)
    attr = ctypes.c_uint64(handled)  # the first field of landlock_ruleset_attr: the older ABIs' size
    ruleset = libc.syscall(CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return f"writes not confined (Landlock: {os.strerror(ctypes.get_errno())})"
    try:
        for path in writable:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC | os.O_DIRECTORY)
            except OSError:
                continue
            try:
                rule = _PathBeneath(handled, fd)
                if libc.syscall(ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(PATH_BENEATH), ctypes.byref(rule),
                                ctypes.c_uint32(0)) != 0:
                    return f"writes not confined (Landlock rule for {path}: {os.strerror(ctypes.get_errno())})"
            finally:
                os.close(fd)
        if libc.syscall(RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            return f"writes not confined (Landlock: {os.strerror(ctypes.get_errno())})"
    finally:
        os.close(ruleset)
    return "writes confined to its own folder (Landlock)"
