import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, out_row_stride, CHUNK: tl.constexpr, STAT: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, CHUNK)
    x_row = x_ptr + row * row_stride
    o_row = out_ptr + row * out_row_stride
    m = tl.full([CHUNK], float("-inf"), STAT)  # per-lane running max
    s = tl.zeros([CHUNK], dtype=STAT)  # per-lane running sum, relative to m
    for start in range(0, n_cols, CHUNK):
        cols = start + lanes
        v = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(STAT)
        m_new = tl.maximum(m, v)
        alive = m_new > float("-inf")
        s = tl.where(alive, s + tl.exp(v - m_new), s)
        m = m_new
    row_max = tl.max(m, axis=0)
    row_sum = tl.sum(s * tl.exp(m - row_max), axis=0)
    for off in range(CHUNK, n_cols, CHUNK):
        idx = off + lanes
        w = tl.load(x_row + idx, mask=idx < n_cols, other=float("-inf")).to(STAT)
        tl.store(o_row + idx, tl.exp(w - row_max) / row_sum, mask=idx < n_cols)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row, walking the row in chunks."""
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    chunk = min(32, triton.next_power_of_2(n_cols))
    stat = tl.float64 if x.dtype == torch.float64 else tl.float32
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), CHUNK=chunk, STAT=stat)
    return out
