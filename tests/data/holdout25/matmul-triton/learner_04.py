import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]          # (BM, 1)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]          # (1, BN)
    ks_r = tl.arange(0, BLOCK_K)[None, :]                            # (1, BK): k along a's columns
    ks_c = tl.arange(0, BLOCK_K)[:, None]                            # (BK, 1): k along b's rows
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        a_mask = (rows < M) & (k0 + ks_r < K)                        # (BM, BK)
        b_mask = (k0 + ks_c < K) & (cols < N)                        # (BK, BN)
        a = tl.load(a_ptr + rows * stride_am + (k0 + ks_r) * stride_ak, mask=a_mask, other=0.0)
        b = tl.load(b_ptr + (k0 + ks_c) * stride_bk + cols * stride_bn, mask=b_mask, other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    c_mask = (rows < M) & (cols < N)                                 # (BM, BN)
    tl.store(c_ptr + rows * stride_cm + cols * stride_cn, acc.to(c_ptr.dtype.element_ty), mask=c_mask)


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=torch.float32, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), N // bn)
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=tl.float64 if a.dtype == torch.float64 else tl.float32)
    return c
