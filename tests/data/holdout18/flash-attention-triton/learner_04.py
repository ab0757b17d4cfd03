import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    i_blk = tl.program_id(0)                                       # query tile Q_i
    bh = tl.program_id(1)
    r_i = i_blk * BLOCK_M + tl.arange(0, BLOCK_M)                  # row indices of Q_i
    c_d = tl.arange(0, D)
    Q_i = tl.load(q_ptr + bh * stride_bh + r_i[:, None] * stride_t + c_d[None, :], mask=r_i[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)           # m_i^(0) = -inf
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)                         # l_i^(0) = 0
    O_i = tl.zeros((BLOCK_M, D), dtype=ACC)                       # O_i^(0) = 0
    T_c = T
    if CAUSAL:
        T_c = tl.minimum(i_blk * BLOCK_M, T)                 # keys past the tile's last query are all masked
    for j0 in range(0, T_c, BLOCK_N):
        r_j = j0 + tl.arange(0, BLOCK_N)                           # row indices of K_j, V_j
        K_j = tl.load(k_ptr + bh * stride_bh + r_j[:, None] * stride_t + c_d[None, :], mask=r_j[:, None] < T, other=0.0)
        V_j = tl.load(v_ptr + bh * stride_bh + r_j[:, None] * stride_t + c_d[None, :], mask=r_j[:, None] < T, other=0.0)
        S_ij = tl.dot(Q_i, tl.trans(K_j), input_precision="ieee") * scale     # S_ij = Q_i K_j^T / sqrt(d)
        S_ij = tl.where(r_j[None, :] < T, S_ij, float("-inf"))
        if CAUSAL:
            S_ij = tl.where(r_i[:, None] >= r_j[None, :], S_ij, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(S_ij, axis=1))              # m_i^(j) = max(m_i^(j-1), rowmax(S_ij))
        P_ij = tl.exp(S_ij - m_ij[:, None])                        # P~_ij = exp(S_ij - m_i^(j))
        alpha = tl.exp(m_i - m_ij)                                 # exp(m_i^(j-1) - m_i^(j))
        l_i = l_i + tl.sum(P_ij, axis=1)                   # l_i^(j) = alpha l_i^(j-1) + rowsum(P~_ij)
        O_i = alpha[:, None] * O_i + tl.dot(P_ij.to(V_j.dtype), V_j, input_precision="ieee")
        m_i = m_ij
    O_i = O_i / l_i[:, None]                                       # O_i = diag(l_i)^-1 O_i
    tl.store(o_ptr + bh * stride_bh + r_i[:, None] * stride_t + c_d[None, :], O_i.to(o_ptr.dtype.element_ty), mask=r_i[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    tau = D ** -0.5
    flash_kernel[grid](q, k, v, o, T, tau, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=tl.float64 if q.dtype == torch.float64 else tl.float32)
    return o
