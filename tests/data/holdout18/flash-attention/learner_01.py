import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    T_q, d = q.shape[-2], q.shape[-1]
    T_k = k.shape[-2]
    tau = 1.0 / math.sqrt(d)                                              # softmax scale
    m_i = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype)   # running max m_i
    l_i = torch.zeros(q.shape[:-1] + (1,), dtype=q.dtype)                 # running sum l_i
    O_i = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)       # unnormalised output
    i_idx = torch.arange(T_q).unsqueeze(-1) + (T_k - T_q)                 # last key each query may see
    for j in range(0, T_k, block_size):
        K_j, V_j = k[..., j:j + block_size, :], v[..., j:j + block_size, :]
        S_ij = torch.matmul(q, K_j.transpose(-2, -1)) * tau               # S_ij = tau Q K_j^T
        if causal:
            j_idx = torch.arange(j, j + K_j.shape[-2]).unsqueeze(0)
            S_ij = S_ij.masked_fill(j_idx >= i_idx, float("-inf"))
        m_new = torch.maximum(m_i, S_ij.amax(dim=-1, keepdim=True))      # m_new = max(m_i, rowmax(S_ij))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        P_ij = torch.exp(S_ij - m_safe)                                   # P_ij = exp(S_ij - m_new)
        alpha = torch.exp(m_i - m_safe)                                   # alpha = exp(m_i - m_new)
        l_i = l_i + P_ij.sum(dim=-1, keepdim=True)                # l_i = alpha l_i + rowsum(P_ij)
        O_i = alpha * O_i + torch.matmul(P_ij, V_j)                       # O_i = alpha O_i + P_ij V_j
        m_i = m_new
    return O_i / torch.where(l_i > 0, l_i, torch.ones_like(l_i))
