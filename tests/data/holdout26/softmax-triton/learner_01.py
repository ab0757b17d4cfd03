import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, col_stride, out_row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    in_row_ptr = x_ptr + row * row_stride  # the base pointer of this row in x
    out_row_ptr = out_ptr + row * out_row_stride  # and of the same row in out
    mask = cols < n_cols
    x = tl.load(in_row_ptr + cols * col_stride, mask=mask, other=0.0)
    z = x - tl.max(x, axis=0)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(out_row_ptr + cols, num / den, mask=mask)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row."""
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), dtype=x.dtype, device=x.device)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), 1, out.stride(0),
                              BLOCK=triton.next_power_of_2(n_cols))
    return out
