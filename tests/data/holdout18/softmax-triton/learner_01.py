import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=m, other=-float("inf"))
    x = tl.exp2(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * row_stride + cols, x / tl.sum(x, axis=0), mask=m)


def softmax(x):
    out = torch.empty_like(x); x = x.contiguous()
    softmax_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=triton.next_power_of_2(x.shape[1]))
    return out
