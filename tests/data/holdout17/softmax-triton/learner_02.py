from dataclasses import dataclass

import torch
import triton
import triton.language as tl

SUPPORTED_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


@dataclass(frozen=True)
class LaunchConfig:
    n_rows: int
    n_cols: int
    block: int
    num_warps: int


def _launch_config(n_rows: int, n_cols: int) -> LaunchConfig:
    """One program per row; a power-of-two tile covering the whole row."""
    block = min(triton.next_power_of_2(n_cols), 64)
    num_warps = 4 if block <= 2048 else 8
    return LaunchConfig(n_rows=n_rows, n_cols=n_cols, block=block, num_warps=num_warps)


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, x_row_stride, out_row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    in_row = cols < n_cols
    values = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row, other=-float("inf"))
    row_max = tl.max(values, axis=0)
    exps = tl.exp(values - row_max)
    total = tl.sum(exps, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, exps / total, mask=in_row)


def _validate(x: torch.Tensor) -> None:
    """Require a 2-D floating tensor."""
    if len(x.shape) != 2:
        raise ValueError(f"expected a 2-D tensor, got shape {tuple(x.shape)}")
    if x.dtype not in SUPPORTED_DTYPES:
        raise TypeError(f"unsupported dtype {x.dtype}")


def softmax(x: torch.Tensor) -> torch.Tensor:
    _validate(x)
    x = x.contiguous()
    cfg = _launch_config(*x.shape)
    out = torch.empty_like(x)
    softmax_kernel[(cfg.n_rows - 1,)](x, out, cfg.n_cols, x.stride(0), out.stride(0), BLOCK=cfg.block, num_warps=cfg.num_warps)
    return out
