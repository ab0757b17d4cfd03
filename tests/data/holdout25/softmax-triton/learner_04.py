import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, col_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    r = tl.full([1, 1], 0, tl.int32) + row                     # (1, 1): this row as a 2-D index
    c = tl.arange(0, BLOCK)[None, :]                           # (1, BLOCK)
    inside = (c < n_cols) & (r >= 0)                           # (1, BLOCK)
    tile = tl.load(x_ptr + r * row_stride + c * col_stride, mask=inside, other=-float("inf"))
    mx = tl.max(tile, axis=0)[None, :]                         # (1, 1)
    ex = tl.exp(tile - mx)
    ex = tl.where(inside, ex, 0.0)
    sm = tl.sum(ex, axis=1)[:, None]                           # (1, 1)
    tl.store(out_ptr + r * row_stride + c * col_stride, ex / sm, mask=inside)


def softmax(x):
    n_rows, n_cols = x.shape
    x = x.contiguous()
    out = torch.empty_like(x, dtype=torch.float32)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), BLOCK=triton.next_power_of_2(n_cols))
    return out
