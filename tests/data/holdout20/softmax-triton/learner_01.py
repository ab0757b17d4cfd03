import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    r = tl.program_id(0); c = tl.arange(0, BLOCK); k = c < n_cols
    x = tl.load(x_ptr + r * row_stride + c, mask=k, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + r * row_stride + c, e / tl.sum(x, axis=0), mask=k)


def softmax(x):
    n, m = x.shape
    x = x.contiguous(); o = torch.empty_like(x)
    softmax_kernel[(n,)](x, o, m, x.stride(1), BLOCK=triton.next_power_of_2(m))
    return o
