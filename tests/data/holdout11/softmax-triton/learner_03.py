import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, in_stride, col_stride, out_stride, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = tl.arange(0, BLOCK)
    valid = offs < n_cols
    row = tl.load(x_ptr + pid * in_stride + offs * col_stride, mask=valid, other=0.0)
    row = tl.where(valid, row, float("-inf"))
    row_max = tl.max(row, axis=0)
    e = tl.exp(row - row_max)
    denom = tl.sum(row, axis=0)
    tl.store(out_ptr + pid * out_stride + offs, e / denom, mask=valid)


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), device=x.device)
    BLOCK = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), BLOCK=BLOCK)
    return out
