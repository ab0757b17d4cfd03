import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    row_ok = rows < M
    col_ok = cols < N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        k_ok = ks < K
        a_tile = tl.load(a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak, mask=row_ok[:, None] & k_ok[None, :], other=0.0)
        b_tile = tl.load(b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn, mask=k_ok[:, None] & col_ok[None, :], other=0.0)
        acc = tl.dot(a_tile, b_tile, acc, input_precision="ieee")
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn, acc, mask=row_ok[:, None] & col_ok[None, :])


def matmul(a, b):
    assert len(a.shape) == 2 and len(b.shape) == 2, "matmul expects 2-D tensors"
    assert a.shape[1] == b.shape[0], f"inner dims differ: {tuple(a.shape)} x {tuple(b.shape)}"
    assert a.dtype == b.dtype, "a and b must share a dtype"
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    match a.dtype:
        case torch.float64:
            acc = tl.float64
        case _:
            acc = tl.float32
    bm = bn = bk = 16
    grid = (M // bm, N // bn)
    matmul_kernel[grid](a, b, c, M, N, K, K, 1, b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=acc)
    return c
