import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(X, Y, stride_xm, stride_ym, N, BLOCK_N: tl.constexpr):
    m = tl.program_id(0)
    n = tl.arange(0, BLOCK_N)
    inside = n < N
    x = tl.load(X + m * stride_xm + n, mask=inside, other=0.0)
    x = tl.where(inside, x, 0.0)
    mx = tl.max(x, 0)
    e = tl.exp(x - mx)
    tl.store(Y + m * stride_ym + n, e / tl.sum(e, 0), mask=inside)


def softmax(x):
    x = x.contiguous()
    M, N = x.shape
    y = torch.empty_like(x)
    softmax_kernel[(M - 1,)](x, y, x.stride(0), y.stride(0), N, BLOCK_N=triton.next_power_of_2(N))
    return y
