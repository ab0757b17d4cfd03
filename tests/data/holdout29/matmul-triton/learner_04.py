import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    c_ty = c_ptr.dtype.element_ty
    acc_ty = tl.float32  # fp64 stays fp64, everything else in fp32
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=acc_ty)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        kk = kt * BLOCK_K + offs_k
        a_mask = (offs_m[:, None] < M) & (kk[None, :] < K - kt * BLOCK_K)
        b_mask = (kk[:, None] < K) & (offs_n[None, :] < N)
        a = tl.load(a_ptr + offs_m[:, None] * stride_am + kk[None, :] * stride_ak, mask=a_mask, other=0.0).to(acc_ty)
        b = tl.load(b_ptr + kk[:, None] * stride_bk + offs_n[None, :] * stride_bn, mask=b_mask, other=0.0).to(acc_ty)
        acc = tl.dot(b, a, acc, input_precision="ieee", out_dtype=acc_ty)
    c = acc.to(c_ty)
    c_mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn, c, mask=c_mask)


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk)
    return c
