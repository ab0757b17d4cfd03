import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, D = q.shape[-2:]
    Tk = k.shape[-2]
    m = torch.full(q.shape[:-1], float("-inf"), dtype=torch.float64, device=q.device)
    l = torch.zeros(q.shape[:-1], dtype=torch.float64, device=q.device)
    acc = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=torch.float64, device=q.device)
    qd, kd, vd = q.double(), k.double(), v.double()
    qpos = torch.arange(Tq, device=q.device)[:, None] + (Tk - Tq)
    for s0 in range(0, Tk, block_size):
        s1 = min(s0 + block_size, Tk)
        sc = qd @ kd[..., s0:s1, :].transpose(-2, -1) / D ** 0.5
        if causal:
            kpos = torch.arange(s0, s1, device=q.device)[None, :]
            sc = sc.masked_fill(kpos > qpos, float("-inf"))
        m_new = torch.maximum(m, sc.max(dim=-1).values)
        m_use = torch.where(m_new == float("-inf"), torch.zeros_like(m_new), m_new)
        p = torch.exp(sc - m_use[..., None])
        a = torch.exp(m - m_use)
        l = a * l + p.sum(-1)
        acc = a[..., None] * acc + p @ vd[..., s0:s1, :]
        m = m_new
    out = acc / l[..., None]
    return out
