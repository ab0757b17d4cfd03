import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    row_ok = rows < T
    q_tile = tl.load(q_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], mask=row_ok[:, None], other=0.0)
    run_max = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    run_sum = tl.zeros([BLOCK_M], dtype=tl.float32)
    out = tl.zeros([BLOCK_M, D], dtype=tl.float32)
    for j in range(0, T // BLOCK_N):
        keys = j * BLOCK_N + tl.arange(0, BLOCK_N)
        key_ok = keys < T
        kv_off = bh * stride_bh + keys[:, None] * stride_t + dims[None, :]
        k_tile = tl.load(k_ptr + kv_off, mask=key_ok[:, None], other=0.0)
        v_tile = tl.load(v_ptr + kv_off, mask=key_ok[:, None], other=0.0)
        scores = tl.dot(q_tile, tl.trans(k_tile)) * scale
        valid = key_ok[None, :]
        if CAUSAL:
            valid = valid & (keys[None, :] <= rows[:, None])
        scores = tl.where(valid, scores, float("-inf"))
        new_max = tl.maximum(run_max, tl.max(scores, axis=1))
        rescale = tl.exp(run_max - new_max)
        probs = tl.exp(scores - new_max[:, None])
        run_sum = run_sum * rescale + tl.sum(probs, axis=0)
        out = out * rescale[:, None] + tl.dot(probs.to(v_tile.dtype), v_tile)
        run_max = new_max
    out = out / run_sum[:, None]
    tl.store(o_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty),
             mask=row_ok[:, None])


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 16, 16
    grid = (triton.cdiv(T, BLOCK_M), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                       CAUSAL=causal)
    return o
