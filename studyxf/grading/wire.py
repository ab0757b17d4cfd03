"""Values between the sandbox (which runs the learner's code) and the judge, as data only: JSON
with arrays as .npy bytes (allow_pickle=False). Nothing the learner returns can execute in the
judge or lie about its values: an array crosses as its bytes, anything else as plain Python or a
repr."""

from __future__ import annotations

import base64
import functools
import io
import json
import os

import numpy as np

MAX_ITEMS = 100_000  # a LeetCode answer or a dict of figures is far smaller
# what both sides keep to: a case's time limit (the sandbox's alarm), the judge's margin over it for
# the inputs and the answer to cross, and the one rule message the judge recognises by its text
CASE_TIMEOUT_S = float(os.environ.get("STUDYXF_CASE_TIMEOUT", "10"))
CARRY_S = 1.0
INPUT_MODIFIED = ("the function modified one of its inputs in place: work on a copy "
                  "(x = x.clone(), or out-of-place ops: x - m instead of x -= m)")


class Array:
    """An array as it came back: the values, and the dtype the learner returned (bf16 travels as
    float32, which holds it exactly)."""

    def __init__(self, values: np.ndarray, dtype: str, torch: bool):
        self.values, self.dtype, self.torch = values, dtype, torch


def _npy(arr: np.ndarray) -> str:
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(arr), allow_pickle=False)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def encode(value, depth: int = 0) -> dict:
    """In the sandbox: a learner's value -> a JSON-able description."""
    if depth > 20:
        return {"t": "repr", "type": type(value).__name__, "v": "(nested too deep)"}
    mod = type(value).__module__ or ""
    if mod.startswith("torch") and hasattr(value, "detach"):
        t = value.detach().cpu()
        name = str(t.dtype).removeprefix("torch.")
        if name == "bfloat16":
            t = t.float()
        try:
            return {"t": "array", "dtype": name, "torch": True, "data": _npy(t.numpy())}
        except (TypeError, RuntimeError) as exc:  # complex, sparse, quantized...
            return {"t": "repr", "type": f"tensor of {name}", "v": str(exc)[:200]}
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        arr = np.asarray(value)
        if arr.dtype == object:
            return {"t": "repr", "type": "array of object", "v": repr(value)[:200]}
        return {"t": "array", "dtype": str(arr.dtype), "torch": False, "data": _npy(arr)}
    if type(value) is int and value.bit_length() > 1024:  # past float64's range (and JSON's 4300 digits): inf
        return {"t": "py", "v": float("inf") if value > 0 else float("-inf")}
    if value is None or isinstance(value, (bool, int, float, str)) and type(value) in (bool, int, float, str):
        return {"t": "py", "v": value if not isinstance(value, str) else value[:10_000]}
    if type(value) in (list, tuple) and len(value) <= MAX_ITEMS:
        return {"t": "list", "v": [encode(x, depth + 1) for x in value]}
    if type(value) is dict and len(value) <= MAX_ITEMS and all(type(k) is str for k in value):
        return {"t": "dict", "v": {k: encode(v, depth + 1) for k, v in value.items()}}
    return {"t": "repr", "type": type(value).__name__, "v": repr(value)[:200] if _safe_repr(value) else ""}


def encode_input(value):
    """In the judge: a case's input -> the same description, uncapped (the judge made it: a LeetCode
    case's 200,000 characters or 100,000 numbers go whole); plain data in one piece."""
    mod = type(value).__module__ or ""
    if mod.startswith("torch") and hasattr(value, "detach") and value.dim() == 2 and value.stride(1) == 1 \
            and value.stride(0) > value.shape[1]:  # columns of a wider tensor: rows not packed, rebuilt so
        return {**encode(value), "row_stride": value.stride(0)}
    if mod.startswith("torch") and hasattr(value, "detach") and value.dim() == 2 and min(value.shape) > 1 \
            and value.stride() == (1, value.shape[0]):  # the transpose of a packed tensor: rebuilt so too
        return {**encode(value), "transposed": True}
    if mod.startswith("torch") and hasattr(value, "detach") or isinstance(value, (np.ndarray, np.generic)):
        return encode(value)
    if type(value) in (list, tuple, dict, str) and _plain_json(value):
        return {"t": "json", "v": value, "tuple": type(value) is tuple}
    if type(value) in (list, tuple):
        return {"t": "list", "v": [encode_input(x) for x in value]}
    if type(value) is dict and all(type(k) is str for k in value):
        return {"t": "dict", "v": {k: encode_input(v) for k, v in value.items()}}
    return encode(value)


