import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0) * BLOCK_M
    head = tl.program_id(1).to(tl.int64)
    i = start_m + tl.arange(0, BLOCK_M)
    j0 = tl.arange(0, BLOCK_N)
    d = tl.arange(0, D)
    qkv_off = head * stride_bh
    q_tile = tl.load(q_ptr + qkv_off + i[:, None] * stride_t + d[None, :], mask=i[:, None] < T, other=0.0)
    run_max = tl.zeros([BLOCK_M], dtype=q_tile.dtype) + float("-inf")
    run_sum = tl.zeros([BLOCK_M], dtype=q_tile.dtype)
    out = tl.zeros([BLOCK_M, D], dtype=q_tile.dtype)
    for kv_start in range(0, T, BLOCK_N):
        j = kv_start + j0
        k_tile = tl.load(k_ptr + qkv_off + j[:, None] * stride_t + d[None, :], mask=j[:, None] < T, other=0.0)
        v_tile = tl.load(v_ptr + qkv_off + j[:, None] * stride_t + d[None, :], mask=j[:, None] < T, other=0.0)
        scores = tl.dot(q_tile, tl.trans(k_tile)) * scale
        valid = j[None, :] < T
        if CAUSAL:
            valid = valid & (j[None, :] <= i[:, None])
        scores = tl.where(valid, scores, float("-inf"))
        new_max = tl.maximum(run_max, tl.max(scores, axis=1))
        safe_max = tl.where(new_max == float("-inf"), 0.0, new_max)
        probs = tl.exp(scores - safe_max[:, None])
        rescale = tl.exp(run_max - safe_max)
        run_sum = run_sum * rescale + tl.sum(probs, axis=1)
        out = out * rescale[:, None] + tl.dot(probs.to(v_tile.dtype), v_tile)
        run_max = new_max
    out = out / run_sum[:, None]
    tl.store(o_ptr + qkv_off + i[:, None] * stride_t + d[None, :], out.to(o_ptr.dtype.element_ty), mask=i[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, T ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
