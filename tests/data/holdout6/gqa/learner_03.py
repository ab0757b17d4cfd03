import torch


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    b, hq, tq, d = q.shape
    hkv, tk = k.shape[1], k.shape[2]
    rep = hq // hkv
    k = torch.repeat_interleave(k, rep, dim=0)
    v = torch.repeat_interleave(v, rep, dim=1)
    s = torch.einsum("bhqd,bhkd->bhqk", q, k) * d ** -0.5
    if causal:
        m = torch.tril(torch.ones(tq, tk, dtype=torch.bool))
        s = s.masked_fill(~m, float("-inf"))
    p = torch.softmax(s, dim=-1)
    p = torch.where(p.isnan(), torch.zeros_like(p), p)
    return torch.einsum("bhqk,bhkd->bhqd", p, v)
