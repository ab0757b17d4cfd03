"""A seccomp filter for the sandbox, installed once its imports are done: no socket of any family
nor a socket pair (the runner talks to the judge over pipes), no io_uring (which can open sockets
too), no key pushed into a terminal, no change of its death signal, no
new process (a thread is allowed), no ptrace or reading another process's memory, and signals only
to itself. So the learner's code reaches no network, no socket of the user's (an ssh agent, a
running `studyxf serve`), and starts nothing that could outlive the grading or hold memory the
judge does not measure: also on a machine without user namespaces (Docker's default seccomp).

The Triton drills on a GPU compile their kernels with the system's compiler in a subprocess: there
`processes=True` leaves process creation (and signals, which then have other targets) to the
namespaces and Landlock's scope.

Written with ctypes because no maintained package installs a filter without a C extension
(libseccomp's Python binding is not on PyPI): a classic BPF program over struct seccomp_data."""

from __future__ import annotations

import ctypes
import errno
import os
import platform

# struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6]
NR, ARCH = 0, 4


def ARG(i: int) -> int:  # the low 32 bits of argument i (little-endian machines)
    return 16 + 8 * i


LD_ABS_W, JEQ, JSET, JGE, RET = 0x20, 0x15, 0x45, 0x35, 0x06
ALLOW, KILL = 0x7FFF0000, 0x80000000


def ERRNO(e: int) -> int:
    return 0x00050000 | e


CLONE_THREAD = 0x00010000
TIOCSTI, TIOCLINUX, PR_SET_PDEATHSIG = 0x5412, 0x541C, 1
SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC = 1, 1
PR_SET_NO_NEW_PRIVS = 38

# per architecture: AUDIT_ARCH, the seccomp syscall, and the numbers filtered
TABLES = {
    "x86_64": {"arch": 0xC000003E, "seccomp": 317, "socket": 41, "socketpair": 53, "ioctl": 16, "prctl": 157,
               "clone": 56, "fork": 57, "vfork": 58,
               "clone3": 435, "kill": 62, "tkill": 200, "tgkill": 234, "rt_sigqueueinfo": 129,
               "rt_tgsigqueueinfo": 297, "pidfd_open": 434, "pidfd_send_signal": 424, "ptrace": 101,
               "process_vm_readv": 310, "process_vm_writev": 311, "io_uring_setup": 425},
    "aarch64": {"arch": 0xC00000B7, "seccomp": 277, "socket": 198, "socketpair": 199, "ioctl": 29, "prctl": 167,
                "clone": 220, "clone3": 435, "kill": 129,
                "tkill": 130, "tgkill": 131, "rt_sigqueueinfo": 138, "rt_tgsigqueueinfo": 240, "pidfd_open": 434,
                "pidfd_send_signal": 424, "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271,
                "io_uring_setup": 425},
}
X32_BIT = 0x40000000  # x86_64's x32 ABI numbers: another entry to the same calls


class _Insn(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]


class _Prog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_uint16), ("filter", ctypes.POINTER(_Insn))]


def program(table: dict, me: int, processes: bool) -> list[tuple[int, int, int, int]]:
    """The filter as (code, jt, jf, k) instructions. `me`: this process's id as it sees itself (the
    only target its signals may have, besides 0, its own group)."""
    out: list[tuple[int, int, int, int]] = []

    def op(code, k, jt=0, jf=0):
        out.append((code, jt, jf, k))

    op(LD_ABS_W, ARCH)
    op(JEQ, table["arch"], 1, 0)
    op(RET, KILL)  # another ABI's entry (int 0x80 from a 64-bit process): nothing of it is filtered
    op(LD_ABS_W, NR)
    if "fork" in table:  # x86_64: the x32 numbers are refused whole
        op(JGE, X32_BIT, 0, 1)
        op(RET, ERRNO(errno.ENOSYS))
    # ioctl: no key pushed into a terminal (TIOCSTI, TIOCLINUX), whatever descriptor it found one on;
    # prctl: the death signal that ends it with the judge stays set
    for name, values in (("ioctl", (TIOCSTI, TIOCLINUX)), ("prctl", (PR_SET_PDEATHSIG,))):
        op(JEQ, table[name], 0, 3 + len(values))
        op(LD_ABS_W, ARG(1) if name == "ioctl" else ARG(0))
        for i, value in enumerate(values):
            op(JEQ, value, len(values) - i, 0)
        op(RET, ALLOW)
        op(RET, ERRNO(errno.EPERM))
    # a socket of any family, and a pair: a datagram pair's sendto() reaches a socket by its path
    refused = {"socket": errno.EACCES, "socketpair": errno.EACCES, "io_uring_setup": errno.EPERM, "ptrace": errno.EPERM,
               "process_vm_readv": errno.EPERM, "process_vm_writev": errno.EPERM, "pidfd_open": errno.EPERM,
               "pidfd_send_signal": errno.EPERM}
    if not processes:
        refused.update(fork=errno.EAGAIN, vfork=errno.EAGAIN, tkill=errno.EPERM,
                       clone3=errno.ENOSYS)  # glibc's pthread_create falls back to clone on ENOSYS
    for name, err in refused.items():
        if name in table:
            op(JEQ, table[name], 0, 1)
            op(RET, ERRNO(err))
    if not processes:
        # clone: a thread (CLONE_THREAD) only
        op(JEQ, table["clone"], 0, 4)
        op(LD_ABS_W, ARG(0))
        op(JSET, CLONE_THREAD, 0, 1)
        op(RET, ALLOW)
        op(RET, ERRNO(errno.EAGAIN))
        # kill and rt_sigqueueinfo: to itself or its own group; tgkill and rt_tgsigqueueinfo: to its
        # own threads. Everything else (the judge, the drill command, the user's processes) refused
        for name, zero_ok in (("kill", True), ("rt_sigqueueinfo", True), ("tgkill", False),
                              ("rt_tgsigqueueinfo", False)):
            op(JEQ, table[name], 0, 5 if zero_ok else 4)
            op(LD_ABS_W, ARG(0))
            op(JEQ, me, 2 if zero_ok else 1, 0)
            if zero_ok:
                op(JEQ, 0, 1, 0)
            op(RET, ERRNO(errno.EPERM))
            op(RET, ALLOW)
    op(RET, ALLOW)
    return out


def install(processes: bool = False) -> str:
    """The filter on every thread of this process (and all it starts); returns what holds, in
    words."""
    table = TABLES.get(platform.machine())
    if table is None:
        return f"seccomp not applied (no table for {platform.machine()})"
    insns = program(table, os.getpid(), processes)
    arr = (_Insn * len(insns))(*[_Insn(*i) for i in insns])
    prog = _Prog(len(insns), arr)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)  # required for an unprivileged filter; set already
    if libc.syscall(ctypes.c_long(table["seccomp"]), ctypes.c_uint(SECCOMP_SET_MODE_FILTER),
                    ctypes.c_uint(SECCOMP_FILTER_FLAG_TSYNC), ctypes.byref(prog)) != 0:
        return f"seccomp not applied ({os.strerror(ctypes.get_errno())})"
    return "no sockets" + ("" if processes else ", no new processes, signals to itself only") + " (seccomp)"
