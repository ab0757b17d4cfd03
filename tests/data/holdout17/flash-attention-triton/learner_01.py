from dataclasses import dataclass

import torch
import triton
import triton.language as tl


@dataclass(frozen=True)
class FlashConfig:
    block_m: int = 16
    block_n: int = 16
    num_warps: int = 4


CONFIG = FlashConfig()


@triton.jit
def _load_rows(base_ptr, rows, dims, T, stride_t):
    """Load a (len(rows), D) tile of one (batch, head); rows at or past T read zeros."""
    return tl.load(base_ptr + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    q_rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    q = _load_rows(q_ptr + bh * stride_bh, q_rows, dims, T, stride_t)
    m_i = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l_i = tl.zeros((BLOCK_M,), tl.float32)
    acc = tl.zeros((BLOCK_M, D), tl.float32)
    n_end = T
    if CAUSAL:
        n_end = tl.minimum(T, (pid_m + 1) * BLOCK_M)
    for n0 in range(0, n_end, BLOCK_N):
        k_rows = n0 + tl.arange(0, BLOCK_N)
        k = _load_rows(k_ptr + bh * stride_bh, k_rows, dims, T, stride_t)
        v = _load_rows(v_ptr + bh * stride_bh, k_rows, dims, T, stride_t)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(tl.float32) * scale
        ok = k_rows[None, :] < T
        if CAUSAL:
            ok = ok & (k_rows[None, :] >= q_rows[:, None])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        rescale = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * rescale + tl.sum(p, axis=1)
        acc = acc * rescale[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(tl.float32)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + bh * stride_bh + q_rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty),
             mask=q_rows[:, None] < T)


def _check_inputs(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> None:
    """q, k, v must share a (B, H, T, d) shape with d a power of two of at least 16."""
    if tuple(q.shape) != tuple(k.shape) or tuple(q.shape) != tuple(v.shape):
        raise ValueError("q, k and v must have the same shape")
    d = q.shape[-1]
    if d < 16 or d & (d - 1):
        raise ValueError(f"head dim must be a power of two >= 16, got {d}")


def flash_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = True) -> torch.Tensor:
    _check_inputs(q, k, v)
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    grid = (T // CONFIG.block_m, B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=CONFIG.block_m,
                       BLOCK_N=CONFIG.block_n, CAUSAL=causal, num_warps=CONFIG.num_warps)
    return o
