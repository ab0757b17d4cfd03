"""One grading request, the same for the one-shot worker, the warm server and the runner that
sends it: what to grade, where the drill's folder is, and how to call the learner's code."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field

KINDS = ("function", "module", "leetcode", "numeric")


@dataclass
class Request:
    drill: str
    path: str  # the learner's file
    folder: str  # the drill's folder: its grader.py holds the cases, slips and probes
    kind: str = "function"
    entry: str = ""  # the function or class the file defines
    method: str | None = None  # a LeetCode class's method
    forbidden: list = field(default_factory=list)
    device: str = "cpu"
    hide: list = field(default_factory=list)  # folders the sandbox must not see (the learner's data)
    hide_code: list = field(default_factory=list)  # and the fresh sandbox: where the answers are (drills, engine)
    cache: str = ""  # where the judge keeps drills' references as data (references.py)
    # a Triton drill (drill.yaml requires triton): its kernels run in Triton's interpreter
    # (TRITON_INTERPRET=1, NumPy on the CPU) unless graded on a GPU
    interpret: bool = False
    bench: bool = False  # --bench: after a pass on the GPU, the learner's kernel timed against the baselines
    hints: dict = field(default_factory=dict)  # the drill's mistakes: id -> the hint joined to that cause
    signature: str = ""  # drill.yaml's entry as the task states it ("kv_cache_bytes(config, ..., dtype='fp16')")

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "Request":
        data = json.loads(text)
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


def parse_entry(entry: str) -> tuple[str, str | None]:
    """drill.yaml's `entry` -> (name, method): "attention(q, k, v, mask=None)" -> ("attention", None);
    "class Solution: def twoSum(self, nums, target)" -> ("Solution", "twoSum")."""
    m = re.match(r"\s*class\s+(\w+)", entry)
    if m:
        method = re.search(r"def\s+(\w+)", entry)
        return m.group(1), (method.group(1) if method and method.group(1) != "__init__" else None)
    m = re.match(r"\s*(\w+)\s*\(", entry)
    return (m.group(1) if m else entry.strip()), None
