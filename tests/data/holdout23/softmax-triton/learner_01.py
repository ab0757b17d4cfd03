import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, out_row_stride, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    o_row = out_ptr + row * out_row_stride
    offs = tl.arange(0, CHUNK)
    # pass 1: the row max, chunk by chunk
    m = tl.max(tl.load(x_row + offs, mask=offs < n_cols, other=float("-inf")), axis=0)
    for c0 in range(CHUNK, n_cols, CHUNK):
        cols = c0 + offs
        m = tl.maximum(m, tl.max(tl.load(x_row + cols, mask=cols < n_cols, other=float("-inf")), axis=0))
    # pass 2: the sum of exp(x - max), chunk by chunk
    s = tl.sum(tl.exp(tl.load(x_row + offs, mask=offs < n_cols, other=0.0) - m), axis=0)
    for c1 in range(CHUNK, n_cols, CHUNK):
        cols = c1 + offs
        s += tl.sum(tl.exp(tl.load(x_row + cols, mask=cols < n_cols, other=float("-inf")) - m), axis=0)
    # write pass: exp(x - max) / sum
    for c2 in range(0, n_cols, CHUNK):
        cols = c2 + offs
        e = tl.exp(tl.load(x_row + cols, mask=cols < n_cols, other=float("-inf")) - m)
        tl.store(o_row + cols, e / s, mask=cols < n_cols)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row, in passes over chunks of the row."""
    n_rows, n_cols = x.shape
    x = x.contiguous()
    out = torch.empty_like(x)
    chunk = min(triton.next_power_of_2(n_cols), 64)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0), CHUNK=chunk)
    return out
