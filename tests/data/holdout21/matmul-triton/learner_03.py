import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, FP64: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    if FP64:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K // BLOCK_K):
        kk = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + kk[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


class MatmulLauncher:
    BLOCK_M = 16
    BLOCK_N = 16
    BLOCK_K = 16

    def __init__(self, a, b):
        if a.shape[1] != b.shape[0]:
            raise ValueError(f"inner dims differ: {tuple(a.shape)} @ {tuple(b.shape)}")
        self.a, self.b = a, b
        self.M, self.K = a.shape
        self.N = b.shape[1]

    def grid(self):
        return (triton.cdiv(self.M, self.BLOCK_M), triton.cdiv(self.N, self.BLOCK_N))

    def strides(self, c):
        return (self.a.stride(0), self.a.stride(1), self.N, self.b.stride(1), c.stride(0), c.stride(1))

    def run(self):
        c = torch.empty(self.M, self.N, dtype=self.a.dtype, device=self.a.device)
        matmul_kernel[self.grid()](self.a, self.b, c, self.M, self.N, self.K, *self.strides(c),
                                   BLOCK_M=self.BLOCK_M, BLOCK_N=self.BLOCK_N, BLOCK_K=self.BLOCK_K,
                                   FP64=self.a.dtype == torch.float64)
        return c


def matmul(a, b):
    return MatmulLauncher(a, b).run()
