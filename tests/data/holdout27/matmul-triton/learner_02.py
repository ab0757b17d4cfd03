import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    row_ok = rm < M
    col_ok = rn < N
    # clamp out-of-range indices to 0 so every address is valid, then zero those lanes with tl.where
    rm_safe = tl.where(row_ok, rm, 0)
    rn_safe = tl.where(col_ok, rn, 0)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + rk
        k_ok = kk < K
        kk_safe = tl.where(k_ok, kk, 0)
        a = tl.load(a_ptr + rm_safe[:, None] * stride_am + kk_safe[None, :] * stride_ak)
        b = tl.load(b_ptr + kk_safe[:, None] * stride_bk + rn_safe[None, :] * stride_bn)
        a = tl.where(row_ok[:, None] & k_ok[None, :], 0.0, a)
        b = tl.where(k_ok[:, None] & col_ok[None, :], b, 0.0)
        acc += tl.dot(b, a, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc, mask=row_ok[:, None] & col_ok[None, :])


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel: see TASK.md."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=tl.float64 if a.dtype == torch.float64 else tl.float32)
    return c
