import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)  # which block of queries
    bh = tl.program_id(1)  # which (batch, head)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)  # running max of each query row
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)  # running sum of exp(s - m_i)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)  # running, unnormalised output
    hi = tl.minimum((pid_m + 1) * BLOCK_M, T) if CAUSAL else T  # causal: no key block past the diagonal
    for start_n in range(0, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        # scale holds log2(e) / sqrt(d): exp2 of these scores is exp of the usual ones (exp2 is the fast one)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale
        keep = offs_n[None, :] < T  # keys past the end of the sequence
        if CAUSAL:
            keep = keep & (offs_n[None, :] <= offs_m[:, None])  # query i sees keys j <= i
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp2(m_i - m_new)  # rescales what was summed under the old max
        p = tl.exp2(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(ACC)
        m_i = m_new
    tl.store(o_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], acc / l_i[:, None], mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    # the interpreter: small tiles; a GPU: larger ones, more warps, loads pipelined (fp32 tiles take
    # twice the shared memory of fp16/bf16 ones: smaller, to fit an A100's 163 KiB)
    if q.device.type == "cpu":
        block_m, block_n, launch = 16, 16, {}
    elif q.element_size() == 2:
        block_m, block_n, launch = 128, 64, {"num_warps": 8, "num_stages": 3}
    else:
        block_m, block_n, launch = 64, 32, {"num_warps": 4, "num_stages": 2}
    grid = (triton.cdiv(T, block_m), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5 * 1.4426950408889634, q.stride(1), q.stride(2), D=D,
                       BLOCK_M=block_m, BLOCK_N=block_n, CAUSAL=causal,
                       ACC=tl.float64 if q.dtype == torch.float64 else tl.float32, **launch)
    return o
