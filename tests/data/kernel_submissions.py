"""Triton drills' submissions as a learner writes them: each shipped solution, and wrong kernels
made from it by one edit each (the slip a learner makes), keyed by the mistake the grader must name.
Where the cause is measured rather than catalogued (a load past the row), the key is the words
the diagnosis must contain: the probe's, or, when what lies past the tensor changed between two
calls, the drill's random-output hint (a load without its mask).

Not here: flash-attention-triton's K and V loads without their mask, the scores of those keys
masked. What is read past the sequence then reaches the output only as NaN or inf bit patterns
(0 * inf), so the interpreter's result is right or wrong by the memory's chance: not a case a test
can pin (a GPU may fault on the read; compute-sanitizer finds it)."""

from pathlib import Path

DRILLS = Path(__file__).resolve().parent.parent.parent / "drills"


def solution(drill: str) -> str:
    return (DRILLS / drill / "solution.py").read_text()


def edit(drill: str, *pairs: tuple[str, str]) -> str:
    src = solution(drill)
    for old, new in pairs:
        assert old in src, (drill, old)
        src = src.replace(old, new)
    return src


SOFTMAX_WRONG = {
    "softmax-pad-zero": [(', other=-float("inf")', "")],
    "no-max-subtraction": [("    x = x - tl.max(x, axis=0)\n", "")],
    "softmax-not-normalised": [("num / tl.sum(num, axis=0)", "num")],
    "reads past the end of its row": [(', mask=mask, other=-float("inf"))', ")")],
}

SOFTMAX_TORCH = """import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    pass


def softmax(x):
    e = torch.exp(x - x.amax(-1, keepdim=True))
    return e / e.sum(-1, keepdim=True)
"""

SOFTMAX_SHORTCUT = SOFTMAX_TORCH.replace(
    "    e = torch.exp(x - x.amax(-1, keepdim=True))\n    return e / e.sum(-1, keepdim=True)\n",
    "    out = torch.empty_like(x)\n    softmax_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=16)\n"
    "    return torch.softmax(x, dim=-1)\n")

MATMUL_WRONG = {
    "matmul-no-accumulate": [("acc += tl.dot(", "acc = tl.dot(")],
    "matmul-k-floor": [("range(0, tl.cdiv(K, BLOCK_K))", "range(0, K // BLOCK_K)")],
    "matmul-k-not-advanced": [("offs_k = k * BLOCK_K + tl.arange(0, BLOCK_K)", "offs_k = tl.arange(0, BLOCK_K)")],
    "past the end": [(" & (offs_k[None, :] < K)", ""), ("(offs_k[:, None] < K) & ", "")],
}

FLASH_WRONG = {
    "flash-no-rescale-sum": [("l_i = l_i * alpha + tl.sum(p, axis=1)", "l_i = l_i + tl.sum(p, axis=1)")],
    "flash-no-rescale-output": [("acc = acc * alpha[:, None] + tl.dot(", "acc = acc + tl.dot(")],
    "flash-no-rescale": [("l_i = l_i * alpha + tl.sum(p, axis=1)", "l_i = l_i + tl.sum(p, axis=1)"),
                         ("acc = acc * alpha[:, None] + tl.dot(", "acc = acc + tl.dot(")],
    "causal-wrong-side": [("offs_n[None, :] <= offs_m[:, None]", "offs_n[None, :] >= offs_m[:, None]")],
    "mask-diagonal": [("offs_n[None, :] <= offs_m[:, None]", "offs_n[None, :] < offs_m[:, None]")],
    "flash-keys-unmasked": [("        keep = offs_n[None, :] < T  # keys past the end of the sequence\n"
                             "        if CAUSAL:\n"
                             "            keep = keep & (offs_n[None, :] <= offs_m[:, None])  # query i sees keys j <= i\n"
                             "        s = tl.where(keep, s, float(\"-inf\"))\n",
                             "        if CAUSAL:\n"
                             "            s = tl.where(offs_n[None, :] <= offs_m[:, None], s, float(\"-inf\"))\n")],
    "no-scale": [("D ** -0.5 * 1.4426950408889634", "1.4426950408889634")],
}

# the same slips with the learner's own tiles: (drill, mistake, the tile edit, the words the
# diagnosis must say about the tiles)
MM_TILES = ('(16, 16, 16) if a.device.type == "cpu"', '(32, 16, 32) if a.device.type == "cpu"')
FA_TILES = "block_m, block_n, launch = 16, 16, {}"
OTHER_TILES = [
    ("matmul-triton", "matmul-no-accumulate", MM_TILES, "with BLOCK_K = 32"),
    ("matmul-triton", "matmul-k-floor", MM_TILES, "with BLOCK_K = 32"),
    ("matmul-triton", "matmul-k-not-advanced", MM_TILES, "with BLOCK_K = 32"),
    ("flash-attention-triton", "flash-no-rescale-sum", (FA_TILES, "block_m, block_n, launch = 32, 32, {}"),
     "with BLOCK_N = 32"),
    ("flash-attention-triton", "flash-keys-unmasked", (FA_TILES, "block_m, block_n, launch = 16, 32, {}"),
     "with BLOCK_N = 32"),
    ("flash-attention-triton", "causal-wrong-side", (FA_TILES, "block_m, block_n, launch = 32, 16, {}"),
     "with BLOCK_M = 32 and BLOCK_N = 16"),
    ("flash-attention-triton", "causal-wrong-side", (FA_TILES, "block_m, block_n, launch = 64, 32, {}"),
     "with BLOCK_M = 64 and BLOCK_N = 32"),
    ("flash-attention-triton", "causal-wrong-side",
     ("hi = tl.minimum((pid_m + 1) * BLOCK_M, T) if CAUSAL else T", "hi = T"), "every key tile"),
]
