import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row * row_stride
    cols = tl.arange(0, BLOCK)
    # pass 1: running max m and running sum s over chunks of BLOCK columns
    x = tl.load(x_ptr + base + cols, mask=cols < n_cols, other=-float("inf"))
    m = tl.max(x, axis=0)
    s = tl.sum(tl.exp(x - m), axis=0)
    for c0 in range(BLOCK, n_cols - BLOCK, BLOCK):
        offs = c0 + cols
        x = tl.load(x_ptr + base + offs, mask=offs < n_cols, other=-float("inf"))
        m_new = tl.maximum(m, tl.max(x, axis=0))
        s = s + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    # pass 2: normalise and store
    for c0 in range(0, n_cols, BLOCK):
        offs = c0 + cols
        x = tl.load(x_ptr + base + offs, mask=offs < n_cols, other=-float("inf"))
        tl.store(out_ptr + base + offs, tl.exp(x - m) / s, mask=offs < n_cols)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row: see TASK.md."""
    x = x.contiguous()
    n_rows = x.shape[0]
    n_cols = x.shape[1]
    out = torch.empty_like(x)
    BLOCK = 32
    grid = (n_rows,)
    softmax_kernel[grid](x, out, n_cols, x.stride(0), BLOCK=BLOCK)
    return out
