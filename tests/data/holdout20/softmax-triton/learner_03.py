import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    row_start = row.to(tl.int64) * row_stride
    x = tl.load(x_ptr + row_start + cols, mask=mask, other=-float("inf"))
    xf = x.to(tl.float64)
    m = tl.max(xf, axis=0)
    e = tl.exp(xf - m)
    e = tl.where(mask, 0.0, e)
    denom = tl.sum(e, axis=0)
    y = e / denom
    tl.store(out_ptr + row_start + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


def softmax(x):
    assert x.dim() == 2
    n_rows, n_cols = x.shape
    x = x.contiguous()
    out = torch.empty_like(x)
    BLOCK = max(triton.next_power_of_2(n_cols), 16)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=BLOCK)
    return out
