import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(in_ptr, out_ptr, n_cols, in_stride, out_stride, BLOCK: tl.constexpr):
    row_id = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    in_ptrs = in_ptr + row_id * in_stride + offsets
    vals = tl.load(in_ptrs, mask=offsets < n_cols, other=-float("inf"))
    shifted = vals - tl.max(vals, axis=0)
    numer = tl.exp(vals)
    denom = tl.sum(numer, axis=0)
    tl.store(out_ptr + row_id * out_stride + offsets, numer / denom, mask=offsets < n_cols)


def softmax(x):
    if x.stride(1) != 1:
        x = x.contiguous()
    rows, cols = x.shape
    out = torch.empty_like(x)
    BLOCK = triton.next_power_of_2(cols)
    softmax_kernel[(rows,)](x, out, cols, x.stride(0), out.stride(0), BLOCK=BLOCK)
    return out
