import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    kk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        a_tile = tl.load(a_ptr + m[:, None] * stride_am + (k0 + kk)[None, :] * stride_ak,
                         mask=(m[:, None] < M) & (k0 + kk[None, :] < K), other=0.0)
        b_tile = tl.load(b_ptr + kk[:, None] * stride_bk + n[None, :] * stride_bn,
                         mask=(k0 + kk[:, None] < K) & (n[None, :] < M), other=0.0)
        acc += tl.dot(a_tile, b_tile, input_precision="ieee", out_dtype=ACC)
    tl.store(c_ptr + m[:, None] * stride_cm + n[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=(m[:, None] < M) & (n[None, :] < N))


class Strides:
    def __call__(self, t):
        return t.stride(0), t.stride(1)


class Grid:
    def __init__(self, block_m, block_n):
        self.block_m = block_m
        self.block_n = block_n

    def __call__(self, M, N):
        return (triton.cdiv(M, self.block_m), triton.cdiv(N, self.block_n))


class TiledMatmul:
    def __init__(self, block_m=16, block_n=16, block_k=16):
        self.blocks = (block_m, block_n, block_k)
        self.grid = Grid(block_m, block_n)
        self.strides = Strides()

    def __call__(self, a, b):
        M, K = a.shape
        N = b.stride(0)
        c = torch.empty(M, N, dtype=a.dtype, device=a.device)
        acc = tl.float64 if a.dtype == torch.float64 else tl.float32
        bm, bn, bk = self.blocks
        matmul_kernel[self.grid(M, N)](a, b, c, M, N, K, *self.strides(a), *self.strides(b), *self.strides(c),
                                       BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=acc)
        return c


def matmul(a, b):
    return TiledMatmul()(a, b)
