import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)  # which tile of queries
    bh = tl.program_id(1)  # which (batch, head)
    # row indices of this query tile and the feature indices
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    head_off = bh * stride_bh
    # load the query tile once; rows past T read zeros
    q = tl.load(q_ptr + head_off + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    # online-softmax state: running max, running sum, unnormalised output
    run_max = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    run_sum = tl.zeros((BLOCK_M,), tl.float32)
    out = tl.zeros((BLOCK_M, D), tl.float32)
    # visit every key tile; the mask below removes keys past T and, if causal, future keys
    for kv_start in range(0, T, BLOCK_N):
        keys_idx = kv_start + tl.arange(0, BLOCK_N)
        kv_mask = keys_idx[:, None] < T
        k_tile = tl.load(k_ptr + head_off + keys_idx[:, None] * stride_t + dims[None, :], mask=kv_mask, other=0.0)
        v_tile = tl.load(v_ptr + head_off + keys_idx[:, None] * stride_t + dims[None, :], mask=kv_mask, other=0.0)
        scores = tl.dot(q, tl.trans(k_tile), input_precision="ieee").to(tl.float32) * scale
        allowed = rows[:, None] < T
        if CAUSAL:
            allowed = allowed & (keys_idx[None, :] <= rows[:, None])
        scores = tl.where(allowed, scores, float("-inf"))
        # the new max, and the factor that rescales what was accumulated so far
        new_max = tl.maximum(run_max, tl.max(scores, axis=1))
        correction = tl.exp(run_max - new_max)
        probs = tl.exp(scores - new_max[:, None])
        run_sum = run_sum * correction + tl.sum(probs, axis=1)
        out = out + tl.dot(probs.to(v_tile.dtype), v_tile, input_precision="ieee").to(tl.float32)
        run_max = new_max
    # divide by the sum once at the end
    out = out / run_sum[:, None]
    tl.store(o_ptr + head_off + rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty), mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16  # tl.dot's smallest tile: quick in the interpreter
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
