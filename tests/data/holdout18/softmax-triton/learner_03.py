import torch
import triton
import triton.language as tl


@triton.jit
def _row_max(x):
    return tl.max(x, axis=0)


@triton.jit
def _row_sum(x):
    return tl.sum(x, axis=0)


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=-float("inf"))
    z = x - _row_max(x)
    e = tl.exp(z)
    y = e / _row_sum(e)
    tl.store(out_ptr + row * row_stride + cols, y, mask=mask)


def softmax(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    meta = {"BLOCK": triton.next_power_of_2(n_cols)}
    grid = lambda meta: (n_rows,)
    softmax_kernel[grid](x, out, n_cols, x.stride(0), **meta)
    return out
