import torch
import triton
import triton.language as tl


@triton.jit
def _tile_offsets(pid, BLOCK: tl.constexpr):
    return pid * BLOCK + tl.arange(0, BLOCK)


@triton.jit
def _load_tile(ptr, rows, cols, stride_r, stride_c, n_rows, n_cols):
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    return tl.load(ptr + rows[:, None] * stride_r + cols[None, :] * stride_c, mask=mask, other=0.0)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC_DTYPE: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = _tile_offsets(pid_m, BLOCK_M)
    rn = _tile_offsets(pid_n, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_DTYPE)
    for k0 in range(0, K // BLOCK_K):
        rk = k0 * BLOCK_K + tl.arange(0, BLOCK_K)
        a = _load_tile(a_ptr, rm, rk, stride_am, stride_ak, M, K)
        b = _load_tile(b_ptr, rk, rn, stride_bk, stride_bn, K, N)
        acc += tl.dot(a, b, input_precision="ieee")
    mask_c = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty), mask=mask_c)


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, device=a.device)
    acc_dtype = tl.float64 if a.dtype == torch.float64 else tl.float32
    meta = dict(BLOCK_M=16, BLOCK_N=16, BLOCK_K=16, ACC_DTYPE=acc_dtype)
    grid = lambda meta: (triton.cdiv(N, meta["BLOCK_N"]), triton.cdiv(M, meta["BLOCK_M"]))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1), **meta)
    return c
