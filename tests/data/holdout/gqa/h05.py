import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    qg = q.double().reshape(B, Hkv, g, Tq, d)
    logits = torch.einsum("bhgqd,bhkd->bhgqk", qg, k.double()) * d ** -0.5
    if causal:
        qi = torch.arange(Tq).unsqueeze(1)
        kj = torch.arange(Tk).unsqueeze(0)
        visible = kj - qi <= Tk - Tq
    else:
        visible = torch.ones(Tq, Tk, dtype=torch.bool)
    logits = logits.masked_fill(~visible, float("-inf"))
    best = logits.amax(-1, keepdim=True)
    best = torch.where(torch.isinf(best), torch.zeros_like(best), best)
    w = torch.exp(logits - best)
    w = w / w.sum(-1, keepdim=True).clamp_min(1e-300)
    out = torch.einsum("bhgqk,bhkd->bhgqd", w, v.double())
    return out.reshape(B, Hq, Tq, v.shape[-1]).to(q.dtype)
