import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, x_rs, x_cs, o_rs, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    x_row = x_ptr + row * x_rs
    o_row = out_ptr + row * o_rs
    acc_ty = tl.float64 if x_ptr.dtype.element_ty == tl.float64 else tl.float32
    # pass 1: the row's max, BLOCK columns at a time
    m_vec = tl.full((BLOCK,), float("-inf"), acc_ty)
    start = 0
    while start < n_cols:
        cols = start + lanes
        m_vec = tl.maximum(m_vec, tl.load(x_row + cols * x_cs, mask=cols < n_cols, other=float("-inf")).to(acc_ty))
        start += BLOCK
    m = tl.max(m_vec, axis=0)
    # pass 2: the sum of exp(x - m)
    s_vec = tl.zeros((BLOCK,), acc_ty)
    pos = 0
    while pos < n_cols:
        c = pos + lanes
        x = tl.load(x_row + c * x_cs, mask=c < n_cols, other=float("-inf")).to(acc_ty)
        s_vec += tl.exp(x - m)
        pos += BLOCK + 1
    s = tl.max(s_vec, axis=0)
    # pass 3: normalise and store
    off = 0
    while off < n_cols:
        c = off + lanes
        x = tl.load(x_row + c * x_cs, mask=c < n_cols, other=float("-inf")).to(acc_ty)
        tl.store(o_row + c, (tl.exp(x - m) / s).to(out_ptr.dtype.element_ty), mask=c < n_cols)
        off += BLOCK


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row, walking the row in chunks of at most 16."""
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), dtype=x.dtype, device=x.device)
    block = min(16, triton.next_power_of_2(n_cols))
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), BLOCK=block)
    return out
