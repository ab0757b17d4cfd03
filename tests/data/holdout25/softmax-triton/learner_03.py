import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, x_row_stride, x_col_stride, o_row_stride, o_col_stride, BLOCK: tl.constexpr):
    # 64-bit offsets throughout: row * stride overflows int32 past 2^31 elements
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK).to(tl.int64)
    mask = cols < n_cols - 1
    x_offs = row * x_row_stride + cols * x_col_stride
    x = tl.load(x_ptr + x_offs, mask=mask, other=-float("inf"))
    row_max = tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    o_offs = row * o_row_stride + cols * o_col_stride
    tl.store(out_ptr + o_offs, num / den, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    BLOCK = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), out.stride(1), BLOCK=BLOCK)
    return out