def _plain_json(value, depth: int = 0) -> bool:
    if depth > 20:
        return False
    if value is None or type(value) in (bool, int, float, str):
        return True
    if type(value) in (list, tuple):
        return all(_plain_json(v, depth + 1) for v in value)
    if type(value) is dict:
        return all(type(k) is str and _plain_json(v, depth + 1) for k, v in value.items())
    return False


def _safe_repr(value) -> bool:
    return type(value).__repr__ in (object.__repr__,) or type(value).__module__ in ("builtins", "numpy")


def decode(item: dict):
    """In the judge: the description -> plain values (numpy arrays as Array)."""
    kind = item.get("t")
    if kind == "array":
        try:
            arr = _npy_exact(base64.b64decode(item["data"]))
        except (ValueError, TypeError, EOFError) as exc:  # a sandbox that sent what is not an array
            return Opaque("unreadable array", str(exc)[:200])
        return Array(arr, _dtype(arr, item.get("dtype")), bool(item.get("torch")))
    if kind == "py":
        return item["v"]
    if kind == "json":  # plain data as it came (an answer from the fresh sandbox may be any JSON)
        return tuple(item["v"]) if item.get("tuple") is True and isinstance(item["v"], list) else item["v"]
    if kind == "list":
        return [decode(x) for x in item["v"]]
    if kind == "dict":
        return {str(k): decode(v) for k, v in item["v"].items()}
    return Opaque(str(item.get("type")), str(item.get("v", "")))


class Unreadable(ValueError):
    """An array whose bytes are not what their header says."""


def _npy_exact(raw: bytes) -> np.ndarray:
    """The .npy bytes -> the array, their count checked against the header's shape times its
    dtype's size (np.load reads what it needs and ignores the rest)."""
    if raw[:6] != b"\x93NUMPY" or raw[6:8] not in (b"\x01\x00", b"\x02\x00"):
        raise Unreadable(f".npy magic {raw[:8]!r}")
    size = 2 if raw[6] == 1 else 4
    start = 8 + size + int.from_bytes(raw[8:8 + size], "little")
    shape, _fortran, dtype = _header(raw[:start])
    count = int(np.prod(shape, dtype=np.int64))
    if len(raw) - start != count * dtype.itemsize:
        raise Unreadable(f"{len(raw) - start} bytes of data for shape {shape} of {dtype} "
                         f"({count * dtype.itemsize} bytes)")
    # the bytes after the header read in place (np.load would parse the header a second time)
    flat = np.frombuffer(raw, dtype=dtype, count=count, offset=start)
    return flat.reshape(shape[::-1]).T.copy() if _fortran else flat.reshape(shape).copy()


@functools.lru_cache(maxsize=512)
def _header(head: bytes) -> tuple:
    """A header's shape, order and dtype, parsed once (NumPy parses it with ast.literal_eval: a fifth
    of a millisecond, and the repair search decodes an answer of the same header per edit tried)."""
    buf = io.BytesIO(head)
    version = np.lib.format.read_magic(buf)
    read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
    shape, fortran, dtype = read(buf)  # checks the header's form
    if buf.tell() != len(head):
        raise Unreadable("the header's length")
    if dtype.hasobject:
        raise Unreadable("an array of Python objects")
    return shape, fortran, dtype


def _dtype(arr: np.ndarray, label) -> str:
    """The dtype judged: the bytes' own. The label the sandbox sent is taken only for what the bytes
    cannot say, a bfloat16 tensor (sent as the float32 values that hold it exactly, so the low 16
    bits of each are zero)."""
    if label == "bfloat16" and arr.dtype == np.float32 and not (arr.view(np.uint32) & 0xFFFF).any():
        return "bfloat16"
    return str(arr.dtype)


class Opaque:
    """Something that is neither an array nor plain data: shown by its type, never compared."""

    def __init__(self, type_name: str, text: str):
        self.type_name, self.text = type_name, text

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


def send(fh, message: dict) -> None:
    fh.write((json.dumps(message) + "\n").encode())
    fh.flush()

