import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)
    scores = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) * d ** -0.5
    if causal:
        keep = torch.arange(Tk, device=q.device)[None, :] < torch.arange(Tq, device=q.device)[:, None] + Tk - Tq
        scores = scores.masked_fill(~keep, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    probs = torch.where(keep.any(-2, keepdim=True), probs, 0.0) if causal else probs
    out = torch.einsum("bhgqk,bhkd->bhgqd", probs, v)
    return out.reshape(B, Hq, Tq, d)
