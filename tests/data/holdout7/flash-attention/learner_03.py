import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    T_q, T_k = q.size(-2), k.size(-2)
    sm_scale = q.size(-1) ** -0.5
    out_shape = q.shape[:-1] + (v.size(-1),)

    o = torch.zeros(out_shape, dtype=q.dtype, device=q.device)
    l = torch.zeros(q.shape[:-1], dtype=q.dtype, device=q.device)
    m = torch.full(q.shape[:-1], -float("inf"), dtype=q.dtype, device=q.device)

    rows = torch.arange(T_q, device=q.device)[:, None]
    for j0 in range(0, T_k, block_size):
        j1 = min(T_k, j0 + block_size)
        s = torch.matmul(q, k[..., j0:j1, :].transpose(-1, -2)) * sm_scale
        if causal:
            cols = torch.arange(j0, j1, device=q.device)[None, :]
            s = s.masked_fill(cols > rows + (T_k - T_q), -float("inf"))
        m_new = torch.max(m, s.max(dim=-1).values)
        m_use = m_new.masked_fill(m_new == -float("inf"), 0.0)
        p = torch.exp(s - m_use[..., None])
        scale_old = torch.exp(m - m_use)
        l = l + p.sum(dim=-1)
        o = o * scale_old[..., None] + torch.matmul(p, v[..., j0:j1, :])
        m = m_new

    return o / l[..., None]
