import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, col_stride, out_row_stride, BLOCK: tl.constexpr):
    """One program per row: masked load, max-subtract, exp, normalise, masked store."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols * col_stride, mask=mask, other=-float("inf"))
    z = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * out_row_stride + cols, num / tl.sum(num, axis=0), mask=mask)


def softmax(x):
    """Softmax over the last axis of a 2-D tensor, same shape and dtype.

    Works for any strides: the kernel reads x through both of its strides and writes a fresh
    contiguous output.
    """
    if x.ndim != 2:
        raise ValueError("softmax expects a 2-D tensor")
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), dtype=torch.float32, device=x.device)
    if n_rows == 0 or n_cols == 0:
        return out
    block = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), BLOCK=block)
    return out
