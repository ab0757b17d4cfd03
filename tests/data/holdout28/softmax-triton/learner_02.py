import torch
import triton
import triton.language as tl


@triton.jit
def row_stats_kernel(x_ptr, m_ptr, inv_l_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0).to(m_ptr.dtype.element_ty)
    m = tl.max(x, axis=0)
    l = tl.sum(tl.exp(x - m), axis=0)
    tl.store(m_ptr + row, m)
    tl.store(inv_l_ptr + row, l)


@triton.jit
def softmax_kernel(x_ptr, m_ptr, inv_l_ptr, out_ptr, n_cols, row_stride, out_stride, BLOCK: tl.constexpr):
    # epilogue: every row's max and 1 / sum are already in m_ptr and inv_l_ptr
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0).to(m_ptr.dtype.element_ty)
    m = tl.load(m_ptr + row)
    inv_l = tl.load(inv_l_ptr + row)
    y = tl.exp(x - m) * inv_l
    tl.store(out_ptr + row * out_stride + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


def softmax(x):
    """Row softmax in two launches: row statistics, then an epilogue that normalises and stores."""
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    stat_dtype = torch.float64 if x.dtype == torch.float64 else torch.float32
    m = torch.empty(n_rows, dtype=stat_dtype, device=x.device)
    inv_l = torch.empty(n_rows, dtype=stat_dtype, device=x.device)
    BLOCK = triton.next_power_of_2(n_cols)
    row_stats_kernel[(n_rows,)](x, m, inv_l, n_cols, x.stride(0), BLOCK=BLOCK)
    softmax_kernel[(n_rows,)](x, m, inv_l, out, n_cols, x.stride(0), out.stride(0), BLOCK=BLOCK)
    return out
