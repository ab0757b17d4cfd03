import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    in_row = cols < n_cols
    row_start = row.to(tl.int64) * row_stride
    vals = tl.load(x_ptr + row_start + cols, mask=in_row, other=-float("inf"))
    row_max = tl.max(vals, axis=0)
    shifted = vals
    numer = tl.where(in_row, tl.exp(shifted), 0.0)
    denom = tl.sum(numer, axis=0)
    tl.store(out_ptr + row_start + cols, numer / denom, mask=in_row)


def softmax(x):
    assert len(x.shape) == 2, "softmax expects a 2-D tensor"
    assert x.dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64), "floating input only"
    x = x.contiguous()
    n_rows, n_cols = x.shape
    assert n_cols >= 1, "rows must not be empty"
    out = torch.empty_like(x)
    BLOCK = triton.next_power_of_2(n_cols)
    softmax_kernel[(1,)](x, out, n_cols, x.stride(0), BLOCK=BLOCK)
    return out
