import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, in_row_stride, in_col_stride, out_row_stride, BLOCK: tl.constexpr):
    row_idx = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK)
    col_mask = col_offsets < n_cols
    in_ptrs = x_ptr + row_idx * in_row_stride + col_offsets * in_col_stride
    row = tl.load(in_ptrs, mask=col_mask, other=0.0)
    row_max = tl.max(row, axis=0)
    numerator = tl.exp(row - row_max)
    denominator = tl.sum(numerator, axis=0)
    result = numerator / denominator
    out_ptrs = out_ptr + row_idx * out_row_stride + col_offsets
    tl.store(out_ptrs, result, mask=col_mask)


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows, n_cols), dtype=x.dtype, device=x.device)
    BLOCK = triton.next_power_of_2(n_cols)
    softmax_kernel[(n_rows,)](x, out, n_cols, x.stride(0), x.stride(1), out.stride(0), BLOCK=BLOCK)
    return out
