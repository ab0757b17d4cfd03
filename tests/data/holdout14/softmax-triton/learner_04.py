import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    inside = offs < n_cols
    row_start = x_ptr + pid * row_stride
    vals = tl.load(row_start + offs, mask=inside, other=0.0)
    shifted = vals - tl.max(vals, axis=0)
    e = tl.exp(shifted)
    denom = tl.sum(e, axis=0)
    tl.store(out_ptr + pid * row_stride + offs, e / denom, mask=inside)


def softmax(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    block = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_cols,)](x, out, n_cols, x.stride(0), BLOCK=block)
    return out
