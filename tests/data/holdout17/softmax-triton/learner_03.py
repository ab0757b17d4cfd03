import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    # each program instance owns one row
    row = tl.program_id(0)
    # one lane per column of the (power-of-two) tile
    cols = tl.arange(0, BLOCK)
    # lanes past the end of the row are switched off
    mask = cols < n_cols
    # this row's elements; masked lanes read -inf so they never win the max
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=-float("inf"))
    # subtract the row max before exponentiating, for stability
    shifted = x
    numer = tl.exp(shifted)
    # the masked lanes hold exp(-inf) = 0, so they add nothing to the sum
    denom = tl.sum(numer, axis=0)
    # write the normalised row back through the same addressing
    tl.store(out_ptr + row * row_stride + cols, numer / denom, mask=mask)


def softmax(x):
    """Row softmax of a 2-D tensor, one program per row."""
    x = x.contiguous()
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(1), BLOCK=triton.next_power_of_2(n_cols))
    return out
