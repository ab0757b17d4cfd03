import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, out_stride, CHUNK: tl.constexpr, N_CHUNKS: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    o_row = out_ptr + row * out_stride
    offs = tl.arange(0, CHUNK)
    m = -float("inf")
    l = 0.0
    for c in tl.static_range(N_CHUNKS):  # unrolled: running max and sum over the row's chunks
        cols = c * CHUNK + offs
        x = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        l = l + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    for c in tl.static_range(N_CHUNKS):
        cols = c * CHUNK + offs
        x = tl.load(x_row + cols, mask=cols < n_cols, other=-float("inf"))
        tl.store(o_row + cols, tl.exp(x - m) / l, mask=cols < n_cols)


def softmax(x):
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x, dtype=torch.float32)
    BLOCK = triton.next_power_of_2(n_cols)
    CHUNK = min(BLOCK, 16)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), CHUNK=CHUNK, N_CHUNKS=BLOCK // CHUNK)
    return out
