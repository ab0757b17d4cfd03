import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, USE_FP64: tl.constexpr):
    """One (BLOCK_M, BLOCK_N) tile of c = a @ b; K is walked in steps of BLOCK_K."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    mask_m = offs_m < M
    mask_n = offs_n < N
    if USE_FP64:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k_start in range(0, K, BLOCK_K):
        k_idx = k_start + offs_k
        mask_k = k_idx < K
        a = tl.load(a_ptr + offs_m[:, None] * K + k_idx[None, :], mask=mask_m[:, None] & mask_k[None, :], other=0.0)
        b = tl.load(b_ptr + k_idx[:, None] * stride_bk + offs_n[None, :] * stride_bn, mask=mask_k[:, None] & mask_n[None, :], other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=mask_m[:, None] & mask_n[None, :])


def matmul(a, b):
    """c = a @ b for a (M, K) and b (K, N), in a's dtype.

    Edge cases first: mismatched inner dimensions raise; an empty result returns at once.
    The kernel addresses a, b and c by their strides, so views need no copy.
    """
    if a.ndim != 2 or b.ndim != 2 or a.shape[1] != b.shape[0]:
        raise ValueError("matmul expects a (M, K) and b (K, N)")
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, device=a.device)
    if M == 0 or N == 0:
        return c
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, USE_FP64=a.dtype == torch.float64)
    return c
