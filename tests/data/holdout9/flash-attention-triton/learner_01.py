import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, D)
    row_ok = rows < T
    q_base = q_ptr + bh * stride_bh
    k_base = k_ptr + bh * stride_bh
    v_base = v_ptr + bh * stride_bh
    q_tile = tl.load(q_base + rows[:, None] * stride_t + cols[None, :], mask=row_ok[:, None], other=0.0)
    q_tile = q_tile / scale
    run_max = tl.zeros((BLOCK_M,), dtype=tl.float32) - float("inf")
    run_sum = tl.zeros((BLOCK_M,), dtype=tl.float32)
    out = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    for n0 in range(0, T, BLOCK_N):
        keys = n0 + tl.arange(0, BLOCK_N)
        key_ok = keys < T
        k_tile = tl.load(k_base + keys[:, None] * stride_t + cols[None, :], mask=key_ok[:, None], other=0.0)
        v_tile = tl.load(v_base + keys[:, None] * stride_t + cols[None, :], mask=key_ok[:, None], other=0.0)
        scores = tl.dot(q_tile, tl.trans(k_tile))
        keep = key_ok[None, :]
        if CAUSAL:
            keep = keep & (keys[None, :] <= rows[:, None])
        scores = tl.where(keep, scores, float("-inf"))
        tile_max = tl.max(scores, axis=1)
        new_max = tl.maximum(run_max, tile_max)
        safe_max = tl.where(new_max == float("-inf"), 0.0, new_max)
        correction = tl.exp(safe_max - run_max)
        probs = tl.exp(scores - safe_max[:, None])
        run_sum = run_sum * correction + tl.sum(probs, axis=1)
        out = out * correction[:, None] + tl.dot(probs.to(v_tile.dtype), v_tile)
        run_max = new_max
    out = out / run_sum[:, None]
    tl.store(o_ptr + bh * stride_bh + rows[:, None] * stride_t + cols[None, :], out.to(o_ptr.dtype.element_ty), mask=row_ok[:, None])


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
