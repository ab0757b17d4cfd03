"""Reading a file studyxf did not write (content, config, an imported document, a drill's task):
regular files only, the size checked before a byte is read, never more than the cap read.

A FIFO, a device, a socket or a directory is refused without being opened for reading (os.stat
first; the open itself is O_NONBLOCK, so a FIFO swapped in between cannot block, and fstat on the
open descriptor decides). A file that grows after the check is still read no further than the cap.
Every refusal is a `FileRefused` (an OSError) whose message says why in words, so callers turn it
into their one line (`PATH:1: (file): ...` for content, `studyxf: error: PATH: ...` elsewhere).

The parsers of structured files go through here too: `load_toml` and `load_json` (data-only
formats); YAML is read by content/yamlsrc.py, which takes its text from `read_text`."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MiB = 1024 * 1024
MAX_CONTENT = 1 * MiB  # a session or drill YAML, config.toml (issue 12's limit)
MAX_TEXT = 4 * MiB  # a task statement, a hint, a solution, a document to import


class FileRefused(OSError):
    """The file is not one studyxf reads: not a regular file, too large, unreadable."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "not a regular file"


def _size_words(n: int) -> str:
    return f"{n // MiB} MiB" if n >= MiB and n % MiB == 0 else f"{n:,} bytes"


def open_regular(path: Path | str, limit: int = MAX_TEXT) -> tuple[int, os.stat_result]:
    """A descriptor open for reading on the file, and its fstat, when it is a regular file of at most
    `limit` bytes (never blocking on a FIFO, never taking a terminal); FileRefused otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)  # what was opened, not what was stat'ed a moment ago
    except OSError as exc:
        os.close(fd)
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise FileRefused(f"{_kind(st.st_mode)}, not a regular file: not read")
    if st.st_size > limit:
        os.close(fd)
        raise FileRefused(f"{st.st_size:,} bytes: larger than the {_size_words(limit)} allowed: not read")
    return fd, st


def read_bytes(path: Path | str, limit: int = MAX_TEXT) -> bytes:
    """The file's bytes, when it is a regular file of at most `limit` bytes; FileRefused otherwise."""
    path = Path(path)
    try:
        st = os.stat(path)  # follows links: a link to /dev/zero is judged as /dev/zero
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"{_kind(st.st_mode)}, not a regular file: not read")
    if st.st_size > limit:
        raise FileRefused(f"{st.st_size:,} bytes: larger than the {_size_words(limit)} allowed: not read")
    fd, st = open_regular(path, limit)
    try:
        chunks, total = [], 0
        while True:
            # the whole file in one read where it fits (one copy, not chunks joined: an 8 MB cache in 4 ms,
            # was 8), and never more than one byte past the cap
            chunk = os.read(fd, min(max(st.st_size + 1, 64 * 1024), limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew since fstat
                raise FileRefused(f"larger than the {_size_words(limit)} allowed: not read")
        return b"".join(chunks)
    except FileRefused:
        raise
    except OSError as exc:
        raise FileRefused(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_text(path: Path | str, limit: int = MAX_TEXT, encoding: str = "utf-8") -> str:
    """The file as text (see read_bytes); undecodable bytes are a FileRefused saying where."""
    data = read_bytes(path, limit)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise FileRefused(f"cannot read: not {encoding} text (byte {exc.start:,}: {exc.reason})") from None


def is_regular(path: Path | str) -> bool:
    """A regular file (through links), without opening it: the test for 'is there a file to read'."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def load_toml(path: Path | str, limit: int = MAX_CONTENT) -> dict:
    """A TOML file as data; FileRefused for the file, ValueError (with the line) for its text."""
    import tomllib

    text = read_text(path, limit)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(str(exc)) from None
    except (ValueError, RecursionError, OverflowError) as exc:  # a value the parser cannot hold
        raise ValueError(f"invalid value: {exc.__class__.__name__}: {str(exc)[:200]}") from None


def load_json(path: Path | str, limit: int = MAX_CONTENT):
    """A JSON file as data; FileRefused for the file, ValueError for its text."""
    import json

    text = read_text(path, limit)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"invalid JSON: {str(exc)[:200]}") from None
