"""Values between the sandbox (which runs the learner's code) and the judge, as data only: JSON
with arrays as .npy bytes (allow_pickle=False). Nothing the learner returns can execute in the
judge or lie about its values: an array crosses as its bytes, anything else as plain Python or a
repr."""

from __future__ import annotations

import base64
import io
import json

import numpy as np

MAX_ITEMS = 100_000  # a LeetCode answer or a dict of figures is far smaller


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
        arr = np.load(io.BytesIO(base64.b64decode(item["data"])), allow_pickle=False)
        return Array(arr, str(item["dtype"]), bool(item["torch"]))
    if kind == "py":
        return item["v"]
    if kind == "json":  # plain data as it came (an answer from the fresh sandbox may be any JSON)
        return tuple(item["v"]) if item.get("tuple") is True and isinstance(item["v"], list) else item["v"]
    if kind == "list":
        return [decode(x) for x in item["v"]]
    if kind == "dict":
        return {str(k): decode(v) for k, v in item["v"].items()}
    return Opaque(str(item.get("type")), str(item.get("v", "")))


class Opaque:
    """Something that is neither an array nor plain data: shown by its type, never compared."""

    def __init__(self, type_name: str, text: str):
        self.type_name, self.text = type_name, text

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


def send(fh, message: dict) -> None:
    fh.write((json.dumps(message) + "\n").encode())
    fh.flush()

