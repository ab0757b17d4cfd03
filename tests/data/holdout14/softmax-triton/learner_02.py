import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    o_row = out_ptr + row * row_stride
    m = -float("inf")
    s = 0.0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        s = s + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for off in range(0, n_cols, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        xv = tl.load(x_row + idx, mask=idx < n_cols, other=-float("inf"))
        tl.store(o_row + idx, tl.exp(xv - m) / s, mask=idx < n_cols)


def softmax(x):
    n_rows, n_cols = x.shape
    x = x.contiguous()
    out = torch.empty_like(x)
    BLOCK = min(triton.next_power_of_2(n_cols), 64)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(1), BLOCK=BLOCK)
    return out
