from dataclasses import dataclass

import torch
import triton
import triton.language as tl


@dataclass(frozen=True)
class Tiling:
    block_m: int = 16
    block_n: int = 16
    block_k: int = 16

    def grid(self, M, N):
        return (triton.cdiv(M, self.block_m), triton.cdiv(N, self.block_n))


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    om = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    on = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ok = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + ok
        a = tl.load(a_ptr + om[:, None] * stride_am + kk[None, :] * stride_ak, mask=(om[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * stride_bk + on[None, :] * stride_bn, mask=(kk[:, None] < K) & (on[None, :] < N), other=0.0)
        acc += tl.dot(b, a, input_precision="ieee")
    tl.store(c_ptr + om[:, None] * stride_cm + on[None, :] * stride_cn, acc, mask=(om[:, None] < M) & (on[None, :] < N))


TILING = Tiling()


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=torch.float32, device=a.device)
    acc = tl.float64 if a.dtype == torch.float64 else tl.float32
    matmul_kernel[TILING.grid(M, N)](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                     c.stride(0), c.stride(1), BLOCK_M=TILING.block_m, BLOCK_N=TILING.block_n,
                                     BLOCK_K=TILING.block_k, ACC=acc)
    return c
