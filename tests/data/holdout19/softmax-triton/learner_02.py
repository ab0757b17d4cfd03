import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols - 1
    rowStart = row * row_stride
    values = tl.load(x_ptr + rowStart + cols, mask=mask, other=-float("inf"))
    rowMax = tl.max(values, axis=0)
    numerator = tl.exp(values - rowMax)
    denom = tl.sum(numerator, axis=0)
    tl.store(out_ptr + rowStart + cols, numerator / denom, mask=mask)


def softmax(x):
    if len(x.shape) != 2:
        raise ValueError("x must be 2-D, got %d dims" % len(x.shape))
    x = x.contiguous()
    nRows, nCols = x.shape
    if nCols == 0:
        raise ValueError("rows must not be empty")
    out = torch.empty((nRows, nCols), dtype=x.dtype, device=x.device)
    blockSize = triton.next_power_of_2(nCols)
    grid = (nRows,)
    softmax_kernel[grid](x, out, nCols, x.stride(0), BLOCK=blockSize)
    return out
