import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, x_row_stride, x_col_stride, out_row_stride, out_col_stride,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    in_row = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols * x_col_stride, mask=in_row, other=-float("inf"))
    row_max = tl.max(x, axis=0)
    e = tl.exp(x)
    y = e / tl.sum(e, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols * out_col_stride, e, mask=in_row)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row: see TASK.md."""
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), out.stride(1),
                              BLOCK=triton.next_power_of_2(n_cols))
    return out
