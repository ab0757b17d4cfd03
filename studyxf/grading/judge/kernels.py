"""Where a Triton drill's kernels run. On a machine without a GPU the learner's @triton.jit kernels
run in Triton's interpreter (TRITON_INTERPRET=1: each program instance executed with NumPy on the
CPU), which the judge sets in its own environment before it starts the sandbox, so that the sandbox
inherits it; the drills' cases are then small. With `--device cuda` the kernels are compiled for
the GPU (TRITON_INTERPRET=0) and the drills' graders give cases on the GPU in fp16/bf16 (`on_gpu`)."""

from __future__ import annotations

import os


def interpreted(device: str) -> bool:
    """Whether a Triton drill graded with `--device DEVICE` runs its kernels in the interpreter."""
    if device == "cpu":
        return True
    if device == "cuda":
        return False
    import torch  # "auto": the GPU when there is one

    return not torch.cuda.is_available()


def on_gpu() -> bool:
    """In the judge, for a grader's cases(): whether the kernels are compiled for the GPU (the judge
    set TRITON_INTERPRET=0 for --device cuda), so that every case's inputs go to the GPU: a compiled
    kernel cannot read a CPU tensor."""
    return os.environ.get("TRITON_INTERPRET") == "0"
